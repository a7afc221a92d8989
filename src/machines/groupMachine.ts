import { type ActorRefFrom, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { Group, InviteAnswer } from '../../contracts/groups';

export interface GroupInput {
  groupId: string;
  /** The group as a list showed it, to show at once while it loads again. */
  group?: Group;
}

export interface GroupContext {
  groupId: string;
  group: Group | null;
  /** Grows whenever who is in the group changed (the members list loads again). */
  membersRevision: number;
  /** Why the group could not be loaded; null otherwise. */
  error: unknown;
  /** Why the group is gone for this user, once it is. */
  gone: GroupGoneReason | null;
}

export type GroupEvent =
  | { type: 'group.retry' }
  /** The invited user accepts (they become a member) or declines (the group is gone for them). */
  | { type: 'group.accept' }
  | { type: 'group.decline' }
  /** The owner invites users. */
  | { type: 'group.invite'; userIds: string[] }
  /** The owner takes a member out, or withdraws an invitation. */
  | { type: 'group.removeMember'; userId: string }
  /** A member leaves. */
  | { type: 'group.leave' }
  /** The owner deletes the group (the view asked for confirmation). */
  | { type: 'group.delete' }
  /** The owner changed the group's title, description or image (its form answered this). */
  | { type: 'group.changed'; group: Group };

export type GroupEmitted =
  /** The group is changed, joined, left, declined or deleted: lists showing it load again. */
  { type: 'group.listsChanged' };

/** Why the group is gone for this user. */
export type GroupGoneReason = 'declined' | 'left' | 'deleted';

/**
 * One group as its owner, a member or an invited user sees it (platform.md §2.3 Connections ›
 * Groups): `loading` reads it, `ready` takes the user's actions — accept or decline an invitation,
 * invite users, remove a member, leave, delete — each in its own state while the server answers.
 * A failed action tells the user (`announceFailed`) and leaves everything as it was; a done one
 * may tell them too (`announce`). Declining, leaving and deleting end in `gone` (output: the
 * reason). Every change that lists would show emits `group.listsChanged`.
 *
 * Actors: `load` ({ groupId } → Group), `respond` ({ groupId, accept } → Group), `invite`
 * ({ groupId, userIds } → InviteAnswer), `removeMember` ({ groupId, userId }), `leave`
 * ({ groupId }), `remove` ({ groupId }). Tags: 'busy'.
 */
export const groupMachine = setup({
  types: {
    context: {} as GroupContext,
    events: {} as GroupEvent,
    input: {} as GroupInput,
    emitted: {} as GroupEmitted,
    output: {} as { reason: GroupGoneReason },
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<Group, { groupId: string }>(async () => {
      throw new Error('groupMachine: provide a load actor');
    }),
    respond: fromPromise<Group, { groupId: string; accept: boolean }>(async () => {
      throw new Error('groupMachine: provide a respond actor');
    }),
    invite: fromPromise<InviteAnswer, { groupId: string; userIds: string[] }>(async () => {
      throw new Error('groupMachine: provide an invite actor');
    }),
    removeMember: fromPromise<unknown, { groupId: string; userId: string }>(async () => {
      throw new Error('groupMachine: provide a removeMember actor');
    }),
    leave: fromPromise<unknown, { groupId: string }>(async () => {
      throw new Error('groupMachine: provide a leave actor');
    }),
    remove: fromPromise<unknown, { groupId: string }>(async () => {
      throw new Error('groupMachine: provide a remove actor');
    }),
  },
  actions: {
    announce: (_, _params: { message: string; values?: Record<string, string | number> }) => {},
    announceFailed: (_, _params: { error: unknown }) => {},
    listsChanged: emit({ type: 'group.listsChanged' }),
    membersChanged: assign({ membersRevision: ({ context }) => context.membersRevision + 1 }),
  },
  guards: {
    owner: ({ context }) => context.group?.membership === 'owner',
    invited: ({ context }) => context.group?.membership === 'invited',
    member: ({ context }) => context.group?.membership === 'member',
  },
}).createMachine({
  id: 'group',
  context: ({ input }) => ({
    groupId: input.groupId,
    group: input.group ?? null,
    membersRevision: 0,
    error: null,
    gone: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ groupId: context.groupId }),
        onDone: { target: 'ready', actions: assign({ group: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'group.retry': 'loading' } },
    ready: {
      on: {
        'group.accept': { guard: 'invited', target: 'accepting' },
        'group.decline': { guard: 'invited', target: 'declining' },
        'group.invite': { guard: 'owner', target: 'inviting' },
        'group.removeMember': { guard: 'owner', target: 'removing' },
        'group.leave': { guard: 'member', target: 'leaving' },
        'group.delete': { guard: 'owner', target: 'deleting' },
        'group.changed': {
          guard: 'owner',
          actions: [assign({ group: ({ event }) => event.group }), 'listsChanged'],
        },
      },
    },
    accepting: {
      tags: 'busy',
      invoke: {
        id: 'respond',
        src: 'respond',
        input: ({ context }) => ({ groupId: context.groupId, accept: true }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ group: ({ event }) => event.output }),
            'membersChanged',
            'listsChanged',
            {
              type: 'announce',
              params: ({ event }) => ({ message: 'groups.joined', values: { title: event.output.title } }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    declining: {
      tags: 'busy',
      invoke: {
        id: 'respond',
        src: 'respond',
        input: ({ context }) => ({ groupId: context.groupId, accept: false }),
        onDone: { target: 'declined', actions: 'listsChanged' },
        onError: {
          target: 'ready',
          actions: { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    inviting: {
      tags: 'busy',
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context, event }) => ({
          groupId: context.groupId,
          userIds: event.type === 'group.invite' ? event.userIds : [],
        }),
        onDone: {
          target: 'ready',
          actions: [
            'membersChanged',
            {
              type: 'announce',
              params: ({ event }) => ({
                message: 'groups.invited',
                values: { count: event.output.invited.length },
              }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removing: {
      tags: 'busy',
      invoke: {
        id: 'removeMember',
        src: 'removeMember',
        input: ({ context, event }) => ({
          groupId: context.groupId,
          userId: event.type === 'group.removeMember' ? event.userId : '',
        }),
        // The member count changed: the group is read again.
        onDone: { target: 'loading', actions: ['membersChanged', 'listsChanged'] },
        onError: {
          target: 'ready',
          actions: { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    leaving: {
      tags: 'busy',
      invoke: {
        id: 'leave',
        src: 'leave',
        input: ({ context }) => ({ groupId: context.groupId }),
        onDone: { target: 'left', actions: 'listsChanged' },
        onError: {
          target: 'ready',
          actions: { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ groupId: context.groupId }),
        onDone: { target: 'deleted', actions: 'listsChanged' },
        onError: {
          target: 'ready',
          actions: { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    declined: { type: 'final', entry: assign({ gone: 'declined' as const }) },
    left: { type: 'final', entry: assign({ gone: 'left' as const }) },
    deleted: { type: 'final', entry: assign({ gone: 'deleted' as const }) },
  },
  output: ({ context }) => ({ reason: context.gone ?? 'deleted' }),
});

export type GroupActorRef = ActorRefFrom<typeof groupMachine>;
export type GroupSnapshot = SnapshotFrom<typeof groupMachine>;
