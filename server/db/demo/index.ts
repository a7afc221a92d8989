import { z } from 'zod';
import { spaceTemplateIdOf } from '../../../contracts/premadeSpaces';
import { fontTransforms, type SceneContent, SpaceTemplateChoice } from '../../../contracts/sceneContent';
import { DocumentBuilder } from './document';
import { type Face, Room, round, type Vec3 } from './room';
import auroraLaunchNight from './spaces/aurora-launch-night.json';
import graduationShow from './spaces/graduation-show.json';
import industrialRevolution from './spaces/industrial-revolution.json';
import kilnAndCo from './spaces/kiln-and-co.json';
import museumShopWinterMarket from './spaces/museum-shop-winter-market.json';
import northernLight from './spaces/northern-light.json';
import printFair from './spaces/print-fair.json';
import scienceFair from './spaces/science-fair.json';
import sculptureCourt from './spaces/sculpture-court.json';
import springSalon from './spaces/spring-salon.json';
import tidalPaintings from './spaces/tidal-paintings.json';
import year11PortfolioShow from './spaces/year-11-portfolio-show.json';

export { stagedTemplate } from './staging';

/**
 * Twelve demo spaces built on the premade rooms, for a fresh install to show what the platform
 * does: a museum, a school and a creative studio (artist, shop, events), each with pictures
 * hung on the rooms' real walls, sculptures, 3D texts, info points and a guided tour. The seed
 * (server/db/seed.ts) gives each to the demo user its `ownerIndex` names.
 *
 * Each space is a data file in spaces/ (README.md there): its room and the steps that furnish it.
 * Everything is placed from the geometry the engine generates for the room (room.ts): a placement
 * that does not fit throws, so a change to the rooms shows up in the unit test
 * (tests/unit/demoSpaces.test.ts) instead of as a picture floating in a doorway.
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

/** The data files, in the order the spaces are seeded: the museum's, the school's, the studio's. */
const spaceFiles: Record<string, unknown> = {
  'spring-salon': springSalon,
  'northern-light': northernLight,
  'sculpture-court': sculptureCourt,
  'museum-shop-winter-market': museumShopWinterMarket,
  'year-11-portfolio-show': year11PortfolioShow,
  'industrial-revolution': industrialRevolution,
  'science-fair': scienceFair,
  'graduation-show': graduationShow,
  'tidal-paintings': tidalPaintings,
  'kiln-and-co': kilnAndCo,
  'aurora-launch-night': auroraLaunchNight,
  'print-fair': printFair,
};

// ---------------------------------------------------------------------------------------------
// The data files' format

const PlanPoint = z.tuple([z.number(), z.number()]);
const Stretch = z.tuple([z.number(), z.number()]);

/**
 * A side of a wall: the wall's name on its level ('outer-n', 'divider-1', 'screen-0', ...), the
 * side (1, the default, faces into an outer wall's room) and the level ('ground' by default).
 */
const FaceRef = z.union([
  z.string(),
  z
    .object({
      wall: z.string(),
      side: z.union([z.literal(1), z.literal(-1)]).optional(),
      level: z.string().optional(),
    })
    .strict(),
]);

const frames = {
  dark: { color: '#1c1c1c', width: 0.05 },
  oak: { color: '#8a6a4a', width: 0.06 },
  white: { color: '#f2f0ea', width: 0.04 },
};

const Hang = z
  .object({
    on: FaceRef,
    /** [picture number, label, long side in metres (default 1), description]. */
    works: z.array(z.tuple([z.number().int(), z.string(), z.number().optional(), z.string().optional()])),
    y: z.number().optional(),
    range: Stretch.optional(),
    frame: z.enum(['dark', 'oak', 'white']).optional(),
    artist: z.string().optional(),
  })
  .strict();

const Text = z
  .object({
    on: FaceRef,
    text: z.string(),
    y: z.number(),
    s: z.number().optional(),
    size: z.number().optional(),
    color: z.string().optional(),
    bold: z.boolean().optional(),
    italic: z.boolean().optional(),
    fontTransform: z.enum(fontTransforms).optional(),
    link: z.string().optional(),
    underline: z.boolean().optional(),
  })
  .strict();

const Video = z
  .object({ on: FaceRef, s: z.number(), y: z.number(), fileUri: z.string(), width: z.number().optional() })
  .strict();

