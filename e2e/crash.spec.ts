import { expect, type Page, test } from '@playwright/test';
import type { ServerProcess } from '../tests/support/serverProcess';
import { ownServer } from './ownServer';
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

// The server dies while a creator's save is on its way: the space they saved before is still there,
// whole, when the server is back, and the editor's retry then stores the edit that was in flight.
// This test runs its own server (same build and settings as the shared one) so it can kill it.

test.describe.configure({ timeout: 240_000 });

const saveStatus = (page: Page) => page.getByTestId('editor-save-status');
test('killing the server during a save leaves the saved space loadable; the retry stores the edit', async ({
  page,
}) => {
  const { origin, start, remove } = await ownServer('crash');
  let server: ServerProcess = await start();
  try {
    await page.goto(`${origin}/`);
    await signUp(page, 'Kit Crash', newEmail('kit'));
    await page.goto(`${origin}/curate`);
    await skipGuide(page);
    await usePremade(page, 'White cube', 'M');
    await hangPicture(page, 'Picture 1');
    await expect(placedObjects(page)).toHaveCount(1);
    await page.getByRole('textbox', { name: text('editor.header.titleLabel') }).fill('Before the crash');
    await page.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/curate\/[^/]+$/, { timeout: 30_000 });
    await expect(saveStatus(page)).toHaveText(text('editor.header.status.saved'), { timeout: 30_000 });
    const sceneId = page.url().split('/').pop()!;
    const token = await accessTokenOf(page);
    const pictures = async () => {
      const res = await page.request.get(`${origin}/api/sceneService/scene/content/${sceneId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { pictures: unknown[] }).pictures.length;
    };
    expect(await pictures()).toBe(1);

    // The next save is on its way when the server is killed (SIGKILL: no clean shutdown).
    // A save after the first sends only the change (PATCH); a full save is a PUT. Either is a write.
    const contentPut = (url: URL) => url.pathname === `/api/sceneService/scene/content/${sceneId}`;
    const isWrite = (method: string) => method === 'PUT' || method === 'PATCH';
    await page.route(contentPut, async (route) => {
      if (!isWrite(route.request().method())) return route.continue();
      await server.kill();
      await route.continue().catch(() => undefined);
    });
    await hangPicture(page, 'Picture 2');
    await expect(placedObjects(page)).toHaveCount(2);
    await page.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
    await expect(saveStatus(page)).toHaveText(text('editor.header.status.failed'), { timeout: 30_000 });

    // The server is back on the same data. Until the editor's retry arrives, the stored space is
    // the one saved before, whole.
    let releaseRetry: () => void = () => undefined;
    const retryHeld = new Promise<void>((resolve) => (releaseRetry = resolve));
    await page.unroute(contentPut);
    await page.route(contentPut, async (route) => {
      if (isWrite(route.request().method())) await retryHeld;
      await route.continue();
    });
    server = await start();
    expect(await pictures()).toBe(1);
    const title = await page.request.get(`${origin}/api/sceneService/scene/metadata/${sceneId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await title.json()) as { title: string }).title).toBe('Before the crash');
    releaseRetry();

    // The retry stores the edit that was in flight: nothing the creator did is lost.
    await expect(saveStatus(page)).toHaveText(text('editor.header.status.saved'), { timeout: 60_000 });
    expect(await pictures()).toBe(2);
    await page.unroute(contentPut);
    await page.reload();
    await page.getByRole('tab', { name: new RegExp(text('editor.steps.addContent')) }).click();
    await expect(placedObjects(page)).toHaveCount(2);
  } finally {
    await server.stop();
    remove();
  }
});
