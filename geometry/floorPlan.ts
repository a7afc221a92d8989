import type { CustomSpace, SceneContent } from '../contracts/sceneContent';
import { levelsBottomUp, spacePieces, type Rect, type Vec2, wallBounds } from './plan';
import { stairsLayout } from './stairs';
import { templateSpace } from './templates';

/**
 * The viewer's map: a 2D floor plan of each level of a space, drawn from its content, with its
 * artworks as points and the place a visitor walks to when one is chosen. Templates go through
 * `templateSpace`, the same function the engine builds their rooms with, so the plan and the 3D
 * room agree. Plain numbers, no three.js, no DOM.
 */

/** Eye height above the floor of a visitor the map walks somewhere (the engine's `body.eyeHeight`). */
export const mapEyeHeight = 1.6;
/** How far in front of an artwork the map puts the visitor. */
export const viewingDistance = 2;
/** Clearance kept from walls (the visitor's radius with a margin). */
const clearance = 0.45;

/** A wall piece at walking height: a rectangle on the plan. */
export interface PlanWall {
  id: string;
  corners: Vec2[];
}

/** A gap a visitor walks through (a door or an arch), as a segment on the wall's axis. */
export interface PlanDoor {
  id: string;
  from: Vec2;
  to: Vec2;
}

export interface PlanStairs {
  id: string;
  outline: Vec2[];
  /** Where the stairs start and which way they climb (unit vector on the plan). */
  start: Vec2;
  direction: Vec2;
}

export const artworkKinds = [
  'picture',
  'video',
  'model',
  'infoPoint',
  'text',
  'portal',
  'liveVideo',
  'webView',
] as const;
export type ArtworkKind = (typeof artworkKinds)[number];

export interface PlanArtwork {
  id: string;
  kind: ArtworkKind;
  /** The title, or '' when it has none (the view names it by its kind). */
  title: string;
  at: Vec2;
  /** World height of the artwork's centre. */
  y: number;
  /** Where to stand to look at it, and the yaw (degrees) that faces it. */
  stand: Vec2;
  standYaw: number;
}

export interface PlanLevel {
  id: string;
  name: string;
  elevation: number;
  height: number;
  walls: PlanWall[];
  doors: PlanDoor[];
  stairs: PlanStairs[];
  artworks: PlanArtwork[];
}

export interface FloorPlan {
  levels: PlanLevel[];
  /** Everything drawn, with a margin: the view box of the map. */
  bounds: Rect;
}

/** The space a document describes: its own, its template's (built as the engine builds it), or none. */
export function planSpaceOf(
  content: Pick<SceneContent, 'customSpace' | 'spaceTemplate'>,
): CustomSpace | null {
  if (content.customSpace) return content.customSpace;
  if (content.spaceTemplate) return templateSpace(content.spaceTemplate);
  return null;
}

const isWindow = (kind: string) => kind.startsWith('window');

function rectCorners(center: Vec2, halfLength: number, halfWidth: number, angle: number): Vec2[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [
    [-halfLength, -halfWidth],
    [halfLength, -halfWidth],
    [halfLength, halfWidth],
    [-halfLength, halfWidth],
  ].map(([u, v]) => [center[0] + u * c - v * s, center[1] + u * s + v * c]);
}

/** Plan direction of a yaw (degrees): where something facing that yaw looks. */
export const forwardOf = (yawDegrees: number): Vec2 => {
  const r = (yawDegrees * Math.PI) / 180;
  return [-Math.sin(r), -Math.cos(r)];
};

/** The yaw (degrees, 0–360) that looks from `from` to `to` on the plan. */
export function yawTowards(from: Vec2, to: Vec2): number {
  const yaw = (Math.atan2(-(to[0] - from[0]), -(to[1] - from[1])) * 180) / Math.PI;
  return ((yaw % 360) + 360) % 360;
}

// Geometry helpers -------------------------------------------------------------------------------

function pointInConvex(p: Vec2, poly: Vec2[]): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (Math.abs(cross) < 1e-12) continue;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

function segmentDistance(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b[0] - a[0];
  const dz = b[1] - a[1];
  const len2 = dx * dx + dz * dz;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dz));
}

/** Distance from a point to a convex polygon (0 inside). */
export function distanceToPolygon(p: Vec2, poly: Vec2[]): number {
  if (pointInConvex(p, poly)) return 0;
  let best = Infinity;
  for (let i = 0; i < poly.length; i++)
    best = Math.min(best, segmentDistance(p, poly[i], poly[(i + 1) % poly.length]));
  return best;
}

function segmentsCross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const orient = (p: Vec2, q: Vec2, r: Vec2) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function segmentHitsPolygon(a: Vec2, b: Vec2, poly: Vec2[]): boolean {
  if (pointInConvex(a, poly) || pointInConvex(b, poly)) return true;
  for (let i = 0; i < poly.length; i++)
    if (segmentsCross(a, b, poly[i], poly[(i + 1) % poly.length])) return true;
  return false;
}

