import { assign, fromPromise, setup } from 'xstate';
import type { SceneContent } from '../../contracts/sceneContent';
import type { SceneMetadata } from '../../contracts/scenes';

/**
 * What the viewer page shows (platform.md §2.1 /viewer/{sceneId}): the published space, or with
 * ?draft=true the owner's draft. A space the visitor may not see leads to /space-access-denied.
 */

export interface ViewerPageInput {
  sceneId: string;
  draft: boolean;
}

export interface ViewerPageContext extends ViewerPageInput {
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
  },
  actors: {
    loadScene: fromPromise<{ metadata: SceneMetadata; content: SceneContent }, ViewerPageInput>(async () => {
      throw new Error('loadScene not provided');
    }),
  },
  actions: {
    leaveForAccessDenied: () => {},
  },
  guards: {
    /** Not allowed (403), not there or not visible to this visitor (404), or a draft without sign-in (401). */
    denied: ({ event }) => [401, 403, 404].includes(statusOf((event as { error?: unknown }).error) ?? 0),
  },
}).createMachine({
  id: 'viewerPage',
  context: ({ input }) => ({ ...input, metadata: null, content: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadScene',
        src: 'loadScene',
        input: ({ context }) => ({ sceneId: context.sceneId, draft: context.draft }),
        onDone: {
          target: 'ready',
          actions: assign({
            metadata: ({ event }) => event.output.metadata,
            content: ({ event }) => event.output.content,
          }),
        },
        onError: [
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
    ready: {},
    failed: { on: { 'page.retry': { target: 'loading', actions: assign({ error: null }) } } },
    left: { type: 'final' },
  },
});
