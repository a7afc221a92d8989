import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { scenes } from './scenes';

/**
 * Space insights for owners, without tracking. Nothing here names a person: no user id, no
 * address, no browser. A visit carries only a hash of (address, browser, space) salted with the
 * day's random salt; the salt is deleted once its day is over, so the hash cannot be recomputed
 * or matched to the next day's. Raw visits are rolled up into `insight_days` and deleted after
 * insightsLimits.rawRetentionDays.
 */

/** The random salt of one UTC day (one row per day; earlier days' rows are deleted). */
export const insightSalts = pgTable('insight_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** One visit of a published space (raw, kept insightsLimits.rawRetentionDays). */
export const insightVisits = pgTable(
  'insight_visits',
  {
    id: text('id').primaryKey(),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    /** The UTC day it started. */
    day: date('day', { mode: 'string' }).notNull(),
    /** sha256 of the day's salt, the address, the browser and the space: one value per visitor per day. */
    visitorHash: text('visitor_hash').notNull(),
    source: text('source').notNull(),
    startedAt: timestampTz('started_at').notNull(),
    /** Seconds the page was visible, as last reported (null: never reported). */
    seconds: integer('seconds'),
  },
  (t) => [
    index('insight_visits_scene_day_idx').on(t.sceneId, t.day),
    index('insight_visits_day_idx').on(t.day),
    check('insight_visits_source_check', sql`${t.source} in ('direct', 'embed', 'explore', 'share')`),
    check('insight_visits_seconds_check', sql`${t.seconds} is null or ${t.seconds} >= 0`),
  ],
);

/** A work or info point a visit opened (once per visit). */
export const insightOpens = pgTable(
  'insight_opens',
  {
    visitId: text('visit_id')
      .notNull()
      .references(() => insightVisits.id, { onDelete: 'cascade' }),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    objectId: text('object_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.kind, t.objectId] }),
    index('insight_opens_scene_day_idx').on(t.sceneId, t.day),
    check('insight_opens_kind_check', sql`${t.kind} in ('artwork', 'infoPoint')`),
  ],
);

/** A space's figures for one UTC day, rolled up from its raw visits. */
export const insightDays = pgTable(
  'insight_days',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
    /** Visits that reported their time. */
    timedVisits: integer('timed_visits').notNull().default(0),
    totalSeconds: integer('total_seconds').notNull().default(0),
    medianSeconds: doublePrecision('median_seconds'),
    direct: integer('direct').notNull().default(0),
    embed: integer('embed').notNull().default(0),
    explore: integer('explore').notNull().default(0),
    share: integer('share').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.day] }), index('insight_days_day_idx').on(t.day)],
);

/** How many visits opened each work or info point of a space on one UTC day. */
export const insightDayOpens = pgTable(
  'insight_day_opens',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    objectId: text('object_id').notNull(),
    opens: integer('opens').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.sceneId, t.day, t.kind, t.objectId] }),
    check('insight_day_opens_kind_check', sql`${t.kind} in ('artwork', 'infoPoint')`),
  ],
);
