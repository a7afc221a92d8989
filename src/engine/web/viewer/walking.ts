import { inRect, pointInPolygon, type Rect, type Vec2 } from '../../../../geometry/plan';
import { patchHeightAt, type WalkPatch } from '../../../../geometry/stairs';

/**
 * Walking rules of the first-person visitor, as plain numbers: a circle on the plan that collides
 * with solid boxes (wall pieces, models, props), stands on the highest surface within a step of its
 * feet (floors, stair flights, landings, the ground), is stopped by surfaces too high to step onto
 * and too low to pass under, and falls when nothing holds it up.
 */

export const body = {
  radius: 0.3,
  eyeHeight: 1.6,
  height: 1.8,
  /** Highest step a visitor climbs without stairs. */
  maxStep: 0.45,
  walkSpeed: 2.5,
  runSpeed: 5,
  gravity: 9.81,
} as const;

/** A solid box standing on the plan: `angle` is the direction of its length, radians from +x towards +z. */
export interface Obstacle {
  center: Vec2;
  halfLength: number;
  halfWidth: number;
  angle: number;
  bottom: number;
  top: number;
}

export interface FloorSurface {
  rect: Rect;
  holes: Vec2[][];
  y: number;
}

export interface Walker {
  x: number;
  z: number;
  /** Height of the visitor's feet. */
  feet: number;
  /** Vertical speed while falling. */
  vy: number;
}

const cellSize = 4;
const cellKey = (cx: number, cz: number) => `${cx},${cz}`;

/** A uniform grid so that a step only looks at the boxes near the visitor. */
class Grid<T> {
  private cells = new Map<string, T[]>();
  add(item: T, minX: number, minZ: number, maxX: number, maxZ: number) {
    for (let cx = Math.floor(minX / cellSize); cx <= Math.floor(maxX / cellSize); cx++) {
      for (let cz = Math.floor(minZ / cellSize); cz <= Math.floor(maxZ / cellSize); cz++) {
        const key = cellKey(cx, cz);
        const list = this.cells.get(key);
        if (list) list.push(item);
        else this.cells.set(key, [item]);
      }
    }
  }
  near(x: number, z: number): T[] {
    const out = new Set<T>();
    const cx0 = Math.floor(x / cellSize);
    const cz0 = Math.floor(z / cellSize);
    for (let cx = cx0 - 1; cx <= cx0 + 1; cx++) {
      for (let cz = cz0 - 1; cz <= cz0 + 1; cz++) {
        for (const item of this.cells.get(cellKey(cx, cz)) ?? []) out.add(item);
      }
    }
    return [...out];
  }
}

function obstacleExtent(o: Obstacle) {
  const c = Math.abs(Math.cos(o.angle));
  const s = Math.abs(Math.sin(o.angle));
  const ex = c * o.halfLength + s * o.halfWidth;
  const ez = s * o.halfLength + c * o.halfWidth;
  return [o.center[0] - ex, o.center[1] - ez, o.center[0] + ex, o.center[1] + ez] as const;
}

function patchExtent(p: WalkPatch) {
  const ex = Math.abs(p.axis[0]) * p.halfLength + Math.abs(p.axis[1]) * p.halfWidth;
  const ez = Math.abs(p.axis[1]) * p.halfLength + Math.abs(p.axis[0]) * p.halfWidth;
  return [p.center[0] - ex, p.center[1] - ez, p.center[0] + ex, p.center[1] + ez] as const;
}

/** How far to move a circle at `p` out of a box, or null when they do not touch. */
export function pushOut(o: Obstacle, p: Vec2, radius: number): Vec2 | null {
  const ax = Math.cos(o.angle);
  const az = Math.sin(o.angle);
  const dx = p[0] - o.center[0];
  const dz = p[1] - o.center[1];
  const lx = dx * ax + dz * az;
  const lz = -dx * az + dz * ax;
  const cx = Math.max(-o.halfLength, Math.min(o.halfLength, lx));
  const cz = Math.max(-o.halfWidth, Math.min(o.halfWidth, lz));
  let ox = lx - cx;
  let oz = lz - cz;
  const dist = Math.hypot(ox, oz);
  if (dist >= radius) return null;
  if (dist > 1e-9) {
    const k = (radius - dist) / dist;
    ox *= k;
    oz *= k;
  } else {
    // The centre is inside the box: leave by the nearest side.
    const penX = o.halfLength - Math.abs(lx) + radius;
    const penZ = o.halfWidth - Math.abs(lz) + radius;
    if (penX < penZ) {
      ox = Math.sign(lx || 1) * penX;
      oz = 0;
    } else {
      ox = 0;
      oz = Math.sign(lz || 1) * penZ;
    }
  }
  return [ox * ax - oz * az, ox * az + oz * ax];
}

