import {
  type InfoPoint,
  type Model3d,
  objectListKeys,
  type Picture,
  type PlacedProp,
  type Portal,
  type SceneContent,
  type Text3d,
  type Video,
  type WebView3d,
  type LiveVideo,
} from '../../../contracts/sceneContent';

/** An object of the exported document, by the list it is in. */
export type PlacedObject =
  | { list: 'pictures'; object: Picture }
  | { list: 'videos'; object: Video }
  | { list: 'texts3d'; object: Text3d }
  | { list: 'models3d'; object: Model3d }
  | { list: 'portals'; object: Portal }
  | { list: 'infoPoints'; object: InfoPoint }
  | { list: 'props'; object: PlacedProp }
  | { list: 'liveVideos'; object: LiveVideo }
  | { list: 'webViews3d'; object: WebView3d };

/** Finds a placed object of the document by id. */
export function findPlacedObject(content: SceneContent | null, id: string): PlacedObject | null {
  if (!content) return null;
  for (const list of objectListKeys) {
    const object = (content[list] as { id: string }[]).find((o) => o.id === id);
    if (object) return { list, object } as PlacedObject;
  }
  return null;
}

/**
 * The fields of an object's update patch that differ from the object: what
 * `Editor.Content.update` is sent. `null` clears an optional field (a frame, a link).
 */
export function changedFields<T extends object>(object: T, edits: Partial<Record<keyof T, unknown>>) {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edits)) {
    const current = (object as Record<string, unknown>)[key];
    const cleared = value === null && current === undefined;
    if (!cleared && JSON.stringify(current) !== JSON.stringify(value)) patch[key] = value;
  }
  return patch;
}

/** Sends the fields an edit changed; the engine merges quick edits into one undo step. */
export type Update = (patch: Record<string, unknown>) => void;
