import { PerspectiveCamera, Scene, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { emptySceneContent, SceneContent, sceneContentVersion } from '../../../contracts/sceneContent';
import type { EngineCommand, EngineEvent, EngineEventOf } from '../../../src/engine/protocol';
import { EditorMode } from '../../../src/engine/web/editor/editorMode';
import type { Runtime } from '../../../src/engine/web/runtime/runtime';

// jsdom draws nothing: a 2D context whose calls do nothing (skies, patterns, labels).
const context2d = (canvas: HTMLCanvasElement): unknown => {
  const known: Record<string, unknown> = {
    canvas,
    getImageData: (_x: number, _y: number, w: number, h: number) => ({
      data: new Uint8ClampedArray(w * h * 4),
      width: w,
      height: h,
    }),
    measureText: () => ({ width: 10, actualBoundingBoxAscent: 5, actualBoundingBoxDescent: 2 }),
  };
  const noop: unknown = new Proxy(() => noop, { get: () => noop, apply: () => noop });
  return new Proxy({}, { get: (_t, key) => known[key as string] ?? noop, set: () => true });
};
HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
  return context2d(this);
} as never;

const width = 800;
const height = 600;

/** The editor in a page: commands, keys and clicks in; what the page hears out. */
function openEditor(content: SceneContent | null = emptySceneContent()) {
  const container = document.createElement('div');
  const canvas = document.createElement('canvas');
  canvas.getBoundingClientRect = () => new DOMRect(0, 0, width, height);
  Object.assign(canvas, { setPointerCapture: () => {}, releasePointerCapture: () => {} });
  container.appendChild(canvas);
  document.body.appendChild(container);
  const frameHooks = new Set<(dt: number) => boolean>();
  const runtime = {
    scene: new Scene(),
    camera: new PerspectiveCamera(60, width / height, 0.1, 1000),
    canvas,
    container,
    invalidate: () => {},
    keepAnimating: () => {},
    onFrame: (hook: (dt: number) => boolean) => {
      frameHooks.add(hook);
      return () => frameHooks.delete(hook);
    },
    hasEnvironment: false,
    registerTexture: () => {},
    unregisterTexture: () => {},
  } as unknown as Runtime;
  const events: EngineEvent[] = [];
  const mode = new EditorMode(runtime, (event) => events.push(event));
  mode.setInputEnabled(true);
  if (content) mode.open(content);

  const frame = () => frameHooks.forEach((hook) => hook(1 / 60));
  const pointer = (type: string, x: number, y: number, init: MouseEventInit = {}) => {
    const event = new MouseEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true, ...init });
    Object.defineProperty(event, 'pointerId', { value: 1 });
    canvas.dispatchEvent(event);
  };
  const editor = {
    mode,
    events,
    runtime,
    send: (channel: string, method: string, payload: object = {}) =>
      mode.handle({ channel, method, payload } as EngineCommand),
    key: (key: string, init: KeyboardEventInit = {}) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
      window.dispatchEvent(event);
      return event;
    },
    click: (x: number, y: number, init: MouseEventInit = {}) => {
      pointer('pointerdown', x, y, init);
      pointer('pointerup', x, y, init);
    },
    drag: (from: [number, number], to: [number, number]) => {
      pointer('pointerdown', ...from);
      pointer('pointermove', ...to);
      pointer('pointerup', ...to);
    },
    /** The state the page was told last, after a frame. */
    state: () => {
      frame();
      return events.filter((e) => e.type === 'editorState').at(-1) as EngineEventOf<'editorState'>;
    },
    heard: <T extends EngineEvent['type']>(type: T) =>
      events.filter((e) => e.type === type) as EngineEventOf<T>[],
    exported: () => {
      editor.send('Editor.Content', 'exportContent', {});
      return editor.heard('exportResult').at(-1)!.content;
    },
    /** Where a point of the space is on the page. */
    screenOf: ([x, y, z]: [number, number, number]): [number, number] => {
      const p = new Vector3(x, y, z).project(runtime.camera);
      return [((p.x + 1) / 2) * width, ((1 - p.y) / 2) * height];
    },
    frame,
    dispose: () => {
      mode.dispose();
      container.remove();
    },
  };
  return editor;
}

