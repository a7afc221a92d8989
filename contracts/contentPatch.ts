import { z } from 'zod';
import { ObjectId, sceneContentLimits } from './sceneFields';
import { type ObjectListKey, objectListKeys, type SceneContent } from './sceneContent';

/**
 * An incremental save of a space's content (PATCH scene/content/{id}): what changed since the
 * version the editor last stored, by stable id, so an edit to one object of a big space sends that
 * object and not the whole document. The server applies it to that version (If-Match) and
 * validates the whole result against the contract, as it does a full save.
 *
 * - `set`: fields of the document other than the object lists, each replaced whole;
 * - `unset`: optional fields removed (a custom space given up for a premade room);
 * - `lists`: for each list of placed objects, the objects added or changed (whole, by `id`), the
 *   ids removed, and — only when it is not the one applying the rest gives — the new order.
 *
 * `contentPatchOf` makes one and `applyContentPatch` applies it; applying the patch of two
 * documents to the first gives the second.
 */

/** The document's fields that are not lists of placed objects (`version` never changes). */
export const contentFieldKeys = [
  'customSpace',
  'spaceTemplate',
  'fonts',
  'linkable',
  'links',
  'startingPosition',
  'startingRotation',
  'guidedTours',
  'ambientSoundUri',
  'atlasCount',
] as const;
export type ContentFieldKey = (typeof contentFieldKeys)[number];

const ContentField = z.enum(contentFieldKeys);
const ObjectListName = z.enum(objectListKeys);

/** A placed object as a patch carries it: any object with an id (the whole result is validated). */
const PatchedObject = z.looseObject({ id: ObjectId });

const ListChange = z
  .object({
    upsert: z.array(PatchedObject).max(sceneContentLimits.itemsPerList).default([]),
    remove: z.array(ObjectId).max(sceneContentLimits.itemsPerList).default([]),
    order: z.array(ObjectId).max(sceneContentLimits.itemsPerList).optional(),
  })
  .strict();
export type ListChange = z.output<typeof ListChange>;

export const ContentPatch = z
  .object({
    set: z.partialRecord(ContentField, z.unknown()).default({}),
    unset: z.array(ContentField).max(contentFieldKeys.length).default([]),
    lists: z.partialRecord(ObjectListName, ListChange).default({}),
  })
  .strict()
  .meta({ id: 'ContentPatch' });
export type ContentPatch = z.output<typeof ContentPatch>;
export type ContentPatchInput = z.input<typeof ContentPatch>;

/** Why a patch does not fit the version it is applied to. */
export class ContentPatchError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'ContentPatchError';
  }
}

type Doc = Record<string, unknown>;
type Item = { id: string } & Record<string, unknown>;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Whether a patch changes nothing. */
export function isEmptyContentPatch(patch: ContentPatchInput): boolean {
  return (
    Object.keys(patch.set ?? {}).length === 0 &&
    (patch.unset ?? []).length === 0 &&
    Object.keys(patch.lists ?? {}).length === 0
  );
}

/**
 * What changed from `base` to `next`, by field and by object id. Objects and fields are compared by
 * their JSON, so a document that round-tripped through the engine unchanged makes an empty patch.
 */
export function contentPatchOf(base: SceneContent, next: SceneContent): ContentPatch {
  const from = base as unknown as Doc;
  const to = next as unknown as Doc;
  const patch: ContentPatch = { set: {}, unset: [], lists: {} };
  for (const key of contentFieldKeys) {
    if (to[key] === undefined) {
      if (from[key] !== undefined) patch.unset.push(key);
    } else if (!same(from[key], to[key])) patch.set[key] = to[key];
  }
  for (const list of objectListKeys) {
    const change = listChangeOf((from[list] ?? []) as Item[], (to[list] ?? []) as Item[]);
    if (change) patch.lists[list] = change;
  }
  return patch;
}

function listChangeOf(before: Item[], after: Item[]): ListChange | null {
  const old = new Map(before.map((item) => [item.id, JSON.stringify(item)]));
  const kept = new Set(after.map((item) => item.id));
  const upsert = after.filter((item) => old.get(item.id) !== JSON.stringify(item));
  const remove = before.filter((item) => !kept.has(item.id)).map((item) => item.id);
  const change: ListChange = { upsert, remove };
  // The order the rest gives: the old order without the removed, new objects at the end.
  const given = applyListChange(before, change, '').map((item) => item.id);
  const wanted = after.map((item) => item.id);
  if (given.some((id, i) => id !== wanted[i])) change.order = wanted;
  if (upsert.length === 0 && remove.length === 0 && !change.order) return null;
  return change;
}

function applyListChange(before: Item[], change: ListChange, path: string): Item[] {
  const removed = new Set(change.remove);
  const replaced = new Map(change.upsert.map((item) => [item.id, item as Item]));
  const result: Item[] = [];
  const present = new Set<string>();
  for (const item of before) {
    if (removed.has(item.id)) continue;
    result.push(replaced.get(item.id) ?? item);
    present.add(item.id);
  }
  for (const item of change.upsert) {
    if (present.has(item.id) || removed.has(item.id)) continue;
    result.push(item as Item);
    present.add(item.id);
  }
  if (!change.order) return result;
  const byId = new Map(result.map((item) => [item.id, item]));
  if (change.order.length !== result.length || new Set(change.order).size !== change.order.length)
    throw new ContentPatchError('The new order must name each object of the list once', `${path}/order`);
  return change.order.map((id) => {
    const item = byId.get(id);
    if (!item)
      throw new ContentPatchError(`The new order names "${id}", which is not in the list`, `${path}/order`);
    return item;
  });
}

/**
 * The document `patch` makes of `doc` (which is left as it is: unchanged lists and objects are
 * shared). Throws a `ContentPatchError` when the patch does not fit the document; whether the
 * result is valid content is for the contract to say.
 */
export function applyContentPatch(doc: SceneContent, patch: ContentPatch): SceneContent {
  const result: Doc = { ...(doc as unknown as Doc) };
  for (const key of patch.unset) delete result[key];
  for (const [key, value] of Object.entries(patch.set)) result[key] = value;
  for (const [list, change] of Object.entries(patch.lists) as [ObjectListKey, ListChange][]) {
    result[list] = applyListChange((result[list] ?? []) as Item[], change, `/lists/${list}`);
  }
  return result as unknown as SceneContent;
}
