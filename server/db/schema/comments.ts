import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { reportReasons } from '../../../contracts/comments';
import { timestampTz } from './columns';
import { scenes } from './scenes';
import { users } from './users';

/**
 * Comments on published spaces (platform.md §3 'Comment'), one level of replies: a reply's
 * `parent_id` is a top-level comment of the same space. Gone with their space, their author or
 * (replies) their parent. `edited_at` is the 'edited' marker; `hidden_at` is set by the space's
 * owner (hidden comments, and the replies under a hidden one, are shown to the owner only) or by an
 * operator settling a report, who also sets `hidden_by_operator_at`: the owner cannot show that one again.
 */
export const sceneComments = pgTable(
  'scene_comments',
  {
    id: text('id').primaryKey(),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => sceneComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    editedAt: timestampTz('edited_at'),
    hiddenAt: timestampTz('hidden_at'),
    hiddenByOperatorAt: timestampTz('hidden_by_operator_at'),
  },
  (t) => [
    // A space's threads, newest first.
    index('scene_comments_scene_top_idx')
      .on(t.sceneId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    // Counts per space.
    index('scene_comments_scene_idx').on(t.sceneId),
    // A thread's replies, oldest first.
    index('scene_comments_parent_idx').on(t.parentId, t.createdAt, t.id),
    index('scene_comments_user_idx').on(t.userId),
    check('scene_comments_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * What signed-in users reported (a space, or one comment of it) for the operator to review.
 * One report per reporter and thing: reporting again changes nothing.
 */
export const socialReports = pgTable(
  'social_reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    commentId: text('comment_id').references(() => sceneComments.id, { onDelete: 'cascade' }),
    /** One of reportReasons (contracts/comments.ts). */
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** How an operator settled it: 'dismissed' (nothing wrong) or 'hidden' (the thing was hidden). */
    resolution: text('resolution'),
    resolvedAt: timestampTz('resolved_at'),
    /** The operator who settled it. */
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    unique('social_reports_once').on(t.reporterId, t.sceneId, t.commentId).nullsNotDistinct(),
    index('social_reports_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('social_reports_comment_idx').on(t.commentId),
    check(
      'social_reports_reason',
      sql`${t.reason} in (${sql.raw(reportReasons.map((r) => `'${r}'`).join(', '))})`,
    ),
    check('social_reports_text_length', sql`char_length(${t.text}) <= 1000`),
    check(
      'social_reports_resolution',
      sql`${t.resolution} is null or ${t.resolution} in ('dismissed', 'hidden')`,
    ),
  ],
);

/**
 * Recent social actions per user (comments, likes, reports), for the rate limits of
 * server/services/socialService/limits.ts; rows older than a kind's window are pruned as new ones come.
 */
export const socialRateEvents = pgTable(
  'social_rate_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('social_rate_events_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);
