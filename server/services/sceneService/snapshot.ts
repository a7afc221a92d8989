import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { publishedScenes, sceneFileRefs, scenes } from '../../db/schema';
import { noSuchSpace } from './access';
import type { PublishedRow } from './metadata';

/** Forgets the files the published snapshot refers to. */
async function dropSnapshotRefs(tx: Executor, sceneId: string) {
  await tx
    .delete(sceneFileRefs)
    .where(
      and(
        eq(sceneFileRefs.sceneId, sceneId),
        inArray(sceneFileRefs.source, ['published', 'publishedContent']),
      ),
    );
}

/**
 * Publishes the draft as it is now: its metadata and content pointer are copied into the
 * published snapshot, which visitors read until the next publish, and its file references are
 * copied as the snapshot's. Runs in the transaction `tx`.
 */
export async function writeSnapshot(
  tx: Executor,
  sceneId: string,
  publishedPublic = true,
): Promise<PublishedRow> {
  const [row] = await tx.select().from(scenes).where(eq(scenes.id, sceneId)).for('update').limit(1);
  if (!row || row.deletedAt) throw noSuchSpace();
  const snapshot = {
    title: row.title,
    description: row.description,
    tags: row.tags,
    adultContent: row.adultContent,
    comments: row.comments,
    audioUri: row.audioUri,
    coverPhotoId: row.coverPhotoId,
    photoGalleryIds: row.photoGalleryIds,
    contentSha256: row.contentSha256,
    contentSize: row.contentSize,
    contentVersion: row.contentVersion,
    contentUpdatedAt: row.contentUpdatedAt,
    publishedAt: sql`now()`,
  };
  const [published] = await tx
    .insert(publishedScenes)
    .values({ sceneId, ...snapshot })
    .onConflictDoUpdate({ target: publishedScenes.sceneId, set: snapshot })
    .returning();
  await tx
    .update(scenes)
    .set({
      state: 'Published',
      publishedAt: sql`coalesce(${scenes.publishedAt}, now())`,
      publishedPublic,
    })
    .where(eq(scenes.id, sceneId));
  await dropSnapshotRefs(tx, sceneId);
  await tx.execute(sql`
    insert into ${sceneFileRefs} (scene_id, source, file_id)
    select scene_id, case source when 'draft' then 'published' else 'publishedContent' end, file_id
    from ${sceneFileRefs} where scene_id = ${sceneId} and source in ('draft', 'draftContent')`);
  return published;
}

/** Takes the published snapshot away: the space is a Draft again, gone from published reads. */
export async function removeSnapshot(tx: Executor, sceneId: string): Promise<void> {
  await tx.update(scenes).set({ state: 'Draft' }).where(eq(scenes.id, sceneId));
  await tx.delete(publishedScenes).where(eq(publishedScenes.sceneId, sceneId));
  await dropSnapshotRefs(tx, sceneId);
}
