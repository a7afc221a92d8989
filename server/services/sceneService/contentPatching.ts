import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { applyContentPatch, type ContentPatch, ContentPatchError } from '../../../contracts/contentPatch';
import {
  parseSceneContent,
  type SceneContent,
  sceneContentVersion,
  unsupportedTextsOf,
} from '../../../contracts/sceneContent';
import type { Database, Transaction } from '../../db';
import { sceneContentBlobs, sceneContentPatches, scenes } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { BlobStore } from '../../storage/blobStore';
import { toIsoTime } from '../../support/time';
import { noSuchSpace, ownerAccess } from './access';
import type { SceneBlobs } from './blobs';
import { referencedFileIds, textCharactersRefused } from './content';
import { commitPatch } from './contentCommits';
import { isCanonicalSceneContent } from './contentCheck';
import {
  contentCompaction,
  currentDocument,
  type DocumentCache,
  etagOf,
  lockContentRow,
  nextEtag,
  pendingPatchTotals,
  staleContent,
} from './contentVersions';
import { findScene } from './queries';

/** An incremental save: the version it made, when, and how long its steps took (ms). */
export interface PatchedContent {
  contentUpdatedAt: string;
  etag: string;
  timings: { read: number; apply: number; check: number; commit: number; total: number };
}

/** `patch` applied to `doc`; a patch that does not fit the document is refused (400). */
function applied(doc: SceneContent, patch: ContentPatch): SceneContent {
  try {
    return applyContentPatch(doc, patch);
  } catch (error) {
    if (error instanceof ContentPatchError)
      throw new AppError('VALIDATION_FAILED', error.message, [{ path: error.path, message: error.message }]);
    throw error;
  }
}

/** The whole result checked against the contract (normalised when it needed it), as a full save is. */
function checked(next: SceneContent): SceneContent {
  let content = next;
  if (!isCanonicalSceneContent(next)) {
    const parsed = parseSceneContent(next);
    if (!parsed.ok)
      throw new AppError(
        'VALIDATION_FAILED',
        parsed.issues.length === 1 ? parsed.issues[0].message : 'The scene content is not valid',
        parsed.issues,
      );
    content = parsed.content;
  }
  const texts = unsupportedTextsOf(content);
  if (texts.length > 0) throw textCharactersRefused(texts);
  return content;
}

/**
 * Incremental saves of a draft's content (PATCH scene/content/{id}), and folding them into one
 * blob (compaction): after enough of them, and before anything copies the draft's content (publish,
 * duplicate).
 */
export class ContentPatching {
  /** Compactions running on this node, by space (one at a time each). */
  private readonly compacting = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
    private readonly blobs: SceneBlobs,
    private readonly cache: DocumentCache,
    private readonly log?: { warn(obj: object, msg: string): void },
  ) {}

  /**
   * Applies `patch` to the version `ifMatch` of the draft's content (owner only) and stores the
   * result as the new version, once the whole result is valid content. Refused with 409
   * STALE_CONTENT when `ifMatch` is not the current version; nothing changes on any refusal. A
   * crash before the commit leaves the previous version.
   */
  async patch(id: string, caller: Caller, patch: ContentPatch, ifMatch: string): Promise<PatchedContent> {
    const started = performance.now();
    // During an editing session the version the change is made on is cached: the space is not read
    // first, as the commit checks the owner and the version itself.
    let doc = this.cache.get(ifMatch)?.doc;
    const readStart = performance.now();
    if (!doc) {
      const row = ownerAccess(await findScene(this.db, id), caller);
      const current = etagOf(row);
      if (current !== ifMatch) throw staleContent(current);
      doc = await currentDocument(this.db, this.store, this.cache, row);
    }
    const applyStart = performance.now();
    const patched = applied(doc, patch);
    const checkStart = performance.now();
    const next = checked(patched);
    const checkEnd = performance.now();
    const etag = nextEtag(ifMatch, patch);
    const text = JSON.stringify(patch);
    // One statement, its own transaction. The files the change names join the draft's (a file it
    // no longer names is let go when the patches are folded into a blob).
    const [saved] = await commitPatch(this.db, {
      sceneId: id,
      ownerId: caller.userId,
      ifMatch,
      etag,
      patchText: text,
      fileIds: referencedFileIds(text),
    });
    if (!saved?.found) {
      // Not the caller's space: refused as a read would be (no such space, or not theirs).
      ownerAccess(await findScene(this.db, id), caller);
      throw noSuchSpace();
    }
    if (!saved.updatedAt) throw staleContent(saved.currentEtag);
    const commitEnd = performance.now();
    this.cache.set(etag, next);
    if (saved.pendingPatches >= contentCompaction.patches || saved.pendingBytes >= contentCompaction.bytes)
      void this.compactInBackground(id);
    return {
      contentUpdatedAt: toIsoTime(saved.updatedAt),
      etag,
      timings: {
        read: applyStart - readStart,
        apply: checkStart - applyStart,
        check: checkEnd - checkStart,
        commit: commitEnd - checkEnd,
        total: performance.now() - started,
      },
    };
  }

  /** Folds the draft's patches into a blob (in the background: the next save tries again on failure). */
  private async compactInBackground(id: string) {
    try {
      await this.compact(id);
    } catch (error) {
      this.log?.warn(
        { err: error, sceneId: id },
        'folding content patches failed; the next save tries again',
      );
    }
  }

  /**
   * Writes the draft's current document as one blob and removes its patches, keeping its version's
   * name (an editor's If-Match still matches). Does nothing when there are none.
   */
  compact(id: string): Promise<void> {
    const running = this.compacting.get(id);
    if (running) return running;
    const work = this.db.transaction((tx) => this.settle(tx, id)).finally(() => this.compacting.delete(id));
    this.compacting.set(id, work);
    return work;
  }

  /**
   * Inside `tx`: takes the draft's row lock and, when incremental saves wait, folds them into one
   * blob, so that what follows in `tx` (publish, duplicate) can copy the draft's blob pointer.
   */
  async settle(tx: Transaction, id: string): Promise<void> {
    const locked = await lockContentRow(tx, id);
    if (!locked?.contentEtag || !locked.contentSha256) return;
    if ((await pendingPatchTotals(tx, id)).patches === 0) return;
    const etag = etagOf(locked)!;
    await currentDocument(tx, this.store, this.cache, locked);
    const bytes = this.cache.bytesOf(etag)!;
    const blob = await this.store.put(Readable.from([bytes]));
    try {
      await this.blobs.ensure(tx, [{ file: { sha256: blob.sha256 }, bytes }]);
      await tx
        .insert(sceneContentBlobs)
        .values({ sha256: blob.sha256, size: blob.size })
        .onConflictDoUpdate({ target: sceneContentBlobs.sha256, set: { writtenAt: sql`now()` } });
      await tx
        .update(scenes)
        .set({ contentSha256: blob.sha256, contentSize: blob.size, contentVersion: sceneContentVersion })
        .where(eq(scenes.id, id));
      await tx.delete(sceneContentPatches).where(eq(sceneContentPatches.sceneId, id));
      await this.blobs.syncRefs(tx, id, 'draftContent', referencedFileIds(bytes));
    } catch (error) {
      // Should the transaction not commit, the purge job removes the blob (recorded once the
      // transaction has ended: waiting for it here would wait on this very transaction).
      void this.blobs.registerGarbage(blob).catch(() => {});
      throw error;
    }
  }
}
