import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { users } from './users';

/** Who blocked whom (contracts/blocks.ts). Rows go with either user. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);
