import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { isGuest } from '../../contracts/live';
import type { Party, PartyAnswer, PartyInvitation, PartyMove } from '../../contracts/parties';

export interface PartyInput {
  /** The signed-in visitor. */
  userId: string;
}

/** One thing the visitor does to their party. */
export type PartyChange =
  | { kind: 'create' }
  | { kind: 'invite'; userId: string }
  | { kind: 'cancel'; invitationId: string }
  | { kind: 'accept'; invitationId: string }
  | { kind: 'decline'; invitationId: string }
  | { kind: 'leave' }
  | { kind: 'remove'; userId: string };

/** The live-user hub's party events (contracts/parties.ts). */
export const partyTargets = ['JoinedGroup', 'LeftGroup', 'PartyInvited', 'PartyMove'] as const;

export interface PartyContext {
  userId: string;
  party: Party | null;
  /** Open invitations the visitor received. */
  invitations: PartyInvitation[];
  /** Why the party could not be read. */
  error: string | null;
  /** Why the last change was refused (the server's words), until the next change. */
  problem: string | null;
  pending: PartyChange | null;
  /** Whether the visitor goes where the leader goes (they may stay behind). */
  following: boolean;
  /** News arrived while a change was on its way: the party is read again after it. */
  stale: boolean;
}

export type PartyEvent =
  | { type: 'party.change'; change: PartyChange }
  | { type: 'party.retry' }
  | { type: 'party.follow'; following: boolean }
  /** A party event of the live-user hub (JoinedGroup, LeftGroup or PartyInvited). */
  | { type: 'party.news' }
  /** The leader entered another space; `currentSceneId` is the space this visitor is in, if any. */
  | { type: 'party.moved'; move: PartyMove; currentSceneId: string | null };

const messageOf = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
};

/**
 * The visitor's party (contracts/parties.ts; the viewer's Party panel, platform.md §2.7): `loading`
 * reads it with the invitations received; `ready` shows them and takes one change at a time, sent
 * while `working`. A refused change leaves everything as it was and says why (`problem`); a done
 * one, or news from the live-user hub, reads the party again (news during a change waits for it).
 * When the leader moves to another space and this visitor was in the space they left, the visitor
 * follows (`follow`), unless they chose to stay behind.
 *
 * Actors: `load` (→ PartyAnswer), `apply` ({ change }). Actions: `follow` (the move to follow).
 * Tags: 'busy'.
 */
export const partyMachine = setup({
  types: {
    context: {} as PartyContext,
    events: {} as PartyEvent,
    input: {} as PartyInput,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<PartyAnswer>(async () => {
      throw new Error('partyMachine: provide a load actor');
    }),
    apply: fromPromise<unknown, { change: PartyChange }>(async () => {
      throw new Error('partyMachine: provide an apply actor');
    }),
  },
  actions: {
    /** Takes the visitor to the leader's space and instance (the flows provide it). */
    follow: (_, _params: { move: PartyMove }) => {},
  },
  guards: {
    // Only a member who is still where the leader was goes along; the leader never follows.
    followsMove: ({ context, event }) =>
      event.type === 'party.moved' &&
      context.following &&
      event.move.leaderId !== context.userId &&
      event.currentSceneId === event.move.fromSceneId,
    stale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'party',
  context: ({ input }) => ({
    userId: input.userId,
    party: null,
    invitations: [],
    error: null,
    problem: null,
    pending: null,
    following: true,
    stale: false,
  }),
  on: {
    'party.follow': { actions: assign({ following: ({ event }) => event.following }) },
    'party.moved': {
      guard: 'followsMove',
      actions: { type: 'follow', params: ({ event }) => ({ move: event.move }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ stale: false }),
      on: { 'party.news': { target: 'loading', reenter: true } },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign({
            party: ({ event }) => event.output.party,
            invitations: ({ event }) => event.output.invitations,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { on: { 'party.retry': 'loading', 'party.news': 'loading' } },
    ready: {
      on: {
        'party.news': 'loading',
        'party.change': {
          target: 'working',
          actions: assign({ pending: ({ event }) => event.change, problem: null }),
        },
      },
    },
    working: {
      tags: 'busy',
      on: { 'party.news': { actions: assign({ stale: true }) } },
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ change: context.pending! }),
        onDone: { target: 'loading', actions: assign({ pending: null }) },
        onError: [
          {
            guard: 'stale',
            target: 'loading',
            actions: assign({ pending: null, problem: ({ event }) => messageOf(event.error) }),
          },
          {
            target: 'ready',
            actions: assign({ pending: null, problem: ({ event }) => messageOf(event.error) }),
          },
        ],
      },
    },
  },
});

export type PartyActorRef = ActorRefFrom<typeof partyMachine>;
export type PartySnapshot = SnapshotFrom<typeof partyMachine>;

/** What the visitor may do in their party: lead it (invite, remove), or only be in it. */
export function partyRole(party: Party | null, userId: string): 'none' | 'leader' | 'member' {
  if (!party) return 'none';
  return party.leaderId === userId ? 'leader' : 'member';
}

/**
 * Whom the visitor may invite to their party: a signed-in visitor who is not in it nor invited,
 * when the visitor leads the party or is in none (inviting makes one).
 */
export function invitableBy(context: Pick<PartyContext, 'party' | 'userId'>) {
  const { party, userId } = context;
  if (partyRole(party, userId) === 'member') return () => false;
  const taken = new Set([
    userId,
    ...(party?.members.map((m) => m.user.id) ?? []),
    ...(party?.invitations.map((i) => i.to.id) ?? []),
  ]);
  return (other: string) => !isGuest(other) && !taken.has(other);
}
