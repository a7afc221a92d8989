import type { Level, SpaceTemplateChoice, Transform, Wall } from '../../../contracts/sceneContent';
import { stairsLayout } from '../../../geometry/stairs';
import { templateSpace } from '../../../geometry/templates';

/**
 * A premade room as the engine builds it (geometry/templates.ts), for placing things in it: the
 * faces of its walls, where flat things hang clear of openings, corners, walls that meet a face and
 * stairs, and the floor that is free to stand on. A placement that does not fit throws.
 */

/** A point on the plan (x, z). */
export type Plan = [number, number];
export type Vec3 = [number, number, number];
/** A stretch along a face, metres from its wall's `from` end. */
export type Interval = [number, number];

/** Rounded to the millimetre (and never -0), as positions are written. */
export const round = (v: number) => {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? 0 : r;
};
export const degrees = (radians: number) => round((((radians * 180) / Math.PI) % 360) + 360) % 360;
/** Yaw that turns a flat thing's front (+z) towards the plan direction `n`. */
export const yawFacing = (n: Plan) => degrees(Math.atan2(n[0], n[1]));
/** How far in front of a wall face flat things hang (as the editor places them). */
const wallGap = 0.02;
/** Clearance kept between hung things, and from corners, openings and walls that meet a face. */
const clearance = 0.3;

/** One side of one wall: where flat things hang. Positions along it are metres from its `from` end. */
export class Face {
  readonly length: number;
  readonly dir: Plan;
  /** Across the wall, towards the side things hang on. */
  readonly normal: Plan;
  readonly start: number;
  readonly end: number;
  private blocks: { s0: number; s1: number; y0: number; y1: number }[] = [];

  constructor(
    readonly level: Level,
    readonly wall: Wall,
    side: 1 | -1,
    stairsFootprints: Plan[][],
  ) {
    const [fx, fz] = wall.from;
    this.length = Math.hypot(wall.to[0] - fx, wall.to[1] - fz);
    this.dir = [(wall.to[0] - fx) / this.length, (wall.to[1] - fz) / this.length];
    this.normal = [-this.dir[1] * side, this.dir[0] * side];
    // Walls are built half their thickness longer at both ends.
    this.start = -wall.thickness / 2;
    this.end = this.length + wall.thickness / 2;
    const full = (s0: number, s1: number) => this.blocks.push({ s0, s1, y0: -1, y1: level.height + 1 });
    for (const other of level.walls) {
      if (other.id === wall.id) continue;
      for (const [p, q] of [
        [other.from, other.to],
        [other.to, other.from],
      ]) {
        const across = this.across(p);
        const along = this.along(p);
        if (Math.abs(across) > wall.thickness / 2 + 0.01 || along < this.start || along > this.end) continue;
        // The other wall meets this one here; it is in the way on the side it runs to.
        if (this.across(q) > 0) full(along - other.thickness / 2, along + other.thickness / 2);
      }
    }
    for (const o of level.openings.filter((o) => o.wallId === wall.id)) {
      this.blocks.push({ s0: o.offset, s1: o.offset + o.width, y0: o.sill, y1: o.sill + o.height });
    }
    for (const footprint of stairsFootprints) {
      const across = footprint.map((p) => this.across(p) - wall.thickness / 2);
      if (Math.min(...across) < 1.5 && Math.max(...across) > 0) {
        const along = footprint.map((p) => this.along(p));
        full(Math.min(...along), Math.max(...along));
      }
    }
  }

  along(p: Plan): number {
    return (p[0] - this.wall.from[0]) * this.dir[0] + (p[1] - this.wall.from[1]) * this.dir[1];
  }

  across(p: Plan): number {
    return (p[0] - this.wall.from[0]) * this.normal[0] + (p[1] - this.wall.from[1]) * this.normal[1];
  }

  /** The plan point `distance` in front of the face at `s`. */
  point(s: number, distance = 0): Plan {
    const out = this.wall.thickness / 2 + distance;
    return [
      this.wall.from[0] + this.dir[0] * s + this.normal[0] * out,
      this.wall.from[1] + this.dir[1] * s + this.normal[1] * out,
    ];
  }

  /** The transform of a flat thing hung centred at `s`, `y` metres above the level's floor. */
  transform(s: number, y: number): Transform {
    const [x, z] = this.point(s, wallGap);
    return {
      position: [round(x), round(this.level.elevation + y), round(z)],
      rotation: [0, yawFacing(this.normal), 0],
      scale: [1, 1, 1],
    };
  }

  private overlaps(s0: number, s1: number, y0: number, y1: number, margin: number) {
    return this.blocks.some(
      (b) => s0 < b.s1 + margin && s1 > b.s0 - margin && y0 < b.y1 + 0.1 && y1 > b.y0 - 0.1,
    );
  }

  /** Hangs something `w` × `h` centred at (`s`, `y`); throws when it does not fit. */
  place(s: number, y: number, w: number, h: number, margin = clearance): Transform {
    const [s0, s1, y0, y1] = [s - w / 2, s + w / 2, y - h / 2, y + h / 2];
    if (
      s0 < this.start + clearance - 1e-9 ||
      s1 > this.end - clearance + 1e-9 ||
      y0 < 0.3 ||
      y1 > this.level.height - 0.15 ||
      this.overlaps(s0, s1, y0, y1, margin)
    ) {
      throw new Error(`${this.wall.id}: no room for ${w} × ${h} m at s=${s.toFixed(2)}, y=${y.toFixed(2)}`);
    }
    this.blocks.push({ s0, s1, y0, y1 });
    return this.transform(s, y);
  }

