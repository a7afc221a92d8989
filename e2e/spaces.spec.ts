import { expect, type Page, test } from '@playwright/test';
import {
  accessTokenOf,
  hangPicture,
  newEmail,
  placedObjects,
  signUp,
  skipGuide,
  text,
  usePremade,
} from './support';

// Spaces as their creators meet them: the editor page saves them (by hand and by autosave), the
// viewer previews drafts, the profile lists them with their actions, and strangers are kept out.

test.describe.configure({ timeout: 240_000 });

const editorTitle = (page: Page) => page.getByRole('textbox', { name: text('editor.header.titleLabel') });
const saveStatus = (page: Page) => page.getByTestId('editor-save-status');

/**
 * Starts noticing `text` appearing anywhere in the page, so a toast that stays only 600 ms is not
 * missed between two polls of a slow page; `seen` tells whether it has appeared since.
 */
async function watchFor(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const w = window as unknown as { seenTexts?: Record<string, boolean> };
    w.seenTexts ??= {};
    w.seenTexts[wanted] = false;
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes(wanted)) {
        w.seenTexts![wanted] = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
  return {
    seen: () =>
      page.evaluate(
        (wanted) =>
          (window as unknown as { seenTexts?: Record<string, boolean> }).seenTexts?.[wanted] ?? false,
        text,
      ),
  };
}

