import { assign, fromPromise, setup } from 'xstate';
import type { SceneContent } from '../../contracts/sceneContent';
import type { SceneMetadata } from '../../contracts/scenes';

/**
 * What the editor page opens (platform.md §2.1 /curate and /curate/{sceneId}): a new space runs
 * the draft-limit check first — on failure the page goes home and says why —; an existing one
 * loads its metadata and draft content — a space the caller may not edit leads to
 * /space-access-denied. The page then hands the document to the engine and the save machine.
 */

export interface EditorPageInput {
  /** null: a new space. */
  sceneId: string | null;
}

export interface LoadedScene {
  metadata: SceneMetadata;
  content: SceneContent;
}

/** A failed call as the service layer reports it (src/services/scenes.ts ApiProblem). */
export interface PageProblem {
  message: string;
  status?: number;
}

export interface EditorPageContext {
  sceneId: string | null;
  metadata: SceneMetadata | null;
  /** The document the engine opens (an empty one for a new space). */
  content: SceneContent | null;
  error: string | null;
}

export type EditorPageEvent =
  | { type: 'page.retry' }
  /** The first save of a new space created it. */
  | { type: 'scene.created'; sceneId: string; metadata?: SceneMetadata }
  /** A save changed the metadata (title, state). */
  | { type: 'scene.metadataSaved'; metadata: SceneMetadata }
  /** The publish wizard published the space: the header's badge says Published. */
  | { type: 'scene.published'; metadata: SceneMetadata };

const statusOf = (error: unknown) => (error as PageProblem | undefined)?.status;
const messageOf = (error: unknown) =>
  (error as PageProblem | undefined)?.message ?? (error instanceof Error ? error.message : String(error));

export const editorPageMachine = setup({
  types: {
    context: {} as EditorPageContext,
    events: {} as EditorPageEvent,
    input: {} as EditorPageInput,
  },
  actors: {
    /** Resolves when another draft is allowed; rejects (status 422) when the limit is reached. */
    checkDraftLimit: fromPromise<void>(async () => {
      throw new Error('checkDraftLimit not provided');
    }),
    /** A new space's starting document. */
    newContent: fromPromise<SceneContent>(async () => {
      throw new Error('newContent not provided');
    }),
    loadScene: fromPromise<LoadedScene, { sceneId: string }>(async () => {
      throw new Error('loadScene not provided');
    }),
  },
  actions: {
    /** Home, with the draft-limit toast (5 s, View drafts) when `limitReached`, else an error toast. */
    leaveForHome: (_, _params: { limitReached: boolean; message: string }) => {},
    leaveForAccessDenied: () => {},
  },
  guards: {
    isNew: ({ context }) => context.sceneId === null,
    limitReached: ({ event }) => statusOf((event as { error?: unknown }).error) === 422,
    notSignedIn: ({ event }) => statusOf((event as { error?: unknown }).error) === 401,
    denied: ({ event }) => {
      const status = statusOf((event as { error?: unknown }).error);
      return status === 403 || status === 404;
    },
  },
}).createMachine({
  id: 'editorPage',
  context: ({ input }) => ({ sceneId: input.sceneId, metadata: null, content: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'checkingDraftLimit' }, { target: 'loading' }],
    },
    checkingDraftLimit: {
      invoke: {
        id: 'checkDraftLimit',
        src: 'checkDraftLimit',
        onDone: 'preparingNew',
        onError: [
          { guard: 'notSignedIn', target: 'signInNeeded' },
          {
            target: 'left',
            actions: {
              type: 'leaveForHome',
              params: ({ event }) => ({
                limitReached: statusOf(event.error) === 422,
                message: messageOf(event.error),
              }),
            },
          },
        ],
      },
    },
    preparingNew: {
      invoke: {
        id: 'newContent',
        src: 'newContent',
        onDone: { target: 'ready', actions: assign({ content: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loading: {
      invoke: {
        id: 'loadScene',
        src: 'loadScene',
        input: ({ context }) => ({ sceneId: context.sceneId! }),
        onDone: {
          target: 'ready',
          actions: assign({
            metadata: ({ event }) => event.output.metadata,
            content: ({ event }) => event.output.content,
          }),
        },
        onError: [
          { guard: 'notSignedIn', target: 'signInNeeded' },
          { guard: 'denied', target: 'left', actions: 'leaveForAccessDenied' },
          { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    ready: {
      on: {
        'scene.created': {
          actions: assign({
            sceneId: ({ event }) => event.sceneId,
            metadata: ({ event, context }) => event.metadata ?? context.metadata,
          }),
        },
        'scene.metadataSaved': { actions: assign({ metadata: ({ event }) => event.metadata }) },
        'scene.published': { actions: assign({ metadata: ({ event }) => event.metadata }) },
      },
    },
    failed: {
      on: { 'page.retry': { target: 'starting', actions: assign({ error: null }) } },
    },
    /** Anonymous: the page offers sign-in (the route guard does not redirect). */
    signInNeeded: {},
    /** The page navigated away. */
    left: { type: 'final' },
  },
});
