import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { districts, users } from '../server/db/schema';
import { withServerAndBrowser } from './support';
import type { BenchResult } from './types';

/** Budget for all JS and CSS a first visit to / downloads, gzip-compressed. */
export const firstVisitBudgetBytes = 200 * 1024;
/** A district's home: the main site's budget plus its theme (issue 22). */
export const districtHomeBudgetBytes = 220 * 1024;

/** The gzip size of every script and style sheet a first visit to `url` downloads. */
async function firstVisitSizes(browser: Browser, url: string) {
  const page = await browser.newPage();
  const sizes: { url: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    sizes.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.close();
  const total = sizes.reduce((s, x) => s + x.gzip, 0);
  const top = sizes
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, Number(process.env.BENCH_SIZE_FILES ?? 6))
    .map((s) => `${s.url} ${(s.gzip / 1024).toFixed(1)} KB`)
    .join(', ');
  return { total, details: `${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files: ${top}` };
}

/** Opens a district's home on its own host and adds up its first visit's JS and CSS, gzip. */
export function benchDistrictHomeSize(): Promise<BenchResult> {
  return withServerAndBrowser(
    'district-size',
    async (base, browser) => {
      const { total, details } = await firstVisitSizes(
        browser,
        base.replace('//localhost', '//bench.localhost') + '/',
      );
      return {
        name: 'first visit to a district home (JS+CSS gzip) vs 220 KB budget',
        ratio: total / districtHomeBudgetBytes,
        goal: { max: 1 },
        details,
      };
    },
    async (app) => {
      await app.db.insert(users).values({ id: 'bench-district-owner', name: 'Bench owner' });
      await app.db.insert(districts).values({
        id: 'bench-district',
        ownerId: 'bench-district-owner',
        title: 'Bench District',
        subdomain: 'bench',
        styles: JSON.stringify({ theme: 'forest', fontFamily: 'serif' }),
        description: 'A district for the bundle size benchmark.',
      });
    },
  );
}

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
