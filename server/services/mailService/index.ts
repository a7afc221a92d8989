import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import {
  newsletterLanding,
  newsletterMessages,
  newsletterRules,
  NewsletterSignup,
  NewsletterToken,
  type NewsletterOutcome,
} from '../../../contracts/newsletter';
import { newsletterSubscribers } from '../../db/schema';
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
  /** A per-address hourly limit: `check` throws 429 with `message` (and Retry-After) past it. */
  const limit = (rules: { perAddress: number; windowMs: number }, message: string) => {
    const limiter = new FixedWindowLimiter(rules.perAddress, rules.windowMs);
    const sweep = setInterval(() => limiter.sweep(), 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    return (request: FastifyRequest, reply: FastifyReply) => {
      const wait = limiter.hit(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError('RATE_LIMITED', message);
      }
    };
  };
  const checkContact = limit(contactRules, contactMessages.tooMany);
  const checkSignup = limit(newsletterRules, newsletterMessages.tooMany);

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
      checkContact(request, reply);
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

  const link = (action: 'confirm' | 'unsubscribe', token: string) =>
    newsletterLink(config.publicOrigin, action, token);

  app.post(
    '/newsletter/subscribe',
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['mail'],
        summary: 'Join the newsletter (double opt-in)',
        description:
          'Anyone. A confirmation mail goes to the address, with the link that confirms it and the link ' +
          'that takes it off; an address already confirmed gets nothing new, and the answer is the same ' +
          `either way, so it tells no one who is on the list. At most ${newsletterRules.perAddress} per hour from one address.`,
        body: NewsletterSignup,
        response: {
          202: ContactSent.describe('A confirmation mail is on its way'),
          400: ErrorBody.describe('The e-mail address is missing or not valid'),
          429: ErrorBody.describe('Too many sign-ups from this address'),
        },
      },
    },
    async (request, reply) => {
      checkSignup(request, reply);
      const email = request.body.email.toLowerCase();
      await app.db.transaction(async (tx) => {
        const [known] = await tx
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, email));
        if (known?.status === 'confirmed') return;
        const token = known?.token ?? randomBytes(24).toString('base64url');
        if (known)
          await tx
            .update(newsletterSubscribers)
            .set({ status: 'pending', unsubscribedAt: null })
            .where(eq(newsletterSubscribers.email, email));
        else await tx.insert(newsletterSubscribers).values({ email, token, source: request.body.source });
        await queueMail(tx, [
          {
            to: email,
            subject: 'Confirm your newsletter sign-up',
            text: [
              'Hello,',
              '',
              `Someone (we hope you) asked for news from ${config.publicOrigin}. To confirm, open:`,
              link('confirm', token),
              '',
              'If it was not you, ignore this e-mail: you will get nothing more.',
              '',
              `Unsubscribe: ${link('unsubscribe', token)}`,
            ].join('\n'),
          },
        ]);
      });
      return reply.code(202).send({ message: newsletterMessages.sent });
    },
  );

  /** The links of the mails: they change the address's state and land on the coming-soon page. */
  const landing = (outcome: NewsletterOutcome) => `${newsletterLanding}?newsletter=${outcome}`;
  for (const action of ['confirm', 'unsubscribe'] as const) {
    app.get(
      `/newsletter/${action}`,
      {
        schema: {
          tags: ['mail'],
          summary:
            action === 'confirm'
              ? 'Confirm a newsletter sign-up (the mail’s link)'
              : 'Leave the newsletter (the mail’s link)',
          querystring: NewsletterToken,
        },
      },
      async (request, reply) => {
        const now = new Date().toISOString();
        const [row] = await app.db
          .update(newsletterSubscribers)
          .set(
            action === 'confirm'
              ? { status: 'confirmed', confirmedAt: now, unsubscribedAt: null }
              : { status: 'unsubscribed', unsubscribedAt: now },
          )
          // An old confirmation link does not bring back an address that left.
          .where(
            and(
              eq(newsletterSubscribers.token, request.query.token),
              action === 'confirm' ? ne(newsletterSubscribers.status, 'unsubscribed') : undefined,
            ),
          )
          .returning({ email: newsletterSubscribers.email });
        return reply.redirect(
          landing(!row ? 'invalid' : action === 'confirm' ? 'confirmed' : 'unsubscribed'),
          303,
        );
      },
    );
  }
}

/** The links newsletter mails carry, which confirm an address or take it off the list. */
export const newsletterLink = (origin: string, action: 'confirm' | 'unsubscribe', token: string) =>
  `${origin}/api/mailService/newsletter/${action}?token=${encodeURIComponent(token)}`;
