import {
  type ActorRefFrom,
  assign,
  enqueueActions,
  fromPromise,
  sendParent,
  sendTo,
  type SnapshotFrom,
  setup,
} from 'xstate';
import { type ContentPatch, contentPatchOf, isEmptyContentPatch } from '../../contracts/contentPatch';
import type { SceneContent } from '../../contracts/sceneContent';
import { isEmptyTitle, type SceneMetadataFields, titleToSave, untitledTitle } from '../../contracts/scenes';
import { autosaveMachine, type SaveStatusReport } from './autosaveMachine';

import type {
  SaveContext,
  SaveEvent,
  SaveInput,
  SaveProblem,
  SaveStatus,
  StoredVersion,
  PutContentInput,
  PatchContentInput,
} from './saveTypes';
import { exportTimeoutMessage, saveTiming, savedToastPlacement, staleContentCode } from './saveTypes';

// The flow's types and constants live in saveTypes.ts; importers of the machine find them here too.
export * from './saveTypes';

const isDirty = (context: SaveContext) => context.editRevision > context.savedRevision;

/** What autosave needs to know, sent to it after every change that can matter. */
const statusReport = (context: SaveContext): SaveStatusReport => ({
  type: 'save.status',
  // Autosave waits while the user decides a conflict.
  enabled: context.autoSave && context.conflict === null,
  dirty: isDirty(context),
  saving: context.savingRevision !== null,
  failures: context.failures,
});

/** The metadata a save sends: the title, or an automatic one when it counts as empty (platform.md §5). */
const fieldsOf = (context: SaveContext): SceneMetadataFields => ({ title: titleToSave(context.title) });

/**
 * Saving a space in the editor (platform.md §4 'Save flow', districts-commerce-spaces.md §4
 * 'Spaces'). A save asks the engine to export its document (`exportContent`, at most
 * `exportTimeoutMs`), stores it, then for a new scene creates the metadata (`createScene`) and for
 * an existing one patches it (`updateScene`), then stores the content. The first
 * stored content of a new scene moves the route to /curate/{sceneId} (`navigateToScene`), once: a
 * retry after a failed put updates the scene created before instead of creating another. A manual
 * save ends with the 'Successfully saved scene!' toast (600 ms, top-left); an automatic one shows
 * nothing. A failed manual save is reported (`reportError`); every failure leaves the changes
 * unsaved and the status 'failed' until a save succeeds.
 *
 * Content is stored in versions (an ETag each). Once the editor knows the stored version's document
 * (it opened it, or its last save stored it), a save sends only what changed (`patchContent`, a
 * ContentPatch on version `etag`), and nothing when nothing did; otherwise the whole document
 * (`putContent`, over version `etag` when there is one). A failed incremental save makes the next
 * save a whole one. When another window saved the space in between, the service refuses
 * (STALE_CONTENT) and the machine waits in `conflict` (autosave too) until the user keeps this
 * window's document (`conflict.keepMine`: a whole save over the current version) or reloads
 * (`conflict.reload`: the owner hears `save.reloadRequested` and opens the stored version).
 *
 * One save runs at a time. Edits are counted (`editRevision`); a save captures the count when it
 * starts, and its success marks only that much as saved, so an edit made during a save is saved by
 * the next one. Save pressed during a save joins it (its toast and errors become the user's); when
 * edits were made after it started, another save follows at once.
 *
 * Autosave is the invoked `autosave` child (autosaveMachine.ts): this machine reports its status
 * to it (`save.status`) and it answers with `save.requested` `{ auto: true }` when the time comes.
 * An automatic request without unsaved changes is ignored, except to retry a failed save.
 *
 * The I/O is provided with `.provide(...)` (the app's composition root, src/app/flows/editor.ts);
 * start it with `{ input: {} }` (or shorter `timing`). Its `owner`, when given, hears of each
 * finished save (`save.settled`) and of a scene the first save created (`scene.created`); the
 * autosave toggle is stored as the user's setting (`storeAutoSave`). The header reads `selectSaveStatus` and `context.title`;
 * the leave prompt `selectHasUnsavedChanges`.
 *
 *   loading ──scene.loaded──▶ loaded
 *   loaded: idle ──save.requested──▶ saving ──failure──▶ failed ──save.requested──▶ saving
 *           saving: exporting ─▶ creating (new) ─▶ putting ─▶ stored ─▶ idle | saving (follow-up)
 *                   exporting ─▶ updating ─▶ storing ─▶ patching | putting | stored (unchanged)
 *           putting | patching ──STALE_CONTENT──▶ conflict ──conflict.keepMine──▶ saving
 *                                                          ──conflict.reload──▶ (owner reloads)
 *           (editor.changed, title.changed, autosave.toggled in every loaded state)
 */
