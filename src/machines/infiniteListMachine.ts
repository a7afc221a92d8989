import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** Items per page when the caller does not say (platform.md §9). */
export const defaultItemsPerPage = 9;

/** Extra fetch parameters (filters, sorting, search text) sent with every page request. */
export type InfiniteListParams = Record<string, unknown>;

/** What `fetchPage` receives: the page (from 0), the page size and the list's parameters. */
export type InfiniteListBody<Params extends object = InfiniteListParams> = {
  cp: number;
  ipp: number;
} & Params;

export interface InfiniteListInput<Params extends object = InfiniteListParams> {
  params?: Params;
  /** Items per page; 9 by default. */
  ipp?: number;
}

export interface InfiniteListContext {
  /** Every item loaded so far, page after page (cast to the list's item type in the view). */
  items: unknown[];
  /** The page being fetched, or the next one to fetch. */
  page: number;
  params: InfiniteListParams;
  ipp: number;
  /** The list reached its end (an empty or short page); `list.loadMore` does nothing. */
  done: boolean;
  /** Why the last page failed (state `failed`); null otherwise. */
  error: unknown;
}

export type InfiniteListEvent =
  /** Fetch the next page; ignored while a page is loading, at the end, or after a failure. */
  | { type: 'list.loadMore' }
  /** New fetch parameters: clear the items and start again at page 0. */
  | { type: 'list.setParams'; params: InfiniteListParams }
  /** Fetch the page that failed again. */
  | { type: 'list.retry' }
  /** Clear the items and start again at page 0 with the same parameters. */
  | { type: 'list.refresh' };

/**
 * A list loaded page by page (platform.md §4 "Infinite list"): page 0 on start, later pages on
 * `list.loadMore`, each appended. The list ends on an empty page or one shorter than `ipp`; a
 * failed page stops it in `failed` until `list.retry`. `list.setParams` and `list.refresh` clear
 * it and restart at page 0.
 *
 * The request runs as the `fetchPage` actor invoked by `loading`: provide the real one with
 * `.provide({ actors: { fetchPage: fromPromise(({ input, signal }) => ...) } })`; it answers the
 * page's items. Restarting re-enters `loading`, which stops the previous request (its `signal`
 * aborts) so a late answer to old parameters is never appended.
 *
 * States: `loading` (tag 'loading'), `idle` (more can load), `done`, `failed`. Views ask
 * `snapshot.can({ type: 'list.loadMore' })` and `snapshot.hasTag('loading')`.
 */
export const infiniteListMachine = setup({
  types: {
    context: {} as InfiniteListContext,
    events: {} as InfiniteListEvent,
    input: {} as InfiniteListInput | undefined,
    tags: {} as 'loading',
  },
  actors: {
    fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async () => {
      throw new Error('infiniteListMachine: provide a fetchPage actor');
    }),
  },
  guards: {
    isLastPage: ({ context }, params: { received: number }) => params.received < context.ipp,
  },
  actions: {
    appendPage: assign(({ context }, params: { items: readonly unknown[] }) => ({
      items: [...context.items, ...params.items],
      page: context.page + 1,
    })),
    markDone: assign({ done: true }),
    recordError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    restart: assign((_, params: { params?: InfiniteListParams }) => ({
      items: [],
      page: 0,
      done: false,
      error: null,
      ...(params.params ? { params: params.params } : {}),
    })),
  },
}).createMachine({
  id: 'infiniteList',
  context: ({ input }) => ({
    items: [],
    page: 0,
    params: input?.params ?? {},
    ipp: input?.ipp ?? defaultItemsPerPage,
    done: false,
    error: null,
  }),
  initial: 'loading',
  on: {
    'list.setParams': {
      target: '.loading',
      actions: { type: 'restart', params: ({ event }) => ({ params: event.params }) },
    },
    'list.refresh': {
      target: '.loading',
      actions: { type: 'restart', params: {} },
    },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        // Paging comes last so a parameter can never override it.
        input: ({ context }) => ({ ...context.params, cp: context.page, ipp: context.ipp }),
        onDone: [
          {
            guard: { type: 'isLastPage', params: ({ event }) => ({ received: event.output.length }) },
            target: 'done',
            actions: [{ type: 'appendPage', params: ({ event }) => ({ items: event.output }) }, 'markDone'],
          },
          {
            target: 'idle',
            actions: { type: 'appendPage', params: ({ event }) => ({ items: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    idle: {
      on: { 'list.loadMore': 'loading' },
    },
    done: {},
    failed: {
      on: { 'list.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
});

export type InfiniteListActorRef = ActorRefFrom<typeof infiniteListMachine>;
export type InfiniteListSnapshot = SnapshotFrom<typeof infiniteListMachine>;
