/**
 * Records the editor guide's introduction video (about two minutes) from the real app: a new user
 * builds a space through the five steps (Create Space, Design Space, Add Content, Create Paths,
 * Publish), with a caption bar naming each step. Writes to public/guide/:
 *   editor-introduction.webm   VP9, 1280 × 720, 15 frames a second
 *   editor-introduction.jpg    its poster (a frame of the first step)
 *   editor-introduction.en.vtt the captions as a text track
 * Commit what changes.
 *
 *   SPACES_DEV_PAGES=true npx rsbuild build && npm run guide-video
 *
 * How: the real server (server/main.ts) serves the built SPA (dist/spa) on a free loopback port
 * with a fresh embedded database and the demo content; Debian's Chromium (software WebGL) is
 * driven through the steps while its screen is captured (the DevTools screencast), and Debian's
 * ffmpeg encodes the frames, each held for as long as it was on screen.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { hangPicture, newEmail, signUp, skipGuide, text, usePremade } from '../e2e/support';
import { chromiumArgs } from '../playwright.config';
import { freePort } from '../tests/support/postgresCluster';
import { startServerProcess } from '../tests/support/serverProcess';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public', 'guide');
const name = 'editor-introduction';
const size = { width: 1280, height: 720 };
const fps = 15;

interface Cue {
  start: number;
  end: number;
  text: string;
}

const format = (ms: number) => {
  const d = new Date(Math.max(0, Math.round(ms)));
  return `${String(d.getUTCMinutes()).padStart(2, '0')}:${String(d.getUTCSeconds()).padStart(2, '0')}.${String(d.getUTCMilliseconds()).padStart(3, '0')}`;
};

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guide-video-'));
  const framesDir = mkdtempSync(path.join(tmpdir(), 'guide-frames-'));
  const origin = `http://localhost:${port}`;
  const server = await startServerProcess(port, {
    DATA_DIR: dataDir,
    BASE_DOMAIN: 'localhost',
    PUBLIC_ORIGIN: origin,
    SEED_DEMO: 'true',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: size, baseURL: origin });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto('/');
    await signUp(page, 'Nora Maker', newEmail('nora'));

    // The caption bar, drawn over the page (and kept across navigations).
    await page.addInitScript(() => {
      const w = window as unknown as { setCaption(text: string): void; caption?: string };
      w.setCaption = (value: string) => {
        w.caption = value;
        let bar = document.getElementById('guide-caption');
        if (!bar) {
          bar = document.createElement('div');
          bar.id = 'guide-caption';
          bar.style.cssText =
            'position:fixed;left:50%;bottom:28px;transform:translateX(-50%);z-index:99999;' +
            'max-width:80%;padding:12px 22px;border-radius:12px;background:rgba(20,20,28,.86);' +
            'color:#fff;font:600 22px/1.35 system-ui,sans-serif;text-align:center;pointer-events:none';
          document.body.appendChild(bar);
        }
        bar.textContent = value;
        bar.style.display = value ? 'block' : 'none';
      };
      document.addEventListener('DOMContentLoaded', () => w.caption && w.setCaption(w.caption));
    });

    const frames: { file: string; at: number }[] = [];
    const cdp = await context.newCDPSession(page);
    cdp.on(
      'Page.screencastFrame',
      (frame: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
        const file = path.join(framesDir, `${String(frames.length).padStart(6, '0')}.jpg`);
        writeFileSync(file, Buffer.from(frame.data, 'base64'));
        frames.push({ file, at: (frame.metadata.timestamp ?? Date.now() / 1000) * 1000 });
        void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
      },
    );

    const cues: Cue[] = [];
    let t0 = 0;
    const caption = async (value: string) => {
      const now = Date.now() - t0;
      const last = cues.at(-1);
      if (last) last.end = now;
      if (value) cues.push({ start: now, end: now, text: value });
      await page.evaluate((v) => (window as unknown as { setCaption(t: string): void }).setCaption(v), value);
    };
    const hold = (ms: number) => page.waitForTimeout(ms);
    const tab = (key: string) =>
      page.getByRole('tab', { name: new RegExp(text(`editor.steps.${key}`)) }).click();

    await page.goto('/curate');
    await skipGuide(page);
    await page.evaluate(() => (window as unknown as { setCaption(t: string): void }).setCaption(''));
    await cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      ...{ maxWidth: 1280, maxHeight: 720 },
    });
    t0 = Date.now();

    await caption('Build a 3D space in five steps — this takes two minutes.');
    await hold(6000);

    // 1. Create Space
    await caption('1 · Create Space: start from a premade room, or draw your own walls and floors.');
    await tab('defineSpace');
    await hold(3000);
    await usePremade(page, 'White cube', 'M');
    await hold(6000);
    await caption('Walk around it as a visitor would: W A S D or the arrow keys, drag to look.');
    await page.getByRole('button', { name: text('dev.editor.history.walk') }).click();
    const box = (await page.getByTestId('engine-box').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.8);
    for (const [key, ms] of [
      ['w', 2500],
      ['ArrowLeft', 2000],
      ['s', 1500],
      ['ArrowRight', 3000],
    ] as const) {
      await page.keyboard.down(key);
      await hold(ms);
      await page.keyboard.up(key);
    }
    await hold(4000);

    // 2. Design Space
    await caption('2 · Design Space: themes, wall finishes, colours, sky, sound and props.');
    await tab('shapeStyle');
    await hold(3000);
    const theme = page.getByLabel(text('dev.editor.style.theme'));
    await theme.click();
    await hold(1500);
    await page.getByRole('option').nth(1).click();
    await hold(6000);
    await theme.click();
    await hold(1200);
    await page.getByRole('option').nth(2).click();
    await hold(6000);

    // 3. Add Content
    await caption('3 · Add Content: drag pictures, videos, 3D models and texts onto the walls.');
    await tab('addContent');
    await page.getByRole('button', { name: text('dev.editor.history.walk') }).click();
    await hold(3000);
    for (const [i, x] of [0.35, 0.5, 0.65].entries()) {
      await hangPicture(page, `Picture ${i + 1}`, x);
      await hold(3500);
    }
    await caption('Select anything you placed to move it, resize it or give it a title and a story.');
    await hold(7000);

    // 4. Create Paths
    await caption('4 · Create Paths: guided tours lead visitors from one point to the next.');
    await tab('createPaths');
    await hold(3000);
    await page.getByRole('button', { name: text('dev.editor.paths.addTour') }).click();
    await hold(6000);
    await caption('Set where visitors arrive with the entry point.');
    await page.getByRole('button', { name: text('dev.editor.paths.entryPoint') }).click();
    await hold(6000);

    // 5. Publish
    await caption('5 · Publish: name your space and save it — autosave keeps it safe as you work.');
    await page.getByRole('textbox', { name: text('editor.header.titleLabel') }).fill('My first exhibition');
    await hold(2500);
    await page.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
    await page.waitForURL(/\/curate\/[^/]+$/, { timeout: 60_000 });
    await hold(5000);
    await caption('Then publish it to Explore, share its link or embed it in your own site.');
    await tab('publishShare');
    await hold(6000);
    await caption('That is all. Open this guide again any time with the ? button above.');
    await hold(9000);
    await caption('');

    await cdp.send('Page.stopScreencast');
    const total = Date.now() - t0;
    if (frames.length < 10) throw new Error(`only ${frames.length} frames were captured`);

    // Each frame held until the next one (the screencast sends frames only when the screen changes).
    const start = frames[0].at;
    const list = frames.map((f, i) => {
      const next = i + 1 < frames.length ? frames[i + 1].at : start + total;
      return `file '${f.file}'\nduration ${Math.max(0.001, (next - f.at) / 1000).toFixed(3)}`;
    });
    list.push(`file '${frames.at(-1)!.file}'`);
    const listFile = path.join(framesDir, 'frames.txt');
    writeFileSync(listFile, `${list.join('\n')}\n`);
    mkdirSync(outDir, { recursive: true });
    const video = path.join(outDir, `${name}.webm`);
    execFileSync(
      'ffmpeg',
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        listFile,
        '-vf',
        `fps=${fps},scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease,` +
          `pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2,format=yuv420p`,
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '0',
        '-crf',
        '40',
        '-row-mt',
        '1',
        '-deadline',
        'good',
        '-cpu-used',
        '4',
        '-an',
        video,
      ],
      { stdio: 'inherit' },
    );
    const posterFrame = frames[Math.floor(frames.length / 6)].file;
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-i',
      posterFrame,
      '-vf',
      `scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease`,
      '-q:v',
      '5',
      path.join(outDir, `${name}.jpg`),
    ]);
    writeFileSync(
      path.join(outDir, `${name}.en.vtt`),
      `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${format(c.start)} --> ${format(c.end)}\n${c.text}\n`).join('\n')}`,
    );
    console.log(
      `${frames.length} frames over ${(total / 1000).toFixed(1)} s → ${video} ` +
        `(${(statSync(video).size / 1024 / 1024).toFixed(2)} MB), ${cues.length} captions`,
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(framesDir, { recursive: true, force: true });
  }
}

await main();
