import {
  type Level,
  SceneContent,
  type SceneContentInput,
  sceneContentVersion,
  type SpaceTemplateChoice,
  type Transform,
  type Wall,
} from '../../contracts/sceneContent';
import { premadeStart, spaceTemplateIdOf, templateFootprints } from '../../contracts/premadeSpaces';
import { stairsLayout } from '../../geometry/stairs';
import { templateSpace } from '../../geometry/templates';

/**
 * Twelve demo spaces built on the premade rooms, for a fresh install to show what the platform
 * does: a museum, a school and a creative studio (artist, shop, events), each with pictures
 * hung on the rooms' real walls, sculptures, 3D texts, info points and a guided tour. Another
 * module seeds them (server/db/seed.ts); `ownerIndex` says which of the three demo users owns one.
 *
 * Everything is placed from the geometry the engine generates for the template
 * (geometry/templates.ts): pictures and texts hang 2 cm in front of a wall face, clear
 * of openings, corners, walls that meet it and stairs; things that stand keep clear of walls and
 * stairwells. A placement that does not fit throws, so a change to the rooms shows up in the
 * unit test (tests/unit/demoSpaces.test.ts) instead of as a picture floating in a doorway.
 */

export interface DemoSpace {
  title: string;
  description: string;
  tags: string[];
  /** Which of the three demo users (0, 1 or 2) owns it. */
  ownerIndex: number;
  /** The catalogue's spaceTemplateId (contracts/premadeSpaces.ts). */
  templateId: string;
  content: SceneContent;
}

// ---------------------------------------------------------------------------------------------
// The demo pictures (public/demo/pictures): pixel sizes, so each hangs with its own proportions.

const pictureShapes: [width: number, height: number, indices: number[]][] = [
  [384, 512, [0, 5, 11, 12, 14, 17, 19, 28, 38, 41, 45, 62, 67, 71, 75, 80, 85]],
  [512, 341, [1, 24, 36, 55, 61, 66, 82, 88, 90, 91, 99]],
  [512, 384, [2, 8, 16, 30, 35, 37, 51, 69, 78, 86, 87, 92, 96]],
  [512, 512, [3, 10, 15, 18, 21, 33, 40, 44, 54, 58, 74, 81]],
  [512, 288, [4, 22, 29, 32, 56, 57, 60, 64, 72, 76]],
  [512, 410, [6, 7, 13, 34, 42, 43, 50, 53, 59, 68, 84, 93, 94, 97]],
  [410, 512, [9, 25, 26, 31, 39, 47, 48, 73, 79, 83, 89, 95, 98]],
  [341, 512, [20, 23, 27, 46, 49, 52, 63, 65, 70, 77]],
];

/** Width over height of a demo picture. */
export function pictureAspect(index: number): number {
  const shape = pictureShapes.find(([, , indices]) => indices.includes(index));
  if (!shape) throw new Error(`No demo picture ${index}`);
  return shape[0] / shape[1];
}

export const pictureUri = (index: number) => `/demo/pictures/picture-${String(index).padStart(3, '0')}.jpg`;
const modelUri = (name: string) => `/demo/models/${name}`;

// ---------------------------------------------------------------------------------------------
// Geometry

type Plan = [number, number];
type Vec3 = [number, number, number];
type Interval = [number, number];

const round = (v: number) => {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? 0 : r;
};
const degrees = (radians: number) => round((((radians * 180) / Math.PI) % 360) + 360) % 360;
/** Yaw that turns a flat thing's front (+z) towards the plan direction `n`. */
const yawFacing = (n: Plan) => degrees(Math.atan2(n[0], n[1]));
/** Yaw and pitch of a camera at `eye` looking at `target`: yaw 0 looks towards -z. */
function lookAt(eye: Vec3, target: Vec3): [number, number, number] {
  const dx = target[0] - eye[0];
  const dy = target[1] - eye[1];
  const dz = target[2] - eye[2];
  const pitch = round((Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI);
  return [pitch, degrees(Math.atan2(-dx, -dz)), 0];
}

/** How far in front of a wall face flat things hang (as the editor places them). */
export const wallGap = 0.02;
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

export function distanceToSegment(p: Plan, a: Plan, b: Plan): number {
  const [dx, dz] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / (dx * dx + dz * dz)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dz);
}

// ---------------------------------------------------------------------------------------------
// Writing a document

/** A work to hang: the demo picture's number, its label, the long side in metres (default 1). */
type Work = [index: number, title: string, size?: number, description?: string];

interface TextOptions {
  size?: number;
  color?: string;
  bold?: boolean;
  italic?: boolean;
  fontTransform?: 'None' | 'UpperCase' | 'LowerCase' | 'SmallCaps';
  link?: string;
  underline?: boolean;
}

interface TourStop {
  title: string;
  description: string;
  /** Where the visitor stands (plan) and on which level. */
  at: Plan;
  level?: string;
  /** What the camera looks at. */
  look: Vec3;
  /** Eye height above the level's floor (default 1.6). */
  eye?: number;
}

class DocumentBuilder {
  private readonly pictures: NonNullable<SceneContentInput['pictures']> = [];
  private readonly texts: NonNullable<SceneContentInput['texts3d']> = [];
  private readonly models: NonNullable<SceneContentInput['models3d']> = [];
  private readonly props: NonNullable<SceneContentInput['props']> = [];
  private readonly infoPoints: NonNullable<SceneContentInput['infoPoints']> = [];
  private readonly videos: NonNullable<SceneContentInput['videos']> = [];
  private readonly tours: NonNullable<SceneContentInput['guidedTours']> = [];
  private readonly links: NonNullable<SceneContentInput['links']> = [];
  private count = new Map<string, number>();

  constructor(readonly room: Room) {}

  private id(kind: string, name?: string) {
    const n = (this.count.get(kind) ?? 0) + 1;
    this.count.set(kind, n);
    return name ? `${kind}-${name}` : `${kind}-${n}`;
  }

  /** Hangs works in a row along a face at height `y` (centres), optionally framed. */
  hang(
    face: Face,
    works: Work[],
    options: { y?: number; range?: Interval; frame?: { color: string; width: number }; artist?: string } = {},
  ) {
    const sizes = works.map(([index, , size = 1]) => {
      const aspect = pictureAspect(index);
      return aspect >= 1
        ? { w: round(size), h: round(size / aspect) }
        : { w: round(size * aspect), h: round(size) };
    });
    const frame = options.frame?.width ?? 0;
    const transforms = face.row(
      sizes.map((s) => ({ w: s.w + 2 * frame, h: s.h + 2 * frame })),
      options.y ?? 1.55,
      options.range,
    );
    works.forEach(([index, title, , description], i) => {
      this.pictures.push({
        id: this.id('picture'),
        fileUri: pictureUri(index),
        title,
        description: description ?? (options.artist ? `${options.artist}.` : undefined),
        width: sizes[i].w,
        height: sizes[i].h,
        transform: transforms[i],
        ...(options.frame ? { frame: options.frame } : {}),
      });
    });
  }

  /**
   * Hangs as many of `works` (in turn, from `first`) as fit along a face at one size, about
   * `spacing` metres apart; returns how many were hung.
   */
  fill(
    face: Face,
    works: number[],
    first: number,
    options: { size: number; spacing: number; range?: Interval },
  ) {
    const free = face.free(0.9, 2.2, options.range).reduce((sum, [a, b]) => sum + (b - a), 0);
    for (let n = Math.floor(free / options.spacing); n > 0; n--) {
      const chosen = Array.from({ length: n }, (_, i) => works[(first + i) % works.length]);
      try {
        this.hang(
          face,
          chosen.map((index): Work => [index, 'Sample work', options.size]),
          { range: options.range },
        );
        return n;
      } catch {
        // Fewer, then.
      }
    }
    return 0;
  }

