import { expect, type Page, test } from '@playwright/test';
import type { SceneContent } from '../contracts/sceneContent';
import type { EngineEvent } from '../src/engine/protocol';
import { ask, cameraOf, holdKeyUntil, openEngine, send } from './engine';

// The editor of the built-in engine, driven as the editor page drives it: protocol commands for
// choices made in panels, real pointer events on the canvas for drawing and placing.

test.describe.configure({ timeout: 240_000 });

type State = Extract<EngineEvent, { type: 'editorState' }>;

const state = (page: Page) => page.evaluate(() => window.engineDev!.last('editorState')) as Promise<State>;

/** The next editor state after running `action` (states come once a frame). */
async function after(page: Page, action: () => Promise<unknown>): Promise<State> {
  const next = page.evaluate(() => window.engineDev!.next('editorState'));
  await action();
  return (await next) as State;
}

const exported = (page: Page) =>
  ask(page, 'Editor.Content', 'exportContent', {}, 'exportResult').then((e) => e.content);

/** Clicks the canvas where a world point is, as a user would. */
async function clickAt(page: Page, position: [number, number, number], options: { double?: boolean } = {}) {
  const p = await ask(page, 'Core', 'projectPoint', { position }, 'projectedPoint');
  expect(p.visible, `point ${position.join(', ')} is on screen`).toBe(true);
  await page.mouse.click(p.x, p.y, { clickCount: options.double ? 2 : 1 });
  return p;
}

async function placeAt(page: Page, item: unknown, position: [number, number, number]) {
  const p = await ask(page, 'Core', 'projectPoint', { position }, 'projectedPoint');
  expect(p.visible).toBe(true);
  await send(page, 'Editor.Content', 'placeAt', { item, x: p.x, y: p.y });
}

const picture = (n: number) => ({
  kind: 'picture',
  item: {
    fileUri: `/demo/pictures/picture-00${n}.jpg`,
    width: 1,
    height: 0.75,
    title: `Work ${n}`,
    frame: { color: '#222222', width: 0.04 },
  },
});

