import { expect, type Page } from '@playwright/test';
import type { EngineEvent } from '../src/engine/protocol';
import type { EngineDevApi } from '../src/views/pages/dev/engineDevApi';

// Driving the built-in engine on /dev/engine through its page API (window.engineDev), the same
// protocol the app's pages use. Needs a build with SPACES_DEV_PAGES=true.

declare global {
  interface Window {
    engineDev?: EngineDevApi;
  }
}

type Of<T extends EngineEvent['type']> = Extract<EngineEvent, { type: T }>;

/** Opens /dev/engine and waits until the content (or the inspected asset) has loaded, models included. */
export async function openEngine(page: Page, query = '') {
  await page.goto(`/dev/engine${query}`);
  await page.waitForFunction(() => window.engineDev?.last('objectsLoaded'), null, {
    timeout: 60_000,
    polling: 100,
  });
}

/** Sends a command and resolves with the first event of `type` that follows it. */
export function ask<T extends EngineEvent['type']>(
  page: Page,
  channel: string,
  method: string,
  payload: unknown,
  type: T,
): Promise<Of<T>> {
  return page.evaluate(
    async ({ channel, method, payload, type }) => {
      const next = window.engineDev!.next(type);
      window.engineDev!.send(channel as never, method, payload);
      return next;
    },
    { channel, method, payload, type },
  ) as unknown as Promise<Of<T>>;
}

export const send = (page: Page, channel: string, method: string, payload: unknown = {}) =>
  page.evaluate(({ channel, method, payload }) => window.engineDev!.send(channel as never, method, payload), {
    channel,
    method,
    payload,
  });

export const cameraOf = (page: Page) => ask(page, 'Core', 'requestCameraState', {}, 'cameraState');

/** Holds a key until the camera meets a condition (or the time runs out), then releases it. */
export async function holdKeyUntil(
  page: Page,
  key: string,
  done: (camera: Of<'cameraState'>) => boolean,
  timeoutMs = 30_000,
): Promise<Of<'cameraState'>> {
  await page.keyboard.down(key);
  try {
    let camera = await cameraOf(page);
    await expect
      .poll(
        async () => {
          camera = await cameraOf(page);
          return done(camera);
        },
        { timeout: timeoutMs, intervals: [100] },
      )
      .toBe(true);
    return camera;
  } finally {
    await page.keyboard.up(key);
  }
}

/** Resolves with the first event of `type` matching `where` seen so far or arriving later. */
export function eventSeen<T extends EngineEvent['type']>(page: Page, type: T, timeoutMs = 30_000) {
  return page
    .waitForFunction((type) => window.engineDev!.events.findLast((e) => e.type === type), type, {
      timeout: timeoutMs,
      polling: 100,
    })
    .then((handle) => handle.jsonValue() as Promise<Of<T>>);
}
