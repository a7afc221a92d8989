import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { sceneModeration } from '../../db/schema';
import { isGuest } from '../../hubs';
import { roleIn } from '../userService/districtService';

/** What a space's moderators may do to a visitor of the space (issue 'live presence', moderation). */
export type ModerationKind = 'mute' | 'ban';

/**
 * Whether `userId` moderates the space: its owner, and for a space of a district the district's
 * Owners and Creators (who run it together).
 */
export async function mayModerate(
  db: Executor,
  scene: { ownerId: string; districtId: string | null },
  userId: string,
): Promise<boolean> {
  if (isGuest(userId)) return false;
  if (scene.ownerId === userId) return true;
  return scene.districtId !== null && (await roleIn(db, scene.districtId, userId)) !== null;
}

const rowOf = (sceneId: string, userId: string, kind: ModerationKind) =>
  and(
    eq(sceneModeration.sceneId, sceneId),
    eq(sceneModeration.userId, userId),
    eq(sceneModeration.kind, kind),
  );

/** Whether `userId` is muted or banned in the space. */
export async function isModerated(db: Executor, sceneId: string, userId: string, kind: ModerationKind) {
  const [row] = await db
    .select({ userId: sceneModeration.userId })
    .from(sceneModeration)
    .where(rowOf(sceneId, userId, kind))
    .limit(1);
  return row !== undefined;
}

/** Mutes or bans (`on`), or lifts it; doing it twice is doing it once. */
export async function setModeration(
  db: Executor,
  values: { sceneId: string; userId: string; kind: ModerationKind; by: string },
  on: boolean,
) {
  const { sceneId, userId, kind, by } = values;
  if (on) {
    await db.insert(sceneModeration).values({ sceneId, userId, kind, createdBy: by }).onConflictDoNothing();
    return;
  }
  await db.delete(sceneModeration).where(rowOf(sceneId, userId, kind));
}
