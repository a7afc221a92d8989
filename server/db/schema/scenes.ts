import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * A space (platform.md §3 'Scene metadata'): the draft the owner edits. Its content document lives
 * in the blob store; the row points at it (sha256, size, version), so a save is one UPDATE of the
 * pointer after the bytes are safely stored. The published snapshot is `published_scenes`.
 *
 * Deleting is soft (`deleted_at`): the row, its files and its content stay for
 * deletedSceneRetentionDays, then the purge job removes what nothing else refers to.
 */
export const scenes = pgTable(
  'scenes',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    creatorId: text('creator_id').notNull(),
    /** 'Draft' or 'Published'. */
    state: text('state').notNull().default('Draft'),
    visible: boolean('visible').notNull().default(true),
    /**
     * An operator hid the space after a report (the operator area's Reports): it stays hidden
     * (`visible` false) and its owner cannot show it again until an operator does.
     */
    hiddenByOperatorAt: timestampTz('hidden_by_operator_at'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    adultContent: boolean('adult_content').notNull().default(false),
    comments: boolean('comments').notNull().default(true),
    audioUri: text('audio_uri'),
    /** File service ids. */
    coverPhotoId: text('cover_photo_id'),
    photoGalleryIds: jsonb('photo_gallery_ids').$type<string[]>().notNull().default([]),
    districtId: text('district_id'),
    districtSubdomain: text('district_subdomain'),
    /**
     * The public and the private districts that list the published space: the district of its
     * slot and those hosting it (district_spaces). Kept by sceneService/sceneDistricts.ts.
     */
    publishedPublicDistricts: text('published_public_districts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedPrivateDistricts: text('published_private_districts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedPublic: boolean('published_public').notNull().default(false),
    privacyAclEnabled: boolean('privacy_acl_enabled').notNull().default(false),
    userPrivacyAcl: jsonb('user_privacy_acl').$type<string[]>().notNull().default([]),
    groupPrivacyAcl: jsonb('group_privacy_acl').$type<string[]>().notNull().default([]),
    communicationAclEnabled: boolean('communication_acl_enabled').notNull().default(false),
    userCommunicationAcl: jsonb('user_communication_acl').$type<string[]>().notNull().default([]),
    groupCommunicationAcl: jsonb('group_communication_acl').$type<string[]>().notNull().default([]),
    /** The draft's content: a blob key, or null while it was never saved. */
    contentSha256: text('content_sha256'),
    contentSize: bigint('content_size', { mode: 'number' }),
    /** sceneContentVersion of the stored document (older ones are migrated when read). */
    contentVersion: integer('content_version'),
    contentUpdatedAt: timestampTz('content_updated_at'),
    /**
     * The version of the draft's content as editors name it (the ETag of GET scene/content and the
     * If-Match of a save): the blob's sha256 when no incremental save followed it, else the version
     * the last one made (scene_content_patches). Null: the blob's sha256.
     */
    contentEtag: text('content_etag'),
    /** When it was first published (the snapshot has the latest). */
    publishedAt: timestampTz('published_at'),
    /**
     * Totals that survive unpublishing and publishing again: views counted once per visitor per
     * UTC day (scene_view_days), likes kept by the social service. Per-day figures for trending
     * are in scene_daily_stats.
     */
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    likes: bigint('likes', { mode: 'number' }).notNull().default(0),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [
    // "My spaces", newest first, with and without a state filter; deleted rows are never listed.
    index('scenes_owner_updated_idx')
      .on(t.ownerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('scenes_owner_state_updated_idx')
      .on(t.ownerId, t.state, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('scenes_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('scenes_content_idx').on(t.contentSha256),
    // Explore sorted by views or likes walks these, newest id first among equals.
    index('scenes_published_views_idx')
      .on(t.views.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'Published' and ${t.deletedAt} is null`),
    index('scenes_published_likes_idx')
      .on(t.likes.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'Published' and ${t.deletedAt} is null`),
  ],
);

/** PostgreSQL's text-search document type (core, so PGlite has it too). */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The published snapshot of a space: the metadata visitors see and its own content pointer,
 * separate from the draft the owner keeps editing. Written by publishing (publishSnapshot).
 */
export const publishedScenes = pgTable(
  'published_scenes',
  {
    sceneId: text('scene_id')
      .primaryKey()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    adultContent: boolean('adult_content').notNull().default(false),
    comments: boolean('comments').notNull().default(true),
    audioUri: text('audio_uri'),
    coverPhotoId: text('cover_photo_id'),
    photoGalleryIds: jsonb('photo_gallery_ids').$type<string[]>().notNull().default([]),
    contentSha256: text('content_sha256'),
    contentSize: bigint('content_size', { mode: 'number' }),
    contentVersion: integer('content_version'),
    contentUpdatedAt: timestampTz('content_updated_at'),
    publishedAt: timestampTz('published_at').notNull().defaultNow(),
    /**
     * What Explore's search box matches: the published title, tags and description as words,
     * lower-cased, not stemmed ('simple'), so a prefix of what was typed matches. Kept by
     * PostgreSQL itself; the same on PGlite.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, title || ' ' || (tags)::text || ' ' || description)`,
      ),
  },
  (t) => [
    index('published_scenes_content_idx').on(t.contentSha256),
    index('published_scenes_search_idx').using('gin', t.search),
    // jsonb_ops (not jsonb_path_ops): '@>' for "all of these tags" and '?|' for "any of them".
    index('published_scenes_tags_idx').using('gin', t.tags),
    index('published_scenes_published_at_idx').on(
      t.publishedAt.desc().nullsFirst(),
      t.sceneId.desc().nullsFirst(),
    ),
  ],
);

/**
 * Which files a space refers to, by where: 'draft' (cover and gallery), 'draftContent' (file
 * service urls in the content), 'published' and 'publishedContent' (the snapshot's). A file is
 * only removed when no space (deleted ones within their retention included) refers to it.
 */
export const sceneFileRefs = pgTable(
  'scene_file_refs',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    fileId: text('file_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sceneId, t.source, t.fileId] }),
    index('scene_file_refs_file_idx').on(t.fileId),
  ],
);

/**
 * Every blob ever written as scene content, so that those no space points at any more (replaced
 * by a newer save, refused, or left by a purged space) can be found and removed by the purge job.
 */
export const sceneContentBlobs = pgTable('scene_content_blobs', {
  sha256: text('sha256').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  writtenAt: timestampTz('written_at').notNull().defaultNow(),
});

/**
 * Incremental saves of a draft's content (PATCH scene/content/{id}), applied in `seq` order to the
 * blob `scenes.content_sha256` points at; a full save or a compaction folds them into a new blob
 * and removes them. `etag` is the version each one made (the next one's If-Match).
 */
export const sceneContentPatches = pgTable(
  'scene_content_patches',
  {
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The blob the patches apply to (a compaction that raced a full save finds another). */
    baseSha256: text('base_sha256').notNull(),
    etag: text('etag').notNull(),
    patch: jsonb('patch').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.seq] })],
);

/**
 * How many spaces each owner has per state, deleted ones left out: kept by a trigger on `scenes`
 * (migration 0003), so "my spaces" answers its total without counting rows.
 */
export const sceneCounts = pgTable(
  'scene_counts',
  {
    ownerId: text('owner_id').notNull(),
    state: text('state').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.state] })],
);
