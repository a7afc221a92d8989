import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type Color,
  type InstancedMesh,
  Matrix4,
  type MeshStandardMaterial,
  type Object3D,
  PerspectiveCamera,
  Scene,
  type SkinnedMesh,
  Vector3,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { avatarColours } from '../../contracts/avatars';
import { type FigureTemplate, figureRules } from '../../src/engine/web/viewer/avatarFigures';
import { type AvatarPose, AvatarCrowd } from '../../src/engine/web/viewer/avatars';
import type { Runtime } from '../../src/engine/web/runtime/runtime';

/**
 * The crowd of other visitors with the built-in figure (public/avatars/avatar.glb): the nearest are
 * rigged figures in the look their visitor picked, playing their emotes; the rest impostors.
 */

let template: FigureTemplate;

beforeAll(async () => {
  const file = resolve('public/avatars/avatar.glb');
  const bytes = readFileSync(file);
  // An ArrayBuffer of this realm: three's loader tells a GLB from JSON text by instanceof.
  const data = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(data).set(bytes);
  const gltf = await new GLTFLoader().parseAsync(data, '');
  template = { scene: gltf.scene, clips: new Map(gltf.animations.map((c) => [c.name, c])) };
});

function fakeRuntime() {
  const hooks = new Set<(dt: number) => boolean>();
  const scene = new Scene();
  const camera = new PerspectiveCamera();
  const runtime = {
    scene,
    camera,
    container: document.createElement('div'),
    afterRender: new Set<() => void>(),
    invalidate() {},
    onFrame(hook: (dt: number) => boolean) {
      hooks.add(hook);
      return () => hooks.delete(hook);
    },
    project: () => ({ visible: false, x: 0, y: 0 }),
  };
  /**
   * Runs frames for `ms` of real time, each told the real time since the last (as the runtime's
   * loop does), so that a busy machine runs fewer, longer frames to the same end.
   */
  const run = async (ms: number) => {
    const until = performance.now() + ms;
    let last = performance.now();
    let drawn = false;
    while (performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 16));
      const now = performance.now();
      for (const hook of hooks) drawn = hook((now - last) / 1000) || drawn;
      last = now;
    }
    return drawn;
  };
  return { runtime: runtime as unknown as Runtime, scene, camera, run };
}

const pose = (id: number, x: number, z: number, emote: string | null = null): AvatarPose => ({
  id,
  position: [x, 0, z],
  yaw: 0,
  speaking: false,
  emote,
});

const figuresIn = (scene: Scene) => scene.children.filter((c) => c.name === 'avatar-figure');
const impostors = (scene: Scene) => scene.getObjectByName('avatars') as InstancedMesh;
const skinOf = (figure: Object3D) => {
  let mesh: SkinnedMesh | undefined;
  figure.traverse((n) => {
    if ((n as SkinnedMesh).isSkinnedMesh) mesh = n as SkinnedMesh;
  });
  return mesh!;
};
const hidden = (mesh: InstancedMesh, index: number) => {
  const m = new Matrix4();
  mesh.getMatrixAt(index, m);
  return m.elements.every((v, i) => (i === 15 ? v === 1 : v === 0));
};

let crowd: AvatarCrowd | undefined;
afterEach(() => crowd?.dispose());

