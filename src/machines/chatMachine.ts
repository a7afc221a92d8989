import { and, assign, fromPromise, setup } from 'xstate';
import type { ChatMessage } from '../../contracts/live';
import { chatRules } from '../lib/chat';

export interface ChatContext {
  sceneId: string;
  /** The reader's user id (their messages are theirs: right-aligned, never unread). */
  myUserId: string | null;
  messages: ChatMessage[];
  /** Messages that came while the reader was scrolled up. */
  unread: number;
  /** Whether the list is at its bottom (the view reports it, debounced). */
  atBottom: boolean;
  /** Why the last message was not sent. */
  error: string | null;
  /**
   * The reader's messages not yet taken by the server, oldest first: written while sending
   * another, or while the connection is away. Each has its id from the start (the server keeps it),
   * so that one sent twice across a lost answer is still shown once.
   */
  outbox: { id: string; text: string }[];
  /** The id of the message on its way. */
  sendingId: string | null;
  /** Prefix of this chat's message ids (random per page; fixed in tests). */
  idPrefix: string;
  /** The number of the next message's id. */
  nextId: number;
}

/** The id the server gives a message sent with `clientId` (SendPublicMessage's second argument). */
export const messageIdOf = (clientId: string) => `c-${clientId}`;

export type ChatEvent =
  | { type: 'chat.available'; userId: string }
  | { type: 'chat.disabled'; userId: string }
  | { type: 'chat.unavailable' }
  | { type: 'chat.received'; message: ChatMessage }
  | { type: 'chat.send'; text: string }
  | { type: 'chat.scrolled'; atBottom: boolean };

/**
 * The public chat of a visit (platform.md §2.7, §4): the messages of the visitor's instance since
 * they came, and sending one. The live visit tells it when chat is available (present, the space's
 * communication ACL lets them), disabled (present, it does not) or unavailable (not present), and
 * passes on the messages. A message that comes while the reader is scrolled up counts as unread
 * until they are at the bottom again; their own never does.
 *
 * Actor: `sendMessage` (SendPublicMessage on the live-user hub; the view's text is sent trimmed).
 */
export const chatMachine = setup({
  types: {
    input: {} as { sceneId: string; idPrefix?: string },
    context: {} as ChatContext,
    events: {} as ChatEvent,
  },
  actors: {
    sendMessage: fromPromise<unknown, { text: string; clientId: string }>(async () => {
      throw new Error('sendMessage not provided');
    }),
  },
  guards: {
    /** A message may wait: it has text and the outbox has room. */
    mayQueue: ({ context, event }) =>
      event.type === 'chat.send' &&
      event.text.trim().length > 0 &&
      context.outbox.length < chatRules.outboxMax,
    /** The reader was in the chat before: the connection is away for now, not gone. */
    wasIn: ({ context }) => context.myUserId !== null,
    hasQueued: ({ context }) => context.outbox.length > 0,
    /** The hub refused the message (it said why); anything else is a connection that failed. */
    refused: ({ event }) => {
      const error = (event as unknown as { error?: unknown }).error;
      return error instanceof Error && /HubException/.test(error.message);
    },
  },
  actions: {
    receive: assign(({ context, event }) => {
      if (event.type !== 'chat.received' || event.message.sceneId !== context.sceneId) return {};
      if (context.messages.some((m) => m.id === event.message.id)) return {};
      const own = event.message.user.id === context.myUserId;
      // The reader's own message came back: it was taken, even if the answer to sending it is lost.
      const outbox = context.outbox.filter((m) => messageIdOf(m.id) !== event.message.id);
      return {
        messages: [...context.messages, event.message].slice(-chatRules.kept),
        unread: context.atBottom || own ? context.unread : context.unread + 1,
        ...(outbox.length !== context.outbox.length && { outbox }),
      };
    }),
    queue: assign(({ context, event }) => {
      if (event.type !== 'chat.send') return {};
      return {
        outbox: [...context.outbox, { id: `${context.idPrefix}${context.nextId}`, text: event.text.trim() }],
        nextId: context.nextId + 1,
        error: null,
      };
    }),
    /** The message being sent is taken, or refused: it leaves the outbox (if its echo has not already). */
    dropSent: assign({
      outbox: ({ context }) => context.outbox.filter((m) => m.id !== context.sendingId),
      sendingId: null,
    }),
    scrolled: assign(({ context, event }) => {
      if (event.type !== 'chat.scrolled') return {};
      return { atBottom: event.atBottom, unread: event.atBottom ? 0 : context.unread };
    }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    sceneId: input.sceneId,
    myUserId: null,
    messages: [],
    unread: 0,
    atBottom: true,
    error: null,
    outbox: [],
    sendingId: null,
    idPrefix: input.idPrefix ?? '',
    nextId: 1,
  }),
  on: {
    'chat.received': { actions: 'receive' },
    'chat.scrolled': { actions: 'scrolled' },
    'chat.unavailable': { target: '.unavailable' },
    'chat.disabled': { target: '.disabled', actions: assign({ myUserId: ({ event }) => event.userId }) },
    'chat.available': { target: '.open', actions: assign({ myUserId: ({ event }) => event.userId }) },
  },
  initial: 'unavailable',
  states: {
    /**
     * Not in the space (connecting, refused, or the connection is away). A reader who was in
     * before may go on writing: the messages wait in the outbox until they are back.
     */
    unavailable: {
      on: {
        'chat.send': {
          guard: and(['wasIn', 'mayQueue']),
          actions: 'queue',
        },
      },
    },
    /** In the space, where its communication ACL leaves the visitor out: 'Communications are disabled'. */
    disabled: {},
    open: {
      initial: 'next',
      on: { 'chat.send': { guard: 'mayQueue', actions: 'queue', target: '.next' } },
      states: {
        /** Sends the oldest waiting message, if any. */
        next: {
          always: [{ guard: 'hasQueued', target: 'sending' }, { target: 'idle' }],
        },
        idle: {},
        sending: {
          // Written meanwhile, a message waits its turn.
          on: { 'chat.send': { guard: 'mayQueue', actions: 'queue' } },
          entry: assign({ sendingId: ({ context }) => context.outbox[0].id }),
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => ({ text: context.outbox[0].text, clientId: context.outbox[0].id }),
            onDone: { target: 'next', actions: 'dropSent' },
            onError: [
              {
                guard: 'refused',
                target: 'next',
                actions: ['dropSent', assign({ error: ({ event }) => hubErrorText(event.error) })],
              },
              // No answer (the connection failed): the message stays first, and is tried again.
              { target: 'held' },
            ],
          },
        },
        held: {
          after: { [chatRules.retryMs]: 'next' },
        },
      },
    },
  },
});

/** What the hub said, without the SignalR client's wrapping ("… HubException: <text>"). */
export function hubErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const match = /HubException: (.*)$/s.exec(message);
  return match ? match[1] : message;
}
