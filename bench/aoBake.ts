import type { Browser } from '@playwright/test';
import type { EngineEvent } from '../src/engine/protocol';
import type { EngineDevApi } from '../src/views/pages/dev/engineDevApi';
import { withServerAndBrowser } from './support';
import type { BenchResult } from './types';

declare global {
  interface Window {
    engineDev?: EngineDevApi;
  }
}

/**
 * The per-room ambient occlusion bake (viewer issue, 'Performance'): at most 2 s of worker time
 * per 10 000 triangles, never on the main thread. Measured in Chromium on the demo gallery and on
 * the empty room at High: the bake worker's own time (hash, cache look-up, cutting the surfaces,
 * rays) from a fresh browser context each round (no cached bake), as ms per 10k baked triangles
 * against the 2 s budget. The same worker times a fixed yardstick in the same run (a BVH of a
 * 20 000-triangle knot and 100 000 rays at it), printed beside it so runs on slower or faster
 * machines can be compared: bake per 10k triangles ÷ yardstick. A reload in the same context
 * must come from the cache (no ray cast).
 */

const budgetMsPer10k = 2000;
// Two fresh bakes each, and the slower counts: the bakes sit far within the budget (about a third),
// and each round loads the engine in software rendering (about 40 s of CI time).
const rounds = 2;
const slowest = (xs: number[]) => Math.max(...xs);

type Baked = Extract<EngineEvent, { type: 'occlusionBaked' }>;

async function bake(
  browser: Browser,
  base: string,
  content: string,
): Promise<{ fresh: Baked; again: Baked }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const url = `${base}/dev/engine?content=${content}&quality=3&aoYardstick`;
  const wait = async () => {
    await page.waitForFunction(() => window.engineDev?.last('occlusionBaked'), null, {
      timeout: 180_000,
      polling: 100,
    });
    return page.evaluate(() => window.engineDev!.last('occlusionBaked')!);
  };
  await page.goto(url);
  const fresh = await wait();
  await page.goto(url);
  const again = await wait();
  await context.close();
  return { fresh, again };
}

export function benchAoBake(): Promise<BenchResult[]> {
  return withServerAndBrowser('ao-bake', async (base, browser) => {
    const results: BenchResult[] = [];
    for (const [label, content] of [
      ['demo gallery', '/demo/gallery.json'],
      ['empty room', '/demo/empty-room.json'],
    ] as const) {
      const runs = [];
      for (let i = 0; i < rounds; i++) runs.push(await bake(browser, base, content));
      const per10k = runs.map((r) => r.fresh.workerMs / (r.fresh.triangles / 10_000));
      const yardstick = slowest(runs.map((r) => r.fresh.yardstickMs ?? NaN));
      const triangles = runs[0].fresh.triangles;
      const cachedOk = runs.every((r) => r.again.cached && !r.fresh.cached);
      results.push({
        name: `ambient occlusion bake of the ${label} (worker ms per 10k triangles ÷ 2000 ms)`,
        ratio: cachedOk ? slowest(per10k) / budgetMsPer10k : Infinity,
        goal: { max: 1 },
        details:
          `slower of ${rounds} fresh bakes at High: ${triangles} triangles in ${slowest(runs.map((r) => r.fresh.workerMs)).toFixed(0)} ms ` +
          `= ${slowest(per10k).toFixed(0)} ms per 10k triangles; yardstick (BVH of 20k triangles + 100k rays) ${yardstick.toFixed(0)} ms ` +
          `in the same worker: bake per 10k ÷ yardstick ${(slowest(per10k) / yardstick).toFixed(2)}; ` +
          `second visit from the cache: ${runs.map((r) => `${r.again.cached ? 'cached' : 'BAKED AGAIN'} in ${r.again.workerMs.toFixed(0)} ms`).join(', ')}`,
      });
    }
    return results;
  });
}
