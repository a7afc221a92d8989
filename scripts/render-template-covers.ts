/**
 * Renders the premade catalogue's photos from the rooms themselves (contracts/premadeSpaces.ts):
 * for every template (family × size × kind) a cover, and for every family a gallery of three
 * shots (a furnished demo space, another view of an L Premium room, the view on entering an M
 * Standard one), written as small JPEGs to
 * public/demo/templates/. Commit what changes. The rooms are staged with sample pictures and a
 * bench (`stagedTemplate` in server/db/demo/staging.ts) so that a photo shows their scale.
 *
 *   npm run template-covers                      # builds the app with the development pages first
 *   npm run template-covers -- --spa dist/spa    # reuse a build made with SPACES_DEV_PAGES=true
 *   npm run template-covers -- --only atrium,loft-m   # only files whose names start so
 *
 * How: the SPA is built with SPACES_DEV_PAGES=true into .tmp/template-covers/spa (the shared
 * dist/ is left alone), the real server serves it on a free loopback port with an empty embedded
 * database, and Debian's Chromium (software WebGL) opens the /dev/engine workbench. Each room is
 * loaded as a document with a one-point guided tour at the camera position wanted; the tour
 * flies the camera there, the engine's part of the page is captured at twice the size and scaled
 * down (for smooth edges) to 640 × 400, JPEG quality 75.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  familyGalleryOf,
  premadeStart,
  premadeTemplates,
  templateCoverOf,
  templateFootprints,
} from '../contracts/premadeSpaces';
import type { SceneContent, SpaceTemplateChoice } from '../contracts/sceneContent';
import { spaceTemplateFamilies, type SpaceTemplateFamilyId } from '../contracts/spaceTemplates';
import { chromiumArgs } from '../playwright.config';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { demoSpaces, stagedTemplate } from '../server/db/demo';
import { templateSpace } from '../geometry/templates';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public', 'demo', 'templates');
const size = { width: 640, height: 400 };
const supersample = 2;
const jpegQuality = 75;
/**
 * Graphics quality of the workbench: High (antialiased, no shadows). Ultra and Max cast the sun's
 * shadows from a fixed 10 m frustum, which draws a dark square on the floor of a big room.
 */
const quality = 3;
/** The workbench's side panel in viewer mode (src/views/pages/dev/EngineDevPage.tsx). */
const panelWidth = 320;

type Vec3 = [number, number, number];
interface Shot {
  /** File name in public/demo/templates. */
  file: string;
  content: SceneContent;
  eye: Vec3;
  target: Vec3;
}

function args() {
  const argv = process.argv.slice(2);
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return { spa: value('--spa'), only: (value('--only') ?? '').split(',') };
}

// ---------------------------------------------------------------------------------------------
// Camera positions

function dimensions(choice: SpaceTemplateChoice) {
  const { width: w, depth: d } = templateFootprints[choice.size];
  const levels = templateSpace(choice).levels;
  return { w, d, h: levels[0].height, upper: levels[1] };
}

/** The view from `eye` towards the plan point `target`, looking down by `pitch` degrees. */
function view(eye: Vec3, target: [number, number], pitch: number): Pick<Shot, 'eye' | 'target'> {
  const distance = Math.hypot(target[0] - eye[0], target[1] - eye[2]);
  const y = eye[1] - distance * Math.tan((pitch * Math.PI) / 180);
  return { eye, target: [target[0], y, target[1]] };
}

/**
 * The cover view: from the corner by the entrance, a little above a visitor's head, looking down
 * into the room towards the far corner, so its shape, walls and openings show. An enfilade is
 * shown along its doorways instead, from the west wall.
 */
function coverView(choice: SpaceTemplateChoice): Pick<Shot, 'eye' | 'target'> {
  const { w, d, h } = dimensions(choice);
  const y = Math.min(2.6, h * 0.55);
  switch (choice.family as SpaceTemplateFamilyId) {
    case 'enfilade':
      return view([-w / 2 + 0.8, 2, 0.3], [w / 2, 0], 4);
    case 'atrium':
      // From the south-east corner, towards the stairs by the west wall.
      return view([w / 2 - 0.8, y, d / 2 - 0.8], [-w / 2, -d * 0.2], 7);
    default:
      return view([-w / 2 + 0.8, y, d / 2 - 0.8], [w / 2, -d / 2], 7);
  }
}