test('create a space from a premade room, save, reload, autosave, preview, and keep strangers out', async ({
  page,
  browser,
}) => {
  const name = 'Mara Curator';
  await page.goto('/');
  await signUp(page, name, newEmail('mara'));

  await page.goto('/curate');
  // The guide opens on its introduction video (about two minutes), which the browser can play.
  const video = page.getByLabel(text('editor.guide.videoLabel'));
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration || 0), { timeout: 20_000 })
    .toBeGreaterThan(100);
  await skipGuide(page);
  await expect(saveStatus(page)).toHaveText(text('editor.header.status.saved'));
  await usePremade(page, 'White cube', 'M');
  await expect(saveStatus(page)).toHaveText(text('editor.header.status.unsaved'));
  await hangPicture(page, 'Picture 1');
  await expect(placedObjects(page)).toHaveCount(1);

  await editorTitle(page).fill('Harbour lights');
  const savedToast = await watchFor(page, text('toasts.sceneSaved'));
  await page.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  await expect(page).toHaveURL(/\/curate\/[^/]+$/, { timeout: 30_000 });
  await expect.poll(savedToast.seen, { timeout: 30_000 }).toBe(true);
  await expect(saveStatus(page)).toHaveText(text('editor.header.status.saved'));
  const sceneId = page.url().split('/').pop()!;

  // Reloaded, the saved space is there: its title and its picture.
  await page.reload();
  await expect(editorTitle(page)).toHaveValue('Harbour lights');
  // The guide, closed once, does not open again: the user's record remembers it.
  await expect(page.locator('[data-guide="closed"]')).toHaveCount(1);
  await expect(page.getByTestId('editor-guide')).toBeHidden();
  await page.getByRole('tab', { name: new RegExp(text('editor.steps.addContent')) }).click();
  await expect(placedObjects(page)).toHaveCount(1);

  // Autosave (on by default for a new user) stores the next edit within its 30 s.
  await expect(page.getByRole('switch', { name: text('editor.header.autosave') })).toBeChecked();
  const autoToast = await watchFor(page, text('toasts.sceneSaved'));
  await hangPicture(page, 'Picture 2');
  await expect(placedObjects(page)).toHaveCount(2);
  await expect(saveStatus(page)).toHaveText(text('editor.header.status.unsaved'));
  await expect(saveStatus(page)).toHaveText(text('editor.header.status.saved'), { timeout: 45_000 });
  // No toast for an automatic save.
  expect(await autoToast.seen()).toBe(false);
  const token = await accessTokenOf(page);
  const stored = await page.request.get(`/api/sceneService/scene/content/${sceneId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await stored.json()) as { pictures: unknown[] }).pictures).toHaveLength(2);

  // Preview: the draft in the viewer.
  await page.getByRole('button', { name: text('editor.header.preview') }).click();
  await expect(page).toHaveURL(new RegExp(`/viewer/${sceneId}\\?draft=true$`));
  await expect(page.getByText(text('viewer.draftPreview'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Harbour lights' })).toBeVisible();

  // A stranger is kept out of the draft, in the editor and in the viewer.
  await page.goto('about:blank'); // the owner's engine stops drawing meanwhile
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto('/');
  await signUp(stranger, 'Sam Stranger', newEmail('sam'));
  await stranger.goto(`/curate/${sceneId}`);
  await expect(stranger).toHaveURL(/\/space-access-denied$/);
  await expect(stranger.getByText(text('space.accessDenied.message'))).toBeVisible();
  // The viewer does not even tell a stranger that the draft exists: as for any unknown space.
  const preview = await stranger.goto(`/viewer/${sceneId}?draft=true`);
  expect(preview?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText(text('errors.pageNotFound'));
  await other.close();
});

test('two windows on one space: saves send only the change, the later one is asked, Keep mine and Reload', async ({
  page: first,
  context,
}) => {
  await first.goto('/');
  await signUp(first, 'Wen Two-Windows', newEmail('wen'));
  await first.goto('/curate');
  await skipGuide(first);
  // Saves by hand only here, so each window saves exactly when the test says.
  await first.getByRole('switch', { name: text('editor.header.autosave') }).click();
  await expect(first.getByRole('switch', { name: text('editor.header.autosave') })).not.toBeChecked();
  await usePremade(first, 'White cube', 'M');
  await hangPicture(first, 'Picture 1');
  await expect(placedObjects(first)).toHaveCount(1);
  await editorTitle(first).fill('Shared studio');
  await first.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  await expect(first).toHaveURL(/\/curate\/[^/]+$/, { timeout: 30_000 });
  await expect(saveStatus(first)).toHaveText(text('editor.header.status.saved'), { timeout: 30_000 });
  const sceneId = first.url().split('/').pop()!;

  // The same space in a second window of the same browser.
  const second = await context.newPage();
  await second.goto(`/curate/${sceneId}`);
  await expect(editorTitle(second)).toHaveValue('Shared studio');
  await second.getByRole('tab', { name: new RegExp(text('editor.steps.addContent')) }).click();
  await expect(placedObjects(second)).toHaveCount(1);

  // The first window saves an edit: only the change goes over the wire.
  await hangPicture(first, 'Picture 2', 0.3);
  await expect(placedObjects(first)).toHaveCount(2);
  const patchSent = first.waitForRequest(
    (r) => r.method() === 'PATCH' && r.url().includes(`/scene/content/${sceneId}`),
  );
  await first.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  const patch = await patchSent;
  expect(patch.headers()['if-match']).toMatch(/^".+"$/);
  await expect(saveStatus(first)).toHaveText(text('editor.header.status.saved'), { timeout: 30_000 });
  expect((await patch.sizes()).requestBodySize).toBeLessThan(4096);

  // The second window still builds on the version before: its save is refused, and it asks.
  await hangPicture(second, 'Picture 3', 0.7);
  await expect(placedObjects(second)).toHaveCount(2);
  await second.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  const dialog = second.getByRole('dialog', { name: text('editor.conflict.title') });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(saveStatus(second)).toHaveText(text('editor.header.status.conflict'));
  // Keep mine: the second window's space replaces the first window's save.
  await dialog.getByRole('button', { name: text('editor.conflict.keepMine') }).click();
  await expect(dialog).toBeHidden();
  await expect(saveStatus(second)).toHaveText(text('editor.header.status.saved'), { timeout: 30_000 });
  const token = await accessTokenOf(second);
  const stored = async () =>
    (
      (await (
        await second.request.get(`/api/sceneService/scene/content/${sceneId}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { pictures: { title: string }[] }
    ).pictures.map((p) => p.title);
  expect(await stored()).toEqual(['Picture 1', 'Picture 3']);

  // Now the first window is behind: it asks too, and Reload opens the stored space.
  await hangPicture(first, 'Picture 4', 0.7);
  await expect(placedObjects(first)).toHaveCount(3);
  await first.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  const firstDialog = first.getByRole('dialog', { name: text('editor.conflict.title') });
  await expect(firstDialog).toBeVisible({ timeout: 30_000 });
  await firstDialog.getByRole('button', { name: text('editor.conflict.reload') }).click();
  await expect(firstDialog).toBeHidden();
  await first.getByRole('tab', { name: new RegExp(text('editor.steps.addContent')) }).click();
  await expect(placedObjects(first)).toHaveCount(2, { timeout: 30_000 });
  await expect(saveStatus(first)).toHaveText(text('editor.header.status.saved'));
  expect(await stored()).toEqual(['Picture 1', 'Picture 3']);
  await second.close();
});

