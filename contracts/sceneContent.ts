import { z } from 'zod';
import { isHttpUrl } from './users';

/**
 * Scene content (platform.md §3 'Scene content'): the document the editor exports and the viewer
 * loads. It is versioned; `parseSceneContent` migrates older documents to the current version and
 * validates them. The server validates every save with the same function.
 *
 * Units: metres for lengths and positions, degrees for angles, seconds for durations. Positions are
 * [x, y, z] with y up; plan coordinates on a level are [x, z]. A yaw of 0 faces -z (north on the
 * plan); positive yaw turns anticlockwise seen from above (towards -x). Visitor positions (the
 * starting position, tour points) are eye positions: the visitor stands on the floor below them.
 */

export const sceneContentVersion = 2 as const;

// ---------------------------------------------------------------------------------------------
// Messages

export const notAnObjectMessage = 'Scene content must be a JSON object';
export const unsupportedVersionMessage = (version: unknown) =>
  `Unsupported scene content version ${String(version)}; the newest known version is ${sceneContentVersion}`;
export const duplicateIdMessage = (id: string, firstPath: string) =>
  `Duplicate id "${id}": it is already used at ${firstPath}`;
export const spaceChoiceMessage = 'A space is either a custom space or a space template, not both';
export const httpUrlMessage = 'Invalid url. Valid url example: https://example.com';
export const uriMessage = 'Expected a file service url (starting with /) or an absolute http(s) url';
export const positiveMessage = 'Must be greater than 0';
export const finiteMessage = 'Must be a finite number';
export const idMessage = 'An id must be non-empty text';
export const colorMessage = 'Expected a hex colour such as #1a2b3c';
export const youtubeIdMessage = 'Expected an 11-character YouTube video id';
export const unknownWallMessage = (wallId: string) => `No wall with id "${wallId}" on this level`;
export const unknownLevelMessage = (levelId: string) => `No level with id "${levelId}"`;
export const openingOutsideWallMessage = 'The opening does not fit within its wall';
export const mtlOnlyForObjMessage = 'A material file (mtlUri) is only used by obj models';
export const tooManyMessage = (max: number) => `No more than ${max} items are allowed`;
export const stairsRiseMessage = (rise: number, difference: number) =>
  `The stairs climb ${rise} m but the level they lead to is ${difference} m higher`;

// ---------------------------------------------------------------------------------------------
// Limits

export const sceneContentLimits = {
  /** Largest number of entries in any list of the document. */
  itemsPerList: 5000,
  levels: 20,
  idLength: 100,
  titleLength: 200,
  textLength: 10_000,
  uriLength: 2048,
  /** Largest absolute coordinate, in metres. */
  coordinate: 100_000,
  /** Largest size of a single object (width, height, wall thickness, ...), in metres. */
  size: 10_000,
} as const;

export const defaultWallHeight = 4;
export const defaultWallThickness = 0.2;
export const defaultTextSize = 60;
/** Text sizes are in points; a size-60 text has letters 0.3 m tall. */
export const textPointsPerMetre = 200;
export const defaultLevelName = 'Ground Level';

// ---------------------------------------------------------------------------------------------
// Building blocks

const num = () => z.number({ error: finiteMessage }).refine(Number.isFinite, finiteMessage);
const coordinate = () => num().min(-sceneContentLimits.coordinate).max(sceneContentLimits.coordinate);
const positive = (max: number = sceneContentLimits.size) => num().positive(positiveMessage).max(max);
const nonNegative = (max: number = sceneContentLimits.size) => num().min(0).max(max);
const list = <T extends z.ZodType>(item: T) =>
  z.array(item).max(sceneContentLimits.itemsPerList, tooManyMessage(sceneContentLimits.itemsPerList));

export const ObjectId = z
  .string({ error: idMessage })
  .trim()
  .min(1, idMessage)
  .max(sceneContentLimits.idLength)
  .meta({ id: 'SceneObjectId' });

const Title = z.string().trim().max(sceneContentLimits.titleLength);
const Text = z.string().max(sceneContentLimits.textLength);

