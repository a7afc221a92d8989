import { expect, test } from '@playwright/test';
import { fakeUnityRecord, fakeUnityVersion, useFakeUnityBuild } from './fakeUnity';
import { text } from './support';

// The Unity path of the engine host, with the hand-written fake build (fixtures/fake-unity) standing
// in for a registered Unity build. Needs the development pages (a build with SPACES_DEV_PAGES=true).

test('with a Unity build registered, /dev/engine runs its Viewer player instead of the built-in engine', async ({
  page,
}) => {
  // The development page, its loader and the fake player's start: slow on a busy machine.
  test.setTimeout(120_000);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await useFakeUnityBuild(page);
  await page.goto('/dev/engine?mode=viewer');

  const sent = async () =>
    (await fakeUnityRecord(page))?.messages.map((m) => `${m.gameObject}.${m.method}`) ?? [];
  // Startup first, input once the player reported ready, then what the page asked for meanwhile.
  await expect
    .poll(sent, { timeout: 60_000 })
    .toEqual(['Startup.start', 'Character.setInputEnabled', 'Core.setKeyboardCapture', 'Scene.load']);
  await expect(page.getByRole('progressbar', { name: text('engine.loading') })).toHaveCount(0, {
    timeout: 30_000,
  });

  const record = (await fakeUnityRecord(page))!;
  expect(record.instances).toBe(1);
  expect(record.configs[0]).toEqual({
    dataUrl: `/files/${fakeUnityVersion}/Viewer/Build/Viewer.data.br`,
    frameworkUrl: `/files/${fakeUnityVersion}/Viewer/Build/Viewer.framework.js.br`,
    codeUrl: `/files/${fakeUnityVersion}/Viewer/Build/Viewer.wasm.br`,
    streamingAssetsUrl: `/files/${fakeUnityVersion}/Viewer/StreamingAssets`,
    webglContextAttributes: { powerPreference: 'high-performance' },
  });
  expect(JSON.parse(record.messages[0].json)).toMatchObject({ mode: 'viewer' });
  expect(scripts).toContain(`/files/${fakeUnityVersion}/Viewer/Build/Viewer.loader.js`);
  // The built-in engine's chunk is never downloaded when a Unity build runs.
  expect(scripts.filter((s) => /\/engine\.[0-9a-f]+\.js$/.test(s))).toEqual([]);

  // Leaving the page (a client-side navigation) quits the player.
  await page.evaluate(() => {
    history.pushState(null, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect.poll(async () => (await fakeUnityRecord(page))?.quits).toBeGreaterThan(0);
});
