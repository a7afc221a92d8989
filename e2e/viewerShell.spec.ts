import { expect, type Page, test } from '@playwright/test';
import { type DemoSpace, demoSpace, expectAccessible, text } from './support';

// The viewer's sidebar as a visitor meets it: every panel opened by keyboard alone, settings and
// sound kept after a reload, no serious accessibility problem with any panel open, and on a phone
// held upright the landscape suggestion as a banner over the working space.

/** The panel buttons of a full-page viewer, in toolbar order. */
const panels = [
  'viewer.sidebar.spaceInfo',
  'viewer.sidebar.emotes',
  'viewer.sidebar.share',
  'viewer.sidebar.paths',
  'viewer.sidebar.map',
  'viewer.sidebar.chat',
  'viewer.sidebar.voice',
  'viewer.sidebar.events',
  'viewer.sidebar.party',
  'viewer.sidebar.exploreOther',
  'viewer.sidebar.settings',
  'viewer.sidebar.sound',
];

// Each test opens the space and walks every panel, drawn by the software renderer the other
// tests' pages share: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

let demo: DemoSpace;
test.beforeAll(async ({ request }) => {
  demo = await demoSpace(request);
});

const toolbar = (page: Page) => page.getByRole('navigation', { name: text('viewer.sidebar.toolbar') });
const panelButton = (page: Page, key: string) =>
  toolbar(page).getByRole('button', { name: text(key), exact: true });
const panel = (page: Page, key: string) => page.getByRole('region', { name: text(key), exact: true });

