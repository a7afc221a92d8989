import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor, Transaction } from '../../db';
import {
  fileThumbnails,
  files,
  publishedScenes,
  sceneContentBlobs,
  sceneFileRefs,
  scenes,
} from '../../db/schema';
import type { BlobInfo, BlobStore } from '../../storage/blobStore';
import { putPicture, type ReceivedPicture } from '../../uploads/pictureParts';
import { lockClasses } from './locks';

/** Where a space refers to files: its draft metadata, its draft content, and the same published. */
export type RefSource = 'draft' | 'draftContent' | 'published' | 'publishedContent';

type FileInsert = typeof files.$inferInsert & { id: string; sha256: string };

/**
 * The blobs spaces point at and the files they refer to. Blobs are content-addressed and shared
 * (two spaces with the same content, a duplicate and its original, files with the same bytes). A
 * blob is only removed under an exclusive advisory lock, after checking that no file, thumbnail
 * or space points at it; whatever starts pointing at a blob does so under the shared lock, after
 * checking that the blob is (still) there.
 */
export class SceneBlobs {
  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Stores pictures' bytes; their file rows are written with the change that uses them. */
  async storePictures(ownerId: string, pictures: ReceivedPicture[]) {
    const stored: { file: FileInsert; bytes: Buffer }[] = [];
    try {
      for (const picture of pictures) stored.push(await putPicture(this.store, ownerId, picture));
    } catch (error) {
      await this.dropUnreferenced(stored.map((s) => s.file.sha256));
      throw error;
    }
    return stored;
  }

  /**
   * Inside a transaction about to point at blobs: takes the shared blob lock and makes sure each
   * blob is there (a purge may have removed an identical, unreferenced one since it was written;
   * it is then written again). With the lock held no purge can remove them before the commit.
   */
  async ensure(tx: Transaction, blobs: { file: { sha256: string }; bytes: Buffer }[]) {
    if (blobs.length === 0) return;
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${lockClasses.blobs}, 0)`);
    await this.ensureLocked(blobs);
  }

  /**
   * As `ensure`, in a transaction that holds the shared blob lock already: each blob is there, or
   * is written again.
   */
  async ensureLocked(blobs: { file: { sha256: string }; bytes: Buffer }[]) {
    for (const { file, bytes } of blobs) {
      if (await this.store.stat(file.sha256)) continue;
      const again = await this.store.put(Readable.from([bytes]));
      if (again.sha256 !== file.sha256) throw new Error('blob store returned another key');
    }
  }

  /** Records a content blob nothing points at, so the purge job removes it. */
  async registerGarbage(blob: BlobInfo) {
    await this.db
      .insert(sceneContentBlobs)
      .values({ sha256: blob.sha256, size: blob.size })
      .onConflictDoUpdate({ target: sceneContentBlobs.sha256, set: { writtenAt: sql`now()` } });
  }

  /** Replaces the space's references of one source with `fileIds`. */
  async replaceRefs(tx: Executor, sceneId: string, source: RefSource, fileIds: string[]) {
    await tx
      .delete(sceneFileRefs)
      .where(and(eq(sceneFileRefs.sceneId, sceneId), eq(sceneFileRefs.source, source)));
    if (fileIds.length > 0) {
      await tx.insert(sceneFileRefs).values(fileIds.map((fileId) => ({ sceneId, source, fileId })));
    }
  }

  /** As replaceRefs, writing only the difference (content references rarely change between saves). */
  async syncRefs(tx: Executor, sceneId: string, source: RefSource, fileIds: string[]) {
    const where = and(eq(sceneFileRefs.sceneId, sceneId), eq(sceneFileRefs.source, source));
    const existing = new Set(
      (await tx.select({ id: sceneFileRefs.fileId }).from(sceneFileRefs).where(where)).map((r) => r.id),
    );
    const wanted = new Set(fileIds);
    const gone = [...existing].filter((fileId) => !wanted.has(fileId));
    const added = fileIds.filter((fileId) => !existing.has(fileId));
    if (gone.length > 0)
      await tx.delete(sceneFileRefs).where(and(where, inArray(sceneFileRefs.fileId, gone)));
    if (added.length > 0) {
      await tx.insert(sceneFileRefs).values(added.map((fileId) => ({ sceneId, source, fileId })));
    }
  }

  /** Runs `work` in a transaction holding the exclusive blob lock: no blob gains a pointer meanwhile. */
  removing<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockClasses.blobs}, 0)`);
      return work(tx);
    });
  }

  /** Removes, under the exclusive blob lock, those of `sha256s` nothing points at. */
  async dropUnreferenced(sha256s: string[]): Promise<number> {
    if (sha256s.length === 0) return 0;
    return this.removing((tx) => this.deleteUnreferenced(tx, sha256s));
  }

  /**
   * Deletes the blobs among `sha256s` that no file, thumbnail, draft or published snapshot points
   * at, and forgets them as content blobs. The caller holds the exclusive blob lock.
   */
  async deleteUnreferenced(tx: Transaction, sha256s: string[]): Promise<number> {
    const unique = [...new Set(sha256s)];
    if (unique.length === 0) return 0;
    // Which of them a file or thumbnail, and which a draft or published snapshot, points at.
    const pointedAt = async (column: PgColumn) =>
      (await tx.selectDistinct({ sha256: column }).from(column.table).where(inArray(column, unique))).flatMap(
        (r) => (typeof r.sha256 === 'string' ? [r.sha256] : []),
      );
    const byFiles = new Set([
      ...(await pointedAt(files.sha256)),
      ...(await pointedAt(fileThumbnails.sha256)),
    ]);
    const byScenes = new Set([
      ...(await pointedAt(scenes.contentSha256)),
      ...(await pointedAt(publishedScenes.contentSha256)),
    ]);
    let removed = 0;
    for (const sha256 of unique) {
      if (byFiles.has(sha256) || byScenes.has(sha256)) continue;
      try {
        await this.store.delete(sha256);
        removed++;
      } catch (error) {
        this.log?.warn({ err: error, sha256 }, 'could not delete a stored blob');
      }
    }
    // No longer content of any space: not this service's to track (files may still use the bytes).
    const forget = unique.filter((sha256) => !byScenes.has(sha256));
    if (forget.length > 0)
      await tx.delete(sceneContentBlobs).where(inArray(sceneContentBlobs.sha256, forget));
    return removed;
  }
}
