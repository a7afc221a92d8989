import { gzipSync } from 'node:zlib';
import { withServerAndBrowser } from './support';
import type { BenchResult } from './types';

/** Budget for all JS and CSS a first visit to / downloads, gzip-compressed. */
export const firstVisitBudgetBytes = 200 * 1024;

/**
 * Opens / in Chromium against the real server and adds up the gzip size of every script and style
 * sheet the page downloads until the network is idle. Ratio = size ÷ budget (≤ 1 meets it).
 */
export function benchFirstVisitSize(): Promise<BenchResult> {
  return withServerAndBrowser('size', async (base, browser) => {
    const page = await browser.newPage();
    const sizes: { url: string; gzip: number }[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      sizes.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const total = sizes.reduce((s, x) => s + x.gzip, 0);
    return {
      name: 'first visit to / (JS+CSS gzip) vs 200 KB budget',
      ratio: total / firstVisitBudgetBytes,
      goal: { max: 1 },
      details: `${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files: ${sizes
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 6)
        .map((s) => `${s.url} ${(s.gzip / 1024).toFixed(1)} KB`)
        .join(', ')}`,
    };
  });
}
