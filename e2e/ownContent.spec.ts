import { Document, NodeIO } from '@gltf-transform/core';
import { expect, type Page, type Response, test } from '@playwright/test';
import sharp from 'sharp';
import type { Asset, AssetPage } from '../contracts/assets';
import { modelBudget } from '../contracts/modelBudget';
import { gridArrays, photoTexture } from '../tests/support/models';
import { makeZip } from '../tests/server/fileService/zipWriter';
import { fillSpaceInfo, next, openWizard, publish, wizard } from './publish';
import { accessTokenOf, newEmail, placedObjects, signUp, skipGuide, text, usePremade } from './support';

// A creator's own content, from the file on their disk to a visitor's screen: a new user uploads a
// JPEG and a zipped multi-part glTF (a .gltf with its .bin and texture in folders) from the
// editor's My library tab, sees the model's preview and dimensions, adds both (the picture hangs
// on the wall the camera faces), saves and publishes; a visitor opens the space and both load.

test.describe.configure({ timeout: 300_000 });

const t = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text(key));

/**
 * A zip of a .gltf whose buffer and texture are separate files in folders, as Blender and most
 * tools export it: a 1.6 m wavy grid of 80 000 triangles (over the budget), with a texture.
 */
async function zippedGltf(): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer('grid').setURI('parts/grid.bin');
  const { positions, uvs, indices } = gridArrays(200);
  const texture = doc
    .createTexture('surface')
    .setImage(await photoTexture(512))
    .setMimeType('image/png')
    .setURI('textures/Surface.png');
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(uvs).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
    .setMaterial(doc.createMaterial('surface').setBaseColorTexture(texture));
  const node = doc
    .createNode('grid')
    .setMesh(doc.createMesh('grid').addPrimitive(prim))
    .setScale([1.6, 4, 1.6]);
  doc.createScene().addChild(node);
  // A clip that sways the grid, for the form's clip chooser.
  const sampler = doc
    .createAnimationSampler()
    .setInput(
      doc
        .createAccessor()
        .setType('SCALAR')
        .setArray(new Float32Array([0, 1, 2]))
        .setBuffer(buffer),
    )
    .setOutput(
      doc
        .createAccessor()
        .setType('VEC3')
        .setArray(new Float32Array([0, 0, 0, 0.2, 0, 0, 0, 0, 0]))
        .setBuffer(buffer),
    );
  doc
    .createAnimation('Sway')
    .addSampler(sampler)
    .addChannel(
      doc.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler),
    );
  const { json, resources } = await new NodeIO().writeJSON(doc);
  return makeZip([
    { name: 'tide-grid/scene.gltf', data: Buffer.from(JSON.stringify(json)) },
    ...Object.entries(resources).map(([uri, data]) => ({
      name: `tide-grid/${uri}`,
      data: Buffer.from(data),
    })),
  ]);
}

/** Opens the upload dialog of `type` from the My library tab's Upload menu. */
async function uploadDialog(page: Page, type: 'picture' | 'model3d', typeName: string) {
  await page
    .getByRole('button', { name: text('assetLibrary.upload'), exact: true })
    .first()
    .click();
  await page.getByRole('menuitem', { name: text(`assetUpload.types.${type}`) }).click();
  const dialog = page.getByRole('dialog', { name: t('assetUpload.title.create', { type: typeName }) });
  await expect(dialog).toBeVisible();
  return dialog;
}

const addButton = (page: Page, name: string) =>
  page.getByRole('button', { name: text('dev.editor.content.add').replace('{{name}}', name) });

