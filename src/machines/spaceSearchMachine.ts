import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** The search waits this long after the last keystroke. */
export const spaceSearchDebounceMs = 250;

/** A space a portal may lead to: one of the creator's own, or one published for anyone. */
export interface SpaceOption {
  sceneId: string;
  title: string;
  coverUri: string | null;
  source: 'mine' | 'published';
}

export interface SpaceSearchContext {
  query: string;
  /** The last results (kept while a new search runs). */
  items: SpaceOption[];
  /** How the last search ended: none yet, with results, or failed. */
  outcome: 'none' | 'done' | 'failed';
}

export type SpaceSearchEvent =
  /** The words typed in the picker changed: search once typing pauses. */
  | { type: 'search.typed'; query: string }
  /** Search the same words again (after a failure). */
  | { type: 'search.retried' };

/** The creator's own spaces first, then published ones, each space once. */
export function mergeSpaceOptions(mine: readonly SpaceOption[], published: readonly SpaceOption[]) {
  const ids = new Set(mine.map((space) => space.sceneId));
  return [...mine, ...published.filter((space) => !ids.has(space.sceneId))];
}

/**
 * The spaces a portal's target is picked from (platform.md §2.6 Add Content): the creator's own
 * and the published ones whose title matches the words typed. It searches at once on start and
 * `spaceSearchDebounceMs` after the last keystroke; a new search drops the running one (its
 * request is aborted). The `searchSpaces` actor is provided by the composition root. Tags:
 * 'searching'.
 */
export const spaceSearchMachine = setup({
  types: {
    context: {} as SpaceSearchContext,
    events: {} as SpaceSearchEvent,
    tags: {} as 'searching',
  },
  actors: {
    searchSpaces: fromPromise<SpaceOption[], { query: string }>(async () => {
      throw new Error('spaceSearchMachine: provide a searchSpaces actor');
    }),
  },
  delays: { debounce: spaceSearchDebounceMs },
  guards: {
    changesQuery: ({ context, event }) =>
      event.type === 'search.typed' && event.query.trim() !== context.query,
  },
}).createMachine({
  id: 'spaceSearch',
  context: { query: '', items: [], outcome: 'none' },
  initial: 'searching',
  on: {
    'search.typed': {
      guard: 'changesQuery',
      target: '.waiting',
      actions: assign({ query: ({ event }) => event.query.trim() }),
    },
  },
  states: {
    idle: { on: { 'search.retried': 'searching' } },
    waiting: { tags: 'searching', after: { debounce: 'searching' } },
    searching: {
      tags: 'searching',
      invoke: {
        id: 'searchSpaces',
        src: 'searchSpaces',
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: 'idle', actions: assign({ items: ({ event }) => event.output, outcome: 'done' }) },
        onError: { target: 'idle', actions: assign({ items: [], outcome: 'failed' }) },
      },
    },
  },
});

export type SpaceSearchActorRef = ActorRefFrom<typeof spaceSearchMachine>;
export type SpaceSearchSnapshot = SnapshotFrom<typeof spaceSearchMachine>;
