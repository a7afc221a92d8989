import { type ActorRefFrom, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { OperatorUser, operatorPlans, UserPage } from '../../contracts/operator';
import { failureMessage, refusedAsNotOperator } from './operatorErrors';

/**
 * The operator area's Users tab (issue 24 §7): the users, newest sign-up first, found by name,
 * username or e-mail and read page by page; an account disabled (signed out everywhere, no more
 * sign-in) or enabled again, given another plan, or deleted for good.
 *
 * - `loading`: the page of the current search is asked for; a new search or page asks again.
 * - `ready.idle`: the page shows. `ready.changing`: one account is being changed; its row then
 *   shows the answer (a deleted one's page is read again) and `changed` names it. A refused or
 *   failed change keeps the page and shows `error`.
 * - `failed`: the list could not be had; `users.reload` asks again.
 * - `denied`: the caller is not an operator (403).
 */

export const operatorUsersPageSize = 20;

export type OperatorPlan = (typeof operatorPlans)[number];

/** One change to one account. */
export type UserChange =
  | { userId: string; kind: 'active'; active: boolean }
  | { userId: string; kind: 'plan'; plan: OperatorPlan }
  | { userId: string; kind: 'delete' };

/** What the view announces after a change. */
export interface UserChanged {
  what: 'enabled' | 'disabled' | 'plan' | 'deleted';
  user: OperatorUser;
}

export interface OperatorUsersContext {
  q: string;
  cp: number;
  page: UserPage | null;
  error: string | null;
  /** The account being changed, and how. */
  changing: UserChange | null;
  /** The account last changed (the view announces it). */
  changed: UserChanged | null;
}

export type OperatorUsersEvent =
  | { type: 'users.searched'; q: string }
  | { type: 'users.paged'; cp: number }
  | { type: 'users.reload' }
  | { type: 'users.setActive'; userId: string; active: boolean }
  | { type: 'users.setPlan'; userId: string; plan: OperatorPlan }
  | { type: 'users.delete'; userId: string };

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
    /** Answers the changed account, or null once it is deleted. */
    changeUser: fromPromise<OperatorUser | null, UserChange>(async () => {
      throw new Error('changeUser not provided');
    }),
  },
  guards: {
    forbidden: refusedAsNotOperator,
    pageExists: ({ context, event }) =>
      event.type === 'users.paged' &&
      event.cp >= 0 &&
      event.cp !== context.cp &&
      event.cp * operatorUsersPageSize < (context.page?.total ?? 0),
    /** Only a user shown on the page, and only to another state or plan; never an operator deleted. */
    changesOnPage: ({ context, event }) => {
      const user = context.page?.items.find((u) => 'userId' in event && u.userId === event.userId);
      if (!user) return false;
      if (event.type === 'users.setActive') return user.active !== event.active;
      if (event.type === 'users.setPlan') return user.plan !== event.plan;
      return event.type === 'users.delete' && !user.operator;
    },
    deleted: ({ event }) => (event as { output?: unknown }).output === null,
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
                changing: ({ event }) => ({ userId: event.userId, kind: 'active', active: event.active }),
                changed: null,
                error: null,
              }),
            },
            'users.setPlan': {
              guard: 'changesOnPage',
              target: 'changing',
              actions: assign({
                changing: ({ event }) => ({ userId: event.userId, kind: 'plan', plan: event.plan }),
                changed: null,
                error: null,
              }),
            },
            'users.delete': {
              guard: 'changesOnPage',
              target: 'changing',
              actions: assign({
                changing: ({ event }) => ({ userId: event.userId, kind: 'delete' }),
                changed: null,
                error: null,
              }),
            },
          },
        },
        changing: {
          tags: 'busy',
          invoke: {
            id: 'changeUser',
            src: 'changeUser',
            input: ({ context }) => context.changing!,
            onDone: [
              {
                // The page is read again, so it stays whole and its count true.
                guard: 'deleted',
                target: '#operatorUsers.loading',
                actions: assign({
                  changed: ({ context }) => ({
                    what: 'deleted' as const,
                    user: context.page!.items.find((u) => u.userId === context.changing!.userId)!,
                  }),
                  changing: null,
                }),
              },
              {
                target: 'idle',
                actions: assign({
                  page: ({ context, event }) => ({
                    ...context.page!,
                    items: context.page!.items.map((user) =>
                      user.userId === event.output!.userId ? event.output! : user,
                    ),
                  }),
                  changed: ({ context, event }) => ({
                    what:
                      context.changing!.kind === 'plan'
                        ? ('plan' as const)
                        : event.output!.active
                          ? ('enabled' as const)
                          : ('disabled' as const),
                    user: event.output!,
                  }),
                  changing: null,
                }),
              },
            ],
            onError: { target: 'idle', actions: ['rememberError', assign({ changing: null })] },
          },
        },
      },
    },
  },
});

export type OperatorUsersActorRef = ActorRefFrom<typeof operatorUsersMachine>;
export type OperatorUsersSnapshot = SnapshotFrom<typeof operatorUsersMachine>;
