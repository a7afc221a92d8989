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
