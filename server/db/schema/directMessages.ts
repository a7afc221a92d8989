import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { users } from './users';

/**
 * Direct message groups (contracts/directMessages.ts): two or more signed-in users who write to
 * one another. `lastMessageAt` orders a user's list; a group with one other member is their pair,
 * made once (`pairKey`, the two ids in order).
 */
export const directMessageGroups = pgTable(
  'direct_message_groups',
  {
    id: text('id').primaryKey(),
    title: text('title'),
    /** For a group of two: both user ids, sorted, joined by a space (unique); else null. */
    pairKey: text('pair_key'),
    createdBy: text('created_by').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    lastMessageAt: timestampTz('last_message_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('direct_message_groups_pair_idx').on(t.pairKey)],
);

/** Who is in which group, and up to when they read it. Rows go with the user and the group. */
export const directMessageMembers = pgTable(
  'direct_message_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => directMessageGroups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestampTz('joined_at').notNull().defaultNow(),
    lastReadAt: timestampTz('last_read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('direct_message_members_user_idx').on(t.userId),
  ],
);

/**
 * The messages, kept (ids are UUID v7: they sort by time). A message sent again with the same
 * `clientId` by the same sender is taken once.
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => directMessageGroups.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    text: text('text').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('direct_messages_group_idx').on(t.groupId, t.id),
    uniqueIndex('direct_messages_client_idx').on(t.senderId, t.clientId),
  ],
);
