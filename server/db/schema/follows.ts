import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { districts } from './districts';
import { users } from './users';

/**
 * Who follows whom (platform.md §2.3 Connections, §2.7 follow a creator, §3 numOfFollowers and
 * numOfFollowing, District followers). A follower follows a user (`target_kind` 'user',
 * `followed_user_id`) or a district (`target_kind` 'district', `district_id`). One row per
 * follower and target: the unique indexes make a follow one atomic `insert … on conflict do
 * nothing`, so the counts, counted from these rows, stay exact under any concurrency. Deleting
 * either user, or the district, deletes the row.
 */
export const follows = pgTable(
  'follows',
  {
    id: text('id').primaryKey(),
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'user' or 'district'. */
    targetKind: text('target_kind').notNull(),
    followedUserId: text('followed_user_id').references(() => users.id, { onDelete: 'cascade' }),
    districtId: text('district_id').references(() => districts.id, { onDelete: 'cascade' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_user_idx').on(t.followerId, t.followedUserId),
    uniqueIndex('follows_district_idx').on(t.followerId, t.districtId),
    index('follows_followed_user_idx').on(t.followedUserId, t.createdAt),
    index('follows_follower_idx').on(t.followerId, t.targetKind, t.createdAt),
    index('follows_district_followers_idx').on(t.districtId, t.createdAt),
    check(
      'follows_target_check',
      sql`(${t.targetKind} = 'user' and ${t.followedUserId} is not null and ${t.districtId} is null) or (${t.targetKind} = 'district' and ${t.districtId} is not null and ${t.followedUserId} is null)`,
    ),
    check(
      'follows_not_self_check',
      sql`${t.followedUserId} is null or ${t.followedUserId} <> ${t.followerId}`,
    ),
  ],
);
