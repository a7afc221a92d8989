import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { accessTokenOf, expectAccessible, newEmail, signUp, text } from './support';

const t = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text(key));

// The profile's Content library (platform.md §2.1, §2.3): a new user uploads a picture from the
// Upload button, sees its card, renames it and deletes it, against the real server and database.
test('a new user uploads a JPEG to their library, edits its title and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  await page.goto('/');
  await signUp(page, 'Lena Library', newEmail('library'));
  const token = await accessTokenOf(page);
  const userId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string })
    .sub;

  await page.goto(`/user/${userId}/library/images`);
  const library = page.getByRole('region', { name: text('profile.categories.library') });
  await expect(library.getByText(text('assetLibrary.empty'))).toBeVisible();
  await expect(library.getByText(/^Storage: 0 bytes of 500 MB used$/)).toBeVisible();
  await expectAccessible(page);

  await library.getByRole('button', { name: text('assetLibrary.upload') }).click();
  await page.getByRole('menuitem', { name: text('assetUpload.types.picture') }).click();
  const dialog = page.getByRole('dialog', { name: t('assetUpload.title.create', { type: 'Image' }) });
  await expect(dialog).toBeVisible();
  await dialog
    .getByLabel(text('assetUpload.dropLabel.picture'))
    .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(dialog.getByText(t('assetUpload.uploaded', { files: 'harbour.jpg' }))).toBeVisible();
  await dialog.getByLabel(text('assetUpload.fields.title')).fill('Harbour at dawn');
  await dialog.getByLabel(text('assetUpload.fields.description')).fill('Boats before sunrise');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: text('assetUpload.save') }).click();
  await expect(dialog).toBeHidden();

  const cards = library.getByRole('list', { name: text('assetLibrary.list') }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('heading', { name: 'Harbour at dawn' })).toBeVisible();
  await expect(cards.first().getByText('Boats before sunrise')).toBeVisible();
  await expect(cards.first().locator('img')).toHaveJSProperty('complete', true);
  await expect(library.getByText(/^Storage: [\d.]+ (bytes|KB) of 500 MB used$/)).toBeVisible();

  // The server kept the dimensions the browser read.
  const listed = await page.request.get('/api/assetService/asset/myLibrary?type=picture', {
    headers: { authorization: `Bearer ${token}` },
  });
  const page0 = (await listed.json()) as { items: { fields: Record<string, unknown> }[] };
  expect(page0.items[0].fields).toMatchObject({ width: 64, height: 48, title: 'Harbour at dawn' });

  await cards
    .first()
    .getByRole('button', { name: text('assetLibrary.edit') })
    .click();
  const editDialog = page.getByRole('dialog', { name: t('assetUpload.title.edit', { type: 'Image' }) });
  await expect(editDialog.getByLabel(text('assetUpload.fields.title'))).toHaveValue('Harbour at dawn');
  await editDialog.getByLabel(text('assetUpload.fields.title')).fill('Harbour at noon');
  await editDialog.getByRole('button', { name: text('assetUpload.save') }).click();
  await expect(editDialog).toBeHidden();
  await expect(cards.first().getByRole('heading', { name: 'Harbour at noon' })).toBeVisible();

  await cards
    .first()
    .getByRole('button', { name: text('assetLibrary.delete') })
    .click();
  const confirm = page.getByRole('dialog', { name: text('assetLibrary.deleteTitle') });
  await confirm.getByRole('button', { name: text('assetLibrary.delete') }).click();
  await expect(library.getByText(text('assetLibrary.empty'))).toBeVisible();
  await expect(cards).toHaveCount(0);
});

test('a Model 3D upload previews the model, shows its figures and saves it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signUp(page, 'Milo Models', newEmail('models'));
  const token = await accessTokenOf(page);
  const userId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string })
    .sub;

  await page.goto(`/user/${userId}/library/3d-models`);
  const library = page.getByRole('region', { name: text('profile.categories.library') });
  await library.getByRole('button', { name: text('assetLibrary.upload') }).click();
  await page.getByRole('menuitem', { name: text('assetUpload.types.model3d') }).click();
  const dialog = page.getByRole('dialog', { name: t('assetUpload.title.create', { type: 'Model 3D' }) });
  await dialog
    .getByLabel(text('assetUpload.dropLabel.model'))
    .setInputFiles('e2e/fixtures/models/box-draco.glb');
  await expect(dialog.getByText(t('assetUpload.uploaded', { files: 'box-draco.glb' }))).toBeVisible();
  await expect(dialog.getByRole('img', { name: text('assetUpload.model.preview') })).toBeVisible();
  // The counts come from the preview, then from the server's figures.
  await expect(dialog.getByText(/^12 triangles, 1 meshes, 1 materials, \d+ textures$/)).toBeVisible();
  await dialog.getByLabel(text('assetUpload.model.showDimensions')).check();
  await expect(dialog.getByText(/ m × .* m × .* m \(width × height × depth\)$/)).toBeVisible();
  await expect(dialog.getByText(text('assetUpload.model.noClips'))).toBeVisible();
  await dialog.getByLabel(text('assetUpload.fields.title')).fill('Crate');
  await dialog.getByRole('button', { name: text('assetUpload.save') }).click();
  await expect(dialog).toBeHidden();
  const cards = library.getByRole('list', { name: text('assetLibrary.list') }).getByRole('listitem');
  await expect(cards.first().getByRole('heading', { name: 'Crate' })).toBeVisible();

  const listed = await page.request.get('/api/assetService/asset/myLibrary?type=model3d', {
    headers: { authorization: `Bearer ${token}` },
  });
  const page0 = (await listed.json()) as { items: { fields: Record<string, unknown> }[] };
  expect(page0.items[0].fields).toMatchObject({ format: 'GLB', triangleCount: 12, meshCount: 1 });
});
