import { type ActorRefFrom, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { MailMessage, MailPage, MailStatus, MailSummary } from '../../contracts/operator';
import { failureMessage, refusedAsNotOperator } from './operatorErrors';

/**
 * The operator area's Mail tab (issue 24 §7): the outbox, newest first, filtered by state and
 * recipient and read page by page; a message opened with its text and links (how a local install
 * without SMTP completes a password reset); a dead letter sent again.
 *
 * - `loading`: the page of the current filter is asked for; a new filter or page asks again.
 * - `ready.list`: the page shows. `ready.opening` → `ready.reading`: one message is open.
 *   `ready.resending`: a dead letter goes back to the queue, then the list is read again
 *   (`resent` says so). A refused or failed open or resend keeps the list and shows `error`.
 * - `failed`: the list could not be had; `mail.reload` asks again.
 * - `denied`: the caller is not an operator (403): the view says so, and nothing is asked again.
 */

export const operatorMailPageSize = 20;

export interface OperatorMailContext {
  status: MailStatus | null;
  to: string;
  cp: number;
  page: MailPage | null;
  message: MailMessage | null;
  error: string | null;
  /** The message just sent again (the view announces it). */
  resent: MailSummary | null;
}

export type OperatorMailEvent =
  | { type: 'mail.filtered'; status: MailStatus | null; to: string }
  | { type: 'mail.paged'; cp: number }
  | { type: 'mail.reload' }
  | { type: 'mail.opened'; id: string }
  | { type: 'mail.closed' }
  | { type: 'mail.resend'; id: string };

export interface MailListInput {
  status: MailStatus | null;
  to: string;
  cp: number;
  ipp: number;
}

export const operatorMailMachine = setup({
  types: {
    context: {} as OperatorMailContext,
    events: {} as OperatorMailEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadMail: fromPromise<MailPage, MailListInput>(async () => {
      throw new Error('loadMail not provided');
    }),
    loadMessage: fromPromise<MailMessage, { id: string }>(async () => {
      throw new Error('loadMessage not provided');
    }),
    resendMail: fromPromise<MailSummary, { id: string }>(async () => {
      throw new Error('resendMail not provided');
    }),
  },
  guards: {
    forbidden: refusedAsNotOperator,
    pageExists: ({ context, event }) =>
      event.type === 'mail.paged' &&
      event.cp >= 0 &&
      event.cp !== context.cp &&
      event.cp * operatorMailPageSize < (context.page?.total ?? 0),
  },
  actions: {
    rememberError: assign({ error: failureMessage }),
  },
}).createMachine({
  id: 'operatorMail',
  context: { status: null, to: '', cp: 0, page: null, message: null, error: null, resent: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ error: null, message: null }),
      invoke: {
        id: 'loadMail',
        src: 'loadMail',
        input: ({ context }) => ({
          status: context.status,
          to: context.to.trim(),
          cp: context.cp,
          ipp: operatorMailPageSize,
        }),
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        onError: [
          { guard: 'forbidden', target: 'denied' },
          { target: 'failed', actions: 'rememberError' },
        ],
      },
    },
    failed: { on: { 'mail.reload': 'loading' } },
    denied: { type: 'final' },
    ready: {
      on: {
        'mail.filtered': {
          target: 'loading',
          actions: assign({
            status: ({ event }) => event.status,
            to: ({ event }) => event.to,
            cp: 0,
            resent: null,
          }),
        },
        'mail.paged': {
          guard: 'pageExists',
          target: 'loading',
          actions: assign({ cp: ({ event }) => event.cp, resent: null }),
        },
        'mail.reload': { target: 'loading', actions: assign({ resent: null }) },
      },
      initial: 'list',
      states: {
        list: {
          on: {
            'mail.opened': {
              target: 'opening',
              actions: assign({ error: null, resent: null }),
            },
          },
        },
        opening: {
          tags: 'busy',
          entry: assign({ message: null }),
          invoke: {
            id: 'loadMessage',
            src: 'loadMessage',
            input: ({ event }) => ({ id: (event as { id: string }).id }),
            onDone: { target: 'reading', actions: assign({ message: ({ event }) => event.output }) },
            onError: { target: 'list', actions: 'rememberError' },
          },
          on: { 'mail.closed': { target: 'list', actions: assign({ error: null }) } },
        },
        reading: {
          on: {
            'mail.closed': { target: 'list', actions: assign({ message: null, error: null }) },
            'mail.resend': {
              guard: ({ context, event }) =>
                context.message?.id === event.id && context.message.status === 'dead',
              target: 'resending',
              actions: assign({ error: null }),
            },
          },
        },
        resending: {
          tags: 'busy',
          invoke: {
            id: 'resendMail',
            src: 'resendMail',
            input: ({ context }) => ({ id: context.message!.id }),
            onDone: {
              target: '#operatorMail.loading',
              actions: assign({ resent: ({ event }) => event.output }),
            },
            onError: { target: 'reading', actions: 'rememberError' },
          },
        },
      },
    },
  },
});

export type OperatorMailActorRef = ActorRefFrom<typeof operatorMailMachine>;
export type OperatorMailSnapshot = SnapshotFrom<typeof operatorMailMachine>;
