import { type ActorRefFrom, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { NotificationItem, NotificationPage, NotificationPush } from '../../contracts/notifications';

/** Notifications per page of the bell's list. */
export const bellPageSize = 10;

export interface NotificationBellContext {
  /** Newest first: the pages loaded, with what arrived live on top. */
  items: NotificationItem[];
  /** Unread notifications of the user (all of them, not only those loaded). */
  unread: number;
  /** The next page to load. */
  page: number;
  /** Every page is loaded. */
  done: boolean;
  error: unknown;
}

export type NotificationBellEvent =
  /** A notification pushed by the hub (`Notification`). */
  | { type: 'bell.received'; notification: NotificationPush }
  /** The user opened one: it is marked read and its place opens. */
  | { type: 'bell.select'; id: string }
  | { type: 'bell.markAllRead' }
  | { type: 'bell.loadMore' }
  | { type: 'bell.retry' };

const readNow = () => new Date().toISOString();

/**
 * The header's bell (platform.md §7.6; issue: a bell with the unread count and a list): loads the
 * signed-in user's notifications page by page (`loading` → `ready`, `failed` with retry), adds
 * each one the notification hub pushes on top with the unread count the server sent, marks one
 * read when the user opens it (then goes to its place with `open`) or all of them with
 * 'Mark all as read'. Marks show at once; the request runs as a spawned `markRead` /
 * `markAllRead` child.
 *
 * Actors: `fetchPage` ({ cp, ipp } → NotificationPage), `markRead` ({ id }), `markAllRead`,
 * `hubWatch` (sends `bell.received` for each pushed notification). Action: `open` ({ link }).
 */
export const notificationBellMachine = setup({
  types: {
    context: {} as NotificationBellContext,
    events: {} as NotificationBellEvent,
  },
  actors: {
    fetchPage: fromPromise<NotificationPage, { cp: number; ipp: number }>(async () => {
      throw new Error('fetchPage not provided');
    }),
    markRead: fromPromise<unknown, { id: string }>(async () => null),
    markAllRead: fromPromise<unknown>(async () => null),
    hubWatch: fromCallback<NotificationBellEvent>(() => () => {}),
  },
  actions: {
    open: (_, _params: { link: string }) => {},
  },
  guards: {
    hasMore: ({ context }) => !context.done,
  },
}).createMachine({
  id: 'notificationBell',
  context: { items: [], unread: 0, page: 0, done: false, error: null },
  invoke: { id: 'hubWatch', src: 'hubWatch' },
  on: {
    'bell.received': {
      actions: assign(({ context, event }) => {
        const { unread, ...item } = event.notification;
        return {
          items: [item, ...context.items.filter((n) => n.id !== item.id)],
          unread,
        };
      }),
    },
    'bell.select': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const item = context.items.find((n) => n.id === event.id);
        if (!item) return;
        if (!item.readAt) {
          enqueue.assign({
            items: context.items.map((n) => (n.id === item.id ? { ...n, readAt: readNow() } : n)),
            unread: Math.max(0, context.unread - 1),
          });
          enqueue.spawnChild('markRead', { input: { id: item.id } });
        }
        enqueue({ type: 'open', params: { link: item.link } });
      }),
    },
    'bell.markAllRead': {
      guard: ({ context }) => context.unread > 0 || context.items.some((n) => !n.readAt),
      actions: enqueueActions(({ context, enqueue }) => {
        const now = readNow();
        enqueue.assign({
          items: context.items.map((n) => (n.readAt ? n : { ...n, readAt: now })),
          unread: 0,
        });
        enqueue.spawnChild('markAllRead');
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ cp: context.page, ipp: bellPageSize }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const known = new Set(context.items.map((n) => n.id));
            return {
              items: [...context.items, ...event.output.items.filter((n) => !known.has(n.id))],
              unread: event.output.unread,
              page: context.page + 1,
              done: event.output.items.length < bellPageSize,
              error: null,
            };
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {
      on: { 'bell.loadMore': { guard: 'hasMore', target: 'loading' } },
    },
    failed: {
      on: { 'bell.retry': 'loading' },
    },
  },
});

export type NotificationBellActorRef = ActorRefFrom<typeof notificationBellMachine>;