/** A file service url (`/api/fileService/file/...`) or an absolute http(s) url. */
export const Uri = z
  .string()
  .trim()
  .min(1, uriMessage)
  .max(sceneContentLimits.uriLength)
  .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || isHttpUrl(v), uriMessage)
  .meta({ id: 'SceneUri' });

export const HttpUrl = z
  .string()
  .trim()
  .max(sceneContentLimits.uriLength)
  .refine(isHttpUrl, httpUrlMessage)
  .meta({ id: 'HttpUrl' });

export const Color = z
  .string()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, colorMessage)
  .meta({ id: 'Color' });

export const Vec2 = z.tuple([coordinate(), coordinate()]);
export const Vec3 = z.tuple([coordinate(), coordinate(), coordinate()]).meta({ id: 'Vec3' });
export type Vec3 = z.infer<typeof Vec3>;

/** Rotation in degrees about x, y and z, applied yaw first (Euler order YXZ, as a camera turns). */
const Rotation = z.tuple([num(), num(), num()]);
const Scale = z.tuple([positive(), positive(), positive()]);

/**
 * Where an object is. Flat objects (pictures, videos, texts, web views, portals, info points) are
 * centred on `position` and face +z in their own frame, so with no rotation a visitor looking
 * towards -z sees their front. Models and props stand on `position` with their own origin there.
 */
export const Transform = z
  .object({
    position: Vec3,
    rotation: Rotation.default([0, 0, 0]),
    scale: Scale.default([1, 1, 1]),
  })
  .meta({ id: 'Transform' });
export type Transform = z.infer<typeof Transform>;

// ---------------------------------------------------------------------------------------------
// Custom space

export const openingKinds = [
  'door-single',
  'door-double',
  'window-single',
  'window-center',
  'window-top',
  'window-panoramic',
] as const;
export const stairsKinds = ['straight', 'L', 'U'] as const;
export const stairsTurns = ['left', 'right'] as const;

export const Wall = z
  .object({
    id: ObjectId,
    from: Vec2,
    to: Vec2,
    thickness: positive(10).default(defaultWallThickness),
    materialId: ObjectId.optional(),
  })
  .meta({ id: 'Wall' });
export type Wall = z.infer<typeof Wall>;

export const Opening = z
  .object({
    id: ObjectId,
    wallId: ObjectId,
    kind: z.enum(openingKinds),
    /** Distance from the wall's `from` end to the opening's near edge. */
    offset: nonNegative(),
    width: positive(),
    height: positive(),
    /** Height of the opening's bottom edge above the level's floor (0 for doors). */
    sill: nonNegative().default(0),
  })
  .meta({ id: 'Opening' });
export type Opening = z.infer<typeof Opening>;

/**
 * Stairs start at `position` (the middle of the first step's front edge; y is the height above the
 * level's floor, normally 0) and climb in the direction of `rotation` (a yaw). 'L' stairs turn 90°
 * after a landing half-way up and 'U' stairs 180°, to the side `turn` names.
 */
export const Stairs = z
  .object({
    id: ObjectId,
    kind: z.enum(stairsKinds),
    turn: z.enum(stairsTurns).default('left'),
    position: Vec3,
    /** Yaw in degrees. */
    rotation: num().min(0).max(360).default(0),
    width: positive(20),
    /** Height climbed, in metres. */
    rise: positive(100),
    /** The level the stairs lead to. */
    toLevel: ObjectId,
  })
  .meta({ id: 'Stairs' });
export type Stairs = z.infer<typeof Stairs>;

/**
 * A storey of a custom space. Walls are segments on the plan, centred on their line. The floor
 * covers the rectangle that bounds the level's walls (or, with no walls, the level below's),
 * with a stairwell cut wherever stairs arrive from below.
 */
