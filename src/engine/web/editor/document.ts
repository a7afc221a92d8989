import {
  type CustomSpace,
  objectListKeys,
  type ObjectListKey,
  type PlacedObject,
  type PlacedObjectEntry,
  placedObjectsOf,
  SceneContent,
  type SpaceTemplateChoice,
  sceneContentVersion,
} from '../../../../contracts/sceneContent';

/**
 * The document the editor edits: a scene content document held in memory, with an index of its
 * placed objects by id, changed only through commands (commands.ts) and announcing every change in
 * the past tense so that the viewport updates just what changed (STYLE.md 13–14).
 */

export type { PlacedObject };
export type ObjectEntry = PlacedObjectEntry;

/** An object with where it stood in its list, for putting it back. */
export interface RemovedEntry extends ObjectEntry {
  index: number;
}

export type DocumentChange =
  | { type: 'objectsAdded'; ids: string[] }
  | { type: 'objectsRemoved'; ids: string[] }
  | { type: 'objectsChanged'; ids: string[] }
  /** Levels, walls, openings, stairs, template, materials, sky or terrain. */
  | { type: 'spaceChanged' }
  | { type: 'toursChanged' }
  /** Entry point, linkable, ambient sound, fonts, links. */
  | { type: 'settingsChanged' };

export interface SpacePart {
  customSpace: CustomSpace | undefined;
  spaceTemplate: SpaceTemplateChoice | undefined;
}

/** Top-level fields commands change as a whole. */
export type DocumentFields = Pick<
  SceneContent,
  'startingPosition' | 'startingRotation' | 'linkable' | 'ambientSoundUri' | 'guidedTours' | 'fonts' | 'links'
>;

const clone = <T>(value: T): T => structuredClone(value);

/** A document with nothing in it (not even a space). */
export const blankContent = (): SceneContent => SceneContent.parse({ version: sceneContentVersion });

export class EditorDocument {
  private content: SceneContent;
  private readonly index = new Map<string, ObjectEntry>();
  private readonly listeners = new Set<(change: DocumentChange) => void>();
  private otherIds: Set<string> | null = null;
  private counter = 0;

  constructor(content: SceneContent) {
    this.content = clone(content);
    for (const entry of placedObjectsOf(this.content)) this.index.set(entry.item.id, entry);
  }

  /** Read-only view of the document (do not change it: use commands). */
  get current(): Readonly<SceneContent> {
    return this.content;
  }

  get objectCount() {
    return this.index.size;
  }

  on(listener: (change: DocumentChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: DocumentChange) {
    if (change.type === 'spaceChanged' || change.type === 'toursChanged') this.otherIds = null;
    for (const listener of this.listeners) listener(change);
  }

  get(id: string): ObjectEntry | undefined {
    return this.index.get(id);
  }

  /** Ids of everything that is not a placed object: levels, walls, openings, stairs, tours, points. */
  private spaceAndTourIds(): Set<string> {
    if (!this.otherIds) {
      const ids = new Set<string>();
      for (const level of this.content.customSpace?.levels ?? []) {
        ids.add(level.id);
        for (const part of [level.walls, level.openings, level.stairs]) part.forEach((p) => ids.add(p.id));
      }
      for (const tour of this.content.guidedTours) {
        ids.add(tour.guidedTourId);
        tour.points.forEach((p) => ids.add(p.guidedTourPointId));
      }
      this.otherIds = ids;
    }
    return this.otherIds;
  }

  isFree(id: string): boolean {
    return !this.index.has(id) && !this.spaceAndTourIds().has(id);
  }

  /** A new id, unique in the document: `<prefix>-<n>`. */
  freshId(prefix: string, taken: Set<string> = new Set()): string {
    for (;;) {
      const id = `${prefix}-${(++this.counter).toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
      if (this.isFree(id) && !taken.has(id)) return id;
    }
  }

  /** Puts objects in their lists (at an index, or at the end). */
  insert(entries: (ObjectEntry & { index?: number })[]) {
    const ordered = [...entries].sort((a, b) => (a.index ?? Infinity) - (b.index ?? Infinity));
    for (const { list, item, index } of ordered) {
      const items = this.content[list] as PlacedObject[];
      if (index === undefined || index >= items.length) items.push(item);
      else items.splice(index, 0, item);
      this.index.set(item.id, { list, item });
    }
    this.emit({ type: 'objectsAdded', ids: entries.map((e) => e.item.id) });
  }

  /** Takes objects out; returns them with their places, in the order they can be put back. */
  remove(ids: string[]): RemovedEntry[] {
    const wanted = new Set(ids.filter((id) => this.index.has(id)));
    const removed: RemovedEntry[] = [];
    for (const list of objectListKeys) {
      const items = this.content[list] as PlacedObject[];
      if (!items.some((item) => wanted.has(item.id))) continue;
      const kept: PlacedObject[] = [];
      items.forEach((item, index) => {
        if (wanted.has(item.id)) removed.push({ list, item, index });
        else kept.push(item);
      });
      (this.content as unknown as Record<ObjectListKey, PlacedObject[]>)[list] = kept;
    }
    for (const r of removed) this.index.delete(r.item.id);
    if (removed.length) this.emit({ type: 'objectsRemoved', ids: removed.map((r) => r.item.id) });
    return removed;
  }

  /** Replaces objects by new versions with the same ids. */
  replace(items: PlacedObject[]) {
    for (const item of items) {
      const entry = this.index.get(item.id);
      if (!entry) continue;
      const list = this.content[entry.list] as PlacedObject[];
      list[list.indexOf(entry.item)] = item;
      this.index.set(item.id, { list: entry.list, item });
    }
    this.emit({ type: 'objectsChanged', ids: items.map((i) => i.id) });
  }

  get space(): SpacePart {
    return { customSpace: this.content.customSpace, spaceTemplate: this.content.spaceTemplate };
  }

  setSpace(part: SpacePart) {
    this.content.customSpace = part.customSpace;
    this.content.spaceTemplate = part.spaceTemplate;
    if (part.customSpace === undefined) delete this.content.customSpace;
    if (part.spaceTemplate === undefined) delete this.content.spaceTemplate;
    this.emit({ type: 'spaceChanged' });
  }

  setFields(fields: Partial<DocumentFields>) {
    Object.assign(this.content, fields);
    if ('ambientSoundUri' in fields && fields.ambientSoundUri === undefined)
      delete this.content.ambientSoundUri;
    const tours = 'guidedTours' in fields;
    if (tours) this.emit({ type: 'toursChanged' });
    if (!tours || Object.keys(fields).length > 1) this.emit({ type: 'settingsChanged' });
  }

  /** The whole document, as the engine exports it. */
  export(): SceneContent {
    return clone(this.content);
  }
}
