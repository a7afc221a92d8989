import {
  fontTransforms,
  modelFormats,
  objectListKeys,
  openingKinds,
  sceneContentLimits as limits,
  sceneContentVersion,
  spaceTemplateKinds,
  spaceTemplateSizes,
  lightingMoods,
  stairsKinds,
  stairsTurns,
  textAlignments,
  collisionModes,
} from '../../../contracts/sceneContent';
import { isHttpUrl } from '../../../contracts/users';

/**
 * A fast, allocation-free check that a parsed JSON document is scene content already in its
 * canonical form: valid, of the current version, and exactly what `parseSceneContent` would
 * answer for it (every default present, strings already trimmed, no unknown keys). Such a
 * document can be stored as the bytes it arrived in, with no second serialisation.
 *
 * It is conservative: `false` only means "not proven canonical", and the caller then runs the
 * contract's own validation (`parseSceneContent`), which also says what is wrong. Soundness
 * (true ⇒ the contract accepts it unchanged) is what tests/server/sceneService/contentCheck
 * verifies on generated documents; the key lists below are checked against the contract's
 * schemas there, so a new field in the contract fails the tests until it is handled here.
 */

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when `o` has no key outside `allowed` (own enumerable keys, as JSON.parse makes them). */
function onlyKeys(o: Obj, allowed: ReadonlySet<string>): boolean {
  for (const key in o) if (!allowed.has(key)) return false;
  return true;
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const between = (v: unknown, min: number, max: number) => num(v) && v >= min && v <= max;
const positive = (v: unknown, max: number = limits.size) => num(v) && v > 0 && v <= max;
const nonNegative = (v: unknown, max: number = limits.size) => between(v, 0, max);
const coordinate = (v: unknown) => between(v, -limits.coordinate, limits.coordinate);
const bool = (v: unknown) => typeof v === 'boolean';

/** A trimmed string (zod's `.trim()` would change any other) of a length within bounds. */
const trimmed = (v: unknown, min: number, max: number): v is string =>
  typeof v === 'string' && v.length >= min && v.length <= max && v === v.trim();

const id = (v: unknown): v is string => trimmed(v, 1, limits.idLength);
const title = (v: unknown) => trimmed(v, 0, limits.titleLength);
const text = (v: unknown) => typeof v === 'string' && v.length <= limits.textLength;
const uri = (v: unknown) =>
  trimmed(v, 1, limits.uriLength) && ((v.startsWith('/') && !v.startsWith('//')) || isHttpUrl(v));
const httpUrl = (v: unknown) => trimmed(v, 0, limits.uriLength) && isHttpUrl(v);
const colorPattern = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const color = (v: unknown) => typeof v === 'string' && colorPattern.test(v);
const oneOf = (values: readonly string[]) => {
  const set = new Set(values);
  return (v: unknown) => typeof v === 'string' && set.has(v);
};
const optional = (o: Obj, key: string, check: (v: unknown) => boolean) => !(key in o) || check(o[key]);

const list = (v: unknown, max: number = limits.itemsPerList): v is unknown[] =>
  Array.isArray(v) && v.length <= max;
const vec2 = (v: unknown) => Array.isArray(v) && v.length === 2 && coordinate(v[0]) && coordinate(v[1]);
const vec3 = (v: unknown): v is [number, number, number] =>
  Array.isArray(v) && v.length === 3 && coordinate(v[0]) && coordinate(v[1]) && coordinate(v[2]);
const rotation = (v: unknown) => Array.isArray(v) && v.length === 3 && num(v[0]) && num(v[1]) && num(v[2]);
const scale = (v: unknown) =>
  Array.isArray(v) && v.length === 3 && positive(v[0]) && positive(v[1]) && positive(v[2]);

/** The keys of each object of the document, exactly as the contract names them. */
export const canonicalKeys = {
  SceneContent: [
    'version',
    'customSpace',
    'spaceTemplate',
    'fonts',
    'linkable',
    'links',
    'startingPosition',
    'startingRotation',
    'guidedTours',
    ...objectListKeys,
    'ambientSoundUri',
    'atlasCount',
  ],
  Transform: ['position', 'rotation', 'scale'],
  CustomSpace: ['levels', 'lighting', 'materialOverrides', 'skyUri', 'terrainUri'],
  Level: [
    'id',
    'name',
    'elevation',
    'height',
    'walls',
    'openings',
    'stairs',
    'floorMaterialId',
    'ceilingMaterialId',
  ],
  Wall: ['id', 'from', 'to', 'thickness', 'materialId'],
  Opening: ['id', 'wallId', 'kind', 'offset', 'width', 'height', 'sill'],
  Stairs: ['id', 'kind', 'turn', 'position', 'rotation', 'width', 'rise', 'toLevel'],
  MaterialOverride: ['base', 'color', 'textureUri', 'roughness', 'metalness', 'tint'],
  SpaceTemplateChoice: ['family', 'size', 'kind'],
  FontRef: ['family', 'uri'],
  SpaceLink: ['title', 'url'],
  GuidedTour: ['guidedTourId', 'title', 'description', 'public', 'points'],
  GuidedTourPoint: [
    'guidedTourPointId',
    'title',
    'description',
    'position',
    'rotation',
    'duration',
    'audioUri',
    'order',
  ],
  Picture: [
    'id',
    'fileUri',
    'title',
    'description',
    'altText',
    'artist',
    'year',
    'width',
    'height',
    'transform',
    'frame',
  ],
  PictureFrame: ['color', 'width'],
  VideoFile: [
    'id',
    'title',
    'posterUri',
    'autoplay',
    'loop',
    'width',
    'height',
    'transform',
    'source',
    'fileUri',
  ],
  VideoYoutube: [
    'id',
    'title',
    'posterUri',
    'autoplay',
    'loop',
    'width',
    'height',
    'transform',
    'source',
    'youtubeId',
  ],
  Text3d: [
    'id',
    'text',
    'font',
    'size',
    'bold',
    'italic',
    'underline',
    'fontTransform',
    'color',
    'alignment',
    'maxWidth',
    'outline',
    'dropShadow',
    'link',
    'transform',
  ],
  TextOutline: ['width', 'color'],
  TextDropShadow: ['color', 'distance'],
  Model3d: [
    'id',
    'format',
    'fileUri',
    'title',
    'mtlUri',
    'transform',
    'animationClip',
    'animated',
    'autoplay',
    'loop',
    'collision',
    'dropShadow',
    'clickable',
    'externalLink',
  ],
  Portal: ['id', 'targetSceneId', 'transform', 'label'],
  InfoPoint: ['id', 'title', 'text', 'transform'],
  PlacedProp: ['id', 'propId', 'transform'],
  LiveVideo: ['id', 'streamUrl', 'title', 'width', 'height', 'transform'],
  WebView3d: ['id', 'url', 'width', 'height', 'transform'],
} as const;

const keys = Object.fromEntries(
  Object.entries(canonicalKeys).map(([name, list]) => [name, new Set<string>(list)]),
) as unknown as Record<keyof typeof canonicalKeys, ReadonlySet<string>>;

const openingKind = oneOf(openingKinds);
const stairsKind = oneOf(stairsKinds);
const stairsTurn = oneOf(stairsTurns);
const templateSize = oneOf(spaceTemplateSizes);
const lightingMood = oneOf(lightingMoods);
const templateKind = oneOf(spaceTemplateKinds);
const fontTransform = oneOf(fontTransforms);
const alignment = oneOf(textAlignments);
const modelFormat = oneOf(modelFormats);
const collision = oneOf(collisionModes);
const youtubeId = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]{11}$/.test(v);

