import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { districtOrigin, expectAccessible, signIn, text } from './support';

const t = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text(key));

// A district's own sections on its host (issue 22): the demo museum, Owner of `gallery`, makes a
// group for the district and adds a picture to the district's library; a visitor who is not a
// member sees that only members use them.
test("a district's Owner makes a group for it and adds a picture to its library", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const gallery = districtOrigin('gallery');
  await page.goto(`${gallery}/groups/all`);
  await signIn(page, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  await expect(page).toHaveURL(`${gallery}/groups/all`);

  await page.getByRole('button', { name: text('districtGroups.new') }).click();
  const form = page.getByRole('dialog', { name: text('groups.new') });
  await form.getByLabel(text('groups.fields.title')).fill(`Guides ${stamp}`);
  await form.getByLabel(text('groups.fields.description')).fill('Who shows visitors around.');
  await form.getByRole('button', { name: text('groups.create') }).click();
  await expect(form).toBeHidden({ timeout: 30_000 });
  // The new group opens; its invite picker offers the district's members (the studio is one).
  const group = page.getByRole('dialog', { name: `Guides ${stamp}` });
  await expect(group).toBeVisible({ timeout: 30_000 });
  await group.getByLabel(text('groups.invitePeople')).fill('Studio');
  await page.getByRole('option', { name: 'Studio Lindqvist' }).click();
  await group.getByRole('button', { name: text('groups.invite'), exact: true }).click();
  await expect(
    group
      .getByRole('list', { name: t('groups.membersList', { title: `Guides ${stamp}` }) })
      .getByText('Studio Lindqvist'),
  ).toBeVisible({ timeout: 30_000 });
  await group.getByRole('button', { name: text('modal.close') }).click();
  const groups = page.getByRole('list', { name: t('districtGroups.all', { title: 'Harbour Gallery' }) });
  await expect(groups.getByText(`Guides ${stamp}`)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);

  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa6633' } })
    .jpeg()
    .toBuffer();
  await page.goto(`${gallery}/library/images`);
  const library = page.getByRole('region', {
    name: t('districtLibrary.label', { title: 'Harbour Gallery' }),
  });
  await library.getByRole('button', { name: text('assetLibrary.upload') }).click();
  await page.getByRole('menuitem', { name: text('assetUpload.types.picture') }).click();
  const dialog = page.getByRole('dialog', { name: t('assetUpload.title.create', { type: 'Image' }) });
  await dialog
    .getByLabel(text('assetUpload.dropLabel.picture'))
    .setInputFiles({ name: 'court.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(dialog.getByText(t('assetUpload.uploaded', { files: 'court.jpg' }))).toBeVisible();
  await dialog.getByLabel(text('assetUpload.fields.title')).fill(`Sculpture court ${stamp}`);
  await dialog.getByRole('button', { name: text('assetUpload.save') }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(library.getByRole('heading', { name: `Sculpture court ${stamp}` })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page);

  // Someone who is not a member sees neither.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${gallery}/library/images`);
  await expect(visitor.getByText(text('districtLibrary.membersOnly'))).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText(`Sculpture court ${stamp}`)).toHaveCount(0);
  await visitorContext.close();
});