  /** A line of 3D text on a face, centred at `s` (default: the middle of the face), `y` above the floor. */
  text(face: Face, text: string, y: number, options: TextOptions & { s?: number } = {}) {
    const size = options.size ?? 60;
    const em = size / 200;
    const shown = options.fontTransform === 'UpperCase' ? text.toUpperCase() : text;
    const w = round(shown.length * em * (options.bold ? 0.62 : 0.56) + 0.1);
    const h = round(em * 1.3);
    const s = options.s ?? (face.start + face.end) / 2;
    this.texts.push({
      id: this.id('text'),
      text,
      size,
      bold: options.bold ?? false,
      italic: options.italic ?? false,
      underline: options.underline ?? options.link !== undefined,
      fontTransform: options.fontTransform ?? 'None',
      color: options.color ?? '#2b2d42',
      alignment: 'center',
      ...(options.link ? { link: options.link } : {}),
      transform: face.place(s, y, w, h, 0.15),
    });
  }

  /** A video file on a face. */
  video(face: Face, s: number, y: number, fileUri: string, width = 1.6) {
    const height = round((width * 9) / 16);
    this.videos.push({
      id: this.id('video'),
      source: 'file',
      fileUri,
      autoplay: true,
      loop: true,
      width,
      height,
      transform: face.place(s, y, width, height),
    });
  }

  /**
   * A model standing at `p` (on a pedestal when asked), turned `yaw` degrees. `radius` is how much
   * floor it needs around it.
   */
  model(
    file: string,
    p: Plan,
    options: {
      level?: string;
      yaw?: number;
      pedestal?: boolean;
      radius?: number;
      animationClip?: string;
      link?: string;
    } = {},
  ) {
    const level = this.room.level(options.level);
    this.room.checkFloor(p, options.radius ?? 0.6, level.id);
    const name = file.replace(/\.\w+$/, '');
    const id = this.id('model');
    const transform = {
      position: [p[0], round(level.elevation + (options.pedestal ? 1 : 0)), p[1]] as Vec3,
      rotation: [0, options.yaw ?? 0, 0] as Vec3,
      scale: [1, 1, 1] as Vec3,
    };
    if (options.pedestal) {
      this.props.push({
        id: `${id}-pedestal`,
        propId: 'pedestal',
        transform: { ...transform, position: [p[0], level.elevation, p[1]] },
      });
    }
    const obj = file.endsWith('.obj');
    this.models.push({
      id: `${id}-${name}`,
      format: obj ? 'obj' : 'glb',
      fileUri: modelUri(file),
      ...(obj ? { mtlUri: modelUri(file.replace(/\.obj$/, '.mtl')) } : {}),
      transform,
      collision: 'simple',
      ...(options.animationClip
        ? { animated: true, autoplay: true, loop: true, animationClip: options.animationClip }
        : {}),
      ...(options.link ? { clickable: true, externalLink: options.link } : {}),
    });
  }

  /** A built-in prop (bench, plant, sofa, floor-lamp, rope-barrier) at `p`. */
  prop(propId: string, p: Plan, options: { level?: string; yaw?: number; radius?: number } = {}) {
    const level = this.room.level(options.level);
    this.room.checkFloor(p, options.radius ?? 0.5, level.id);
    this.props.push({
      id: this.id('prop', `${propId}-${(this.count.get('prop') ?? 0) + 1}`),
      propId,
      transform: {
        position: [p[0], level.elevation, p[1]],
        rotation: [0, options.yaw ?? 0, 0],
        scale: [1, 1, 1],
      },
    });
  }

  /** An info point standing at `p`, turned towards `towards` (a plan point). */
  info(title: string, text: string, p: Plan, towards: Plan, level = 'ground') {
    const lv = this.room.level(level);
    this.room.checkFloor(p, 0.4, lv.id);
    this.infoPoints.push({
      id: this.id('info'),
      title,
      text,
      transform: {
        position: [p[0], round(lv.elevation + 1.4), p[1]],
        rotation: [0, yawFacing([towards[0] - p[0], towards[1] - p[1]]), 0],
        scale: [1, 1, 1],
      },
    });
  }

  link(title: string, url: string) {
    this.links.push({ title, url });
  }

  /** A public guided tour through `stops`, each shown for `seconds`. */
  tour(title: string, description: string, stops: TourStop[], seconds = 8) {
    const tourId = this.id('tour');
    this.tours.push({
      guidedTourId: tourId,
      title,
      description,
      public: true,
      points: stops.map((stop, order) => {
        const level = this.room.level(stop.level);
        this.room.checkFloor(stop.at, 0.4, level.id);
        const eye: Vec3 = [stop.at[0], round(level.elevation + (stop.eye ?? 1.6)), stop.at[1]];
        return {
          guidedTourPointId: `${tourId}-point-${order + 1}`,
          title: stop.title,
          description: stop.description,
          position: eye,
          rotation: lookAt(eye, stop.look),
          duration: seconds,
          order,
        };
      }),
    });
  }

  build(): SceneContent {
    return SceneContent.parse({
      version: sceneContentVersion,
      spaceTemplate: this.room.choice,
      ...premadeStart(this.room.choice),
      links: this.links,
      guidedTours: this.tours,
      pictures: this.pictures,
      videos: this.videos,
      texts3d: this.texts,
      models3d: this.models,
      props: this.props,
      infoPoints: this.infoPoints,
    });
  }
}

interface Spec {
  title: string;
  description: string;
  tags: string[];
  ownerIndex: number;
  template: SpaceTemplateChoice;
  furnish: (doc: DocumentBuilder, room: Room) => void;
}

/** A point `y` above the level's floor at a plan point: for tour cameras to look at. */
const at = (p: Plan, y: number): Vec3 => [p[0], y, p[1]];
/** Where a hung thing is: the centre of a face position, for tour cameras. */
const onFace = (face: Face, s: number, y: number): Vec3 => {
  const [x, z] = face.point(s);
  return [round(x), round(face.level.elevation + y), round(z)];
};
const mid = (face: Face) => (face.start + face.end) / 2;

const dark = { color: '#1c1c1c', width: 0.05 };
const oak = { color: '#8a6a4a', width: 0.06 };
const white = { color: '#f2f0ea', width: 0.04 };

// ---------------------------------------------------------------------------------------------
// The spaces