/** Every object with an id must have its own: ids are unique across the whole document. */
class Ids {
  private readonly seen = new Set<string>();
  add(value: string): boolean {
    if (this.seen.has(value)) return false;
    this.seen.add(value);
    return true;
  }
}

function transform(v: unknown): boolean {
  return (
    isObject(v) && onlyKeys(v, keys.Transform) && vec3(v.position) && rotation(v.rotation) && scale(v.scale)
  );
}

function wall(v: unknown): v is { id: string; from: number[]; to: number[] } {
  return (
    isObject(v) &&
    onlyKeys(v, keys.Wall) &&
    id(v.id) &&
    vec2(v.from) &&
    vec2(v.to) &&
    positive(v.thickness, 10) &&
    optional(v, 'materialId', id)
  );
}

function level(v: unknown, ids: Ids): boolean {
  if (!isObject(v) || !onlyKeys(v, keys.Level)) return false;
  if (
    !id(v.id) ||
    !trimmed(v.name, 1, 100) ||
    !coordinate(v.elevation) ||
    !positive(v.height, 100) ||
    !list(v.walls) ||
    !list(v.openings) ||
    !list(v.stairs) ||
    !optional(v, 'floorMaterialId', id) ||
    !optional(v, 'ceilingMaterialId', id) ||
    !ids.add(v.id)
  ) {
    return false;
  }
  const walls = new Map<string, { from: number[]; to: number[] }>();
  for (const w of v.walls) {
    if (!wall(w) || !ids.add(w.id)) return false;
    if (!walls.has(w.id)) walls.set(w.id, w);
  }
  for (const o of v.openings) {
    if (
      !isObject(o) ||
      !onlyKeys(o, keys.Opening) ||
      !id(o.id) ||
      !id(o.wallId) ||
      !openingKind(o.kind) ||
      !nonNegative(o.offset) ||
      !positive(o.width) ||
      !positive(o.height) ||
      !nonNegative(o.sill) ||
      !ids.add(o.id)
    ) {
      return false;
    }
    const w = walls.get(o.wallId);
    if (!w) return false;
    const length = Math.hypot(w.to[0] - w.from[0], w.to[1] - w.from[1]);
    if ((o.offset as number) + (o.width as number) > length + 1e-6) return false;
  }
  for (const s of v.stairs) {
    if (
      !isObject(s) ||
      !onlyKeys(s, keys.Stairs) ||
      !id(s.id) ||
      !stairsKind(s.kind) ||
      !stairsTurn(s.turn) ||
      !vec3(s.position) ||
      !between(s.rotation, 0, 360) ||
      !positive(s.width, 20) ||
      !positive(s.rise, 100) ||
      !id(s.toLevel) ||
      !ids.add(s.id)
    ) {
      return false;
    }
  }
  return true;
}

