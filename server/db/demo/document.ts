import { SceneContent, type SceneContentInput, sceneContentVersion } from '../../../contracts/sceneContent';
import { premadeStart } from '../../../contracts/premadeSpaces';
import { degrees, type Face, type Interval, type Plan, type Room, round, type Vec3, yawFacing } from './room';

/**
 * Writes a demo space's document: pictures hung in rows along wall faces, texts, videos, models
 * and props standing on free floor, info points, links and guided tours, each checked against the
 * room as it is placed (room.ts). Ids are numbered per kind in the order things are added.
 */

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
function pictureAspect(index: number): number {
  const shape = pictureShapes.find(([, , indices]) => indices.includes(index));
  if (!shape) throw new Error(`No demo picture ${index}`);
  return shape[0] / shape[1];
}

const pictureUri = (index: number) => `/demo/pictures/picture-${String(index).padStart(3, '0')}.jpg`;
const modelUri = (name: string) => `/demo/models/${name}`;

/** Yaw and pitch of a camera at `eye` looking at `target`: yaw 0 looks towards -z. */
function lookAt(eye: Vec3, target: Vec3): [number, number, number] {
  const dx = target[0] - eye[0];
  const dy = target[1] - eye[1];
  const dz = target[2] - eye[2];
  const pitch = round((Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI);
  return [pitch, degrees(Math.atan2(-dx, -dz)), 0];
}

/** A work to hang: the demo picture's number, its label, the long side in metres (default 1). */
export type Work = [index: number, title: string, size?: number, description?: string];

export interface TextOptions {
  size?: number;
  color?: string;
  bold?: boolean;
  italic?: boolean;
  fontTransform?: 'None' | 'UpperCase' | 'LowerCase' | 'SmallCaps';
  link?: string;
  underline?: boolean;
}

export interface TourStop {
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

export class DocumentBuilder {
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
