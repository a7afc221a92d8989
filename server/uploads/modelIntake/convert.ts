import path from 'node:path';
import { type JSONDocument, NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import type { ModelFigures, ModelSource } from '../../../contracts/modelIntake';
import { detectType } from '../detect';
import { IntakeFailure } from './failure';
import { type ModelIntakeLimits, modelIntakeLimits } from './limits';
import { unpackZip } from './zip';

/** One file of an upload: a multipart part or a zip entry. */
export interface IntakePart {
  name: string;
  bytes: Uint8Array;
}

export interface IntakeResult {
  /** The self-contained GLB. */
  glb: Uint8Array<ArrayBufferLike>;
  /** Its name: the model's, with .glb. */
  name: string;
  source: ModelSource;
  figures: ModelFigures;
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
    'This upload has no 3D model in it: send a .glb, a .gltf with its .bin and textures, or a .zip of either',
    { accepted: ['glb', 'gltf', 'zip'] },
  );

/** Files a zip carries that are no part of any model (macOS resource forks, hidden files). */
const isClutter = (name: string) => name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('.');

/** The parts by name, for the lookups a uri goes through: exact, then case-insensitive, then by file name. */
class PartIndex {
  private readonly exact = new Map<string, IntakePart>();
  private readonly lower = new Map<string, IntakePart[]>();
  private readonly base = new Map<string, IntakePart[]>();
  constructor(parts: IntakePart[]) {
    const add = (map: Map<string, IntakePart[]>, key: string, part: IntakePart) =>
      map.set(key, [...(map.get(key) ?? []), part]);
    for (const part of parts) {
      const name = path.posix.normalize(part.name.replace(/\\/g, '/')).replace(/^\/+/, '');
      this.exact.set(name, part);
      add(this.lower, name.toLowerCase(), part);
      add(this.base, path.posix.basename(name).toLowerCase(), part);
    }
  }
  find(name: string): IntakePart | undefined {
    const exact = this.exact.get(name);
    if (exact) return exact;
    const lower = this.lower.get(name.toLowerCase());
    if (lower?.length === 1) return lower[0];
    // Parts uploaded side by side arrive without their folders: match by file name when unique.
    const base = this.base.get(path.posix.basename(name).toLowerCase());
    return base?.length === 1 ? base[0] : undefined;
  }
}

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

/** Triangles drawn: each mesh's primitives, once per node that shows the mesh. */
function countTriangles(document: Document): number {
  let triangles = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    let perMesh = 0;
    for (const prim of mesh.listPrimitives()) {
      const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
      const mode = prim.getMode();
      if (mode === 4) perMesh += Math.floor(count / 3);
      else if (mode === 5 || mode === 6) perMesh += Math.max(0, count - 2);
    }
    const instances = mesh.listParents().filter((p) => p.propertyType === 'Node').length;
    triangles += perMesh * Math.max(1, instances);
  }
  return triangles;
}

function figuresOf(document: Document, bytes: number): ModelFigures {
  const root = document.getRoot();
  return {
    triangles: countTriangles(document),
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
    bytes,
  };
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
 * Turns an upload into one self-contained GLB: a .glb, a .gltf with its .bin and textures, or a
 * zip of either. The parts the glTF names are found in the upload (relative paths, percent-decoded,
 * `./` dropped, case-insensitively as a fallback); everything is read into memory, never from disk.
 * Refusals are IntakeFailures with a stable code and a message for people.
 */
export async function convertModel(
  uploaded: IntakePart[],
  limits: ModelIntakeLimits = modelIntakeLimits,
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
  if (kind === 'obj')
    throw new IntakeFailure(
      'UNSUPPORTED_MEDIA_TYPE',
      'OBJ models are not converted yet: send a .glb or a .gltf',
      {
        accepted: ['glb', 'gltf', 'zip'],
      },
    );
  source ??= kind === 'glb' ? 'glb' : 'gltf';

  const io = await getIO();
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
  const index = new PartIndex(parts);
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
  let glb: Uint8Array<ArrayBufferLike>;
  try {
    glb = await io.writeBinary(document);
  } catch (error) {
    throw invalid('cannot be packed into one GLB', error);
  }
  const baseName = path.posix.basename(model.name.replace(/\\/g, '/')).replace(/\.[^.]*$/, '') || 'model';
  return {
    glb,
    name: `${baseName}.glb`,
    source,
    figures: figuresOf(document, glb.byteLength),
    partTypes: uploadedKinds.map((k) => k.mimeType),
  };
}