test('draw a two-level space, fill it, tour it, undo and redo it all, then walk it in the viewer', async ({
  page,
}) => {
  await openEngine(page, '?mode=editor&quality=0');
  const steps: SceneContent[] = [await exported(page)];
  const step = async () => steps.push(await exported(page));

  // A custom space with one empty level.
  await after(page, () => send(page, 'Editor.Construction', 'useCustomSpace'));
  expect((await state(page)).levels).toHaveLength(1);
  await step();

  // Outer walls: four clicks and a fifth back on the first point closes the outline.
  await after(page, () => send(page, 'Editor.Construction', 'setTool', { tool: 'wall' }));
  const outline: [number, number][] = [
    [-5, -4],
    [5, -4],
    [5, 4],
    [-5, 4],
    [-5, -4],
  ];
  /** Draws the outline on a level, one wall per click after the first; each wall is a step. */
  const drawOutline = async (level: number, y: number) => {
    for (const [i, [x, z]] of outline.entries()) {
      await clickAt(page, [x, y, z]);
      if (i === 0) continue;
      await expect.poll(async () => (await state(page)).levels[level].walls).toBe(i);
      await step();
    }
  };
  await drawOutline(0, 0);
  // An interior wall at x = 1, ended with a double click.
  await clickAt(page, [1, 0, -4]);
  await clickAt(page, [1, 0, 4]);
  await clickAt(page, [1, 0, 4], { double: true });
  await expect.poll(async () => (await state(page)).levels[0].walls).toBe(5);
  await step();

  // A door in the interior wall and a window in the south wall, clicked on the walls' tops.
  const openings = async () => (await exported(page)).customSpace!.levels[0].openings;
  await send(page, 'Editor.Construction', 'setTool', {
    tool: 'opening',
    options: { openingKind: 'door-single' },
  });
  await clickAt(page, [1, 3.99, 0]);
  await expect.poll(async () => (await openings()).map((o) => o.kind)).toEqual(['door-single']);
  await step();
  await send(page, 'Editor.Construction', 'setTool', {
    tool: 'opening',
    options: { openingKind: 'window-center' },
  });
  await clickAt(page, [-2.5, 3.99, 4]);
  await expect
    .poll(async () => (await openings()).map((o) => o.kind))
    .toEqual(['door-single', 'window-center']);
  await step();
  // Centred where the wall was clicked: the door's middle is at z = 0 on the wall from z = -4.
  const [door] = await openings();
  expect(door.offset + door.width / 2).toBeCloseTo(4, 0);

  // A second level, with the same outline drawn on it.
  await after(page, () => send(page, 'Editor.Construction', 'addLevel', {}));
  const upper = (await state(page)).levels[1];
  expect(upper).toMatchObject({ elevation: 4 });
  expect((await state(page)).activeLevelId).toBe(upper.id);
  await step();
  await send(page, 'Editor.Construction', 'setTool', { tool: 'wall' });
  await drawOutline(1, 4);

  // Stairs on the ground level, climbing north from z = 3.
  await send(page, 'Editor.Construction', 'setActiveLevel', { levelId: (await state(page)).levels[0].id });
  await send(page, 'Editor.Construction', 'setTool', { tool: 'stairs', options: { stairsKind: 'straight' } });
  await clickAt(page, [-4, 0, 3]);
  await expect.poll(async () => (await exported(page)).customSpace!.levels[0].stairs).toHaveLength(1);
  expect((await exported(page)).customSpace!.levels[0].stairs[0]).toMatchObject({
    toLevel: upper.id,
    rise: 4,
    rotation: 0,
  });
  await step();

  // Inside, at eye height, to hang and place things.
  await send(page, 'Editor.Construction', 'setTool', { tool: 'select' });
  await after(page, () => send(page, 'Editor.Content', 'setCameraMode', { mode: 'walk' }));
  for (const [n, x] of [
    [1, -1.9],
    [2, -0.8],
    [3, 0.3],
  ] as const) {
    await placeAt(page, picture(n), [x, 1.6, -3.9]);
    await step();
  }
  const pictures = (await exported(page)).pictures;
  expect(pictures).toHaveLength(3);
  for (const p of pictures) {
    // Flush on the north wall's face (z = -3.9), facing into the room.
    expect(p.transform.position[2]).toBeCloseTo(-3.88, 2);
    expect(p.transform.rotation).toEqual([0, 0, 0]);
  }
  await placeAt(
    page,
    { kind: 'model3d', item: { format: 'glb', fileUri: '/demo/models/torus-knot.glb' } },
    [-0.3, 0, -3.2],
  );
  await step();
  await placeAt(page, { kind: 'text3d', item: { text: 'Drawn in the editor' } }, [-1.4, 0, -3.2]);
  await step();
  await placeAt(page, { kind: 'portal', item: { targetSceneId: 'next-space', label: 'Next' } }, [0.5, 0, -3]);
  await step();
  const placed = await exported(page);
  expect([placed.models3d.length, placed.texts3d.length, placed.portals.length]).toEqual([1, 1, 1]);
  expect(placed.models3d[0].transform.position[1]).toBe(0);
  expect(placed.portals[0].transform.position[1]).toBeCloseTo(1.1);

  // A two-point tour captured from the camera, turning between the points.
  await send(page, 'Editor.GuidedTour', 'addTour', {
    tour: { title: 'Walkthrough', description: '', public: true, points: [] },
  });
  await step();
  const tourId = (await state(page)).tours[0].id;
  await send(page, 'Editor.GuidedTour', 'capturePoint', { tourId, title: 'North wall', duration: 4 });
  await step();
  const before = await cameraOf(page);
  await page.keyboard.down('ArrowLeft');
  await page.waitForTimeout(600);
  await page.keyboard.up('ArrowLeft');
  expect((await cameraOf(page)).yaw).not.toBe(before.yaw);
  await send(page, 'Editor.GuidedTour', 'capturePoint', { tourId, title: 'West side', duration: 3 });
  await step();
  // A point shorter than 3 s is refused with the form's message, and nothing changes.
  await expect(
    send(page, 'Editor.GuidedTour', 'capturePoint', { tourId, title: 'Too short', duration: 2 }),
  ).rejects.toThrow('Duration > 3');
  const tour = (await exported(page)).guidedTours[0];
  expect(tour.points.map((p) => p.title)).toEqual(['North wall', 'West side']);
  expect(tour.points[0].rotation[1]).not.toBeCloseTo(tour.points[1].rotation[1], 0);

  // Every step undone, one at a time, gives back each earlier document; redone, each later one.
  const last = steps.length - 1;
  for (let i = last - 1; i >= 0; i--) {
    await send(page, 'Editor.Content', 'undo');
    expect(await exported(page), `after undoing back to step ${i}`).toEqual(steps[i]);
  }
  expect((await state(page)).canUndo).toBe(false);
  for (let i = 1; i <= last; i++) {
    await send(page, 'Editor.Content', 'redo');
    expect(await exported(page), `after redoing step ${i}`).toEqual(steps[i]);
  }

  // Exported, opened in the viewer, and walked through the door and up the stairs.
  const content = await exported(page);
  await page.evaluate((c) => sessionStorage.setItem('engine-dev-content', JSON.stringify(c)), content);
  await openEngine(page, '?mode=viewer&content=session&quality=0');
  await send(page, 'Viewer', 'teleport', { position: [-1, 1.6, 0], rotation: 270 });
  const through = await holdKeyUntil(page, 'w', (c) => c.position[0] > 2.5);
  expect(through.position[2]).toBeCloseTo(0, 0);
  await send(page, 'Viewer', 'teleport', { position: [-4, 1.6, 3.6], rotation: 0 });
  const up = await holdKeyUntil(page, 'w', (c) => c.position[1] >= 4 + 1.6 - 0.001, 60_000);
  expect(up.levelId).toBe(upper.id);
});

