import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { follows as followRows, scenes } from '../../db/schema';
import { visibleTo } from '../sceneService/published';

/** The figures a profile and Explore › Creators show of a user. */
export interface UserCounts {
  numPublishedSpaces: number;
  numOfFollowers: number;
  numOfFollowing: number;
}

const none: UserCounts = { numPublishedSpaces: 0, numOfFollowers: 0, numOfFollowing: 0 };

/**
 * What a profile counts as a published space: one that anyone can find there, that is published,
 * visible, not deleted, listed (not by link only) and not private. The same figure for every
 * viewer, the owner included, so it never tells of spaces a visitor cannot see.
 */
const findableByAnyone = () => and(visibleTo(null), eq(scenes.publishedPublic, true));

/** Published spaces per owner, counted from the spaces themselves (so publish, unpublish, hide and delete show at once). */
async function publishedSpaces(db: Database, userIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ ownerId: scenes.ownerId, n: count() })
    .from(scenes)
    .where(and(inArray(scenes.ownerId, userIds), findableByAnyone()))
    .groupBy(scenes.ownerId);
  return new Map(rows.map((r) => [r.ownerId, Number(r.n)]));
}

/** Followers and followed users per user, counted from the follows themselves (so every follow and unfollow shows at once). */
async function follows(
  db: Database,
  userIds: string[],
): Promise<Map<string, { followers: number; following: number }>> {
  const [followers, following] = await Promise.all([
    db
      .select({ userId: followRows.followedUserId, n: count() })
      .from(followRows)
      .where(inArray(followRows.followedUserId, userIds))
      .groupBy(followRows.followedUserId),
    db
      .select({ userId: followRows.followerId, n: count() })
      .from(followRows)
      .where(and(inArray(followRows.followerId, userIds), eq(followRows.targetKind, 'user')))
      .groupBy(followRows.followerId),
  ]);
  const counts = new Map<string, { followers: number; following: number }>();
  const of = (id: string) => counts.get(id) ?? counts.set(id, { followers: 0, following: 0 }).get(id)!;
  for (const row of followers) if (row.userId) of(row.userId).followers = Number(row.n);
  for (const row of following) of(row.userId).following = Number(row.n);
  return counts;
}

/** The counts of each of `userIds` (at most a page of them), from the data. */
export async function countsOf(db: Database, userIds: string[]): Promise<Map<string, UserCounts>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [published, followed] = await Promise.all([publishedSpaces(db, ids), follows(db, ids)]);
  return new Map(
    ids.map((id) => [
      id,
      {
        ...none,
        numPublishedSpaces: published.get(id) ?? 0,
        numOfFollowers: followed.get(id)?.followers ?? 0,
        numOfFollowing: followed.get(id)?.following ?? 0,
      },
    ]),
  );
}
