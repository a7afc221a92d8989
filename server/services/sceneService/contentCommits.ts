import { sql } from 'drizzle-orm';
import { sceneContentVersion } from '../../../contracts/sceneContent';
import type { Executor, Transaction } from '../../db';
import { sceneContentBlobs, sceneContentPatches, sceneFileRefs, scenes } from '../../db/schema';
import type { BlobInfo } from '../../storage/blobStore';
import { lockClasses } from './locks';

/**
 * The commits of content saves, each one statement, so that a save costs one round trip to the
 * database between BEGIN and COMMIT (the embedded database answers each statement through its
 * thread: a round trip is what a commit is made of).
 */

/** File ids as one text[] parameter (they are UUIDs: nothing to escape). */
const idArray = (ids: string[]) => sql`${`{${ids.map((id) => `"${id}"`).join(',')}}`}::text[]`;

/** Runs a statement and answers its rows (both drivers are node-postgres underneath). */
async function rowsOf<Row>(tx: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * A full save's commit in one statement, so that it costs one round trip to the database: it takes
 * the shared blob lock, locks the space's row, checks the version (`ifMatch`), points the space at
 * the new blob, records the blob, drops the incremental saves it replaces and syncs the space's
 * file references. Answers whether the space was found, and the new time or (when the version was
 * stale) the current version.
 */
export function commitContent(
  tx: Transaction,
  save: { sceneId: string; ownerId: string; blob: BlobInfo; ifMatch: string | null; fileIds: string[] },
) {
  const { sceneId, ownerId, blob, ifMatch, fileIds } = save;
  const ids = idArray(fileIds);
  return rowsOf<{ found: boolean; updatedAt: string | null; currentEtag: string | null }>(
    tx,
    sql`
    with blob_lock as (select pg_advisory_xact_lock_shared(${lockClasses.blobs}, 0)),
    old as (
      select s.id, coalesce(s.content_etag, s.content_sha256) as etag
      from ${scenes} s, blob_lock
      where s.id = ${sceneId} and s.owner_id = ${ownerId} and s.deleted_at is null
      for update of s
    ),
    updated as (
      update ${scenes} set
        content_sha256 = ${blob.sha256}, content_size = ${blob.size},
        content_version = ${sceneContentVersion}, content_etag = null,
        content_updated_at = now(), updated_at = now()
      from old
      where ${scenes}.id = old.id and (${ifMatch}::text is null or old.etag = ${ifMatch}::text)
      returning ${scenes}.content_updated_at
    ),
    recorded as (
      insert into ${sceneContentBlobs} (sha256, size)
      select ${blob.sha256}, ${blob.size} from updated
      on conflict (sha256) do update set written_at = now()
    ),
    folded as (
      delete from ${sceneContentPatches} p using updated where p.scene_id = ${sceneId}
    ),
    refs_gone as (
      delete from ${sceneFileRefs} r using updated
      where r.scene_id = ${sceneId} and r.source = 'draftContent' and not (r.file_id = any(${ids}))
    ),
    refs_added as (
      insert into ${sceneFileRefs} (scene_id, source, file_id)
      select ${sceneId}, 'draftContent', f from updated, unnest(${ids}) f
      on conflict do nothing
    )
    select exists (select 1 from old) as "found",
      (select content_updated_at from updated) as "updatedAt",
      (select etag from old) as "currentEtag"
  `,
  );
}

/**
 * An incremental save's commit in one statement (a transaction of its own): locks the owner's space
 * row, checks that `ifMatch` is its version, records the patch as the next one, adds the files it
 * names to the space's and moves the space to the new version `etag`. Answers whether the owner's
 * space was found, the new time or (when the version was stale) the current version, and how many
 * incremental saves (and bytes) now wait to be folded.
 */
export function commitPatch(
  tx: Executor,
  save: {
    sceneId: string;
    ownerId: string;
    ifMatch: string;
    etag: string;
    patchText: string;
    fileIds: string[];
  },
) {
  const { sceneId, ownerId, ifMatch, etag, patchText, fileIds } = save;
  const bytes = Buffer.byteLength(patchText);
  return rowsOf<{
    found: boolean;
    updatedAt: string | null;
    currentEtag: string | null;
    pendingPatches: number;
    pendingBytes: number;
  }>(
    tx,
    sql`
    with old as (
      select s.id, s.content_sha256, coalesce(s.content_etag, s.content_sha256) as etag
      from ${scenes} s
      where s.id = ${sceneId} and s.owner_id = ${ownerId} and s.deleted_at is null
      for update of s
    ),
    waiting as (
      select count(*)::int as n, coalesce(sum(bytes), 0)::bigint as bytes
      from ${sceneContentPatches} where scene_id = ${sceneId}
    ),
    current as (select * from old where etag = ${ifMatch}),
    recorded as (
      insert into ${sceneContentPatches} (scene_id, seq, base_sha256, etag, patch, bytes)
      select ${sceneId},
        coalesce((select max(seq) from ${sceneContentPatches} where scene_id = ${sceneId}), 0) + 1,
        current.content_sha256, ${etag}, ${patchText}::jsonb, ${bytes}
      from current
    ),
    refs_added as (
      insert into ${sceneFileRefs} (scene_id, source, file_id)
      select ${sceneId}, 'draftContent', f from current, unnest(${idArray(fileIds)}) f
      on conflict do nothing
    ),
    updated as (
      update ${scenes} set content_etag = ${etag}, content_updated_at = now(), updated_at = now()
      from current
      where ${scenes}.id = current.id
      returning ${scenes}.content_updated_at
    )
    select exists (select 1 from old) as "found",
      (select content_updated_at from updated) as "updatedAt",
      (select etag from old) as "currentEtag",
      (select n + 1 from waiting) as "pendingPatches",
      (select bytes + ${bytes} from waiting)::float8 as "pendingBytes"
  `,
  );
}
