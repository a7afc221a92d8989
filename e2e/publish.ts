import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { text } from './support';

// The editor's title field and the publish wizard, as creators walk it.

export const editorTitle = (page: Page) =>
  page.getByRole('textbox', { name: text('editor.header.titleLabel') });
export const wizard = (page: Page) => page.getByRole('dialog', { name: text('publish.title') });
export const next = (page: Page) =>
  wizard(page).getByRole('button', { name: text('publish.next'), exact: true });
/** The last step's button: it publishes. */
export const publish = (page: Page) =>
  wizard(page).getByRole('button', { name: text('publish.publishButton'), exact: true });

/** A cover photo, as a file the wizard's picker takes. */
export async function coverPhoto(colour: string) {
  const buffer = await sharp({
    create: { width: 800, height: 450, channels: 3, background: colour },
  })
    .jpeg()
    .toBuffer();
  return { name: 'cover.jpg', mimeType: 'image/jpeg', buffer };
}

/** Opens the wizard from the editor's Publish & Share step (it saves first when needed). */
export async function openWizard(page: Page) {
  await page.getByRole('tab', { name: new RegExp(text('editor.steps.publishShare')) }).click();
  await page.getByRole('button', { name: text('publish.open'), exact: true }).click();
  await expect(wizard(page)).toBeVisible({ timeout: 30_000 });
}

/** Space info: description, tags typed with separators, a cropped cover photo. */
export async function fillSpaceInfo(page: Page, tags: string[], colour: string) {
  const dialog = wizard(page);
  await dialog.getByLabel(text('publish.fields.description')).fill('Lights over the water, in three rooms.');
  const tagInput = dialog.getByRole('textbox', { name: text('publish.fields.tags') });
  for (const [n, tag] of tags.entries()) await tagInput.pressSequentially(`${tag}${n % 2 ? ';' : ','}`);
  for (const tag of tags) await expect(dialog.getByRole('button', { name: tag })).toBeVisible();
  await dialog
    .locator(`input[type=file][aria-label="${text('publish.fields.coverPhoto')}"]`)
    .setInputFiles(await coverPhoto(colour));
  await dialog.getByRole('button', { name: text('publish.cover.apply') }).click();
}