const specs: Spec[] = [
  // --- Owner 0: Harbour Museum of Modern Art -------------------------------------------------
  {
    title: 'Spring Salon 2025',
    description:
      'The Harbour Museum’s annual open salon: twenty paintings chosen from more than eight ' +
      'hundred entries, hung salon-style in the large white gallery, with three sculptures on the ' +
      'floor. Follow the guided tour for the jury’s picks.',
    tags: ['museum', 'exhibition', 'painting', 'contemporary art'],
    ownerIndex: 0,
    template: { family: 'white-cube', size: 'L', kind: 'Premium' },
    furnish(doc, room) {
      const north = room.face('outer-n');
      const east = room.face('outer-e');
      const west = room.face('outer-w');
      const south = room.face('outer-s');
      doc.text(north, 'Spring Salon 2025', 3.25, { size: 110, bold: true });
      doc.hang(
        north,
        [
          [2, 'Dusk Morning', 1.5],
          [6, 'Lagoon Current', 1.2],
          [3, 'Constellation', 1.1],
          [10, 'Dusk Rainbow', 1.1],
          [13, 'Plan in Lagoon', 1.2],
          [16, 'Stripes', 1.5],
        ],
        { frame: dark },
      );
      doc.hang(
        east,
        [
          [0, 'Horizon Study', 1.3],
          [21, 'Stems in Blossom', 1.2],
          [9, 'Ember Bouquet', 1.3],
        ],
        {
          frame: dark,
        },
      );
      doc.hang(
        west,
        [
          [19, 'Terracotta Maze', 1.3],
          [18, 'Waves in Lavender', 1.2],
          [26, 'Valley in Forest', 1.3],
        ],
        {
          frame: dark,
        },
      );
      doc.hang(room.face('partition-0', 1), [[33, 'Sea Glass Herbarium', 1.2]], { frame: oak });
      doc.hang(room.face('partition-0', -1), [[30, 'Tide in Spring Meadow', 1.4]], { frame: oak });
      doc.hang(room.face('partition-1', 1), [[35, 'Stack', 1.4]], { frame: oak });
      doc.hang(room.face('partition-1', -1), [[40, 'Tilt', 1.2]], { frame: oak });
      doc.hang(
        south,
        [
          [42, 'Shoreline', 1.2],
          [44, 'Sea Glass Nocturne', 1],
          [50, 'Ridge', 1.2],
          [51, 'Circles', 1.2],
        ],
        {
          frame: dark,
        },
      );
      doc.model('mobile.glb', [0, -3.5], { animationClip: 'Spin', radius: 1 });
      doc.model('torus-knot.glb', [-10, 3], { pedestal: true });
      doc.model('stacked-spheres.glb', [10, 3], {});
      doc.prop('bench', [0, 1.5]);
      doc.prop('rope-barrier', [0, -1.9], { radius: 0.9 });
      doc.prop('plant', [-11.8, 6.8], { radius: 0.4 });
      doc.prop('plant', [11.8, 6.8], { radius: 0.4 });
      doc.info(
        'Welcome to the Spring Salon',
        'Every spring the museum opens its walls to artists from the region. This year’s jury chose ' +
          '20 works; the prize winners are stops on the guided tour. The turning mobile in ' +
          'the middle of the room is on loan from the artist.',
        [3, 5.5],
        [0, 6.5],
      );
      doc.link('Harbour Museum of Modern Art', 'https://example.com/harbour-museum');
      doc.tour('The jury’s picks', 'Four stops: the salon wall, the prize winners and the mobile.', [
        {
          title: 'The salon wall',
          description: 'Six paintings along the north wall, from the quiet Dusk Morning to the bold Stripes.',
          at: [0, 4],
          look: at([0, -8], 2),
        },
        {
          title: 'First prize: Horizon Study',
          description: 'Soft fields of colour layered like thin washes; the jury praised its calm.',
          at: [9.5, -1],
          look: onFace(east, mid(east) - 4, 1.55),
        },
        {
          title: 'Turning Mobile',
          description: 'Four painted discs turn once every twelve seconds above the rope barrier.',
          at: [-2.5, 0.5],
          look: at([0, -3.5], 1.5),
        },
        {
          title: 'Audience favourite: Stack',
          description: 'Voted by visitors on the opening weekend.',
          at: [9.5, 0],
          look: onFace(room.face('partition-1', 1), 2.67, 1.55),
        },
      ]);
    },
  },
  {
    title: 'Northern Light: Landscapes of the North Sea Coast',
    description:
      'Four rooms, four moods of the coast: shore, dunes, harbour and night. Landscapes from the ' +
      'museum’s collection, hung in an enfilade so the view runs from the beach to the lighthouse. ' +
      'Free audio descriptions on every tour stop.',
    tags: ['museum', 'landscape', 'collection', 'coast'],
    ownerIndex: 0,
    template: { family: 'enfilade', size: 'XL', kind: 'Standard' },
    furnish(doc, room) {
      const north = room.face('outer-n');
      const south = room.face('outer-s');
      // Rooms: x -17…-8.5, -8.5…0, 0…8.5, 8.5…17 (dividers 1, 2, 3).
      const west = room.face('outer-w');
      const east = room.face('outer-e');
      doc.text(west, 'Northern Light', 2.95, { size: 90, bold: true, color: '#1d3557' });
      doc.hang(west, [[4, 'Spring Meadow Rhythm', 1.6]], { y: 1.6, frame: white });
      const rooms: { name: string; range: Interval; works: Work[] }[] = [
        {
          name: 'I · Shore',
          range: [0, 8.5],
          works: [
            [22, 'Sunrise', 1.4],
            [42, 'Shoreline', 1.1],
          ],
        },
        {
          name: 'II · Dunes',
          range: [8.5, 17],
          works: [
            [38, 'Valley', 1],
            [50, 'Ridge', 1.2],
          ],
        },
        {
          name: 'III · Harbour',
          range: [17, 25.5],
          works: [
            [86, 'Morning in Harbour', 1.2],
            [87, 'Circles in Harbour', 1.1],
          ],
        },
        {
          name: 'IV · Night',
          range: [25.5, 34],
          works: [
            [32, 'Nocturne', 1.4],
            [62, 'Nocturne Ridge', 1],
          ],
        },
      ];
      for (const r of rooms) doc.hang(north, r.works, { range: r.range, frame: white });
      // The south wall seen from each room (it runs east to west).
      doc.hang(
        south,
        [
          [92, 'Moonrise in Sea Glass', 1.2],
          [70, 'Nocturne Rainbow', 1],
        ],
        { range: [25.5, 34], frame: white },
      );
      doc.hang(south, [[66, 'Tide', 1.3]], { range: [18.5, 25.5], frame: white });
      doc.hang(south, [[78, 'Swell', 1.3]], { range: [8.5, 15.5], frame: white });
      doc.hang(
        south,
        [
          [56, 'Evening', 1.4],
          [98, 'Hills', 1],
        ],
        { range: [0, 8.5], frame: white },
      );
      doc.hang(
        east,
        [
          [60, 'Chapel', 1.6],
          [36, 'Dusk Stillness', 1.3],
        ],
        { frame: white },
      );
      // Room names over the doorways, facing the visitor coming from the west.
      rooms.slice(1).forEach((r, i) => {
        const divider = room.face(`divider-${i + 1}`, -1);
        doc.text(divider, r.name, 3.0, { size: 70, color: '#3d405b', fontTransform: 'UpperCase' });
        doc.hang(divider, [[[94, 29, 76][i], ['Sea Glass Rainbow', 'Threshold', 'Ember Tilt'][i], 1.1]], {
          range: [0, 10],
        });
      });
      doc.text(north, rooms[0].name, 3.0, {
        size: 70,
        color: '#3d405b',
        fontTransform: 'UpperCase',
        s: 4.25,
      });
      doc.model('ring.glb', [-4.25, 4], { yaw: 90 });
      doc.model('arch.glb', [12.75, 4], { yaw: 90 });
      doc.prop('bench', [-12.75, 2], { yaw: 0 });
      doc.prop('bench', [4.25, 2]);
      doc.info(
        'Northern Light',
        'The coast as painters of the region have seen it for a century. Walk east through the ' +
          'four rooms; each is named over its doorway. Benches in the Shore and Harbour rooms.',
        [-14, 3],
        [-15, 0],
      );
      doc.tour('Along the coast', 'One stop in each room, from the shore to the night.', [
        {
          title: 'Shore',
          description: 'Sunrise and Shoreline: the beach at first light.',
          at: [-12.75, 1.5],
          look: onFace(north, 4.25, 1.55),
        },
        {
          title: 'Dunes',
          description: 'Wind-shaped ridges in sand colours.',
          at: [-4.25, 1.5],
          look: onFace(north, 12.75, 1.55),
        },
        {
          title: 'Harbour',
          description: 'Boats, cranes and the morning haze over the harbour.',
          at: [4.25, 1],
          look: onFace(north, 21.25, 1.55),
        },
        {
          title: 'Night',
          description: 'The last room: the coast after dark, lit by the lighthouse.',
          at: [12.75, 1.5],
          look: onFace(north, 29.75, 1.55),
        },
      ]);
    },
  },
  {
    title: 'The Sculpture Court',
    description:
      'Eight sculptures from the museum’s permanent collection on the ground floor of the atrium, ' +
      'with drawings and studies by the same artists in the upper gallery. Climb the stairs by the ' +
      'entrance to see how the pieces began.',
    tags: ['museum', 'sculpture', 'collection', 'drawing'],
    ownerIndex: 0,
    template: { family: 'atrium', size: 'L', kind: 'Premium' },
    furnish(doc, room) {
      const north = room.face('outer-n');
      const east = room.face('outer-e');
      doc.text(north, 'The Sculpture Court', 3.4, { size: 110, bold: true, color: '#3d405b' });
      doc.hang(
        north,
        [
          [58, 'Arches', 1.4],
          [71, 'Architecture', 1.4],
          [54, 'Waves in Bauhaus', 1.4],
        ],
        { frame: dark },
      );
      doc.hang(
        east,
        [
          [24, 'Chapel in Bauhaus', 1.2],
          [90, 'Bauhaus Waves', 1.2],
        ],
        { frame: dark },
      );
      doc.model('twisted-column.glb', [-5, -3]);
      doc.model('abstract-figure.glb', [0, -4], { yaw: 0 });
      doc.model('cube-stack.glb', [5, -3]);
      doc.model('arch.glb', [0, 0.5], { radius: 0.8 });
      doc.model('stacked-spheres.glb', [-5, 3]);
      doc.model('icosahedron-cluster.glb', [5, 3], { pedestal: true });
      doc.model('ring.glb', [9.5, -0.5], { yaw: 270 });
      doc.model('lathe-vase.glb', [9.5, 4.5], { pedestal: true });
      doc.prop('bench', [0, 4.5]);
      doc.info(
        'The Sculpture Court',
        'Walk round the pieces: each is best seen from more than one side. The stairs on your left ' +
          'lead to the upper gallery, where the artists’ drawings hang.',
        [3, 6.2],
        [0, 7],
      );
      // Upper gallery: studies on three walls.
      const upperNorth = room.face('outer-n', 1, 'upper');
      const upperEast = room.face('outer-e', 1, 'upper');
      const upperSouth = room.face('outer-s', 1, 'upper');
      doc.text(upperNorth, 'Studies and drawings', 2.6, { size: 70, italic: true, color: '#3d405b' });
      doc.hang(
        upperNorth,
        [
          [37, 'Plan', 0.9],
          [61, 'Plan II', 0.9],
          [46, 'Arches in Citrus', 0.9],
          [91, 'Bauhaus Pattern', 0.9],
        ],
        {
          y: 1.5,
          frame: white,
        },
      );
      doc.hang(
        upperEast,
        [
          [63, 'Circles in Sea Glass', 0.9],
          [52, 'Ember March', 0.9],
          [81, 'Herbarium in Spring Meadow', 0.8],
        ],
        {
          y: 1.5,
          frame: white,
        },
      );
      doc.hang(
        upperSouth,
        [
          [27, 'Several Circles', 0.9],
          [15, 'Several Circles in Terracotta', 0.8],
          [43, 'Weave', 0.9],
        ],
        {
          y: 1.5,
          frame: white,
        },
      );
      doc.prop('sofa', [3, 1], { level: 'upper', yaw: 0, radius: 1.1 });
      doc.info(
        'Upper gallery',
        'Preparatory drawings and plans for the sculptures below. Look down through the stairwell ' +
          'for a view of the court.',
        [-5, 5.5],
        [0, 0],
        'upper',
      );
      doc.tour('From study to sculpture', 'Three sculptures and the drawings that led to them.', [
        {
          title: 'Standing Figure',
          description: 'Plaster, 1.75 m: the museum’s best-loved piece.',
          at: [0, -1.2],
          look: at([0, -4], 1.2),
        },
        {
          title: 'Arch',
          description: 'A doorway to nowhere, cast in one piece.',
          at: [-3, 3.5],
          look: at([0, 0.5], 0.9),
        },
        {
          title: 'Twisted Column',
          description: 'Half a turn from bottom to top.',
          at: [-2.5, -1],
          look: at([-5, -3], 1),
        },
        {
          title: 'The drawings upstairs',
          description: 'Plans and studies for the pieces below.',
          at: [0, 2],
          level: 'upper',
          look: onFace(upperNorth, mid(upperNorth), 1.5),
        },
      ]);
    },
  },
  {
    title: 'Museum Shop Winter Market',
    description:
      'Prints, posters and small ceramics from the museum shop, with a winter market on the ' +
      'gallery floor. Click a price label to order; everything ships in time for the holidays.',
    tags: ['museum', 'shop', 'prints', 'ceramics', 'market'],
    ownerIndex: 0,
    template: { family: 'atrium', size: 'S', kind: 'Premium' },
    furnish(doc, room) {
      const north = room.face('outer-n');
      const east = room.face('outer-e');
      doc.text(north, 'Winter Market', 3.5, { size: 90, bold: true, color: '#8c1d2b' });
      doc.hang(
        north,
        [
          [80, 'Ochre Night Fields — poster, €25', 0.9],
          [74, 'Morning — print, €40', 0.9],
          [85, 'Boogie II — poster, €25', 0.9],
        ],
        {
          frame: white,
        },
      );
      doc.hang(
        east,
        [
          [97, 'Harbour Blocks — print, €40', 0.9],
          [89, 'Harbour Homage — poster, €25', 0.8],
        ],
        { frame: white },
      );
      doc.model('lathe-vase.glb', [1.5, -2.5], {
        pedestal: true,
        link: 'https://example.com/shop/moon-vase',
      });
      doc.model('icosahedron-cluster.glb', [4, -2.5], {
        pedestal: true,
        link: 'https://example.com/shop/crystal',
      });
      doc.text(north, 'Moon vase €120 · Crystal cluster €85', 0.55, {
        size: 30,
        link: 'https://example.com/shop',
        s: 9,
      });
      doc.info(
        'Ordering',
        'Click a vase or the price line to open the shop. Prints are printed on demand and ship ' +
          'within three working days; ceramics are made by local potters and ship within a week.',
        [1.5, 2.5],
        [0, 4],
      );
      const upperNorth = room.face('outer-n', 1, 'upper');
      doc.hang(
        upperNorth,
        [
          [82, 'Sunrise II — print, €40', 1],
          [99, 'Conversation — print, €40', 1],
        ],
        { y: 1.5, frame: oak },
      );
      doc.prop('plant', [4.8, 3.4], { level: 'upper', radius: 0.4 });
      doc.link('Museum shop', 'https://example.com/shop');
      doc.tour('Gift ideas', 'Two stops: the ceramics and the prints upstairs.', [
        {
          title: 'Ceramics',
          description: 'Hand-thrown vases from the museum’s potters.',
          at: [2.5, 0.5],
          look: at([2.7, -2.5], 1.2),
        },
        {
          title: 'Prints upstairs',
          description: 'Archival prints of favourites from the collection.',
          at: [1.5, 1.5],
          level: 'upper',
          look: onFace(upperNorth, mid(upperNorth), 1.5),
        },
      ]);
    },
  },

  // --- Owner 1: Riverside Secondary School --------------------------------------------------
  {
    title: 'Year 11 Art & Design Portfolio Show',
    description:
      'Riverside Secondary School’s Year 11 students show the best of their GCSE portfolios: ' +
      'paintings, collages and a ceramics corner. Parents, friends and future students welcome.',
    tags: ['school', 'student work', 'exhibition', 'art education'],
    ownerIndex: 1,
    template: { family: 'white-cube', size: 'M', kind: 'Standard' },
    furnish(doc, room) {
      const north = room.face('outer-n');
      const east = room.face('outer-e');
      const west = room.face('outer-w');
      const south = room.face('outer-s');
      doc.hang(
        north,
        [
          [5, 'Square — Amira K.', 0.9],
          [12, 'Ochre Field — Tom B.', 0.9],
          [17, 'Citrus Interaction — Lena S.', 0.9],
          [20, 'Moonrise in Citrus — Jonah P.', 0.9],
          [23, 'Lagoon Balance — Priya R.', 0.9],
          [28, 'Bauhaus March — Sam O.', 0.9],
        ],
        { y: 1.5 },
      );
      doc.text(east, 'Year 11 Portfolio Show', 2.95, { size: 70, bold: true, color: '#1d3557' });
      doc.hang(
        east,
        [
          [31, 'Tiles in Nocturne — Mia L.', 0.9],
          [39, 'Ochre Orbit — Noah W.', 0.9],
          [47, 'Ember Balance — Chloe D.', 0.9],
        ],
        {
          y: 1.5,
        },
      );
      doc.hang(
        west,
        [
          [48, 'Stillness — Isaac M.', 0.9],
          [49, 'Blocks in Blossom — Ava T.', 0.9],
          [65, 'Dusk Threshold — Leo F.', 0.9],
        ],
        {
          y: 1.5,
        },
      );
      doc.hang(
        south,
        [
          [67, 'Garden Path II — Zara H.', 0.8],
          [73, 'Boogie — Ethan C.', 0.8],
        ],
        { y: 1.5 },
      );
      doc.model('cube-stack.glb', [-4, -1]);
      doc.model('lathe-vase.glb', [4, -1], { pedestal: true });
      doc.info(
        'About the show',
        'Every piece was made in the art room this year. The ceramics corner shows the vase project; ' +
          'the cube stack was a group piece by the whole class. Ask Ms Okafor about the art club.',
        [2, 4],
        [0, 4.5],
      );
      doc.link('Riverside Secondary School', 'https://example.com/riverside-school');
      doc.tour('Walk the show', 'Three stops round the room.', [
        {
          title: 'Paintings',
          description: 'Six paintings on the north wall.',
          at: [0, 2],
          look: onFace(north, mid(north), 1.5),
        },
        {
          title: 'Group piece',
          description: 'The cube stack, made by the whole class.',
          at: [-2, 1.5],
          look: at([-4, -1], 0.9),
        },
        {
          title: 'Ceramics corner',
          description: 'Vases thrown on the school wheel.',
          at: [2, 1.5],
          look: at([4, -1], 1.2),
        },
      ]);
    },
  },
  {
    title: 'The Industrial Revolution: A Walk Through Time',
    description:
      'A history lesson you can walk through, made by Riverside’s Year 9 history class: two rooms, ' +
      'from steam and cotton (1760–1830) to rail and cities (1830–1900), with sources on the walls ' +
      'and a timeline to follow.',
    tags: ['school', 'history', 'lesson', 'timeline'],
    ownerIndex: 1,
    template: { family: 'enfilade', size: 'M', kind: 'Standard' },
    furnish(doc, room) {
      // Two rooms: x -9…0 and 0…9, joined by a door in divider-1 at z = 0.
      const north = room.face('outer-n');
      const west = room.face('outer-w');
      const east = room.face('outer-e');
      const dividerWest = room.face('divider-1', -1);
      const dividerEast = room.face('divider-1', 1);
      doc.text(west, 'Steam and Cotton, 1760–1830', 3.0, { size: 60, bold: true, color: '#6b2d0f' });
      doc.hang(
        west,
        [
          [60, 'Source A: a mill town', 1.3],
          [64, 'Source B: the loom', 1.2],
        ],
        { y: 1.6 },
      );
      doc.hang(
        north,
        [
          [8, 'Source C: night shift', 0.9],
          [16, 'Source D: cotton bales', 0.9],
        ],
        { range: [0, 9] },
      );
      doc.text(north, '1769 · Watt’s steam engine', 2.95, { size: 40, s: 2.2, color: '#3d405b' });
      doc.text(north, '1779 · the spinning mule', 2.95, { size: 40, s: 6.8, color: '#3d405b' });
      doc.hang(dividerWest, [[29, 'Source E: the canal', 1.2]], { range: [0, 5] });
      doc.text(east, 'Rail and Cities, 1830–1900', 3.0, { size: 60, bold: true, color: '#1d3557' });
      doc.hang(
        east,
        [
          [57, 'Source F: the viaduct', 1.3],
          [72, 'Source G: a station', 1.2],
        ],
        { y: 1.6 },
      );
      doc.hang(
        north,
        [
          [35, 'Source H: factory roofs', 0.9],
          [37, 'Source I: a town plan', 0.9],
        ],
        { range: [9, 18] },
      );
      doc.text(north, '1830 · the first passenger railway', 2.95, { size: 40, s: 11.5, color: '#3d405b' });
      doc.text(north, '1851 · the Great Exhibition', 2.95, { size: 40, s: 15.9, color: '#3d405b' });
      doc.hang(dividerEast, [[69, 'Source J: the exhibition hall', 1.2]], { range: [0, 5] });
      doc.model('chair.obj', [-6.5, 3], { yaw: 45, radius: 0.4 });
      doc.model('twisted-column.glb', [6, 3.5]);
      doc.info(
        'How to use this space',
        'Start in the west room and read the sources in order, A to J. For each one, ask: who made ' +
          'it, when, and why? Your worksheet questions are on the info points in each room.',
        [-6, 1],
        [-7, 0],
      );
      doc.info(
        'Question 1',
        'Look at sources A and C. How did the steam engine change where people lived and worked?',
        [-3, -3],
        [-3, 0],
      );
      doc.info(
        'Question 2',
        'Sources F and J were made twenty years apart. What had the railways changed by 1851?',
        [4, -3],
        [4, 0],
      );
      doc.tour('The timeline', 'Four stops from 1760 to 1900.', [
        {
          title: 'Mills and steam',
          description: 'Sources A and B: the first factories.',
          at: [-5, 0.5],
          look: onFace(west, mid(west), 1.6),
        },
        {
          title: 'Inventions',
          description: 'Watt’s engine and the spinning mule.',
          at: [-4.5, -1.5],
          look: onFace(north, 4.5, 2),
        },
        {
          title: 'Railways',
          description: 'Sources F and G: rail changes distance.',
          at: [5, 0.5],
          look: onFace(east, mid(east), 1.6),
        },
        {
          title: '1851',
          description: 'The Great Exhibition shows off a new world.',
          at: [4.5, -1.5],
          look: onFace(north, 13.5, 2),
        },
      ]);
    },
  },
  {
    title: 'Riverside Science Fair 2025',
    description:
      'Eighteen projects from Years 7 to 13: a crystal lab, a solar system mobile, a gyroscope and ' +
      'a time-lapse of seeds sprouting. Judges visit on Friday; everyone can walk round any time.',
    tags: ['school', 'science', 'fair', 'STEM', 'event'],
    ownerIndex: 1,
    template: { family: 'loft', size: 'L', kind: 'Standard' },
    furnish(doc, room) {
      // Screens at x = -6.5, 0 and 6.5, z -3.2…3.2.
      doc.text(room.face('outer-e'), 'Science Fair 2025', 3.2, { size: 90, bold: true, color: '#0b6e4f' });
      const posters: [string, Work][] = [
        ['screen-0', [96, 'Crystal growth in salt water', 1]],
        ['screen-0', [87, 'How fast do seeds sprout?', 1]],
        ['screen-1', [53, 'Pendulum clocks', 1]],
        ['screen-1', [59, 'Sound waves you can see', 1]],
        ['screen-2', [84, 'Our solar system to scale', 1]],
        ['screen-2', [93, 'Clean water filters', 1]],
      ];
      posters.forEach(([screen, work], i) =>
        doc.hang(
          room.face(screen, i % 2 === 0 ? 1 : -1),
          [work, [[68, 13, 7, 34, 6, 43][i], 'Results', 0.8]],
          {
            y: 1.5,
          },
        ),
      );
      doc.video(room.face('outer-w'), 8, 1.7, '/demo/videos/loop.webm', 2);
      doc.hang(room.face('outer-w'), [[55, 'Time-lapse notes', 1]], { range: [0, 5] });
      doc.model('icosahedron-cluster.glb', [-3.2, -5], { pedestal: true });
      doc.model('mobile.glb', [3.2, -5], { animationClip: 'Spin', radius: 0.8 });
      doc.model('ring.glb', [-10, 4.5], { yaw: 30 });
      doc.model('box-2x1x0.5.glb', [10, 5], { radius: 1.2 });
      doc.info(
        'Station 1: crystals',
        'Year 8 grew salt, sugar and alum crystals for six weeks. The cluster on the pedestal is a ' +
          '3D model of their biggest alum crystal.',
        [-3.2, -3.5],
        [-3.2, 0],
      );
      doc.info(
        'Station 2: the solar system mobile',
        'Built by Year 7: the discs turn at speeds in proportion to the real orbits.',
        [3.2, -3.5],
        [3.2, 0],
      );
      doc.info(
        'Judging',
        'Judges visit on Friday from 10:00. Vote for the people’s prize at the front desk.',
        [2, 6],
        [0, 8],
      );
      doc.tour('Meet the projects', 'Four stations, from crystals to clean water.', [
        {
          title: 'Crystals',
          description: 'Grown in the lab over six weeks.',
          at: [-3.2, -2.2],
          look: at([-3.2, -5], 1.3),
        },
        {
          title: 'Solar system',
          description: 'A turning model of the planets.',
          at: [3.2, -2.2],
          look: at([3.2, -5], 1.3),
        },
        {
          title: 'Seeds time-lapse',
          description: 'Watch the seeds sprout in four seconds.',
          at: [-10, 0],
          look: onFace(room.face('outer-w'), 8, 1.7),
        },
        {
          title: 'Clean water',
          description: 'Three filters, tested with river water.',
          at: [9, 0],
          look: onFace(room.face('screen-2', -1), 3.2, 1.5),
        },
      ]);
    },
  },
  {
    title: 'Graduation Show: Class of 2025',
    description:
      'The final show of Riverside’s sixth-form art and photography students: paintings downstairs, ' +
      'photography in the upper gallery. Congratulations to the class of 2025!',
    tags: ['school', 'graduation', 'photography', 'student work'],
    ownerIndex: 1,
    template: { family: 'atrium', size: 'XL', kind: 'Standard' },
    furnish(doc, room) {
      const north = room.face('outer-n');
      const south = room.face('outer-s');
      const east = room.face('outer-e');
      doc.text(north, 'Class of 2025', 3.2, { size: 120, bold: true, color: '#1d3557' });
      doc.hang(
        north,
        [
          [7, 'Garden Path — Hannah J.', 1.2],
          [34, 'Rainbow in Terracotta — Omar A.', 1.2],
          [45, 'Blossom Stems — Grace N.', 1.2],
          [59, 'Balance in Lavender — Felix R.', 1.2],
          [68, 'Small Hours in Lagoon — Ruby E.', 1.2],
          [75, 'Blossom Conversation — Kai L.', 1.2],
        ],
        { frame: white },
      );
      doc.hang(
        south,
        [
          [77, 'Homage in Terracotta — Esme V.', 1.2],
          [83, 'Balance — Dev S.', 1.2],
        ],
        { range: [0, 14], frame: white },
      );
      doc.hang(
        east,
        [
          [88, 'Rhythm II — Maya G.', 1.1],
          [95, 'Balance in Lavender II — Ben K.', 1],
          [79, 'Pattern in Ember — Lily Y.', 1],
        ],
        {
          frame: white,
        },
      );
      doc.model('abstract-figure.glb', [0, -3]);
      doc.model('cube-stack.glb', [8, 2]);
      doc.prop('bench', [0, 2]);
      doc.prop('plant', [15.8, 9.8], { radius: 0.4 });
      doc.info(
        'Welcome, class of 2025',
        'Paintings are on this floor; take the stairs on your left to the photography gallery. ' +
          'Every work is for sale in aid of the school’s art fund.',
        [3, 8.5],
        [0, 9.5],
      );
      const upperNorth = room.face('outer-n', 1, 'upper');
      const upperEast = room.face('outer-e', 1, 'upper');
      const upperSouth = room.face('outer-s', 1, 'upper');
      doc.text(upperNorth, 'Photography', 2.55, { size: 80, color: '#3d405b', fontTransform: 'UpperCase' });
      doc.hang(
        upperNorth,
        [
          [1, 'Blocks — Theo M.', 1.3],
          [24, 'Chapel — Sofia B.', 1.3],
          [36, 'Stillness — Aisha U.', 1.3],
          [66, 'Tide — Jack H.', 1.3],
        ],
        {
          y: 1.5,
        },
      );
      doc.hang(
        upperEast,
        [
          [61, 'Plan II — Nina P.', 1.2],
          [82, 'Sunrise II — Luca D.', 1.2],
          [99, 'Conversation — Ivy Q.', 1.2],
        ],
        { y: 1.5 },
      );
      doc.hang(
        upperSouth,
        [
          [90, 'Bauhaus Waves — Oscar T.', 1.2],
          [91, 'Bauhaus Pattern — Elsie W.', 1.2],
        ],
        { y: 1.5, range: [0, 20] },
      );
      doc.tour('Graduation highlights', 'Paintings downstairs, then the photography gallery.', [
        {
          title: 'The paintings',
          description: 'Six final pieces on the north wall.',
          at: [0, 3],
          look: onFace(north, mid(north), 1.55),
        },
        {
          title: 'Figure study',
          description: 'A plaster figure made for the sculpture module.',
          at: [2, 0],
          look: at([0, -3], 1.2),
        },
        {
          title: 'Photography',
          description: 'Four prints from the photography course.',
          at: [0, 0],
          level: 'upper',
          look: onFace(upperNorth, mid(upperNorth), 1.5),
        },
      ]);
    },
  },

  // --- Owner 2: Studio Lindqvist (artist, shop and events) ----------------------------------
  {
    title: 'Mara Lindqvist: Tidal Paintings',
    description:
      'An open studio by the painter Mara Lindqvist: large tidal paintings made over two winters ' +
      'on the coast, shown in her loft with the sketches and the sofa where she plans them.',
    tags: ['artist', 'painting', 'open studio', 'solo show'],
    ownerIndex: 2,
    template: { family: 'loft', size: 'M', kind: 'Premium' },
    furnish(doc, room) {
      // Screens at x = -3 and 3, z -2.4…2.4; a panoramic north wall.
      const east = room.face('outer-e');
      const west = room.face('outer-w');
      doc.text(west, 'Mara Lindqvist', 3.8, { size: 100, bold: true, color: '#1b263b' });
      doc.text(west, 'Tidal Paintings, 2023–2025', 3.05, { size: 55, italic: true, color: '#415a77' });
      doc.hang(
        west,
        [
          [42, 'Tide I', 1.8],
          [66, 'Tide II', 1.8],
        ],
        { y: 1.7, artist: 'Oil on linen, 2024' },
      );
      doc.hang(
        east,
        [
          [78, 'Swell', 1.8],
          [92, 'Moonrise', 1.6],
        ],
        { y: 1.7, artist: 'Oil on linen, 2025' },
      );
      doc.hang(room.face('screen-0', -1), [[94, 'Sea Glass', 1.4]], { y: 1.6 });
      doc.hang(
        room.face('screen-0', 1),
        [
          [13, 'Lagoon, study', 0.7],
          [6, 'Current, study', 0.7],
        ],
        { y: 1.5 },
      );
      doc.hang(
        room.face('screen-1', -1),
        [
          [44, 'Nocturne, study', 0.7],
          [33, 'Herbarium, study', 0.7],
        ],
        { y: 1.5 },
      );
      doc.hang(room.face('screen-1', 1), [[86, 'Morning Harbour', 1.4]], { y: 1.6 });
      doc.model('torus-knot.glb', [0, -3.5], { pedestal: true });
      doc.prop('sofa', [0, 3.5], { yaw: 180, radius: 1.1 });
      doc.prop('floor-lamp', [1.6, 3.8], { radius: 0.3 });
      doc.prop('plant', [-8, 4.8], { radius: 0.4 });
      doc.info(
        'About the artist',
        'Mara Lindqvist paints outdoors at low tide and finishes the canvases here. The studies on ' +
          'the screens are the first sketches for the large paintings. Works are for sale: ask via ' +
          'the link on her profile.',
        [-5.5, 3.5],
        [0, 4.5],
      );
      doc.link('Studio Lindqvist', 'https://example.com/studio-lindqvist');
      doc.tour('In the studio', 'Three stops with the artist’s notes.', [
        {
          title: 'Tide I and II',
          description: 'Painted a year apart at the same rock.',
          at: [-6, 0],
          look: onFace(west, mid(west), 1.7),
        },
        {
          title: 'Studies',
          description: 'First sketches in gouache, made on the beach.',
          at: [0, 0],
          look: onFace(room.face('screen-1', -1), 2.4, 1.5),
        },
        {
          title: 'Swell',
          description: 'The largest canvas, finished this spring.',
          at: [6, 0],
          look: onFace(east, mid(east), 1.7),
        },
      ]);
    },
  },
  {
    title: 'Kiln & Co. Ceramics',
    description:
      'A small online shop for Studio Lindqvist’s ceramics: vases, bowls and art prints. Click a ' +
      'piece to buy it; every vase is thrown by hand and signed.',
    tags: ['shop', 'ceramics', 'prints', 'handmade'],
    ownerIndex: 2,
    template: { family: 'white-cube', size: 'S', kind: 'Standard' },
    furnish(doc, room) {
      const north = room.face('outer-n');
      const east = room.face('outer-e');
      const west = room.face('outer-w');
      doc.text(north, 'Kiln & Co.', 2.55, { size: 90, bold: true, color: '#6d4c41', s: 6 });
      doc.hang(
        north,
        [
          [3, 'Constellation print, €45', 0.8],
          [10, 'Dusk Rainbow print, €45', 0.8],
        ],
        { y: 1.4, range: [0, 4.5] },
      );
      doc.hang(
        north,
        [
          [18, 'Waves print, €45', 0.8],
          [21, 'Stems print, €45', 0.8],
        ],
        { y: 1.4, range: [7.5, 12] },
      );
      doc.hang(
        east,
        [
          [14, 'Valley in Lavender poster, €20', 0.9],
          [25, 'Blocks in Ochre poster, €20', 0.9],
        ],
        { y: 1.5 },
      );
      doc.hang(
        west,
        [
          [41, 'Lagoon Square poster, €20', 0.9],
          [47, 'Ember Balance poster, €20', 0.9],
        ],
        { y: 1.5 },
      );
      doc.model('lathe-vase.glb', [-2.5, -1.5], {
        pedestal: true,
        link: 'https://example.com/kiln-and-co/moon-vase',
      });
      doc.model('lathe-vase.glb', [0, -1.5], {
        pedestal: true,
        yaw: 90,
        link: 'https://example.com/kiln-and-co/tide-vase',
      });
      doc.model('icosahedron-cluster.glb', [2.5, -1.5], {
        pedestal: true,
        link: 'https://example.com/kiln-and-co/facet-bowl',
      });
      doc.text(room.face('outer-s'), 'Moon vase €120 · Tide vase €140 · Facet bowl €95', 2.8, {
        size: 32,
        color: '#3e2723',
        link: 'https://example.com/kiln-and-co',
      });
      doc.info(
        'Shipping & returns',
        'Free shipping in the EU on orders over €100. Every piece is wrapped by hand; returns within ' +
          '30 days. Click a vase to see its page in the shop.',
        [3, 2.3],
        [0, 3],
      );
      doc.link('Kiln & Co. shop', 'https://example.com/kiln-and-co');
      doc.tour('The collection', 'Two stops: the vases and the prints.', [
        {
          title: 'Vases',
          description: 'Moon vase, Tide vase and the Facet bowl.',
          at: [0, 1.2],
          look: at([0, -1.5], 1.2),
        },
        {
          title: 'Prints',
          description: 'Giclée prints of Mara’s paintings.',
          at: [-2.5, 0],
          look: onFace(north, 2.25, 1.4),
        },
      ]);
    },
  },
  {
    title: 'Launch Night: Aurora Autumn Collection',
    description:
      'The launch party for the Aurora autumn collection: live DJ from 19:00, the collection film ' +
      'on the big screens, a lounge by the windows and the designers on hand. RSVP for a drink on ' +
      'arrival.',
    tags: ['event', 'launch', 'fashion', 'party'],
    ownerIndex: 2,
    template: { family: 'loft', size: 'XL', kind: 'Premium' },
    furnish(doc, room) {
      // Screens at x = -8.5, 0 and 8.5, z -4.4…4.4; panoramic windows along the north wall.
      const south = room.face('outer-s');
      const centreNorth = room.face('screen-1', -1);
      const centreSouth = room.face('screen-1', 1);
      doc.text(centreSouth, 'AURORA', 3.6, { size: 200, bold: true, color: '#5e2b97' });
      doc.video(centreSouth, 4.4, 1.9, '/demo/videos/loop.webm', 3.2);
      doc.text(centreSouth, 'Autumn Collection · Launch Night', 0.55, { size: 50, color: '#5e2b97' });
      doc.video(centreNorth, 4.4, 2, '/demo/videos/loop.webm', 3.2);
      doc.hang(
        room.face('screen-0', -1),
        [
          [4, 'Look 1: Dusk coat', 1.6],
          [22, 'Look 2: Sunrise knit', 1.6],
        ],
        { y: 1.8 },
      );
      doc.hang(
        room.face('screen-0', 1),
        [
          [56, 'Look 3: Evening dress', 1.6],
          [76, 'Look 4: Ember suit', 1.6],
        ],
        { y: 1.8 },
      );
      doc.hang(
        room.face('screen-2', -1),
        [
          [32, 'Look 5: Nocturne', 1.6],
          [29, 'Look 6: Threshold', 1.6],
        ],
        { y: 1.8 },
      );
      doc.hang(
        room.face('screen-2', 1),
        [
          [57, 'Look 7: Stems', 1.6],
          [64, 'Look 8: Rhythm', 1.6],
        ],
        { y: 1.8 },
      );
      doc.text(south, 'Programme: 19:00 doors · 19:30 film · 20:00 DJ set · 22:00 close', 3.0, {
        size: 45,
        color: '#3d405b',
        s: 8,
      });
      doc.text(room.face('outer-e'), 'RSVP', 2.2, {
        size: 90,
        bold: true,
        color: '#5e2b97',
        link: 'https://example.com/aurora/rsvp',
      });
      doc.model('mobile.glb', [-13, -6], { animationClip: 'Spin', radius: 1 });
      doc.model('ring.glb', [13, -6], { yaw: 0 });
      doc.prop('sofa', [-4.25, -8.5], { yaw: 0, radius: 1.1 });
      doc.prop('sofa', [4.25, -8.5], { yaw: 0, radius: 1.1 });
      doc.prop('floor-lamp', [-2.5, -9.6], { radius: 0.3 });
      doc.prop('floor-lamp', [2.5, -9.6], { radius: 0.3 });
      doc.prop('rope-barrier', [-3, 8], { radius: 0.9 });
      doc.prop('rope-barrier', [3, 8], { radius: 0.9 });
      doc.prop('plant', [-16, 10], { radius: 0.4 });
      doc.prop('plant', [16, 10], { radius: 0.4 });
      doc.info(
        'Tonight',
        'Doors at 19:00, the collection film at 19:30 on both big screens, then DJ Halvard until ' +
          '22:00. The designers are in the lounge by the windows. RSVP on the east wall for a drink ' +
          'on arrival.',
        [4, 7.5],
        [0, 9.5],
      );
      doc.link('RSVP', 'https://example.com/aurora/rsvp');
      doc.tour('The collection', 'Eight looks on the screens and the film.', [
        {
          title: 'The film',
          description: 'The collection on the big screen.',
          at: [0, 8.5],
          look: onFace(centreSouth, 4.4, 2),
        },
        {
          title: 'Looks 1–4',
          description: 'Coats and knits for the first cold days.',
          at: [-12.5, 0],
          look: onFace(room.face('screen-0', -1), 4.4, 1.8),
        },
        {
          title: 'Looks 5–8',
          description: 'Evening wear in deep autumn colours.',
          at: [12.5, 0],
          look: onFace(room.face('screen-2', 1), 4.4, 1.8),
        },
        {
          title: 'The lounge',
          description: 'Meet the designers by the windows.',
          at: [0, -5],
          look: at([0, -9], 1.2),
        },
      ]);
    },
  },
  {
    title: 'Riverside Print Fair',
    description:
      'Three printmakers, three rooms: screen prints, risograph and linocuts at fair prices. The ' +
      'fair runs for one weekend each season; click a stall’s name to visit its shop.',
    tags: ['event', 'fair', 'prints', 'printmaking', 'market'],
    ownerIndex: 2,
    template: { family: 'enfilade', size: 'L', kind: 'Premium' },
    furnish(doc, room) {
      // Rooms: x -13…-4.33, -4.33…4.33, 4.33…13; double doorways at z = 0.
      const north = room.face('outer-n');
      const south = room.face('outer-s');
      const stalls: { name: string; url: string; range: Interval; works: Work[]; south: Work[] }[] = [
        {
          name: 'Ink & Tide — screen prints',
          url: 'https://example.com/ink-and-tide',
          range: [0, 8.67],
          works: [
            [90, 'Bauhaus Waves, €60', 1],
            [91, 'Bauhaus Pattern, €60', 1],
          ],
          south: [
            [99, 'Conversation, €60', 1],
            [1, 'Blocks, €45', 1],
          ],
        },
        {
          name: 'Riso Club — risograph',
          url: 'https://example.com/riso-club',
          range: [8.67, 17.33],
          works: [
            [10, 'Dusk Rainbow, €35', 0.9],
            [54, 'Waves in Bauhaus, €35', 0.9],
          ],
          south: [[58, 'Arches, €35', 0.9]],
        },
        {
          name: 'Northcut — linocuts',
          url: 'https://example.com/northcut',
          range: [17.33, 26],
          works: [
            [25, 'Blocks in Ochre, €50', 1],
            [26, 'Valley in Forest, €50', 1],
          ],
          south: [
            [97, 'Harbour Blocks, €50', 1],
            [15, 'Circles in Terracotta, €50', 0.9],
          ],
        },
      ];
      for (const [i, stall] of stalls.entries()) {
        doc.hang(north, stall.works, { frame: oak, range: stall.range });
        doc.text(north, stall.name, 3.3, {
          size: 50,
          bold: true,
          color: '#264653',
          link: stall.url,
          s: (stall.range[0] + stall.range[1]) / 2,
        });
        // The south wall runs east to west: stall 0 (west) is at its far end.
        const along: Interval = [26 - stall.range[1], 26 - stall.range[0]];
        doc.hang(south, stall.south, { frame: oak, range: i === 1 ? [along[0], 11.8] : along });
      }
      doc.hang(
        room.face('outer-w'),
        [
          [30, 'Tide in Spring Meadow, €60', 1.2],
          [35, 'Stack, €60', 1.2],
        ],
        { frame: oak },
      );
      doc.hang(
        room.face('outer-e'),
        [
          [6, 'Lagoon Current, €50', 1.2],
          [13, 'Plan in Lagoon, €50', 1.2],
        ],
        { frame: oak },
      );
      doc.prop('bench', [0, 4.5]);
      doc.prop('plant', [-12.2, 7.2], { radius: 0.4 });
      doc.model('cube-stack.glb', [8.67, 4]);
      doc.info(
        'Welcome to the fair',
        'Three stalls from west to east. Prices are on the labels; click a stall’s name over its ' +
          'prints to order. Prints ship rolled in tubes within a week.',
        [-10, 3],
        [-11, 0],
      );
      doc.link('Print fair programme', 'https://example.com/print-fair');
      doc.tour('Visit the stalls', 'One stop per printmaker.', [
        {
          title: 'Ink & Tide',
          description: 'Screen prints in four colours.',
          at: [-8.67, 1],
          look: onFace(north, 4.33, 1.55),
        },
        {
          title: 'Riso Club',
          description: 'Risograph prints in small editions.',
          at: [0, 1],
          look: onFace(north, 13, 1.55),
        },
        {
          title: 'Northcut',
          description: 'Hand-printed linocuts.',
          at: [8.67, 1],
          look: onFace(north, 21.67, 1.55),
        },
      ]);
    },
  },
];

