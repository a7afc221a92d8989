import { type ActorRefFrom, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { NewsletterIssue, type NewsletterList, type NewsletterQueued } from '../../contracts/newsletter';
import { failureMessage, refusedAsNotOperator } from './operatorErrors';

/**
 * The operator area's Newsletter tab (issue 24 §4, §7): how many addresses confirmed, are pending
 * or left, the last issue sent, and a new issue sent to every confirmed address.
 *
 * - `loading`: the list is asked for (again after an issue is sent, for its new last issue).
 * - `ready.idle`: the list shows; `newsletter.send` is taken only with someone to send to and a
 *   subject and text within the limits. `ready.sending`: the issue is being queued; `sent` then
 *   says to how many. A refused or failed send keeps what was written and shows `error`.
 * - `failed`: the list could not be had; `newsletter.reload` asks again.
 * - `denied`: the caller is not an operator (403).
 */

export interface OperatorNewsletterContext {
  list: NewsletterList | null;
  error: string | null;
  /** The issue being sent. */
  sending: NewsletterIssue | null;
  /** How many mails the last issue sent from here queued. */
  sent: number | null;
}

export type OperatorNewsletterEvent =
  { type: 'newsletter.send'; subject: string; text: string } | { type: 'newsletter.reload' };

/** A subject and text the server takes: its own schema (trimmed, not empty, within the limits). */
export const issueFits = (issue: { subject: string; text: string }) =>
  NewsletterIssue.safeParse(issue).success;

export const operatorNewsletterMachine = setup({
  types: {
    context: {} as OperatorNewsletterContext,
    events: {} as OperatorNewsletterEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadNewsletter: fromPromise<NewsletterList>(async () => {
      throw new Error('loadNewsletter not provided');
    }),
    sendNewsletter: fromPromise<NewsletterQueued, NewsletterIssue>(async () => {
      throw new Error('sendNewsletter not provided');
    }),
  },
  guards: {
    forbidden: refusedAsNotOperator,
    sendable: ({ context, event }) =>
      event.type === 'newsletter.send' && (context.list?.confirmed ?? 0) > 0 && issueFits(event),
  },
  actions: {
    rememberError: assign({ error: failureMessage }),
  },
}).createMachine({
  id: 'operatorNewsletter',
  context: { list: null, error: null, sending: null, sent: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadNewsletter',
        src: 'loadNewsletter',
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'forbidden', target: 'denied' },
          { target: 'failed', actions: 'rememberError' },
        ],
      },
    },
    failed: { on: { 'newsletter.reload': 'loading' } },
    denied: { type: 'final' },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'newsletter.reload': { target: '#operatorNewsletter.loading', actions: assign({ sent: null }) },
            'newsletter.send': {
              guard: 'sendable',
              target: 'sending',
              actions: assign({
                sending: ({ event }) => ({ subject: event.subject.trim(), text: event.text.trim() }),
                sent: null,
                error: null,
              }),
            },
          },
        },
        sending: {
          tags: 'busy',
          invoke: {
            id: 'sendNewsletter',
            src: 'sendNewsletter',
            input: ({ context }) => context.sending!,
            onDone: {
              target: '#operatorNewsletter.loading',
              actions: assign({ sent: ({ event }) => event.output.recipients, sending: null }),
            },
            onError: { target: 'idle', actions: ['rememberError', assign({ sending: null })] },
          },
        },
      },
    },
  },
});

export type OperatorNewsletterActorRef = ActorRefFrom<typeof operatorNewsletterMachine>;
export type OperatorNewsletterSnapshot = SnapshotFrom<typeof operatorNewsletterMachine>;
