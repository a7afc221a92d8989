import type { z } from 'zod';
import {
  InfoPoint,
  LiveVideo,
  Model3d,
  type ObjectListKey,
  Picture,
  PlacedProp,
  Portal,
  Text3d,
  type Transform,
  type Vec3,
  Video,
  WebView3d,
} from '../../../../../contracts/sceneContent';
import type { PlaceableItem } from '../../../protocol';
import { AddObjects, type Command, RemoveObjects, ReplaceObjects } from '../commands';
import type { EditorDocument, ObjectEntry, PlacedObject } from '../document';
import { reject, type Rejection } from './rejection';

/** Edits of placed objects: add, change, move, remove, duplicate, paste. */

export const listOfKind: Record<PlaceableItem['kind'], ObjectListKey> = {
  picture: 'pictures',
  video: 'videos',
  text3d: 'texts3d',
  model3d: 'models3d',
  portal: 'portals',
  infoPoint: 'infoPoints',
  prop: 'props',
  webView3d: 'webViews3d',
  liveVideo: 'liveVideos',
};

const schemaOf: Record<ObjectListKey, z.ZodType> = {
  pictures: Picture,
  videos: Video,
  texts3d: Text3d,
  models3d: Model3d,
  portals: Portal,
  infoPoints: InfoPoint,
  props: PlacedProp,
  webViews3d: WebView3d,
  liveVideos: LiveVideo,
};

/** What a list's objects are called in undo labels and the object list. */
export const nameOfList: Record<ObjectListKey, string> = {
  pictures: 'picture',
  videos: 'video',
  texts3d: 'text',
  models3d: 'model',
  portals: 'portal',
  infoPoints: 'info point',
  props: 'prop',
  webViews3d: 'web view',
  liveVideos: 'live video',
};

/**
 * What an object is called in lists: its title (or label, or text); without one, a name made from
 * what it shows — never a file path.
 */
export function labelOf({ list, item }: ObjectEntry): string {
  const o = item as Record<string, unknown>;
  const own = [o.title, o.label, o.text].find((t): t is string => typeof t === 'string' && t.trim() !== '');
  if (own) return own.trim().slice(0, 80);
  const named =
    typeof o.propId === 'string'
      ? humanName(o.propId)
      : typeof o.fileUri === 'string'
        ? humanName(fileNameOf(o.fileUri))
        : typeof o.url === 'string'
          ? hostOf(o.url)
          : typeof o.youtubeId === 'string'
            ? 'YouTube video'
            : typeof o.targetSceneId === 'string'
              ? `To ${o.targetSceneId}`
              : '';
  const name = nameOfList[list];
  return named || `${name[0].toUpperCase()}${name.slice(1)}`;
}

/** The last part of a path without its extension ('/demo/models/torus-knot.glb' → 'torus-knot'). */
function fileNameOf(uri: string): string {
  const last = uri.split(/[?#]/)[0].split('/').filter(Boolean).at(-1) ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // Not percent-encoded after all: keep it as it is.
  }
  name = name.replace(/\.[a-z0-9]{1,5}$/i, '');
  // A stored file's name is its id: nothing a person would call it.
  return /^[0-9a-f-]{16,}$/i.test(name) ? '' : name;
}

/** 'floor-lamp' → 'Floor lamp'. */
function humanName(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words ? `${words[0].toUpperCase()}${words.slice(1)}` : '';
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function validate(list: ObjectListKey, candidate: unknown): PlacedObject | Rejection {
  const result = schemaOf[list].safeParse(candidate);
  if (result.success) return result.data as PlacedObject;
  const issue = result.error.issues[0];
  return reject('VALIDATION_FAILED', `${issue.path.join('.') || nameOfList[list]}: ${issue.message}`);
}

export function addObject(
  doc: EditorDocument,
  placeable: PlaceableItem,
  transform: Transform,
): { command: Command; id: string } | Rejection {
  const list = listOfKind[placeable.kind];
  const wanted = placeable.item.id;
  const id = wanted && doc.isFree(wanted) ? wanted : doc.freshId(placeable.kind.toLowerCase());
  const item = validate(list, { ...placeable.item, id, transform: placeable.item.transform ?? transform });
  if ('rejected' in item) return item;
  return { command: new AddObjects([{ list, item }], `Add ${nameOfList[list]}`), id };
}

/** Changes fields of an object; typing in one field merges into one undo step. */
export function updateObject(
  doc: EditorDocument,
  id: string,
  patch: Record<string, unknown>,
): Command | Rejection {
  const entry = doc.get(id);
  if (!entry) return reject('NOT_FOUND', `There is no object "${id}"`);
  if ('id' in patch && patch.id !== id) return reject('VALIDATION_FAILED', 'An object keeps its id');
  const merged: Record<string, unknown> = { ...structuredClone(entry.item), ...structuredClone(patch) };
  // A field set to null is taken away (an optional frame, outline, link...).
  for (const [key, value] of Object.entries(patch)) if (value === null) delete merged[key];
  const item = validate(entry.list, merged);
  if ('rejected' in item) return item;
  const keys = Object.keys(patch).sort().join(',');
  return new ReplaceObjects([entry.item], [item], `Edit ${nameOfList[entry.list]}`, `update:${id}:${keys}`);
}

/** Moves objects (a drag, a gizmo, a nudge): one undo step. */
export function setTransforms(
  doc: EditorDocument,
  changes: { id: string; transform: Transform }[],
  mergeKey?: string,
): Command | Rejection {
  const before: PlacedObject[] = [];
  const after: PlacedObject[] = [];
  for (const { id, transform } of changes) {
    const entry = doc.get(id);
    if (!entry) return reject('NOT_FOUND', `There is no object "${id}"`);
    const item = validate(entry.list, { ...entry.item, transform });
    if ('rejected' in item) return item;
    before.push(entry.item);
    after.push(item);
  }
  if (!after.length) return reject('NOT_FOUND', 'Nothing to move');
  const label =
    after.length === 1 ? `Move ${nameOfList[doc.get(after[0].id)!.list]}` : `Move ${after.length} objects`;
  return new ReplaceObjects(before, after, label, mergeKey);
}

export function removeObjects(doc: EditorDocument, ids: string[]): Command | Rejection {
  const present = ids.filter((id) => doc.get(id));
  if (!present.length) return reject('NOT_FOUND', 'Nothing to delete');
  return new RemoveObjects(present);
}

const shifted = (t: Transform, by: Vec3): Transform => ({
  ...t,
  position: [t.position[0] + by[0], t.position[1] + by[1], t.position[2] + by[2]],
});

/** Copies of objects with new ids, moved by `offset(entry)`. */
export function copiesOf(
  doc: EditorDocument,
  entries: ObjectEntry[],
  offset: (entry: ObjectEntry) => Vec3,
  label: string,
): { command: Command; ids: string[] } | Rejection {
  if (!entries.length) return reject('NOT_FOUND', 'Nothing selected');
  const taken = new Set<string>();
  const copies = entries.map((entry) => {
    const id = doc.freshId(nameOfList[entry.list].replace(' ', '-'), taken);
    taken.add(id);
    const item = {
      ...structuredClone(entry.item),
      id,
      transform: shifted(entry.item.transform, offset(entry)),
    } as PlacedObject;
    return { list: entry.list, item };
  });
  return { command: new AddObjects(copies, label), ids: copies.map((c) => c.item.id) };
}