/** Opens the demo space and waits until the space has loaded (no loading overlay left). */
async function openViewer(page: Page) {
  await page.goto(`/viewer/${demo.sceneId}`);
  // The space's record comes before the engine; on a busy machine it may take a while.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.title, { timeout: 30_000 });
  await expect(page.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  await expect(toolbar(page)).toBeVisible();
}

/** Presses Tab until the element is focused (at most `max` times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 20) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('each sidebar panel opens by keyboard alone; Escape closes it and the focus returns', async ({
  page,
}) => {
  await openViewer(page);
  await tabTo(page, panelButton(page, panels[0]));
  for (const [index, key] of panels.entries()) {
    const button = panelButton(page, key);
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel(page, key)).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // The focus went into the panel: Tab reaches its controls, not the next toolbar button.
    await expect(panel(page, key)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page, key)).toBeHidden();
    await expect(button).toBeFocused();
    if (index < panels.length - 1) await page.keyboard.press('Tab');
  }
});

test('the panels show the space: info, share, paths and other spaces', async ({ page }) => {
  // Many steps on software graphics, on a busy machine.
  test.setTimeout(90_000);
  await openViewer(page);
  await panelButton(page, 'viewer.sidebar.spaceInfo').click();
  const info = panel(page, 'viewer.sidebar.spaceInfo');
  await expect(info).toContainText(demo.title);
  await expect(info).toContainText(text('viewer.spaceInfo.totalVisits'));
  await expect(info.getByRole('button', { name: demo.ownerName, exact: true })).toBeVisible();
  // The creator's counts come from their public profile.
  await expect(info.getByTestId('viewer-creator-counts')).toContainText(text('viewer.spaceInfo.followers'));
  await info.getByRole('button', { name: demo.ownerName, exact: true }).click();
  await expect(page.getByRole('menuitem', { name: text('viewer.creator.viewProfile') })).toBeVisible();
  await page.keyboard.press('Escape');

  await panelButton(page, 'viewer.sidebar.share').click();
  const share = panel(page, 'viewer.sidebar.share');
  await expect(share.getByRole('textbox', { name: text('shareModal.link') })).toHaveValue(
    new RegExp(`/viewer/${demo.sceneId}\\?from=share$`),
  );
  await expect(
    share.getByRole('navigation', { name: text('shareModal.networks') }).getByRole('link'),
  ).toHaveCount(7);
  await share.getByRole('button', { name: text('share.embed') }).click();
  const embed = page.getByRole('dialog', { name: text('share.embedTitle') });
  await expect(embed.getByRole('textbox', { name: text('share.embedCode') })).toHaveValue(
    new RegExp(`/viewer/embed/${demo.sceneId}`),
  );
  // Modals stay open on Escape (platform.md §4): Close closes it.
  await embed.getByRole('button', { name: text('modal.close') }).click();
  await expect(embed).toBeHidden();

  // Paths: the space's guided tours, or 'There are no guided tours.'
  const content = (await (
    await page.request.get(`/api/sceneService/publishedscene/content/${demo.sceneId}`)
  ).json()) as { guidedTours?: { title: string }[] };
  const tours = content.guidedTours ?? [];
  await panelButton(page, 'viewer.sidebar.paths').click();
  const paths = panel(page, 'viewer.sidebar.paths');
  if (tours.length === 0)
    await expect(paths).toHaveText(new RegExp(text('viewer.paths.empty').replace('.', '\\.')));
  else {
    await expect(paths.getByRole('button', { name: text('viewer.paths.start') })).toHaveCount(tours.length);
    await paths
      .getByRole('button', { name: text('viewer.paths.start') })
      .first()
      .click();
    await expect(paths.getByTestId('viewer-tour-point')).toContainText('1');
    await paths.getByRole('button', { name: text('viewer.paths.pause') }).click();
    await expect(paths.getByRole('button', { name: text('viewer.paths.resume') })).toBeVisible();
  }

  await panelButton(page, 'viewer.sidebar.exploreOther').click();
  const more = panel(page, 'viewer.sidebar.exploreOther');
  await expect(more.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
  // Never this space itself.
  await expect(more.getByRole('article', { name: demo.title, exact: true })).toHaveCount(0);
});

test('graphics and sound settings are kept after a reload, and the engine starts with them', async ({
  page,
}) => {
  await openViewer(page);
  await panelButton(page, 'viewer.sidebar.settings').click();
  const settings = panel(page, 'viewer.sidebar.settings');
  await settings.getByRole('combobox', { name: text('viewer.settings.graphicsQuality') }).click();
  await page.getByRole('option', { name: text('viewer.settings.quality.low'), exact: true }).click();
  await settings.getByRole('combobox', { name: text('viewer.settings.renderQuality') }).click();
  await page.getByRole('option', { name: '50 %', exact: true }).click();
  const canvas = page.locator('canvas').first();
  // Render quality 50 %: the engine draws at half the canvas' size, at once.
  const halfSize = () => canvas.evaluate((c: HTMLCanvasElement) => c.width / c.clientWidth);
  await expect.poll(halfSize).toBeLessThanOrEqual(0.55);

  await panelButton(page, 'viewer.sidebar.sound').click();
  const sound = panel(page, 'viewer.sidebar.sound');
  const volume = sound.getByRole('slider', { name: text('viewer.sound.volume') });
  await expect(volume).toHaveValue('100');
  await volume.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
  await expect(volume).toHaveValue('70');
  await sound.getByRole('button', { name: text('viewer.sidebar.mute') }).click();
  await expect(sound.getByRole('button', { name: text('viewer.sidebar.unmute') })).toBeVisible();

  await page.reload();
  await openViewer(page);
  await expect.poll(halfSize).toBeLessThanOrEqual(0.55);
  await panelButton(page, 'viewer.sidebar.settings').click();
  await expect(
    panel(page, 'viewer.sidebar.settings').getByRole('combobox', {
      name: text('viewer.settings.graphicsQuality'),
    }),
  ).toHaveText(text('viewer.settings.quality.low'));
  await panelButton(page, 'viewer.sidebar.sound').click();
  const again = panel(page, 'viewer.sidebar.sound');
  // Still muted; unmuting restores the volume from before.
  await again.getByRole('button', { name: text('viewer.sidebar.unmute') }).click();
  await expect(again.getByRole('slider', { name: text('viewer.sound.volume') })).toHaveValue('70');
});

test('no serious or critical accessibility violation with each panel open', async ({ page }) => {
  // An axe run per panel, twelve panels: on a busy machine this takes longer than the others.
  test.setTimeout(180_000);
  await openViewer(page);
  await expectAccessible(page);
  for (const key of panels) {
    await panelButton(page, key).click();
    await expect(panel(page, key)).toBeVisible();
    // The panel's own content has arrived (other spaces are loaded after it opens).
    if (key === 'viewer.sidebar.exploreOther')
      await expect(panel(page, key).getByRole('article').first()).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
  }
});

test('on a phone held upright the landscape suggestion is a banner over the working space', async ({
  browser,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  await page.goto(`/viewer/${demo.sceneId}`);
  const banner = page.getByTestId('viewer-landscape-banner');
  await expect(banner).toContainText(text('viewer.landscape.message'), { timeout: 60_000 });
  // Not a modal: nothing else is hidden from assistive technology, the space is drawn around it.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const canvas = page.locator('canvas').first();
  await expect(canvas).toBeVisible();
  await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  const box = (await canvas.boundingBox())!;
  const bannerBox = (await banner.boundingBox())!;
  expect(box.height).toBeGreaterThan(bannerBox.height * 4);
  // The sidebar works while the banner shows: its panels open as a drawer.
  await panelButton(page, 'viewer.sidebar.spaceInfo').tap();
  await expect(page.getByRole('dialog', { name: text('viewer.sidebar.spaceInfo') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await banner.getByRole('button', { name: text('viewer.landscape.continue') }).tap();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.title);
  await phone.close();
});

/** One second of a quiet 440 Hz tone as a WAV file. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 440) * 3000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test("the space's ambient sound plays once, pauses, and follows the volume and mute", async ({ page }) => {
  // The demo space with an ambient sound (the seed's spaces have none).
  await page.route(`**/api/sceneService/publishedscene/content/${demo.sceneId}`, async (route) => {
    const response = await route.fetch();
    const content = {
      ...(await response.json()),
      ambientSoundUri: new URL('/e2e-ambient.wav', page.url()).href,
    };
    await route.fulfill({ response, json: content });
  });
  await page.route('**/e2e-ambient.wav', (route) =>
    route.fulfill({ status: 200, contentType: 'audio/wav', body: toneWav() }),
  );
  // Every media element the page plays, whether in the document or not.
  await page.addInitScript(() => {
    const played = new Set<HTMLMediaElement>();
    (window as unknown as { played: Set<HTMLMediaElement> }).played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.add(this);
      return play.call(this);
    };
  });
  const playing = () =>
    page.evaluate(() =>
      [...(window as unknown as { played: Set<HTMLMediaElement> }).played]
        .filter((m) => !m.paused && m.src.endsWith('/e2e-ambient.wav'))
        .map((m) => m.volume),
    );

  await openViewer(page);
  await panelButton(page, 'viewer.sidebar.sound').click();
  const sound = panel(page, 'viewer.sidebar.sound');
  // The click was the visitor's first gesture: the sound plays, by one player only.
  await expect(sound.getByRole('button', { name: text('viewer.sound.pause') })).toBeVisible();
  await expect.poll(playing).toEqual([1]);

  const volume = sound.getByRole('slider', { name: text('viewer.sound.volume') });
  await volume.focus();
  await page.keyboard.press('PageDown');
  await expect.poll(playing).toEqual([0.9]);
  await sound.getByRole('button', { name: text('viewer.sidebar.mute') }).click();
  await expect.poll(playing).toEqual([0]);
  await sound.getByRole('button', { name: text('viewer.sidebar.unmute') }).click();
  await expect.poll(playing).toEqual([0.9]);

  await sound.getByRole('button', { name: text('viewer.sound.pause') }).click();
  await expect(sound.getByRole('button', { name: text('viewer.sound.play') })).toBeVisible();
  await expect.poll(playing).toEqual([]);
  // Closing the panel does not stop or restart the sound: the page owns the player.
  await sound.getByRole('button', { name: text('viewer.sound.play') }).click();
  await expect.poll(playing).toEqual([0.9]);
  await page.keyboard.press('Escape');
  await expect.poll(playing).toEqual([0.9]);
});

test('an embedded viewer keeps its corner controls and shows every panel but other spaces, emotes, chat, voice and party', async ({
  page,
}) => {
  await page.goto(`/viewer/embed/${demo.sceneId}?showSignIn=1&showCommunications=0`);
  await expect(page.getByTestId('viewer-embed-controls')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('viewer-sign-in')).toBeVisible();
  const buttons = toolbar(page).getByRole('button');
  // Neither other spaces nor the party, nor, with showCommunications=0, the emotes, the chat and the voice.
  await expect(buttons).toHaveCount(panels.length - 5);
  await expect(panelButton(page, 'viewer.sidebar.party')).toHaveCount(0);
  await expect(panelButton(page, 'viewer.sidebar.exploreOther')).toHaveCount(0);
  await expect(panelButton(page, 'viewer.sidebar.chat')).toHaveCount(0);
  await expect(panelButton(page, 'viewer.sidebar.emotes')).toHaveCount(0);
  await expect(panelButton(page, 'viewer.sidebar.voice')).toHaveCount(0);
  // The toolbar stays clear of the corner controls.
  const corner = (await page.getByTestId('viewer-embed-controls').boundingBox())!;
  const bar = (await toolbar(page).boundingBox())!;
  expect(bar.y).toBeGreaterThanOrEqual(corner.y + corner.height);
});
