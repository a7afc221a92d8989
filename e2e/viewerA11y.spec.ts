import { expect, type Page, test } from '@playwright/test';
import type { SceneContent } from '../contracts/sceneContent';
import gallery from '../public/demo/gallery.json' with { type: 'json' };
import { ask, cameraOf, openEngine, send } from './engine';
import { demoSpace, expectAccessible, text } from './support';

// A tour anyone can take (platform.md §2.7): the tour by keyboard with its stops spoken, the list
// view of every work, and the list as the page when the browser cannot draw the space.

const publishedContent = async (page: Page, sceneId: string) =>
  (await (
    await page.request.get(`/api/sceneService/publishedscene/content/${sceneId}`)
  ).json()) as SceneContent;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** Presses Tab until the focused element is `target` (a visitor finding it by keyboard). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, most = 30) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the control');
}

const announcer = (page: Page) => page.getByTestId('viewer-tour-announcer');
const listView = (page: Page) => page.getByTestId('space-list-view');

test('a visitor takes the guided tour with the keyboard alone, each stop announced', async ({ page }) => {
  // Many steps, each drawn by the software renderer that the other tests' pages share.
  test.setTimeout(180_000);
  const demo = await demoSpace(page.request);
  const content = await publishedContent(page, demo.sceneId);
  const tour = content.guidedTours.find((t) => t.public)!;
  const points = [...tour.points].sort((a, b) => a.order - b.order);
  const count = points.length;
  expect(count).toBeGreaterThanOrEqual(2);

  await page.goto(`/viewer/${demo.sceneId}`);
  const pathsButton = page.getByRole('button', { name: text('viewer.sidebar.paths'), exact: true });
  await expect(pathsButton).toBeVisible({ timeout: 60_000 });
  // The live region is there before anything is said, and silent.
  await expect(announcer(page)).toHaveAttribute('aria-live', 'polite');
  await expect(announcer(page)).toHaveText('');

  // Tab reaches 'List view' before the sidebar, then its Paths panel, then 'Start tour'; Enter
  // starts it.
  const listButton = page.getByRole('button', { name: text('viewer.listView.open') });
  await tabTo(page, listButton);
  await tabTo(page, pathsButton);
  await page.keyboard.press('Enter');
  const start = page.getByRole('button', { name: text('viewer.paths.start') }).first();
  // A tour starts once the space is there.
  await expect(start).toBeEnabled({ timeout: 60_000 });
  await tabTo(page, start);
  // The focused control shows it: a visible outline.
  expect(await start.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  const stop = (n: number) =>
    new RegExp(
      `^${fill(text('viewer.paths.announcementTitleOnly'), { index: n, count, title: points[n - 1].title }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    );
  await expect(announcer(page)).toHaveText(stop(1));
  if (points[0].description) await expect(announcer(page)).toContainText(points[0].description);

  // → goes to the next stop (focus stays on the tour's button), ← back.
  await page.keyboard.press('ArrowRight');
  await expect(announcer(page)).toHaveText(stop(2));
  await page.keyboard.press('ArrowLeft');
  await expect(announcer(page)).toHaveText(stop(1));
  await page.keyboard.press('ArrowRight');
  await expect(announcer(page)).toHaveText(stop(2));

  // Space pauses and resumes (focus on the space itself, not on a button Space would press).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const pauseButton = page.getByRole('button', { name: text('viewer.paths.pause') });
  const resumeButton = page.getByRole('button', { name: text('viewer.paths.resume') });
  await expect(pauseButton).toBeVisible();
  await page.keyboard.press('Space');
  await expect(resumeButton).toBeVisible();
  await page.keyboard.press('Space');
  await expect(pauseButton).toBeVisible();
  // Pausing and resuming is not a new stop: nothing new is announced.
  await expect(announcer(page)).toHaveText(stop(2));

  // The tour's own buttons are reachable by Tab too.
  const previous = page.getByRole('button', { name: text('viewer.paths.previous') });
  await tabTo(page, previous);
  await page.keyboard.press('Enter');
  await expect(announcer(page)).toHaveText(stop(1));

  // Escape stops the tour: the arrows walk again, and nothing more is announced.
  await page.keyboard.press('Escape');
  await expect(announcer(page)).toHaveText('');
});

test('the list view shows every work of the space, and walks to one', async ({ page }) => {
  test.setTimeout(120_000);
  const demo = await demoSpace(page.request);
  const content = await publishedContent(page, demo.sceneId);
  expect(content.pictures.length).toBeGreaterThan(0);

  await page.goto(`/viewer/${demo.sceneId}`);
  await expect(page.getByRole('button', { name: text('viewer.listView.open') })).toBeVisible({
    timeout: 60_000,
  });
  const listButton = page.getByRole('button', { name: text('viewer.listView.open') });
  await tabTo(page, listButton);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', {
    name: fill(text('viewer.listView.heading'), { title: demo.title }),
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 }).first()).toBeVisible();
  // Every picture of the space is an article with its title as heading.
  const pictures = dialog.locator('article[data-kind="picture"]');
  await expect(pictures).toHaveCount(content.pictures.length);
  for (const picture of content.pictures.filter((p) => p.title)) {
    await expect(dialog.getByRole('article', { name: picture.title, exact: true }).first()).toBeVisible();
  }
  // So is every information point, with its text.
  for (const info of content.infoPoints) {
    await expect(dialog.getByRole('article', { name: info.title, exact: true })).toContainText(info.text);
  }
  await expectAccessible(page);

  // Escape goes back to the space, focus back on the button that opened the list.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(listButton).toBeFocused();

  // 'Show in the space' stands the visitor in front of the work: the view changes.
  const canvas = page.locator('canvas').first();
  const before = await canvas.screenshot();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const last = pictures.last();
  const lastTitle = await last.getByRole('heading').textContent();
  await last.getByRole('button', { name: text('viewer.listView.showInSpace') }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => Buffer.compare(before, await canvas.screenshot()), { timeout: 10_000 })
    .not.toBe(0);
  // Opening the list again puts the reader on that work.
  await listButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: lastTitle!, exact: true }).first()).toBeFocused();
});

test('without WebGL, the viewer shows the space as a list instead of an error', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      if (/webgl/i.test(kind)) return null;
      return (getContext as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
    } as typeof getContext;
  });
  const demo = await demoSpace(page.request);
  const content = await publishedContent(page, demo.sceneId);
  await page.goto(`/viewer/${demo.sceneId}`);

  await expect(listView(page)).toHaveAttribute('data-unavailable', 'true', { timeout: 60_000 });
  await expect(page.getByText(text('viewer.listView.unavailable'))).toBeVisible();
  await expect(page.getByText(text('engine.unavailable'))).toHaveCount(0);
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('article[data-kind="picture"]')).toHaveCount(content.pictures.length);
  // It is the page: nothing to close, and no space to show a work in.
  await expect(dialog.getByRole('button', { name: text('viewer.listView.close') })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: text('viewer.listView.showInSpace') })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
});

test('with reduced motion, a guided tour cuts to its stops instead of gliding', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openEngine(page, '?quality=0');
  const tour = gallery.guidedTours[0];
  const first = [...tour.points].sort((a, b) => a.order - b.order)[0];
  // Stand 6 m from the first stop: a glide takes seconds to get there.
  const [x, y, z] = first.position;
  await send(page, 'Viewer', 'teleport', { position: [x + 6, y, z], rotation: 0 });
  await ask(page, 'Viewer', 'playGuidedTour', { tourId: tour.guidedTourId }, 'guidedTourState');
  // Two frames later the camera is at the stop.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const camera = await cameraOf(page);
  camera.position.forEach((v, i) => expect(v).toBeCloseTo(first.position[i], 1));
});
