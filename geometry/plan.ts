import type { CustomSpace, Level, Opening, Wall } from '../contracts/sceneContent';
import { stairsLayout } from './stairs';
import type { Vec2 } from './vec2';

/**
 * The plan of a custom space as plain numbers: wall pieces around openings, floor and ceiling
 * outlines with their stairwells. Everything the scene builder and the walking rules need, with
 * no three.js, so it is tested on its own.
 */

export type { Vec2 } from './vec2';

/** A solid box of wall: `along` is measured from the wall's `from` end (after extension). */
export interface WallPiece {
  wallId: string;
  levelId: string;
  materialId: string | undefined;
  /** Centre on the plan. */
  center: Vec2;
  /** Length along the wall, thickness across it. */
  length: number;
  thickness: number;
  /** Direction of the wall on the plan, radians from +x towards +z. */
  angle: number;
  /** World heights of the piece's bottom and top. */
  bottom: number;
  top: number;
}

/** A transparent pane filling a window opening. */
export interface GlassPane {
  openingId: string;
  center: Vec2;
  length: number;
  angle: number;
  bottom: number;
  top: number;
}

export interface Rect {
  minX: number;
  minZ: number;
  maxX: number;
  maxZ: number;
}

/** A horizontal slab outline with holes (stairwells), at a world height. */
export interface SlabOutline {
  levelId: string;
  /** The level's own material for this slab, if it has one. */
  materialId: string | undefined;
  rect: Rect;
  holes: Vec2[][];
  /** World height of the walking surface (floor) or of the underside (ceiling). */
  y: number;
}

export const floorThickness = 0.2;
/** Size of the floor when a level (and every level below it) has no walls. */
export const defaultFloorSize = 10;
const epsilon = 1e-4;

const isWindow = (o: Opening) => o.kind.startsWith('window');

export function wallLength(wall: Wall): number {
  return Math.hypot(wall.to[0] - wall.from[0], wall.to[1] - wall.from[1]);
}

/**
 * Splits a wall into solid pieces around its openings. Walls are extended by half their thickness
 * at both ends so that two walls meeting at a corner close it.
 */
export function wallPieces(
  wall: Wall,
  openings: Opening[],
  level: Pick<Level, 'id' | 'elevation' | 'height'>,
): { pieces: WallPiece[]; glass: GlassPane[] } {
  const length = wallLength(wall);
  if (length < epsilon) return { pieces: [], glass: [] };
  const dx = (wall.to[0] - wall.from[0]) / length;
  const dz = (wall.to[1] - wall.from[1]) / length;
  const angle = Math.atan2(dz, dx);
  const half = wall.thickness / 2;
  const base = level.elevation;
  const top = level.elevation + level.height;
  const pieces: WallPiece[] = [];
  const glass: GlassPane[] = [];
  const at = (s: number): Vec2 => [wall.from[0] + dx * s, wall.from[1] + dz * s];
  const piece = (s0: number, s1: number, y0: number, y1: number) => {
    if (s1 - s0 < epsilon || y1 - y0 < epsilon) return;
    const c = at((s0 + s1) / 2);
    pieces.push({
      wallId: wall.id,
      levelId: level.id,
      materialId: wall.materialId,
      center: c,
      length: s1 - s0,
      thickness: wall.thickness,
      angle,
      bottom: y0,
      top: y1,
    });
  };
  const sorted = openings
    .filter((o) => o.wallId === wall.id)
    .map((o) => ({
      o,
      s0: Math.max(0, o.offset),
      s1: Math.min(length, o.offset + o.width),
      y0: base + o.sill,
      y1: Math.min(top, base + o.sill + o.height),
    }))
    .filter((g) => g.s1 - g.s0 > epsilon && g.y1 > g.y0)
    .sort((a, b) => a.s0 - b.s0);
  let cursor = -half;
  for (const gap of sorted) {
    const s0 = Math.max(gap.s0, cursor);
    if (gap.s1 <= s0) continue;
    piece(cursor, s0, base, top);
    piece(s0, gap.s1, base, gap.y0);
    piece(s0, gap.s1, gap.y1, top);
    if (isWindow(gap.o)) {
      const c = at((s0 + gap.s1) / 2);
      glass.push({ openingId: gap.o.id, center: c, length: gap.s1 - s0, angle, bottom: gap.y0, top: gap.y1 });
    }
    cursor = gap.s1;
  }
  piece(cursor, length + half, base, top);
  return { pieces, glass };
}

