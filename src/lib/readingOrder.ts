import type { SceneContent } from '../../contracts/sceneContent';

/**
 * The accessible list view's order (platform.md §2.7, 'a tour anyone can take'): what a visitor
 * who cannot see the space reads, one work after another, as a sighted visitor would meet them.
 *
 * The rule:
 * 1. Works are grouped by level, lowest level first (a template space has one level).
 * 2. On each level, the works the space's first public guided tour shows come first, in the
 *    tour's order: at each stop, the works in view (within 35° of where the stop looks, 12 m
 *    away at most, on the stop's level), left to right.
 * 3. Then the rest of the level, walking round the room: clockwise seen from above, around the
 *    middle of the level's works, starting from the side where visitors enter (the starting
 *    position); nearer the middle first when two are in the same direction.
 *
 * Pure: content in, ordered items out.
 */

export type SpaceListItemKind = 'picture' | 'video' | 'model' | 'text' | 'infoPoint' | 'webView';

export interface SpaceListItem {
  id: string;
  kind: SpaceListItemKind;
  /** The work's title (a 3D text's own text, a web view's address); null when it has none. */
  title: string | null;
  description: string | null;
  /** Pictures: what the picture shows, in words. */
  altText: string | null;
  artist: string | null;
  year: string | null;
  /** Pictures: the image; videos: the poster. */
  imageUri: string | null;
  position: [number, number, number];
  /** Flat works face +z turned by this yaw (degrees); a model's own turn. */
  yaw: number;
  /** Displayed width in metres (flat works), for how far to stand back. */
  width: number;
  levelId: string | null;
}

export interface SpaceListLevel {
  /** Null in a template space (one level). */
  id: string | null;
  name: string | null;
  elevation: number;
  items: SpaceListItem[];
}

/** Where a visitor stands to see a work: an eye position and the yaw to look (degrees, 0–360). */
export interface Viewpoint {
  position: [number, number, number];
  yaw: number;
}

/** A tour stop sees works this far off its view, and this far away. */
export const tourView = { halfAngle: 35, reach: 12 } as const;
const eyeHeight = 1.6;
/** Stand this far in front of a flat work (more for wide ones) or from a model. */
const viewing = { flat: 1.8, model: 2.5, widthFactor: 1.1 } as const;

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;
const normalize = (deg: number) => ((deg % 360) + 360) % 360;

/** Every work and info point of the space, in the order of the document's lists. */
export function spaceListItems(content: SceneContent): SpaceListItem[] {
  const levelOf = levelFinder(content);
  const base = (id: string, position: [number, number, number], yaw: number) => ({
    id,
    position,
    yaw,
    levelId: levelOf(position[1]),
    title: null,
    description: null,
    altText: null,
    artist: null,
    year: null,
    imageUri: null,
    width: 0,
  });
  const orNull = (text: string | undefined) => (text && text.trim() ? text : null);
  return [
    ...content.pictures.map((p) => ({
      ...base(p.id, p.transform.position, p.transform.rotation[1]),
      kind: 'picture' as const,
      title: orNull(p.title),
      description: orNull(p.description),
      altText: orNull(p.altText),
      artist: orNull(p.artist),
      year: orNull(p.year),
      imageUri: p.fileUri,
      width: p.width * p.transform.scale[0],
    })),
    ...content.videos.map((v) => ({
      ...base(v.id, v.transform.position, v.transform.rotation[1]),
      kind: 'video' as const,
      title: orNull(v.title),
      imageUri: v.posterUri ?? null,
      width: v.width * v.transform.scale[0],
    })),
    ...content.liveVideos.map((v) => ({
      ...base(v.id, v.transform.position, v.transform.rotation[1]),
      kind: 'video' as const,
      title: orNull(v.title),
      width: v.width * v.transform.scale[0],
    })),
    ...content.models3d.map((m) => ({
      ...base(m.id, m.transform.position, m.transform.rotation[1]),
      kind: 'model' as const,
      title: orNull(m.title),
    })),
    ...content.texts3d.map((t) => ({
      ...base(t.id, t.transform.position, t.transform.rotation[1]),
      kind: 'text' as const,
      title: orNull(t.text),
      width: t.maxWidth ?? 0,
    })),
    ...content.infoPoints.map((i) => ({
      ...base(i.id, i.transform.position, i.transform.rotation[1]),
      kind: 'infoPoint' as const,
      title: orNull(i.title),
      description: orNull(i.text),
    })),
    ...content.webViews3d.map((w) => ({
      ...base(w.id, w.transform.position, w.transform.rotation[1]),
      kind: 'webView' as const,
      title: w.url,
      width: w.width * w.transform.scale[0],
    })),
  ];
}

interface LevelInfo {
  id: string | null;
  name: string | null;
  elevation: number;
}

function levelsOf(content: SceneContent): LevelInfo[] {
  const levels = content.customSpace?.levels ?? [];
  if (!levels.length) return [{ id: null, name: null, elevation: 0 }];
  return [...levels]
    .sort((a, b) => a.elevation - b.elevation)
    .map((l) => ({ id: l.id, name: l.name, elevation: l.elevation }));
}

/** The level a height belongs to: the highest floor at or (a little) below it. */
function levelFinder(content: SceneContent) {
  const levels = levelsOf(content);
  return (y: number): string | null => {
    let found = levels[0];
    for (const level of levels) if (level.elevation <= y + 0.25) found = level;
    return found.id;
  };
}

