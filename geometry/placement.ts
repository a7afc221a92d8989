import type { Level } from '../contracts/sceneContent';
import { type Rect, wallLength } from './plan';
import type { Vec2 } from './vec2';

/**
 * Where the editor's Add puts new content when no point was given: a picture hangs flush on the
 * wall the camera faces, centred at eye height and clear of what already hangs there; anything
 * else stands on the floor in front of the camera, clear of what already stands there. Plain
 * numbers, so the rules are tested on their own (tests/unit/geometry/placement.test.ts).
 *
 * Angles follow the engine: a yaw of 0 faces +z, and an object with yaw θ faces (sin θ, cos θ).
 */

/** Height of a picture's centre above the floor. */
export const eyeHeight = 1.5;
/** How far in front of the wall's surface a picture hangs (frames are a few centimetres deep). */
export const wallGap = 0.02;
/** Space kept between two pictures, and between a picture and a door or window. */
export const pictureSpacing = 0.3;
/** Space kept between a picture and the end of its wall (corners). */
const wallEndMargin = 0.25;
/** Space kept between two things on the floor. */
export const floorSpacing = 0.3;
/** Where a floor item goes when the view does not meet the floor nearby: this far ahead. */
export const floorDistance = 3;
/** The farthest ahead a floor item is put, even when the view meets the floor farther away. */
const farthestAhead = 12;
/** How far a point may be from a wall's surface and still hang on it. */
const onWallTolerance = 0.15;

export type Vec3 = [number, number, number];

export interface CameraView {
  position: Vec3;
  /** Direction the camera looks in (need not be normalised). */
  direction: Vec3;
}

/** One side of a wall that faces into the space: the surface pictures hang on. */
export interface WallFace {
  wallId: string;
  /** The surface's ends on the plan; `along` is measured from `start` towards `end`. */
  start: Vec2;
  end: Vec2;
  length: number;
  /** Unit normal on the plan, pointing away from the wall into the room. */
  normal: Vec2;
  /** World heights of the floor and the top of the wall. */
  floorY: number;
  topY: number;
  /** Doors and windows, as spans along the surface and world heights. */
  openings: Span[];
}

/** Part of a wall's surface: `from`..`to` along it, `bottom`..`top` in world height. */
export interface Span {
  from: number;
  to: number;
  bottom: number;
  top: number;
}

/** Something flat in the space (a picture, a screen, a text): its centre, yaw and size. */
export interface FlatItem {
  position: Vec3;
  yaw: number;
  width: number;
  height: number;
}

/** What something standing on the floor takes up: a circle on the plan. */
export interface Footprint {
  center: Vec2;
  radius: number;
}

export interface Placement {
  position: Vec3;
  /** Degrees, 0..360. */
  yaw: number;
}

const dot = (a: Vec2, b: Vec2) => a[0] * b[0] + a[1] * b[1];
const round = (v: number) => Math.round(v * 1000) / 1000;
const degrees = (radians: number) => ((((radians * 180) / Math.PI) % 360) + 360) % 360;
const yawFacing = (n: Vec2) => round(degrees(Math.atan2(n[0], n[1]))) % 360;

function pointInRect([x, z]: Vec2, r: Rect, inset = 0) {
  return x >= r.minX + inset && x <= r.maxX - inset && z >= r.minZ + inset && z <= r.maxZ - inset;
}

/**
 * The surfaces of a level's walls that face into the space: both sides of a wall inside the
 * building, only the inner side of an outer wall (a side is inner when just in front of it is
 * inside the level's floor rectangle).
 */
export function wallFaces(level: Pick<Level, 'walls' | 'openings' | 'elevation' | 'height'>, floor: Rect) {
  const faces: WallFace[] = [];
  for (const wall of level.walls) {
    const length = wallLength(wall);
    if (length < 1e-3) continue;
    const u: Vec2 = [(wall.to[0] - wall.from[0]) / length, (wall.to[1] - wall.from[1]) / length];
    const openings = level.openings
      .filter((o) => o.wallId === wall.id)
      .map((o) => ({
        from: o.offset,
        to: o.offset + o.width,
        bottom: level.elevation + o.sill,
        top: level.elevation + o.sill + o.height,
      }));
    for (const side of [1, -1]) {
      const normal: Vec2 = [-u[1] * side, u[0] * side];
      const half = wall.thickness / 2;
      const start: Vec2 = [wall.from[0] + normal[0] * half, wall.from[1] + normal[1] * half];
      const end: Vec2 = [wall.to[0] + normal[0] * half, wall.to[1] + normal[1] * half];
      const mid: Vec2 = [(start[0] + end[0]) / 2, (start[1] + end[1]) / 2];
      const inFront: Vec2 = [mid[0] + normal[0] * 0.3, mid[1] + normal[1] * 0.3];
      if (!pointInRect(inFront, floor)) continue;
      faces.push({
        wallId: wall.id,
        start,
        end,
        length,
        normal,
        floorY: level.elevation,
        topY: level.elevation + level.height,
        openings,
      });
    }
  }
  return faces;
}