/** The rectangle bounding a level's walls, thickness included; null without walls. */
export function wallBounds(walls: Wall[]): Rect | null {
  if (walls.length === 0) return null;
  const r: Rect = { minX: Infinity, minZ: Infinity, maxX: -Infinity, maxZ: -Infinity };
  for (const w of walls) {
    const h = w.thickness / 2;
    for (const [x, z] of [w.from, w.to]) {
      r.minX = Math.min(r.minX, x - h);
      r.maxX = Math.max(r.maxX, x + h);
      r.minZ = Math.min(r.minZ, z - h);
      r.maxZ = Math.max(r.maxZ, z + h);
    }
  }
  return r;
}

/** Levels from the lowest up. */
export function levelsBottomUp(space: CustomSpace): Level[] {
  return [...space.levels].sort((a, b) => a.elevation - b.elevation);
}

/**
 * The floor rectangle of every level: its walls' bounds, or the level below's, or a default
 * square at the origin.
 */
export function floorRects(space: CustomSpace): Map<string, Rect> {
  const out = new Map<string, Rect>();
  let below: Rect | null = null;
  for (const level of levelsBottomUp(space)) {
    const own = wallBounds(level.walls);
    const s = defaultFloorSize / 2;
    const rect: Rect = own ?? below ?? { minX: -s, minZ: -s, maxX: s, maxZ: s };
    out.set(level.id, rect);
    below = rect;
  }
  return out;
}

/**
 * Floors (with stairwells where stairs arrive) and ceilings (with stairwells where stairs leave)
 * of every level.
 */
export function slabOutlines(space: CustomSpace): { floors: SlabOutline[]; ceilings: SlabOutline[] } {
  const rects = floorRects(space);
  const arriving = new Map<string, Vec2[][]>();
  const leaving = new Map<string, Vec2[][]>();
  for (const level of space.levels) {
    for (const stairs of level.stairs) {
      const outline = stairsLayout(stairs, level.elevation).footprint;
      arriving.set(stairs.toLevel, [...(arriving.get(stairs.toLevel) ?? []), outline]);
      leaving.set(level.id, [...(leaving.get(level.id) ?? []), outline]);
    }
  }
  const floors: SlabOutline[] = [];
  const ceilings: SlabOutline[] = [];
  for (const level of space.levels) {
    const rect = rects.get(level.id)!;
    floors.push({
      levelId: level.id,
      materialId: level.floorMaterialId,
      rect,
      holes: clipHoles(arriving.get(level.id) ?? [], rect),
      y: level.elevation,
    });
    ceilings.push({
      levelId: level.id,
      materialId: level.ceilingMaterialId,
      rect,
      holes: clipHoles(leaving.get(level.id) ?? [], rect),
      y: level.elevation + level.height,
    });
  }
  return { floors, ceilings };
}

/** Keeps holes that lie inside the slab (a hole crossing the edge would break triangulation). */
function clipHoles(holes: Vec2[][], rect: Rect): Vec2[][] {
  return holes
    .map((hole) =>
      hole.map(([x, z]): Vec2 => [
        Math.min(rect.maxX - 0.01, Math.max(rect.minX + 0.01, x)),
        Math.min(rect.maxZ - 0.01, Math.max(rect.minZ + 0.01, z)),
      ]),
    )
    .filter((hole) => Math.abs(polygonArea(hole)) > 0.01);
}

export function polygonArea(points: Vec2[]): number {
  let a = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, z0] = points[i];
    const [x1, z1] = points[(i + 1) % points.length];
    a += x0 * z1 - x1 * z0;
  }
  return a / 2;
}

export function pointInPolygon([x, z]: Vec2, polygon: Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, zi] = polygon[i];
    const [xj, zj] = polygon[j];
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
}

export const inRect = ([x, z]: Vec2, r: Rect) => x >= r.minX && x <= r.maxX && z >= r.minZ && z <= r.maxZ;

/** Every wall piece and pane of glass in the space. */
export function spacePieces(space: CustomSpace): { pieces: WallPiece[]; glass: GlassPane[] } {
  const pieces: WallPiece[] = [];
  const glass: GlassPane[] = [];
  for (const level of space.levels) {
    for (const wall of level.walls) {
      const r = wallPieces(wall, level.openings, level);
      pieces.push(...r.pieces);
      glass.push(...r.glass);
    }
  }
  return { pieces, glass };
}
