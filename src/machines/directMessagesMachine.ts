import {
  type ActorRefFrom,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type {
  DirectMessage,
  DirectMessageGroup,
  DirectMessageGroupsAnswer,
  DirectMessagesPage,
} from '../../contracts/directMessages';
import { directMessageRules } from '../../contracts/directMessages';
import { hubConnectionMachine } from './hubConnectionMachine';

export interface DirectMessagesInput {
  /** The signed-in user (their own messages are read, and shown on the right). */
  userId: string;
  /** Starts this tab's message ids (default random). */
  clientIdPrefix?: string;
}

export interface DirectMessagesContext {
  userId: string;
  /** The user's conversations, latest first. */
  groups: DirectMessageGroup[];
  /** Unread messages in all of them. */
  unread: number;
  /** The Messages window is open. */
  shown: boolean;
  /** The conversation shown, if one is. */
  openId: string | null;
  /** Its messages, oldest first (the pages read, and what arrived since). */
  messages: DirectMessage[];
  /** Older messages than those exist. */
  more: boolean;
  /** Why the list or the conversation could not be read. */
  error: string | null;
  /** Why the last message was refused (the server's words), until the next one is sent. */
  problem: string | null;
  /** The text being sent (shown dimmed until it is taken). */
  sending: string | null;
  /** A first message to send once the conversation being started is open (a greeting, an invitation). */
  pending: string | null;
  /** Ids of this tab's sends: a message sent again after a lost answer is taken once. */
  clientId: string;
}

export type DirectMessagesEvent =
  /** The Messages window opens or closes (a conversation stays open inside it). */
  | { type: 'dm.show' }
  | { type: 'dm.hide' }
  /** Open a conversation of the list. */
  | { type: 'dm.open'; groupId: string }
  /**
   * Write to someone: their conversation opens (made if there is none), and `text`, if given, is
   * sent in it.
   */
  | { type: 'dm.start'; userId: string; text?: string }
  | { type: 'dm.close' }
  | { type: 'dm.send'; text: string }
  | { type: 'dm.loadOlder' }
  | { type: 'dm.retry' }
  /** The hub: a message was written in one of the user's conversations (theirs included). */
  | { type: 'dm.received'; message: DirectMessage }
  /** The hub: the user is in a new conversation. */
  | { type: 'dm.groupReceived'; group: DirectMessageGroup }
  /** The hub is back after a drop: messages may have been missed. */
  | { type: 'dm.resync' };

const messageOf = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
};

const totalUnread = (groups: DirectMessageGroup[]) => groups.reduce((sum, g) => sum + g.unread, 0);

/** The list with `group` first (it has news). */
const toTop = (groups: DirectMessageGroup[], group: DirectMessageGroup) => [
  group,
  ...groups.filter((g) => g.groupId !== group.groupId),
];

/** The next id of this tab's sends (`prefix-n`: letters, digits and '-', as the server takes them). */
const nextClientId = (clientId: string) => {
  const cut = clientId.lastIndexOf('-');
  return `${clientId.slice(0, cut)}-${(Number(clientId.slice(cut + 1)) + 1) % 1_000_000}`;
};

/**
 * The user's direct messages (contracts/directMessages.ts), behind the header's Messages button:
 * the list of conversations with the unread count (`loading` → `ready`, `failed` with retry),
 * and in `ready` one conversation at a time (`thread`): opened from the list or started with
 * someone (`starting` makes or finds their pair), read a page at a time (`opening`, older pages
 * while `open.older`), written to one message at a time (`open.sending`; a refusal says why and
 * keeps the text). `shown` is whether the window is open (`dm.start` from elsewhere opens it, and
 * may bring a first message, sent once the conversation is open). Messages and new conversations arrive through the direct-message-group hub;
 * an open conversation is marked read as they come, others count as unread. After the hub comes
 * back from a drop the list is read again (`list.refreshing`).
 *
 * Actors: `hub` (the hub connection, systemId 'directMessageHub'), `hubWatch` (sends dm.received,
 * dm.groupReceived and dm.resync), `loadGroups`, `startGroup` ({ userId }), `loadMessages`
 * ({ groupId, before }), `sendMessage` ({ groupId, text, clientId }). Action: `markRead`
 * ({ groupId }, best effort).
 */
