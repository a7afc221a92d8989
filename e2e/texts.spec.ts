import { expect, test } from '@playwright/test';
import { builtInFontFamilies } from '../contracts/fonts';
import { parseSceneContent } from '../contracts/sceneContent';
import { ask, eventSeen, send } from './engine';
import { demoSpace } from './support';
import gallery from '../public/demo/gallery.json' with { type: 'json' };

// 3D texts in the built-in engine: every built-in family in every weight and style comes from our
// own origin, and a hypertext asks for its link when clicked; the viewer opens it in a new tab.

test.describe.configure({ timeout: 120_000 });

const link = gallery.texts3d.find((t) => 'link' in t && t.link)!;

test('texts load each built-in family, bold and italic, from our own origin', async ({ page, baseURL }) => {
  const texts3d = builtInFontFamilies.flatMap((font, f) =>
    [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ].map(([bold, italic], s) => ({
      id: `text-${f}-${s}`,
      text: `${font} Café ${bold ? 'bold' : ''} ${italic ? 'italic' : ''}`,
      font,
      bold,
      italic,
      alignment: s === 3 ? 'justify' : 'left',
      ...(s === 3 ? { maxWidth: 1.5 } : {}),
      transform: { position: [-7 + s, 1 + f * 0.4, -8.8] },
    })),
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fonts: { url: string; status: number }[] = [];
  page.on('response', (res) => {
    if (/\.woff2?(\?|$)/.test(res.url())) fonts.push({ url: res.url(), status: res.status() });
  });
  await page.addInitScript(
    (content) => {
      sessionStorage.setItem('engine-dev-content', content);
    },
    JSON.stringify({ ...gallery, texts3d }),
  );
  await page.goto('/dev/engine?content=session&quality=0');
  await page.waitForFunction(() => window.engineDev?.last('loaded'), null, { timeout: 60_000, polling: 100 });
  expect(await page.evaluate(() => window.engineDev!.events.filter((e) => e.type === 'assetFailed'))).toEqual(
    [],
  );
  expect(errors).toEqual([]);
  // Four files a family (regular, bold, italic, bold italic), all served here.
  const origin = new URL(baseURL!).origin;
  expect(
    fonts.every((f) => f.status === 200 && f.url.startsWith(origin)),
    JSON.stringify(fonts),
  ).toBe(true);
  const names = new Set(
    fonts.map((f) =>
      new URL(f.url).pathname
        .split('/')
        .pop()!
        .replace(/\.[^.]+\.woff$/, '.woff'),
    ),
  );
  for (const family of ['roboto', 'merriweather', 'playfair-display', 'roboto-mono']) {
    for (const file of ['400-normal', '700-normal', '400-italic', '700-italic']) {
      expect(
        [...names].some((n) => n.startsWith(`${family}-latin-${file}`)),
        `${family} ${file}`,
      ).toBe(true);
    }
  }
});

test('clicking a hypertext asks for its link', async ({ page }) => {
  await page.goto('/dev/engine?quality=0');
  await page.waitForFunction(() => window.engineDev?.last('loaded'), null, { timeout: 60_000, polling: 100 });
  const [x, y, z] = link.transform.position;
  const yaw = link.transform.rotation?.[1] ?? 0;
  const r = (yaw * Math.PI) / 180;
  await send(page, 'Viewer', 'teleport', {
    position: [x + 2 * Math.sin(r), y, z + 2 * Math.cos(r)],
    rotation: yaw,
  });
  const spot = await ask(page, 'Core', 'requestScreenPosition', { objectId: link.id }, 'screenPosition');
  expect(spot.visible).toBe(true);
  await page.mouse.click(spot.x, spot.y);
  expect(await eventSeen(page, 'linkRequested')).toMatchObject({ objectId: link.id, url: link.link });
});

test('the viewer opens a hypertext’s link in a new tab', async ({ page, context }) => {
  const demo = await demoSpace(page.request);
  const url = 'https://example.com/hypertext';
  // The demo space's published content, with one large hypertext in front of the visitor.
  await page.route(`**/api/sceneService/publishedscene/content/${demo.sceneId}`, async (route) => {
    const content = await (await route.fetch()).json();
    const sign = { id: 'sign', text: 'OPEN', size: 400, bold: true, link: url };
    // Open ground (no room walls or counters near the start), so nothing stands in the way.
    const { customSpace: _room, spaceTemplate: _template, ...rest } = content;
    const parsed = parseSceneContent({
      ...rest,
      startingPosition: [0, 1.6, 0],
      startingRotation: 0,
      texts3d: [{ ...sign, font: 'Roboto', transform: { position: [0, 1.6, -2] } }],
      pictures: [],
      videos: [],
      models3d: [],
      portals: [],
      infoPoints: [],
      props: [],
      webViews3d: [],
      liveVideos: [],
      guidedTours: [],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    await route.fulfill({ json: parsed.content });
  });
  await context.route(url, (route) => route.fulfill({ body: 'elsewhere', contentType: 'text/plain' }));
  await page.goto(`/viewer/${demo.sceneId}`);
  // The space is shown (the progress bar is also absent before loading starts).
  await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  const box = (await page.locator('canvas').first().boundingBox())!;
  const opened = context.waitForEvent('page', { timeout: 15_000 });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const tab = await opened;
  await expect(tab).toHaveURL(url);
  expect(page.url()).toContain(`/viewer/${demo.sceneId}`);
});
