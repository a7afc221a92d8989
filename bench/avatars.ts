import type { Page } from '@playwright/test';
import gallery from '../public/demo/gallery.json' with { type: 'json' };
import { timeToLoaded } from './engine';
import { withServerAndBrowser } from './support';
import type { BenchResult } from './types';

/**
 * The other visitors in the browser (issue 'live presence'): the demo gallery at High with 100
 * avatars in view, walking (new poses 10 times a second, as the live-user hub sends them), against
 * the same view with nobody, in the same run.
 *
 * Budgets: draw calls ≤ 2 × the empty view's + 10; frame time ≤ 2 × the empty view's.
 */

const crowd = 100;
// Frames per measure (the lower quartile counts); each takes about a second at High in software.
const frames = 16;

interface ViewCost {
  drawCalls: number;
  frameMs: number;
}

/** Draw calls and frame time of the view, while the avatars (if any) walk. */
async function viewCost(page: Page, walking: boolean): Promise<ViewCost> {
  return page.evaluate(
    async ({ start, crowd, frames, walking }) => {
      const dev = window.engineDev!;
      const gl = document.querySelector('canvas')!.getContext('webgl2')!;
      const pixel = new Uint8Array(4);
      const yaw = (start.rotation * Math.PI) / 180;
      const forward = [-Math.sin(yaw), -Math.cos(yaw)];
      const right = [Math.cos(yaw), -Math.sin(yaw)];
      const feet = start.position[1] - 1.6;
      const posesAt = (t: number) =>
        Array.from({ length: crowd }, (_, i) => {
          const ahead = 2.5 + Math.floor(i / 10) * 0.9 + Math.sin(t + i) * 0.2;
          const side = ((i % 10) - 4.5) * 0.7;
          return {
            id: i + 1,
            position: [
              start.position[0] + forward[0] * ahead + right[0] * side,
              feet,
              start.position[2] + forward[1] * ahead + right[1] * side,
            ] as [number, number, number],
            yaw: (start.rotation + 180 + i * 7) % 360,
            speaking: false,
            emote: null,
          };
        });
      if (walking)
        dev.send('Viewer', 'showAvatars', {
          poses: posesAt(0),
          names: Array.from({ length: crowd }, (_, i) => ({ id: i + 1, name: `Visitor ${i + 1}` })),
          left: [],
        });
      const drains: number[] = [];
      let t = 0;
      for (let i = 0; i < frames; i++) {
        // The camera sways a degree each frame so that every frame is drawn; the crowd walks.
        dev.send('Viewer', 'teleport', { position: start.position, rotation: start.rotation + (i % 2) });
        if (walking && i % 6 === 0)
          dev.send('Viewer', 'showAvatars', { poses: posesAt((t += 0.1)), names: [], left: [] });
        await new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            const t0 = performance.now();
            gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
            drains.push(performance.now() - t0);
            resolve();
          }),
        );
      }
      const stats = dev.next('profilerStats');
      dev.send('Core', 'requestStats', {});
      const { frameMs, drawCalls } = await stats;
      drains.sort((a, b) => a - b);
      if (walking) dev.send('Viewer', 'clearAvatars', {});
      // The lower quartile: other work on a shared machine only ever adds time.
      return { drawCalls, frameMs: frameMs + drains[Math.floor(drains.length / 4)] };
    },
    {
      start: { position: gallery.startingPosition, rotation: gallery.startingRotation },
      crowd,
      frames,
      walking,
    },
  );
}

export function benchAvatars(): Promise<BenchResult[]> {
  return withServerAndBrowser('avatars', async (base, browser) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await timeToLoaded(page, base, '?content=/demo/gallery.json&quality=3&adaptive=0', 'objectsLoaded');
    const empty: ViewCost[] = [];
    const full: ViewCost[] = [];
    // Alternating, so that both see the same moments of a noisy machine.
    for (let round = 0; round < 3; round++) {
      empty.push(await viewCost(page, false));
      full.push(await viewCost(page, true));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
    const emptyCalls = Math.max(...empty.map((c) => c.drawCalls));
    const fullCalls = Math.max(...full.map((c) => c.drawCalls));
    const emptyMs = median(empty.map((c) => c.frameMs));
    const fullMs = median(full.map((c) => c.frameMs));
    await page.close();
    return [
      {
        name: `Avatars: draw calls with ${crowd} visitors in view vs 2 × the empty view's + 10`,
        ratio: fullCalls / (2 * emptyCalls + 10),
        goal: { max: 1 },
        details: `${fullCalls} draw calls with the crowd, ${emptyCalls} without (demo gallery at High)`,
      },
      {
        name: `Avatars: frame time with ${crowd} visitors in view, walking, ÷ the empty view's (budget 2)`,
        ratio: fullMs / emptyMs / 2,
        goal: { max: 1 },
        details: `median of 3 rounds: ${fullMs.toFixed(1)} ms with the crowd, ${emptyMs.toFixed(1)} ms without`,
      },
    ];
  });
}