function materialOverride(v: unknown): boolean {
  return (
    isObject(v) &&
    onlyKeys(v, keys.MaterialOverride) &&
    optional(v, 'base', id) &&
    color(v.color) &&
    optional(v, 'textureUri', uri) &&
    between(v.roughness, 0, 1) &&
    between(v.metalness, 0, 1) &&
    color(v.tint)
  );
}

function customSpace(v: unknown, ids: Ids): boolean {
  if (!isObject(v) || !onlyKeys(v, keys.CustomSpace)) return false;
  if (!Array.isArray(v.levels) || v.levels.length < 1 || v.levels.length > limits.levels) return false;
  if (!optional(v, 'skyUri', uri) || !optional(v, 'terrainUri', uri)) return false;
  if (!optional(v, 'lighting', lightingMood)) return false;
  const overrides = v.materialOverrides;
  if (!isObject(overrides)) return false;
  for (const key in overrides) {
    // A '__proto__' key would not survive the contract's record parsing as it is.
    if (key === '__proto__' || !id(key) || !materialOverride(overrides[key])) return false;
  }
  const byId = new Map<string, Obj>();
  for (const l of v.levels) {
    if (!level(l, ids)) return false;
    const lv = l as Obj;
    byId.set(lv.id as string, lv);
  }
  for (const l of v.levels as Obj[]) {
    for (const s of l.stairs as Obj[]) {
      const to = byId.get(s.toLevel as string);
      if (!to) return false;
      const difference = (to.elevation as number) - (l.elevation as number) - (s.position as number[])[1];
      if (Math.abs(difference - (s.rise as number)) > 0.01) return false;
    }
  }
  return true;
}

function picture(v: Obj): boolean {
  return (
    onlyKeys(v, keys.Picture) &&
    uri(v.fileUri) &&
    optional(v, 'title', title) &&
    optional(v, 'description', text) &&
    optional(v, 'altText', (t) => trimmed(t, 0, 1000)) &&
    optional(v, 'artist', (t) => trimmed(t, 0, 200)) &&
    optional(v, 'year', (t) => trimmed(t, 0, 50)) &&
    positive(v.width) &&
    positive(v.height) &&
    transform(v.transform) &&
    optional(
      v,
      'frame',
      (f) => isObject(f) && onlyKeys(f, keys.PictureFrame) && color(f.color) && positive(f.width, 1),
    )
  );
}

function video(v: Obj): boolean {
  const common =
    optional(v, 'title', title) &&
    optional(v, 'posterUri', uri) &&
    bool(v.autoplay) &&
    bool(v.loop) &&
    positive(v.width) &&
    positive(v.height) &&
    transform(v.transform);
  if (!common) return false;
  if (v.source === 'file') return onlyKeys(v, keys.VideoFile) && uri(v.fileUri);
  if (v.source === 'youtube') return onlyKeys(v, keys.VideoYoutube) && youtubeId(v.youtubeId);
  return false;
}

function text3d(v: Obj): boolean {
  return (
    onlyKeys(v, keys.Text3d) &&
    text(v.text) &&
    (v.text as string).length >= 1 &&
    trimmed(v.font, 1, 100) &&
    positive(v.size, 1000) &&
    bool(v.bold) &&
    bool(v.italic) &&
    bool(v.underline) &&
    fontTransform(v.fontTransform) &&
    color(v.color) &&
    alignment(v.alignment) &&
    optional(v, 'maxWidth', (w) => positive(w)) &&
    optional(
      v,
      'outline',
      (o) => isObject(o) && onlyKeys(o, keys.TextOutline) && positive(o.width, 100) && color(o.color),
    ) &&
    optional(
      v,
      'dropShadow',
      (d) =>
        isObject(d) && onlyKeys(d, keys.TextDropShadow) && color(d.color) && nonNegative(d.distance, 100),
    ) &&
    optional(v, 'link', httpUrl) &&
    transform(v.transform)
  );
}