const Model = z
  .object({
    file: z.string(),
    at: PlanPoint,
    level: z.string().optional(),
    yaw: z.number().optional(),
    pedestal: z.boolean().optional(),
    radius: z.number().optional(),
    animationClip: z.string().optional(),
    link: z.string().optional(),
  })
  .strict();

const Prop = z
  .object({
    propId: z.string(),
    at: PlanPoint,
    level: z.string().optional(),
    yaw: z.number().optional(),
    radius: z.number().optional(),
  })
  .strict();

const Info = z
  .object({
    title: z.string(),
    text: z.string(),
    at: PlanPoint,
    towards: PlanPoint,
    level: z.string().optional(),
  })
  .strict();

/** What a tour camera looks at: `y` above the floor at a plan point, or at a position on a face. */
const Look = z.union([
  z.object({ point: PlanPoint, y: z.number() }).strict(),
  z.object({ on: FaceRef, s: z.union([z.number(), z.literal('middle')]), y: z.number() }).strict(),
]);

const Tour = z
  .object({
    title: z.string(),
    description: z.string(),
    stops: z.array(
      z
        .object({
          title: z.string(),
          description: z.string(),
          at: PlanPoint,
          level: z.string().optional(),
          look: Look,
          eye: z.number().optional(),
        })
        .strict(),
    ),
    seconds: z.number().optional(),
  })
  .strict();

/** One step of furnishing, named by its one key; steps run in order (ids are numbered so). */
const Step = z.union([
  z.object({ hang: Hang }).strict(),
  z.object({ text: Text }).strict(),
  z.object({ video: Video }).strict(),
  z.object({ model: Model }).strict(),
  z.object({ prop: Prop }).strict(),
  z.object({ info: Info }).strict(),
  z.object({ link: z.object({ title: z.string(), url: z.string() }).strict() }).strict(),
  z.object({ tour: Tour }).strict(),
]);

const DemoSpaceFile = z
  .object({
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    ownerIndex: z.number().int().min(0).max(2),
    template: SpaceTemplateChoice,
    /** For whoever edits the file: where the room's walls and doorways are. */
    notes: z.string().optional(),
    furnishing: z.array(Step),
  })
  .strict();

// ---------------------------------------------------------------------------------------------

/** Runs a file's furnishing steps on a document of its room. */
function furnish(doc: DocumentBuilder, room: Room, steps: z.output<typeof Step>[]) {
  const face = (ref: z.output<typeof FaceRef>): Face =>
    typeof ref === 'string' ? room.face(ref) : room.face(ref.wall, ref.side, ref.level);
  const look = (target: z.output<typeof Look>): Vec3 => {
    if ('point' in target) return [target.point[0], target.y, target.point[1]];
    const on = face(target.on);
    const [x, z] = on.point(target.s === 'middle' ? (on.start + on.end) / 2 : target.s);
    return [round(x), round(on.level.elevation + target.y), round(z)];
  };
  for (const step of steps) {
    if ('hang' in step) {
      const { on, works, frame, ...options } = step.hang;
      doc.hang(face(on), works, { ...options, frame: frame && frames[frame] });
    } else if ('text' in step) {
      const { on, text, y, ...options } = step.text;
      doc.text(face(on), text, y, options);
    } else if ('video' in step) {
      const { on, s, y, fileUri, width } = step.video;
      doc.video(face(on), s, y, fileUri, width);
    } else if ('model' in step) {
      const { file, at, ...options } = step.model;
      doc.model(file, at, options);
    } else if ('prop' in step) {
      const { propId, at, ...options } = step.prop;
      doc.prop(propId, at, options);
    } else if ('info' in step) {
      const { title, text, at, towards, level } = step.info;
      doc.info(title, text, at, towards, level);
    } else if ('link' in step) {
      doc.link(step.link.title, step.link.url);
    } else {
      const { title, description, stops, seconds } = step.tour;
      doc.tour(
        title,
        description,
        stops.map((stop) => ({ ...stop, look: look(stop.look) })),
        seconds,
      );
    }
  }
}

/** The twelve demo spaces, built fresh on each call (callers may change what they get). */
export function demoSpaces(): DemoSpace[] {
  return Object.entries(spaceFiles).map(([name, data]) => {
    const parsed = DemoSpaceFile.safeParse(data);
    if (!parsed.success) {
      throw new Error(`server/db/demo/spaces/${name}.json: ${z.prettifyError(parsed.error)}`);
    }
    const spec = parsed.data;
    const room = new Room(spec.template);
    const doc = new DocumentBuilder(room);
    furnish(doc, room, spec.furnishing);
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
