import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelBudget } from '../../../contracts/modelBudget';
import type { ModelUpload } from '../../../contracts/modelIntake';
import type { DatabaseHandle } from '../../../server/db';
import { files } from '../../../server/db/schema';
import { ModelIntake, modelIntakeLimits } from '../../../server/uploads/modelIntake';
import { convertModel } from '../../../server/uploads/modelIntake/convert';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import {
  brokenTextureGlb,
  denseMeshGlb,
  manyMaterialsGlb,
  pbrModelGlb,
  scaledGridGlb,
  texturedObj,
} from '../../support/models';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { type FormPart, multipartBody } from './multipart';
import { makeZip } from './zipWriter';

// The optimising half of the model intake (OBJ conversion, budget, default size) through the
// route, on one database: the models are large and the route's storage is covered elsewhere.
describe.each(testDatabases().slice(0, 1))('model upload optimising on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;

  async function send(parts: FormPart[]) {
    const form = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/fileService/model',
      headers: { ...form.headers, ...(await issuer.headersFor('maker')) },
      payload: form.payload,
    });
  }
  const file = (filename: string, data: Buffer | Uint8Array | string): FormPart => ({
    name: 'file',
    filename,
    data: typeof data === 'string' ? data : Buffer.from(data),
  });
  async function accepted(parts: FormPart[]) {
    const res = await send(parts);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ModelUpload>();
  }
  /** The stored GLB, read back (meshopt-decoded). */
  async function stored(upload: ModelUpload) {
    await MeshoptDecoder.ready;
    const res = await t.app.inject({ url: upload.model.url });
    expect(res.rawPayload.length).toBe(upload.figures.bytes);
    return new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder })
      .readBinary(new Uint8Array(res.rawPayload));
  }

  beforeAll(async () => {
    db = await open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, { SEED_DEMO: 'false', ...issuer.env });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  it('converts an OBJ with its MTL and textures, sent as parts or in a zip', async () => {
    const scene = await texturedObj(3, 8, 64);
    const textures = Object.entries(scene.textures);
    // Side by side, as a browser sends a multi-file selection: the textures lose their folder.
    const asParts = await accepted([
      file('scene.obj', scene.obj),
      file('scene.mtl', scene.mtl),
      ...textures.map(([name, bytes]) => file(name.split('/').pop()!, bytes)),
    ]);
    const zipped = await accepted([
      file(
        'scene.zip',
        makeZip([
          { name: 'scene/scene.obj', data: scene.obj },
          { name: 'scene/SCENE.MTL', data: scene.mtl },
          ...textures.map(([name, data]) => ({ name: `scene/${name.toLowerCase()}`, data, store: true })),
        ]),
      ),
    ]);
    expect(asParts.source).toBe('obj');
    expect(zipped.source).toBe('zip');
    for (const upload of [asParts, zipped]) {
      expect(upload.warnings).toEqual([]);
      expect(upload.before).toMatchObject({ triangles: 3 * 8 * 8 * 2, meshes: 3, materials: 3, textures: 3 });
      expect(upload.figures).toMatchObject({
        triangles: 3 * 8 * 8 * 2,
        meshes: 3,
        materials: 3,
        textures: 3,
      });
      expect(upload.figures.largestTextureSide).toBe(64);
      expect(upload.model).toMatchObject({ mimeType: 'model/gltf-binary', originalName: 'scene.glb' });
      expect(upload.withinBudget).toBe(true);
      expect(upload.bounds[0]).toBeCloseTo(3.4, 3); // three 1 m grids, 0.2 m apart
      const doc = await stored(upload);
      expect(
        doc
          .getRoot()
          .listTextures()
          .map((x) => x.getMimeType()),
      ).toEqual(['image/webp', 'image/webp', 'image/webp']);
      expect(doc.getRoot().listMeshes()[0].listPrimitives()[0].getAttribute('NORMAL')).not.toBeNull();
    }
    expect(asParts.originals.map((o) => o.originalName)).toEqual([
      'scene.obj',
      'scene.mtl',
      'part_1.jpg',
      'part_2.jpg',
      'part_3.jpg',
    ]);
  });

  it('converts an OBJ whose MTL and textures are missing, saying so', async () => {
    const scene = await texturedObj(1, 2, 8);
    const upload = await accepted([file('scene.obj', scene.obj)]);
    expect(upload.figures).toMatchObject({ triangles: 8, meshes: 1, materials: 1, textures: 0 });
    expect(upload.warnings).toEqual([expect.stringMatching(/"scene.mtl" is not in the upload/)]);
  });

  it('fits 4k PNG textures within 2048 px as WebP, smaller, with the figures before and after', async () => {
    const glb = await pbrModelGlb(4096, 1, 0);
    const upload = await accepted([file('rock.glb', glb)]);
    expect(upload.before).toMatchObject({
      textures: 1,
      largestTextureSide: 4096,
      textureMemoryBytes: Math.round((4096 * 4096 * 16) / 3),
      animations: ['Bob'],
    });
    // The upload made one GLB again: the same bytes give or take the header's generator name.
    expect(Math.abs(upload.before.bytes - glb.byteLength)).toBeLessThan(100);
    expect(upload.figures).toMatchObject({
      textures: 1,
      largestTextureSide: 2048,
      textureMemoryBytes: Math.round((2048 * 2048 * 16) / 3),
      animations: ['Bob'],
    });
    expect(upload.figures.bytes).toBeLessThan(upload.before.bytes / 4);
    expect(upload.budget.find((b) => b.row === 'maxTextureSide')).toEqual({
      row: 'maxTextureSide',
      limit: modelBudget.maxTextureSide,
      before: 4096,
      after: 2048,
      within: true,
    });
    expect(upload.optimised).toBe(true);
    const [texture] = (await stored(upload)).getRoot().listTextures();
    expect(await sharp(texture.getImage()!).metadata()).toMatchObject({
      format: 'webp',
      width: 2048,
      height: 2048,
    });
  }, 60_000);

  it('simplifies a mesh over the triangle budget to within it', async () => {
    const upload = await accepted([file('dense.glb', await denseMeshGlb(170))]);
    expect(upload.before.triangles).toBe(2 * 170 * 170);
    expect(upload.figures.triangles).toBeLessThanOrEqual(modelBudget.maxTriangles);
    expect(upload.figures.triangles).toBeGreaterThan(modelBudget.maxTriangles / 4);
    expect(upload.budget.every((b) => b.within)).toBe(true);
    expect(upload.withinBudget).toBe(true);
  }, 60_000);

  it('proposes a fitted default size for a 155 m model, without rescaling it', async () => {
    const upload = await accepted([file('stadium.glb', await scaledGridGlb([155, 1, 40]))]);
    expect(upload.bounds[0]).toBeCloseTo(155, 3);
    expect(upload.bounds[2]).toBeCloseTo(40, 3);
    expect(upload.defaultSize[0]).toBeCloseTo(2, 5);
    expect(upload.defaultSize[2]).toBeCloseTo((40 * 2) / 155, 5);
    expect(upload.scaleNote).toBe(
      'The model is 155 m long; it will be placed 2 m long. Its original scale is 155 m.',
    );
    // The stored model keeps its own size.
    expect(upload.figures.size[0]).toBeCloseTo(155, 1);

    const chair = await accepted([file('chair.glb', await scaledGridGlb([0.5, 1, 0.5]))]);
    expect(chair.defaultSize).toEqual(chair.bounds);
    expect(chair.scaleNote).toBeUndefined();
  });

  it('stores a model it cannot bring within budget, flagging the rows it misses', async () => {
    const upload = await accepted([file('tiles.glb', await manyMaterialsGlb(30))]);
    expect(upload.figures.materials).toBe(30);
    expect(upload.withinBudget).toBe(false);
    expect(upload.budget.filter((b) => !b.within).map((b) => b.row)).toEqual(['maxMaterials']);
    expect(upload.warnings).toEqual([
      expect.stringMatching(/still over the budget for 30 materials \(at most 25 materials\)/),
    ]);
    expect(upload.model.id).toBeTruthy();
  });

  it('stores the unoptimised GLB, with a warning, when optimising fails', async () => {
    const glb = await brokenTextureGlb();
    const upload = await accepted([file('odd.glb', glb)]);
    expect(upload.optimised).toBe(false);
    expect(upload.warnings).toEqual([expect.stringMatching(/could not be optimised .*stored as uploaded/)]);
    expect(upload.figures).toEqual(upload.before);
    const doc = await stored(upload);
    expect(doc.getRoot().listTextures()[0].getMimeType()).toBe('image/png');
  });

  it('still refuses bad uploads with their codes, storing nothing', async () => {
    const rows = async () => Number((await t.app.db.select({ n: count() }).from(files))[0].n);
    const before = await rows();
    const cases: [FormPart[], number, string][] = [
      [
        [file('a.obj', 'v 0 0 0\nf 1 1 1\n'), file('b.glb', await scaledGridGlb([1, 1, 1]))],
        400,
        'TOO_MANY_MODELS',
      ],
      [[file('points.obj', 'v 0 0 0\nv 1 0 0\np 1 2\n')], 422, 'MODEL_INVALID'],
      [[file('notes.mtl', 'newmtl a\nKd 1 1 1\n')], 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [parts, status, code] of cases) {
      const res = await send(parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code });
    }
    expect(await rows()).toBe(before);
  });
});

