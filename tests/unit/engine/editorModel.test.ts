import { describe, expect, it } from 'vitest';
import {
  parseSceneContent,
  type SceneContent,
  type SceneContentInput,
} from '../../../contracts/sceneContent';
import { spaceCost } from '../../../contracts/spaceCost';
import { AddObjects } from '../../../src/engine/web/editor/commands';
import { EditorDocument, type DocumentChange } from '../../../src/engine/web/editor/document';
import {
  addObject,
  copiesOf,
  removeObjects,
  setTransforms,
  updateObject,
} from '../../../src/engine/web/editor/edits/objects';
import { isRejection } from '../../../src/engine/web/editor/edits/rejection';
import {
  addLevel,
  addOpening,
  addStairs,
  addWall,
  applyTheme,
  openingAt,
  paintSurface,
  removeElement,
  removeLevel,
  renameLevel,
  switchToCustomSpace,
  switchToTemplate,
} from '../../../src/engine/web/editor/edits/space';
import { addPoint, addTour, movePoint, updatePoint } from '../../../src/engine/web/editor/edits/tours';
import { History, mergeWindowMs } from '../../../src/engine/web/editor/history';

const at = (x: number, y: number, z: number) => ({ position: [x, y, z] as [number, number, number] });

/** A document with one object of every kind, two levels, a tour. */
function everything(): SceneContent {
  const doc: SceneContentInput = {
    version: 2,
    customSpace: {
      levels: [
        {
          id: 'ground',
          walls: [{ id: 'w1', from: [0, 0], to: [10, 0] }],
          openings: [{ id: 'd1', wallId: 'w1', kind: 'door-single', offset: 2, width: 1, height: 2.2 }],
          stairs: [{ id: 's1', kind: 'L', position: [8, 0, 8], width: 1.2, rise: 4, toLevel: 'upper' }],
          floorMaterialId: 'paint-x',
        },
        { id: 'upper', name: 'Upper', elevation: 4 },
      ],
      materialOverrides: { 'paint-x': { base: 'wood', color: '#aa8866' } },
      skyUri: '/sky.jpg',
    },
    ambientSoundUri: '/sound.mp3',
    pictures: [
      {
        id: 'p1',
        fileUri: '/a.jpg',
        width: 1,
        height: 0.8,
        transform: at(1, 1.6, 0.1),
        frame: { color: '#222', width: 0.05 },
      },
    ],
    videos: [
      { id: 'v1', source: 'file', fileUri: '/v.webm', transform: at(2, 1.6, 0.1) },
      { id: 'v2', source: 'youtube', youtubeId: 'aqz-KE-bpKQ', transform: at(3, 1.6, 0.1) },
    ],
    texts3d: [
      {
        id: 't1',
        text: 'Hello',
        link: 'https://example.com',
        outline: { width: 2, color: '#fff' },
        transform: at(4, 2, 0.1),
      },
    ],
    models3d: [{ id: 'm1', format: 'obj', fileUri: '/c.obj', mtlUri: '/c.mtl', transform: at(5, 0, 5) }],
    portals: [{ id: 'po1', targetSceneId: 'next', label: 'Next', transform: at(6, 1.1, 5) }],
    infoPoints: [{ id: 'i1', title: 'About', text: 'Text', transform: at(7, 1.4, 5) }],
    props: [{ id: 'pr1', propId: 'bench', transform: at(5, 0, 2) }],
    liveVideos: [{ id: 'lv1', streamUrl: 'https://live.example.com/s', transform: at(1, 2, 3) }],
    webViews3d: [{ id: 'wv1', url: 'https://example.com', width: 1.6, height: 1, transform: at(2, 2, 3) }],
    guidedTours: [
      {
        guidedTourId: 'tour',
        title: 'Tour',
        points: [{ guidedTourPointId: 'tp1', title: 'A', position: [1, 1.6, 1], duration: 4, order: 0 }],
      },
    ],
  };
  const parsed = parseSceneContent(doc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.content;
}

function ok<T>(value: T): Exclude<T, { rejected: true }> {
  if (isRejection(value)) throw new Error(`rejected: ${value.message}`);
  return value as Exclude<T, { rejected: true }>;
}

const command = <T extends object>(value: T) =>
  'command' in value ? (value as { command: never }).command : value;

function setup(content = everything(), clock = { t: 0 }) {
  const doc = new EditorDocument(content);
  const history = new History(doc, () => clock.t);
  const changes: DocumentChange[] = [];
  doc.on((c) => changes.push(c));
  const run = <T extends object>(edit: T) => history.execute(command(ok(edit)) as never);
  return { doc, history, changes, run, clock };
}

describe('export and import', () => {
  it('export(import(x)) equals x for a document with every content type', () => {
    const x = everything();
    expect(new EditorDocument(x).export()).toEqual(x);
    // The export is a copy: changing it does not change the document.
    const doc = new EditorDocument(x);
    doc.export().pictures.pop();
    expect(doc.export()).toEqual(x);
  });

  it('every edit undone leaves the document exactly as imported, and redone as edited', () => {
    const x = everything();
    const { doc, history, run } = setup(x);
    run(addWall(doc, 'ground', { from: [0, 0], to: [0, 8] }));
    run(
      addObject(
        doc,
        { kind: 'infoPoint', item: { title: 'New', text: 'x' } },
        { position: [1, 1, 1], rotation: [0, 0, 0], scale: [1, 1, 1] },
      ),
    );
    run(updateObject(doc, 't1', { text: 'Changed', outline: null }));
    run(removeObjects(doc, ['p1', 'wv1']));
    run(addTour(doc, { title: 'Second', description: '', public: false, points: [] }));
    run(applyTheme(doc, 'industrial'));
    run(switchToTemplate(doc, { family: 'loft', size: 'M', kind: 'Premium' }));
    const edited = doc.export();
    expect(parseSceneContent(edited).ok).toBe(true);
    while (history.undo());
    expect(doc.export()).toEqual(x);
    while (history.redo());
    expect(doc.export()).toEqual(edited);
  });
});

describe('history', () => {
  it('merges edits of the same field within the merge window into one step', () => {
    const { doc, history, run, clock } = setup();
    run(updateObject(doc, 't1', { text: 'H' }));
    clock.t += mergeWindowMs - 100;
    run(updateObject(doc, 't1', { text: 'He' }));
    clock.t += mergeWindowMs - 100;
    run(updateObject(doc, 't1', { text: 'Hey' }));
    expect(history.undoLabel).toBe('Edit text');
    history.undo();
    expect(doc.get('t1')!.item).toMatchObject({ text: 'Hello' });
    expect(history.canUndo).toBe(false);
  });

  it('keeps edits apart after the window, of other fields, or of other objects', () => {
    const { doc, history, run, clock } = setup();
    run(updateObject(doc, 't1', { text: 'A' }));
    clock.t += mergeWindowMs + 1;
    run(updateObject(doc, 't1', { text: 'B' }));
    run(updateObject(doc, 't1', { size: 80 }));
    run(updateObject(doc, 'p1', { title: 'B' }));
    let steps = 0;
    while (history.undo()) steps++;
    expect(steps).toBe(4);
  });

  it('clears redo on a new command and never merges a redone one', () => {
    const { doc, history, run } = setup();
    run(updateObject(doc, 't1', { text: 'A' }));
    history.undo();
    expect(history.canRedo).toBe(true);
    run(updateObject(doc, 'p1', { title: 'B' }));
    expect(history.canRedo).toBe(false);
    history.undo();
    history.redo();
    run(updateObject(doc, 'p1', { title: 'C' }));
    history.undo();
    expect(doc.get('p1')!.item).toMatchObject({ title: 'B' });
  });

  it('makes a drag one step: a move with the same key merges', () => {
    const { doc, history, run, clock } = setup();
    const moveTo = (x: number) =>
      setTransforms(
        doc,
        [{ id: 'pr1', transform: { ...doc.get('pr1')!.item.transform, position: [x, 0, 2] } }],
        'drag',
      );
    for (const x of [5.5, 6, 6.5]) {
      run(moveTo(x));
      clock.t += 50;
    }
    expect(doc.get('pr1')!.item.transform.position).toEqual([6.5, 0, 2]);
    history.undo();
    expect(doc.get('pr1')!.item.transform.position).toEqual([5, 0, 2]);
    expect(history.canUndo).toBe(false);
  });
});

describe('document changes', () => {
  it('announces what changed, by id, so the view updates only that', () => {
    const { doc, run, changes } = setup();
    run(
      addObject(
        doc,
        { kind: 'prop', item: { propId: 'plant' } },
        { position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] },
      ),
    );
    run(updateObject(doc, 'p1', { title: 'X' }));
    run(removeObjects(doc, ['i1']));
    run(addWall(doc, 'ground', { from: [0, 0], to: [0, 5] }));
    expect(changes.map((c) => c.type)).toEqual([
      'objectsAdded',
      'objectsChanged',
      'objectsRemoved',
      'spaceChanged',
    ]);
    expect(changes[1]).toEqual({ type: 'objectsChanged', ids: ['p1'] });
  });

  it('puts removed objects back where they were in their lists', () => {
    const { doc, history, run } = setup();
    const order = () => doc.current.videos.map((v) => v.id);
    const before = order();
    run(removeObjects(doc, ['v1']));
    history.undo();
    expect(order()).toEqual(before);
  });
});

