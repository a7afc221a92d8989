/**
 * Takes the guides' screenshots (server/services/cmsService/seed/articles.ts, `screenshots`) from
 * the real app and writes them, as small palette PNGs, to server/services/cmsService/seed/media/,
 * where the first start's seed stores them in the file store. Commit what changes.
 *
 *   SPACES_DEV_PAGES=true npm run build && npm run guide-screenshots
 *
 * How: the real server (server/main.ts) serves the built SPA on a free loopback port with a fresh
 * embedded database and the demo content; Debian's Chromium (software WebGL) signs in as the
 * museum's demo account and walks the editor's steps, the viewer's panels, a district and the
 * public pages, taking each picture the guides name.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seedArticles } from '../server/services/cmsService/seed/articles';
import { demoSpace, signIn, skipGuide, text } from '../e2e/support';
import { chromiumArgs } from '../playwright.config';
import { freePort } from '../tests/support/postgresCluster';
import { startServerProcess } from '../tests/support/serverProcess';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'server', 'services', 'cmsService', 'seed', 'media');
const size = { width: 1280, height: 760 };

/** Waits for the 3D view to be ready and drawn (its progress gone). */
async function settled(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 90_000 });
  await page.waitForTimeout(2500);
}

async function main() {
  const wanted = new Set(seedArticles.flatMap((a) => (a.screenshots ?? []).map((s) => s.file)));
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guide-shots-'));
  const origin = `http://localhost:${port}`;
  process.env.E2E_PORT = String(port);
  const server = await startServerProcess(port, {
    DATA_DIR: dataDir,
    BASE_DOMAIN: 'localhost',
    PUBLIC_ORIGIN: origin,
    SEED_DEMO: 'true',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  mkdirSync(outDir, { recursive: true });
  const taken = new Set<string>();
  try {
    const context = await browser.newContext({ viewport: size, baseURL: origin });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const shot = async (file: string) => {
      if (!wanted.has(file)) throw new Error(`no guide names ${file}`);
      const png = await page.screenshot({ animations: 'disabled' });
      await sharp(png)
        .resize({ width: 1024 })
        .png({ palette: true, quality: 85, compressionLevel: 9 })
        .toFile(path.join(outDir, file));
      taken.add(file);
      console.log(`  ${file}`);
    };
    const tab = (key: string) =>
      page.getByRole('tab', { name: new RegExp(text(`editor.steps.${key}`)) }).click();

    const demo = await demoSpace(page.request);
    await page.goto('/');
    await signIn(page, 'demo@spaces.localhost', demo.ownerName);

    // The editor, on a new space: its steps.
    await page.goto('/curate');
    await skipGuide(page);
    await settled(page);
    await tab('defineSpace');
    await page.getByRole('radio', { name: text('dev.editor.space.premade') }).check();
    await page.waitForTimeout(1500);
    await shot('guide-define-space-1.png');
    await page.getByRole('radio', { name: text('dev.editor.space.custom') }).check();
    await settled(page);
    await shot('guide-define-space-2.png');
    await tab('shapeStyle');
    await page.waitForTimeout(1500);
    await shot('guide-shape-style-1.png');

    // The museum's demo space in the editor: content, tours, and the publish wizard.
    await page.goto(`/curate/${demo.sceneId}`);
    await skipGuide(page);
    await settled(page);
    await tab('addContent');
    await page.getByRole('tab', { name: text('editor.library.builtIn') }).click();
    await page.waitForTimeout(1500);
    await shot('guide-add-content-1.png');
    await page.getByRole('tab', { name: text('editor.library.tab') }).click();
    await page.waitForTimeout(2000);
    await shot('guide-add-content-2.png');
    await tab('createPaths');
    await page.waitForTimeout(1500);
    await shot('guide-paths-1.png');
    await tab('publishShare');
    await page.getByRole('button', { name: text('publish.open'), exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(1500);
    await shot('guide-publish-1.png');
    await page.keyboard.press('Escape');

    // The demo space as visitors see it, with its panels.
    await page.goto(`/viewer/${demo.sceneId}`);
    await settled(page);
    await shot('guide-shape-style-2.png');
    await page.keyboard.down('w');
    await page.waitForTimeout(1200);
    await page.keyboard.up('w');
    await settled(page);
    await shot('guide-add-content-3.png');
    await page.getByRole('button', { name: text('viewer.sidebar.paths') }).click();
    await page.waitForTimeout(1500);
    await shot('guide-paths-2.png');
    await page.getByRole('button', { name: text('viewer.sidebar.share') }).click();
    await page.waitForTimeout(1500);
    await shot('guide-publish-2.png');
    await page.goto(`/viewer/embed/${demo.sceneId}`);
    await settled(page);
    await shot('guide-publish-3.png');

    // A district's home, Explore and Pricing.
    await page.goto(`http://gallery.localhost:${port}/`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await shot('guide-districts-1.png');
    await page.goto('/explore');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await shot('guide-districts-2.png');
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    await shot('guide-districts-3.png');
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const missing = [...wanted].filter((f) => !taken.has(f));
  if (missing.length) throw new Error(`not taken: ${missing.join(', ')}`);
}

await main();
