import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { users } from './users';

/**
 * A user's notifications (platform.md §7.6 'Notification'): what happened (`kind`), who did it
 * (`actor_id`), where it took place (`link`, a path of the app) and the words that fill the kind's
 * text (`params`). Stored, so a user who was offline sees them later; `read_at` is set once read.
 * Deleting the user, or the actor, deletes them.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'newFollower', 'comment', 'reply', 'groupInvitation' or 'districtRequest'. */
    kind: text('kind').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    link: text('link').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    readAt: timestampTz('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('newFollower', 'comment', 'reply', 'groupInvitation', 'districtRequest')`,
    ),
  ],
);

/**
 * Which kinds of notification a user receives (all by default: no row means all on). A kind
 * turned off is neither stored nor pushed.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newFollower: boolean('new_follower').notNull().default(true),
  comment: boolean('comment').notNull().default(true),
  reply: boolean('reply').notNull().default(true),
  groupInvitation: boolean('group_invitation').notNull().default(true),
  districtRequest: boolean('district_request').notNull().default(true),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
