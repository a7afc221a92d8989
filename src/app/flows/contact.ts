import { fromPromise } from 'xstate';
import type { ContactForm } from '../../../contracts/contact';
import { contactFormMachine } from '../../machines/contactFormMachine';
import { contactApi } from '../../services/contact';
import type { AppServices } from '../services';

/** The contact form (the contact page, and the home page's). */
export default function contactFlows({ api }: AppServices) {
  const contact = contactApi(api);
  return {
    contactForm: contactFormMachine.provide({
      actors: {
        send: fromPromise<string, ContactForm>(({ input, signal }) => contact.send(input, signal)),
      },
    }),
  };
}
