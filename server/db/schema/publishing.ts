import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { scenes } from './scenes';
import { users } from './users';

/**
 * A publishing slot (platform.md §3 'Published slot record'): the place a published space occupies.
 * 'free' rows are the slots of the owner's plan, numbered by `position` and made when the owner
 * first needs them; those at or beyond the plan's count are `active = false` (after a downgrade:
 * their space stays, nothing new goes in). 'extra' rows are bought with credits (`product_id`),
 * 'district' rows belong to a district. A space is in at most one slot and a slot holds at most
 * one space: both are unique indexes, so two publishes racing for one slot cannot both win.
 */
export const publishSlots = pgTable(
  'publish_slots',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    /** 'free' (plan), 'extra' or 'district'. */
    kind: text('kind').notNull(),
    /** Plan slots: 0, 1, …; null for the other kinds. */
    position: integer('position'),
    active: boolean('active').notNull().default(true),
    districtId: text('district_id'),
    districtSubdomain: text('district_subdomain'),
    productId: text('product_id'),
    sceneId: text('scene_id').references(() => scenes.id, { onDelete: 'set null' }),
    /** Who published the space in it (a district member may publish into a district's slot). */
    publisherId: text('publisher_id'),
    /** A district slot's member who may publish into it (besides the district's owner). */
    allocatedUserId: text('allocated_user_id'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('publish_slots_owner_idx').on(t.ownerId, t.kind, t.createdAt),
    index('publish_slots_district_idx').on(t.districtId),
    index('publish_slots_allocated_idx').on(t.allocatedUserId),
    uniqueIndex('publish_slots_scene_idx').on(t.sceneId),
    uniqueIndex('publish_slots_plan_position_idx')
      .on(t.ownerId, t.position)
      .where(sql`${t.kind} = 'free'`),
  ],
);

/**
 * Which visitor was counted for which space on which UTC day: the primary key makes "once per
 * visitor per day" one atomic insert. Rows older than a couple of days are dropped by the purge.
 * `visitor` is a user id, or 'anon:' and the anonymous visitor cookie's id.
 */
export const sceneViewDays = pgTable(
  'scene_view_days',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.visitor, t.day] }), index('scene_view_days_day_idx').on(t.day)],
);

/** Views and likes per space per UTC day, for Explore's TRENDING. */
export const sceneDailyStats = pgTable(
  'scene_daily_stats',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    likes: bigint('likes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.day] }), index('scene_daily_stats_day_idx').on(t.day)],
);

/**
 * The spaces each visitor opened, with the last time: a signed-in user's MY HISTORY, and what
 * RELATED starts from (for anonymous visitors too, by their cookie: `visitor` as in
 * scene_view_days).
 */
export const sceneVisits = pgTable(
  'scene_visits',
  {
    visitor: text('visitor').notNull(),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    viewedAt: timestampTz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitor, t.sceneId] }),
    index('scene_visits_recent_idx').on(t.visitor, t.viewedAt.desc().nullsFirst()),
  ],
);

/** A user's favourite spaces (MY FAVOURITES); the social service adds and removes them. */
export const sceneFavourites = pgTable(
  'scene_favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sceneId] }),
    index('scene_favourites_recent_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