export const Level = z
  .object({
    id: ObjectId,
    name: z.string().trim().min(1).max(100).default(defaultLevelName),
    /** Height of the floor above ground. */
    elevation: coordinate().default(0),
    /** Wall height (platform.md §9: 4 m). */
    height: positive(100).default(defaultWallHeight),
    walls: list(Wall).default([]),
    openings: list(Opening).default([]),
    stairs: list(Stairs).default([]),
    /** Materials of this level's floor and ceiling (default 'floor' and 'ceiling'). */
    floorMaterialId: ObjectId.optional(),
    ceilingMaterialId: ObjectId.optional(),
  })
  .superRefine((level, ctx) => {
    const walls = new Map(level.walls.map((w) => [w.id, w]));
    level.openings.forEach((opening, i) => {
      const wall = walls.get(opening.wallId);
      if (!wall) {
        ctx.addIssue({
          code: 'custom',
          path: ['openings', i, 'wallId'],
          message: unknownWallMessage(opening.wallId),
        });
        return;
      }
      const length = Math.hypot(wall.to[0] - wall.from[0], wall.to[1] - wall.from[1]);
      if (opening.offset + opening.width > length + 1e-6) {
        ctx.addIssue({ code: 'custom', path: ['openings', i, 'width'], message: openingOutsideWallMessage });
      }
    });
  })
  .meta({ id: 'Level' });
export type Level = z.infer<typeof Level>;

export const MaterialOverride = z
  .object({
    /** A built-in finish ('wood', 'brick', ...) this material starts from, keeping its pattern. */
    base: ObjectId.optional(),
    color: Color,
    textureUri: Uri.optional(),
    roughness: num().min(0).max(1).default(0.5),
    metalness: num().min(0).max(1).default(0),
    tint: Color.default('#ffffff'),
  })
  .meta({ id: 'MaterialOverride' });
export type MaterialOverride = z.infer<typeof MaterialOverride>;

export const CustomSpace = z
  .object({
    levels: z
      .array(Level)
      .min(1, 'A custom space has at least one level')
      .max(sceneContentLimits.levels, tooManyMessage(sceneContentLimits.levels)),
    /** Material id → override. */
    materialOverrides: z.record(ObjectId, MaterialOverride).default({}),
    skyUri: Uri.optional(),
    terrainUri: Uri.optional(),
  })
  .superRefine((space, ctx) => {
    const levels = new Map(space.levels.map((l) => [l.id, l]));
    space.levels.forEach((level, li) =>
      level.stairs.forEach((stairs, si) => {
        const to = levels.get(stairs.toLevel);
        if (!to) {
          ctx.addIssue({
            code: 'custom',
            path: ['levels', li, 'stairs', si, 'toLevel'],
            message: unknownLevelMessage(stairs.toLevel),
          });
          return;
        }
        const difference = to.elevation - level.elevation - stairs.position[1];
        if (Math.abs(difference - stairs.rise) > 0.01) {
          ctx.addIssue({
            code: 'custom',
            path: ['levels', li, 'stairs', si, 'rise'],
            message: stairsRiseMessage(stairs.rise, Math.round(difference * 100) / 100),
          });
        }
      }),
    );
  })
  .meta({ id: 'CustomSpace' });
export type CustomSpace = z.infer<typeof CustomSpace>;

export const spaceTemplateSizes = ['S', 'M', 'L', 'XL'] as const;
export const spaceTemplateKinds = ['Standard', 'Premium'] as const;

export const SpaceTemplateChoice = z
  .object({
    /** The space template family id. */
    family: ObjectId,
    size: z.enum(spaceTemplateSizes),
    kind: z.enum(spaceTemplateKinds).default('Standard'),
  })
  .meta({ id: 'SpaceTemplateChoice' });
export type SpaceTemplateChoice = z.infer<typeof SpaceTemplateChoice>;

// ---------------------------------------------------------------------------------------------
// Placed objects

export const Picture = z
  .object({
    id: ObjectId,
    fileUri: Uri,
    title: Title.optional(),
    description: Text.optional(),
    /** Displayed size in metres (before the transform's scale). */
    width: positive(),
    height: positive(),
    transform: Transform,
    frame: z.object({ color: Color, width: positive(1) }).optional(),
  })
  .meta({ id: 'Picture' });
export type Picture = z.infer<typeof Picture>;