/** Whether a visitor fits at `p` on a level: inside its floor, clear of its walls. */
export function isClear(level: Pick<PlanLevel, 'walls'>, floor: Rect | null, p: Vec2): boolean {
  if (floor && (p[0] < floor.minX || p[0] > floor.maxX || p[1] < floor.minZ || p[1] > floor.maxZ))
    return false;
  return level.walls.every((w) => distanceToPolygon(p, w.corners) >= clearance);
}

/** Whether nothing solid stands between a standing point and what it looks at. */
function seesFrom(level: Pick<PlanLevel, 'walls'>, from: Vec2, to: Vec2): boolean {
  // Stop just short of the target: a picture hangs on a wall's face.
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const k = len > 0.25 ? (len - 0.25) / len : 0;
  const end: Vec2 = [from[0] + (to[0] - from[0]) * k, from[1] + (to[1] - from[1]) * k];
  return level.walls.every((w) => !segmentHitsPolygon(from, end, w.corners));
}

/**
 * Where to stand to look at something at `at` facing `facing` (the direction its front looks,
 * degrees of yaw of its normal): about `viewingDistance` in front of it, clear of walls and with
 * nothing in between; other directions and shorter distances are tried when that spot is taken.
 */
export function standPointFor(
  level: Pick<PlanLevel, 'walls'>,
  floor: Rect | null,
  at: Vec2,
  facingYaw: number,
): { stand: Vec2; yaw: number } {
  const r = (facingYaw * Math.PI) / 180;
  // The front of a placed object (its local +z) on the plan.
  const front: Vec2 = [Math.sin(r), Math.cos(r)];
  const base = Math.atan2(front[1], front[0]);
  const turns = [0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180];
  for (const distance of [viewingDistance, 1.6, 1.2, 2.5, 0.9]) {
    for (const turn of turns) {
      const a = base + (turn * Math.PI) / 180;
      const stand: Vec2 = [at[0] + Math.cos(a) * distance, at[1] + Math.sin(a) * distance];
      if (isClear(level, floor, stand) && seesFrom(level, stand, at))
        return { stand, yaw: yawTowards(stand, at) };
    }
  }
  const stand: Vec2 = [at[0] + front[0] * viewingDistance, at[1] + front[1] * viewingDistance];
  return { stand, yaw: yawTowards(stand, at) };
}

// The plan ---------------------------------------------------------------------------------------

interface Placed {
  id: string;
  kind: ArtworkKind;
  title: string;
  position: [number, number, number];
  yaw: number;
}

function artworksOf(content: SceneContent): Placed[] {
  const of = (
    kind: ArtworkKind,
    items: readonly {
      id: string;
      transform: { position: [number, number, number]; rotation: [number, number, number] };
    }[],
    title: (i: number) => string | undefined,
  ): Placed[] =>
    items.map((item, i) => ({
      id: item.id,
      kind,
      title: title(i)?.trim() ?? '',
      position: item.transform.position,
      yaw: item.transform.rotation[1],
    }));
  return [
    ...of('picture', content.pictures, (i) => content.pictures[i].title),
    ...of('video', content.videos, (i) => content.videos[i].title),
    ...of('model', content.models3d, (i) => content.models3d[i].title),
    ...of('infoPoint', content.infoPoints, (i) => content.infoPoints[i].title),
    ...of('text', content.texts3d, (i) => content.texts3d[i].text.split('\n')[0].slice(0, 80)),
    ...of('portal', content.portals, (i) => content.portals[i].label),
    ...of('liveVideo', content.liveVideos, (i) => content.liveVideos[i].title),
    ...of('webView', content.webViews3d, () => undefined),
  ];
}

/** The level an object at world height `y` belongs to: the highest whose floor is below it. */
function levelIndexAt(levels: { elevation: number }[], y: number): number {
  let found = 0;
  levels.forEach((l, i) => {
    if (l.elevation <= y + 0.05) found = i;
  });
  return found;
}

/** Reading order on the plan: rows from north to south, west to east within a row. */
const readingOrder = (a: PlanArtwork, b: PlanArtwork) =>
  Math.round(a.at[1]) - Math.round(b.at[1]) || a.at[0] - b.at[0] || a.id.localeCompare(b.id);

