import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { cameraOf, openEngine, send } from './engine';
import strings from '../src/i18n/parts/viewerMap.json' with { type: 'json' };
import { demoSpace } from './support';

// Headsets, emulated in Chromium by IWER (the Immersive Web Emulation Runtime): a Meta Quest 3
// with its two controllers replaces the browser's WebXR before the app loads.

test.setTimeout(180_000);

const iwerBundle = createRequire(import.meta.url).resolve('iwer/build/iwer.min.js');

interface EmulatedController {
  position: { set(x: number, y: number, z: number): void };
  quaternion: { set(x: number, y: number, z: number, w: number): void };
  updateButtonValue(id: string, value: number): void;
  updateAxes(id: string, x: number, y: number): void;
}
declare global {
  interface Window {
    IWER: { XRDevice: new (config: unknown) => unknown; metaQuest3: unknown };
    xrDevice: {
      installRuntime(options?: { forceInstall?: boolean }): void;
      activeSession?: unknown;
      controllers: { left: EmulatedController; right: EmulatedController };
    };
  }
}

async function emulateHeadset(page: Page) {
  await page.addInitScript({ path: iwerBundle });
  await page.addInitScript(() => {
    const device = new window.IWER.XRDevice(window.IWER.metaQuest3) as Window['xrDevice'];
    device.installRuntime({ forceInstall: true });
    window.xrDevice = device;
  });
}

const sessionActive = (page: Page) => page.evaluate(() => window.xrDevice.activeSession !== undefined);

test('a visitor with a headset enters VR from the viewer and leaves it', async ({ page, request }) => {
  await emulateHeadset(page);
  const demo = await demoSpace(request);
  await page.goto(`/viewer/${demo.sceneId}`);
  const button = page.getByRole('button', { name: strings.viewer.xr.enter });
  await expect(button).toBeVisible({ timeout: 60_000 });
  await button.click();
  await expect(page.getByRole('button', { name: strings.viewer.xr.exit })).toBeVisible();
  expect(await sessionActive(page)).toBe(true);
  // The emulator lays the headset's view over the page, as a headset hides it: the keyboard still reaches the button.
  await page.getByRole('button', { name: strings.viewer.xr.exit }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: strings.viewer.xr.enter })).toBeVisible();
  expect(await sessionActive(page)).toBe(false);
  // Leaving from the headset's own menu (the session ends) brings the button back too.
  await page.getByRole('button', { name: strings.viewer.xr.enter }).click();
  await expect(page.getByRole('button', { name: strings.viewer.xr.exit })).toBeVisible();
  await page.evaluate(() => (window.xrDevice.activeSession as { end(): Promise<void> }).end());
  await expect(page.getByRole('button', { name: strings.viewer.xr.enter })).toBeVisible();
});

test('without a headset there is no Enter VR', async ({ page, request }) => {
  const demo = await demoSpace(request);
  await page.goto(`/viewer/${demo.sceneId}`);
  await expect(page.getByTestId('viewer-page')).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(page.getByRole('button', { name: strings.viewer.xr.enter })).toHaveCount(0);
});

test('the controllers teleport to the floor they point at and snap-turn by 45°', async ({ page }) => {
  await emulateHeadset(page);
  // The lowest quality: the emulator draws both eyes in software graphics.
  await openEngine(page, '?mode=viewer&quality=0');
  await send(page, 'Viewer', 'enterVr');
  await page.waitForFunction(() => window.engineDev!.last('xrState')?.active, null, { timeout: 30_000 });
  const start = await cameraOf(page);

  // The right controller points down ahead at the floor (60° below the horizon), then pulls the trigger.
  await page.evaluate(() => {
    const right = window.xrDevice.controllers.right;
    right.position.set(0.2, 1.4, -0.3);
    right.quaternion.set(-0.5, 0, 0, Math.sqrt(3) / 2);
  });
  await page.waitForTimeout(300);
  await page.evaluate(() => window.xrDevice.controllers.right.updateButtonValue('trigger', 1));
  await page.waitForTimeout(300);
  await page.evaluate(() => window.xrDevice.controllers.right.updateButtonValue('trigger', 0));
  await expect
    .poll(async () => {
      const now = await cameraOf(page);
      return Math.hypot(now.position[0] - start.position[0], now.position[2] - start.position[2]);
    })
    .toBeGreaterThan(0.5);
  const moved = await cameraOf(page);
  // Ahead of where the visitor looked, on the floor: the eye stays at the same height.
  expect(Math.abs(moved.position[1] - start.position[1])).toBeLessThan(0.3);

  // Thumbstick right: a 45° turn to the right (yaw grows anticlockwise), once per push.
  await page.evaluate(() => window.xrDevice.controllers.right.updateAxes('thumbstick', 1, 0));
  const turnedBy = async () => {
    const now = await cameraOf(page);
    return Math.round((((moved.yaw - now.yaw) % 360) + 360) % 360);
  };
  await expect.poll(turnedBy).toBe(45);
  await page.waitForTimeout(500);
  expect(await turnedBy()).toBe(45);
  await page.evaluate(() => window.xrDevice.controllers.right.updateAxes('thumbstick', 0, 0));
  const after = await cameraOf(page);
  expect(
    Math.hypot(after.position[0] - moved.position[0], after.position[2] - moved.position[2]),
  ).toBeLessThan(0.05);

  await send(page, 'Viewer', 'exitVr');
  await page.waitForFunction(() => window.engineDev!.last('xrState')?.active === false);
  // Back on the page the visitor stands where the headset was.
  const back = await cameraOf(page);
  expect(Math.hypot(back.position[0] - after.position[0], back.position[2] - after.position[2])).toBeLessThan(
    0.1,
  );
});
