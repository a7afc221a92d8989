import { chromium, expect, type Page, test } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import { demoSpace, expectAccessible, text } from './support';

// Two visitors of one space talk: each turns on their microphone (Chromium's fake one), which
// joins them to voice; they stand near each other, and a WebRTC connection between them carries audio both ways (the bytes
// each receives grow). Push to talk: the visitor is heard only while holding the button; muted,
// never.

test.describe.configure({ timeout: 180_000 });
test.use({ storageState: { cookies: [], origins: [] } });
// A space of the museum's that no other test walks in, so that the peers are this test's own.
const spaceTitle = 'Northern Light: Landscapes of the North Sea Coast';
const mediaArgs = [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** Keeps every peer connection the page makes, to read its statistics. */
function recordPeerConnections() {
  const made: RTCPeerConnection[] = [];
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
    }
  } as typeof RTCPeerConnection;
  (window as unknown as { audioBytesReceived: () => Promise<number> }).audioBytesReceived = async () => {
    let bytes = 0;
    for (const connection of made) {
      if (connection.connectionState === 'closed') continue;
      (await connection.getStats()).forEach((report) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
      });
    }
    return bytes;
  };
}

const audioBytesReceived = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { audioBytesReceived: () => Promise<number> }).audioBytesReceived(),
  );

async function visit(sceneId: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: mediaArgs,
  });
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.addInitScript(recordPeerConnections);
  const page = await context.newPage();
  await page.goto(`/viewer/${sceneId}`);
  await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  // A step forward, so that the other learns where this visitor stands.
  await page
    .locator('canvas')
    .first()
    .click({ position: { x: 5, y: 5 } });
  await page.keyboard.down('w');
  await page.waitForTimeout(300);
  await page.keyboard.up('w');
  await page.getByRole('button', { name: text('viewer.sidebar.voice') }).click();
  return { browser, page };
}

test('two visitors near each other talk: their voices reach each other as audio', async ({ request }) => {
  const space = await demoSpace(request, 'Harbour Museum', spaceTitle);
  const ana = await visit(space.sceneId);
  const ben = await visit(space.sceneId);
  try {
    for (const { page } of [ana, ben]) {
      await page.getByRole('button', { name: text('viewer.voice.turnOn') }).click();
      await expect(page.getByRole('button', { name: text('viewer.voice.turnOff') })).toBeVisible();
    }
    // Each, having joined, finds the other within voice range.
    for (const { page } of [ana, ben])
      await expect(page.getByTestId('voice-peers')).toHaveText(
        text('viewer.voice.peers_one').replace('{{count}}', '1'),
        { timeout: 30_000 },
      );
    await expectAccessible(ana.page);

    // Push to talk: not heard until the button is held.
    await expect(ana.page.getByTestId('voice-heard')).toHaveAttribute('data-heard', 'false');
    const hold = ana.page.getByRole('button', { name: text('viewer.voice.holdToTalk') });
    await hold.hover();
    await ana.page.mouse.down();
    await expect(ana.page.getByTestId('voice-heard')).toHaveAttribute('data-heard', 'true');
    await ana.page.mouse.up();
    await expect(ana.page.getByTestId('voice-heard')).toHaveAttribute('data-heard', 'false');

    // Open microphone on both: audio flows each way, and keeps flowing.
    for (const { page } of [ana, ben])
      await page.getByRole('button', { name: text('viewer.voice.openMic') }).click();
    for (const { page } of [ana, ben]) {
      await expect(page.getByTestId('voice-heard')).toHaveAttribute('data-heard', 'true');
      await expect.poll(() => audioBytesReceived(page), { timeout: 30_000 }).toBeGreaterThan(1000);
      const before = await audioBytesReceived(page);
      await expect.poll(() => audioBytesReceived(page), { timeout: 10_000 }).toBeGreaterThan(before);
    }

    // Muted, Ana is not heard (her page says so); unmuted, she is again.
    await ana.page.getByRole('button', { name: text('viewer.voice.mute') }).click();
    await expect(ana.page.getByTestId('voice-heard')).toHaveAttribute('data-heard', 'false');
    await ana.page.getByRole('button', { name: text('viewer.voice.unmute') }).click();
    await expect(ana.page.getByTestId('voice-heard')).toHaveAttribute('data-heard', 'true');

    // The microphone chosen in Settings: the fake device is listed once allowed.
    await ben.page.getByRole('button', { name: text('viewer.sidebar.settings') }).click();
    await ben.page.getByRole('combobox', { name: text('viewer.settings.microphone') }).click();
    await expect(ben.page.getByRole('option')).not.toHaveCount(1);
    await ben.page.keyboard.press('Escape');
  } finally {
    await ana.browser.close();
    await ben.browser.close();
  }
});
