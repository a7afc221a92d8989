import { expect, type Page, test } from '@playwright/test';
import type { ServerProcess } from '../tests/support/serverProcess';
import { ownServer } from './ownServer';
import { demoSpace, text } from './support';

// The server restarts while two visitors are in a space: both are back in it within 30 s of the
// server being up again, and a message one of them wrote while it was away reaches the other
// (sent when the writer is back; read from the instance's recent chat if the other comes later).
// This test runs its own server (same build and settings as the shared one) so it can stop it.

test.describe.configure({ timeout: 240_000 });

const liveRow = (page: Page, count: number) =>
  page.getByRole('group', { name: `${text('viewer.sidebar.liveVisitors')}: ${count}` });

test('after the server restarts both visitors are back within 30 s, and no chat message is lost', async ({
  browser,
}) => {
  const { origin, start, remove } = await ownServer('restart');
  let server: ServerProcess = await start();
  try {
    const first = await browser.newContext({ baseURL: origin, storageState: undefined });
    const second = await browser.newContext({ baseURL: origin, storageState: undefined });
    const space = await demoSpace(first.request);
    const [ana, ben] = await Promise.all([first.newPage(), second.newPage()]);
    for (const page of [ana, ben]) {
      await page.goto(`/viewer/${space.sceneId}`);
      await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', {
        timeout: 60_000,
      });
    }
    for (const page of [ana, ben]) {
      await expect(liveRow(page, 2)).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: text('viewer.sidebar.chat') }).click();
    }
    const anaInput = ana.getByRole('textbox', { name: text('viewer.chat.placeholder') });
    await anaInput.fill('Before the restart');
    await anaInput.press('Enter');
    await expect(ben.getByRole('log').getByText('Before the restart')).toBeVisible({ timeout: 10_000 });

    // The server stops (as for an update): the visitors are alone for now; Ana writes anyway.
    await server.stop();
    await expect(ana.getByText(text('viewer.chat.away'))).toBeVisible({ timeout: 20_000 });
    await anaInput.fill('While you were away');
    await anaInput.press('Enter');
    await expect(ana.getByTestId('viewer-chat-pending')).toContainText('While you were away');

    // The server is back: within 30 s both are in the space again, and Ana's message went, once.
    server = await start();
    const up = Date.now();
    for (const page of [ana, ben]) await expect(liveRow(page, 2)).toBeVisible({ timeout: 30_000 });
    expect(Date.now() - up).toBeLessThan(30_000);
    await expect(ana.getByTestId('viewer-chat-pending')).toHaveCount(0, { timeout: 10_000 });
    await expect(ana.getByRole('log').getByText('While you were away')).toHaveCount(1);
    await expect(ben.getByRole('log').getByText('While you were away')).toHaveCount(1, { timeout: 10_000 });
    // They chat on, both ways.
    await anaInput.fill('Glad you are back');
    await anaInput.press('Enter');
    await expect(ben.getByRole('log').getByText('Glad you are back')).toBeVisible({ timeout: 10_000 });
    const benInput = ben.getByRole('textbox', { name: text('viewer.chat.placeholder') });
    await benInput.fill('Me too');
    await benInput.press('Enter');
    await expect(ana.getByRole('log').getByText('Me too')).toBeVisible({ timeout: 10_000 });
    await first.close();
    await second.close();
  } finally {
    await server.stop();
    remove();
  }
});
