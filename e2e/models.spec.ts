import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ask, eventSeen, openEngine } from './engine';
import {
  demoSpace,
  newEmail,
  placedObjects,
  signUp,
  skipGuide,
  text,
  usePremade,
  watchCspViolations,
} from './support';

// Compressed models load with the decoders our own server serves (/decoders/), under the real
// Content-Security-Policy; a model the engine cannot read is named for what is wrong with it. The
// boxes (2 × 1 × 0.5 m, 12 triangles) are made by scripts/make-model-fixtures.mjs; the broken
// files are made here. Models come through the engine's inspector (the upload form's preview).

test.describe.configure({ timeout: 120_000 });

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures/models', name));

/** A GLB of `json` alone. */
function glbOf(json: object): Buffer {
  let body = JSON.stringify(json);
  while (body.length % 4) body += ' ';
  const header = Buffer.alloc(20);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + body.length, 8);
  header.writeUInt32LE(body.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, Buffer.from(body)]);
}

const models: Record<string, Buffer> = {
  'box-draco.glb': fixture('box-draco.glb'),
  'box-meshopt.glb': fixture('box-meshopt.glb'),
  'future.glb': glbOf({
    asset: { version: '2.0' },
    extensionsUsed: ['EXT_future_thing'],
    extensionsRequired: ['EXT_future_thing'],
    scenes: [{ nodes: [] }],
  }),
  'cut-short.glb': fixture('box-draco.glb').subarray(0, 400),
};

/** Serves the test models at /test-models/ (the decoders still come from the server). */
async function serveModels(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/test-models/'),
    (route) => {
      const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!);
      const body = models[name];
      return body
        ? route.fulfill({ status: 200, contentType: 'model/gltf-binary', body })
        : route.fulfill({ status: 404, body: 'missing' });
    },
  );
}

async function inspect(page: Page, name: string) {
  await page.getByLabel(text('dev.engine.asset')).fill(`/test-models/${name}`);
  await page.getByRole('button', { name: text('dev.engine.inspect') }).click();
}

test('Draco and meshopt models load with our own decoders and draw', async ({ page }) => {
  const violations = await watchCspViolations(page);
  const decoders: string[] = [];
  page.on('request', (request) => {
    if (/\/decoders\//.test(request.url())) decoders.push(new URL(request.url()).pathname);
  });
  await serveModels(page);
  await openEngine(page, '?mode=inspector&asset=/test-models/box-draco.glb&kind=model3d&format=glb');
  const draco = await eventSeen(page, 'inspectorReport');
  expect(draco.triangles).toBe(12);
  expect(draco.dimensions.x).toBeCloseTo(2, 2);
  expect(draco.dimensions.y).toBeCloseTo(1, 2);
  expect(draco.dimensions.z).toBeCloseTo(0.5, 2);
  expect(decoders.sort()).toEqual([
    '/decoders/draco/draco_decoder.wasm',
    '/decoders/draco/draco_wasm_wrapper.js',
  ]);

  const next = page.evaluate(() => window.engineDev!.next('inspectorReport'));
  await inspect(page, 'box-meshopt.glb');
  const meshopt = await next;
  expect(meshopt).toMatchObject({ triangles: 12, meshes: 1, dimensions: { x: 2, y: 1, z: 0.5 } });
  // Drawn: the inspector's last frame has at least the box's triangles in it.
  await expect
    .poll(async () => (await ask(page, 'Core', 'requestStats', {}, 'profilerStats')).triangles, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(12);
  expect(await violations()).toEqual([]);
  expect(await page.evaluate(() => window.engineDev!.events.filter((e) => e.type === 'assetFailed'))).toEqual(
    [],
  );
});

test('a model the engine cannot read is named for what is wrong with it', async ({ page }) => {
  await serveModels(page);
  await openEngine(page, '?mode=inspector&asset=/test-models/box-meshopt.glb&kind=model3d&format=glb');

  let failed = page.evaluate(() => window.engineDev!.next('assetFailed'));
  await inspect(page, 'future.glb');
  expect(await failed).toMatchObject({ reason: 'unsupportedExtension', detail: 'EXT_future_thing' });
  await expect(
    page.getByText('This model uses an extension we cannot read: EXT_future_thing (future.glb).'),
  ).toBeVisible();

  failed = page.evaluate(() => window.engineDev!.next('assetFailed'));
  await inspect(page, 'cut-short.glb');
  expect(await failed).toMatchObject({ reason: 'damaged', detail: 'truncated' });
  await expect(
    page.getByText(
      'This model file is damaged: it ends early, perhaps cut short while uploading (cut-short.glb).',
    ),
  ).toBeVisible();
  // No raw three.js text reaches the page.
  await expect(page.getByText(/THREE\./)).toHaveCount(0);
});

test("the viewer says in words why a space's model is not drawn", async ({ page }) => {
  const demo = await demoSpace(page.request);
  // Every model of the demo space arrives needing an extension nobody reads.
  await page.route(
    (url) => /^\/demo\/models\/.+\.glb$/.test(url.pathname),
    (route) => route.fulfill({ status: 200, contentType: 'model/gltf-binary', body: models['future.glb'] }),
  );
  await page.goto(`/viewer/${demo.sceneId}`);
  await expect(
    page.getByText(/^This model uses an extension we cannot read: EXT_future_thing \(.+\.glb\)\.$/).first(),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/THREE\./)).toHaveCount(0);
});

test('the editor says in words why a placed model is not drawn', async ({ page }) => {
  // The demo model arrives cut short, as an interrupted upload would leave it.
  await page.route(
    (url) => /^\/demo\/models\/.+\.glb$/.test(url.pathname),
    (route) =>
      route.fulfill({ status: 200, contentType: 'model/gltf-binary', body: models['cut-short.glb'] }),
  );
  await page.goto('/');
  await signUp(page, 'Mo Dell', newEmail('mo'));
  await page.goto('/curate');
  await skipGuide(page);
  await usePremade(page, 'White cube', 'M');
  await page.getByRole('tab', { name: new RegExp(text('editor.steps.addContent')) }).click();
  await page.getByRole('button', { name: text('dev.editor.history.walk') }).click();
  const box = (await page.getByTestId('engine-box').boundingBox())!;
  await page
    .getByRole('listitem', { name: 'Model torus-knot', exact: true })
    .dragTo(page.getByTestId('engine-box'), { targetPosition: { x: box.width * 0.5, y: box.height * 0.85 } });
  await expect(placedObjects(page)).toHaveCount(1);
  await expect(
    page.getByText(
      'This model file is damaged: it ends early, perhaps cut short while uploading (torus-knot.glb).',
    ),
  ).toBeVisible({ timeout: 30_000 });
});