const videoCommon = {
  id: ObjectId,
  posterUri: Uri.optional(),
  autoplay: z.boolean().default(false),
  loop: z.boolean().default(false),
  /** Displayed size in metres. */
  width: positive().default(1.6),
  height: positive().default(0.9),
  transform: Transform,
};

export const Video = z
  .discriminatedUnion('source', [
    z.object({ ...videoCommon, source: z.literal('file'), fileUri: Uri }),
    z.object({
      ...videoCommon,
      source: z.literal('youtube'),
      youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, youtubeIdMessage),
    }),
  ])
  .meta({ id: 'Video' });
export type Video = z.infer<typeof Video>;

export const textAlignments = ['left', 'center', 'right'] as const;
/** districts-commerce-spaces.md §3: font transforms (plus none). */
export const fontTransforms = ['None', 'LowerCase', 'UpperCase', 'SmallCaps'] as const;

export const Text3d = z
  .object({
    id: ObjectId,
    text: Text.min(1, 'The text is empty'),
    font: z.string().trim().min(1).max(100).default('Roboto'),
    size: positive(1000).default(defaultTextSize),
    bold: z.boolean().default(false),
    italic: z.boolean().default(false),
    underline: z.boolean().default(false),
    fontTransform: z.enum(fontTransforms).default('None'),
    color: Color.default('#000000'),
    alignment: z.enum(textAlignments).default('left'),
    /** Outline width in the text's own size units (a size-60 text with width 3 has a thin line). */
    outline: z.object({ width: positive(100), color: Color }).optional(),
    dropShadow: z.object({ color: Color, distance: nonNegative(100) }).optional(),
    /** A hypertext: clicking the text opens this link. */
    link: HttpUrl.optional(),
    transform: Transform,
  })
  .meta({ id: 'Text3d' });
export type Text3d = z.infer<typeof Text3d>;

export const modelFormats = ['glb', 'gltf', 'obj'] as const;
export const collisionModes = ['none', 'simple', 'precise'] as const;

export const Model3d = z
  .object({
    id: ObjectId,
    format: z.enum(modelFormats),
    fileUri: Uri,
    mtlUri: Uri.optional(),
    transform: Transform,
    animationClip: z.string().max(200).optional(),
    animated: z.boolean().default(false),
    autoplay: z.boolean().default(false),
    loop: z.boolean().default(true),
    collision: z.enum(collisionModes).default('precise'),
    dropShadow: z.boolean().default(true),
    clickable: z.boolean().default(false),
    externalLink: HttpUrl.optional(),
  })
  .superRefine((model, ctx) => {
    if (model.mtlUri !== undefined && model.format !== 'obj') {
      ctx.addIssue({ code: 'custom', path: ['mtlUri'], message: mtlOnlyForObjMessage });
    }
  })
  .meta({ id: 'Model3d' });
export type Model3d = z.infer<typeof Model3d>;

export const Portal = z
  .object({ id: ObjectId, targetSceneId: ObjectId, transform: Transform, label: Title.optional() })
  .meta({ id: 'Portal' });
export type Portal = z.infer<typeof Portal>;

export const InfoPoint = z
  .object({ id: ObjectId, title: Title, text: Text, transform: Transform })
  .meta({ id: 'InfoPoint' });
export type InfoPoint = z.infer<typeof InfoPoint>;

export const PlacedProp = z
  .object({ id: ObjectId, propId: ObjectId, transform: Transform })
  .meta({ id: 'PlacedProp' });
export type PlacedProp = z.infer<typeof PlacedProp>;

/** A screen showing a live stream (its url is an http(s) stream or player url). */
export const LiveVideo = z
  .object({
    id: ObjectId,
    streamUrl: HttpUrl,
    title: Title.optional(),
    width: positive().default(1.6),
    height: positive().default(0.9),
    transform: Transform,
  })
  .meta({ id: 'LiveVideo' });
export type LiveVideo = z.infer<typeof LiveVideo>;

export const WebView3d = z
  .object({ id: ObjectId, url: HttpUrl, width: positive(), height: positive(), transform: Transform })
  .meta({ id: 'WebView3d' });
export type WebView3d = z.infer<typeof WebView3d>;