describe('the model optimiser', () => {
  it('halves textures until the GLB is within the file-size budget', async () => {
    const glb = await pbrModelGlb(2048, 1, 18);
    const budget = { ...modelBudget, maxBytes: 200_000 };
    const result = await convertModel([{ name: 'rock.glb', bytes: glb }], modelIntakeLimits, budget);
    expect(result.before.largestTextureSide).toBe(2048);
    expect(result.figures.largestTextureSide).toBeLessThan(2048);
    expect(result.figures.largestTextureSide).toBeGreaterThanOrEqual(512);
    expect(result.figures.bytes).toBe(result.glb.byteLength);
    expect(result.budget.find((b) => b.row === 'maxBytes')).toMatchObject({
      limit: 200_000,
      within: result.glb.byteLength <= 200_000,
    });
  }, 60_000);

  it('halves textures until they are within the texture-memory budget', async () => {
    const glb = await pbrModelGlb(2048, 1, 0);
    const budget = { ...modelBudget, maxTextureMemoryBytes: 2_000_000 };
    const result = await convertModel([{ name: 'rock.glb', bytes: glb }], modelIntakeLimits, budget);
    // 2048² → 1024² (5.6 MB of texture memory) → 512² (1.4 MB).
    expect(result.figures).toMatchObject({
      largestTextureSide: 512,
      textureMemoryBytes: Math.round((512 * 512 * 16) / 3),
    });
    expect(result.withinBudget).toBe(true);
  }, 60_000);

  it('stops a conversion that runs too long in the middle of its texture work, and goes on', async () => {
    // Decoding and re-encoding three 4096² maps takes seconds, far past the limit whatever the
    // machine's load; a small model takes a fraction of it.
    const slow = await pbrModelGlb(4096, 3, 18, 'jpeg');
    const limits = { ...modelIntakeLimits, processingTimeoutMs: 250 };
    const intake = new ModelIntake({ limits });
    try {
      await expect(intake.convert([{ name: 'slow.glb', bytes: slow }])).rejects.toMatchObject({
        code: 'MODEL_INVALID',
        message: expect.stringMatching(/too long/),
      });
      // The next model gets the usual time, so a busy machine cannot fail it.
      limits.processingTimeoutMs = modelIntakeLimits.processingTimeoutMs;
      const next = await intake.convert([{ name: 'small.glb', bytes: await scaledGridGlb([1, 1, 1]) }]);
      expect(next.figures.triangles).toBe(32);
    } finally {
      await intake.close();
    }
  }, 60_000);
});
