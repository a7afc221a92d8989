import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { scenes } from '../../db/schema';
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

/**
 * Followers and followed users per user. Nobody can follow anyone yet, so there is nothing to
 * count: when follows are recorded, this counts their rows the way `publishedSpaces` does.
 */
async function follows(
  _db: Database,
  _userIds: string[],
): Promise<Map<string, { followers: number; following: number }>> {
  return new Map();
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
