import { assign, fromPromise, setup } from 'xstate';
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
}

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
    input: {} as { sceneId: string },
    context: {} as ChatContext,
    events: {} as ChatEvent,
  },
  actors: {
    sendMessage: fromPromise<unknown, { text: string }>(async () => {
      throw new Error('sendMessage not provided');
    }),
  },
  guards: {
    hasText: ({ event }) => event.type === 'chat.send' && event.text.trim().length > 0,
  },
  actions: {
    receive: assign(({ context, event }) => {
      if (event.type !== 'chat.received' || event.message.sceneId !== context.sceneId) return {};
      if (context.messages.some((m) => m.id === event.message.id)) return {};
      const own = event.message.user.id === context.myUserId;
      return {
        messages: [...context.messages, event.message].slice(-chatRules.kept),
        unread: context.atBottom || own ? context.unread : context.unread + 1,
      };
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
    /** Not in the space (signed out, connecting, refused). */
    unavailable: {},
    /** In the space, where its communication ACL leaves the visitor out: 'Communications are disabled'. */
    disabled: {},
    open: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'chat.send': { guard: 'hasText', target: 'sending', actions: assign({ error: null }) },
          },
        },
        sending: {
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ event }) => ({ text: event.type === 'chat.send' ? event.text.trim() : '' }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => hubErrorText(event.error),
              }),
            },
          },
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