const horizontal = (d: Vec3): Vec2 => {
  const len = Math.hypot(d[0], d[2]);
  return len < 1e-6 ? [0, -1] : [d[0] / len, d[2] / len];
};

/**
 * The faces the camera can see, the one it faces first: a face must be turned towards the camera
 * and lie (partly) in front of it; the face whose normal is most opposed to the view comes first,
 * the nearer first among faces turned alike.
 */
export function facesInView(faces: WallFace[], camera: CameraView): WallFace[] {
  const eye: Vec2 = [camera.position[0], camera.position[2]];
  const view = horizontal(camera.direction);
  const ahead = (p: Vec2) => dot([p[0] - eye[0], p[1] - eye[1]], view);
  const scored = faces
    .filter((f) => dot([eye[0] - f.start[0], eye[1] - f.start[1]], f.normal) > 0)
    .filter((f) => Math.max(ahead(f.start), ahead(f.end)) > 0)
    .filter((f) => dot(f.normal, view) < 0)
    .map((f) => ({ f, facing: Math.round(dot(f.normal, view) * 20), distance: distanceToFace(f, eye) }));
  scored.sort((a, b) => a.facing - b.facing || a.distance - b.distance);
  return scored.map((s) => s.f);
}

function distanceToFace(face: WallFace, p: Vec2): number {
  const u: Vec2 = [(face.end[0] - face.start[0]) / face.length, (face.end[1] - face.start[1]) / face.length];
  const s = Math.max(0, Math.min(face.length, dot([p[0] - face.start[0], p[1] - face.start[1]], u)));
  return Math.hypot(p[0] - (face.start[0] + u[0] * s), p[1] - (face.start[1] + u[1] * s));
}

/** Where a flat item lies on a face, or null when it does not hang on that face. */
export function spanOnFace(face: WallFace, item: FlatItem): Span | null {
  const p: Vec2 = [item.position[0], item.position[2]];
  const off = dot([p[0] - face.start[0], p[1] - face.start[1]], face.normal);
  if (off < -onWallTolerance / 3 || off > onWallTolerance) return null;
  const yaw = (item.yaw * Math.PI) / 180;
  if (dot([Math.sin(yaw), Math.cos(yaw)], face.normal) < 0.9) return null;
  const u: Vec2 = [(face.end[0] - face.start[0]) / face.length, (face.end[1] - face.start[1]) / face.length];
  const along = dot([p[0] - face.start[0], p[1] - face.start[1]], u);
  if (along < -item.width / 2 || along > face.length + item.width / 2) return null;
  return {
    from: along - item.width / 2,
    to: along + item.width / 2,
    bottom: item.position[1] - item.height / 2,
    top: item.position[1] + item.height / 2,
  };
}

/**
 * The free centre on a face for something `width` wide between heights `bottom` and `top` nearest
 * to `preferred` (along the face), keeping clear of the taken spans; null when none is free.
 */
export function freeCentreAlong(
  face: WallFace,
  width: number,
  bottom: number,
  top: number,
  taken: Span[],
  preferred: number,
): number | null {
  const low = wallEndMargin + width / 2;
  const high = face.length - wallEndMargin - width / 2;
  if (high < low) return null;
  const blocked = taken
    .filter((s) => s.bottom < top + pictureSpacing && s.top > bottom - pictureSpacing)
    .map((s) => [s.from - width / 2 - pictureSpacing, s.to + width / 2 + pictureSpacing] as const)
    .sort((a, b) => a[0] - b[0]);
  const free = (c: number) =>
    c >= low - 1e-9 && c <= high + 1e-9 && blocked.every(([a, b]) => c <= a || c >= b);
  const candidates = [Math.max(low, Math.min(high, preferred)), low, high, ...blocked.flat()];
  let best: number | null = null;
  for (const c of candidates) {
    if (free(c) && (best === null || Math.abs(c - preferred) < Math.abs(best - preferred))) best = c;
  }
  return best;
}

