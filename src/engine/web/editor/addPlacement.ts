import { Box3, Vector3 } from 'three';
import type { Level, SceneContent, Transform } from '../../../../contracts/sceneContent';
import { placedObjectsOf, type PlacedObjectEntry } from '../../../../contracts/sceneContent';
import { floorRects } from '../../../../geometry/plan';
import {
  type CameraView,
  type FlatItem,
  type Footprint,
  hangOnWall,
  spanOnFace,
  standOnFloor,
  wallFaces,
} from '../../../../geometry/placement';
import type { PlaceableItem } from '../../protocol';
import { spaceOf } from '../build/scene';
import { type EditorObject, shapeVersion } from './objects';
import { placementFor } from './placement';

/**
 * Where `Editor.Content.add` (no point given) puts new content: the rules of
 * geometry/placement.ts applied to the document being edited, the level being edited and the
 * camera. What already stands on the floor takes the room its scene object takes (models are
 * measured once loaded); what is not drawn yet takes a usual size for its kind.
 */

/** Radius on the plan of what has no size of its own (a model still loading, a prop, ...). */
const usualRadius: Record<PlaceableItem['kind'], number> = {
  picture: 0.6,
  video: 0.8,
  text3d: 0.5,
  model3d: 0.6,
  portal: 0.7,
  infoPoint: 0.3,
  prop: 0.5,
  webView3d: 0.8,
  liveVideo: 0.8,
};
const kindOfList: Record<PlacedObjectEntry['list'], PlaceableItem['kind']> = {
  pictures: 'picture',
  videos: 'video',
  texts3d: 'text3d',
  models3d: 'model3d',
  portals: 'portal',
  infoPoints: 'infoPoint',
  props: 'prop',
  webViews3d: 'webView3d',
  liveVideos: 'liveVideo',
};

/** The level the new content goes on: the one being edited, else the one the camera is over. */
function levelFor(levels: Level[], activeLevelId: string | null, cameraY: number): Level | null {
  const active = levels.find((l) => l.id === activeLevelId);
  if (active) return active;
  const bottomUp = [...levels].sort((a, b) => a.elevation - b.elevation);
  return bottomUp.filter((l) => l.elevation <= cameraY - 1).at(-1) ?? bottomUp[0] ?? null;
}

function flatItemOf(item: { width?: unknown; height?: unknown; transform: Transform }): FlatItem | null {
  if (typeof item.width !== 'number' || typeof item.height !== 'number') return null;
  const { position, rotation, scale } = item.transform;
  return { position, yaw: rotation[1], width: item.width * scale[0], height: item.height * scale[1] };
}

function sizeOf(placeable: PlaceableItem): { width: number; height: number } | null {
  const item = placeable.item as { width?: unknown; height?: unknown };
  return typeof item.width === 'number' && typeof item.height === 'number'
    ? { width: item.width, height: item.height }
    : null;
}

export interface AddContext {
  content: Readonly<SceneContent>;
  activeLevelId: string | null;
  camera: CameraView;
  /** The scene objects drawn for the placed objects, by id (to measure them). */
  objects: ReadonlyMap<string, EditorObject>;
}

/** The transform new content gets when added without a point. */
export function addPlacement(placeable: PlaceableItem, ctx: AddContext): Transform {
  const { content, camera } = ctx;
  const space = spaceOf(content as SceneContent);
  const level = space ? levelFor(space.levels, ctx.activeLevelId, camera.position[1]) : null;
  const rect = space && level ? (floorRects(space).get(level.id) ?? null) : null;
  const faces = level && rect ? wallFaces(level, rect) : [];
  const floorY = level?.elevation ?? 0;
  const entries = placedObjectsOf(content);
  const flat = entries.map((e) => flatItemOf(e.item)).filter((f): f is FlatItem => f !== null);

  const size = sizeOf(placeable);
  if (placeable.kind === 'picture' && size) {
    const hung = hangOnWall(faces, camera, size, flat);
    if (hung) return { position: hung.position, rotation: [0, hung.yaw, 0], scale: [1, 1, 1] };
  }

  const standing: Footprint[] = [];
  for (const entry of entries) {
    const { position } = entry.item.transform;
    if (level && (position[1] < level.elevation - 0.5 || position[1] > level.elevation + level.height))
      continue;
    const asFlat = flatItemOf(entry.item);
    if (asFlat && faces.some((face) => spanOnFace(face, asFlat))) continue; // hangs on a wall
    standing.push(footprintOf(entry, ctx.objects.get(entry.item.id)));
  }
  const radius = size ? Math.max(size.width / 2, 0.3) : usualRadius[placeable.kind];
  const spot = standOnFloor(camera, { y: floorY, rect, walls: level?.walls ?? [] }, radius, standing);
  return placementFor(placeable.kind, { point: spot.position, normal: [0, 1, 0], floorY }, camera.position);
}

/**
 * Footprints measured from drawn objects, kept while the object and its transform stay the same
 * (an edit replaces the item's transform; a changed look replaces the drawn object; a model that
 * loads bumps its shape version), so adding the 500th object does not measure the 499 before it.
 */
const measured = new WeakMap<EditorObject, { transform: Transform; shape: number; footprint: Footprint }>();

function footprintOf(entry: PlacedObjectEntry, drawn: EditorObject | undefined): Footprint {
  const known = drawn && measured.get(drawn);
  if (known && known.transform === entry.item.transform && known.shape === shapeVersion(drawn.root))
    return known.footprint;
  const box = drawn ? new Box3().setFromObject(drawn.root) : new Box3();
  if (drawn && !box.isEmpty()) {
    const center = box.getCenter(new Vector3());
    const size = box.getSize(new Vector3());
    const footprint: Footprint = { center: [center.x, center.z], radius: Math.max(size.x, size.z) / 2 };
    measured.set(drawn, { transform: entry.item.transform, shape: shapeVersion(drawn.root), footprint });
    return footprint;
  }
  const { position, scale } = entry.item.transform;
  const flat = flatItemOf(entry.item);
  const radius = flat ? flat.width / 2 : usualRadius[kindOfList[entry.list]] * Math.max(scale[0], scale[2]);
  return { center: [position[0], position[2]], radius };
}