/** The works a tour stop looks at, left to right. */
function seenFrom(
  point: { position: [number, number, number]; rotation: [number, number, number] },
  items: SpaceListItem[],
  levelOf: (y: number) => string | null,
): SpaceListItem[] {
  const [ex, ey, ez] = point.position;
  const yaw = radians(point.rotation[1]);
  const forward = [-Math.sin(yaw), -Math.cos(yaw)];
  const right = [Math.cos(yaw), -Math.sin(yaw)];
  const level = levelOf(ey - eyeHeight);
  return items
    .map((item) => {
      const dx = item.position[0] - ex;
      const dz = item.position[2] - ez;
      const ahead = dx * forward[0] + dz * forward[1];
      const across = dx * right[0] + dz * right[1];
      return { item, distance: Math.hypot(dx, dz), angle: degrees(Math.atan2(across, ahead)) };
    })
    .filter(
      ({ item, distance, angle }) =>
        item.levelId === level && distance <= tourView.reach && Math.abs(angle) <= tourView.halfAngle,
    )
    .sort((a, b) => a.angle - b.angle || a.distance - b.distance)
    .map(({ item }) => item);
}

/** The first public guided tour's works, in its order (each work once, where first seen). */
export function tourOrder(content: SceneContent, items: SpaceListItem[]): SpaceListItem[] {
  const tour = content.guidedTours.find((t) => t.public && t.points.length > 0);
  if (!tour) return [];
  const levelOf = levelFinder(content);
  const taken = new Set<string>();
  const ordered: SpaceListItem[] = [];
  for (const point of [...tour.points].sort((a, b) => a.order - b.order)) {
    for (const item of seenFrom(point, items, levelOf)) {
      if (taken.has(item.id)) continue;
      taken.add(item.id);
      ordered.push(item);
    }
  }
  return ordered;
}

/** Clockwise from above (north is -z, east +x), from `startBearing`, around `centre`. */
function walkRound(items: SpaceListItem[], start: [number, number, number]): SpaceListItem[] {
  if (items.length < 2) return items;
  const cx = items.reduce((sum, i) => sum + i.position[0], 0) / items.length;
  const cz = items.reduce((sum, i) => sum + i.position[2], 0) / items.length;
  const bearing = (x: number, z: number) => normalize(degrees(Math.atan2(x - cx, -(z - cz))));
  const from = Math.hypot(start[0] - cx, start[2] - cz) < 1e-6 ? 0 : bearing(start[0], start[2]);
  const key = (i: SpaceListItem) => ({
    turn: Math.round(normalize(bearing(i.position[0], i.position[2]) - from) * 1000) / 1000,
    distance: Math.hypot(i.position[0] - cx, i.position[2] - cz),
  });
  return items
    .map((item) => ({ item, ...key(item) }))
    .sort((a, b) => a.turn - b.turn || a.distance - b.distance || a.item.id.localeCompare(b.item.id))
    .map(({ item }) => item);
}

/** The list view's levels and their works, in reading order (see the rule above). */
export function readingOrder(content: SceneContent): SpaceListLevel[] {
  const items = spaceListItems(content);
  const toured = tourOrder(content, items);
  const touredIds = new Set(toured.map((i) => i.id));
  return levelsOf(content)
    .map((level) => {
      const onLevel = (i: SpaceListItem) => i.levelId === level.id;
      const rest = items.filter((i) => onLevel(i) && !touredIds.has(i.id));
      return {
        ...level,
        items: [...toured.filter(onLevel), ...walkRound(rest, content.startingPosition)],
      };
    })
    .filter((level) => level.items.length > 0);
}

/**
 * Where to stand to see a work, looking at it: in front of a flat work (further back from a wide
 * one), or beside a model on the side of `towards` (the middle of its room).
 */
export function viewpointOf(
  item: SpaceListItem,
  elevation: number,
  towards: [number, number] = [item.position[0], item.position[2] + 1],
): Viewpoint {
  const eyeY = elevation + eyeHeight;
  if (item.kind === 'model') {
    let dx = towards[0] - item.position[0];
    let dz = towards[1] - item.position[2];
    const length = Math.hypot(dx, dz);
    [dx, dz] = length > 1e-6 ? [dx / length, dz / length] : [0, 1];
    const eye: [number, number, number] = [
      item.position[0] + dx * viewing.model,
      eyeY,
      item.position[2] + dz * viewing.model,
    ];
    // Looking back along (-dx, -dz): forward is (-sin yaw, -cos yaw).
    return { position: eye, yaw: normalize(degrees(Math.atan2(dx, dz))) };
  }
  const distance = Math.max(viewing.flat, item.width * viewing.widthFactor);
  const r = radians(item.yaw);
  return {
    position: [item.position[0] + Math.sin(r) * distance, eyeY, item.position[2] + Math.cos(r) * distance],
    yaw: normalize(item.yaw),
  };
}

/** The middle of a level's works on the plan (where models are seen from). */
export function levelMiddle(level: SpaceListLevel): [number, number] {
  const n = level.items.length || 1;
  return [
    level.items.reduce((sum, i) => sum + i.position[0], 0) / n,
    level.items.reduce((sum, i) => sum + i.position[2], 0) / n,
  ];
}
