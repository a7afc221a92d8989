import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * A creator's own asset (picture, video, model, text, web view, sound) in their library. Owned by
 * a user or a district (`owner_kind`, `owner_id`). The fields of its type live in `fields`; the
 * columns are what lists filter and sort on. A deleted asset keeps its row (`deleted_at`) and lets
 * go of its files: spaces that placed it keep their own references to the files.
 */
export const assets = pgTable(
  'assets',
  {
    id: text('id').primaryKey(),
    ownerKind: text('owner_kind').notNull(),
    ownerId: text('owner_id').notNull(),
    /** The user who made it (for a district's asset, the member). */
    creatorId: text('creator_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Lower-cased, each once. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    licenseId: text('license_id').notNull(),
    /** The form's fields of the asset's type. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [
    index('assets_owner_idx').on(t.ownerKind, t.ownerId, t.updatedAt.desc(), t.id.desc()),
    index('assets_tags_idx').using('gin', t.tags),
  ],
);

/**
 * The files a live asset refers to (main file, thumbnail, sound). They count towards the owner's
 * storage, and nothing may remove a file while a row here (or a space's reference) points at it.
 */
export const assetFileRefs = pgTable(
  'asset_file_refs',
  {
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.fileId] }), index('asset_file_refs_file_idx').on(t.fileId)],
);
