import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { Document, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelUpload } from '../../../contracts/modelIntake';
import type { DatabaseHandle } from '../../../server/db';
import { files } from '../../../server/db/schema';
import { ModelIntake, modelIntakeLimits } from '../../../server/uploads/modelIntake';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { type FormPart, multipartBody } from './multipart';
import { makeZip } from './zipWriter';

interface Gltf {
  json: {
    buffers: { uri?: string }[];
    images: { uri?: string }[];
    materials: { extensions?: Record<string, unknown> }[];
    extensionsRequired?: string[];
    extensionsUsed?: string[];
  };
  /** The .bin and the PNG, by the uri the JSON names them with. */
  resources: Record<string, Buffer>;
}

/** A textured cube (12 triangles, 1 mesh, 1 material, 1 PNG texture) as a .gltf with a .bin and a PNG. */
async function texturedCube(): Promise<Gltf> {
  const doc = new Document();
  const buffer = doc.createBuffer().setURI('cube.bin');
  const p = [
    [-1, -1, 1],
    [1, -1, 1],
    [1, 1, 1],
    [-1, 1, 1],
    [-1, -1, -1],
    [1, -1, -1],
    [1, 1, -1],
    [-1, 1, -1],
  ].flat();
  const uv = [0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1];
  const idx = [
    0, 1, 2, 0, 2, 3, 1, 5, 6, 1, 6, 2, 5, 4, 7, 5, 7, 6, 4, 0, 3, 4, 3, 7, 3, 2, 6, 3, 6, 7, 4, 5, 1, 4, 1,
    0,
  ];
  const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array(p)).setBuffer(buffer);
  const texcoord = doc.createAccessor().setType('VEC2').setArray(new Float32Array(uv)).setBuffer(buffer);
  const indices = doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(idx)).setBuffer(buffer);
  // Noise, not one colour: the optimiser replaces a one-colour texture by the material's colour.
  const png = await sharp({
    create: {
      width: 16,
      height: 16,
      channels: 3,
      background: '#a0522d',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const texture = doc
    .createTexture('wood')
    .setImage(png)
    .setMimeType('image/png')
    .setURI('textures/Wood Grain.png');
  const material = doc.createMaterial('wood').setBaseColorTexture(texture);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', position)
    .setAttribute('TEXCOORD_0', texcoord)
    .setIndices(indices)
    .setMaterial(material);
  const mesh = doc.createMesh('cube').addPrimitive(prim);
  doc.createScene().addChild(doc.createNode('cube').setMesh(mesh));
  const { json, resources } = await new NodeIO().writeJSON(doc);
  const out: Gltf = { json: json as unknown as Gltf['json'], resources: {} };
  // Name the texture the way exporters do: percent-encoded, with a ./ prefix.
  out.json.images[0].uri = './textures/Wood%20Grain.png';
  out.resources['cube.bin'] = Buffer.from(resources['cube.bin']);
  out.resources['textures/Wood Grain.png'] = Buffer.from(resources['textures/Wood Grain.png']);
  return out;
}

const gltfText = (g: Gltf) => JSON.stringify(g.json);

/** An IO that reads what the intake stores (EXT_meshopt_compression, KHR_mesh_quantization, …). */
async function readingIO() {
  await MeshoptDecoder.ready;
  return new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe.each(testDatabases())('model upload on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let cube: Gltf;
  let glb: Buffer;
  let filesDir: string;

  async function footprint() {
    const [{ n }] = await t.app.db.select({ n: count() }).from(files);
    const blobs = walk(filesDir).filter((f) => !f.startsWith(path.join(filesDir, 'tmp') + path.sep));
    return { rows: Number(n), blobs: blobs.length };
  }

  async function send(parts: FormPart[], user: string | null = 'maker') {
    const form = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/fileService/model',
      headers: { ...form.headers, ...(user ? await issuer.headersFor(user) : {}) },
      payload: form.payload,
    });
  }
  const file = (filename: string, data: Buffer | string): FormPart => ({ name: 'file', filename, data });

  /** The cube's parts side by side, as a browser sends a multi-file selection (no folders). */
  const cubeParts = () => [
    file('cube.gltf', gltfText(cube)),
    file('cube.bin', cube.resources['cube.bin']),
    file('Wood Grain.png', cube.resources['textures/Wood Grain.png']),
  ];

  /** Refused with the status and code, and nothing stored. */
  async function refused(parts: FormPart[], status: number, code: string, message?: RegExp) {
    const before = await footprint();
    const res = await send(parts);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe(code);
    if (message) expect(body.message).toMatch(message);
    expect(await footprint()).toEqual(before);
    return body;
  }

  beforeAll(async () => {
    db = await open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, { SEED_DEMO: 'false', ...issuer.env });
    filesDir = path.join(t.dataDir, 'files');
    cube = await texturedCube();
    const io = new NodeIO();
    const doc = await io.readJSON({
      json: structuredClone(cube.json) as never,
      resources: {
        'cube.bin': cube.resources['cube.bin'] as Uint8Array<ArrayBuffer>,
        './textures/Wood%20Grain.png': cube.resources['textures/Wood Grain.png'] as Uint8Array<ArrayBuffer>,
      },
    });
    glb = Buffer.from(await io.writeBinary(doc));
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const cubeFigures = { triangles: 12, meshes: 1, materials: 1, textures: 1 };

  /**
   * The stored GLB downloads, reads as one self-contained (meshopt-compressed) file, and has the
   * cube's texture, re-encoded as WebP.
   */
  async function expectSelfContained(upload: ModelUpload) {
    const res = await t.app.inject({ url: upload.model.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('model/gltf-binary');
    expect(res.rawPayload.length).toBe(upload.figures.bytes);
    const doc = await (await readingIO()).readBinary(new Uint8Array(res.rawPayload));
    const [texture] = doc.getRoot().listTextures();
    expect(texture.getMimeType()).toBe('image/webp');
    expect(await sharp(texture.getImage()!).metadata()).toMatchObject({
      format: 'webp',
      width: 16,
      height: 16,
    });
    expect(
      doc
        .getRoot()
        .listBuffers()
        .every((b) => !b.getURI()),
    ).toBe(true);
    expect(
      doc
        .getRoot()
        .listTextures()
        .every((x) => !x.getURI() || !x.getURI().includes('/')),
    ).toBe(true);
  }

  it('takes a .glb', async () => {
    const res = await send([file('Cube.glb', glb)]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ModelUpload>();
    expect(body.source).toBe('glb');
    expect(body.figures).toMatchObject(cubeFigures);
    expect(body.model).toMatchObject({
      kind: 'model',
      mimeType: 'model/gltf-binary',
      originalName: 'Cube.glb',
    });
    expect(body.originals).toHaveLength(1);
    expect(body.originals[0]).toMatchObject({ size: glb.length, originalName: 'Cube.glb' });
    await expectSelfContained(body);
  });

  it('takes a .gltf with its .bin and texture as separate parts', async () => {
    const res = await send(cubeParts());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ModelUpload>();
    expect(body.source).toBe('gltf');
    expect(body.figures).toMatchObject(cubeFigures);
    expect(body.model.originalName).toBe('cube.glb');
    expect(body.originals.map((o) => o.originalName)).toEqual(['cube.gltf', 'cube.bin', 'Wood Grain.png']);
    await expectSelfContained(body);
  });

  it('takes a zip of a .gltf in a folder, matching a texture whose case differs', async () => {
    const zip = makeZip([
      { name: 'scene/' },
      { name: 'scene/cube.gltf', data: gltfText(cube) },
      { name: 'scene/cube.bin', data: cube.resources['cube.bin'] },
      { name: 'scene/Textures/wood grain.PNG', data: cube.resources['textures/Wood Grain.png'], store: true },
      { name: '__MACOSX/scene/._cube.gltf', data: 'resource fork' },
    ]);
    const res = await send([file('cube.zip', zip)]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ModelUpload>();
    expect(body.source).toBe('zip');
    expect(body.figures).toMatchObject(cubeFigures);
    expect(body.originals).toEqual([expect.objectContaining({ originalName: 'cube.zip', size: zip.length })]);
    await expectSelfContained(body);
  });

  it('takes a zip of a .glb, and a glTF whose parts are data: uris', async () => {
    const zipped = await send([file('cube.zip', makeZip([{ name: 'Cube.glb', data: glb }]))]);
    expect(zipped.statusCode, zipped.body).toBe(201);
    expect(zipped.json<ModelUpload>().figures).toMatchObject(cubeFigures);

    const inline = structuredClone(cube.json);
    inline.buffers[0].uri = `data:application/octet-stream;base64,${cube.resources['cube.bin'].toString('base64')}`;
    inline.images[0].uri = `data:image/png;base64,${cube.resources['textures/Wood Grain.png'].toString('base64')}`;
    const res = await send([file('inline.gltf', JSON.stringify(inline))]);
    expect(res.statusCode, res.body).toBe(201);
    await expectSelfContained(res.json<ModelUpload>());
  });

  it('is documented in the OpenAPI schema', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const post = doc.paths['/api/fileService/model'].post;
    expect(post.requestBody.content).toHaveProperty(['multipart/form-data']);
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '413', '415', '422']),
    );
    expect(JSON.stringify(post.responses['201'])).toContain('ModelUpload');
    expect(doc.components.schemas.ModelFigures.required).toEqual(
      expect.arrayContaining(['triangles', 'meshes', 'materials', 'textures', 'bytes']),
    );
  });

  it('refuses anonymous uploads', async () => {
    const before = await footprint();
    const res = await send([file('Cube.glb', glb)], null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await footprint()).toEqual(before);
  });

  it('refuses an upload over the size limit', async () => {
    const big = Buffer.concat([glb, Buffer.alloc(modelIntakeLimits.maxUploadBytes, 0)]);
    await refused([file('huge.glb', big)], 413, 'PAYLOAD_TOO_LARGE', /at most 30 MiB/);
  });

  it('refuses bytes that are not a model', async () => {
    const png = cube.resources['textures/Wood Grain.png'];
    await refused([file('model.glb', png)], 415, 'UNSUPPORTED_MEDIA_TYPE', /no 3D model/);
    await refused([file('model.glb', 'just some text')], 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses two models in one upload, as parts or in a zip', async () => {
    await refused(
      [file('a.glb', glb), file('b.glb', glb)],
      400,
      'TOO_MANY_MODELS',
      /^Can't have more than 1 3D model files$/,
    );
    const zip = makeZip([
      { name: 'a.glb', data: glb },
      { name: 'b/cube.gltf', data: gltfText(cube) },
    ]);
    await refused([file('two.zip', zip)], 400, 'TOO_MANY_MODELS', /more than 1 3D model/);
  });

  it.each([
    ['../evil.glb', /climbs out/],
    ['scene/../../evil.glb', /climbs out/],
    ['/etc/evil.glb', /absolute path/],
    ['C:/evil.glb', /drive letter/],
    ['..\\evil.glb', /climbs out/],
  ])('refuses a zip slip entry %s', async (name, why) => {
    const zip = makeZip([
      { name: 'cube.glb', data: glb },
      { name, data: glb },
    ]);
    const body = await refused([file('slip.zip', zip)], 400, 'UNSAFE_ARCHIVE', why);
    expect(body.message).toContain(name.replace(/\\/g, '/'));
  });

  it('refuses symbolic links and encrypted entries in a zip', async () => {
    const link = makeZip([
      { name: 'cube.glb', data: glb },
      { name: 'textures', data: '/etc', store: true, unixMode: 0o120777 },
    ]);
    await refused([file('link.zip', link)], 400, 'UNSAFE_ARCHIVE', /symbolic link/);
    const locked = makeZip([{ name: 'cube.glb', data: glb, flags: 1 }]);
    await refused([file('locked.zip', locked)], 400, 'UNSAFE_ARCHIVE', /encrypted/);
  });

  it('refuses zip bombs: by ratio, by a lying header, by entry count', async () => {
    const zeros = Buffer.alloc(8 * 1_048_576, 0);
    const bomb = makeZip([
      { name: 'cube.glb', data: glb },
      { name: 'zeros.bin', data: zeros },
    ]);
    await refused([file('bomb.zip', bomb)], 413, 'ARCHIVE_TOO_LARGE', /zip bomb/);
    // Declares 1000 bytes (under every limit) and inflates to 8 MB: caught while inflating.
    const liar = makeZip([
      { name: 'cube.glb', data: glb },
      { name: 'zeros.bin', data: zeros, declaredSize: 1000 },
    ]);
    await refused([file('liar.zip', liar)], 413, 'ARCHIVE_TOO_LARGE', /header declares/);
    const many = makeZip(
      Array.from({ length: modelIntakeLimits.maxZipEntries + 1 }, (_, i) => ({
        name: `f${i}.txt`,
        data: 'x',
      })),
    );
    await refused([file('many.zip', many)], 413, 'ARCHIVE_TOO_LARGE', /entries/);
  });

  it('refuses a zip packed with a method it cannot unpack', async () => {
    const lzma = makeZip([{ name: 'cube.glb', data: glb, method: 14 }]);
    await refused([file('lzma.zip', lzma)], 422, 'MODEL_INVALID', /method we cannot unpack/);
  });

  it('refuses a corrupt GLB', async () => {
    const corrupt = Buffer.from(glb);
    corrupt.writeUInt32LE(0x7fffffff, 12); // the JSON chunk's length runs past the end
    await refused([file('corrupt.glb', corrupt)], 422, 'MODEL_INVALID', /damaged/);
    await refused([file('cut.glb', glb.subarray(0, 40))], 422, 'MODEL_INVALID');
  });

  it('refuses a glTF whose JSON is damaged', async () => {
    const cut = gltfText(cube).slice(0, 200);
    await refused(
      [file('cube.gltf', cut), ...cubeParts().slice(1)],
      422,
      'MODEL_INVALID',
      /"cube.gltf".*JSON is damaged/,
    );
  });

  it('refuses a request without a file, and a zip sent with other files', async () => {
    await refused([{ name: 'title', data: 'no file here' }], 400, 'VALIDATION_FAILED', /no file/);
    const zip = makeZip([{ name: 'cube.glb', data: glb }]);
    await refused(
      [file('cube.zip', zip), file('extra.png', cube.resources['textures/Wood Grain.png'])],
      400,
      'VALIDATION_FAILED',
      /zip on its own/,
    );
  });

  it('refuses a body that is not multipart, and one cut short', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/fileService/model',
      headers: { 'content-type': 'application/octet-stream', ...(await issuer.headersFor('maker')) },
      payload: glb,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const form = multipartBody([file('Cube.glb', glb)]);
    const before = await footprint();
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/fileService/model',
      headers: { 'content-type': form.headers['content-type'], ...(await issuer.headersFor('maker')) },
      payload: form.payload.subarray(0, 300),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'UPLOAD_TRUNCATED' });
    expect(await footprint()).toEqual(before);
  });

  it('refuses a required extension it cannot read, naming it', async () => {
    const json = structuredClone(cube.json);
    json.extensionsUsed = ['EXT_made_up_compression'];
    json.extensionsRequired = ['EXT_made_up_compression'];
    await refused(
      [file('cube.gltf', JSON.stringify(json)), ...cubeParts().slice(1)],
      422,
      'MODEL_EXTENSION_UNSUPPORTED',
      /extension we cannot read: EXT_made_up_compression/,
    );
  });

  it('passes through the KHR extensions it knows', async () => {
    const json = structuredClone(cube.json);
    json.extensionsUsed = ['KHR_materials_unlit'];
    json.materials[0].extensions = { KHR_materials_unlit: {} };
    const res = await send([file('cube.gltf', JSON.stringify(json)), ...cubeParts().slice(1)]);
    expect(res.statusCode, res.body).toBe(201);
    const stored = await t.app.inject({ url: res.json<ModelUpload>().model.url });
    const { json: out } = await new NodeIO().binaryToJSON(new Uint8Array(stored.rawPayload));
    expect(out.extensionsUsed).toContain('KHR_materials_unlit');
    expect(out.materials?.[0].extensions).toEqual({ KHR_materials_unlit: {} });
  });

  it('reads Draco- and meshopt-compressed models, and stores them meshopt-compressed', async () => {
    const io = new NodeIO()
      .registerExtensions([KHRDracoMeshCompression, EXTMeshoptCompression])
      .registerDependencies({
        'draco3d.encoder': await draco3d.createEncoderModule(),
        'draco3d.decoder': await draco3d.createDecoderModule(),
        'meshopt.encoder': MeshoptEncoder,
        'meshopt.decoder': MeshoptDecoder,
      });
    await MeshoptEncoder.ready;
    for (const ext of [KHRDracoMeshCompression, EXTMeshoptCompression] as const) {
      const doc = await io.readBinary(new Uint8Array(glb));
      if (ext === KHRDracoMeshCompression) doc.createExtension(KHRDracoMeshCompression).setRequired(true);
      else doc.createExtension(EXTMeshoptCompression).setRequired(true);
      const packed = Buffer.from(await io.writeBinary(doc));
      const res = await send([file(`${ext.EXTENSION_NAME}.glb`, packed)]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<ModelUpload>().figures).toMatchObject(cubeFigures);
      const stored = await t.app.inject({ url: res.json<ModelUpload>().model.url });
      const json = (await io.binaryToJSON(new Uint8Array(stored.rawPayload))).json;
      expect(json.extensionsRequired).toContain('EXT_meshopt_compression');
      expect(json.extensionsUsed).not.toContain('KHR_draco_mesh_compression');
    }
  });

  it('names a missing part', async () => {
    const [gltf, bin] = cubeParts();
    await refused([gltf, bin], 422, 'MODEL_PART_MISSING', /"textures\/Wood Grain.png"/);
  });

  it.each([
    ['https://example.com/cube.bin'],
    ['http://127.0.0.1/cube.bin'],
    ['file:///etc/passwd'],
    ['/etc/passwd'],
    ['../cube.bin'],
    ['%2E%2E/cube.bin'],
  ])('refuses a uri outside the upload: %s', async (uri) => {
    const json = structuredClone(cube.json);
    json.buffers[0].uri = uri;
    await refused(
      [file('cube.gltf', JSON.stringify(json)), ...cubeParts().slice(1)],
      422,
      'MODEL_URI_REFUSED',
    );
  });
});