const infoPoint = { kind: 'infoPoint', item: { title: 'About', text: 'Opened in 2026' } };
const picture = {
  kind: 'picture',
  item: { fileUri: '/api/fileService/file/dawn', width: 1.2, height: 0.8, title: 'Dawn' },
};

describe('editor mode', () => {
  it('tells the page its state on the next frame, once, and only when it changed', () => {
    const editor = openEditor();
    const first = editor.state();
    expect(first).toMatchObject({
      tool: 'select',
      gizmoMode: 'translate',
      cameraMode: 'orbit',
      space: { kind: 'custom' },
      activeLevelId: 'level-0',
      objectCount: 0,
      selectionCount: 0,
      canUndo: false,
    });
    const count = editor.heard('editorState').length;
    editor.frame();
    editor.frame();
    expect(editor.heard('editorState')).toHaveLength(count);
    editor.dispose();
  });

  it('adds content in front of the camera, selects it, and can undo and redo it', () => {
    const editor = openEditor();
    editor.send('Editor.Content', 'add', { item: infoPoint });
    expect(editor.heard('contentChanged')).toHaveLength(1);
    const [added] = editor.exported().infoPoints;
    expect(added.title).toBe('About');
    expect(editor.heard('selection').at(-1)).toEqual({
      type: 'selection',
      objectId: added.id,
      objectIds: [added.id],
    });
    expect(editor.state()).toMatchObject({ objectCount: 1, selectionCount: 1, canUndo: true });
    expect(editor.state().undoLabel).toBe('Add info point');

    editor.key('z', { ctrlKey: true });
    expect(editor.state()).toMatchObject({ objectCount: 0, selectionCount: 0, canRedo: true });
    editor.key('z', { ctrlKey: true, shiftKey: true });
    expect(editor.state()).toMatchObject({ objectCount: 1, canUndo: true, canRedo: false });
    editor.dispose();
  });

  it('hangs added pictures side by side on the wall it faces and stands other things apart on the floor', () => {
    // A 10 m × 8 m room; the editor frames it from the south, so it faces the north wall (z = 0).
    const room = SceneContent.parse({
      version: sceneContentVersion,
      customSpace: {
        levels: [
          {
            id: 'level-0',
            walls: [
              { id: 'north', from: [0, 0], to: [10, 0] },
              { id: 'east', from: [10, 0], to: [10, 8] },
              { id: 'south', from: [10, 8], to: [0, 8] },
              { id: 'west', from: [0, 8], to: [0, 0] },
            ],
          },
        ],
      },
    });
    const editor = openEditor(room);
    for (let i = 0; i < 3; i++) editor.send('Editor.Content', 'add', { item: picture });
    const pictures = editor.exported().pictures.map((p) => p.transform);
    for (const t of pictures) {
      expect(t.position[1]).toBeCloseTo(1.5);
      expect(t.position[2]).toBeCloseTo(0.12); // flush on the wall's surface (half of 0.2 m in)
      expect(t.rotation[1]).toBe(0); // facing into the room
    }
    const xs = pictures.map((t) => t.position[0]).sort((a, b) => a - b);
    expect(xs[1] - xs[0]).toBeGreaterThanOrEqual(1.2);
    expect(xs[2] - xs[1]).toBeGreaterThanOrEqual(1.2);

    const bench = { kind: 'prop', item: { propId: 'bench' } };
    for (let i = 0; i < 3; i++) editor.send('Editor.Content', 'add', { item: bench });
    const props = editor.exported().props.map((p) => p.transform.position);
    for (const [x, y, z] of props) {
      expect(y).toBe(0);
      expect(x > 0 && x < 10 && z > 0 && z < 8).toBe(true);
    }
    for (let i = 0; i < props.length; i++)
      for (let j = i + 1; j < props.length; j++)
        expect(Math.hypot(props[i][0] - props[j][0], props[i][2] - props[j][2])).toBeGreaterThan(0.5);
    editor.dispose();
  });

  it('duplicates, copies and pastes the selection beside it, each copy selected', () => {
    const editor = openEditor();
    editor.send('Editor.Content', 'add', { item: infoPoint });
    const [original] = editor.exported().infoPoints;

    editor.key('d', { ctrlKey: true });
    let points = editor.exported().infoPoints;
    expect(points).toHaveLength(2);
    const copy = points[1];
    expect(copy.transform.position).toEqual([
      original.transform.position[0] + 0.6,
      original.transform.position[1],
      original.transform.position[2] + 0.6,
    ]);
    expect(editor.heard('selection').at(-1)?.objectIds).toEqual([copy.id]);
    expect(editor.state().undoLabel).toBe('Duplicate');

    editor.key('c', { ctrlKey: true });
    editor.key('v', { ctrlKey: true });
    editor.key('v', { ctrlKey: true });
    points = editor.exported().infoPoints;
    expect(points).toHaveLength(4);
    expect(points[3].transform.position[0]).toBeCloseTo(copy.transform.position[0] + 1.2);
    expect(editor.heard('selection').at(-1)?.objectIds).toEqual([points[3].id]);
    expect(editor.state().undoLabel).toBe('Paste');
    editor.dispose();
  });

  it('deletes the selection with the Delete key, and not while keys belong to the page', () => {
    const editor = openEditor();
    editor.send('Editor.Content', 'add', { item: infoPoint });
    editor.mode.setKeyboardEnabled(false);
    expect(editor.key('Delete').defaultPrevented).toBe(false);
    expect(editor.state().objectCount).toBe(1);
    editor.mode.setKeyboardEnabled(true);
    expect(editor.key('Delete').defaultPrevented).toBe(true);
    expect(editor.state()).toMatchObject({ objectCount: 0, selectionCount: 0 });
    expect(editor.heard('selection').at(-1)?.objectIds).toEqual([]);
    editor.dispose();
  });

  it('switches the gizmo with W, E and R, and clears the selection, then the tool, with Escape', () => {
    const editor = openEditor();
    editor.key('e');
    expect(editor.state().gizmoMode).toBe('rotate');
    editor.key('r');
    expect(editor.state().gizmoMode).toBe('scale');
    editor.send('Editor.Content', 'setGizmoMode', { mode: 'translate' });
    expect(editor.state().gizmoMode).toBe('translate');

    editor.send('Editor.Content', 'add', { item: infoPoint });
    editor.send('Editor.Construction', 'setTool', { tool: 'paint' });
    expect(editor.state().tool).toBe('paint');
    editor.key('Escape');
    expect(editor.state()).toMatchObject({ selectionCount: 0, tool: 'paint' });
    editor.key('Escape');
    expect(editor.state().tool).toBe('select');
    editor.dispose();
  });

  it('selects what is clicked, adds to the selection with Shift or takes out, and clears it on empty space', () => {
    const editor = openEditor();
    const at = (x: number) => ({ position: [x, 1.5, 0], rotation: [0, 0, 0], scale: [1, 1, 1] });
    editor.send('Editor.Content', 'add', {
      item: { ...picture, item: { ...picture.item, transform: at(-1.5) } },
    });
    editor.send('Editor.Content', 'add', {
      item: { ...picture, item: { ...picture.item, transform: at(1.5) } },
    });
    const [left, right] = editor.exported().pictures;
    editor.send('Editor.Content', 'select', { ids: [] });
    const selected = () => editor.heard('selection').at(-1)?.objectIds;

    editor.click(...editor.screenOf(left.transform.position));
    expect(selected()).toEqual([left.id]);
    editor.click(...editor.screenOf(right.transform.position), { shiftKey: true });
    expect(selected()).toEqual([left.id, right.id]);
    editor.click(...editor.screenOf(left.transform.position), { ctrlKey: true });
    expect(selected()).toEqual([right.id]);
    editor.click(...editor.screenOf(left.transform.position));
    expect(selected()).toEqual([left.id]);
    editor.click(5, 5);
    expect(selected()).toEqual([]);
    editor.dispose();
  });

  it('takes no click for a drag, and none while input belongs to the page', () => {
    const editor = openEditor();
    editor.send('Editor.Content', 'add', { item: picture });
    editor.send('Editor.Content', 'select', { ids: [] });
    const heard = editor.heard('selection').length;
    editor.drag([width / 2, height / 2], [width / 2 + 40, height / 2]);
    editor.mode.setInputEnabled(false);
    editor.click(width / 2, height / 2);
    expect(editor.heard('selection')).toHaveLength(heard);
    editor.dispose();
  });

  it('draws walls point by point on the active level', () => {
    const editor = openEditor();
    editor.send('Editor.Construction', 'setTool', { tool: 'wall' });
    editor.click(300, 300);
    editor.click(500, 300);
    editor.click(500, 400);
    editor.key('Escape');
    const walls = editor.exported().customSpace!.levels[0].walls;
    expect(walls).toHaveLength(2);
    expect(walls[0].to).toEqual(walls[1].from);
    expect(editor.state().levels[0].walls).toBe(2);
    editor.dispose();
  });

  it('keeps the selection when a handle of the gizmo is clicked', () => {
    const editor = openEditor(null); // the blank document it starts with
    editor.send('Editor.Content', 'add', { item: infoPoint });
    const [point] = editor.exported().infoPoints;
    editor.runtime.scene.updateMatrixWorld(true); // as a frame drawn would
    // The move gizmo's x arrow, beside the point: its handles grow with the camera's distance.
    const [x, y, z] = point.transform.position;
    const distance = editor.runtime.camera.position.distanceTo(new Vector3(x, y, z));
    const onArrow = x + (0.45 * distance * Math.tan(Math.PI / 6) * 1.9) / 4;
    editor.click(...editor.screenOf([onArrow, y, z]));
    expect(editor.heard('selection').at(-1)?.objectIds).toEqual([point.id]);
    editor.dispose();
  });

  it('moves the selection with the gizmo as one undo step when the drag ends', () => {
    const editor = openEditor();
    editor.send('Editor.Content', 'add', { item: infoPoint });
    editor.send('Editor.Content', 'add', { item: infoPoint });
    const [a, b] = editor.exported().infoPoints;
    editor.send('Editor.Content', 'select', { ids: [a.id, b.id] });
    const viewport = editor.mode.viewport!;
    const gizmo = viewport.gizmo;
    const changed = editor.heard('contentChanged').length;
    gizmo.dispatchEvent({ type: 'dragging-changed', value: true } as never);
    viewport.pivot.position.x += 2;
    viewport.pivot.updateMatrixWorld(true);
    gizmo.dispatchEvent({ type: 'objectChange' } as never);
    expect(editor.heard('contentChanged')).toHaveLength(changed);
    gizmo.dispatchEvent({ type: 'dragging-changed', value: false } as never);
    expect(editor.heard('contentChanged')).toHaveLength(changed + 1);
    const [a2, b2] = editor.exported().infoPoints;
    expect(a2.transform.position[0]).toBeCloseTo(a.transform.position[0] + 2);
    expect(b2.transform.position[0]).toBeCloseTo(b.transform.position[0] + 2);
    expect(editor.state().undoLabel).toBe('Move 2 objects');
    editor.key('z', { ctrlKey: true });
    expect(editor.exported().infoPoints[0].transform.position).toEqual(a.transform.position);
    editor.dispose();
  });

  it('walks at eye height from where the camera looks, and orbits again above and behind', () => {
    const editor = openEditor();
    editor.send('Editor.Content', 'setCameraMode', { mode: 'walk' });
    expect(editor.state().cameraMode).toBe('walk');
    const eye = editor.mode.pose();
    expect(eye.position[1]).toBeCloseTo(1.6, 1);
    editor.send('Editor.Content', 'setCameraMode', { mode: 'orbit' });
    expect(editor.state().cameraMode).toBe('orbit');
    // The orbit camera keeps a little above the horizon, so it may rise a few centimetres more.
    const orbit = editor.mode.pose().position;
    expect(orbit[1]).toBeGreaterThanOrEqual(eye.position[1] + 2);
    expect(orbit[1]).toBeLessThan(eye.position[1] + 2.1);
    expect(orbit[2]).toBeCloseTo(eye.position[2] + 3, 1);
    editor.dispose();
  });

  it('lists the placed objects by their titles, never by file paths', () => {
    const editor = openEditor();
    editor.send('Editor.Content', 'add', { item: picture });
    editor.send('Editor.Content', 'add', { item: infoPoint });
    const model = { format: 'glb', fileUri: '/demo/models/torus-knot.glb' };
    editor.send('Editor.Content', 'add', { item: { kind: 'model3d', item: { ...model, title: 'Fox' } } });
    editor.send('Editor.Content', 'add', { item: { kind: 'model3d', item: model } });
    const upload = { fileUri: '/api/fileService/file/0193f1c2-7b4e-7c1a-9d2e-3f4a5b6c7d8e' };
    editor.send('Editor.Content', 'add', {
      item: { kind: 'picture', item: { ...upload, width: 1, height: 1 } },
    });
    editor.send('Editor.Content', 'add', { item: { kind: 'prop', item: { propId: 'floor-lamp' } } });
    editor.send('Editor.Content', 'requestObjectList', {});
    const ids = editor.exported();
    expect(editor.heard('objectList').at(-1)?.objects).toEqual([
      { id: ids.pictures[0].id, kind: 'pictures', label: 'Dawn' },
      { id: ids.pictures[1].id, kind: 'pictures', label: 'Picture' },
      { id: ids.models3d[0].id, kind: 'models3d', label: 'Fox' },
      { id: ids.models3d[1].id, kind: 'models3d', label: 'Torus knot' },
      { id: ids.infoPoints[0].id, kind: 'infoPoints', label: 'About' },
      { id: ids.props[0].id, kind: 'props', label: 'Floor lamp' },
    ]);
    editor.dispose();
  });

  it("shows and hides its shortcuts with ? and at the page's asking", () => {
    const editor = openEditor();
    const help = () =>
      editor.runtime.container.querySelector<HTMLElement>('[aria-label="Editor shortcuts"]')!;
    expect(help().style.display).toBe('none');
    editor.key('?');
    expect(help().style.display).toBe('block');
    editor.key('?');
    expect(help().style.display).toBe('none');
    editor.send('Editor.Content', 'setHelpVisible', { visible: true });
    expect(help().style.display).toBe('block');
    editor.dispose();
  });

  it('stops listening when it is disposed', () => {
    const editor = openEditor();
    editor.send('Editor.Content', 'add', { item: infoPoint });
    editor.dispose();
    const heard = editor.events.length;
    editor.key('Delete');
    editor.frame();
    expect(editor.events).toHaveLength(heard);
  });
});

describe("the editor's 'Set start here'", () => {
  it('keeps where the camera stands and looks as the start the viewer opens on, and undoes', async () => {
    const { startOf } = await import('../../../src/engine/web/viewer/viewer');
    const editor = openEditor();
    const before = editor.exported();
    expect(before.startingPosition).toEqual([0, 0, 0]);
    editor.send('Editor.Curation', 'captureStartingPoint', {});
    const pose = editor.mode.pose();
    const saved = SceneContent.parse(JSON.parse(JSON.stringify(editor.exported())));
    expect(saved.startingPosition).toEqual(pose.position);
    expect(saved.startingRotation).toBeCloseTo(((pose.yaw % 360) + 360) % 360);
    expect(startOf(saved)).toEqual({ eye: saved.startingPosition, yaw: saved.startingRotation });
    editor.send('Editor.Content', 'undo', {});
    expect(editor.exported().startingPosition).toEqual([0, 0, 0]);
    editor.dispose();
  });
});