/** A second view of a family, different from the cover's. */
function otherView(choice: SpaceTemplateChoice): Pick<Shot, 'eye' | 'target'> {
  const { w, d, h, upper } = dimensions(choice);
  switch (choice.family as SpaceTemplateFamilyId) {
    case 'enfilade':
      // The first room from its south-west corner, towards its doorway.
      return view([-w / 2 + 0.8, Math.min(2.6, h * 0.55), d / 2 - 0.8], [w / 2, -d * 0.05], 6);
    case 'atrium': {
      // The upper gallery from its south-east corner.
      const floor = upper!.elevation;
      return view([w / 2 - 1, floor + upper!.height * 0.45, d / 2 - 1], [-w / 2 + 2, -d / 2], 4);
    }
    case 'loft': {
      // Towards the window wall, half-way between the middle screen and the next one east.
      const east = templateSpace(choice)
        .levels[0].walls.filter((wall) => wall.id.includes('screen') && wall.from[0] > 0.1)
        .map((wall) => wall.from[0]);
      const x = east.length ? Math.min(...east) / 2 : w / 4;
      return view([x, h * 0.4, d / 2 - 1], [x, -d / 2], 0);
    }
    default:
      // From the north-east corner back towards the entrance.
      return view([w / 2 - 1, h * 0.45, -d / 2 + 1], [-w * 0.15, d / 2], 6);
  }
}

/** What a visitor sees on entering: the premade scene's starting point and direction. */
function entryView(choice: SpaceTemplateChoice): Pick<Shot, 'eye' | 'target'> {
  const { startingPosition: eye, startingRotation } = premadeStart(choice);
  const yaw = (startingRotation * Math.PI) / 180;
  return { eye, target: [eye[0] - Math.sin(yaw) * 10, eye[1] - 0.3, eye[2] - Math.cos(yaw) * 10] };
}

function shots(): Shot[] {
  const list: Shot[] = [];
  for (const template of premadeTemplates) {
    const choice = { family: template.spaceTemplateFamilyId, size: template.size, kind: template.kind };
    list.push({
      file: path.basename(template.coverPhoto),
      content: stagedTemplate(choice),
      ...coverView(choice),
    });
  }
  const furnished = demoSpaces();
  for (const { family } of spaceTemplateFamilies) {
    const [one, two, three] = familyGalleryOf(family).map((url) => path.basename(url));
    const demo = furnished.find((s) => s.content.spaceTemplate?.family === family)!;
    list.push({ file: one, content: demo.content, ...coverView(demo.content.spaceTemplate!) });
    const premium = { family, size: 'L', kind: 'Premium' } as const;
    list.push({
      file: two,
      content: stagedTemplate(premium),
      ...otherView(premium),
    });
    const medium = { family, size: 'M', kind: 'Standard' } as const;
    list.push({ file: three, content: stagedTemplate(medium), ...entryView(medium) });
  }
  // Every photo the catalogue names is made here.
  const names = new Set(list.map((s) => s.file));
  for (const t of premadeTemplates)
    if (
      !names.has(
        path.basename(templateCoverOf({ family: t.spaceTemplateFamilyId, size: t.size, kind: t.kind })),
      )
    )
      throw new Error(`No shot for ${t.spaceTemplateId}`);
  return list;
}

// ---------------------------------------------------------------------------------------------
// Rendering

function lookAt(eye: Vec3, target: Vec3): [number, number, number] {
  const [dx, dy, dz] = [target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]];
  const pitch = (Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI;
  const yaw = ((((Math.atan2(-dx, -dz) * 180) / Math.PI) % 360) + 360) % 360;
  return [Math.round(pitch * 100) / 100, Math.round(yaw * 100) / 100, 0];
}

/** The document with a one-point tour to the camera position, which the shot plays. */
function withCameraTour(shot: Shot): SceneContent {
  return {
    ...shot.content,
    guidedTours: [
      {
        guidedTourId: 'cover-camera',
        title: 'Cover',
        description: '',
        public: false,
        points: [
          {
            guidedTourPointId: 'cover-camera-point',
            title: 'Cover',
            description: '',
            position: shot.eye,
            rotation: lookAt(shot.eye, shot.target),
            duration: 3600,
            order: 0,
          },
        ],
      },
    ],
  };
}

const engineBox = { x: 0, y: 0, width: size.width * supersample, height: size.height * supersample };

/**
 * Whether the bottom middle of a capture shows the terrain's green where the floor should be.
 * Seen from some corners the built-in engine leaves a room's floor out (it seems to cull it), so
 * the ground outside shows through; the camera then moves a little and tries again.
 */
