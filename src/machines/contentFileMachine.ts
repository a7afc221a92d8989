import { type ActorRefFrom, assign, emit, fromPromise, setup } from 'xstate';
import type { SceneContent } from '../../contracts/sceneContent';

/** A scene document read from somewhere: the document, or why it cannot be used. */
export interface ContentRead {
  content: SceneContent | null;
  /** What is wrong with it (nothing when `content` is there). */
  problems: string[];
}

/**
 * Reads scene documents on request (the engine workbench's content files): `content.requested`
 * reads the one at `url` (`readContent`, which also checks it against the contract) and emits
 * `content.read` with the document or its problems. A newer request replaces one still running.
 */
export const contentFileMachine = setup({
  types: {
    context: {} as { url: string | null },
    events: {} as { type: 'content.requested'; url: string },
    emitted: {} as { type: 'content.read' } & ContentRead,
    tags: {} as 'reading',
  },
  actors: {
    readContent: fromPromise<ContentRead, { url: string }>(async () => {
      throw new Error('contentFileMachine: provide a readContent actor');
    }),
  },
}).createMachine({
  id: 'contentFile',
  context: { url: null },
  initial: 'idle',
  on: {
    'content.requested': {
      target: '.reading',
      actions: assign({ url: ({ event }) => event.url }),
    },
  },
  states: {
    idle: {},
    reading: {
      tags: 'reading',
      invoke: {
        id: 'readContent',
        src: 'readContent',
        input: ({ context }) => ({ url: context.url ?? '' }),
        onDone: {
          target: 'idle',
          actions: emit(({ event }) => ({ type: 'content.read' as const, ...event.output })),
        },
        onError: {
          target: 'idle',
          actions: emit(({ event }) => ({
            type: 'content.read' as const,
            content: null,
            problems: [String((event.error as Error)?.message ?? event.error)],
          })),
        },
      },
    },
  },
});

export type ContentFileActorRef = ActorRefFrom<typeof contentFileMachine>;
