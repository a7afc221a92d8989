import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  accessTokenOf,
  demoSpace,
  expectAccessible,
  newEmail,
  openRoomPreview,
  placedObjects,
  signUp,
  skipGuide,
  text,
  usePremade,
} from './support';

// The editor's Add Content with a creator's own library: an asset stored through the API shows in
// the My library tab, is found by its title and added to the space; a portal's target is picked by
// the title of a published space.

test.describe.configure({ timeout: 240_000 });

const jpeg = readFileSync('public/demo/pictures/picture-001.jpg');

test('a creator adds a picture from their library and a portal to a published space', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await signUp(page, 'Lena Library', newEmail('library'));
  const authorization = `Bearer ${await accessTokenOf(page)}`;

  // An asset in the library: the file first, then the asset naming it.
  const upload = await request.post('/api/fileService/file?kind=picture', {
    headers: { authorization },
    multipart: { file: { name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(upload.status()).toBe(201);
  const file = (await upload.json()) as { id: string };
  const created = await request.post('/api/assetService/asset', {
    headers: { authorization },
    data: { type: 'picture', title: 'Sunset study', fileId: file.id, width: 800, height: 600 },
  });
  expect(created.status()).toBe(201);

  await page.goto('/curate');
  await skipGuide(page);
  // A premade room's card opens it in 3D before it is used.
  const preview = await openRoomPreview(page, 'Atrium', 'L');
  await expect(preview).toHaveAccessibleName('Atrium Large');
  await expect(preview.getByTestId('room-preview').locator('canvas')).toBeVisible();
  await expectAccessible(page);
  await preview.getByRole('button', { name: text('common.actions.cancel') }).click();
  await expect(preview).toBeHidden();
  await usePremade(page, 'White cube', 'M');
  await page.getByRole('tab', { name: new RegExp(text('editor.steps.addContent')) }).click();

  // My library lists the asset; searching finds it, other words do not.
  await page.getByRole('tab', { name: text('editor.library.tab') }).click();
  const library = page.getByRole('list', { name: text('editor.library.label') });
  await expect(library.getByRole('listitem', { name: 'Sunset study' })).toBeVisible();
  await expectAccessible(page);
  const search = page.getByRole('searchbox', { name: text('editor.library.search') });
  await search.fill('nothing like it');
  await expect(page.getByText(text('editor.library.noMatch'))).toBeVisible();
  await search.fill('sunset');
  await expect(library.getByRole('listitem', { name: 'Sunset study' })).toBeVisible();
  await page
    .getByRole('button', { name: text('dev.editor.content.add').replace('{{name}}', 'Sunset study') })
    .click();
  await expect(placedObjects(page).filter({ hasText: 'Sunset study' })).toHaveCount(1);

  // A portal to a published space, picked by its title.
  const target = await demoSpace(request);
  await page.getByRole('tab', { name: text('editor.library.builtIn') }).click();
  const portalCard = page.getByRole('listitem', { name: text('dev.editor.content.items.portal') });
  const picker = portalCard.getByRole('combobox', { name: text('dev.editor.content.portalTarget') });
  await picker.fill(target.title.slice(0, 6));
  await page.getByRole('option', { name: target.title }).first().click();
  await expect(picker).toHaveValue(target.title);
  await portalCard
    .getByRole('button', {
      name: text('dev.editor.content.add').replace('{{name}}', text('dev.editor.content.items.portal')),
    })
    .click();
  await expect(placedObjects(page).filter({ hasText: target.title })).toHaveCount(1);
  await expectAccessible(page);
});
