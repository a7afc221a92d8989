import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import {
  emptySceneContent,
  parseSceneContent,
  type SceneContent,
  sceneContentVersion,
} from '../../../contracts/sceneContent';
import type { Database } from '../../db';

import { AppError, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { notUtf8 } from '../../http/json';
import type { BlobInfo, BlobStore, BlobWriter } from '../../storage/blobStore';
import { toIsoTime } from '../../support/time';
import { noSuchSpace, ownerAccess, readAccess } from './access';
import type { SceneBlobs } from './blobs';
import { type ContentChecker, textCharactersRefused } from './content';
import { commitContent } from './contentCommits';
import {
  currentDocument,
  type DocumentCache,
  etagOf,
  pendingPatchTotals,
  staleContent,
} from './contentVersions';
import type { SceneRow } from './metadata';
import { findScene, snapshotOf } from './queries';

/** A stored content document: the blob it is in and the version it was written in. */
export interface ContentPointer {
  sha256: string;
  size: number;
  version: number;
}

/**
 * What the content routes answer, with the version's ETag: the stored bytes as they are, bytes made
 * here (a blob with incremental saves applied), or a document to serialise.
 */
export type ContentAnswer =
  | { kind: 'stored'; pointer: ContentPointer; etag: string }
  | { kind: 'bytes'; bytes: Buffer; etag: string }
  | { kind: 'document'; content: SceneContent; etag?: string };

/** What a full save may be given besides the bytes. */
export interface SaveOptions {
  /** The version the save is made on (null: whatever is stored). */
  ifMatch?: string | null;
  /** The body's sha256 when the caller hashed it as it arrived (else it is hashed here). */
  sha256?: string;
  /** Where the body was written as it arrived (with `sha256`): the save finishes it. */
  writer?: BlobWriter;
  /**
   * The space as the caller's access was checked before the body was read (the route does that):
   * not read again meanwhile. The commit checks the owner and the version again in any case.
   */
  row?: SceneRow;
  /** The file ids the body mentions, when the caller found them as it arrived. */
  fileIds?: string[];
}

/** How storing a document's bytes went (see writeContent); `ms` is how long it took. */
export type ContentWrite =
  { ok: true; blob: BlobInfo; ms: number } | { ok: false; error: unknown; ms: number };

/**
 * A content save: when it was stored, the version it made (the next save's If-Match), and how long
 * its steps took (ms; check and write overlap).
 */
export interface SavedContent {
  contentUpdatedAt: string;
  etag: string;
  timings: { check: number; write: number; commit: number; total: number };
}

export function pointerOf(row: {
  contentSha256: string | null;
  contentSize: number | null;
  contentVersion: number | null;
}): ContentPointer | null {
  if (!row.contentSha256) return null;
  return { sha256: row.contentSha256, size: row.contentSize ?? 0, version: row.contentVersion ?? 1 };
}

/**
 * Spaces' content documents: the draft's (owner only) and the published snapshot's (who may read
 * the space), and saving the draft's. Documents are blobs, content-addressed; a space points at
 * its current one.
 */
export class SceneDocuments {
  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
    private readonly blobs: SceneBlobs,
    private readonly checker: ContentChecker,
    private readonly cache: DocumentCache,
  ) {}

  /** The draft's content (owner only): the stored document, or the empty one when never saved. */
  async content(id: string, caller: Caller): Promise<ContentAnswer> {
    const row = ownerAccess(await findScene(this.db, id), caller);
    const etag = etagOf(row);
    if (etag && row.contentEtag && (await pendingPatchTotals(this.db, id)).patches > 0) {
      // Incremental saves since the blob: the document as they made it.
      const cached = this.cache.bytesOf(etag);
      if (cached) return { kind: 'bytes', bytes: cached, etag };
      await currentDocument(this.db, this.store, this.cache, row);
      return { kind: 'bytes', bytes: this.cache.bytesOf(etag)!, etag };
    }
    return this.answerOf(pointerOf(row), etag);
  }

  /** The published snapshot's content: who may read it as for publishedMetadata. */
  async publishedContent(id: string, caller: Caller | null): Promise<ContentAnswer> {
    const row = await findScene(this.db, id);
    await readAccess(this.db, row, caller);
    const snapshot = row!.state === 'Published' ? await snapshotOf(this.db, id) : undefined;
    if (!snapshot) throw notFound('This space is not published');
    return this.answerOf(pointerOf(snapshot), snapshot.contentSha256);
  }

  private async answerOf(pointer: ContentPointer | null, etag: string | null): Promise<ContentAnswer> {
    if (!pointer) return { kind: 'document', content: emptySceneContent(), etag: 'empty' };
    if (pointer.version === sceneContentVersion)
      return { kind: 'stored', pointer, etag: etag ?? pointer.sha256 };
    // Written in an older version: migrate it on the way out.
    const chunks: Buffer[] = [];
    for await (const chunk of await this.store.get(pointer.sha256)) chunks.push(chunk as Buffer);
    const parsed = parseSceneContent(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    if (!parsed.ok) throw new AppError('INTERNAL', 'The stored content cannot be read', parsed.issues);
    return { kind: 'document', content: parsed.content };
  }

  /** Opens a stored document's bytes. */
  open(pointer: ContentPointer): Promise<Readable> {
    return this.store.get(pointer.sha256);
  }

  /**
   * Saves the draft's content (owner only) atomically: the document is checked (on a worker for
   * large ones) while its bytes are written to the blob store (temp file, fsync, rename); then one
   * UPDATE moves the space's pointer to the new blob. Until that commit the previous content is
   * what every read gets, whatever happens to this request or the process. The previous blob is
   * left for the purge job, which removes content blobs nothing points at.
   *
   * With `ifMatch` the save is made on that version: when another save replaced it meanwhile the
   * save is refused (409 STALE_CONTENT) and nothing changes. A full save folds away the draft's
   * incremental saves.
   */
  async save(id: string, caller: Caller, body: Buffer, options: SaveOptions = {}): Promise<SavedContent> {
    const started = performance.now();
    const timings = { check: 0, write: 0, commit: 0 };
    const sha256 = options.sha256 ?? createHash('sha256').update(body).digest('hex');
    const writing = options.writer
      ? this.finishWriter(options.writer, sha256)
      : this.writeBytes(body, sha256);
    const ifMatch = options.ifMatch ?? null;
    // The check runs while the caller's access is looked up (unless the route has just done that).
    const checking = this.checker.check(body, options.fileIds).then((verdict) => {
      timings.check = performance.now() - started;
      return verdict;
    });
    try {
      const row = ownerAccess(options.row ?? (await findScene(this.db, id)), caller);
      // Refused before the check when it is stale already (checked again at the commit).
      if (ifMatch !== null && etagOf(row) !== ifMatch) throw staleContent(etagOf(row));
    } catch (error) {
      void checking.catch(() => undefined);
      const written = await writing;
      if (written.ok) await this.blobs.registerGarbage(written.blob);
      throw error;
    }
    const verdict = await checking;
    const written = await writing;
    timings.write = written.ms;
    if (!verdict.ok) {
      if (written.ok) await this.blobs.registerGarbage(written.blob);
      if (verdict.encoding) throw notUtf8();
      if (verdict.texts) throw textCharactersRefused(verdict.texts);
      throw new AppError(
        'VALIDATION_FAILED',
        verdict.issues.length === 1 ? verdict.issues[0].message : 'The scene content is not valid',
        verdict.issues,
      );
    }
    if (!written.ok) throw written.error;
    let bytes: Buffer = body;
    let blob = written.blob;
    if (verdict.normalized) {
      // Valid, but not as stored: keep the normalised (migrated, defaults filled) document.
      await this.blobs.registerGarbage(blob);
      bytes = Buffer.from(
        verdict.normalized.buffer,
        verdict.normalized.byteOffset,
        verdict.normalized.byteLength,
      );
      const again = performance.now();
      blob = await this.store.put(Readable.from([bytes]));
      timings.write += performance.now() - again;
    }
    const commitStart = performance.now();
    const saved = await this.db.transaction(async (tx) => {
      const [result] = await commitContent(tx, {
        sceneId: id,
        ownerId: caller.userId,
        blob,
        ifMatch,
        fileIds: verdict.fileIds,
      });
      if (!result?.found) throw noSuchSpace();
      if (!result.updatedAt) throw staleContent(result.currentEtag);
      // The statement took the shared blob lock: the blob is there (or written again) until the commit.
      await this.blobs.ensureLocked([{ file: { sha256: blob.sha256 }, bytes }]);
      return result;
    });
    timings.commit = performance.now() - commitStart;
    return {
      contentUpdatedAt: toIsoTime(saved.updatedAt!),
      etag: blob.sha256,
      timings: { ...timings, total: performance.now() - started },
    };
  }

  /**
   * Starts storing a content document's bytes under their known sha256. Most documents are
   * canonical and kept exactly as received, so writing them need not wait for the check. Never
   * rejects.
   */
  writeBytes(bytes: Uint8Array, sha256: string): Promise<ContentWrite> {
    return settled(this.store.putBytes(bytes, sha256));
  }

  /** As writeBytes, for bytes written while they arrived: makes them durable and puts them in place. */
  finishWriter(writer: BlobWriter, sha256: string): Promise<ContentWrite> {
    return settled(writer.finish(sha256));
  }
}

/** How a blob write went, and how long it took from now. Never rejects. */
function settled(write: Promise<BlobInfo>): Promise<ContentWrite> {
  const start = performance.now();
  return write.then(
    (blob) => ({ ok: true as const, blob, ms: performance.now() - start }),
    (error: unknown) => ({ ok: false as const, error, ms: performance.now() - start }),
  );
}