export const GuidedTourPoint = z
  .object({
    guidedTourPointId: ObjectId,
    title: Title,
    description: Text.default(''),
    position: Vec3,
    /** Camera rotation in degrees. */
    rotation: Rotation.default([0, 0, 0]),
    /** How long the tour stays at this point, in seconds. */
    duration: nonNegative(86_400).default(0),
    audioUri: Uri.optional(),
    order: z.number().int().min(0),
  })
  .meta({ id: 'GuidedTourPoint' });
export type GuidedTourPoint = z.infer<typeof GuidedTourPoint>;

export const GuidedTour = z
  .object({
    guidedTourId: ObjectId,
    title: Title,
    description: Text.default(''),
    public: z.boolean().default(false),
    points: list(GuidedTourPoint).default([]),
  })
  .meta({ id: 'GuidedTour' });
export type GuidedTour = z.infer<typeof GuidedTour>;

export const FontRef = z
  .object({ family: z.string().trim().min(1).max(100), uri: Uri })
  .meta({ id: 'FontRef' });
export type FontRef = z.infer<typeof FontRef>;
export const SpaceLink = z.object({ title: Title, url: HttpUrl }).meta({ id: 'SpaceLink' });

// ---------------------------------------------------------------------------------------------
// The document

/** Lists of placed objects, each of which has an `id`. */
export const objectListKeys = [
  'pictures',
  'videos',
  'texts3d',
  'models3d',
  'portals',
  'infoPoints',
  'props',
  'liveVideos',
  'webViews3d',
] as const;
export type ObjectListKey = (typeof objectListKeys)[number];

export const SceneContent = z
  .object({
    version: z.literal(sceneContentVersion),
    customSpace: CustomSpace.optional(),
    spaceTemplate: SpaceTemplateChoice.optional(),
    fonts: list(FontRef).default([]),
    /** Whether other spaces may link here with a portal. */
    linkable: z.boolean().default(true),
    links: list(SpaceLink).default([]),
    startingPosition: Vec3.default([0, 0, 0]),
    /** Yaw in degrees (platform.md §9: rotation 0–360). */
    startingRotation: num().min(0).max(360).default(0),
    guidedTours: list(GuidedTour).default([]),
    pictures: list(Picture).default([]),
    videos: list(Video).default([]),
    texts3d: list(Text3d).default([]),
    models3d: list(Model3d).default([]),
    portals: list(Portal).default([]),
    infoPoints: list(InfoPoint).default([]),
    props: list(PlacedProp).default([]),
    liveVideos: list(LiveVideo).default([]),
    webViews3d: list(WebView3d).default([]),
    /** Sound played softly while visitors are in the space. */
    ambientSoundUri: Uri.optional(),
    /** Number of texture atlases the engine baked for this space. */
    atlasCount: z.number().int().min(0).default(0),
  })
  .superRefine((content, ctx) => {
    if (content.customSpace && content.spaceTemplate) {
      ctx.addIssue({ code: 'custom', path: ['spaceTemplate'], message: spaceChoiceMessage });
    }
    const seen = new Map<string, string>();
    const check = (id: string, path: (string | number)[]) => {
      const first = seen.get(id);
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path, message: duplicateIdMessage(id, first) });
      } else {
        seen.set(id, path.join('.'));
      }
    };
    content.customSpace?.levels.forEach((level, li) => {
      check(level.id, ['customSpace', 'levels', li, 'id']);
      for (const key of ['walls', 'openings', 'stairs'] as const) {
        level[key].forEach((item, i) => check(item.id, ['customSpace', 'levels', li, key, i, 'id']));
      }
    });
    for (const key of objectListKeys) {
      content[key].forEach((item, i) => check(item.id, [key, i, 'id']));
    }
    content.guidedTours.forEach((tour, ti) => {
      check(tour.guidedTourId, ['guidedTours', ti, 'guidedTourId']);
      tour.points.forEach((point, pi) =>
        check(point.guidedTourPointId, ['guidedTours', ti, 'points', pi, 'guidedTourPointId']),
      );
    });
  })
  .meta({ id: 'SceneContent' });