describe('editing objects', () => {
  it('adds an object with a fresh id and the defaults of its kind', () => {
    const { doc, run } = setup();
    const added = ok(
      addObject(
        doc,
        {
          kind: 'text3d',
          item: {
            text: 'Hi',
            font: 'Roboto',
            size: 60,
            bold: false,
            italic: false,
            underline: false,
            fontTransform: 'None',
            color: '#000000',
            alignment: 'left',
          },
        },
        { position: [0, 1, 0], rotation: [0, 0, 0], scale: [1, 1, 1] },
      ),
    );
    run(added);
    expect(doc.get(added.id)!.item).toMatchObject({ text: 'Hi', size: 60 });
    expect(doc.isFree(added.id)).toBe(false);
  });

  it('refuses invalid changes with a message and changes nothing', () => {
    const { doc } = setup();
    const result = updateObject(doc, 'wv1', { url: 'javascript:alert(1)' });
    expect(isRejection(result) && result.message).toMatch(/url: Invalid url/);
    expect(isRejection(updateObject(doc, 'nope', {}))).toBe(true);
    expect(isRejection(updateObject(doc, 'p1', { id: 'other' }))).toBe(true);
    expect(doc.export()).toEqual(everything());
  });

  it('duplicates with new ids, moved', () => {
    const { doc, run } = setup();
    const copies = ok(copiesOf(doc, [doc.get('pr1')!, doc.get('m1')!], () => [0.5, 0, 0], 'Duplicate'));
    run(copies);
    expect(copies.ids).toHaveLength(2);
    expect(new Set(copies.ids).size).toBe(2);
    expect(doc.get(copies.ids[0])!.item.transform.position).toEqual([5.5, 0, 2]);
    expect(parseSceneContent(doc.export()).ok).toBe(true);
  });
});

