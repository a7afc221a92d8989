import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoSpace, expectAccessible, text } from './support';

// The viewer's map: a visitor opens it from the toolbar, sees the floor plan with the artworks as
// dots and where they stand, clicks an artwork's dot and walks up to it.

test.setTimeout(120_000);

/** Where the map's 'you are here' marker stands, in plan metres. */
async function you(page: Page): Promise<[number, number]> {
  const marker = page.getByTestId('viewer-map-you');
  return [Number(await marker.getAttribute('data-x')), Number(await marker.getAttribute('data-z'))];
}

async function centre(dot: Locator): Promise<[number, number]> {
  const circle = dot.locator('circle').last();
  return [Number(await circle.getAttribute('cx')), Number(await circle.getAttribute('cy'))];
}

test('a visitor walks to an artwork by clicking it on the map', async ({ page, request }) => {
  const demo = await demoSpace(request);
  await page.goto(`/viewer/${demo.sceneId}`);
  await page.getByRole('button', { name: text('viewer.sidebar.map'), exact: true }).click();
  const map = page.getByTestId('viewer-map');
  await expect(map.getByRole('group', { name: /Floor plan/ })).toBeVisible({ timeout: 60_000 });
  // Where the visitor stands shows once the engine has told it.
  await expect(page.getByTestId('viewer-map-you')).toBeVisible({ timeout: 60_000 });
  const before = await you(page);
  // The plan, its dots and its level switcher pass axe.
  await expectAccessible(page);

  const dots = map.getByRole('button', { name: /^Walk to / });
  expect(await dots.count()).toBeGreaterThan(0);
  // The artwork farthest from the visitor: a walk there cannot pass unnoticed.
  let far = dots.first();
  let farthest = -1;
  for (const dot of await dots.all()) {
    const [x, z] = await centre(dot);
    const d = Math.hypot(x - before[0], z - before[1]);
    if (d > farthest) [far, farthest] = [dot, d];
  }
  expect(farthest).toBeGreaterThan(3);
  const target = await centre(far);
  await far.click();

  await expect
    .poll(async () => {
      const [x, z] = await you(page);
      return Math.hypot(x - target[0], z - target[1]);
    })
    .toBeLessThan(2.6);
  // The visitor faces the artwork: it is ahead, not behind.
  const [x, z] = await you(page);
  const yaw = (Number(await page.getByTestId('viewer-map-you').getAttribute('data-yaw')) * Math.PI) / 180;
  const ahead = -Math.sin(yaw) * (target[0] - x) - Math.cos(yaw) * (target[1] - z);
  expect(ahead).toBeGreaterThan(0.5);

  // The keyboard does the same: focus another dot, Enter walks there.
  let other = far;
  let otherTarget = target;
  for (const dot of await dots.all()) {
    const c = await centre(dot);
    if (Math.hypot(c[0] - target[0], c[1] - target[1]) > 3) [other, otherTarget] = [dot, c];
  }
  test.skip(other === far, 'one artwork only');
  await other.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => {
      const [x, z] = await you(page);
      return Math.hypot(x - otherTarget[0], z - otherTarget[1]);
    })
    .toBeLessThan(2.6);
});
