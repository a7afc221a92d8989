import { and, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { assetFileFields, deletedAssetRetentionDays } from '../../../contracts/assets';
import { deletedSceneRetentionDays } from '../../../contracts/scenes';
import type { Database, Transaction } from '../../db';
import {
  assetFileRefs,
  assets,
  fileThumbnails,
  files,
  publishedScenes,
  sceneContentBlobs,
  sceneFileRefs,
  sceneViewDays,
  scenes,
  users,
} from '../../db/schema';
import { dayMs, utcDay } from '../../support/time';
import type { SceneBlobs } from './blobs';

export interface PurgeReport {
  scenes: number;
  /** Library assets deleted long enough ago (their rows; their unused files count in `files`). */
  assets: number;
  files: number;
  blobs: number;
}

/** Content blobs nothing points at are kept at least this long before the purge removes them. */
const garbageGraceMs = 10 * 60 * 1000;

/**
 * Removes for good the spaces deleted more than deletedSceneRetentionDays before `now`: their
 * rows, the files of their metadata (cover, gallery) that no other space, user or library asset
 * refers to, and the blobs nothing points at any more. Then does the same for library assets
 * deleted long enough ago, and removes content blobs no space points at (replaced by later saves,
 * or refused) once they are older than a short grace period.
 */
export async function purgeDeletedScenes(
  db: Database,
  blobs: SceneBlobs,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<PurgeReport> {
  const report: PurgeReport = { scenes: 0, assets: 0, files: 0, blobs: 0 };
  const cutoff = new Date(now.getTime() - deletedSceneRetentionDays * dayMs).toISOString();
  for (;;) {
    const due = await db
      .select({ id: scenes.id })
      .from(scenes)
      .where(and(isNotNull(scenes.deletedAt), lt(scenes.deletedAt, cutoff)))
      .limit(50);
    if (due.length === 0) break;
    const ids = due.map((d) => d.id);
    await blobs.removing(async (tx) => {
      const refs = await tx
        .select({ fileId: sceneFileRefs.fileId })
        .from(sceneFileRefs)
        .where(
          and(inArray(sceneFileRefs.sceneId, ids), inArray(sceneFileRefs.source, ['draft', 'published'])),
        );
      const draftBlobs = await tx
        .select({ sha256: scenes.contentSha256 })
        .from(scenes)
        .where(inArray(scenes.id, ids));
      const publishedBlobs = await tx
        .select({ sha256: publishedScenes.contentSha256 })
        .from(publishedScenes)
        .where(inArray(publishedScenes.sceneId, ids));
      await tx.delete(scenes).where(inArray(scenes.id, ids));
      report.scenes += ids.length;

      const { gone, thumbs } = await deleteUnusedFiles(
        tx,
        refs.map((r) => r.fileId),
      );
      report.files += gone.length;
      report.blobs += await blobs.deleteUnreferenced(
        tx,
        [...gone, ...thumbs, ...draftBlobs, ...publishedBlobs].flatMap((r) => (r.sha256 ? [r.sha256] : [])),
      );
    });
  }
  await purgeDeletedAssets(db, blobs, now, report);
  report.blobs += await purgeContentGarbage(db, blobs, now);
  // "Counted today" marks are only needed for the current UTC day (two kept for clock skew).
  await db.delete(sceneViewDays).where(lt(sceneViewDays.day, utcDay(new Date(now.getTime() - 2 * dayMs))));
  if (report.scenes > 0 || report.assets > 0 || report.blobs > 0) log?.info(report, 'deleted spaces purged');
  return report;
}

/**
 * Deletes the files among `candidates` that no space, user picture or library asset refers to
 * (the caller holds the exclusive blob lock) and answers what they and their thumbnails stored,
 * for deleteUnreferenced.
 */
async function deleteUnusedFiles(tx: Transaction, fileIds: string[]) {
  const candidates = [...new Set(fileIds)];
  if (candidates.length === 0) return { gone: [], thumbs: [] };
  const stillUsed = new Set(
    (
      await tx
        .selectDistinct({ id: sceneFileRefs.fileId })
        .from(sceneFileRefs)
        .where(inArray(sceneFileRefs.fileId, candidates))
    ).map((r) => r.id),
  );
  const pictures = await tx
    .select({ profile: users.profilePictureId, cover: users.coverPhotoId })
    .from(users)
    .where(or(inArray(users.profilePictureId, candidates), inArray(users.coverPhotoId, candidates)));
  for (const p of pictures) {
    if (p.profile) stillUsed.add(p.profile);
    if (p.cover) stillUsed.add(p.cover);
  }
  // A file in someone's asset library stays while the asset does.
  const inLibraries = await tx
    .selectDistinct({ id: assetFileRefs.fileId })
    .from(assetFileRefs)
    .where(inArray(assetFileRefs.fileId, candidates));
  for (const r of inLibraries) stillUsed.add(r.id);
  const unused = candidates.filter((fileId) => !stillUsed.has(fileId));
  if (unused.length === 0) return { gone: [], thumbs: [] };
  const thumbs = await tx
    .select({ sha256: fileThumbnails.sha256 })
    .from(fileThumbnails)
    .where(inArray(fileThumbnails.fileId, unused));
  const gone = await tx
    .delete(files)
    .where(inArray(files.id, unused))
    .returning({ id: files.id, sha256: files.sha256 });
  return { gone, thumbs };
}

/**
 * Removes for good the library assets deleted more than deletedAssetRetentionDays before `now`,
 * and the files they named that nothing else refers to any more. Files a space still shows stay.
 */
async function purgeDeletedAssets(db: Database, blobs: SceneBlobs, now: Date, report: PurgeReport) {
  const cutoff = new Date(now.getTime() - deletedAssetRetentionDays * dayMs).toISOString();
  for (;;) {
    const due = await db
      .select({ id: assets.id, fields: assets.fields })
      .from(assets)
      .where(and(isNotNull(assets.deletedAt), lt(assets.deletedAt, cutoff)))
      .limit(100);
    if (due.length === 0) return;
    await blobs.removing(async (tx) => {
      await tx.delete(assets).where(
        inArray(
          assets.id,
          due.map((d) => d.id),
        ),
      );
      report.assets += due.length;
      const named = due.flatMap((d) => assetFileFields.map((field) => d.fields[field]));
      const { gone, thumbs } = await deleteUnusedFiles(
        tx,
        named.filter((id): id is string => typeof id === 'string'),
      );
      report.files += gone.length;
      report.blobs += await blobs.deleteUnreferenced(
        tx,
        [...gone, ...thumbs].map((r) => r.sha256),
      );
    });
  }
}

/** Content blobs no draft or snapshot points at, written before the grace period. */
async function purgeContentGarbage(db: Database, blobs: SceneBlobs, now: Date): Promise<number> {
  const before = new Date(now.getTime() - garbageGraceMs).toISOString();
  let removed = 0;
  for (;;) {
    const batch = await db
      .select({ sha256: sceneContentBlobs.sha256 })
      .from(sceneContentBlobs)
      .where(
        and(
          lt(sceneContentBlobs.writtenAt, before),
          sql`not exists (select 1 from ${scenes} where ${scenes.contentSha256} = ${sceneContentBlobs.sha256})`,
          sql`not exists (select 1 from ${publishedScenes} where ${publishedScenes.contentSha256} = ${sceneContentBlobs.sha256})`,
        ),
      )
      .limit(200);
    if (batch.length === 0) return removed;
    removed += await blobs.removing((tx) =>
      blobs.deleteUnreferenced(
        tx,
        batch.map((b) => b.sha256),
      ),
    );
  }
}