// ---------------------------------------------------------------------------------------------

/** The twelve demo spaces, built fresh on each call (callers may change what they get). */
export function demoSpaces(): DemoSpace[] {
  return specs.map((spec) => {
    const room = new Room(spec.template);
    const doc = new DocumentBuilder(room);
    spec.furnish(doc, room);
    return {
      title: spec.title,
      description: spec.description,
      tags: spec.tags,
      ownerIndex: spec.ownerIndex,
      templateId: spaceTemplateIdOf(spec.template),
      content: doc.build(),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Staged rooms for the catalogue's photos

/** Pictures that read well small: strong shapes and colours. */
const samplePictures = [2, 6, 0, 16, 22, 3, 13, 9, 30, 42, 21, 58, 86, 19, 66, 35, 50, 94, 25, 87];

/**
 * A premade room staged for its catalogue photo (scripts/render-template-covers.ts): sample
 * pictures along its walls and a bench, so the photo shows the room's scale and light. Nothing
 * else of a document is set but the room and its starting point.
 */
export function stagedTemplate(choice: SpaceTemplateChoice): SceneContent {
  const room = new Room(choice);
  const doc = new DocumentBuilder(room);
  const large = choice.size === 'L' || choice.size === 'XL';
  const options = { size: large ? 1.3 : 1, spacing: large ? 3.2 : 2.4 };
  let next = ['S', 'M', 'L', 'XL'].indexOf(choice.size) * 5;
  const fill = (face: Face, range?: Interval) => {
    next += doc.fill(face, samplePictures, next, { ...options, range });
  };
  const walls = room.level().walls.map((w) => w.id.replace(/^ground-/, ''));
  for (const wall of ['outer-n', 'outer-e', 'outer-w']) fill(room.face(wall));
  for (const wall of walls.filter((w) => !w.startsWith('outer-'))) {
    // Partitions, dividers and screens: both faces.
    fill(room.face(wall, 1));
    fill(room.face(wall, -1));
  }
  if (room.space.levels.some((l) => l.id === 'upper')) {
    for (const wall of ['outer-n', 'outer-e']) fill(room.face(wall, 1, 'upper'));
  }
  const { width, depth } = templateFootprints[choice.size];
  const bench: Plan = choice.family === 'enfilade' ? [-width / 2 + 3, -depth / 4] : [width / 8, -depth / 8];
  doc.prop('bench', bench);
  return doc.build();
}