function model3d(v: Obj): boolean {
  return (
    onlyKeys(v, keys.Model3d) &&
    modelFormat(v.format) &&
    uri(v.fileUri) &&
    optional(v, 'title', title) &&
    optional(v, 'mtlUri', uri) &&
    (!('mtlUri' in v) || v.format === 'obj') &&
    transform(v.transform) &&
    optional(v, 'animationClip', (c) => typeof c === 'string' && c.length <= 200) &&
    bool(v.animated) &&
    bool(v.autoplay) &&
    bool(v.loop) &&
    collision(v.collision) &&
    bool(v.dropShadow) &&
    bool(v.clickable) &&
    optional(v, 'externalLink', httpUrl)
  );
}

const placed: Record<(typeof objectListKeys)[number], (v: Obj) => boolean> = {
  pictures: picture,
  videos: video,
  texts3d: text3d,
  models3d: model3d,
  portals: (v) =>
    onlyKeys(v, keys.Portal) && id(v.targetSceneId) && transform(v.transform) && optional(v, 'label', title),
  infoPoints: (v) => onlyKeys(v, keys.InfoPoint) && title(v.title) && text(v.text) && transform(v.transform),
  props: (v) => onlyKeys(v, keys.PlacedProp) && id(v.propId) && transform(v.transform),
  liveVideos: (v) =>
    onlyKeys(v, keys.LiveVideo) &&
    httpUrl(v.streamUrl) &&
    optional(v, 'title', title) &&
    positive(v.width) &&
    positive(v.height) &&
    transform(v.transform),
  webViews3d: (v) =>
    onlyKeys(v, keys.WebView3d) &&
    httpUrl(v.url) &&
    positive(v.width) &&
    positive(v.height) &&
    transform(v.transform),
};

function guidedTour(v: unknown, ids: Ids): boolean {
  if (
    !isObject(v) ||
    !onlyKeys(v, keys.GuidedTour) ||
    !id(v.guidedTourId) ||
    !title(v.title) ||
    !text(v.description) ||
    !bool(v.public) ||
    !list(v.points) ||
    !ids.add(v.guidedTourId)
  ) {
    return false;
  }
  for (const p of v.points) {
    if (
      !isObject(p) ||
      !onlyKeys(p, keys.GuidedTourPoint) ||
      !id(p.guidedTourPointId) ||
      !title(p.title) ||
      !text(p.description) ||
      !vec3(p.position) ||
      !rotation(p.rotation) ||
      !nonNegative(p.duration, 86_400) ||
      !optional(p, 'audioUri', uri) ||
      !Number.isSafeInteger(p.order) ||
      (p.order as number) < 0 ||
      !ids.add(p.guidedTourPointId)
    ) {
      return false;
    }
  }
  return true;
}

/** Whether `doc` is valid scene content of the current version, already in canonical form. */
export function isCanonicalSceneContent(doc: unknown): boolean {
  if (sceneContentVersion !== 2) return false; // Written for version 2: a new version needs a review.
  if (!isObject(doc) || !onlyKeys(doc, keys.SceneContent) || doc.version !== sceneContentVersion)
    return false;
  const ids = new Ids();
  if ('customSpace' in doc && !customSpace(doc.customSpace, ids)) return false;
  if ('spaceTemplate' in doc) {
    if ('customSpace' in doc) return false;
    const t = doc.spaceTemplate;
    if (!isObject(t) || !onlyKeys(t, keys.SpaceTemplateChoice) || !id(t.family)) return false;
    if (!templateSize(t.size) || !templateKind(t.kind)) return false;
  }
  if (!optional(doc, 'ambientSoundUri', uri)) return false;
  if (
    !list(doc.fonts) ||
    !bool(doc.linkable) ||
    !list(doc.links) ||
    !vec3(doc.startingPosition) ||
    !between(doc.startingRotation, 0, 360) ||
    !list(doc.guidedTours) ||
    !Number.isSafeInteger(doc.atlasCount) ||
    (doc.atlasCount as number) < 0
  ) {
    return false;
  }
  for (const f of doc.fonts) {
    if (!isObject(f) || !onlyKeys(f, keys.FontRef) || !trimmed(f.family, 1, 100) || !uri(f.uri)) return false;
  }
  for (const l of doc.links) {
    if (!isObject(l) || !onlyKeys(l, keys.SpaceLink) || !title(l.title) || !httpUrl(l.url)) return false;
  }
  for (const key of objectListKeys) {
    const items = doc[key];
    if (!list(items)) return false;
    const check = placed[key];
    for (const item of items) {
      if (!isObject(item) || !id(item.id) || !check(item) || !ids.add(item.id)) return false;
    }
  }
  for (const tour of doc.guidedTours) if (!guidedTour(tour, ids)) return false;
  return true;
}
