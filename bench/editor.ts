import type { Page } from '@playwright/test';
import { withServerAndBrowser } from './support';
import type { BenchResult } from './types';

/**
 * The editor's cost per change must not grow with the document (no full-scene rebuild per
 * change): the time to add the 500th object against the 1st, and the time to undo a 500-object
 * paste against the paste itself, measured around the synchronous protocol call in the page.
 */

const samples = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Times `count` additions, one per frame (so each comes after the scene has been drawn). */
function timeAdds(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    // (No named functions in here: the benchmark's loader would wrap them in a helper the page lacks.)
    const dev = window.engineDev!;
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const item = {
        kind: 'picture',
        item: { fileUri: '/demo/pictures/picture-001.jpg', width: 0.8, height: 0.6 },
      };
      const start = performance.now();
      dev.send('Editor.Content', 'add', { item });
      times.push(performance.now() - start);
    }
    return times;
  }, count);
}

export function benchEditor(): Promise<BenchResult[]> {
  return withServerAndBrowser('editor', async (base, browser) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${base}/dev/engine?mode=editor&content=/demo/empty-room.json&quality=1`);
    await page.waitForFunction(() => window.engineDev?.last('loaded'), null, {
      timeout: 120_000,
      polling: 50,
    });

    const first = await timeAdds(page, samples);
    // Up to the 495th without waiting for frames, then the last few as before.
    await page.evaluate(
      (n) => {
        const item = {
          kind: 'picture',
          item: { fileUri: '/demo/pictures/picture-001.jpg', width: 0.8, height: 0.6 },
        };
        for (let i = 0; i < n; i++) window.engineDev!.send('Editor.Content', 'add', { item });
      },
      500 - 2 * samples,
    );
    const last = await timeAdds(page, samples);
    const count = await page.evaluate(() => window.engineDev!.last('editorState')!.objectCount);

    const paste = await page.evaluate(async () => {
      const dev = window.engineDev!;
      const list = dev.next('objectList');
      dev.send('Editor.Content', 'requestObjectList', {});
      const ids = (await list).objects.map((o) => o.id);
      dev.send('Editor.Content', 'select', { ids });
      dev.send('Editor.Content', 'copySelection', {});
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      let start = performance.now();
      dev.send('Editor.Content', 'paste', {});
      const pasteMs = performance.now() - start;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      start = performance.now();
      dev.send('Editor.Content', 'undo', {});
      const undoMs = performance.now() - start;
      return { pasted: ids.length, pasteMs, undoMs };
    });

    return [
      {
        name: 'editor: adding the 500th object vs the 1st (goal ≤ 2×)',
        ratio: median(last) / median(first) / 2,
        goal: { max: 1 },
        details: `median of ${samples}: objects 1–${samples} ${median(first).toFixed(2)} ms, objects ${count - samples + 1}–${count} ${median(last).toFixed(2)} ms (${count} objects), ratio ${(median(last) / median(first)).toFixed(2)}`,
      },
      {
        name: 'editor: undo of a 500-object paste vs the paste (goal ≤ 2×)',
        ratio: paste.undoMs / paste.pasteMs / 2,
        goal: { max: 1 },
        details: `paste of ${paste.pasted} objects ${paste.pasteMs.toFixed(1)} ms, its undo ${paste.undoMs.toFixed(1)} ms, ratio ${(paste.undoMs / paste.pasteMs).toFixed(2)}`,
      },
    ];
  });
}
