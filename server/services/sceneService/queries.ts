import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db';
import { publishedScenes, scenes, users } from '../../db/schema';
import type { Creator, PublishedRow, SceneRow } from './metadata';
import { visibleCommentCount } from '../socialService/counts';

/** Reads of one space that the scene service's parts share. */

export async function findScene(executor: Executor, id: string): Promise<SceneRow | undefined> {
  const [row] = await executor.select().from(scenes).where(eq(scenes.id, id)).limit(1);
  return row;
}

/** The space with its creator's name and picture. */
export async function findSceneWithCreator(db: Database, id: string) {
  const [found] = await db
    .select({
      scene: scenes,
      name: users.name,
      profilePictureId: users.profilePictureId,
      commentCount: visibleCommentCount(scenes.id),
    })
    .from(scenes)
    .leftJoin(users, eq(users.id, scenes.creatorId))
    .where(eq(scenes.id, id))
    .limit(1);
  return found;
}

export async function creatorOf(db: Database, userId: string): Promise<Creator | null> {
  const [row] = await db
    .select({ name: users.name, profilePictureId: users.profilePictureId, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The space's published snapshot, if it has one. */
export async function snapshotOf(db: Database, sceneId: string): Promise<PublishedRow | undefined> {
  const [row] = await db.select().from(publishedScenes).where(eq(publishedScenes.sceneId, sceneId)).limit(1);
  return row;
}