describe('editing the space', () => {
  it('builds a second level with stairs up to it, a door and a window', () => {
    const { doc, run } = setup(
      parseSceneContent({ version: 2, customSpace: { levels: [{ id: 'g' }] } }).ok
        ? (
            parseSceneContent({ version: 2, customSpace: { levels: [{ id: 'g' }] } }) as {
              content: SceneContent;
            }
          ).content
        : everything(),
    );
    expect(
      isRejection(
        addStairs(doc, 'g', { kind: 'straight', turn: 'left', position: [1, 0, 1], rotation: 0, width: 1 }),
      ),
    ).toBe(true);
    const level = ok(addLevel(doc));
    run(level);
    const wall = ok(addWall(doc, 'g', { from: [0, 0], to: [6, 0] }));
    run(wall);
    run(addOpening(doc, 'g', ok(openingAt(doc, 'g', wall.wallId, 2, 'door-double'))));
    run(addOpening(doc, 'g', ok(openingAt(doc, 'g', wall.wallId, 4.6, 'window-single'))));
    expect(isRejection(addOpening(doc, 'g', ok(openingAt(doc, 'g', wall.wallId, 2.2, 'door-single'))))).toBe(
      true,
    );
    run(addStairs(doc, 'g', { kind: 'U', turn: 'right', position: [3, 0, 3], rotation: 90, width: 1.2 }));
    const space = doc.current.customSpace!;
    expect(space.levels.map((l) => [l.name, l.elevation])).toEqual([
      ['Ground Level', 0],
      ['Level 1', 4],
    ]);
    expect(space.levels[0].stairs[0]).toMatchObject({ toLevel: level.levelId, rise: 4 });
    expect(space.levels[0].openings.map((o) => o.kind)).toEqual(['door-double', 'window-single']);
    expect(parseSceneContent(doc.export()).ok).toBe(true);
    expect(spaceCost(doc.export()).totalCredits).toBe(50);
  });

  it('deleting a level takes its work and the stairs to it; the only level is emptied instead', () => {
    const { doc, run } = setup();
    run(removeLevel(doc, 'upper'));
    expect(doc.current.customSpace!.levels.map((l) => l.id)).toEqual(['ground']);
    expect(doc.current.customSpace!.levels[0].stairs).toEqual([]);
    run(removeLevel(doc, 'ground'));
    const [only] = doc.current.customSpace!.levels;
    expect(only).toMatchObject({ id: 'ground', walls: [], openings: [], stairs: [] });
    // Everything that stood on it went with its work.
    expect(doc.objectCount).toBe(0);
  });

  it('renames levels, merging typing into one step', () => {
    const { doc, history, run } = setup();
    run(renameLevel(doc, 'upper', 'M'));
    run(renameLevel(doc, 'upper', 'Mezzanine'));
    expect(doc.current.customSpace!.levels[1].name).toBe('Mezzanine');
    history.undo();
    expect(doc.current.customSpace!.levels[1].name).toBe('Upper');
  });

  it('refuses walls shorter than 10 cm and removes a wall with its openings', () => {
    const { doc, run } = setup();
    expect(isRejection(addWall(doc, 'ground', { from: [0, 0], to: [0.05, 0] }))).toBe(true);
    run(removeElement(doc, 'w1'));
    expect(doc.current.customSpace!.levels[0].openings).toEqual([]);
  });

  it('paints one wall without repainting others, and the eraser takes it off', () => {
    const { doc, run } = setup();
    run(addWall(doc, 'ground', { id: 'w2', from: [0, 0], to: [0, 5] }));
    const brush = { base: 'brick', color: '#a65a42', roughness: 0.9, metalness: 0, tint: '#ffffff' };
    run(paintSurface(doc, { kind: 'wall', wallId: 'w1' }, brush));
    const walls = () => doc.current.customSpace!.levels[0].walls;
    expect(walls()[0].materialId).toMatch(/^paint-/);
    expect(walls()[1].materialId).toBeUndefined();
    expect(doc.current.customSpace!.materialOverrides[walls()[0].materialId!]).toEqual(brush);
    run(paintSurface(doc, { kind: 'floor', levelId: 'upper' }, brush));
    expect(doc.current.customSpace!.levels[1].floorMaterialId).toBe(walls()[0].materialId);
    run(paintSurface(doc, { kind: 'wall', wallId: 'w1' }, null));
    expect(walls()[0].materialId).toBeUndefined();
  });

  it('switching to a template or to a new custom space discards the work, undoably', () => {
    const { doc, history, run } = setup();
    run(switchToTemplate(doc, { family: 'atrium', size: 'S', kind: 'Standard' }));
    expect(doc.current.customSpace).toBeUndefined();
    expect(doc.current.spaceTemplate).toEqual({ family: 'atrium', size: 'S', kind: 'Standard' });
    expect(doc.objectCount).toBe(0);
    expect(doc.current.guidedTours).toEqual([]);
    expect(isRejection(addWall(doc, 'ground', { from: [0, 0], to: [1, 0] }))).toBe(true);
    run(switchToCustomSpace(doc));
    expect(doc.current.customSpace!.levels).toHaveLength(1);
    history.undo();
    history.undo();
    expect(doc.export()).toEqual(everything());
  });
});

