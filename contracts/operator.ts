import { z } from 'zod';

/**
 * The operator area (issue 24 §7, /admin): what whoever runs the platform reads and does. Only
 * users whose general role is `operatorRole` may call it; every change is written to the audit log.
 */
export const operatorRole = 'admin';

/** The page of a list: which, and how many per page. */
const paging = {
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(100).default(20).describe('Items per page'),
};

/** One page of `item`s with the total over all pages. */
const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({ items: z.array(item), cp: z.number().int(), ipp: z.number().int(), total: z.number().int() })
    .meta({ id });

/** Where a message of the outbox stands (server/mail/sender.ts). */
export const MailStatus = z.enum(['queued', 'sent', 'dead']);
export type MailStatus = z.infer<typeof MailStatus>;

export const MailSummary = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    status: MailStatus,
    createdAt: z.string().describe('When it was queued (ISO 8601)'),
    sentAt: z.string().nullable(),
    attempts: z.number().int().describe('Failed sends so far'),
    lastError: z.string().nullable(),
    transport: z
      .enum(['smtp', 'stored'])
      .nullable()
      .describe('How it went out: an SMTP server, or kept here'),
  })
  .meta({ id: 'MailSummary' });
export type MailSummary = z.infer<typeof MailSummary>;

export const MailMessage = MailSummary.extend({
  text: z.string(),
  html: z.string().nullable(),
}).meta({ id: 'MailMessage' });
export type MailMessage = z.infer<typeof MailMessage>;

export const MailQuery = z.object({
  ...paging,
  status: MailStatus.optional().describe('Only messages in this state'),
  to: z.string().trim().max(320).optional().describe('Only messages to addresses containing this'),
});
export type MailQuery = z.infer<typeof MailQuery>;

export const MailPage = pageOf(MailSummary, 'MailPage');
export type MailPage = z.infer<typeof MailPage>;

export const AuditEntry = z
  .object({
    id: z.string(),
    actorId: z.string(),
    actorName: z.string().nullable(),
    action: z.string().describe("What was done, e.g. 'mail.retried'"),
    target: z.string().describe("What it was done to, e.g. 'mail:{id}'"),
    details: z.record(z.string(), z.unknown()),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object(paging);

export const AuditPage = pageOf(AuditEntry, 'AuditPage');
export type AuditPage = z.infer<typeof AuditPage>;

export const MailIdParams = z.object({ id: z.string().min(1).max(64).describe('The message id') });