describe('the crowd of avatars', () => {
  it('draws the nearest as rigged figures and the rest as impostors, and swaps them as people move', async () => {
    const { runtime, scene, run } = fakeRuntime();
    crowd = new AvatarCrowd(runtime, () => Promise.resolve(template));
    // 20 visitors in a row ahead of the camera (at the origin), 2 m apart; one far beyond reach.
    const poses = Array.from({ length: 20 }, (_, i) => pose(i + 1, 0, -2 - i * 2));
    poses.push(pose(99, 0, -(figureRules.metres + 10)));
    crowd.update(poses, [], []);
    await run(400);
    expect(figuresIn(scene)).toHaveLength(figureRules.count);
    const mesh = impostors(scene);
    // The nearest twelve step out of the instanced mesh; the others stay in it.
    expect(hidden(mesh, 0)).toBe(true);
    expect(hidden(mesh, figureRules.count - 1)).toBe(true);
    expect(hidden(mesh, figureRules.count)).toBe(false);
    expect(hidden(mesh, 20)).toBe(false);
    // The first comes to stand beside the furthest: it is now further than the twelfth nearest.
    crowd.update([pose(1, 0, -(figureRules.metres + 9))], [], []);
    await run(700);
    expect(figuresIn(scene)).toHaveLength(figureRules.count);
    expect(hidden(mesh, 0)).toBe(false);
    expect(hidden(mesh, figureRules.count)).toBe(true);
  });

  it("dresses a figure in its visitor's shape and colour, and plays their emote once", async () => {
    const { runtime, scene, run } = fakeRuntime();
    crowd = new AvatarCrowd(runtime, () => Promise.resolve(template));
    crowd.update([pose(7, 0, -3)], [{ id: 7, name: 'Ada', avatar: 'tall/teal' }], []);
    await run(400);
    const [figure] = figuresIn(scene);
    expect(figure.scale.y).toBeGreaterThan(1);
    const colour = (skinOf(figure).material as MeshStandardMaterial).color as Color;
    expect(colour.getHexString()).toBe(avatarColours.teal.slice(1));
    const tags = runtime.container.querySelector<HTMLElement>('[data-testid="avatar-tags"]')!;
    // three drops the dot of a glTF node's name (Hand.R).
    const hand = figure.getObjectByName('HandR')!;
    const rest = hand.getWorldPosition(new Vector3());
    crowd.update([pose(7, 0, -3, 'Wave')], [], []);
    await run(600);
    expect(tags.dataset.playing).toBe('Wave');
    // The right hand is raised while it waves.
    expect(hand.getWorldPosition(new Vector3()).y).toBeGreaterThan(rest.y + 0.3);
    // A new look comes with a later PoseVisitors.
    crowd.update([], [{ id: 7, name: 'Ada', avatar: 'sturdy/plum' }], []);
    expect(((skinOf(figure).material as MeshStandardMaterial).color as Color).getHexString()).toBe(
      avatarColours.plum.slice(1),
    );
  });

  it('hides figures with the crowd, and gives them back when visitors leave', async () => {
    const { runtime, scene, run } = fakeRuntime();
    crowd = new AvatarCrowd(runtime, () => Promise.resolve(template));
    crowd.update([pose(1, 0, -3), pose(2, 1, -3)], [], []);
    await run(400);
    expect(figuresIn(scene)).toHaveLength(2);
    crowd.setShown(false);
    expect(figuresIn(scene).every((f) => !f.visible)).toBe(true);
    crowd.setShown(true);
    crowd.update([], [], [1]);
    await run(300);
    expect(figuresIn(scene)).toHaveLength(1);
    expect(crowd.count).toBe(1);
  });

  it('asks for frames while someone walks or emotes, and for none while everyone stands', async () => {
    const { runtime, run } = fakeRuntime();
    crowd = new AvatarCrowd(runtime, () => Promise.resolve(template));
    crowd.update([pose(1, 0, -3), pose(2, 1, -3)], [], []);
    await run(400);
    // Standing figures breathe, but a still view is not drawn again for it.
    expect(await run(400)).toBe(false);
    crowd.update([pose(1, 0.5, -3)], [], []);
    expect(await run(100)).toBe(true);
    await run(1000);
    expect(await run(300)).toBe(false);
    crowd.update([pose(2, 1, -3, 'Clap')], [], []);
    expect(await run(300)).toBe(true);
  });

  it('keeps everyone an impostor when the figure cannot be loaded', async () => {
    const { runtime, scene, run } = fakeRuntime();
    crowd = new AvatarCrowd(runtime, () => Promise.reject(new Error('404')));
    crowd.update([pose(1, 0, -3)], [], []);
    await run(300);
    expect(figuresIn(scene)).toHaveLength(0);
    expect(hidden(impostors(scene), 0)).toBe(false);
  });
});