test('drag content from the panel onto a wall, select it on the canvas, and use the shortcuts', async ({
  page,
}) => {
  await openEngine(page, '?mode=editor&content=/demo/empty-room.json&quality=0');
  // At eye height in the middle of the 8 × 8 m room, facing the north wall (its face at z = -3.9).
  await after(page, () => send(page, 'Editor.Content', 'setCameraMode', { mode: 'walk' }));
  const onWall = await ask(page, 'Core', 'projectPoint', { position: [0, 1.6, -3.9] }, 'projectedPoint');
  const box = (await page.getByTestId('engine-box').boundingBox())!;

  await page.getByRole('button', { name: 'Content', exact: true }).click();
  await page
    .getByRole('listitem', { name: 'Picture 1', exact: true })
    .dragTo(page.getByTestId('engine-box'), { targetPosition: { x: onWall.x - box.x, y: onWall.y - box.y } });
  await expect.poll(async () => (await exported(page)).pictures.length).toBe(1);
  const [hung] = (await exported(page)).pictures;
  expect(hung.transform.position[2]).toBeCloseTo(-3.88, 2);
  expect(hung.transform.position[0]).toBeCloseTo(0, 0);
  expect((await state(page)).selectionCount).toBe(1);

  // Back to the orbit camera; a click on empty floor clears the selection, a click on the picture selects it.
  await after(page, () => send(page, 'Editor.Content', 'setCameraMode', { mode: 'orbit' }));
  await send(page, 'Editor.Content', 'focus', { id: hung.id });
  const floor = await ask(page, 'Core', 'projectPoint', { position: [1.5, 0, -3] }, 'projectedPoint');
  expect(floor.visible).toBe(true);
  await page.mouse.click(floor.x, floor.y);
  await expect.poll(async () => (await state(page)).selectionCount).toBe(0);
  const spot = await ask(page, 'Core', 'requestScreenPosition', { objectId: hung.id }, 'screenPosition');
  await page.mouse.click(spot.x, spot.y);
  await expect.poll(async () => (await state(page)).selectionCount).toBe(1);

  // Shortcuts: W/E/R switch the gizmo, Ctrl+D duplicates, Delete deletes, Ctrl+Z and Ctrl+Shift+Z undo and redo.
  await page.keyboard.press('e');
  await expect.poll(async () => (await state(page)).gizmoMode).toBe('rotate');
  await page.keyboard.press('w');
  await expect.poll(async () => (await state(page)).gizmoMode).toBe('translate');
  await page.keyboard.press('Control+d');
  await expect.poll(async () => (await state(page)).objectCount).toBe(2);
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await state(page)).objectCount).toBe(1);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await state(page)).objectCount).toBe(2);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await state(page)).objectCount).toBe(1);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(async () => (await state(page)).objectCount).toBe(2);
  // The help panel lists them.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Editor shortcuts' })).toContainText(
    'Duplicate the selection',
  );
});

test('Add hangs pictures side by side on the wall the camera faces and stands other things apart on the floor', async ({
  page,
}) => {
  await openEngine(page, '?mode=editor&content=/demo/empty-room.json&quality=0');
  // Walking in the 8 × 8 m room at its starting point, facing the north wall (its face at z = -3.9).
  await after(page, () => send(page, 'Editor.Content', 'setCameraMode', { mode: 'walk' }));
  await page.getByRole('button', { name: 'Content', exact: true }).click();
  for (const n of [1, 2, 3]) {
    await page.getByRole('button', { name: `Add Picture ${n}`, exact: true }).click();
    await expect.poll(async () => (await exported(page)).pictures.length).toBe(n);
  }
  const pictures = (await exported(page)).pictures;
  for (const p of pictures) {
    expect(p.transform.position[2]).toBeCloseTo(-3.88, 2);
    expect(p.transform.position[1]).toBeCloseTo(1.5, 2);
    expect(p.transform.rotation).toEqual([0, 0, 0]);
  }
  const spans = pictures
    .map((p) => [p.transform.position[0] - p.width / 2, p.transform.position[0] + p.width / 2])
    .sort((a, b) => a[0] - b[0]);
  expect(spans[0][1]).toBeLessThanOrEqual(spans[1][0]);
  expect(spans[1][1]).toBeLessThanOrEqual(spans[2][0]);

  for (const name of ['Bench', 'Plant', 'Pedestal']) {
    await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  }
  await expect.poll(async () => (await exported(page)).props.length).toBe(3);
  const props = (await exported(page)).props.map((p) => p.transform.position);
  for (const [x, y, z] of props) {
    expect(y).toBe(0);
    expect(z).toBeLessThan(2); // ahead of the camera
    expect(Math.abs(x) < 3.9 && Math.abs(z) < 3.9).toBe(true);
  }
  for (let i = 0; i < props.length; i++)
    for (let j = i + 1; j < props.length; j++)
      expect(Math.hypot(props[i][0] - props[j][0], props[i][2] - props[j][2])).toBeGreaterThan(0.5);

  // The placed objects are listed by their titles.
  await page.getByRole('button', { name: 'Objects', exact: true }).click();
  await expect(page.getByRole('listbox', { name: 'Placed objects' }).getByRole('option')).toContainText([
    'Picture 1',
    'Picture 2',
    'Picture 3',
    'Bench',
    'Plant',
    'Pedestal',
  ]);
});