test('a new creator uploads a picture and a zipped glTF in the editor, publishes, and a visitor sees both', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
  await page.goto('/');
  await signUp(page, 'Ada Maker', newEmail('maker'));
  const authorization = `Bearer ${await accessTokenOf(page)}`;

  await page.goto('/curate');
  await skipGuide(page);
  await usePremade(page, 'White cube', 'M');
  await page.getByRole('tab', { name: new RegExp(text('editor.steps.addContent')) }).click();
  await page.getByRole('tab', { name: text('editor.library.tab') }).click();
  await expect(page.getByText(text('editor.library.empty'))).toBeVisible();

  // The picture: dropped on its form, titled, saved to the library.
  const pictureForm = await uploadDialog(page, 'picture', 'Image');
  await pictureForm
    .getByLabel(text('assetUpload.dropLabel.picture'))
    .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(pictureForm.getByText(t('assetUpload.uploaded', { files: 'harbour.jpg' }))).toBeVisible();
  await pictureForm.getByLabel(text('assetUpload.fields.title')).fill('Harbour at dawn');
  await pictureForm.getByRole('button', { name: text('assetUpload.save') }).click();
  await expect(pictureForm).toBeHidden();

  // The model: a zip of a .gltf with its parts; processed on the server, previewed with its size.
  const modelForm = await uploadDialog(page, 'model3d', 'Model 3D');
  await modelForm
    .getByLabel(text('assetUpload.dropLabel.model'))
    .setInputFiles({ name: 'tide-grid.zip', mimeType: 'application/zip', buffer: await zippedGltf() });
  await expect(modelForm.getByText(t('assetUpload.uploaded', { files: 'tide-grid.zip' }))).toBeVisible({
    timeout: 120_000,
  });
  const preview = modelForm.getByRole('img', { name: text('assetUpload.model.preview') });
  await expect(preview.locator('canvas')).toBeVisible();
  await modelForm.getByLabel(text('assetUpload.model.showDimensions')).check();
  await expect(
    modelForm.getByText(/^1\.[56]\d* m × 0\.\d+ m × 1\.[56]\d* m \(width × height × depth\)$/),
  ).toBeVisible({ timeout: 30_000 });
  const budget = modelForm.getByRole('table', { name: text('assetUpload.model.budget') });
  await expect(budget.getByRole('row', { name: /^Triangles 80,000 / })).toBeVisible();
  await expect(budget.getByRole('img', { name: text('assetUpload.model.within') })).toHaveCount(5);
  // Its clip is offered once the model is animated.
  await expect(modelForm.getByText(t('assetUpload.model.clips', { count: '1' }))).toBeVisible();
  await modelForm.getByLabel(text('assetUpload.fields.animated')).check();
  await modelForm.getByLabel(text('assetUpload.fields.animationClip')).click();
  await page.getByRole('option', { name: 'Sway' }).click();
  await modelForm.getByLabel(text('assetUpload.fields.title')).fill('Tide grid');
  await modelForm.getByRole('button', { name: text('assetUpload.save') }).click();
  await expect(modelForm).toBeHidden();

  // The stored model is the optimised one, within the triangle budget.
  const listed = await page.request.get('/api/assetService/asset/myLibrary', { headers: { authorization } });
  const assets = ((await listed.json()) as AssetPage).items;
  const picture = assets.find((a) => a.title === 'Harbour at dawn') as Asset;
  const model = assets.find((a) => a.title === 'Tide grid') as Asset;
  expect(model.fields.triangleCount).toBeGreaterThan(0);
  expect(model.fields.triangleCount).toBeLessThanOrEqual(modelBudget.maxTriangles);
  expect(model.fields).toMatchObject({ animated: true, animationClip: 'Sway', animationClipCount: 1 });

  // Both go into the space with Add; the picture hangs on the wall the camera faces.
  const library = page.getByRole('list', { name: text('editor.library.label') });
  await expect(library.getByRole('listitem')).toHaveCount(2);
  await addButton(page, 'Harbour at dawn').click();
  await addButton(page, 'Tide grid').click();
  await expect(placedObjects(page).filter({ hasText: 'Harbour at dawn' })).toHaveCount(1);
  await expect(placedObjects(page).filter({ hasText: 'Tide grid' })).toHaveCount(1);

  // Saved, then published through the wizard.
  await page
    .getByRole('textbox', { name: text('editor.header.titleLabel') })
    .fill(`Harbour and tide ${stamp}`);
  await page.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  await expect(page).toHaveURL(/\/curate\/[^/]+$/, { timeout: 30_000 });
  const sceneId = page.url().split('/').pop()!;
  await openWizard(page);
  await fillSpaceInfo(page, ['harbour', 'models', `own${stamp}`], '#2a6f97');
  // Placement (the free slot), privacy and communication (Standard features) keep their defaults.
  for (let step = 0; step < 4; step++) await next(page).click();
  await publish(page).click();
  await expect(page.getByText(text('publish.published'))).toBeVisible({ timeout: 30_000 });
  await expect(wizard(page)).toBeHidden();

  // The published space holds both, the picture upright at eye height on a wall.
  const published = await page.request.get(`/api/sceneService/publishedscene/content/${sceneId}`);
  expect(published.status()).toBe(200);
  const content = JSON.stringify(await published.json());
  expect(content).toContain(picture.fileUrl!);
  expect(content).toContain(model.fileUrl!);
  const hung = (
    (await published.json()) as {
      pictures: { title?: string; transform: { position: number[]; rotation: number[] } }[];
    }
  ).pictures.find((p) => p.title === 'Harbour at dawn')!;
  expect(hung.transform.position[1]).toBeCloseTo(1.5, 1);
  expect(Math.abs(hung.transform.rotation[1]) % 90).toBeCloseTo(0, 3);

  // A visitor, signed out, opens it: both files load, and nothing is reported as unreadable.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const loaded = (url: string) =>
    visitor.waitForResponse(
      (response: Response) => new URL(response.url()).pathname === url && response.ok(),
      { timeout: 90_000 },
    );
  // The picture comes as the file service's thumbnail at the size the viewer draws it.
  const pictureLoaded = loaded(picture.fileUrl!.replace('/file/', '/thumbnail/'));
  const modelLoaded = loaded(model.fileUrl!);
  await visitor.goto(`/viewer/${sceneId}`);
  await expect(visitor.getByRole('heading', { name: `Harbour and tide ${stamp}` })).toBeVisible();
  await Promise.all([pictureLoaded, modelLoaded]);
  await expect(visitor.getByRole('alert')).toHaveCount(0);
  await visitorContext.close();
});
