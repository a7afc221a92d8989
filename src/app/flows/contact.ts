import { fromPromise } from 'xstate';
import type { ContactForm } from '../../../contracts/contact';
import type { NewsletterSignup } from '../../../contracts/newsletter';
import { contactFormMachine, type FormValues } from '../../machines/contactFormMachine';
import { contactApi } from '../../services/contact';
import type { AppServices } from '../services';

/** The contact form (the contact page, the migration page's) and the newsletter sign-up. */
export default function contactFlows({ api }: AppServices) {
  const contact = contactApi(api);
  return {
    contactForm: contactFormMachine.provide({
      actors: {
        send: fromPromise<string, FormValues>(({ input, signal }) =>
          contact.send(input as ContactForm, signal),
        ),
      },
    }),
    /** The newsletter sign-up (coming soon's notify-me, the footer's). */
    newsletterForm: contactFormMachine.provide({
      actors: {
        send: fromPromise<string, FormValues>(({ input, signal }) =>
          contact.subscribe(input as NewsletterSignup, signal),
        ),
      },
    }),
  };
}
