import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Mesh, type Object3D } from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadError } from '../../../src/engine/web/build/loading';
import {
  checkRequiredExtensions,
  decodersFor,
  ModelFileError,
  readGltfDescription,
} from '../../../src/engine/web/build/modelFile';
import { loadModel } from '../../../src/engine/web/build/models';
import { i18n, initI18n } from '../../../src/i18n';
import { assetFailureText, fileNameOf } from '../../../src/views/kit/assetFailureText';

// Model files the engine reads, and those it refuses with a reason the page puts in words. The
// compressed boxes are made by scripts/make-model-fixtures.mjs.

const fixture = (name: string) => {
  const bytes = readFileSync(join(__dirname, '../../../e2e/fixtures/models', name));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};
const text = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;

/** A GLB of `json` alone (no binary chunk). */
function glbOf(json: object): ArrayBuffer {
  let body = JSON.stringify(json);
  while (body.length % 4) body += ' ';
  const bytes = new Uint8Array(20 + body.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, bytes.length, true);
  view.setUint32(12, body.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  bytes.set(new TextEncoder().encode(body), 20);
  return bytes.buffer;
}

const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ModelFileError);
    return (error as ModelFileError).failure;
  }
  throw new Error('did not throw');
};

describe('reading a model file before parsing it', () => {
  it('reads the description of a GLB and of a .gltf, and the decoders they need', () => {
    expect(decodersFor(readGltfDescription(fixture('box-draco.glb')))).toEqual({
      draco: true,
      meshopt: false,
      ktx2: false,
    });
    expect(decodersFor(readGltfDescription(fixture('box-meshopt.glb')))).toEqual({
      draco: false,
      meshopt: true,
      ktx2: false,
    });
    const gltf = readGltfDescription(
      text('\n { "asset": { "version": "2.0" }, "extensionsUsed": ["KHR_texture_basisu"] }'),
    );
    expect(decodersFor(gltf)).toEqual({ draco: false, meshopt: false, ktx2: true });
  });

  it('names the required extensions it cannot read, and lets unknown optional ones pass', () => {
    const description = readGltfDescription(
      glbOf({
        asset: { version: '2.0' },
        extensionsUsed: ['KHR_draco_mesh_compression', 'EXT_future_thing', 'ACME_optional'],
        extensionsRequired: ['KHR_draco_mesh_compression', 'EXT_future_thing'],
      }),
    );
    expect(failureOf(() => checkRequiredExtensions(description))).toEqual({
      reason: 'unsupportedExtension',
      detail: 'EXT_future_thing',
    });
    expect(() =>
      checkRequiredExtensions({ asset: { version: '2.0' }, extensionsUsed: ['ACME_optional'] }),
    ).not.toThrow();
  });

  it('says how a damaged file is damaged', () => {
    const good = new Uint8Array(fixture('box-meshopt.glb'));
    expect(failureOf(() => readGltfDescription(good.slice(0, 600).buffer))).toEqual({
      reason: 'damaged',
      detail: 'truncated',
    });
    expect(failureOf(() => readGltfDescription(good.slice(0, 10).buffer))).toEqual({
      reason: 'damaged',
      detail: 'truncated',
    });
    expect(failureOf(() => readGltfDescription(text('PK\u0003\u0004 a zip, not a model')))).toEqual({
      reason: 'damaged',
      detail: 'notModel',
    });
    expect(failureOf(() => readGltfDescription(text('{ "asset": { "version": "2.0" ')))).toEqual({
      reason: 'damaged',
      detail: 'badJson',
    });
    expect(failureOf(() => readGltfDescription(glbOf({ asset: { version: '1.0' } })))).toEqual({
      reason: 'damaged',
      detail: 'notModel',
    });
    const noJson = new Uint8Array(glbOf({ asset: { version: '2.0' } }));
    new DataView(noJson.buffer).setUint32(16, 0x004e4942, true);
    expect(failureOf(() => readGltfDescription(noJson.buffer))).toEqual({
      reason: 'damaged',
      detail: 'badJson',
    });
  });
});

describe('loading a model', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const serve = (bytes: ArrayBuffer | null, status = 200) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(bytes, { status })),
    );

  const failure = async (uri: string) => {
    const error = await loadModel('glb', uri).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LoadError);
    return (error as LoadError).failure;
  };

  const triangles = (root: Object3D) => {
    let count = 0;
    root.traverse((o) => {
      if (o instanceof Mesh) count += (o.geometry.index?.count ?? 0) / 3;
    });
    return count;
  };

  it('decodes a meshopt-compressed GLB', async () => {
    serve(fixture('box-meshopt.glb'));
    const { root } = await loadModel('glb', '/files/box-meshopt.glb');
    expect(triangles(root)).toBe(12);
  });

  it('refuses a model with an unknown required extension, a corrupt GLB and a missing file', async () => {
    serve(
      glbOf({
        asset: { version: '2.0' },
        extensionsRequired: ['EXT_future_thing'],
        extensionsUsed: ['EXT_future_thing'],
      }),
    );
    expect(await failure('/files/future.glb')).toEqual({
      reason: 'unsupportedExtension',
      detail: 'EXT_future_thing',
    });
    serve(fixture('box-meshopt.glb').slice(0, 700));
    expect(await failure('/files/cut.glb')).toEqual({ reason: 'damaged', detail: 'truncated' });
    // Well-formed JSON whose accessors point at a buffer that is not there.
    serve(
      glbOf({
        asset: { version: '2.0' },
        scenes: [{ nodes: [0] }],
        nodes: [{ mesh: 0 }],
        meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
        accessors: [
          { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 1] },
        ],
        bufferViews: [{ buffer: 0, byteLength: 36 }],
        buffers: [{ byteLength: 36 }],
      }),
    );
    expect(await failure('/files/hollow.glb')).toEqual({ reason: 'damaged', detail: 'undecodable' });
    serve(null, 404);
    expect(await failure('/files/gone.glb')).toEqual({ reason: 'unreachable' });
  });
});

describe('what the page says', () => {
  initI18n();
  const t = i18n.t.bind(i18n);
  const event = (reason?: 'unsupportedExtension' | 'damaged' | 'unreachable', detail?: string) => ({
    type: 'assetFailed' as const,
    objectId: 'm1',
    uri: '/files/abc/My%20Chair.glb?v=2',
    message: 'THREE.GLTFLoader: something raw',
    reason,
    detail,
  });

  it('puts each reason in words, never three.js text', () => {
    expect(fileNameOf('/files/abc/My%20Chair.glb?v=2')).toBe('My Chair.glb');
    expect(assetFailureText(t, event('unsupportedExtension', 'EXT_future_thing'))).toBe(
      'This model uses an extension we cannot read: EXT_future_thing (My Chair.glb).',
    );
    expect(assetFailureText(t, event('damaged', 'truncated'))).toBe(
      'This model file is damaged: it ends early, perhaps cut short while uploading (My Chair.glb).',
    );
    expect(assetFailureText(t, event('damaged', 'something new'))).toBe(
      'This model file is damaged: its contents cannot be decoded (My Chair.glb).',
    );
    expect(assetFailureText(t, event('unreachable'))).toBe('The file My Chair.glb could not be downloaded.');
    expect(assetFailureText(t, event())).toBe('The file My Chair.glb could not be shown.');
  });
});
