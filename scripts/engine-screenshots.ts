// Renders three demo spaces in the built-in engine (/dev/engine, the production build with the
// development pages) and writes them as small JPEGs for the README's engine section.
//
//   SPACES_DEV_PAGES=true npm run build
//   node --import tsx scripts/engine-screenshots.ts <suffix> [quality]   # e.g. "before" or "after"
//
// The spaces: the demo gallery (public/demo/gallery.json) and two seeded demo spaces (the
// Riverside Print Fair and the Spring Salon), served to the page from memory.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { demoSpaces } from '../server/db/demo';
import { withServerAndBrowser } from '../bench/support';
import type { EngineDevApi } from '../src/views/pages/dev/engineDevApi';

declare global {
  interface Window {
    engineDev?: EngineDevApi;
  }
}

const suffix = process.argv[2] ?? 'after';
const quality = Number(process.argv[3] ?? 3);
const outDir = path.resolve('docs/images');

interface Shot {
  name: string;
  content: string | object;
  view?: { position: number[]; rotation: number };
}

const seeded = demoSpaces();
const byTitle = (title: string) => {
  const space = seeded.find((s) => s.title.includes(title));
  if (!space) throw new Error(`No demo space titled ${title}`);
  return space.content;
};

const shots: Shot[] = [
  { name: 'engine-gallery', content: '/demo/gallery.json' },
  { name: 'engine-print-fair', content: byTitle('Print Fair') },
  { name: 'engine-spring-salon', content: byTitle('Spring Salon') },
];

await withServerAndBrowser('screenshots', async (base, browser) => {
  mkdirSync(outDir, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  for (const shot of shots) {
    let url = typeof shot.content === 'string' ? shot.content : `/shot/${shot.name}.json`;
    if (typeof shot.content !== 'string') {
      const body = JSON.stringify(shot.content);
      await page.route(`**${url}`, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body }),
      );
    }
    url = encodeURIComponent(url);
    await page.goto(`${base}/dev/engine?content=${url}&quality=${quality}`);
    await page.waitForFunction(() => window.engineDev?.last('loaded'), null, {
      timeout: 120_000,
      polling: 100,
    });
    if (shot.view) {
      await page.evaluate((view) => window.engineDev!.send('Viewer', 'teleport', view), shot.view);
    }
    // Full-resolution pictures stream in after the first frame.
    await page.waitForTimeout(4000);
    const canvas = page.locator('canvas').first();
    const png = await canvas.screenshot();
    const jpeg = await sharp(png).resize({ width: 960 }).jpeg({ quality: 72, mozjpeg: true }).toBuffer();
    const file = path.join(outDir, `${shot.name}-${suffix}.jpg`);
    writeFileSync(file, jpeg);
    console.log(`${file}: ${(jpeg.length / 1024).toFixed(1)} KB`);
  }
});
