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

/** What an operator sends to everyone who confirmed (issue 24 §4): plain text, an unsubscribe link added. */
export const newsletterIssueRules = { subjectMax: 200, textMax: 20_000 } as const;

export const NewsletterIssue = z
  .object({
    subject: z.string().trim().min(1, 'Enter a subject').max(newsletterIssueRules.subjectMax),
    text: z.string().trim().min(1, 'Write the newsletter').max(newsletterIssueRules.textMax),
  })
  .meta({ id: 'NewsletterIssue' });
export type NewsletterIssue = z.infer<typeof NewsletterIssue>;

/** The list as the operator sees it: how many addresses in each state, and the last issue sent. */
export const NewsletterList = z
  .object({
    confirmed: z.number().int(),
    pending: z.number().int(),
    unsubscribed: z.number().int(),
    lastIssue: z
      .object({ subject: z.string(), recipients: z.number().int(), at: z.string() })
      .nullable()
      .describe('The newest issue sent, from the audit log'),
  })
  .meta({ id: 'NewsletterList' });
export type NewsletterList = z.infer<typeof NewsletterList>;

export const NewsletterQueued = z
  .object({ recipients: z.number().int().describe('Mails queued, one per confirmed address') })
  .meta({ id: 'NewsletterQueued' });
export type NewsletterQueued = z.infer<typeof NewsletterQueued>;

export const newsletterIssueMessages = {
  nobody: 'Nobody has confirmed a newsletter sign-up yet: there is no one to send it to',
} as const;
