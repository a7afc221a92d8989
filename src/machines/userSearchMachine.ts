import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { Member } from './publishWizardMachine';

/** The search waits this long after the last keystroke (platform.md §9 'dual-list search'). */
export const userSearchDebounceMs = 200;

/** What the dual-list picker lists: users, or the signed-in user's groups. */
export type MemberSearchCategory = 'users' | 'groups';

export interface UserSearchContext {
  query: string;
  category: MemberSearchCategory;
  /** The last results (kept while a new search runs). */
  items: Member[];
  /** How the last search ended: none yet, with results, or failed. */
  outcome: 'none' | 'done' | 'failed';
}

export type UserSearchEvent =
  /**
   * The search words or the category changed (or the list came back into view): search once
   * typing pauses. Without a category, users.
   */
  | { type: 'search.typed'; query: string; category?: MemberSearchCategory }
  /** Nothing to search for now (another category shows): a running search is dropped. */
  | { type: 'search.stopped' };

/**
 * Users whose name contains the typed words, or the signed-in user's groups whose title does, for
 * the dual-list picker (platform.md §4): it searches
 * `userSearchDebounceMs` after the last keystroke (and that long after it starts, for no words), and
 * a new search drops the one running (its request is aborted). Tags: 'searching'.
 */
export const userSearchMachine = setup({
  types: {
    context: {} as UserSearchContext,
    events: {} as UserSearchEvent,
    tags: {} as 'searching',
  },
  actors: {
    searchUsers: fromPromise<Member[], { query: string; category: MemberSearchCategory }>(async () => {
      throw new Error('userSearchMachine: provide a searchUsers actor');
    }),
  },
  delays: { debounce: userSearchDebounceMs },
}).createMachine({
  id: 'userSearch',
  context: { query: '', category: 'users', items: [], outcome: 'none' },
  initial: 'waiting',
  on: {
    'search.typed': {
      target: '.waiting',
      actions: assign(({ event }) => ({ query: event.query, category: event.category ?? 'users' })),
    },
    'search.stopped': '.idle',
  },
  states: {
    idle: {},
    waiting: { after: { debounce: 'searching' } },
    searching: {
      tags: 'searching',
      invoke: {
        id: 'searchUsers',
        src: 'searchUsers',
        input: ({ context }) => ({ query: context.query, category: context.category }),
        onDone: { target: 'idle', actions: assign({ items: ({ event }) => event.output, outcome: 'done' }) },
        onError: { target: 'idle', actions: assign({ items: [], outcome: 'failed' }) },
      },
    },
  },
});

export type UserSearchActorRef = ActorRefFrom<typeof userSearchMachine>;