/** The floor plan of a space's content. A document with no space gets one open level. */
export function floorPlanOf(content: SceneContent): FloorPlan {
  const space = planSpaceOf(content);
  const ordered = space ? levelsBottomUp(space) : [];
  const { pieces } = space ? spacePieces(space) : { pieces: [] };
  const levels: PlanLevel[] = ordered.map((level) => {
    const walking = pieces.filter(
      (p) => p.levelId === level.id && p.bottom <= level.elevation + 0.3 && p.top >= level.elevation + 0.5,
    );
    const walls = walking.map((p) => ({
      id: p.wallId,
      corners: rectCorners(p.center, p.length / 2, p.thickness / 2, p.angle),
    }));
    const doors: PlanDoor[] = [];
    for (const opening of level.openings) {
      if (isWindow(opening.kind) || opening.sill > 0.3) continue;
      const wall = level.walls.find((w) => w.id === opening.wallId);
      if (!wall) continue;
      const len = Math.hypot(wall.to[0] - wall.from[0], wall.to[1] - wall.from[1]);
      if (len === 0) continue;
      const d: Vec2 = [(wall.to[0] - wall.from[0]) / len, (wall.to[1] - wall.from[1]) / len];
      const s0 = Math.max(0, opening.offset);
      const s1 = Math.min(len, opening.offset + opening.width);
      doors.push({
        id: opening.id,
        from: [wall.from[0] + d[0] * s0, wall.from[1] + d[1] * s0],
        to: [wall.from[0] + d[0] * s1, wall.from[1] + d[1] * s1],
      });
    }
    const stairs: PlanStairs[] = level.stairs.map((s) => {
      const yaw = (s.rotation * Math.PI) / 180;
      return {
        id: s.id,
        outline: stairsLayout(s, level.elevation).footprint,
        start: [s.position[0], s.position[2]],
        direction: [-Math.sin(yaw), -Math.cos(yaw)],
      };
    });
    return {
      id: level.id,
      name: level.name,
      elevation: level.elevation,
      height: level.height,
      walls,
      doors,
      stairs,
      artworks: [],
    };
  });
  if (levels.length === 0) {
    levels.push({
      id: 'ground',
      name: '',
      elevation: 0,
      height: 4,
      walls: [],
      doors: [],
      stairs: [],
      artworks: [],
    });
  }
  const floors = levels.map((l) => {
    const source = space?.levels.find((s) => s.id === l.id);
    return source ? wallBounds(source.walls) : null;
  });
  for (const item of artworksOf(content)) {
    const index = levelIndexAt(levels, item.position[1]);
    const level = levels[index];
    const at: Vec2 = [item.position[0], item.position[2]];
    const { stand, yaw } = standPointFor(level, floors[index], at, item.yaw);
    level.artworks.push({
      id: item.id,
      kind: item.kind,
      title: item.title,
      at,
      y: item.position[1],
      stand,
      standYaw: yaw,
    });
  }
  for (const level of levels) level.artworks.sort(readingOrder);

  const bounds: Rect = { minX: Infinity, minZ: Infinity, maxX: -Infinity, maxZ: -Infinity };
  const grow = ([x, z]: Vec2) => {
    bounds.minX = Math.min(bounds.minX, x);
    bounds.maxX = Math.max(bounds.maxX, x);
    bounds.minZ = Math.min(bounds.minZ, z);
    bounds.maxZ = Math.max(bounds.maxZ, z);
  };
  for (const level of levels) {
    level.walls.forEach((w) => w.corners.forEach(grow));
    level.stairs.forEach((s) => s.outline.forEach(grow));
    level.artworks.forEach((a) => grow(a.at));
  }
  grow([content.startingPosition[0], content.startingPosition[2]]);
  if (!Number.isFinite(bounds.minX)) Object.assign(bounds, { minX: -5, minZ: -5, maxX: 5, maxZ: 5 });
  const margin = 1;
  return {
    levels,
    bounds: {
      minX: bounds.minX - margin,
      minZ: bounds.minZ - margin,
      maxX: bounds.maxX + margin,
      maxZ: bounds.maxZ + margin,
    },
  };
}

/** The level of the plan a visitor stands on, from the engine's level id or eye height. */
export function levelOfPose(plan: FloorPlan, levelId: string | null, eyeY: number): string {
  if (levelId && plan.levels.some((l) => l.id === levelId)) return levelId;
  return plan.levels[levelIndexAt(plan.levels, eyeY - mapEyeHeight)].id;
}

/** The eye position for standing at a plan point on a level. */
export function eyeAt(level: Pick<PlanLevel, 'elevation'>, at: Vec2): [number, number, number] {
  return [at[0], level.elevation + mapEyeHeight, at[1]];
}

/** Walking to a spot clicked on the plan: the nearest clear spot (the spot itself when it is clear). */
export function walkableSpot(plan: FloorPlan, levelId: string, p: Vec2): Vec2 {
  const level = plan.levels.find((l) => l.id === levelId) ?? plan.levels[0];
  if (isClear(level, null, p)) return p;
  for (const r of [0.2, 0.4, 0.6, 0.8, 1]) {
    for (let k = 0; k < 12; k++) {
      const a = (k * Math.PI) / 6;
      const q: Vec2 = [p[0] + Math.cos(a) * r, p[1] + Math.sin(a) * r];
      if (isClear(level, null, q)) return q;
    }
  }
  return p;
}