describe('tours', () => {
  it('adds points in order, reorders them and refuses durations under 3 s', () => {
    const { doc, run } = setup();
    const pose = {
      title: 'P',
      description: '',
      position: [0, 1.6, 0] as [number, number, number],
      rotation: [0, 0, 0] as [number, number, number],
    };
    const b = ok(addPoint(doc, 'tour', { ...pose, title: 'B', duration: 5 }));
    run(b);
    const c = ok(addPoint(doc, 'tour', { ...pose, title: 'C', duration: 5 }));
    run(c);
    const short = addPoint(doc, 'tour', { ...pose, duration: 2 });
    expect(isRejection(short) && short.message).toBe('Duration > 3');
    expect(isRejection(updatePoint(doc, 'tour', b.pointId, { duration: 1 }))).toBe(true);
    run(movePoint(doc, 'tour', c.pointId, 0));
    const points = doc.current.guidedTours[0].points;
    expect(points.map((p) => [p.title, p.order])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect(spaceCost(doc.export()).extraPaths).toBe(0);
  });
});

it('adding objects one at a time leaves earlier ones untouched (no rebuild of the list)', () => {
  const { doc, history } = setup();
  const first = doc.get('p1')!.item;
  history.execute(new AddObjects([{ list: 'pictures', item: { ...first, id: 'p2' } }]));
  expect(doc.get('p1')!.item).toBe(first);
});
