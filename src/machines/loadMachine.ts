import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export interface LoadContext {
  /** What was loaded (cast to its type where it is shown); null until it is. */
  data: unknown;
  /** Why the last load failed (state `failed`); null otherwise. */
  error: unknown;
  /** What to load (the flow's input, passed to `load`), when the flow was given one. */
  params?: unknown;
}

export type LoadEvent =
  /** Load again after a failure. */
  | { type: 'load.retry' }
  /** Load again, showing the loading state meanwhile (the data may have changed). */
  | { type: 'load.reload' }
  /** A newer copy arrived another way (a checkout's refetch): it replaces the data. */
  | { type: 'load.set'; data: unknown }
  /** Part of the data changed (a push event): merged into it, if it has loaded. */
  | { type: 'load.patch'; patch: Record<string, unknown> };

/**
 * One thing a page reads (a wallet, a plan, the products): `loading` on start (the `load` actor,
 * cancelled when the machine stops), then `ready` with `data` or `failed` until `load.retry`.
 * `load.reload` loads again; `load.set` and `load.patch` take newer data without asking the server.
 * An input, when given, is what `load` is asked to load (a district's subdomain, say).
 */
export const loadMachine = setup({
  types: {
    context: {} as LoadContext,
    events: {} as LoadEvent,
    input: {} as unknown,
    tags: {} as 'loading',
  },
  actors: {
    load: fromPromise<unknown, unknown>(async () => {
      throw new Error('loadMachine: provide a load actor');
    }),
  },
}).createMachine({
  id: 'load',
  context: ({ input }) =>
    input === undefined ? { data: null, error: null } : { data: null, error: null, params: input },
  initial: 'loading',
  on: {
    'load.set': { target: '.ready', actions: assign({ data: ({ event }) => event.data, error: null }) },
    'load.reload': '.loading',
  },
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }: { context: LoadContext }) => context.params,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {
      on: {
        'load.patch': {
          actions: assign({
            data: ({ context, event }) => ({ ...(context.data as Record<string, unknown>), ...event.patch }),
          }),
        },
      },
    },
    failed: {
      on: { 'load.retry': 'loading' },
    },
  },
});

export type LoadActorRef = ActorRefFrom<typeof loadMachine>;
export type LoadSnapshot = SnapshotFrom<typeof loadMachine>;