/** Where along a face the camera looks: where its view meets the face, else the nearest point. */
function lookedAt(face: WallFace, camera: CameraView): number {
  const eye: Vec2 = [camera.position[0], camera.position[2]];
  const view = horizontal(camera.direction);
  const u: Vec2 = [(face.end[0] - face.start[0]) / face.length, (face.end[1] - face.start[1]) / face.length];
  const toFace = dot([face.start[0] - eye[0], face.start[1] - eye[1]], face.normal);
  const speed = dot(view, face.normal);
  const t = speed < -1e-6 ? toFace / speed : -1;
  const hit: Vec2 = t > 0 ? [eye[0] + view[0] * t, eye[1] + view[1] * t] : eye;
  return dot([hit[0] - face.start[0], hit[1] - face.start[1]], u);
}

/**
 * Hangs a picture `width` × `height` on the wall the camera faces, centred at eye height and flush
 * with the wall's surface, slid along the wall to the nearest place clear of what hangs there (and
 * of doors and windows); when that wall is full, on the next wall in view. Null when no wall in
 * view has room.
 */
export function hangOnWall(
  faces: WallFace[],
  camera: CameraView,
  size: { width: number; height: number },
  hanging: FlatItem[],
): Placement | null {
  for (const face of facesInView(faces, camera)) {
    const centreY = Math.max(face.floorY + eyeHeight, face.floorY + size.height / 2 + 0.05);
    const bottom = centreY - size.height / 2;
    const top = centreY + size.height / 2;
    if (top > face.topY) continue;
    const taken = [
      ...face.openings,
      ...hanging.map((item) => spanOnFace(face, item)).filter((s): s is Span => s !== null),
    ];
    const along = freeCentreAlong(face, size.width, bottom, top, taken, lookedAt(face, camera));
    if (along === null) continue;
    const u: Vec2 = [
      (face.end[0] - face.start[0]) / face.length,
      (face.end[1] - face.start[1]) / face.length,
    ];
    return {
      position: [
        round(face.start[0] + u[0] * along + face.normal[0] * wallGap),
        round(centreY),
        round(face.start[1] + u[1] * along + face.normal[1] * wallGap),
      ],
      yaw: yawFacing(face.normal),
    };
  }
  return null;
}

export interface FloorArea {
  /** World height of the floor. */
  y: number;
  /** The floor's rectangle on the plan (null: open ground). */
  rect: Rect | null;
  /** The walls standing on it, as segments with their thickness. */
  walls: { from: Vec2; to: Vec2; thickness: number }[];
}

function distanceToSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const ab: Vec2 = [b[0] - a[0], b[1] - a[1]];
  const len2 = dot(ab, ab);
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, dot([p[0] - a[0], p[1] - a[1]], ab) / len2));
  return Math.hypot(p[0] - (a[0] + ab[0] * t), p[1] - (a[1] + ab[1] * t));
}

/** Where the camera's view meets the floor, within reach; else `floorDistance` straight ahead. */
export function floorPointAhead(camera: CameraView, floorY: number): Vec2 {
  const [x, y, z] = camera.position;
  const d = camera.direction;
  const view = horizontal(d);
  const ahead: Vec2 = [x + view[0] * floorDistance, z + view[1] * floorDistance];
  if (d[1] >= -1e-6 || y <= floorY) return ahead;
  const t = (floorY - y) / d[1];
  const hit: Vec2 = [x + d[0] * t, z + d[2] * t];
  const reach = Math.hypot(hit[0] - x, hit[1] - z);
  if (reach < 1) return [x + view[0], z + view[1]];
  if (reach > farthestAhead) return [x + view[0] * farthestAhead, z + view[1] * farthestAhead];
  return hit;
}

/**
 * Whether a point is clear of every footprint by `radius` + the footprint's radius + the floor
 * spacing, looked up in a grid of one-metre cells (so a floor with hundreds of things is searched
 * at the cost of a few, and a search of thousands of points allocates nothing per point).
 */