export class WalkWorld {
  private obstacles = new Grid<Obstacle>();
  private patches = new Grid<WalkPatch>();

  constructor(
    obstacles: Obstacle[],
    private floors: FloorSurface[],
    patches: WalkPatch[],
    /** The ground outside: an endless surface at this height. */
    readonly groundY = 0,
  ) {
    for (const o of obstacles) this.obstacles.add(o, ...obstacleExtent(o));
    for (const p of patches) this.patches.add(p, ...patchExtent(p));
  }

  /** Obstacles that come after the world was made (models, placed once they have loaded). */
  addObstacles(obstacles: Obstacle[]) {
    for (const o of obstacles) this.obstacles.add(o, ...obstacleExtent(o));
  }

  /** Heights of every surface under a plan point. */
  surfacesAt(p: Vec2): number[] {
    const heights = [this.groundY];
    for (const f of this.floors) {
      if (inRect(p, f.rect) && !f.holes.some((h) => pointInPolygon(p, h))) heights.push(f.y);
    }
    for (const patch of this.patches.near(p[0], p[1])) {
      const h = patchHeightAt(patch, p);
      if (h !== null) heights.push(h);
    }
    return heights;
  }

  /** The surface a visitor with feet at `feet` stands on at `p`: the highest within a step. */
  groundAt(p: Vec2, feet: number): number {
    let best = -Infinity;
    for (const h of this.surfacesAt(p)) if (h <= feet + body.maxStep + 1e-6 && h > best) best = h;
    return best === -Infinity ? Math.min(feet, this.groundY) : best;
  }

  /** A surface too high to step onto and too low to pass under blocks the way. */
  surfaceBlocks(p: Vec2, feet: number): boolean {
    return this.surfacesAt(p).some((h) => h > feet + body.maxStep + 1e-6 && h < feet + body.height);
  }

  /** Moves a circle out of every box that overlaps the visitor's body height. */
  private resolve(p: Vec2, feet: number): Vec2 {
    const low = feet + body.maxStep;
    const high = feet + body.height;
    let q: Vec2 = [p[0], p[1]];
    for (let pass = 0; pass < 3; pass++) {
      let moved = false;
      for (const o of this.obstacles.near(q[0], q[1])) {
        if (o.top <= low || o.bottom >= high) continue;
        const push = pushOut(o, q, body.radius);
        if (push) {
          q = [q[0] + push[0], q[1] + push[1]];
          moved = true;
        }
      }
      if (!moved) break;
    }
    return q;
  }

  /** Whether the visitor's circle overlaps a box at `p`. */
  collides(p: Vec2, feet: number): boolean {
    const low = feet + body.maxStep;
    const high = feet + body.height;
    return this.obstacles
      .near(p[0], p[1])
      .some((o) => o.top > low && o.bottom < high && pushOut(o, p, body.radius - 1e-3) !== null);
  }

  /**
   * One time step: walk by `delta` on the plan (sliding along what is in the way), then stand on
   * the ground or fall towards it. Returns the new state; the old one is not changed.
   */
  step(walker: Walker, delta: Vec2, dt: number): Walker {
    let { x, z, feet, vy } = walker;
    const distance = Math.hypot(delta[0], delta[1]);
    const parts = Math.max(1, Math.ceil(distance / 0.1));
    for (let i = 0; i < parts; i++) {
      const sx = delta[0] / parts;
      const sz = delta[1] / parts;
      const options: Vec2[] = [
        [x + sx, z + sz],
        [x + sx, z],
        [x, z + sz],
      ];
      let moved = false;
      for (const option of options) {
        const q = this.resolve(option, feet);
        if (this.surfaceBlocks(q, feet) || this.collides(q, feet)) continue;
        x = q[0];
        z = q[1];
        moved = true;
        break;
      }
      if (!moved) break;
      const ground = this.groundAt([x, z], feet);
      if (ground >= feet - body.maxStep && vy === 0) feet = ground;
    }
    const ground = this.groundAt([x, z], feet);
    if (feet - ground <= 1e-6) {
      feet = ground;
      vy = 0;
    } else if (vy === 0 && feet - ground <= body.maxStep) {
      feet = ground;
    } else {
      vy -= body.gravity * dt;
      feet = Math.max(ground, feet + vy * dt);
      if (feet === ground) vy = 0;
    }
    return { x, z, feet, vy };
  }

  /** Where a visitor placed at an eye position stands: on the highest surface below the eye. */
  placeAt(eye: [number, number, number]): Walker {
    const feetGuess = eye[1] - body.eyeHeight;
    const below = this.surfacesAt([eye[0], eye[2]]).filter((h) => h <= feetGuess + body.maxStep + 0.5);
    const feet = below.length ? Math.max(...below) : this.groundY;
    return { x: eye[0], z: eye[2], feet, vy: 0 };
  }
}