describe('the model intake worker', () => {
  const glbOf = async () => {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const position = doc
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
      .setBuffer(buffer);
    const mesh = doc.createMesh().addPrimitive(doc.createPrimitive().setAttribute('POSITION', position));
    doc.createScene().addChild(doc.createNode().setMesh(mesh));
    return new NodeIO().writeBinary(doc);
  };

  it('converts on its own thread, and is stopped and replaced when a conversion runs too long', async () => {
    const bytes = await glbOf();
    const slow = new ModelIntake({ limits: { ...modelIntakeLimits, processingTimeoutMs: 1 } });
    const intake = new ModelIntake();
    try {
      await expect(slow.convert([{ name: 'tri.glb', bytes }])).rejects.toMatchObject({
        code: 'MODEL_INVALID',
        message: expect.stringMatching(/too long/),
      });
      const result = await intake.convert([{ name: 'tri.glb', bytes }]);
      expect(result.figures).toMatchObject({ triangles: 1, meshes: 1 });
      expect(intake.workerThreadId).toBeGreaterThan(0);
      expect(intake.workerThreadId).not.toBe(threadId);
    } finally {
      await slow.close();
      await intake.close();
    }
  });

  it('converts one upload at a time and refuses more than it may queue', async () => {
    const bytes = await glbOf();
    const intake = new ModelIntake({ maxQueued: 1 });
    try {
      const first = intake.convert([{ name: 'a.glb', bytes }]);
      const second = intake.convert([{ name: 'b.glb', bytes }]);
      await expect(intake.convert([{ name: 'c.glb', bytes }])).rejects.toMatchObject({
        code: 'RATE_LIMITED',
      });
      expect((await first).name).toBe('a.glb');
      expect((await second).name).toBe('b.glb');
    } finally {
      await intake.close();
    }
  });
});
