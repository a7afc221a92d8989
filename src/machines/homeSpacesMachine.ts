import { assign, fromPromise, setup } from 'xstate';
import type { SceneMetadata } from '../../contracts/scenes';

/** How many spaces the home page's row shows. */
export const homeSpacesCount = 8;

export interface HomeSpacesContext {
  count: number;
  spaces: SceneMetadata[];
}

/**
 * The home page's 'Explore spaces' row: the most viewed published spaces, loaded once
 * (`loadSpaces`, cancelled when the page goes). The row shows only in `shown`: while loading, when
 * there are none, or when they cannot be loaded it is `hidden` (the home page reads well without it).
 */
export const homeSpacesMachine = setup({
  types: {
    context: {} as HomeSpacesContext,
    input: {} as { count?: number } | undefined,
    tags: {} as 'loading',
  },
  actors: {
    loadSpaces: fromPromise<SceneMetadata[], { count: number }>(async () => {
      throw new Error('homeSpacesMachine: provide a loadSpaces actor');
    }),
  },
  guards: {
    noneFound: ({ event }) => 'output' in event && (event.output as SceneMetadata[]).length === 0,
  },
}).createMachine({
  id: 'homeSpaces',
  context: ({ input }) => ({ count: input?.count ?? homeSpacesCount, spaces: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadSpaces',
        src: 'loadSpaces',
        input: ({ context }) => ({ count: context.count }),
        onDone: [
          { guard: 'noneFound', target: 'hidden' },
          {
            target: 'shown',
            actions: assign({ spaces: ({ event, context }) => event.output.slice(0, context.count) }),
          },
        ],
        onError: 'hidden',
      },
    },
    shown: {},
    hidden: {},
  },
});
