import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ChatMessage } from '../../../contracts/live';
import { timestampTz } from './columns';
import { scenes } from './scenes';
import { users } from './users';

/**
 * Who likes which space (platform.md §2.7, §7.5): one row per user and space, so "one like per
 * user" is the primary key and a like is one `insert … on conflict do nothing`. `scenes.likes` (the
 * count cards, the viewer and Explore's sort show) and `scene_daily_stats.likes` (TRENDING) move in
 * the same transaction as the row. Rows go with the user's record and with the space.
 */
export const sceneLikes = pgTable(
  'scene_likes',
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
    index('scene_likes_scene_idx').on(t.sceneId, t.createdAt),
  ],
);

/**
 * The published spaces a signed-in user opened (their History, Explore's MY HISTORY): one row per
 * user and space, `viewed_at` moved to now by every new visit, so the newest visit lists first.
 * Cleared by the user; rows go with the user's record and with the space.
 */
export const sceneHistory = pgTable(
  'scene_history',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    viewedAt: timestampTz('viewed_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sceneId] }),
    index('scene_history_recent_idx').on(
      t.userId,
      t.viewedAt.desc().nullsFirst(),
      t.sceneId.desc().nullsFirst(),
    ),
  ],
);

/**
 * Who the space's owner muted (no chat there) or banned (may not enter while live) in a space
 * (issue 'live presence', moderation). A guest's id may be here too: it lasts as long as the
 * guest's connection, as the guest does. Rows go with the space.
 */
export const sceneModeration = pgTable(
  'scene_moderation',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** 'mute' or 'ban'. */
    kind: text('kind').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.userId, t.kind] })],
);

/**
 * Public chat messages of the last minutes, per space and instance (issue 'live presence'): a
 * visitor who joins, or comes back after a lost connection or a server's restart, reads what was
 * said meanwhile. Kept `liveDefaults.chatHistoryMs`; the id is the message's (the client's own id
 * when it gave one), so a message sent twice is kept, and shown, once.
 */
export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    id: text('id').primaryKey(),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    /** The ChatMessage as it was sent (contracts/live.ts). */
    message: jsonb('message').$type<ChatMessage>().notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('live_chat_messages_instance_idx').on(t.sceneId, t.instanceId, t.createdAt)],
);

/**
 * Scheduled events of a space (contracts/sceneEvents.ts): shown in the viewer's Events panel while
 * they are to come or on. Rows go with the space.
 */
export const sceneEvents = pgTable(
  'scene_events',
  {
    id: text('id').primaryKey(),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    endsAt: timestampTz('ends_at').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('scene_events_scene_end_idx').on(t.sceneId, t.endsAt)],
);
