import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { openEngine } from './engine';
import emptyRoom from '../public/demo/empty-room.json' with { type: 'json' };

// Light and materials in the built-in engine, seen as a visitor sees them: the wall around a
// picture is lit, and a metal sculpture reads as metal, not as a black hole. The rooms are served
// to /dev/engine from here.

test.describe.configure({ timeout: 120_000 });

/** The empty demo room (8 × 8 m, north wall's face at z = -3.9) in the gallery mood, with extras. */
function room(extra: object) {
  return {
    ...emptyRoom,
    customSpace: { ...emptyRoom.customSpace, lighting: 'gallery' },
    startingPosition: [0, 1.6, 0],
    startingRotation: 0,
    ...extra,
  };
}

async function openRoom(page: Page, content: object, quality: number) {
  await page.route('**/light-test.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(content) }),
  );
  await openEngine(page, `?content=/light-test.json&quality=${quality}`);
  await page.waitForTimeout(500);
}

/** Mean brightness (0…255) of a rectangle of the canvas, given as fractions of its size. */
async function brightness(page: Page, box: { x0: number; y0: number; x1: number; y1: number }) {
  const png = await page.locator('canvas').first().screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let n = 0;
  for (let y = Math.round(box.y0 * info.height); y < Math.round(box.y1 * info.height); y++) {
    for (let x = Math.round(box.x0 * info.width); x < Math.round(box.x1 * info.width); x++) {
      const i = (y * info.width + x) * 3;
      sum += 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      n++;
    }
  }
  return sum / n;
}

test('at High the wall around a picture is brighter than the wall away from it', async ({ page }) => {
  await openRoom(
    page,
    room({
      pictures: [
        {
          id: 'picture-lit',
          fileUri: '/demo/pictures/picture-004.jpg',
          title: 'Blocks',
          artist: 'Henrik Solberg',
          year: '2023',
          width: 0.8,
          height: 0.6,
          transform: { position: [0, 1.6, -3.88], rotation: [0, 0, 0] },
        },
      ],
    }),
    3,
  );
  const { near, far } = await wallAroundCentre(page);
  expect(near).toBeGreaterThan(far + 15);
});

test('at High an info point on a wall is lit like the works', async ({ page }) => {
  await openRoom(
    page,
    room({
      infoPoints: [
        {
          id: 'info-lit',
          title: 'About this room',
          text: 'Prints from the harbour.',
          transform: { position: [0, 1.6, -3.8], rotation: [0, 0, 0] },
        },
      ],
    }),
    3,
  );
  const { near, far } = await wallAroundCentre(page);
  expect(near).toBeGreaterThan(far + 15);
});

/**
 * The work is in the middle of the view, 3.9 m away: a band of wall just above it lies in its
 * light pool (`near`); the same band 2.6–3.2 m to the right is the wall's own light (`far`).
 */
async function wallAroundCentre(page: Page) {
  const canvas = (await page.locator('canvas').first().boundingBox())!;
  const metre = canvas.height / (2 * 3.88 * Math.tan((35 * Math.PI) / 180)) / canvas.height;
  const band = { y0: 0.5 - 0.55 * metre, y1: 0.5 - 0.4 * metre };
  const xScale = metre * (canvas.height / canvas.width);
  const near = await brightness(page, { ...band, x0: 0.5 - 0.3 * xScale, x1: 0.5 + 0.3 * xScale });
  const far = await brightness(page, { ...band, x0: 0.5 + 2.6 * xScale, x1: 0.5 + 3.2 * xScale });
  return { near, far };
}

test('at Medium a metal sculpture is not black', async ({ page }) => {
  await openRoom(
    page,
    room({
      models3d: [
        {
          id: 'model-gold',
          transform: { position: [0, 1.1, -1.8], rotation: [0, 0, 0], scale: [1, 1, 1] },
          collision: 'simple',
          format: 'glb',
          fileUri: '/demo/models/torus-knot.glb',
        },
      ],
    }),
    2,
  );
  // The gold knot fills the middle of the view; a black one would average near 0.
  const knot = await brightness(page, { x0: 0.45, y0: 0.45, x1: 0.55, y1: 0.62 });
  expect(knot).toBeGreaterThan(60);
});
