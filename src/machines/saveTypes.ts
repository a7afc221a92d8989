import type { AnyActorRef } from 'xstate';
import type { ContentPatch } from '../../contracts/contentPatch';
import type { SceneContent } from '../../contracts/sceneContent';
import type { AutosaveTiming } from './autosaveMachine';

/** The save flow's timings, events, inputs and what its actors take and give (saveMachine.ts). */

/** Every timing of saving, in one place (districts-commerce-spaces.md §9, platform.md §4). */
export interface SaveTiming extends AutosaveTiming {
  /** How long the engine may take to export its document before the save fails. */
  exportTimeoutMs: number;
  /** How long the 'Successfully saved scene!' toast stays. */
  savedToastMs: number;
}

export const saveTiming: Readonly<SaveTiming> = {
  autosaveIntervalMs: 30_000,
  retryFirstMs: 2_000,
  retryMaxMs: 30_000,
  exportTimeoutMs: 30_000,
  savedToastMs: 600,
};

/** Where the saved toast shows. */
export const savedToastPlacement = 'top-left' as const;

export const exportTimeoutMessage = 'The editor did not export the scene in time';

/** What the header shows ('conflict': another window saved this space since it was loaded here). */
export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'failed' | 'conflict';

/** Why a save failed: the API's `ApiProblem` ({ message, status?, code? }) or any other error's message. */
export interface SaveProblem {
  message: string;
  status?: number;
  code?: string;
  details?: unknown;
}

/** The service refuses a save made on a replaced version with this code (and the current version). */
export const staleContentCode = 'STALE_CONTENT';

/** Stores the whole document: over version `ifMatch` only, or whatever is stored when null. */
export interface PutContentInput {
  sceneId: string;
  content: SceneContent;
  ifMatch: string | null;
}

/** Stores the changes made since version `ifMatch`. */
export interface PatchContentInput {
  sceneId: string;
  patch: ContentPatch;
  ifMatch: string;
}

/** What a content save answers: the version it made. */
export interface StoredVersion {
  etag: string;
}

export interface SaveContext {
  /** The scene being edited; null for a new scene until its first save creates it. */
  sceneId: string | null;
  /** The scene the page's route names (null on /curate): a new scene's first stored content moves it. */
  routeSceneId: string | null;
  /** The title in the header. */
  title: string;
  /** The user typed a title before the document finished opening: the opened title does not replace it. */
  titleTyped: boolean;
  /** The user's autosave setting. */
  autoSave: boolean;
  /** Counts edits (engine changes and title changes) since the scene loaded. */
  editRevision: number;
  /** Every edit up to this revision is stored on the server. */
  savedRevision: number;
  /** The revision the running save captured when it started; null when no save runs. */
  savingRevision: number | null;
  /** The running (or last) save was started by autosave: no toast, errors not reported. */
  auto: boolean;
  /** Save was pressed during the running save after edits it does not include: save again at once. */
  followUp: boolean;
  /** Failed saves in a row; 0 after a success. */
  failures: number;
  error: SaveProblem | null;
  /** The document the engine last exported: what the running or last save stores. */
  content: SceneContent | null;
  /** The version of the stored content this editor builds on (the If-Match of its saves); null: none yet. */
  etag: string | null;
  /** That version's document, when this editor knows it: saves then send only what changed. */
  storedContent: SceneContent | null;
  /** What the running incremental save sends. */
  patch: ContentPatch | null;
  /** Another window saved the space since this version: the user chooses (reload, or keep theirs). */
  conflict: { currentEtag: string | null } | null;
  timing: SaveTiming;
  /** Who is told of a created scene and of each finished save (`SaveNotice`), if anyone. */
  owner: AnyActorRef | null;
}

/** What the save machine tells its owner (the editor page). */
export type SaveNotice =
  /** The first save of a new scene created it. */
  | { type: 'scene.created'; sceneId: string }
  /** A save finished: stored (`ok`) or failed. */
  | { type: 'save.settled'; ok: boolean }
  /** The user chose to reload the space after another window saved it (the owner reopens it). */
  | { type: 'save.reloadRequested' };

export type SaveEvent =
  /**
   * The editor has the scene (null: a new one) and the user's autosave setting; `etag` and `content`
   * are the stored version it opened (absent or null: nothing stored yet).
   */
  | {
      type: 'scene.loaded';
      sceneId: string | null;
      title: string;
      autoSave: boolean;
      etag?: string | null;
      content?: SceneContent | null;
    }
  /** The engine reported a change to the document (`contentChanged`). */
  | { type: 'editor.changed' }
  /** The header's title text changed (already debounced by the header). */
  | { type: 'title.changed'; title: string }
  /** Save was pressed; `auto` when autosave asks. */
  | { type: 'save.requested'; auto?: boolean }
  | { type: 'autosave.toggled'; enabled: boolean }
  /** Make sure everything is stored (Publish): save when needed, then tell the owner either way. */
  | { type: 'save.ensure' }
  /** After a conflict: store this window's document over the other window's save. */
  | { type: 'conflict.keepMine' }
  /** After a conflict: drop this window's changes and open the stored version. */
  | { type: 'conflict.reload' };

export interface SaveInput {
  timing?: Partial<SaveTiming>;
  owner?: AnyActorRef;
  /** The stored title, shown while the document opens. */
  title?: string;
}
