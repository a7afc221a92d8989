import { z } from 'zod';
import { contactEmail } from './contact';

/**
 * The newsletter list (issue 24 §4): coming soon's notify-me and the footer's sign-up add to one
 * list, with double opt-in: an address is on it once its owner follows the link in the
 * confirmation mail, and every mail carries a link that takes it off.
 */
export const newsletterSources = ['coming-soon', 'footer'] as const;

export const newsletterRules = {
  /** Sign-ups per address (IP) per hour. */
  perAddress: 10,
  windowMs: 60 * 60 * 1000,
};

export const newsletterMessages = {
  sent: 'Check your inbox: follow the link in our e-mail to confirm.',
  tooMany: 'Too many sign-ups from here; please try again in an hour',
};

/** Where the confirmation and unsubscribe links lead, with ?newsletter=… saying what happened. */
export const newsletterLanding = '/coming-soon';
export const NewsletterOutcome = z.enum(['confirmed', 'unsubscribed', 'invalid']);
export type NewsletterOutcome = z.infer<typeof NewsletterOutcome>;

export const NewsletterSignup = z.object({
  email: contactEmail,
  source: z.enum(newsletterSources).default('footer'),
});
export type NewsletterSignup = z.input<typeof NewsletterSignup>;

export const NewsletterToken = z.object({ token: z.string().min(1).max(200) });
