import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * What operators did (issue 24 §7): one row per action of the operator area, never changed or
 * deleted by the platform. `target` names what the action was on ('mail:{id}', 'user:{id}', …).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/**
 * The newsletter list (issue 24 §4), with double opt-in: `pending` until the owner of the address
 * follows the confirmation link, `confirmed` then, `unsubscribed` after the link every mail carries.
 * `token` is that link's secret (random, one per address).
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  email: text('email').primaryKey(),
  status: text('status').$type<'pending' | 'confirmed' | 'unsubscribed'>().notNull().default('pending'),
  token: text('token').notNull().unique(),
  source: text('source').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  confirmedAt: timestampTz('confirmed_at'),
  unsubscribedAt: timestampTz('unsubscribed_at'),
});
