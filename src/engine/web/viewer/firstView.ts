import { inRect, pointInPolygon, type Vec2 } from '../../../../geometry/plan';
import type { SceneContent } from '../../../../contracts/sceneContent';
import { body, type FloorSurface, type Obstacle } from './walking';

/**
 * The first view of a space whose creator set no starting point (`startingPosition` [0, 0, 0],
 * contracts/sceneContent.ts): the walkable point that sees the most artworks, facing them. Plain
 * numbers on the plan, so it is tested without a browser.
 *
 * - Candidates are points on a grid over every floor, clear of walls by a visitor's radius.
 * - An artwork is seen from a candidate when it is on the same storey, within `maxDistance`, its
 *   front faces the candidate (pictures hang on walls and are not seen from behind), and the line
 *   between them crosses no solid box whose height spans the line's.
 * - The view turns to the direction whose cone (`halfFov`) takes in the most seen artworks; nearer
 *   artworks weigh a little more when they are about `viewingDistance` away, so of two points that
 *   see as much the one at a comfortable distance wins.
 */

export interface Artwork {
  position: [number, number, number];
  /** Plan direction the artwork's front faces ([x, z]); absent for things seen from every side. */
  facing?: Vec2;
}

export interface FirstViewWorld {
  obstacles: Obstacle[];
  floors: FloorSurface[];
  groundY: number;
}

export interface FirstView {
  eye: [number, number, number];
  /** Yaw in degrees: 0 faces -z, positive turns towards -x. */
  yaw: number;
  /** How many artworks are in the view from there. */
  seen: number;
}

export const firstViewOptions = {
  /** Farther artworks are too small to count as seen. */
  maxDistance: 14,
  minDistance: 1,
  /** Half the horizontal angle that counts as 'in view', degrees (a 70° tall view is wider). */
  halfFov: 45,
  /** Most candidate points tried; the grid coarsens on large floors. */
  maxCandidates: 900,
  /** Clearance from walls, metres. */
  clearance: body.radius + 0.2,
} as const;

/** Whether an oriented box, seen from above, is crossed by the segment a→b. */
export function segmentCrossesBox(a: Vec2, b: Vec2, o: Obstacle): boolean {
  const cos = Math.cos(o.angle);
  const sin = Math.sin(o.angle);
  const local = ([x, z]: Vec2): Vec2 => {
    const dx = x - o.center[0];
    const dz = z - o.center[1];
    return [dx * cos + dz * sin, -dx * sin + dz * cos];
  };
  const [ax, az] = local(a);
  const [bx, bz] = local(b);
  let t0 = 0;
  let t1 = 1;
  const slab = (start: number, delta: number, half: number) => {
    if (Math.abs(delta) < 1e-12) return Math.abs(start) <= half;
    let near = (-half - start) / delta;
    let far = (half - start) / delta;
    if (near > far) [near, far] = [far, near];
    t0 = Math.max(t0, near);
    t1 = Math.min(t1, far);
    return t0 <= t1;
  };
  return slab(ax, bx - ax, o.halfLength) && slab(az, bz - az, o.halfWidth);
}

function insideBox([x, z]: Vec2, o: Obstacle, margin: number): boolean {
  const dx = x - o.center[0];
  const dz = z - o.center[1];
  const u = dx * Math.cos(o.angle) + dz * Math.sin(o.angle);
  const v = -dx * Math.sin(o.angle) + dz * Math.cos(o.angle);
  return Math.abs(u) <= o.halfLength + margin && Math.abs(v) <= o.halfWidth + margin;
}

/** Walkable candidate eyes: a grid over the floors (or the artworks' surroundings without floors). */
export function candidateEyes(world: FirstViewWorld, artworks: Artwork[]): [number, number, number][] {
  const { maxCandidates, clearance } = firstViewOptions;
  const floors: FloorSurface[] = world.floors.length
    ? world.floors
    : artworks.length
      ? [
          {
            rect: {
              minX: Math.min(...artworks.map((a) => a.position[0])) - 6,
              maxX: Math.max(...artworks.map((a) => a.position[0])) + 6,
              minZ: Math.min(...artworks.map((a) => a.position[2])) - 6,
              maxZ: Math.max(...artworks.map((a) => a.position[2])) + 6,
            },
            holes: [],
            y: world.groundY,
          },
        ]
      : [];
  const area = floors.reduce((s, f) => s + (f.rect.maxX - f.rect.minX) * (f.rect.maxZ - f.rect.minZ), 0);
  const step = Math.max(0.75, Math.sqrt(area / maxCandidates));
  const out: [number, number, number][] = [];
  for (const floor of floors) {
    const { rect } = floor;
    for (let x = rect.minX + step / 2; x < rect.maxX; x += step) {
      for (let z = rect.minZ + step / 2; z < rect.maxZ; z += step) {
        const p: Vec2 = [x, z];
        if (!inRect(p, rect) || floor.holes.some((h) => pointInPolygon(p, h))) continue;
        const feet = floor.y;
        const blocked = world.obstacles.some(
          (o) => o.bottom < feet + body.height && o.top > feet + 0.05 && insideBox(p, o, clearance),
        );
        if (!blocked) out.push([x, feet + body.eyeHeight, z]);
      }
    }
  }
  return out;
}