function clearOfFootprints(standing: Footprint[], radius: number): (p: Vec2) => boolean {
  const clear = (p: Vec2, s: Footprint) =>
    Math.hypot(p[0] - s.center[0], p[1] - s.center[1]) >= radius + s.radius + floorSpacing;
  let widest = 0;
  for (const s of standing) widest = Math.max(widest, s.radius);
  const reach = radius + floorSpacing + widest;
  // Few enough things, or things wide enough to span many cells: test them all.
  if (standing.length < 32 || reach > 8) return (p) => standing.every((s) => clear(p, s));
  // Cells keyed by one number: column and row offset far from any floor's coordinates.
  const key = (i: number, j: number) => (i + 50_000) * 100_000 + (j + 50_000);
  // Things stacked on one spot (what is added to a full floor lands in front of the camera) are
  // tested once, as the widest of them: a pile of hundreds costs what one thing costs.
  const cells = new Map<number, Footprint[]>();
  for (const s of standing) {
    const k = key(Math.floor(s.center[0]), Math.floor(s.center[1]));
    const list = cells.get(k);
    if (!list) {
      cells.set(k, [s]);
      continue;
    }
    const same = list.findIndex((o) => o.center[0] === s.center[0] && o.center[1] === s.center[1]);
    if (same < 0) list.push(s);
    else if (list[same].radius < s.radius) list[same] = s;
  }
  return (p) => {
    const [x, z] = p;
    const i1 = Math.floor(x + reach);
    const j0 = Math.floor(z - reach);
    const j1 = Math.floor(z + reach);
    for (let i = Math.floor(x - reach); i <= i1; i++) {
      for (let j = j0; j <= j1; j++) {
        const list = cells.get(key(i, j));
        if (!list) continue;
        for (const s of list) if (!clear(p, s)) return false;
      }
    }
    return true;
  };
}

/**
 * Stands something `radius` wide on the floor in front of the camera, at the free spot nearest to
 * where the camera looks: clear of the other things on the floor and of the walls, inside the
 * floor. It faces the camera. Searched on rings around the point, half a metre apart.
 */
export function standOnFloor(
  camera: CameraView,
  floor: FloorArea,
  radius: number,
  standing: Footprint[],
): Placement {
  const target = floorPointAhead(camera, floor.y);
  const inset = radius + 0.05;
  const clampToFloor = ([x, z]: Vec2): Vec2 => {
    const r = floor.rect;
    if (!r || r.maxX - r.minX < 2 * inset || r.maxZ - r.minZ < 2 * inset) return [x, z];
    return [
      Math.max(r.minX + inset, Math.min(r.maxX - inset, x)),
      Math.max(r.minZ + inset, Math.min(r.maxZ - inset, z)),
    ];
  };
  const start = clampToFloor(target);
  const clearOfOthers = clearOfFootprints(standing, radius);
  const free = (p: Vec2) =>
    (!floor.rect || pointInRect(p, floor.rect, inset)) &&
    clearOfOthers(p) &&
    floor.walls.every((w) => distanceToSegment(p, w.from, w.to) >= radius + w.thickness / 2 + 0.05);
  const step = 0.5;
  let spot: Vec2 = start;
  search: for (let ring = 0; ring <= 30; ring++) {
    const count = ring === 0 ? 1 : Math.ceil((2 * Math.PI * ring) / 1);
    // Try the side towards the camera first, so the spot stays in view.
    const towardCamera = Math.atan2(camera.position[2] - start[1], camera.position[0] - start[0]);
    for (let i = 0; i < count; i++) {
      const k = i === 0 ? 0 : (i % 2 === 1 ? 1 : -1) * Math.ceil(i / 2);
      const angle = towardCamera + (2 * Math.PI * k) / count;
      const p: Vec2 = [start[0] + Math.cos(angle) * ring * step, start[1] + Math.sin(angle) * ring * step];
      if (free(p)) {
        spot = p;
        break search;
      }
    }
  }
  const toCamera: Vec2 = [camera.position[0] - spot[0], camera.position[2] - spot[1]];
  const yaw = Math.hypot(...toCamera) < 1e-6 ? 0 : (Math.round(yawFacing(toCamera) / 15) * 15) % 360;
  return { position: [round(spot[0]), round(floor.y), round(spot[1])], yaw };
}