export const directMessagesMachine = setup({
  types: {
    context: {} as DirectMessagesContext,
    events: {} as DirectMessagesEvent,
    input: {} as DirectMessagesInput,
    tags: {} as 'busy',
  },
  actors: {
    hub: hubConnectionMachine,
    hubWatch: fromCallback<DirectMessagesEvent>(() => () => {}),
    loadGroups: fromPromise<DirectMessageGroupsAnswer>(async () => {
      throw new Error('directMessagesMachine: provide loadGroups');
    }),
    startGroup: fromPromise<DirectMessageGroup, { userId: string }>(async () => {
      throw new Error('directMessagesMachine: provide startGroup');
    }),
    loadMessages: fromPromise<DirectMessagesPage, { groupId: string; before: string | null }>(async () => {
      throw new Error('directMessagesMachine: provide loadMessages');
    }),
    sendMessage: fromPromise<DirectMessage, { groupId: string; text: string; clientId: string }>(async () => {
      throw new Error('directMessagesMachine: provide sendMessage');
    }),
  },
  actions: {
    markRead: (_, _params: { groupId: string }) => {},
    /** The open conversation counts as read. */
    readOpen: assign(({ context }) => {
      const groups = context.groups.map((g) => (g.groupId === context.openId ? { ...g, unread: 0 } : g));
      return { groups, unread: totalUnread(groups) };
    }),
    listed: assign((_, answer: DirectMessageGroupsAnswer) => ({
      groups: answer.groups,
      unread: answer.unread,
    })),
  },
  guards: {
    hasMore: ({ context }) => context.more,
    hasText: ({ event }) =>
      event.type === 'dm.send' &&
      event.text.trim().length > 0 &&
      [...event.text.trim()].length <= directMessageRules.textMaxLength,
  },
}).createMachine({
  id: 'directMessages',
  context: ({ input }) => ({
    userId: input.userId,
    groups: [],
    unread: 0,
    shown: false,
    openId: null,
    messages: [],
    more: false,
    error: null,
    problem: null,
    sending: null,
    pending: null,
    clientId: `${input.clientIdPrefix ?? Math.random().toString(36).slice(2, 10)}-0`,
  }),
  invoke: [
    { id: 'hub', src: 'hub', systemId: 'directMessageHub' },
    { id: 'hubWatch', src: 'hubWatch' },
  ],
  on: {
    'dm.show': { actions: assign({ shown: true }) },
    'dm.hide': { actions: assign({ shown: false }) },
    'dm.received': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const { message } = event;
        const group = context.groups.find((g) => g.groupId === message.groupId);
        // Already known (sent from this tab, or told twice): nothing changes.
        if (group?.lastMessage?.id === message.id || context.messages.some((m) => m.id === message.id))
          return;
        const open = context.openId === message.groupId;
        const mine = message.user.id === context.userId;
        if (open) {
          enqueue.assign({ messages: [...context.messages, message] });
          if (!mine) enqueue({ type: 'markRead', params: { groupId: message.groupId } });
        }
        if (!group) {
          // A conversation not in the list (beyond its length): the next read of the list shows it.
          return;
        }
        const groups = toTop(context.groups, {
          ...group,
          lastMessage: message,
          unread: open || mine ? 0 : group.unread + 1,
        });
        enqueue.assign({ groups, unread: totalUnread(groups) });
      }),
    },
    'dm.groupReceived': {
      actions: assign(({ context, event }) => {
        if (context.groups.some((g) => g.groupId === event.group.groupId)) return {};
        const groups = toTop(context.groups, event.group);
        return { groups, unread: totalUnread(groups) };
      }),
    },
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadGroups',
            src: 'loadGroups',
            onDone: {
              target: 'ready',
              actions: [
                { type: 'listed', params: ({ event }) => event.output },
                'readOpen',
                assign({ error: null }),
              ],
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        failed: {
          on: { 'dm.retry': 'loading', 'dm.resync': 'loading' },
        },
        ready: { on: { 'dm.resync': 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'loadGroups',
            src: 'loadGroups',
            onDone: {
              target: 'ready',
              actions: [{ type: 'listed', params: ({ event }) => event.output }, 'readOpen'],
            },
            // The list stays as it was; the next drop tries again.
            onError: 'ready',
          },
        },
      },
    },
    thread: {
      initial: 'closed',
      on: {
        'dm.open': {
          target: '.opening',
          actions: assign({
            openId: ({ event }) => event.groupId,
            problem: null,
            error: null,
            pending: null,
          }),
        },
        // Writing to someone from elsewhere (a creator's menu) opens the window on them.
        'dm.start': {
          target: '.starting',
          actions: assign({
            problem: null,
            error: null,
            shown: true,
            pending: ({ event }) => {
              const text = event.text?.trim() ?? '';
              return text && [...text].length <= directMessageRules.textMaxLength ? text : null;
            },
          }),
        },
        'dm.close': {
          target: '.closed',
          actions: assign({
            openId: null,
            messages: [],
            more: false,
            problem: null,
            sending: null,
            pending: null,
          }),
        },
      },
      states: {
        closed: {},
        starting: {
          tags: 'busy',
          invoke: {
            id: 'startGroup',
            src: 'startGroup',
            input: ({ event }) => ({ userId: (event as { userId: string }).userId }),
            onDone: {
              target: 'opening',
              actions: assign(({ context, event }) => {
                const known = context.groups.find((g) => g.groupId === event.output.groupId);
                const groups = known ? context.groups : toTop(context.groups, event.output);
                return { openId: event.output.groupId, groups, unread: totalUnread(groups) };
              }),
            },
            onError: {
              target: 'failed',
              // The first message goes nowhere: retrying opens the conversation shown before, if any.
              actions: assign({ error: ({ event }) => messageOf(event.error), pending: null }),
            },
          },
        },
        opening: {
          tags: 'busy',
          entry: assign({ messages: [], more: false }),
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            input: ({ context }) => ({ groupId: context.openId!, before: null }),
            onDone: {
              target: 'open',
              actions: [
                assign({
                  messages: ({ event }) => event.output.messages,
                  more: ({ event }) => event.output.more,
                }),
                'readOpen',
                { type: 'markRead', params: ({ context }) => ({ groupId: context.openId! }) },
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        failed: {
          on: { 'dm.retry': { guard: ({ context }) => context.openId !== null, target: 'opening' } },
        },
        open: {
          initial: 'idle',
          states: {
            idle: {
              // The first message of a conversation started with one goes as soon as it is open.
              always: {
                guard: ({ context }) => context.pending !== null,
                target: 'sending',
                actions: assign({ sending: ({ context }) => context.pending, pending: null, problem: null }),
              },
              on: {
                'dm.send': {
                  guard: 'hasText',
                  target: 'sending',
                  actions: assign({ sending: ({ event }) => event.text.trim(), problem: null }),
                },
                'dm.loadOlder': { guard: 'hasMore', target: 'older' },
              },
            },
            sending: {
              invoke: {
                id: 'sendMessage',
                src: 'sendMessage',
                input: ({ context }) => ({
                  groupId: context.openId!,
                  text: context.sending!,
                  clientId: context.clientId,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    enqueueActions(({ context, event, enqueue }) => {
                      enqueue.assign({ sending: null, clientId: nextClientId(context.clientId) });
                      // The hub may have brought it first.
                      enqueue.raise({ type: 'dm.received', message: event.output });
                    }),
                  ],
                },
                onError: {
                  target: 'idle',
                  // The text stays in the box (the view keeps it), with the reason. The next send
                  // has a new id: it may be another text.
                  actions: assign({
                    sending: null,
                    problem: ({ event }) => messageOf(event.error),
                    clientId: ({ context }) => nextClientId(context.clientId),
                  }),
                },
              },
            },
            older: {
              tags: 'busy',
              invoke: {
                id: 'loadMessages',
                src: 'loadMessages',
                input: ({ context }) => ({
                  groupId: context.openId!,
                  before: context.messages[0]?.id ?? null,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    messages: ({ context, event }) => [
                      ...event.output.messages.filter((m) => !context.messages.some((k) => k.id === m.id)),
                      ...context.messages,
                    ],
                    more: ({ event }) => event.output.more,
                  }),
                },
                onError: { target: 'idle', actions: assign({ more: false }) },
              },
            },
          },
        },
      },
    },
  },
});

export type DirectMessagesActorRef = ActorRefFrom<typeof directMessagesMachine>;
export type DirectMessagesSnapshot = SnapshotFrom<typeof directMessagesMachine>;
