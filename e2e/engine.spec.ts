import { expect, type Page, test } from '@playwright/test';
import { ask, cameraOf, eventSeen, holdKeyUntil, openEngine, send } from './engine';
import { text } from './support';
import gallery from '../public/demo/gallery.json' with { type: 'json' };

// The built-in engine in a real browser (WebGL on SwiftShader), driven as a visitor would: keys,
// clicks on the canvas, the page's controls. Walking tests run at Lowest quality so that software
// rendering keeps up; the quality test switches levels itself.

test.describe.configure({ timeout: 120_000 });

const door = { x: 0, z: 4.5 }; // door-test, in the wall between the Main Hall and the Garden Room
const stairs = gallery.customSpace.levels[0].stairs[0];
const portal = gallery.portals[0];
const welcome = gallery.infoPoints[0];
const tour = gallery.guidedTours[0];

test('a visitor walks through a door and up the stairs with the keyboard', async ({ page }) => {
  await openEngine(page, '?quality=0');
  expect(await cameraOf(page)).toMatchObject({ position: gallery.startingPosition, levelId: 'ground' });

  // Facing the door from the Main Hall (yaw 270 looks towards +x).
  await send(page, 'Viewer', 'teleport', { position: [door.x - 2.5, 1.6, door.z], rotation: 270 });
  const through = await holdKeyUntil(page, 'w', (c) => c.position[0] > door.x + 1.5);
  expect(through.position[2]).toBeCloseTo(door.z, 0);
  expect(through.levelId).toBe('ground');

  // Walking into a wall stops at the wall.
  await send(page, 'Viewer', 'teleport', { position: [door.x - 2.5, 1.6, door.z + 2.5], rotation: 270 });
  await page.keyboard.down('ArrowUp');
  await page.waitForTimeout(3000);
  await page.keyboard.up('ArrowUp');
  expect((await cameraOf(page)).position[0]).toBeLessThan(door.x - 0.3);

  // At the foot of the stairs, facing up them (they climb towards -z).
  await send(page, 'Viewer', 'teleport', {
    position: [stairs.position[0], 1.6, stairs.position[2] + 1.5],
    rotation: 0,
  });
  // Off the top step, the visitor stands on the upper floor (4 m up).
  const up = await holdKeyUntil(page, 'w', (c) => c.position[1] >= 4 + 1.6 - 0.001, 60_000);
  expect(up.levelId).toBe('upper');
  expect(up.position[2]).toBeLessThan(stairs.position[2] - 6);
});

test('the space shows before its models download; then they stand in it and stop the visitor', async ({
  page,
}) => {
  // The models' files wait until the test lets them go.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route('**/demo/models/**', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  await page.goto('/dev/engine?quality=0');
  await page.waitForFunction(() => window.engineDev?.last('loaded'), null, { timeout: 60_000, polling: 100 });
  // The first frame came without a single model; the models were asked for after it.
  expect(await page.evaluate(() => window.engineDev!.last('objectsLoaded'))).toBeFalsy();
  release();
  await page.waitForFunction(() => window.engineDev?.last('objectsLoaded'), null, {
    timeout: 60_000,
    polling: 100,
  });
  expect(asked).toContain('/demo/models/twisted-column.glb');

  // The twisted column (x -10, z -4) stops a visitor walking at it along +x (yaw 270).
  const column = gallery.models3d.find((m) => m.id === 'model-twisted-column')!;
  const [cx, , cz] = column.transform.position;
  await send(page, 'Viewer', 'teleport', { position: [cx - 2.5, 1.6, cz], rotation: 270 });
  await page.keyboard.down('w');
  await page.waitForTimeout(3000);
  await page.keyboard.up('w');
  expect((await cameraOf(page)).position[0]).toBeLessThan(cx - 0.2);
});

test('typing in a text field of the page does not move the visitor', async ({ page }) => {
  await openEngine(page, '?quality=0');
  const before = await cameraOf(page);
  await page.getByLabel(text('dev.engine.content'), { exact: true }).click();
  await page.keyboard.down('w');
  await page.waitForTimeout(1500);
  await page.keyboard.up('w');
  expect((await cameraOf(page)).position).toEqual(before.position);
});

