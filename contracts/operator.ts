import { z } from 'zod';
import { ReportReason } from './comments';

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

/** Reports still to review, or those an operator settled. */
export const ReportState = z.enum(['open', 'settled']);
export type ReportState = z.infer<typeof ReportState>;

/** How an operator settled a report: nothing wrong, or the thing reported was hidden. */
export const ReportResolution = z.enum(['dismissed', 'hidden']);
export type ReportResolution = z.infer<typeof ReportResolution>;

export const OperatorReport = z
  .object({
    id: z.string(),
    reason: ReportReason,
    text: z.string().describe("The reporter's words (plain text)"),
    createdAt: z.string(),
    reporter: z.object({ userId: z.string(), name: z.string().nullable() }),
    space: z.object({
      sceneId: z.string(),
      title: z.string(),
      ownerId: z.string(),
      ownerName: z.string().nullable(),
      hiddenByOperator: z.boolean(),
    }),
    comment: z
      .object({
        commentId: z.string(),
        body: z.string(),
        authorName: z.string().nullable(),
        hidden: z.boolean(),
      })
      .nullable()
      .describe('The comment reported; null when the space itself was'),
    resolution: ReportResolution.nullable(),
    resolvedAt: z.string().nullable(),
    resolverName: z.string().nullable(),
  })
  .meta({ id: 'OperatorReport' });
export type OperatorReport = z.infer<typeof OperatorReport>;

export const ReportQuery = z.object({
  ...paging,
  state: ReportState.default('open').describe('Open reports (oldest first) or settled ones (newest first)'),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

export const ReportPage = pageOf(OperatorReport, 'OperatorReportPage');
export type ReportPage = z.infer<typeof ReportPage>;

export const ReportIdParams = z.object({ id: z.string().min(1).max(64).describe('The report id') });

/** What settling a report did: every open report about the same thing is settled with it. */
export const ReportSettled = z
  .object({
    report: OperatorReport,
    settled: z.number().int().describe('Reports settled, this one included'),
  })
  .meta({ id: 'OperatorReportSettled' });
export type ReportSettled = z.infer<typeof ReportSettled>;

export const SpaceIdParams = z.object({ sceneId: z.string().min(1).max(64).describe('The space id') });
export const SpaceShown = z.object({ sceneId: z.string() }).meta({ id: 'OperatorSpaceShown' });

export const operatorReportMessages = {
  settled: 'An operator has already settled this report',
  notHidden: 'No operator has hidden this space',
} as const;

/** A user as the operator area lists them. */
export const OperatorUser = z
  .object({
    userId: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    plan: z.string().describe("'free', 'standard' or 'pro'"),
    operator: z.boolean().describe('Has the operator role'),
    active: z.boolean().describe('False once an operator disabled the account'),
    signedUp: z.string(),
    lastLogin: z.string().nullable(),
  })
  .meta({ id: 'OperatorUser' });
export type OperatorUser = z.infer<typeof OperatorUser>;

export const UserQuery = z.object({
  ...paging,
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Only users whose name, username or e-mail contains this'),
});
export type UserQuery = z.infer<typeof UserQuery>;

export const UserPage = pageOf(OperatorUser, 'OperatorUserPage');
export type UserPage = z.infer<typeof UserPage>;

export const UserIdParams = z.object({ userId: z.string().min(1).max(64).describe('The user id') });
export const UserActiveBody = z
  .object({ active: z.boolean().describe('false disables the account; true enables it again') })
  .meta({ id: 'OperatorUserActive' });

/** The plans an operator can give a user (a paid subscription's next event sets its own again). */
export const operatorPlans = ['free', 'standard', 'pro'] as const;
export const UserPlanBody = z
  .object({ plan: z.enum(operatorPlans).describe("'free', 'standard' or 'pro'") })
  .meta({ id: 'OperatorUserPlan' });
export type UserPlanBody = z.infer<typeof UserPlanBody>;

export const operatorUserMessages = {
  notYourself: 'Operators cannot disable their own account',
  notYourselfDeleted: 'Operators cannot delete their own account here: use the account settings',
  operatorNotDeleted: 'Another operator cannot be deleted here: take their operator role away first',
  disabled:
    'This account has been disabled by an operator of this platform. Use the contact page to ask why.',
} as const;