export const saveMachine = setup({
  types: {
    context: {} as SaveContext,
    events: {} as SaveEvent,
    input: {} as SaveInput | undefined,
    tags: {} as 'saving',
  },
  actors: {
    autosave: autosaveMachine.provide({
      actions: { requestSave: sendParent({ type: 'save.requested', auto: true }) },
    }),
    /** Asks the engine for its document. */
    exportContent: fromPromise<SceneContent>(async () => {
      throw new Error('saveMachine: provide an exportContent actor');
    }),
    createScene: fromPromise<{ sceneId: string }, { fields: SceneMetadataFields }>(async () => {
      throw new Error('saveMachine: provide a createScene actor');
    }),
    updateScene: fromPromise<void, { sceneId: string; fields: SceneMetadataFields }>(async () => {
      throw new Error('saveMachine: provide an updateScene actor');
    }),
    putContent: fromPromise<StoredVersion, PutContentInput>(async () => {
      throw new Error('saveMachine: provide a putContent actor');
    }),
    patchContent: fromPromise<StoredVersion, PatchContentInput>(async () => {
      throw new Error('saveMachine: provide a patchContent actor');
    }),
  },
  actions: {
    navigateToScene: (_, _params: { sceneId: string }) => {},
    /** The user's autosave setting changed: it is stored in their record. */
    storeAutoSave: (_, _params: { enabled: boolean }) => {},
    showSavedToast: (_, _params: { durationMs: number; placement: typeof savedToastPlacement }) => {},
    reportError: (_, _params: SaveProblem) => {},
    reportToAutosave: sendTo('autosave', ({ context }) => statusReport(context)),
    /** Tells the owner that a save finished (or that nothing needed saving). */
    notifySettled: enqueueActions(({ context, enqueue }, params: { ok: boolean }) => {
      if (context.owner) enqueue.sendTo(context.owner, { type: 'save.settled', ok: params.ok });
    }),
    countEdit: assign({ editRevision: ({ context }) => context.editRevision + 1 }),
    /** Captures what this save covers; an empty title becomes an automatic one the header shows. */
    startSave: assign(({ context }, params: { auto: boolean }) => ({
      savingRevision: context.editRevision,
      auto: params.auto,
      followUp: false,
      title: isEmptyTitle(context.title) ? untitledTitle() : context.title,
    })),
    /** Save pressed during a save: the save becomes the user's, and a new one follows if it misses edits. */
    joinSave: assign(({ context }) => ({
      auto: false,
      followUp: context.followUp || context.editRevision > (context.savingRevision ?? context.editRevision),
    })),
    markSaved: assign(({ context }) => ({
      savedRevision: context.savingRevision ?? context.savedRevision,
      savingRevision: null,
      failures: 0,
      error: null,
    })),
    /** The stored version is now the document this save sent. */
    rememberStored: assign(({ context }, params: StoredVersion) => ({
      etag: params.etag,
      storedContent: context.content,
      patch: null,
    })),
    /** The next save sends the whole document (after a failed incremental save, whatever the cause). */
    forgetStoredContent: assign({ storedContent: null, patch: null }),
    recordConflict: assign((_, params: { error: unknown }) => {
      const details = problemOf(params.error).details as { currentEtag?: unknown } | undefined;
      return {
        savingRevision: null,
        patch: null,
        conflict: { currentEtag: typeof details?.currentEtag === 'string' ? details.currentEtag : null },
      };
    }),
    recordFailure: assign(({ context }, params: { error: unknown }) => ({
      savingRevision: null,
      failures: context.failures + 1,
      error: problemOf(params.error),
    })),
  },
  guards: {
    isNewScene: ({ context }) => context.sceneId === null,
    isAutoSave: ({ context }) => context.auto,
    followUpRequested: ({ context }) => context.followUp,
    isManualRequest: ({ event }) =>
      (event.type === 'save.requested' && !event.auto) || event.type === 'save.ensure',
    /** A stored scene without unsaved changes: nothing to save. */
    nothingToSave: ({ context }) => context.sceneId !== null && !isDirty(context),
    /** Save pressed, or autosave with something to save. */
    wantsSave: ({ context, event }) => event.type === 'save.requested' && (!event.auto || isDirty(context)),
    titleDiffers: ({ context, event }) => event.type === 'title.changed' && event.title !== context.title,
    /** The editor knows the stored version's document: it can send only the changes. */
    canPatch: ({ context }) => context.etag !== null && context.storedContent !== null,
    /** The export equals the stored version: nothing to send. */
    contentUnchanged: ({ context }) => context.patch !== null && isEmptyContentPatch(context.patch),
    isStale: ({ event }) => problemOf((event as { error?: unknown }).error).code === staleContentCode,
  },
  delays: {
    exportTimeout: ({ context }) => context.timing.exportTimeoutMs,
  },
}).createMachine({
  id: 'save',
  context: ({ input }) => ({
    sceneId: null,
    routeSceneId: null,
    title: input?.title ?? '',
    titleTyped: false,
    autoSave: false,
    editRevision: 0,
    savedRevision: 0,
    savingRevision: null,
    auto: false,
    followUp: false,
    failures: 0,
    error: null,
    content: null,
    etag: null,
    storedContent: null,
    patch: null,
    conflict: null,
    timing: { ...saveTiming, ...input?.timing },
    owner: input?.owner ?? null,
  }),
  invoke: {
    id: 'autosave',
    systemId: 'autosave',
    src: 'autosave',
    input: ({ context }) => ({ timing: context.timing }),
  },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'scene.loaded': {
          target: 'loaded',
          actions: assign(({ context, event }) => ({
            sceneId: event.sceneId,
            routeSceneId: event.sceneId,
            // A title typed while the document opened is kept, and counts as an unsaved edit.
            title: context.titleTyped ? context.title : event.title,
            editRevision:
              context.titleTyped && context.title !== event.title
                ? context.editRevision + 1
                : context.editRevision,
            autoSave: event.autoSave,
            etag: event.etag ?? null,
            storedContent: event.etag ? (event.content ?? null) : null,
          })),
        },
        'autosave.toggled': {
          actions: [
            assign({ autoSave: ({ event }) => event.enabled }),
            { type: 'storeAutoSave', params: ({ event }) => ({ enabled: event.enabled }) },
          ],
        },
        'title.changed': { actions: assign({ title: ({ event }) => event.title, titleTyped: true }) },
        // Nothing to store before the scene has loaded.
        'save.ensure': { actions: { type: 'notifySettled', params: { ok: false } } },
      },
    },
    loaded: {
      on: {
        'editor.changed': { actions: ['countEdit', 'reportToAutosave'] },
        'title.changed': {
          guard: 'titleDiffers',
          actions: [assign({ title: ({ event }) => event.title }), 'countEdit', 'reportToAutosave'],
        },
        'autosave.toggled': {
          actions: [
            assign({ autoSave: ({ event }) => event.enabled }),
            'reportToAutosave',
            { type: 'storeAutoSave', params: ({ event }) => ({ enabled: event.enabled }) },
          ],
        },
      },
      initial: 'idle',
      states: {
        idle: {
          entry: 'reportToAutosave',
          on: {
            'save.requested': { guard: 'wantsSave', target: 'saving' },
            'save.ensure': [
              { guard: 'nothingToSave', actions: { type: 'notifySettled', params: { ok: true } } },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          tags: 'saving',
          entry: [
            {
              type: 'startSave',
              // A follow-up save (entered from a finished save) is the user's.
              params: ({ event }) => ({ auto: event.type === 'save.requested' && event.auto === true }),
            },
            'reportToAutosave',
          ],
          on: {
            'save.requested': { guard: 'isManualRequest', actions: 'joinSave' },
            'save.ensure': { actions: 'joinSave' },
          },
          initial: 'exporting',
          states: {
            exporting: {
              invoke: {
                id: 'exportContent',
                src: 'exportContent',
                onDone: [
                  {
                    guard: 'isNewScene',
                    target: 'creating',
                    actions: assign({ content: ({ event }) => event.output }),
                  },
                  { target: 'updating', actions: assign({ content: ({ event }) => event.output }) },
                ],
                onError: {
                  target: '#save.loaded.failed',
                  actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
              after: {
                exportTimeout: {
                  target: '#save.loaded.failed',
                  actions: { type: 'recordFailure', params: { error: { message: exportTimeoutMessage } } },
                },
              },
            },
            creating: {
              invoke: {
                id: 'createScene',
                src: 'createScene',
                input: ({ context }) => ({ fields: fieldsOf(context) }),
                // Remembered at once: a retry after a failed put must not create a second scene.
                onDone: {
                  target: 'putting',
                  actions: assign({ sceneId: ({ event }) => event.output.sceneId }),
                },
                onError: {
                  target: '#save.loaded.failed',
                  actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            updating: {
              invoke: {
                id: 'updateScene',
                src: 'updateScene',
                input: ({ context }) => ({ sceneId: context.sceneId ?? '', fields: fieldsOf(context) }),
                onDone: 'storing',
                onError: {
                  target: '#save.loaded.failed',
                  actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /** The whole document, or only what changed since the stored version the editor knows. */
            storing: {
              entry: assign({
                patch: ({ context }) =>
                  context.storedContent && context.content
                    ? contentPatchOf(context.storedContent, context.content)
                    : null,
              }),
              always: [
                {
                  guard: 'contentUnchanged',
                  target: 'stored',
                  actions: ['markSaved', assign({ patch: null })],
                },
                { guard: 'canPatch', target: 'patching' },
                { target: 'putting' },
              ],
            },
            putting: {
              invoke: {
                id: 'putContent',
                src: 'putContent',
                input: ({ context }) => ({
                  sceneId: context.sceneId ?? '',
                  content: context.content as SceneContent,
                  ifMatch: context.etag,
                }),
                onDone: {
                  target: 'stored',
                  actions: ['markSaved', { type: 'rememberStored', params: ({ event }) => event.output }],
                },
                onError: [
                  {
                    guard: 'isStale',
                    target: '#save.loaded.conflict',
                    actions: { type: 'recordConflict', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: '#save.loaded.failed',
                    actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            patching: {
              invoke: {
                id: 'patchContent',
                src: 'patchContent',
                input: ({ context }) => ({
                  sceneId: context.sceneId ?? '',
                  patch: context.patch as ContentPatch,
                  ifMatch: context.etag ?? '',
                }),
                onDone: {
                  target: 'stored',
                  actions: ['markSaved', { type: 'rememberStored', params: ({ event }) => event.output }],
                },
                onError: [
                  {
                    guard: 'isStale',
                    target: '#save.loaded.conflict',
                    actions: { type: 'recordConflict', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: '#save.loaded.failed',
                    actions: [
                      { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                      'forgetStoredContent',
                    ],
                  },
                ],
              },
            },
            /** Stored: the route follows a new scene (once), then a toast or the follow-up save. */
            stored: {
              entry: enqueueActions(({ context, enqueue }) => {
                if (context.sceneId === null || context.routeSceneId === context.sceneId) return;
                enqueue({ type: 'navigateToScene', params: { sceneId: context.sceneId } });
                enqueue.assign({ routeSceneId: context.sceneId });
                if (context.owner)
                  enqueue.sendTo(context.owner, { type: 'scene.created', sceneId: context.sceneId });
              }),
              always: [
                { guard: 'followUpRequested', target: '#save.loaded.saving', reenter: true },
                {
                  guard: 'isAutoSave',
                  target: '#save.loaded.idle',
                  actions: { type: 'notifySettled', params: { ok: true } },
                },
                {
                  target: '#save.loaded.idle',
                  actions: [
                    {
                      type: 'showSavedToast',
                      params: ({ context }) => ({
                        durationMs: context.timing.savedToastMs,
                        placement: savedToastPlacement,
                      }),
                    },
                    { type: 'notifySettled', params: { ok: true } },
                  ],
                },
              ],
            },
          },
        },
        failed: {
          entry: [
            enqueueActions(({ context, enqueue }) => {
              if (!context.auto && context.error) enqueue({ type: 'reportError', params: context.error });
            }),
            { type: 'notifySettled', params: { ok: false } },
            'reportToAutosave',
          ],
          // Save pressed, or autosave retrying: both save now.
          on: { 'save.requested': 'saving', 'save.ensure': 'saving' },
        },
        /**
         * Another window saved the space since the version this one builds on: nothing is stored
         * (autosave waits) until the user keeps this window's document or reloads the stored one.
         */
        conflict: {
          entry: [{ type: 'notifySettled', params: { ok: false } }, 'reportToAutosave'],
          on: {
            'conflict.keepMine': {
              target: 'saving',
              actions: assign(({ context }) => ({
                etag: context.conflict?.currentEtag ?? null,
                storedContent: null,
                conflict: null,
              })),
            },
            'conflict.reload': {
              actions: enqueueActions(({ context, enqueue }) => {
                if (context.owner) enqueue.sendTo(context.owner, { type: 'save.reloadRequested' });
              }),
            },
            'save.ensure': { actions: { type: 'notifySettled', params: { ok: false } } },
          },
        },
      },
    },
  },
});

/** Actors reject with an `ApiProblem` ({ message, status?, code? }) or anything else, shown as its message. */
function problemOf(error: unknown): SaveProblem {
  if (error && typeof error === 'object' && 'message' in error) {
    const e = error as { message: unknown; status?: unknown; code?: unknown; details?: unknown };
    return {
      message: String(e.message),
      ...(typeof e.status === 'number' ? { status: e.status } : {}),
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(e.details !== undefined ? { details: e.details } : {}),
    };
  }
  return { message: String(error) };
}

export type SaveActorRef = ActorRefFrom<typeof saveMachine>;
export type SaveSnapshot = SnapshotFrom<typeof saveMachine>;

/** Whether some edit is not stored yet (for the header and the leave prompt). */
export const selectHasUnsavedChanges = (snapshot: SaveSnapshot): boolean => isDirty(snapshot.context);

/** The header's save indicator. */
export function selectSaveStatus(snapshot: SaveSnapshot): SaveStatus {
  if (snapshot.hasTag('saving')) return 'saving';
  if (snapshot.matches({ loaded: 'conflict' })) return 'conflict';
  if (snapshot.matches({ loaded: 'failed' })) return 'failed';
  return isDirty(snapshot.context) ? 'unsaved' : 'saved';
}

/** Another window saved the space since this one loaded it: the view asks the user what to keep. */
export const selectConflict = (snapshot: SaveSnapshot): boolean => snapshot.matches({ loaded: 'conflict' });
