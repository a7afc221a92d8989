import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ContactForm,
  contactMessages,
  contactRules,
  ContactSent,
  type InquiryType,
} from '../../../contracts/contact';
import { ErrorBody } from '../../../contracts/errors';
import { AppError } from '../../errors';
import { FixedWindowLimiter } from '../../http/fixedWindow';
import { queueMail } from '../../mail/outbox';

/** The inquiry types as the operator's mail names them. */
const inquiryLabels: Record<InquiryType, string> = {
  general: 'General question',
  sales: 'Plans and pricing',
  support: 'Help with the platform',
  partnership: 'Partnership',
  press: 'Press',
  migration: 'Moving from Artsteps',
};

const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The mail service (registered under /api/mailService; platform.md §7.5 'Mail'): the contact form.
 * A message goes to the operator's address (CONTACT_EMAIL, else ADMIN_EMAIL, else
 * contact@BASE_DOMAIN) with the sender's details, and a short confirmation goes to the sender
 * (without their text, so the form cannot be used to send someone else words of one's choosing).
 * Both are queued in the outbox in one statement, so either both go or neither.
 */
export default async function mailService(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const operator = config.CONTACT_EMAIL ?? config.ADMIN_EMAIL ?? `contact@${config.BASE_DOMAIN}`;
  const limiter = new FixedWindowLimiter(contactRules.perAddress, contactRules.windowMs);
  const sweep = setInterval(() => limiter.sweep(), 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    '/contactus/send',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['mail'],
        summary: 'Send the contact form',
        description:
          'Anyone, signed in or not. The message goes to the operators, and a confirmation to the ' +
          `sender. At most ${contactRules.perAddress} per address per hour (429 RATE_LIMITED).`,
        body: ContactForm,
        response: {
          202: ContactSent.describe('Queued for the operators; a confirmation goes to the sender'),
          400: ErrorBody.describe('A field is missing or not valid (VALIDATION_FAILED, per field)'),
          429: ErrorBody.describe('Too many messages from this address'),
        },
      },
    },
    async (request, reply) => {
      const wait = limiter.hit(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError('RATE_LIMITED', contactMessages.tooMany);
      }
      const form = request.body;
      const name = `${form.firstName} ${form.lastName}`;
      const inquiry = inquiryLabels[form.inquiryType];
      await queueMail(app.db, [
        {
          to: operator,
          subject: `Contact form: ${inquiry} from ${name}`,
          text: [
            `${name} wrote through the contact form of ${config.publicOrigin}.`,
            '',
            `E-mail: ${form.email}`,
            `Company: ${form.company || '—'}`,
            `Inquiry: ${inquiry}`,
            `Country: ${countryName.of(form.country) ?? form.country}`,
            '',
            form.message,
          ].join('\n'),
        },
        {
          to: form.email,
          subject: 'We received your message',
          text: [
            `Hello ${form.firstName},`,
            '',
            `Thank you for writing to us about: ${inquiry}. We received your message and will answer at this address.`,
            '',
            `If you did not write to ${config.publicOrigin}, you can ignore this e-mail.`,
          ].join('\n'),
        },
      ]);
      return reply.code(202).send({ message: contactMessages.sent });
    },
  );
}
