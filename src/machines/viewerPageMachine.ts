import { type ActorRefFrom, and, assign, fromPromise, setup } from 'xstate';
import type { ViewAnswer } from '../../contracts/publishing';
import type { SceneContent } from '../../contracts/sceneContent';
import type { SceneMetadata } from '../../contracts/scenes';

/**
 * What the viewer page shows (platform.md §2.1 /viewer/{sceneId}, /viewer/embed/{sceneId}): the
 * published space, or with ?draft=true the owner's draft. A space the visitor may not see (401,
 * 403) leads to /space-access-denied; an embed shows that message in place instead (it lives in
 * another site's page). A space that does not exist for this visitor (404: unknown, deleted, or a
 * draft of someone else) is a page that is not found, as the server's status for the page says.
 * Once a published space has loaded, one view is counted.
 */

export interface ViewerPageInput {
  sceneId: string;
  draft: boolean;
  /** Shown inside another site's page (/viewer/embed/{sceneId}). */
  embed?: boolean;
}

export interface ViewerPageContext {
  sceneId: string;
  draft: boolean;
  embed: boolean;
  metadata: SceneMetadata | null;
  content: SceneContent | null;
  error: string | null;
}

export type ViewerPageEvent = { type: 'page.retry' };

const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;

export const viewerPageMachine = setup({
  types: {
    context: {} as ViewerPageContext,
    events: {} as ViewerPageEvent,
    input: {} as ViewerPageInput,
    tags: {} as 'loading' | 'ready' | 'denied' | 'missing',
  },
  actors: {
    loadScene: fromPromise<
      { metadata: SceneMetadata; content: SceneContent },
      { sceneId: string; draft: boolean }
    >(async () => {
      throw new Error('loadScene not provided');
    }),
    countView: fromPromise<ViewAnswer, { sceneId: string }>(async () => {
      throw new Error('countView not provided');
    }),
    /** Remembers the visit in the signed-in visitor's history (nobody signed in: nothing to do). */
    recordVisit: fromPromise<void, { sceneId: string }>(async () => {
      throw new Error('recordVisit not provided');
    }),
  },
  actions: {
    storeScene: assign((_, { metadata, content }: { metadata: SceneMetadata; content: SceneContent }) => ({
      metadata,
      content,
    })),
    leaveForAccessDenied: () => {},
  },
  guards: {
    /** Not allowed (403) or not signed in (401). */
    denied: ({ event }) => [401, 403].includes(statusOf((event as { error?: unknown }).error) ?? 0),
    /** Not there, or a draft this visitor may not know of (404). */
    missing: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    embedded: ({ context }) => context.embed,
    isDraft: ({ context }) => context.draft,
  },
}).createMachine({
  id: 'viewerPage',
  context: ({ input }) => ({
    sceneId: input.sceneId,
    draft: input.draft,
    embed: input.embed ?? false,
    metadata: null,
    content: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadScene',
        src: 'loadScene',
        input: ({ context }) => ({ sceneId: context.sceneId, draft: context.draft }),
        onDone: [
          {
            guard: 'isDraft',
            target: 'ready.preview',
            actions: { type: 'storeScene', params: ({ event }) => event.output },
          },
          { target: 'ready.visit', actions: { type: 'storeScene', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'missing', target: 'missing' },
          { guard: and(['denied', 'embedded']), target: 'denied' },
          { guard: 'denied', target: 'left', actions: 'leaveForAccessDenied' },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => (event.error as { message?: string })?.message ?? String(event.error),
            }),
          },
        ],
      },
    },
    ready: {
      tags: 'ready',
      initial: 'visit',
      states: {
        /**
         * A published space: one view is counted and the visit goes into the signed-in visitor's
         * history, both best effort (a failure changes nothing).
         */
        visit: {
          invoke: [
            {
              id: 'countView',
              src: 'countView',
              input: ({ context }) => ({ sceneId: context.sceneId }),
              onError: {},
            },
            {
              id: 'recordVisit',
              src: 'recordVisit',
              input: ({ context }) => ({ sceneId: context.sceneId }),
              onError: {},
            },
          ],
        },
        /** The owner's draft preview is not a visit. */
        preview: {},
      },
    },
    failed: { on: { 'page.retry': { target: 'loading', actions: assign({ error: null }) } } },
    /** An embed's visitor may not see the space: the message is shown in place. */
    denied: { type: 'final', tags: 'denied' },
    /** No such space: the page shows 'Page not found'. */
    missing: { type: 'final', tags: 'missing' },
    left: { type: 'final' },
  },
});

export type ViewerPageActorRef = ActorRefFrom<typeof viewerPageMachine>;
