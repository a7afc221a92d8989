import path from 'node:path';
import { type JSONDocument, NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import { modelBudget } from '../../../contracts/modelBudget';
import type { ModelBudgetCheck, ModelFigures, ModelSource } from '../../../contracts/modelIntake';
import { detectType } from '../detect';
import { IntakeFailure } from './failure';
import { figuresOf } from './figures';
import { type ModelIntakeLimits, modelIntakeLimits } from './limits';
import { objToDocument } from './obj';
import { checkBudget, type ModelBudget, optimizeDocument, shrinkTexturesToFit } from './optimize';
import { type IntakePart, PartIndex } from './parts';
import { placementOf } from './scale';
import { unpackZip } from './zip';

export type { IntakePart } from './parts';

export interface IntakeResult {
  /** The self-contained GLB, optimised. */
  glb: Uint8Array<ArrayBufferLike>;
  /** Its name: the model's, with .glb. */
  name: string;
  source: ModelSource;
  /** The stored GLB's figures. */
  figures: ModelFigures;
  /** The upload's figures, made one GLB, before optimising. */
  before: ModelFigures;
  budget: ModelBudgetCheck[];
  withinBudget: boolean;
  optimised: boolean;
  warnings: string[];
  bounds: [number, number, number];
  defaultSize: [number, number, number];
  scaleNote?: string;
  /** The detected MIME type of each uploaded part, in order (for keeping the originals). */
  partTypes: string[];
}

let io: Promise<NodeIO> | undefined;

/** One NodeIO per thread: every extension glTF-Transform knows, with Draco and meshopt codecs. */
function getIO(): Promise<NodeIO> {
  io ??= (async () => {
    await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
    return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
      'meshopt.decoder': MeshoptDecoder,
      'meshopt.encoder': MeshoptEncoder,
      'draco3d.decoder': await draco3d.createDecoderModule(),
      'draco3d.encoder': await draco3d.createEncoderModule(),
    });
  })();
  return io;
}

/** The glTF extensions the intake can read (and so pass through into the GLB). */
export const readableExtensions = new Set(ALL_EXTENSIONS.map((e) => e.EXTENSION_NAME));

type Kind = 'glb' | 'gltf' | 'obj' | 'zip' | 'other';

async function kindOf(part: IntakePart): Promise<{ kind: Kind; mimeType: string }> {
  const bytes = Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength);
  const detected = await detectType(bytes, true);
  const ext = detected?.ext;
  const mimeType = detected?.mimeType ?? 'application/octet-stream';
  if (ext === 'glb' || ext === 'gltf' || ext === 'obj' || ext === 'zip') return { kind: ext, mimeType };
  return { kind: 'other', mimeType };
}

const notAModel = () =>
  new IntakeFailure(
    'UNSUPPORTED_MEDIA_TYPE',
    'This upload has no 3D model in it: send a .glb, a .gltf with its .bin and textures, an .obj with ' +
      'its .mtl and textures, or a .zip of any of them',
    { accepted: ['glb', 'gltf', 'obj', 'zip'] },
  );

/** Files a zip carries that are no part of any model (macOS resource forks, hidden files). */
const isClutter = (name: string) => name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('.');

/**
 * Where a glTF uri points inside the upload, relative to the model's own folder. `data:` uris are
 * left to glTF-Transform; anything with a scheme (http, https, file, a drive letter), an absolute
 * path or a `..` segment is refused.
 */
export function resolveUri(uri: string, modelDir: string): { data: true } | { path: string; raw: string } {
  if (/^data:/i.test(uri)) return { data: true };
  const refused = (why: string) =>
    new IntakeFailure(
      'MODEL_URI_REFUSED',
      `The model refers to "${uri}", which ${why}; only files in the upload may be used`,
      {
        uri,
      },
    );
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) throw refused('is outside the upload');
  let decoded = uri;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    // Not percent-encoded after all (a bare `%`): use it as written.
  }
  const slashed = decoded.replace(/\\/g, '/');
  if (slashed.startsWith('/')) throw refused('is an absolute path');
  if (slashed.split('/').includes('..')) throw refused('climbs out of the model\'s folder with ".."');
  const joined = path.posix.normalize(path.posix.join(modelDir, slashed));
  return { path: joined, raw: path.posix.normalize(path.posix.join(modelDir, uri)) };
}

interface GltfJson {
  asset?: { version?: string };
  extensionsRequired?: string[];
  buffers?: { uri?: string }[];
  images?: { uri?: string }[];
}

