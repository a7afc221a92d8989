import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per one-off job that has run (demo seed, data fixes), so a restart never repeats it. */
export const appliedJobs = pgTable('applied_jobs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