test('a draft on the profile: duplicate, hide, unhide and delete it', async ({ page }) => {
  const name = 'Pia Profile';
  await page.goto('/');
  await signUp(page, name, newEmail('pia'));
  const token = await accessTokenOf(page);
  const created = await page.request.post('/api/sceneService/scene/metadata', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { title: 'Spring show' },
  });
  expect(created.status()).toBe(201);
  const { sceneId } = (await created.json()) as { sceneId: string };
  const userId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string })
    .sub;

  await page.goto(`/user/${userId}/spaces/drafts`);
  const cards = page.getByRole('article', { name: /^Spring show/ });
  await expect(cards).toHaveCount(1);
  const card = page.getByRole('article', { name: 'Spring show', exact: true });
  await card.hover();
  await card.getByRole('button', { name: text('space.actions.duplicate') }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Spring show (copy)');

  await card.hover();
  await card.getByRole('button', { name: text('space.actions.hide') }).click();
  await expect(card.getByText(text('space.card.hidden'))).toBeVisible();
  await card.getByRole('button', { name: text('space.actions.unhide') }).click();
  await expect(card.getByText(text('space.card.hidden'))).toBeHidden();

  await card.getByRole('button', { name: text('space.actions.delete') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('space.confirmDelete.confirm') })
    .click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Spring show (copy)');
  // The card leaves at once; the server's answer to the deletion may still be on its way.
  await expect
    .poll(async () => {
      const gone = await page.request.get(`/api/sceneService/scene/metadata/${sceneId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return gone.status();
    })
    .toBe(404);
});

test('at the draft limit, Create space goes home with the draft-limit message and View drafts', async ({
  page,
}) => {
  await page.goto('/');
  await signUp(page, 'Dora Drafts', newEmail('dora'));
  const token = await accessTokenOf(page);
  // The free plan holds 5 drafts.
  for (let n = 1; n <= 5; n++) {
    const res = await page.request.post('/api/sceneService/scene/metadata', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { title: `Draft ${n}` },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/curate');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(text('space.draftLimit.message'))).toBeVisible();
  await page.getByRole('link', { name: text('space.draftLimit.viewDrafts') }).click();
  await expect(page).toHaveURL(/\/user\/[^/]+\/spaces\/drafts$/);
  await expect(page.getByRole('article', { name: /^Draft \d$/ })).toHaveCount(5);
});

test('on a phone held upright the viewer suggests landscape; Continue closes it', async ({ browser }) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  const users = await (await page.request.get('/api/userService/users/search?q=Studio%20Lindqvist')).json();
  const studio = (users as { items: { userId: string }[] }).items[0].userId;
  const spaces = await (
    await page.request.get(`/api/sceneService/publishedscene/metadata?ownerId=${studio}`)
  ).json();
  const [demo] = (spaces as { items: { sceneId: string; title: string }[] }).items;
  await page.goto(`/viewer/${demo.sceneId}`);
  // A banner over the space, not a modal in front of it.
  const banner = page.getByTestId('viewer-landscape-banner');
  await expect(banner).toContainText(text('viewer.landscape.message'), { timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await banner.getByRole('button', { name: text('viewer.landscape.continue') }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.title);
  await phone.close();
});
