import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { engineBuildOf } from '../contracts/engineBuilds';

/** The version the fake build is announced as. */
export const fakeUnityVersion = 'e2e-fake-unity';

const fakeLoader = readFileSync(new URL('./fixtures/fake-unity/Viewer.loader.js', import.meta.url), 'utf8');

/** What the fake build records in the page (see fixtures/fake-unity/Viewer.loader.js). */
export interface FakeUnityRecord {
  instances: number;
  configs: { dataUrl: string; frameworkUrl: string; codeUrl: string; streamingAssetsUrl: string }[];
  messages: { gameObject: string; method: string; json: string }[];
  quits: number;
}

/**
 * Makes `page` see a registered Unity engine build without one on the server: the asset service's
 * lookup answers the fake version, and its players' loaders are the hand-written fake loader (every
 * other build file answers 404; the fake loader asks for none). Call before `page.goto`.
 */
export async function useFakeUnityBuild(page: Page, version = fakeUnityVersion) {
  await page.route('**/api/assetService/unityBuild*', (route) =>
    route.fulfill({ json: [engineBuildOf('current', version)] }),
  );
  await page.route(`**/files/${version}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (/\/(Editor|Viewer|Inspector)\/Build\/\1\.loader\.js$/.test(pathname)) {
      return route.fulfill({ body: fakeLoader, contentType: 'text/javascript; charset=utf-8' });
    }
    return route.fulfill({
      status: 404,
      json: { code: 'NOT_FOUND', message: 'The fake build has only loaders' },
    });
  });
}

/** What the fake build saw: its instances, their configs, the messages sent to it, its quits. */
export function fakeUnityRecord(page: Page): Promise<FakeUnityRecord | null> {
  return page.evaluate(() => (window as unknown as { fakeUnity?: FakeUnityRecord }).fakeUnity ?? null);
}