  /** Free stretches of the band y0…y1 within `range`, keeping clear of what is there. */
  free(y0: number, y1: number, range: Interval = [this.start, this.end]): Interval[] {
    let free: Interval[] = [
      [Math.max(range[0], this.start + clearance), Math.min(range[1], this.end - clearance)],
    ];
    for (const b of this.blocks) {
      if (!(y0 < b.y1 + 0.1 && y1 > b.y0 - 0.1)) continue;
      const [lo, hi] = [b.s0 - clearance, b.s1 + clearance];
      free = free.flatMap(([a, e]): Interval[] =>
        hi <= a || lo >= e
          ? [[a, e]]
          : ([
              [a, Math.min(lo, e)],
              [Math.max(hi, a), e],
            ] as Interval[]),
      );
    }
    return free.filter(([a, e]) => e - a > 1e-6);
  }

  /**
   * Hangs a row of things centred at height `y`, as far apart as the free stretches allow (at most
   * 1.5 m): the way a curator fills a wall. Throws when they do not all fit.
   */
  row(sizes: { w: number; h: number }[], y: number, range?: Interval): Transform[] {
    const tallest = Math.max(...sizes.map((s) => s.h));
    const stretches = this.free(y - tallest / 2, y + tallest / 2, range);
    for (let gap = 1.5; gap >= 0.25 - 1e-9; gap -= 0.05) {
      const centres = fill(
        stretches,
        sizes.map((s) => s.w),
        gap,
      );
      if (centres) return centres.map((s, i) => this.place(s, y, sizes[i].w, sizes[i].h, 0.2));
    }
    throw new Error(`${this.wall.id}: no room for ${sizes.length} things in a row at y=${y}`);
  }
}

/** Centres of `widths` spread over the stretches in order, at least `gap` apart; null when they do not fit. */
function fill(stretches: Interval[], widths: number[], gap: number): number[] | null {
  const centres: number[] = [];
  let next = 0;
  for (const [a, b] of stretches) {
    const group: number[] = [];
    let used = 0;
    while (next < widths.length) {
      const needed = used + (group.length ? gap : 0) + widths[next];
      if (needed > b - a) break;
      used = needed;
      group.push(widths[next++]);
    }
    if (!group.length) continue;
    const spare = b - a - group.reduce((sum, w) => sum + w, 0);
    const between = Math.max(gap, Math.min(1.5, spare / (group.length + 1)));
    let cursor = a + (spare - between * (group.length - 1)) / 2;
    for (const w of group) {
      centres.push(cursor + w / 2);
      cursor += w + between;
    }
  }
  return next === widths.length ? centres : null;
}

/** A premade room as the engine builds it, with its wall faces and the floor that is free. */
export class Room {
  readonly space;
  private faces = new Map<string, Face>();

  constructor(readonly choice: SpaceTemplateChoice) {
    this.space = templateSpace(choice);
  }

  level(id = 'ground'): Level {
    const level = this.space.levels.find((l) => l.id === id);
    if (!level) throw new Error(`No level ${id}`);
    return level;
  }

  /** Stairs footprints on the plan that are in the way on a level (leaving it or arriving at it). */
  stairsOn(levelId: string): Plan[][] {
    return this.space.levels.flatMap((l) =>
      l.stairs
        .filter((s) => l.id === levelId || s.toLevel === levelId)
        .map((s) => stairsLayout(s, l.elevation).footprint as Plan[]),
    );
  }

  /** A side of a wall by id (`outer-n`, `divider-1`, ... of the level); side 1 faces into an outer wall's room. */
  face(wallName: string, side: 1 | -1 = 1, levelId = 'ground'): Face {
    const key = `${levelId}/${wallName}/${side}`;
    let face = this.faces.get(key);
    if (!face) {
      const level = this.level(levelId);
      const wall = level.walls.find((w) => w.id === `${levelId}-${wallName}`);
      if (!wall) throw new Error(`No wall ${levelId}-${wallName}`);
      face = new Face(level, wall, side, this.stairsOn(levelId));
      this.faces.set(key, face);
    }
    return face;
  }

  /** Checks that something of radius `r` can stand at `p` on a level: inside, clear of walls and stairs. */
  checkFloor(p: Plan, r: number, levelId = 'ground'): void {
    const level = this.level(levelId);
    for (const wall of level.walls) {
      const d = distanceToSegment(p, wall.from, wall.to);
      if (d < wall.thickness / 2 + r)
        throw new Error(`${levelId} [${p}] is ${d.toFixed(2)} m from ${wall.id}`);
    }
    const xs = level.walls.flatMap((w) => [w.from[0], w.to[0]]);
    const zs = level.walls.flatMap((w) => [w.from[1], w.to[1]]);
    if (
      p[0] < Math.min(...xs) ||
      p[0] > Math.max(...xs) ||
      p[1] < Math.min(...zs) ||
      p[1] > Math.max(...zs)
    ) {
      throw new Error(`${levelId} [${p}] is outside the room`);
    }
    for (const footprint of this.stairsOn(levelId)) {
      const fx = footprint.map((q) => q[0]);
      const fz = footprint.map((q) => q[1]);
      if (
        p[0] > Math.min(...fx) - r &&
        p[0] < Math.max(...fx) + r &&
        p[1] > Math.min(...fz) - r &&
        p[1] < Math.max(...fz) + r
      ) {
        throw new Error(`${levelId} [${p}] is on the stairs`);
      }
    }
  }
}

function distanceToSegment(p: Plan, a: Plan, b: Plan): number {
  const [dx, dz] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / (dx * dx + dz * dz)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dz);
}