const invalid = (what: string, error?: unknown): IntakeFailure =>
  new IntakeFailure(
    'MODEL_INVALID',
    `The model ${what}`,
    error instanceof Error ? { reason: error.message } : undefined,
  );

/**
 * Turns an upload into one self-contained, optimised GLB: a .glb, a .gltf with its .bin and
 * textures, an .obj with its .mtl and textures (see obj.ts), or a zip of any. The parts the model
 * names are found in the upload (relative paths, percent-decoded, `./` dropped, case-insensitively
 * and by file name as fallbacks); everything is read into memory, never from disk. The GLB is then
 * optimised towards the budget (optimize.ts); a model still over it is kept with the rows it misses
 * named in the warnings, and one glTF-Transform cannot optimise is kept unoptimised. Refusals are
 * IntakeFailures with a stable code and a message for people.
 */
export async function convertModel(
  uploaded: IntakePart[],
  limits: ModelIntakeLimits = modelIntakeLimits,
  budget: ModelBudget = modelBudget,
): Promise<IntakeResult> {
  if (uploaded.length === 0)
    throw new IntakeFailure('VALIDATION_FAILED', 'The request has no file: send the model');
  const uploadedKinds = await Promise.all(uploaded.map(kindOf));
  let parts = uploaded;
  let kinds = uploadedKinds;
  let source: ModelSource;
  const zipAt = uploadedKinds.findIndex((k) => k.kind === 'zip');
  if (zipAt >= 0) {
    if (uploaded.length > 1)
      throw new IntakeFailure('VALIDATION_FAILED', 'Send a zip on its own, not together with other files');
    const entries = await unpackZip(Buffer.from(uploaded[0].bytes), limits);
    parts = entries.filter((e) => !isClutter(e.name));
    kinds = await Promise.all(parts.map(kindOf));
    source = 'zip';
  }

  const models = parts.map((part, i) => ({ part, kind: kinds[i].kind })).filter((m) => m.kind !== 'other');
  if (models.some((m) => m.kind === 'zip'))
    throw new IntakeFailure(
      'VALIDATION_FAILED',
      'A zip inside the zip is not unpacked: put the model in the zip itself',
    );
  if (models.length > 1)
    throw new IntakeFailure('TOO_MANY_MODELS', "Can't have more than 1 3D model files", {
      models: models.map((m) => m.part.name),
    });
  if (models.length === 0) {
    // A .gltf whose JSON does not parse is not detected as glTF: say what is wrong with it.
    const damaged = parts.find(
      (p) => /\.gltf$/i.test(p.name) && /^\s*\{/.test(Buffer.from(p.bytes.subarray(0, 64)).toString()),
    );
    if (damaged) throw invalid(`"${damaged.name}" is not a readable glTF: its JSON is damaged`);
    throw notAModel();
  }
  const [{ part: model, kind }] = models;
  source ??= kind === 'glb' ? 'glb' : kind === 'obj' ? 'obj' : 'gltf';

  const io = await getIO();
  const index = new PartIndex(parts);
  const warnings: string[] = [];
  let document: Document;
  if (kind === 'obj') {
    const made = await objToDocument(model, (name) => index.find(name));
    document = made.document;
    warnings.push(...made.warnings);
  } else document = await readGltf(io, model, kind === 'glb' ? 'glb' : 'gltf', index);

  let unoptimised: Uint8Array<ArrayBufferLike>;
  try {
    unoptimised = await io.writeBinary(document);
  } catch (error) {
    throw invalid('cannot be packed into one GLB', error);
  }
  const before = figuresOf(document, unoptimised.byteLength);
  const outcome = await optimise(io, document, unoptimised, before, budget);
  warnings.push(...outcome.warnings);
  const checks = checkBudget(before, outcome.figures, budget);
  const missed = checks.filter((c) => !c.within);
  if (missed.length > 0)
    warnings.push(
      `The model is stored, but is still over the budget for ${missed.map(overBudget).join('; ')}: ` +
        'it may load slowly or look different on small devices',
    );
  const baseName = path.posix.basename(model.name.replace(/\\/g, '/')).replace(/\.[^.]*$/, '') || 'model';
  return {
    glb: outcome.glb,
    name: `${baseName}.glb`,
    source,
    figures: outcome.figures,
    before,
    budget: checks,
    withinBudget: missed.length === 0,
    optimised: outcome.optimised,
    warnings,
    bounds: before.size,
    ...placementOf(before.size),
    partTypes: uploadedKinds.map((k) => k.mimeType),
  };
}

const budgetWords: Record<ModelBudgetCheck['row'], (n: number) => string> = {
  maxTriangles: (n) => `${n} triangles`,
  maxMaterials: (n) => `${n} materials`,
  maxTextureMemoryBytes: (n) => `${Math.round(n / 1_048_576)} MB of texture memory`,
  maxTextureSide: (n) => `a ${n} px texture side`,
  maxBytes: (n) => `${Math.round((n / 1_048_576) * 10) / 10} MB of file`,
};
const overBudget = (c: ModelBudgetCheck) =>
  `${budgetWords[c.row](c.after)} (at most ${budgetWords[c.row](c.limit)})`;

/**
 * The document optimised (see optimizeDocument) and written; when glTF-Transform fails on it, the
 * unoptimised GLB with a warning, so an odd but readable model is still stored.
 */
async function optimise(
  io: NodeIO,
  document: Document,
  unoptimised: Uint8Array<ArrayBufferLike>,
  before: ModelFigures,
  budget: ModelBudget,
): Promise<{
  glb: Uint8Array<ArrayBufferLike>;
  figures: ModelFigures;
  optimised: boolean;
  warnings: string[];
}> {
  try {
    await optimizeDocument(document, budget);
    let glb: Uint8Array<ArrayBufferLike> = await io.writeBinary(document);
    glb = await shrinkTexturesToFit(document, glb, () => io.writeBinary(document), budget);
    return { glb, figures: figuresOf(document, glb.byteLength), optimised: true, warnings: [] };
  } catch (error) {
    return {
      glb: unoptimised,
      figures: before,
      optimised: false,
      warnings: [
        `The model could not be optimised (${(error as Error).message}); it is stored as uploaded, made one GLB`,
      ],
    };
  }
}

/** A .glb, or a .gltf with the parts it names found in the upload, read into a document. */
async function readGltf(
  io: NodeIO,
  model: IntakePart,
  kind: 'glb' | 'gltf',
  index: PartIndex,
): Promise<Document> {
  let jsonDoc: JSONDocument;
  if (kind === 'glb') {
    try {
      jsonDoc = await io.binaryToJSON(model.bytes);
    } catch (error) {
      throw invalid('is not a readable GLB: the file is damaged', error);
    }
  } else {
    try {
      jsonDoc = {
        json: JSON.parse(Buffer.from(model.bytes).toString('utf8')),
        resources: {},
      } as JSONDocument;
    } catch (error) {
      throw invalid('is not a readable glTF: its JSON is damaged', error);
    }
  }
  const json = jsonDoc.json as GltfJson;
  if (json.asset?.version !== '2.0')
    throw invalid(`is glTF version ${json.asset?.version ?? '(none)'}; only glTF 2.0 is read`);
  const unknown = (json.extensionsRequired ?? []).filter((name) => !readableExtensions.has(name));
  if (unknown.length > 0)
    throw new IntakeFailure(
      'MODEL_EXTENSION_UNSUPPORTED',
      `This model uses ${unknown.length === 1 ? 'an extension' : 'extensions'} we cannot read: ${unknown.join(', ')}`,
      { extensions: unknown },
    );

  // Link the parts: every uri the glTF names must be in the upload.
  const modelDir = path.posix.dirname(path.posix.normalize(model.name.replace(/\\/g, '/')));
  const missing: string[] = [];
  for (const resource of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    const uri = resource.uri;
    if (typeof uri !== 'string' || uri in jsonDoc.resources) continue;
    const where = resolveUri(uri, modelDir === '.' ? '' : modelDir);
    if ('data' in where) continue;
    const found = index.find(where.path) ?? index.find(where.raw);
    if (found) jsonDoc.resources[uri] = found.bytes as Uint8Array<ArrayBuffer>;
    else missing.push(where.path);
  }
  if (missing.length > 0)
    throw new IntakeFailure(
      'MODEL_PART_MISSING',
      `The model needs ${missing.map((m) => `"${m}"`).join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in the upload: ` +
        'send the .gltf together with its .bin and textures, or zip them together',
      { missing },
    );

  let document: Document;
  try {
    document = await io.readJSON(jsonDoc);
  } catch (error) {
    const named = /Missing required extension, "(.*)"/.exec((error as Error).message);
    if (named)
      throw new IntakeFailure(
        'MODEL_EXTENSION_UNSUPPORTED',
        `This model uses an extension we cannot read: ${named[1]}`,
        {
          extensions: [named[1]],
        },
      );
    throw invalid('cannot be read: its glTF data is inconsistent', error);
  }
  return document;
}