export type SceneContent = z.output<typeof SceneContent>;
/** A document as it may be written: defaults not yet filled. */
export type SceneContentInput = z.input<typeof SceneContent>;

/** A placed object of any kind. */
export type PlacedObject = SceneContent[ObjectListKey][number];

/** A placed object with the list it is in. */
export interface PlacedObjectEntry {
  list: ObjectListKey;
  item: PlacedObject;
}

/** Every placed object of a document with its list, list by list in `objectListKeys` order. */
export function placedObjectsOf(content: Pick<SceneContent, ObjectListKey>): PlacedObjectEntry[] {
  return objectListKeys.flatMap((list) =>
    (content[list] as readonly PlacedObject[]).map((item) => ({ list, item })),
  );
}

// ---------------------------------------------------------------------------------------------
// Versions and migration

/*
 * Version 1 (documents without a `version`, or `version: 1`):
 * - placed objects had no `id`;
 * - pictures, file videos and models pointed at their file with `url` (now `fileUri`);
 * - texts had no `size` (it was always the default, 60).
 * Migration gives each object the id `<list>-<index>` (for instance `pictures-0`), so the same
 * document always migrates to the same ids; an id already present is kept.
 */

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function migrateV1ToV2(doc: Json): Json {
  const out: Json = { ...doc, version: 2 };
  for (const key of objectListKeys) {
    const items = doc[key];
    if (!Array.isArray(items)) continue;
    out[key] = items.map((item: unknown, index) => {
      if (!isRecord(item)) return item;
      const next: Json = { ...item };
      if (next.id === undefined) next.id = `${key}-${index}`;
      if ((key === 'pictures' || key === 'models3d' || key === 'videos') && 'url' in next) {
        if (next.fileUri === undefined) next.fileUri = next.url;
        delete next.url;
      }
      if (key === 'videos' && next.source === undefined) {
        next.source = next.youtubeId !== undefined ? 'youtube' : 'file';
      }
      if (key === 'texts3d' && next.size === undefined) next.size = defaultTextSize;
      return next;
    });
  }
  return out;
}

/** `migrations[v]` turns a version-v document into a version-(v+1) one. */
const migrations: Record<number, (doc: Json) => Json> = { 1: migrateV1ToV2 };

export interface SceneContentIssue {
  /** Where in the (migrated) document, dotted: `pictures.0.fileUri`; '' for the whole document. */
  path: string;
  message: string;
}

export type ParseSceneContentResult =
  { ok: true; content: SceneContent } | { ok: false; issues: SceneContentIssue[] };

/** Migrates `doc` to the current version without validating it; never throws. */
export function migrateSceneContent(
  doc: unknown,
): { ok: true; doc: Json } | { ok: false; issues: SceneContentIssue[] } {
  if (!isRecord(doc)) return { ok: false, issues: [{ path: '', message: notAnObjectMessage }] };
  const version = doc.version === undefined ? 1 : doc.version;
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < 1 ||
    version > sceneContentVersion
  ) {
    return { ok: false, issues: [{ path: 'version', message: unsupportedVersionMessage(version) }] };
  }
  let current: Json = doc;
  for (let v = version; v < sceneContentVersion; v++) current = migrations[v](current);
  return { ok: true, doc: current };
}

/** Parses scene content of any known version into the current one; never throws. */
export function parseSceneContent(json: unknown): ParseSceneContentResult {
  const migrated = migrateSceneContent(json);
  if (!migrated.ok) return migrated;
  let result: ReturnType<typeof SceneContent.safeParse>;
  try {
    result = SceneContent.safeParse(migrated.doc);
  } catch (error) {
    // Defensive only: validation of plain JSON does not throw.
    return {
      ok: false,
      issues: [{ path: '', message: error instanceof Error ? error.message : String(error) }],
    };
  }
  if (result.success) return { ok: true, content: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  };
}

/** A new, empty space: a custom space with one level and nothing built or placed yet. */
export function emptySceneContent(): SceneContent {
  return SceneContent.parse({ version: sceneContentVersion, customSpace: { levels: [{ id: 'level-0' }] } });
}