async function floorMissing(png: Buffer): Promise<boolean> {
  const { width, height } = engineBox;
  const patch = await sharp(png)
    .extract({
      left: Math.round(width * 0.45),
      top: Math.round(height * 0.85),
      width: Math.round(width * 0.1),
      height: Math.round(height * 0.1),
    })
    .resize(1, 1)
    .raw()
    .toBuffer();
  const [r, g, b] = patch;
  return g > r + 8 && g > b + 25;
}

async function render(page: Page, shot: Shot): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    const png = await capture(page, shot);
    if (!(await floorMissing(png))) {
      return sharp(png)
        .resize(size.width, size.height, { kernel: 'lanczos3' })
        .jpeg({ quality: jpegQuality, mozjpeg: true })
        .toBuffer();
    }
    if (attempt === 3) throw new Error(`${shot.file}: the floor is missing from every camera position tried`);
    console.warn(`${shot.file}: the floor is missing; moving the camera 0.5 m into the room`);
    const [x, y, z] = shot.eye;
    const length = Math.hypot(x, z);
    shot = { ...shot, eye: [x - (x / length) * 0.5, y, z - (z / length) * 0.5] };
  }
}

async function capture(page: Page, shot: Shot): Promise<Buffer> {
  const content = withCameraTour(shot);
  await page.evaluate(async (content) => {
    const dev = window.engineDev!;
    const loaded = dev.next('loaded', undefined, 120_000);
    dev.send('Scene', 'load', { content });
    await loaded;
  }, content);
  await page.evaluate(() => window.engineDev!.send('Viewer', 'playGuidedTour', { tourId: 'cover-camera' }));
  // The tour flies there in at most 5 s; wait until the camera has arrived.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const camera = await page.evaluate(async () => {
      const dev = window.engineDev!;
      const next = dev.next('cameraState');
      dev.send('Core', 'requestCameraState', {});
      return next;
    });
    const off = Math.hypot(...camera.position.map((v, i) => v - shot.eye[i]));
    if (off < 0.01) break;
    if (Date.now() > deadline)
      throw new Error(`${shot.file}: the camera did not arrive (${off.toFixed(2)} m off)`);
    await page.waitForTimeout(250);
  }
  // A few frames for shadows and late textures.
  await page.waitForTimeout(1500);
  // A clip of the page, not an element screenshot: software rendering keeps the page too busy
  // for Playwright's element stability check.
  return page.screenshot({ type: 'png', clip: engineBox, timeout: 120_000 });
}

async function buildSpa(): Promise<string> {
  const dir = path.join(root, '.tmp', 'template-covers', 'spa');
  process.env.SPACES_DEV_PAGES = 'true';
  const { createRsbuild } = await import('@rsbuild/core');
  const { default: config } = await import('../rsbuild.config');
  const rsbuild = await createRsbuild({
    cwd: root,
    rsbuildConfig: { ...config, output: { ...config.output, distPath: { root: dir } } },
  });
  await rsbuild.build();
  return dir;
}

async function main() {
  const { spa, only } = args();
  const list = shots().filter((s) => only.some((prefix) => s.file.startsWith(prefix)));
  const spaDir = spa ? path.resolve(spa) : await buildSpa();
  const dataDir = path.join(tmpdir(), `template-covers-${process.pid}`);
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  });
  const app = await buildApp(config, { spaDir, logger: false });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  mkdirSync(outDir, { recursive: true });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = address.replace('127.0.0.1', 'localhost');
    const page = await browser.newPage({
      viewport: {
        width: (size.width + panelWidth / supersample) * supersample,
        height: size.height * supersample,
      },
      deviceScaleFactor: 1,
    });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(`${base}/dev/engine?content=/demo/empty-room.json&quality=${quality}`);
    await page.waitForFunction(() => window.engineDev?.last('loaded'), null, {
      timeout: 120_000,
      polling: 200,
    });
    const box = await page.getByTestId('engine-box').boundingBox();
    if (!box || Object.entries(engineBox).some(([k, v]) => Math.round(box[k as keyof typeof box]) !== v)) {
      throw new Error(`The engine is at ${JSON.stringify(box)}, not ${JSON.stringify(engineBox)}`);
    }
    for (const [i, shot] of list.entries()) {
      const jpeg = await render(page, shot);
      writeFileSync(path.join(outDir, shot.file), jpeg);
      console.log(
        `${String(i + 1).padStart(2)}/${list.length} ${shot.file} ${(jpeg.length / 1024).toFixed(0)} KB`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const total = readdirSync(outDir).reduce((sum, f) => sum + statSync(path.join(outDir, f)).size, 0);
  console.log(`public/demo/templates: ${readdirSync(outDir).length} files, ${(total / 1024).toFixed(0)} KB`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
