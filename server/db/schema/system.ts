import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/** One row per one-off job that has run (demo seed, data fixes), so a restart never repeats it. */
export const appliedJobs = pgTable('applied_jobs', {
  name: text('name').primaryKey(),
  appliedAt: timestampTz('applied_at').notNull().defaultNow(),
});
