import { type ActorRefFrom, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type HistoryClearEvent =
  /** Asks for confirmation first. */
  { type: 'history.clear' } | { type: 'history.confirmClear' } | { type: 'history.cancelClear' };

export type HistoryClearEmitted =
  /** The server forgot the history: the list shows it empty (it loads again). */
  { type: 'history.cleared' };

/**
 * 'Clear history' on the profile's Activity › History (platform.md §2.3): confirm, then ask the
 * server (`clearHistory`); success emits `history.cleared`, a failure tells the user
 * (`announceFailure`) and leaves the history as it was.
 */
export const historyClearMachine = setup({
  types: {
    events: {} as HistoryClearEvent,
    emitted: {} as HistoryClearEmitted,
    tags: {} as 'busy',
  },
  actors: {
    clearHistory: fromPromise<unknown>(async () => {
      throw new Error('historyClearMachine: provide a clearHistory actor');
    }),
  },
  actions: {
    announceFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'historyClear',
  initial: 'idle',
  states: {
    idle: { on: { 'history.clear': 'confirming' } },
    confirming: {
      on: { 'history.confirmClear': 'clearing', 'history.cancelClear': 'idle' },
    },
    clearing: {
      tags: 'busy',
      invoke: {
        id: 'clearHistory',
        src: 'clearHistory',
        onDone: { target: 'idle', actions: emit({ type: 'history.cleared' }) },
        onError: {
          target: 'idle',
          actions: { type: 'announceFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type HistoryClearActorRef = ActorRefFrom<typeof historyClearMachine>;
export type HistoryClearSnapshot = SnapshotFrom<typeof historyClearMachine>;