/** Whether `artwork` is seen from `eye` (distance, storey, front, nothing solid between). */
export function sees(eye: [number, number, number], artwork: Artwork, obstacles: Obstacle[]): boolean {
  const [ex, ey, ez] = eye;
  const [ax, ay, az] = artwork.position;
  const dx = ax - ex;
  const dz = az - ez;
  const distance = Math.hypot(dx, dz);
  if (distance < firstViewOptions.minDistance || distance > firstViewOptions.maxDistance) return false;
  if (Math.abs(ay - ey) > 2.5) return false;
  if (artwork.facing) {
    const [fx, fz] = artwork.facing;
    const length = Math.hypot(fx, fz) || 1;
    // The front must face the eye by at least ~15° off the wall.
    if ((-dx * fx - dz * fz) / (distance * length) < 0.25) return false;
  }
  // Stop short of the artwork: it hangs on (touches) a wall.
  const stop = Math.max(0, (distance - 0.25) / distance);
  const end: Vec2 = [ex + dx * stop, ez + dz * stop];
  const low = Math.min(ey, ay);
  const high = Math.max(ey, ay);
  return !obstacles.some((o) => o.bottom < high && o.top > low && segmentCrossesBox([ex, ez], end, o));
}

/** Yaw (degrees, 0 faces -z, positive towards -x) of a plan direction. */
export function yawOf(dx: number, dz: number): number {
  const yaw = (Math.atan2(-dx, -dz) * 180) / Math.PI;
  return Math.round(((yaw % 360) + 360) % 360);
}

function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Distance (metres) at which a picture on a wall is looked at comfortably. */
const viewingDistance = 4;

/** The best facing from `eye` over the artworks it sees: the most in one cone, nearer ones first. */
export function bestFacing(
  eye: [number, number, number],
  seen: Artwork[],
): { yaw: number; count: number; score: number } {
  const bearings = seen.map((a) => ({
    yaw: yawOf(a.position[0] - eye[0], a.position[2] - eye[2]),
    weight:
      1 + 0.5 / (1 + Math.abs(Math.hypot(a.position[0] - eye[0], a.position[2] - eye[2]) - viewingDistance)),
  }));
  let best = { yaw: 0, count: 0, score: 0 };
  for (let yaw = 0; yaw < 360; yaw += 5) {
    const inside = bearings.filter((b) => angleBetween(b.yaw, yaw) <= firstViewOptions.halfFov);
    const score = inside.reduce((s, b) => s + b.weight, 0);
    if (score > best.score + 1e-9) best = { yaw, count: inside.length, score };
  }
  if (best.count === 0) return best;
  // Centre the view on the artworks it holds.
  const inside = bearings.filter((b) => angleBetween(b.yaw, best.yaw) <= firstViewOptions.halfFov);
  const x = inside.reduce((s, b) => s - Math.sin((b.yaw * Math.PI) / 180), 0);
  const z = inside.reduce((s, b) => s - Math.cos((b.yaw * Math.PI) / 180), 0);
  return { ...best, yaw: yawOf(x, z) };
}

/** The first view of a space without a starting point; null when no artwork can be seen. */
export function pickFirstView(world: FirstViewWorld, artworks: Artwork[]): FirstView | null {
  if (artworks.length === 0) return null;
  let best: (FirstView & { score: number }) | null = null;
  for (const eye of candidateEyes(world, artworks)) {
    const seen = artworks.filter((a) => sees(eye, a, world.obstacles));
    if (seen.length === 0) continue;
    const facing = bestFacing(eye, seen);
    if (!best || facing.score > best.score + 1e-9) {
      best = { eye, yaw: facing.yaw, seen: facing.count, score: facing.score };
    }
  }
  return best && { eye: best.eye, yaw: best.yaw, seen: best.seen };
}

/** Whether a document's starting point is 'not set' (the contract's default [0, 0, 0]). */
export const startIsUnset = (position: readonly number[]) => position.every((n) => n === 0);

/** What a visitor comes to see in a document: pictures and videos (seen from the front), models. */
export function artworksOf(content: Pick<SceneContent, 'pictures' | 'videos' | 'models3d'>): Artwork[] {
  const facing = (yawDegrees: number): Vec2 => {
    const r = (yawDegrees * Math.PI) / 180;
    return [Math.sin(r), Math.cos(r)];
  };
  return [
    ...content.pictures.map((p) => ({
      position: p.transform.position,
      facing: facing(p.transform.rotation[1]),
    })),
    ...content.videos.map((v) => ({
      position: v.transform.position,
      facing: facing(v.transform.rotation[1]),
    })),
    ...content.models3d.map((m) => ({ position: m.transform.position })),
  ];
}
