import { type ActorRefFrom, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { OperatorUser, UserPage } from '../../contracts/operator';
import { failureMessage, refusedAsNotOperator } from './operatorErrors';

/**
 * The operator area's Users tab (issue 24 §7): the users, newest sign-up first, found by name,
 * username or e-mail and read page by page; an account disabled (signed out everywhere, no more
 * sign-in) or enabled again.
 *
 * - `loading`: the page of the current search is asked for; a new search or page asks again.
 * - `ready.idle`: the page shows. `ready.changing`: one account is being disabled or enabled;
 *   its row then shows the answer and `changed` names it. A refused or failed change keeps the
 *   page and shows `error`.
 * - `failed`: the list could not be had; `users.reload` asks again.
 * - `denied`: the caller is not an operator (403).
 */

export const operatorUsersPageSize = 20;

export interface OperatorUsersContext {
  q: string;
  cp: number;
  page: UserPage | null;
  error: string | null;
  /** The account being changed, and to what. */
  changing: { userId: string; active: boolean } | null;
  /** The account last changed (the view announces it). */
  changed: OperatorUser | null;
}

export type OperatorUsersEvent =
  | { type: 'users.searched'; q: string }
  | { type: 'users.paged'; cp: number }
  | { type: 'users.reload' }
  | { type: 'users.setActive'; userId: string; active: boolean };

export interface UserListInput {
  q: string;
  cp: number;
  ipp: number;
}

export const operatorUsersMachine = setup({
  types: {
    context: {} as OperatorUsersContext,
    events: {} as OperatorUsersEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadUsers: fromPromise<UserPage, UserListInput>(async () => {
      throw new Error('loadUsers not provided');
    }),
    setActive: fromPromise<OperatorUser, { userId: string; active: boolean }>(async () => {
      throw new Error('setActive not provided');
    }),
  },
  guards: {
    forbidden: refusedAsNotOperator,
    pageExists: ({ context, event }) =>
      event.type === 'users.paged' &&
      event.cp >= 0 &&
      event.cp !== context.cp &&
      event.cp * operatorUsersPageSize < (context.page?.total ?? 0),
    /** Only a user shown on the page, and only to the other state. */
    changesOnPage: ({ context, event }) =>
      event.type === 'users.setActive' &&
      (context.page?.items.some((user) => user.userId === event.userId && user.active !== event.active) ??
        false),
  },
  actions: {
    rememberError: assign({ error: failureMessage }),
  },
}).createMachine({
  id: 'operatorUsers',
  context: { q: '', cp: 0, page: null, error: null, changing: null, changed: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        input: ({ context }) => ({ q: context.q.trim(), cp: context.cp, ipp: operatorUsersPageSize }),
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        onError: [
          { guard: 'forbidden', target: 'denied' },
          { target: 'failed', actions: 'rememberError' },
        ],
      },
    },
    failed: { on: { 'users.reload': 'loading' } },
    denied: { type: 'final' },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'users.searched': {
              target: '#operatorUsers.loading',
              actions: assign({ q: ({ event }) => event.q, cp: 0, changed: null }),
            },
            'users.paged': {
              guard: 'pageExists',
              target: '#operatorUsers.loading',
              actions: assign({ cp: ({ event }) => event.cp, changed: null }),
            },
            'users.reload': { target: '#operatorUsers.loading', actions: assign({ changed: null }) },
            'users.setActive': {
              guard: 'changesOnPage',
              target: 'changing',
              actions: assign({
                changing: ({ event }) => ({ userId: event.userId, active: event.active }),
                changed: null,
                error: null,
              }),
            },
          },
        },
        changing: {
          tags: 'busy',
          invoke: {
            id: 'setActive',
            src: 'setActive',
            input: ({ context }) => context.changing!,
            onDone: {
              target: 'idle',
              actions: assign({
                page: ({ context, event }) => ({
                  ...context.page!,
                  items: context.page!.items.map((user) =>
                    user.userId === event.output.userId ? event.output : user,
                  ),
                }),
                changed: ({ event }) => event.output,
                changing: null,
              }),
            },
            onError: { target: 'idle', actions: ['rememberError', assign({ changing: null })] },
          },
        },
      },
    },
  },
});

export type OperatorUsersActorRef = ActorRefFrom<typeof operatorUsersMachine>;
export type OperatorUsersSnapshot = SnapshotFrom<typeof operatorUsersMachine>;
