import { type ActorRefFrom, assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { SpaceReactions } from '../../contracts/spaceReactions';

export interface SpaceReactionsContext {
  sceneId: string;
  /** How many users like the space (shown at once on a toggle, corrected by the server's answer). */
  likes: number;
  liked: boolean;
  favourite: boolean;
  /** Somebody is signed in: toggles go to the server; otherwise they ask to sign in (null: not known yet). */
  signedIn: boolean | null;
  /** What a like toggle changed, to put back if the server refuses it. */
  likeBefore: { liked: boolean; likes: number } | null;
  /** What a favourite toggle changed, to put back if the server refuses it. */
  favouriteBefore: boolean | null;
}

export type SpaceReactionsEvent =
  | { type: 'like.toggle' }
  | { type: 'favourite.toggle' }
  /** Load the reactions again after they could not be loaded. */
  | { type: 'reactions.retry' }
  /** Who is signed in changed (the session relay says so at start and on every change). */
  | { type: 'session.changed'; signedIn: boolean };

/** Which toggle failed (the app tells the user). */
export type ReactionKind = 'like' | 'favourite';

/**
 * The likes and the favourite of one published space, for the signed-in user (platform.md §2.7
 * 'Like', §2.3 'Favourites'): the viewer's Like and favourite buttons and a card's favourite button.
 *
 * - `starting` waits for the session's first word (`sessionWatch`, at once), then `loading` asks the server (`loadReactions`); `ready` shows them; `unavailable` when that failed.
 * - A toggle shows its result at once (optimistic) and asks the server (`setLiked`,
 *   `setFavourite`); the answer corrects the count (other users like too); a failure puts back what
 *   the toggle changed and tells the user (`announceFailure`). Like and favourite run independently;
 *   each takes one toggle at a time (views ask `snapshot.can`).
 * - Signed out, a toggle asks the user to sign in (`askToSignIn`) and changes nothing.
 * - When another user signs in or out (`sessionWatch`), the reactions load again for them.
 */
export const spaceReactionsMachine = setup({
  types: {
    context: {} as SpaceReactionsContext,
    events: {} as SpaceReactionsEvent,
    /** `likes`: the count the page already knows (a card's), shown until the server answers. */
    input: {} as { sceneId: string; likes?: number },
    tags: {} as 'loading' | 'liking' | 'favouriting',
  },
  actors: {
    loadReactions: fromPromise<SpaceReactions, { sceneId: string }>(async () => {
      throw new Error('spaceReactionsMachine: provide a loadReactions actor');
    }),
    setLiked: fromPromise<SpaceReactions, { sceneId: string; liked: boolean }>(async () => {
      throw new Error('spaceReactionsMachine: provide a setLiked actor');
    }),
    setFavourite: fromPromise<SpaceReactions, { sceneId: string; favourite: boolean }>(async () => {
      throw new Error('spaceReactionsMachine: provide a setFavourite actor');
    }),
    /** Sends `session.changed` now and whenever who is signed in changes. */
    sessionWatch: fromCallback<SpaceReactionsEvent>(() => () => {}),
  },
  actions: {
    askToSignIn: () => {},
    announceFailure: (_, _params: { kind: ReactionKind; error: unknown }) => {},
    store: assign((_, reactions: SpaceReactions) => ({
      likes: reactions.likes,
      liked: reactions.liked,
      favourite: reactions.favourite,
    })),
    toggleLike: assign(({ context }) => ({
      likeBefore: { liked: context.liked, likes: context.likes },
      liked: !context.liked,
      likes: Math.max(0, context.likes + (context.liked ? -1 : 1)),
    })),
    confirmLike: assign((_, reactions: SpaceReactions) => ({
      likes: reactions.likes,
      liked: reactions.liked,
      likeBefore: null,
    })),
    undoLike: assign(({ context }) => ({ ...(context.likeBefore ?? {}), likeBefore: null })),
    toggleFavourite: assign(({ context }) => ({
      favouriteBefore: context.favourite,
      favourite: !context.favourite,
    })),
    confirmFavourite: assign((_, reactions: SpaceReactions) => ({
      favourite: reactions.favourite,
      favouriteBefore: null,
    })),
    undoFavourite: assign(({ context }) => ({
      favourite: context.favouriteBefore ?? context.favourite,
      favouriteBefore: null,
    })),
  },
  guards: {
    signedOut: ({ context }) => !context.signedIn,
    otherSession: ({ context }, params: { signedIn: boolean }) => params.signedIn !== context.signedIn,
  },
}).createMachine({
  id: 'spaceReactions',
  context: ({ input }) => ({
    sceneId: input.sceneId,
    likes: input.likes ?? 0,
    liked: false,
    favourite: false,
    signedIn: null,
    likeBefore: null,
    favouriteBefore: null,
  }),
  invoke: { id: 'sessionWatch', src: 'sessionWatch' },
  on: {
    'session.changed': {
      guard: { type: 'otherSession', params: ({ event }) => ({ signedIn: event.signedIn }) },
      target: '.loading',
      reenter: true,
      actions: assign({ signedIn: ({ event }) => event.signedIn }),
    },
  },
  initial: 'starting',
  states: {
    /** Until the session says who is signed in (at once), so the reactions load once, for them. */
    starting: { tags: 'loading' },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadReactions',
        src: 'loadReactions',
        input: ({ context }) => ({ sceneId: context.sceneId }),
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: 'unavailable',
      },
    },
    unavailable: { on: { 'reactions.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        like: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'like.toggle': [
                  { guard: 'signedOut', actions: 'askToSignIn' },
                  { target: 'saving', actions: 'toggleLike' },
                ],
              },
            },
            saving: {
              tags: 'liking',
              invoke: {
                id: 'setLiked',
                src: 'setLiked',
                input: ({ context }) => ({ sceneId: context.sceneId, liked: context.liked }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'confirmLike', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'undoLike',
                    {
                      type: 'announceFailure',
                      params: ({ event }) => ({ kind: 'like', error: event.error }),
                    },
                  ],
                },
              },
            },
          },
        },
        favourite: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'favourite.toggle': [
                  { guard: 'signedOut', actions: 'askToSignIn' },
                  { target: 'saving', actions: 'toggleFavourite' },
                ],
              },
            },
            saving: {
              tags: 'favouriting',
              invoke: {
                id: 'setFavourite',
                src: 'setFavourite',
                input: ({ context }) => ({ sceneId: context.sceneId, favourite: context.favourite }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'confirmFavourite', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'undoFavourite',
                    {
                      type: 'announceFailure',
                      params: ({ event }) => ({ kind: 'favourite', error: event.error }),
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type SpaceReactionsActorRef = ActorRefFrom<typeof spaceReactionsMachine>;
export type SpaceReactionsSnapshot = SnapshotFrom<typeof spaceReactionsMachine>;
