import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { SceneContent } from '../contracts/sceneContent';
import { templateSpace } from '../geometry/templates';
import { walkDataOf } from '../src/engine/web/build/walkData';
import { artworksOf, sees } from '../src/engine/web/viewer/firstView';
import { ask, cameraOf, openEngine } from './engine';

// A visitor opening a demo space sees artworks in the first frame, not a bare wall: the Print
// Fair and a museum space, both built from the Enfilade template, on /viewer/{id}; and in the
// engine, the artworks of the start view project inside the viewport.

test.describe.configure({ timeout: 180_000 });

interface Published {
  sceneId: string;
  title: string;
}

/** A published demo space by its title (any of the seed's three owners). */
async function demoByTitle(request: APIRequestContext, title: string): Promise<Published> {
  for (const ownerName of ['Harbour Museum', 'Riverside Secondary School', 'Studio Lindqvist']) {
    const users = await (
      await request.get(`/api/userService/users/search?q=${encodeURIComponent(ownerName)}`)
    ).json();
    const [owner] = (users as { items: { userId: string }[] }).items;
    if (!owner) continue;
    const spaces = await (
      await request.get(`/api/sceneService/publishedscene/metadata?ownerId=${owner.userId}&ipp=50`)
    ).json();
    const found = (spaces as { items: Published[] }).items.find((s) => s.title === title);
    if (found) return found;
  }
  throw new Error(`No published demo space '${title}'`);
}

/**
 * How varied the engine's picture is: distinct colours (quantised to 5 bits a channel) and the
 * standard deviation of the luminance, from a screenshot of the engine's box.
 */
async function pictureVariety(page: Page): Promise<{ colours: number; deviation: number }> {
  const png = await page.locator('canvas').first().screenshot();
  return page.evaluate(async (base64) => {
    const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const colours = new Set<number>();
    let sum = 0;
    let squares = 0;
    const n = data.length / 4;
    for (let i = 0; i < data.length; i += 4) {
      colours.add(((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3));
      const y = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      sum += y;
      squares += y * y;
    }
    const mean = sum / n;
    return { colours: colours.size, deviation: Math.sqrt(Math.max(0, squares / n - mean * mean)) };
  }, png.toString('base64'));
}

/**
 * Pictures of the document the visitor sees from the engine's camera: projected inside the
 * viewport and with no wall between (the plan's walls, as the engine's walking uses them).
 */
async function picturesInView(page: Page, content: SceneContent): Promise<number> {
  const walls = walkDataOf(templateSpace(content.spaceTemplate!)).obstacles;
  const camera = await cameraOf(page);
  const viewport = page.viewportSize()!;
  const artworks = artworksOf({ ...content, videos: [], models3d: [] });
  let inView = 0;
  for (const [i, picture] of content.pictures.entries()) {
    const p = await ask(page, 'Core', 'requestScreenPosition', { objectId: picture.id }, 'screenPosition');
    const onScreen = p.visible && p.x >= 0 && p.x <= viewport.width && p.y >= 0 && p.y <= viewport.height;
    if (onScreen && sees(camera.position, artworks[i], walls)) inView++;
  }
  return inView;
}

// What a first-time visitor sees: the viewer's own default settings, not the suite's lighter ones.
test.use({ storageState: { cookies: [], origins: [] } });

for (const title of ['Riverside Print Fair', 'Northern Light: Landscapes of the North Sea Coast']) {
  test(`${title} opens on artworks, not on a bare wall`, async ({ page }) => {
    const space = await demoByTitle(page.request, title);

    // The viewer page: the first frame shows more than a wall (pictures in frames, texts).
    await page.goto(`/viewer/${space.sceneId}`);
    const canvas = page.locator('canvas').first();
    await expect(canvas).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 90_000 });
    await expect
      .poll(async () => (await pictureVariety(page)).colours, { timeout: 30_000 })
      .toBeGreaterThan(120);
    const variety = await pictureVariety(page);
    expect(variety.deviation).toBeGreaterThan(12);

    // The same document in the engine: several of its pictures are in the start view.
    await openEngine(page, `?content=/api/sceneService/publishedscene/content/${space.sceneId}`);
    const content = (await (
      await page.request.get(`/api/sceneService/publishedscene/content/${space.sceneId}`)
    ).json()) as SceneContent;
    const inView = await picturesInView(page, content);
    expect(inView).toBeGreaterThanOrEqual(2);
  });
}

test('a space without a starting point opens where it sees the most artworks', async ({ page }) => {
  const space = await demoByTitle(page.request, 'Riverside Print Fair');
  const content = (await (
    await page.request.get(`/api/sceneService/publishedscene/content/${space.sceneId}`)
  ).json()) as Record<string, unknown>;
  // The same fair with its start removed (the contract's 'not set').
  await page.route(
    (url) => url.pathname === '/unset-start.json',
    (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ ...content, startingPosition: [0, 0, 0], startingRotation: 0 }),
      }),
  );
  await openEngine(page, '?content=/unset-start.json');
  const inView = await picturesInView(page, content as unknown as SceneContent);
  expect(inView).toBeGreaterThanOrEqual(2);
  expect(await pictureVariety(page).then((v) => v.colours)).toBeGreaterThan(120);
});