test('the view keeps the shapes of things: a metre across is as long on screen as a metre up', async ({
  page,
}) => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await openEngine(page, '?quality=0');
    const { position, yaw, pitch } = await cameraOf(page);
    expect(Math.abs(pitch)).toBeLessThan(1);
    const a = (yaw * Math.PI) / 180;
    const forward = [-Math.sin(a), 0, -Math.cos(a)];
    const right = [Math.cos(a), 0, -Math.sin(a)];
    const at = (across: number, up: number) =>
      [0, 1, 2].map((i) => position[i] + 3 * forward[i] + across * right[i] + (i === 1 ? up : 0));
    const screen = async (p: number[]) =>
      ask(page, 'Core', 'projectPoint', { position: p }, 'projectedPoint');
    const [left, rightPoint, low, high] = [
      await screen(at(-0.5, 0)),
      await screen(at(0.5, 0)),
      await screen(at(0, -0.5)),
      await screen(at(0, 0.5)),
    ];
    const across = Math.hypot(rightPoint.x - left.x, rightPoint.y - left.y);
    const up = Math.hypot(high.x - low.x, high.y - low.y);
    expect(across).toBeGreaterThan(10);
    expect(across / up).toBeCloseTo(1, 1);
  }
});

test('clicking an info point opens its text', async ({ page }) => {
  await openEngine(page, '?quality=0');
  const spot = await ask(page, 'Core', 'requestScreenPosition', { objectId: welcome.id }, 'screenPosition');
  expect(spot.visible).toBe(true);
  await page.mouse.click(spot.x, spot.y);
  const dialog = page.getByRole('dialog', { name: welcome.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(welcome.text);
});

/** Stands 2 m in front of something flat, looking at it, and returns where it is on the page. */
async function faceObject(page: Page, id: string, transform: { position: number[]; rotation: number[] }) {
  const [x, , z] = transform.position;
  const yaw = transform.rotation[1];
  const r = (yaw * Math.PI) / 180;
  await send(page, 'Viewer', 'teleport', {
    position: [x + 2 * Math.sin(r), transform.position[1], z + 2 * Math.cos(r)],
    rotation: yaw,
  });
  return ask(page, 'Core', 'requestScreenPosition', { objectId: id }, 'screenPosition');
}

test('videos play and pause on click; a YouTube video opens its player in place', async ({ page }) => {
  await openEngine(page, '?quality=0');
  const [file, youtube] = gallery.videos;
  // The file video plays by itself (autoplay); a click pauses it, another plays it again.
  await expect
    .poll(() => page.evaluate(() => window.engineDev!.last('videoState')))
    .toMatchObject({ objectId: file.id, playing: true });
  const onFile = await faceObject(page, file.id, file.transform);
  expect(onFile.visible).toBe(true);
  await page.mouse.click(onFile.x, onFile.y);
  await expect
    .poll(() => page.evaluate(() => window.engineDev!.last('videoState')))
    .toMatchObject({ objectId: file.id, playing: false });
  await page.mouse.click(onFile.x, onFile.y);
  await expect
    .poll(() => page.evaluate(() => window.engineDev!.last('videoState')))
    .toMatchObject({ objectId: file.id, playing: true });

  const onPoster = await faceObject(page, youtube.id, youtube.transform);
  await page.mouse.click(onPoster.x, onPoster.y);
  await expect(page.locator(`iframe[src*="youtube-nocookie.com/embed/${youtube.youtubeId}"]`)).toBeAttached();
  // The page of a web view is placed in 3D as an iframe too, shown when the visitor is near.
  const view = gallery.webViews3d[0];
  await faceObject(page, view.id, view.transform);
  await expect(page.locator(`iframe[src="${view.url}"]`)).toBeVisible();
});

test('a guided tour plays to its last point', async ({ page }) => {
  await openEngine(page, '?quality=0');
  await page.getByRole('button', { name: text('viewer.paths.start') }).click();
  const end = await page.waitForFunction(
    () => window.engineDev!.events.find((e) => e.type === 'guidedTourState' && e.finished),
    null,
    { timeout: 60_000, polling: 200 },
  );
  const last = tour.points[tour.points.length - 1];
  expect(await end.jsonValue()).toMatchObject({ pointIndex: tour.points.length - 1, playing: false });
  const camera = await cameraOf(page);
  camera.position.forEach((v, i) => expect(v).toBeCloseTo(last.position[i], 1));
  expect(camera.levelId).toBe('upper');
});

test('walking into a portal asks the page to go to its space', async ({ page }) => {
  await openEngine(page, '?quality=0');
  const [x, y, z] = portal.transform.position;
  // On the upper level, 2.5 m in front of the portal, facing it.
  await send(page, 'Viewer', 'teleport', { position: [x, y + 0.5, z + 2.5], rotation: 0 });
  await page.keyboard.down('w');
  const request = await eventSeen(page, 'navigationRequested');
  await page.keyboard.up('w');
  expect(request).toMatchObject({ kind: 'portal', targetSceneId: portal.targetSceneId });
  await expect(
    page.getByText(text('dev.engine.portal').replace('{{target}}', portal.targetSceneId)),
  ).toBeVisible();
});

test.describe('graphics settings', () => {
  // A smaller window: on software graphics a Max frame costs by the pixel, and a busy machine
  // must still get a click through between two of them.
  test.use({ viewport: { width: 800, height: 450 } });

  test('graphics quality switches from the settings and the ` key shows the profiler', async ({ page }) => {
    // The resolution as set: software graphics would have the adaptive resolution lower it.
    await openEngine(page, '?adaptive=0');
    const canvas = page.locator('[data-engine="web"] canvas');
    const cssWidth = await canvas.evaluate((c) => c.clientWidth);
    expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBe(cssWidth);

    /** Chooses a quality in Settings and waits until the engine applied what is expected of it. */
    const choose = async (quality: 'lowest' | 'max', applied: Record<string, unknown>) => {
      await page.getByLabel(text('viewer.settings.graphicsQuality')).click();
      await page.getByRole('option', { name: text(`viewer.settings.quality.${quality}`) }).click();
      await expect
        .poll(() => page.evaluate(() => window.engineDev!.last('settingsApplied')))
        .toMatchObject(applied);
    };

    await choose('lowest', { graphicsQuality: 0, pixelRatio: 0.5, shadows: false });
    await expect
      .poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width))
      .toBe(Math.round(cssWidth / 2));

    // Focus leaves the settings' select (a focused field keeps keys from the engine).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Backquote');
    const profiler = page.getByRole('status', { name: 'Engine profiler' });
    await expect(profiler).toBeVisible();
    await expect(profiler).toContainText(/draw calls\s+\d+/);
    await page.keyboard.press('Backquote');
    await expect(profiler).toBeHidden();

    // Max comes last: on software graphics a Max frame of the gallery takes long enough to stall
    // the clicks that would come after it.
    await choose('max', { graphicsQuality: 5, shadows: true });
  });
});

test('the inspector reports the size and counts of a model of known size', async ({ page }) => {
  await openEngine(page, '?mode=inspector&asset=/demo/models/box-2x1x0.5.glb&kind=model3d&format=glb');
  await expect(page.getByTestId('inspector-dimensions')).toHaveText('2 × 1 × 0.5 m');
  await expect(page.getByTestId('inspector-counts')).toHaveText(
    '12 triangles, 1 meshes, 1 materials, 0 textures, 0 animation clips',
  );
  const report = await eventSeen(page, 'inspectorReport');
  expect(report.dimensions).toEqual({ x: 2, y: 1, z: 0.5 });
  await page.getByLabel(text('dev.engine.showDimensions')).check();
  // The animated sculpture reports its clip.
  await page.getByLabel(text('dev.engine.asset')).fill('/demo/models/mobile.glb');
  const next = page.evaluate(() => window.engineDev!.next('inspectorReport'));
  await page.getByRole('button', { name: text('dev.engine.inspect') }).click();
  expect((await next).animationClips).toEqual(['Spin']);
});
