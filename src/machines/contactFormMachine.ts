import { type ActorRefFrom, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ContactForm } from '../../contracts/contact';
import type { NewsletterSignup } from '../../contracts/newsletter';
import type { FieldIssue } from '../../contracts/users';

/** Why the form was refused: the server's message, and its per-field messages. */
export interface ContactProblem {
  message: string;
  /** The form was refused as such (400, 429): the user can change it or wait. Else it did not reach us. */
  refused: boolean;
  fields: FieldIssue[];
}

export interface ContactFormContext {
  problem: ContactProblem | null;
  /** The service's thanks once the message is on its way. */
  sent: string | null;
}

/** What the form sends: the contact form, or a newsletter sign-up (the same flow, another `send`). */
export type FormValues = ContactForm | NewsletterSignup;

export type ContactFormEvent = { type: 'form.submit'; values: FormValues } | { type: 'form.again' };

function problemOf(error: unknown): ContactProblem {
  const e = error as { message?: unknown; status?: unknown; details?: unknown } | null;
  return {
    message: typeof e?.message === 'string' ? e.message : '',
    refused: typeof e?.status === 'number' && e.status < 500,
    fields: Array.isArray(e?.details) ? (e.details as FieldIssue[]) : [],
  };
}

/**
 * The contact form (platform.md §2.9, §5): `editing` takes the values the view checked with the
 * contract's schema, `sending` posts them (`send`), `sent` shows the thanks until the user writes
 * another message (`form.again`). A refusal (a field, too many messages) or a lost connection goes
 * back to `editing` with the server's words; the view keeps what was typed.
 *
 * The newsletter sign-up (coming soon, the footer) is the same flow with its own `send`.
 *
 * Actors: `send` (the form's values → the service's thanks). Tags: 'busy'.
 */
export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    tags: {} as 'busy',
  },
  actors: {
    send: fromPromise<string, FormValues>(async () => {
      throw new Error('contactFormMachine: provide a send actor');
    }),
  },
}).createMachine({
  id: 'contactForm',
  context: { problem: null, sent: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'form.submit': 'sending' },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ event }) => (event as Extract<ContactFormEvent, { type: 'form.submit' }>).values,
        onDone: { target: 'sent', actions: assign({ sent: ({ event }) => event.output, problem: null }) },
        onError: { target: 'editing', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    sent: {
      on: { 'form.again': { target: 'editing', actions: assign({ sent: null }) } },
    },
  },
});

export type ContactFormActorRef = ActorRefFrom<typeof contactFormMachine>;
export type ContactFormSnapshot = SnapshotFrom<typeof contactFormMachine>;
