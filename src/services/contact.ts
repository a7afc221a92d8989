import type { KyInstance } from 'ky';
import type { ContactForm, ContactSent } from '../../contracts/contact';
import type { NewsletterSignup } from '../../contracts/newsletter';
import { call } from './scenes';

/** The mail service's contact form. Not retried: a second try could send the message twice. */
export const contactApi = (api: KyInstance) => ({
  send: (form: ContactForm, signal?: AbortSignal) =>
    call(
      async () =>
        (await api.post('mailService/contactus/send', { json: form, retry: 0, signal }).json<ContactSent>())
          .message,
    ),
  /** Joins the newsletter: the service mails a confirmation link (double opt-in). */
  subscribe: (form: NewsletterSignup, signal?: AbortSignal) =>
    call(
      async () =>
        (
          await api
            .post('mailService/newsletter/subscribe', { json: form, retry: 0, signal })
            .json<ContactSent>()
        ).message,
    ),
});
