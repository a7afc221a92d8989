import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';

export interface FollowInput {
  /** The user the button follows. */
  userId: string;
  /** Whether the signed-in user follows them, when the caller knows it already (a member card). */
  following?: boolean;
}

/** What `load` answers, and a follow or unfollow: the caller's follow and the user's followers. */
export interface FollowFacts {
  /** Somebody is signed in (a signed-out visitor is asked to sign in instead). */
  signedIn: boolean;
  following: boolean;
  /** The user's follower count, when known (null: the page shows its own figure). */
  numOfFollowers: number | null;
}

export interface FollowContext extends FollowFacts {
  userId: string;
  /** The input said whether the signed-in user follows them (`load` need not ask). */
  known: boolean;
  /** Why the last change failed; null otherwise. */
  error: unknown;
}

export type FollowEvent =
  /** Follow when not following, unfollow when following; a signed-out visitor is asked to sign in. */
  { type: 'follow.toggle' } | { type: 'follow.retry' };

/**
 * Follow / Unfollow of one user (platform.md §2.7, §2.3): `loading` asks whether the signed-in user
 * follows them (and their follower count), `ready` waits for the button, `saving` follows or
 * unfollows and takes the server's answer (the count included). A signed-out visitor's press asks
 * them to sign in (`askSignIn`); a failed change keeps the state it had and tells why
 * (`announceFailed`).
 *
 * Actors: `load` ({ userId, following? } → FollowFacts), `setFollow` ({ userId, follow } →
 * FollowFacts minus signedIn). Actions: `askSignIn`, `announceFailed`.
 */
export const followMachine = setup({
  types: {
    context: {} as FollowContext,
    events: {} as FollowEvent,
    input: {} as FollowInput,
  },
  actors: {
    load: fromPromise<FollowFacts, FollowInput>(async ({ input }) => ({
      signedIn: false,
      following: input.following ?? false,
      numOfFollowers: null,
    })),
    setFollow: fromPromise<Omit<FollowFacts, 'signedIn'>, { userId: string; follow: boolean }>(async () => {
      throw new Error('setFollow not provided');
    }),
  },
  actions: {
    askSignIn: () => {},
    announceFailed: (_, _params: { error: unknown }) => {},
  },
  guards: {
    signedOut: ({ context }) => !context.signedIn,
  },
}).createMachine({
  id: 'follow',
  context: ({ input }) => ({
    userId: input.userId,
    known: input.following !== undefined,
    signedIn: false,
    following: input.following ?? false,
    numOfFollowers: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({
          userId: context.userId,
          ...(context.known ? { following: context.following } : {}),
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ ...event.output, error: null })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      on: { 'follow.retry': 'loading' },
    },
    ready: {
      on: {
        'follow.toggle': [{ guard: 'signedOut', actions: 'askSignIn' }, { target: 'saving' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'setFollow',
        src: 'setFollow',
        input: ({ context }) => ({ userId: context.userId, follow: !context.following }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            following: event.output.following,
            numOfFollowers: event.output.numOfFollowers,
            error: null,
          })),
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ error: ({ event }) => event.error }),
            { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

export type FollowActorRef = ActorRefFrom<typeof followMachine>;
