import { z } from 'zod';
import { CustomSpace, SpaceTemplateChoice } from './customSpace';
import {
  defaultTextSize,
  InfoPoint,
  LiveVideo,
  Model3d,
  Picture,
  PlacedProp,
  Portal,
  Text3d,
  Video,
  WebView3d,
} from './sceneObjects';
import {
  between,
  HttpUrl,
  list,
  nonNegative,
  ObjectId,
  Rotation,
  Text,
  Title,
  Uri,
  Vec3,
} from './sceneFields';

export * from './customSpace';
export * from './sceneObjects';
export * from './fonts';
export {
  httpUrlMessage,
  uriMessage,
  positiveMessage,
  finiteMessage,
  rangeMessage,
  atMostMessage,
  idMessage,
  colorMessage,
  tooManyMessage,
  sceneContentLimits,
  ObjectId,
  Uri,
  HttpUrl,
  Color,
  Vec2,
  Vec3,
  Transform,
} from './sceneFields';

/**
 * Scene content (platform.md §3 'Scene content'): the document the editor exports and the viewer
 * loads. It is versioned; `parseSceneContent` migrates older documents to the current version and
 * validates them. The server validates every save with the same function.
 *
 * Units: metres for lengths and positions, degrees for angles, seconds for durations. Positions are
 * [x, y, z] with y up; plan coordinates on a level are [x, z]. A yaw of 0 faces -z (north on the
 * plan); positive yaw turns anticlockwise seen from above (towards -x). Visitor positions (the
 * starting position, tour points) are eye positions: the visitor stands on the floor below them.
 *
 * Its parts: the values it is made of (sceneFields.ts), the space (customSpace.ts) and the placed
 * objects (sceneObjects.ts); this file holds the document itself, its tours, and its versions.
 * Import any of them from here.
 */

export const sceneContentVersion = 2 as const;

export const notAnObjectMessage = 'Scene content must be a JSON object';
export const unsupportedVersionMessage = (version: unknown) =>
  `Unsupported scene content version ${String(version)}; the newest known version is ${sceneContentVersion}`;
export const duplicateIdMessage = (id: string, firstPath: string) =>
  `Duplicate id "${id}": it is already used at ${firstPath}`;
export const spaceChoiceMessage = 'A space is either a custom space or a space template, not both';

// ---------------------------------------------------------------------------------------------
// Guided tours, fonts and links

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
    /**
     * The visitor's eye at the start. [0, 0, 0] (the default: an eye on the floor, which no one
     * sets) means 'not set': the viewer then starts at the walkable point that sees the most
     * artworks, facing them (src/engine/web/viewer/firstView.ts), and ignores `startingRotation`.
     */
    startingPosition: Vec3.default([0, 0, 0]),
    /** Yaw in degrees (platform.md §9: rotation 0–360). */
    startingRotation: between(0, 360).default(0),
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
