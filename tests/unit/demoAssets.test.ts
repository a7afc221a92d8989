// @vitest-environment node
// The assets are files on disk and the GLB parser needs no DOM for untextured models.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { type AnimationClip, Box3, Mesh, type Object3D, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import {
  type Level,
  objectListKeys,
  parseSceneContent,
  type SceneContent,
  type Wall,
} from '../../contracts/sceneContent';

/**
 * The committed demo gallery (public/demo, made by `npm run demo-assets`): what a visitor or the
 * end-to-end tests rely on. Run the generator again when one of these fails after a change to it.
 */

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const demoFile = (uri: string) => path.join(publicDir, uri);

function loadDocument(name: string): SceneContent {
  const result = parseSceneContent(JSON.parse(readFileSync(demoFile(`/demo/${name}`), 'utf8')));
  if (!result.ok) throw new Error(result.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return result.content;
}

async function loadGlb(uri: string): Promise<{ scene: Object3D; animations: AnimationClip[] }> {
  const bytes = readFileSync(demoFile(uri));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return new Promise((resolve, reject) => new GLTFLoader().parse(buffer, '', resolve, reject));
}

function meshesOf(scene: Object3D): Mesh[] {
  const meshes: Mesh[] = [];
  scene.traverse((o) => {
    if (o instanceof Mesh) meshes.push(o);
  });
  return meshes;
}

const triangles = (scene: Object3D) =>
  meshesOf(scene).reduce(
    (sum, m) => sum + (m.geometry.index?.count ?? m.geometry.attributes.position.count) / 3,
    0,
  );

const gallery = loadDocument('gallery.json');
const levels = gallery.customSpace!.levels;
const eps = 1e-3;

/** The level whose storey contains height y. */
const levelAt = (y: number): Level =>
  [...levels].sort((a, b) => b.elevation - a.elevation).find((l) => y >= l.elevation - eps)!;

/** Where a point is relative to a wall: metres along it from `from`, and across it (signed). */
function relativeTo(wall: Wall, [x, z]: [number, number]) {
  const length = Math.hypot(wall.to[0] - wall.from[0], wall.to[1] - wall.from[1]);
  const dx = (wall.to[0] - wall.from[0]) / length;
  const dz = (wall.to[1] - wall.from[1]) / length;
  const rx = x - wall.from[0];
  const rz = z - wall.from[1];
  return { length, along: rx * dx + rz * dz, across: rx * -dz + rz * dx, normal: [-dz, dx] as const };
}

/** Whether a plan point lies inside a wall's solid (its segment thickened, ends extended). */
function insideWall(wall: Wall, point: [number, number]) {
  const { length, along, across } = relativeTo(wall, point);
  const half = wall.thickness / 2;
  return Math.abs(across) < half - eps && along > -half + eps && along < length + half - eps;
}

/** Each picture with the wall it hangs on: within 5 cm of one of that wall's faces. */
const hung = gallery.pictures.map((picture) => {
  const [x, y, z] = picture.transform.position;
  const level = levelAt(y);
  const candidates = level.walls
    .map((wall) => ({ wall, ...relativeTo(wall, [x, z]) }))
    .filter((c) => {
      const gap = Math.abs(c.across) - c.wall.thickness / 2;
      return gap > -eps && gap <= 0.05 && c.along >= 0 && c.along <= c.length;
    })
    .sort((a, b) => Math.abs(a.across) - Math.abs(b.across));
  const outer = picture.width + 2 * (picture.frame?.width ?? 0);
  return { picture, level, on: candidates[0], outer };
});

describe('demo gallery document', () => {
  it('parses and has what the demo promises', () => {
    expect(gallery.version).toBe(2);
    expect(levels.map((l) => [l.id, l.name, l.elevation])).toEqual([
      ['ground', 'Ground Level', 0],
      ['upper', 'Upper Gallery', 4],
    ]);
    expect(gallery.pictures).toHaveLength(100);
    expect(gallery.models3d).toHaveLength(10);
    expect(gallery.texts3d).toHaveLength(5);
    const openings = levels.flatMap((l) => l.openings);
    expect(openings.some((o) => o.kind.startsWith('door'))).toBe(true);
    expect(openings.some((o) => o.kind.startsWith('window'))).toBe(true);
    expect(levels[0].stairs.map((s) => s.toLevel)).toContain('upper');
    expect(gallery.portals).toHaveLength(1);
    expect(gallery.infoPoints.length).toBeGreaterThanOrEqual(1);
    expect(gallery.guidedTours[0].points.length).toBeGreaterThanOrEqual(2);
    expect(gallery.texts3d.find((t) => t.text === 'Spring Exhibition')).toMatchObject({
      size: 120,
      bold: true,
    });
    expect(gallery.models3d.filter((m) => m.animated && m.animationClip === 'Spin')).toHaveLength(1);
    expect(gallery.models3d.some((m) => m.clickable && m.externalLink)).toBe(true);
  });

  it('has the door the end-to-end tests walk through', () => {
    const wall = levels[0].walls.find((w) => w.id === 'wall-door-test');
    expect(wall).toBeDefined();
    expect(
      levels[0].openings.filter((o) => o.wallId === 'wall-door-test' && o.kind.startsWith('door')),
    ).toHaveLength(1);
  });

  it('puts the whole stair footprint inside the upper floor, which is the rectangle around its walls', () => {
    const [stairs] = levels[0].stairs;
    const steps = Math.round(stairs.rise / 0.18);
    const yaw = (stairs.rotation * Math.PI) / 180;
    const forward = [-Math.sin(yaw), -Math.cos(yaw)];
    const right = [Math.cos(yaw), -Math.sin(yaw)];
    const corners = [
      [-1, 0],
      [1, 0],
      [-1, 1],
      [1, 1],
    ].map(([u, v]) => [
      stairs.position[0] + (u * stairs.width * right[0]) / 2 + v * steps * 0.28 * forward[0],
      stairs.position[2] + (u * stairs.width * right[1]) / 2 + v * steps * 0.28 * forward[1],
    ]);
    const upperWalls = levels[1].walls;
    const xs = upperWalls.flatMap((w) => [w.from[0], w.to[0]]);
    const zs = upperWalls.flatMap((w) => [w.from[1], w.to[1]]);
    for (const [x, z] of corners) {
      expect(x).toBeGreaterThan(Math.min(...xs));
      expect(x).toBeLessThan(Math.max(...xs));
      expect(z).toBeGreaterThan(Math.min(...zs));
      expect(z).toBeLessThan(Math.max(...zs));
    }
  });

  it('keeps the floor clear on both sides of the test door and at the foot of the stairs', () => {
    const standing = [...gallery.models3d, ...gallery.props, ...gallery.infoPoints, ...gallery.portals]
      .map((o) => ({ id: o.id, position: o.transform.position }))
      .filter(({ position }) => levelAt(position[1]).id === 'ground');
    const door = levels[0].openings.find((o) => o.wallId === 'wall-door-test')!;
    const wall = levels[0].walls.find((w) => w.id === 'wall-door-test')!;
    const doorCentre = door.offset + door.width / 2;
    for (const { id, position } of standing) {
      const { along, across } = relativeTo(wall, [position[0], position[2]]);
      const inFront =
        Math.abs(across) < 2.5 + wall.thickness / 2 && Math.abs(along - doorCentre) < door.width;
      expect(inFront, `${id} stands by the test door`).toBe(false);
    }
    const [stairs] = levels[0].stairs;
    // The stairs climb towards -z (yaw 0): the 3 m in front of their foot are towards +z.
    expect(stairs.rotation).toBe(0);
    for (const { id, position } of standing) {
      const [x, , z] = position;
      const inFront =
        Math.abs(x - stairs.position[0]) < stairs.width / 2 + 0.3 &&
        z > stairs.position[2] &&
        z < stairs.position[2] + 3;
      expect(inFront, `${id} stands at the foot of the stairs`).toBe(false);
    }
  });

  it('starts visitors at eye height inside the building', () => {
    const [x, y, z] = gallery.startingPosition;
    expect(y).toBeCloseTo(1.6, 1);
    expect(Math.abs(x)).toBeLessThan(14);
    expect(Math.abs(z)).toBeLessThan(9);
  });

  it('hangs every picture flush on a wall face of its own level, facing into the room', () => {
    for (const { picture, level, on } of hung) {
      expect(on, `${picture.id} is not on a wall`).toBeDefined();
      expect(picture.transform.position[1] - level.elevation).toBeCloseTo(1.6, 1);
      const yaw = (picture.transform.rotation[1] * Math.PI) / 180;
      const facing = [Math.sin(yaw), Math.cos(yaw)];
      const away = Math.sign(on.across);
      const dot = facing[0] * on.normal[0] * away + facing[1] * on.normal[1] * away;
      expect(dot, `${picture.id} faces the wall`).toBeGreaterThan(0.999);
    }
  });

  it('keeps every picture on its wall, out of corners and clear of the wall’s openings', () => {
    for (const { picture, level, on, outer } of hung) {
      const a = on.along - outer / 2;
      const b = on.along + outer / 2;
      expect(a, `${picture.id} runs off its wall`).toBeGreaterThanOrEqual(-eps);
      expect(b, `${picture.id} runs off its wall`).toBeLessThanOrEqual(on.length + eps);
      // Both ends, on the wall face, stay out of every other wall (that is, out of corners).
      const [x, , z] = picture.transform.position;
      const dir = [
        (on.wall.to[0] - on.wall.from[0]) / on.length,
        (on.wall.to[1] - on.wall.from[1]) / on.length,
      ];
      for (const end of [-outer / 2, outer / 2]) {
        const point: [number, number] = [x + dir[0] * end, z + dir[1] * end];
        const hit = level.walls.filter((w) => w.id !== on.wall.id && insideWall(w, point));
        expect(
          hit.map((w) => w.id),
          `${picture.id} runs into a corner`,
        ).toEqual([]);
      }
      for (const opening of level.openings.filter((o) => o.wallId === on.wall.id)) {
        const clear = b <= opening.offset - 0.29 || a >= opening.offset + opening.width + 0.29;
        expect(clear, `${picture.id} is within 0.3 m of ${opening.id}`).toBe(true);
      }
    }
  });

  it('never overlaps two pictures or screens on the same side of a wall', () => {
    const screens = [...gallery.videos, ...gallery.webViews3d].map((screen) => {
      const [x, y, z] = screen.transform.position;
      const level = levelAt(y);
      const on = level.walls
        .map((wall) => ({ wall, ...relativeTo(wall, [x, z]) }))
        .find((c) => Math.abs(Math.abs(c.across) - c.wall.thickness / 2) <= 0.05);
      expect(on, `${screen.id} is not on a wall`).toBeDefined();
      return { picture: { id: screen.id }, level, on: on!, outer: screen.width };
    });
    const bySide = new Map<string, { id: string; a: number; b: number }[]>();
    for (const { picture, level, on, outer } of [...hung, ...screens]) {
      const key = `${level.id}/${on.wall.id}/${Math.sign(on.across)}`;
      const list = bySide.get(key) ?? [];
      list.push({ id: picture.id, a: on.along - outer / 2, b: on.along + outer / 2 });
      bySide.set(key, list);
    }
    for (const list of bySide.values()) {
      list.sort((p, q) => p.a - q.a);
      for (let i = 1; i < list.length; i++) {
        expect(list[i].a, `${list[i - 1].id} overlaps ${list[i].id}`).toBeGreaterThan(list[i - 1].b);
      }
    }
  });

  it('sizes pictures like their image files', async () => {
    for (const picture of gallery.pictures) {
      const { width, height } = await sharp(demoFile(picture.fileUri)).metadata();
      expect(Math.max(width, height)).toBe(512);
      expect(picture.width / picture.height).toBeCloseTo(width / height, 1);
      expect(Math.max(picture.width, picture.height)).toBeGreaterThanOrEqual(0.6);
      expect(Math.max(picture.width, picture.height)).toBeLessThanOrEqual(1.6);
    }
  });

  it('refers only to files that exist under public/', () => {
    const uris = [
      ...gallery.pictures.map((p) => p.fileUri),
      ...gallery.videos.flatMap((v) => (v.source === 'file' ? [v.fileUri] : [])),
      ...gallery.models3d.flatMap((m) => [m.fileUri, ...(m.mtlUri ? [m.mtlUri] : [])]),
    ];
    expect(uris.length).toBeGreaterThanOrEqual(110);
    for (const uri of uris) {
      expect(uri.startsWith('/demo/')).toBe(true);
      expect(existsSync(demoFile(uri)), `${uri} is missing`).toBe(true);
    }
  });
});

describe('empty room document', () => {
  it('is one level with four walls and nothing else', () => {
    const room = loadDocument('empty-room.json');
    expect(room.customSpace?.levels).toHaveLength(1);
    const [level] = room.customSpace!.levels;
    expect(level.walls).toHaveLength(4);
    const xs = level.walls.flatMap((w) => [w.from[0], w.to[0]]);
    const zs = level.walls.flatMap((w) => [w.from[1], w.to[1]]);
    expect(Math.max(...xs) - Math.min(...xs)).toBe(8);
    expect(Math.max(...zs) - Math.min(...zs)).toBe(8);
    expect(level.openings).toEqual([]);
    expect(level.stairs).toEqual([]);
    for (const key of objectListKeys) expect(room[key]).toEqual([]);
    const [x, , z] = room.startingPosition;
    expect(x).toBeGreaterThan(Math.min(...xs));
    expect(x).toBeLessThan(Math.max(...xs));
    expect(z).toBeGreaterThan(Math.min(...zs));
    expect(z).toBeLessThan(Math.max(...zs));
  });
});

describe('demo files', () => {
  const modelsDir = demoFile('/demo/models');
  const glbs = readdirSync(modelsDir).filter((f) => f.endsWith('.glb'));

  it('has 100 small pictures', () => {
    const pictures = readdirSync(demoFile('/demo/pictures')).filter((f) => f.endsWith('.jpg'));
    expect(pictures).toHaveLength(100);
    for (const file of pictures)
      expect(statSync(demoFile(`/demo/pictures/${file}`)).size).toBeLessThanOrEqual(20 * 1024);
  });

  it('has a box of exactly 2 × 1 × 0.5 m with 12 triangles, standing on its origin', async () => {
    const { scene, animations } = await loadGlb('/demo/models/box-2x1x0.5.glb');
    const box = new Box3().setFromObject(scene);
    const size = box.getSize(new Vector3());
    expect(size.x).toBeCloseTo(2, 6);
    expect(size.y).toBeCloseTo(1, 6);
    expect(size.z).toBeCloseTo(0.5, 6);
    expect(box.min.y).toBeCloseTo(0, 6);
    expect(box.getCenter(new Vector3()).x).toBeCloseTo(0, 6);
    expect(box.getCenter(new Vector3()).z).toBeCloseTo(0, 6);
    const meshes = meshesOf(scene);
    expect(meshes).toHaveLength(1);
    expect(Array.isArray(meshes[0].material)).toBe(false);
    expect(triangles(scene)).toBe(12);
    expect(animations).toEqual([]);
  });

  it('parses every sculpture: standing on its origin, 0.4–1.8 m tall, small', async () => {
    expect(glbs.length).toBeGreaterThanOrEqual(11);
    for (const file of glbs.filter((f) => !f.startsWith('box-'))) {
      const { scene } = await loadGlb(`/demo/models/${file}`);
      const box = new Box3().setFromObject(scene, true);
      expect(box.min.y, file).toBeCloseTo(0, 3);
      expect(box.max.y, file).toBeGreaterThanOrEqual(0.4);
      expect(box.max.y, file).toBeLessThanOrEqual(1.8);
      expect(Math.abs(box.getCenter(new Vector3()).x), file).toBeLessThan(0.01);
      expect(Math.abs(box.getCenter(new Vector3()).z), file).toBeLessThan(0.01);
      expect(triangles(scene), file).toBeLessThanOrEqual(5000);
      expect(statSync(path.join(modelsDir, file)).size, file).toBeLessThanOrEqual(80 * 1024);
    }
  });

  it('gives the animated gallery model the clip the gallery asks for', async () => {
    const animated = gallery.models3d.find((m) => m.animated)!;
    const { animations } = await loadGlb(animated.fileUri);
    const clip = animations.find((a) => a.name === animated.animationClip);
    expect(clip?.name).toBe('Spin');
    expect(clip?.duration).toBeGreaterThan(0);
    expect(clip?.tracks.some((t) => t.name.endsWith('.quaternion'))).toBe(true);
  });

  it('has an OBJ chair with its material library', () => {
    const obj = readFileSync(path.join(modelsDir, 'chair.obj'), 'utf8');
    const mtl = readFileSync(path.join(modelsDir, 'chair.mtl'), 'utf8');
    expect(obj).toContain('mtllib chair.mtl');
    const used = new Set([...obj.matchAll(/^usemtl (\S+)/gm)].map((m) => m[1]));
    const defined = new Set([...mtl.matchAll(/^newmtl (\S+)/gm)].map((m) => m[1]));
    expect(used.size).toBe(2);
    expect([...used].every((name) => defined.has(name))).toBe(true);
  });

  it('keeps the whole demo folder small', () => {
    const total = readdirSync(demoFile('/demo'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
    expect(total).toBeLessThan(2.5 * 1024 * 1024);
    const video = demoFile('/demo/videos/loop.webm');
    if (existsSync(video)) expect(statSync(video).size).toBeLessThanOrEqual(150 * 1024);
  });
});
