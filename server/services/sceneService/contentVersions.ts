import { createHash } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { applyContentPatch, ContentPatch } from '../../../contracts/contentPatch';
import { type SceneContent, parseSceneContent } from '../../../contracts/sceneContent';
import type { Executor } from '../../db';
import { sceneContentPatches, scenes } from '../../db/schema';
import { AppError } from '../../errors';
import type { BlobStore } from '../../storage/blobStore';
import { isCanonicalSceneContent } from './contentCheck';

/**
 * Versions of a draft's content. A version is named by an ETag: the blob's sha256 after a full save,
 * or the version an incremental save made (scene_content_patches); `scenes.content_etag` holds the
 * current one when it is not the blob's own sha256 (it stays when patches are folded into a blob,
 * so an editor's If-Match still matches).
 */

/** When the patches of a draft are folded into one blob (after the save that reaches either). */
export const contentCompaction = { patches: 32, bytes: 512 * 1024 } as const;

/** How many parsed documents a node keeps to apply incremental saves to (a 5 MB one is ~30 MB). */
export const documentCacheSize = 4;

export interface ContentRow {
  id: string;
  contentSha256: string | null;
  contentEtag: string | null;
  contentVersion: number | null;
}

/** The version of a draft's content as editors name it (null: never saved). */
export const etagOf = (row: Pick<ContentRow, 'contentSha256' | 'contentEtag'>) =>
  row.contentEtag ?? row.contentSha256;

/** The If-Match / If-None-Match value without its quotes (and weak marker): null when absent. */
export function etagOfHeader(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  return value
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
}

/** The version an incremental save makes of the version before it. */
export function nextEtag(previous: string, patch: unknown): string {
  return createHash('sha256').update(previous).update('\n').update(JSON.stringify(patch)).digest('hex');
}

/** The save was made on a version that is no longer the current one (409, with the current one). */
export function staleContent(currentEtag: string | null) {
  return new AppError(
    'STALE_CONTENT',
    'This space was changed in another window since this version was loaded',
    { currentEtag },
  );
}

/** Takes the draft's row lock and answers it (saves of one draft run one at a time). */
export async function lockContentRow(tx: Executor, id: string): Promise<ContentRow | undefined> {
  const [row] = await tx
    .select({
      id: scenes.id,
      contentSha256: scenes.contentSha256,
      contentEtag: scenes.contentEtag,
      contentVersion: scenes.contentVersion,
    })
    .from(scenes)
    .where(and(eq(scenes.id, id), sql`${scenes.deletedAt} is null`))
    .for('update');
  return row;
}

/** The incremental saves waiting to be folded into the draft's blob, oldest first. */
export async function pendingPatches(db: Executor, id: string) {
  return db
    .select({
      seq: sceneContentPatches.seq,
      etag: sceneContentPatches.etag,
      patch: sceneContentPatches.patch,
      bytes: sceneContentPatches.bytes,
    })
    .from(sceneContentPatches)
    .where(eq(sceneContentPatches.sceneId, id))
    .orderBy(asc(sceneContentPatches.seq));
}

/** How many incremental saves wait, and their size. */
export async function pendingPatchTotals(db: Executor, id: string) {
  const [row] = await db
    .select({ n: count(), bytes: sql<number>`coalesce(sum(${sceneContentPatches.bytes}), 0)` })
    .from(sceneContentPatches)
    .where(eq(sceneContentPatches.sceneId, id));
  return { patches: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** A small least-recently-used cache of parsed documents and their bytes, by version. */
export class DocumentCache {
  private readonly entries = new Map<string, { doc: SceneContent; bytes?: Buffer }>();

  constructor(private readonly size: number = documentCacheSize) {}

  get(etag: string) {
    const entry = this.entries.get(etag);
    if (!entry) return undefined;
    this.entries.delete(etag);
    this.entries.set(etag, entry);
    return entry;
  }

  set(etag: string, doc: SceneContent, bytes?: Buffer) {
    this.entries.delete(etag);
    this.entries.set(etag, { doc, bytes });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The bytes of a cached version, serialised once. */
  bytesOf(etag: string): Buffer | undefined {
    const entry = this.get(etag);
    if (!entry) return undefined;
    entry.bytes ??= Buffer.from(JSON.stringify(entry.doc));
    return entry.bytes;
  }
}

/**
 * The current document of a draft: its blob with the pending incremental saves applied, from the
 * cache when this node has it.
 */
export async function currentDocument(
  db: Executor,
  store: BlobStore,
  cache: DocumentCache,
  row: ContentRow,
): Promise<SceneContent> {
  const etag = etagOf(row);
  if (!etag || !row.contentSha256) throw new AppError('CONFLICT', 'This space has no stored content yet');
  const cached = cache.get(etag);
  if (cached) return cached.doc;
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(row.contentSha256)) chunks.push(chunk as Buffer);
  const stored: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  let doc: SceneContent;
  // Stored content is canonical unless it was saved by an older version of the contract.
  if (isCanonicalSceneContent(stored)) doc = stored as SceneContent;
  else {
    const parsed = parseSceneContent(stored);
    if (!parsed.ok) throw new AppError('INTERNAL', 'The stored content cannot be read', parsed.issues);
    doc = parsed.content;
  }
  // Each was checked when it was saved: the result of each is valid content.
  for (const pending of await pendingPatches(db, row.id))
    doc = applyContentPatch(doc, ContentPatch.parse(pending.patch));
  cache.set(etag, doc);
  return doc;
}
