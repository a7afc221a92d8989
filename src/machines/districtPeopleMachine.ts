import { type ActorRefFrom, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { DistrictInvitation, DistrictRole, DistrictSlot } from '../../contracts/districts';

export interface DistrictPeopleInput {
  districtId: string;
}

/** One change an Owner makes to a district's people. */
export type DistrictPeopleChange =
  | { kind: 'inviteLink' }
  | { kind: 'inviteEmail'; email: string }
  | { kind: 'withdraw'; code: string }
  | { kind: 'setRole'; userId: string; role: DistrictRole }
  | { kind: 'remove'; userId: string }
  | { kind: 'allocate'; slotId: string; userId: string | null };

export interface DistrictPeopleContext {
  districtId: string;
  invitations: DistrictInvitation[];
  /** The district's slots and who may publish into each. */
  slots: DistrictSlot[];
  /** The invitation made last (its link is shown to copy). */
  made: DistrictInvitation | null;
  /** Why loading the invitations failed; null otherwise. */
  error: unknown;
  /** The change being sent. */
  pending: DistrictPeopleChange | null;
}

export type DistrictPeopleEvent =
  { type: 'people.change'; change: DistrictPeopleChange } | { type: 'invitations.retry' };

export type DistrictPeopleEmitted =
  /** Members or slots changed: the lists showing them load again. */
  { type: 'people.changed' };

/**
 * The Owners' management of a district's people (platform.md §2.1 Members › All, Invitations, the
 * Manage members modal): `loading` reads the open invitations and the slots, `ready` takes one change at a time —
 * a link or an e-mail invitation, withdrawing one, a member's role, removing a member, allocating a
 * slot — each sent (`apply`) while the state is `working`. A refused change is told
 * (`announceFailed`) and nothing else changes; a done one is told (`announce`), emits
 * `people.changed`, and reads the invitations and slots again.
 *
 * Actors: `load` ({ districtId } → { invitations, slots }), `apply` ({ districtId, change } → the
 * invitation made, or null). Tags: 'busy'.
 */
export const districtPeopleMachine = setup({
  types: {
    context: {} as DistrictPeopleContext,
    events: {} as DistrictPeopleEvent,
    input: {} as DistrictPeopleInput,
    emitted: {} as DistrictPeopleEmitted,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<{ invitations: DistrictInvitation[]; slots: DistrictSlot[] }, { districtId: string }>(
      async () => {
        throw new Error('districtPeopleMachine: provide a load actor');
      },
    ),
    apply: fromPromise<DistrictInvitation | null, { districtId: string; change: DistrictPeopleChange }>(
      async () => {
        throw new Error('districtPeopleMachine: provide an apply actor');
      },
    ),
  },
  actions: {
    announce: (_, _params: { change: DistrictPeopleChange }) => {},
    announceFailed: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'districtPeople',
  context: ({ input }) => ({
    districtId: input.districtId,
    invitations: [],
    slots: [],
    made: null,
    error: null,
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ districtId: context.districtId }),
        onDone: {
          target: 'ready',
          actions: assign({
            invitations: ({ event }) => event.output.invitations,
            slots: ({ event }) => event.output.slots,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'invitations.retry': 'loading' } },
    ready: {
      on: {
        'people.change': { target: 'working', actions: assign({ pending: ({ event }) => event.change }) },
      },
    },
    working: {
      tags: 'busy',
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ districtId: context.districtId, change: context.pending! }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ made: ({ event, context }) => event.output ?? context.made }),
            { type: 'announce', params: ({ context }) => ({ change: context.pending! }) },
            emit({ type: 'people.changed' }),
            assign({ pending: null }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
            assign({ pending: null }),
          ],
        },
      },
    },
  },
});

export type DistrictPeopleActorRef = ActorRefFrom<typeof districtPeopleMachine>;
export type DistrictPeopleSnapshot = SnapshotFrom<typeof districtPeopleMachine>;
