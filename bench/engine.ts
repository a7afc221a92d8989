import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { routes } from '../src/routes';
import type { EngineDevApi } from '../src/views/pages/dev/engineDevApi';
import gallery from '../public/demo/gallery.json' with { type: 'json' };
import { withServerAndBrowser } from './support';
import type { BenchResult } from './types';

declare global {
  interface Window {
    engineDev?: EngineDevApi;
  }
}

/** Budgets of the built-in engine (engine issue, "Performance"). */
export const engineBudgets = {
  chunkGzipBytes: 350 * 1024,
  galleryDrawCalls: 40,
  /** Time to the gallery's first frame, as a multiple of an empty room's in the same run. */
  firstFrameRatio: 3,
  heapBytes: 300 * 1024 * 1024,
} as const;

const rounds = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Opens /dev/engine with a query and resolves with ms from navigation to the `loaded` event. */
export async function timeToLoaded(page: Page, base: string, query: string): Promise<number> {
  await page.goto(`${base}/dev/engine${query}`);
  await page.waitForFunction(() => window.engineDev?.last('loaded'), null, { timeout: 120_000, polling: 50 });
  return page.evaluate(() => {
    const dev = window.engineDev!;
    return dev.times[dev.events.findIndex((e) => e.type === 'loaded')];
  });
}

/**
 * Which scripts the built-in engine brings: everything requested after the host's engine build
 * lookup is answered (it is held until the page's own scripts have come).
 */
async function engineScripts(browser: Browser, base: string) {
  const page = await browser.newPage();
  const scripts: { url: string; gzip: number; afterLookup: boolean }[] = [];
  let lookupAnswered = false;
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const afterLookup = lookupAnswered;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      url: new URL(response.url()).pathname,
      gzip: gzipSync(body, { level: 9 }).length,
      afterLookup,
    });
  });
  await page.route('**/api/assetService/unityBuild*', async (route) => {
    // The page's own scripts have long arrived from a local server by then.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    lookupAnswered = true;
    await route.continue();
  });
  await page.goto(`${base}/dev/engine?content=/demo/empty-room.json`);
  await page.waitForFunction(() => window.engineDev?.last('loaded'), null, { timeout: 120_000, polling: 50 });
  await page.close();
  return scripts.filter((s) => s.afterLookup);
}

/** Every route of the route map except the engine's own pages downloads none of its scripts. */
async function pagesWithEngine(browser: Browser, base: string, engineUrls: Set<string>) {
  const offenders: string[] = [];
  const page = await browser.newPage();
  let current = '';
  page.on('request', (request) => {
    if (engineUrls.has(new URL(request.url()).pathname)) offenders.push(current);
  });
  const engineRoutes = new Set(['editorNew', 'editor', 'viewer', 'viewerEmbed']);
  const port = new URL(base).port;
  for (const route of routes) {
    if (engineRoutes.has(route.id)) continue;
    const origin = route.host === 'district' ? `http://gallery.localhost:${port}` : base;
    for (const example of route.examples) {
      current = `${origin}${example}`;
      await page.goto(current, { waitUntil: 'networkidle' });
    }
  }
  await page.close();
  return [...new Set(offenders)];
}

export function benchEngine(): Promise<BenchResult[]> {
  return withServerAndBrowser('engine', async (base, browser) => {
    const results: BenchResult[] = [];

    // The engine's scripts and where they are downloaded.
    const scripts = await engineScripts(browser, base);
    const chunkBytes = scripts.reduce((s, x) => s + x.gzip, 0);
    const offenders = await pagesWithEngine(browser, base, new Set(scripts.map((s) => s.url)));
    results.push({
      name: 'engine chunk (JS gzip) vs 350 KB budget, loaded by no other page',
      ratio: offenders.length ? Infinity : chunkBytes / engineBudgets.chunkGzipBytes,
      goal: { max: 1 },
      details: `${(chunkBytes / 1024).toFixed(1)} KB gzip in ${scripts.length} files (${scripts
        .map((s) => `${s.url} ${(s.gzip / 1024).toFixed(1)} KB`)
        .join(', ')}); pages that downloaded it: ${offenders.length ? offenders.join(', ') : 'none'}`,
    });

    // Time to first frame: the gallery against an empty room, alternating, same browser.
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const empty: number[] = [];
    const full: number[] = [];
    for (let i = 0; i < rounds; i++) {
      empty.push(await timeToLoaded(page, base, '?content=/demo/empty-room.json'));
      full.push(await timeToLoaded(page, base, '?content=/demo/gallery.json'));
    }
    results.push({
      name: 'time to the demo gallery’s first frame ÷ an empty room’s (budget 3)',
      ratio: median(full) / median(empty) / engineBudgets.firstFrameRatio,
      goal: { max: 1 },
      details: `median of ${rounds}, from navigation to the loaded scene's first frame: gallery ${median(full).toFixed(0)} ms, empty room ${median(empty).toFixed(0)} ms, ratio ${(median(full) / median(empty)).toFixed(2)}`,
    });

    // Draw calls, from the entrance and from every stop of the tour; heap after loading.
    const drawCalls: number[] = [];
    const views = [
      { position: gallery.startingPosition, rotation: gallery.startingRotation },
      ...gallery.guidedTours[0].points.map((p) => ({ position: p.position, rotation: p.rotation[1] })),
    ];
    for (const view of views) {
      drawCalls.push(
        await page.evaluate(async (view) => {
          const dev = window.engineDev!;
          dev.send('Viewer', 'teleport', view);
          await new Promise((r) => setTimeout(r, 300));
          const stats = dev.next('profilerStats');
          dev.send('Core', 'requestStats', {});
          return (await stats).drawCalls;
        }, view),
      );
    }
    results.push({
      name: 'demo gallery draw calls vs 40 budget (100 pictures, 10 models, 5 texts, 2 levels)',
      ratio: Math.max(...drawCalls) / engineBudgets.galleryDrawCalls,
      goal: { max: 1 },
      details: `draw calls from the entrance and the tour's stops: ${drawCalls.join(', ')}`,
    });

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    results.push({
      name: 'JS heap with the demo gallery loaded vs 300 MB budget',
      ratio: usedSize / engineBudgets.heapBytes,
      goal: { max: 1 },
      details: `${(usedSize / 1048576).toFixed(1)} MB used after garbage collection`,
    });
    return results;
  });
}
