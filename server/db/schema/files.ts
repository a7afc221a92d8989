import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * A stored file. Bytes live in the blob store under their sha256; many files may share one blob.
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    kind: text('kind').notNull(),
    originalName: text('original_name').notNull(),
    ownerId: text('owner_id'),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_sha256_idx').on(t.sha256), index('files_owner_idx').on(t.ownerId)],
);

/** Thumbnails made from a file, cached as blobs of their own. */
export const fileThumbnails = pgTable(
  'file_thumbnails',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.width] })],
);
