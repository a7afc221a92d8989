import { type SocialRateLimits, socialRateLimits, takeRateLimit } from './limits';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PublishedScenePage } from '../../../contracts/publishing';
import { reactionMessages, type SpaceReactions } from '../../../contracts/spaceReactions';
import type { Database } from '../../db';
import {
  sceneDailyStats,
  sceneFavourites,
  sceneHistory,
  sceneLikes,
  scenes,
  sceneVisits,
} from '../../db/schema';
import { notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { type PageRequest, pageWithMore, pageWithNext } from '../../support/paging';
import { toIsoTime, utcDay } from '../../support/time';
import { readAccess } from '../sceneService/access';
import { toMetadata } from '../sceneService/metadata';
import { selectPublished, visibleTo } from '../sceneService/published';

/** PostgreSQL's foreign key violation: the caller has no user record (or the space just went). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23503') return true;
  return false;
}

/**
 * Likes, favourites and history of published spaces (platform.md §2.3, §2.4, §2.7, §7.5).
 *
 * A like is one row per user and space: liking inserts it (`on conflict do nothing`), and only the
 * transaction whose insert made a row moves the counts, by SQL increments in the same transaction
 * (`scene_daily_stats.likes` first, then `scenes.likes`: the order the view counter takes its
 * locks in, so the two never wait on each other in a circle). So any number of concurrent likes,
 * repeated ones included, count each user once, and the count Explore sorts by and cards show is
 * the number of rows.
 */
export class SpaceReactionsService {
  constructor(
    private readonly db: Database,
    /** The per-user rate limits (limits.ts; tests pass their own). */
    private readonly limits: SocialRateLimits = socialRateLimits,
  ) {}

  /** The published space the caller may see, as the scene service decides; 404 for drafts. */
  private async readable(sceneId: string, caller: Caller | null) {
    const [row] = await this.db.select().from(scenes).where(eq(scenes.id, sceneId));
    await readAccess(this.db, row, caller);
    if (row.state !== 'Published') throw notFound(reactionMessages.notPublished);
    return row;
  }

  /** Runs a write that refers to the caller's user record; without one, says so. */
  private async asUser<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(reactionMessages.noProfile);
      throw error;
    }
  }

  async reactions(sceneId: string, caller: Caller | null): Promise<SpaceReactions> {
    const row = await this.readable(sceneId, caller);
    return this.answer(this.db, sceneId, caller, Number(row.likes));
  }

  private async answer(
    db: Pick<Database, 'select'>,
    sceneId: string,
    caller: Caller | null,
    likes?: number,
  ): Promise<SpaceReactions> {
    if (likes === undefined) {
      const [row] = await db.select({ likes: scenes.likes }).from(scenes).where(eq(scenes.id, sceneId));
      likes = Number(row?.likes ?? 0);
    }
    if (!caller) return { sceneId, likes, liked: false, favourite: false };
    const [mine] = await db
      .select({
        liked: sql<boolean>`exists (select 1 from ${sceneLikes} where ${sceneLikes.userId} = ${caller.userId} and ${sceneLikes.sceneId} = ${sceneId})`,
        favourite: sql<boolean>`exists (select 1 from ${sceneFavourites} where ${sceneFavourites.userId} = ${caller.userId} and ${sceneFavourites.sceneId} = ${sceneId})`,
      })
      .from(sql`(select 1) as one`);
    return { sceneId, likes, liked: Boolean(mine.liked), favourite: Boolean(mine.favourite) };
  }

  /** Likes a space (again: nothing changes). */
  async like(sceneId: string, caller: Caller): Promise<SpaceReactions> {
    await this.readable(sceneId, caller);
    return this.asUser(() =>
      this.db.transaction(async (tx) => {
        await takeRateLimit(tx, caller.userId, 'like', this.limits);
        const added = await tx
          .insert(sceneLikes)
          .values({ userId: caller.userId, sceneId })
          .onConflictDoNothing()
          .returning({ createdAt: sceneLikes.createdAt });
        if (added.length > 0) {
          await tx
            .insert(sceneDailyStats)
            .values({ sceneId, day: utcDay(new Date(toIsoTime(added[0].createdAt))), likes: 1 })
            .onConflictDoUpdate({
              target: [sceneDailyStats.sceneId, sceneDailyStats.day],
              set: { likes: sql`${sceneDailyStats.likes} + 1` },
            });
          await tx
            .update(scenes)
            .set({ likes: sql`${scenes.likes} + 1` })
            .where(eq(scenes.id, sceneId));
        }
        return this.answer(tx, sceneId, caller);
      }),
    );
  }

  /** Takes a like back (none: nothing changes); the day it was given loses it in TRENDING. */
  async unlike(sceneId: string, caller: Caller): Promise<SpaceReactions> {
    await this.readable(sceneId, caller);
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(sceneLikes)
        .where(and(eq(sceneLikes.userId, caller.userId), eq(sceneLikes.sceneId, sceneId)))
        .returning({ createdAt: sceneLikes.createdAt });
      if (removed.length > 0) {
        await tx
          .update(sceneDailyStats)
          .set({ likes: sql`greatest(${sceneDailyStats.likes} - 1, 0)` })
          .where(
            and(
              eq(sceneDailyStats.sceneId, sceneId),
              eq(sceneDailyStats.day, utcDay(new Date(toIsoTime(removed[0].createdAt)))),
            ),
          );
        await tx
          .update(scenes)
          .set({ likes: sql`greatest(${scenes.likes} - 1, 0)` })
          .where(eq(scenes.id, sceneId));
      }
      return this.answer(tx, sceneId, caller);
    });
  }

  async addFavourite(sceneId: string, caller: Caller): Promise<SpaceReactions> {
    const row = await this.readable(sceneId, caller);
    await this.asUser(() =>
      this.db.insert(sceneFavourites).values({ userId: caller.userId, sceneId }).onConflictDoNothing(),
    );
    return this.answer(this.db, sceneId, caller, Number(row.likes));
  }

  /** Removes a favourite; works for a space the caller may no longer see, too. */
  async removeFavourite(sceneId: string, caller: Caller): Promise<SpaceReactions> {
    await this.db
      .delete(sceneFavourites)
      .where(and(eq(sceneFavourites.userId, caller.userId), eq(sceneFavourites.sceneId, sceneId)));
    return this.answer(this.db, sceneId, caller);
  }

  /** The caller's favourites they may still see, the latest added first. */
  async favourites(caller: Caller, page: PageRequest): Promise<PublishedScenePage> {
    const { limit, offset } = pageWithNext(page);
    const rows = await selectPublished(this.db)
      .innerJoin(
        sceneFavourites,
        and(eq(sceneFavourites.sceneId, scenes.id), eq(sceneFavourites.userId, caller.userId)),
      )
      .where(visibleTo(caller))
      .orderBy(desc(sceneFavourites.createdAt), desc(scenes.id))
      .limit(limit)
      .offset(offset);
    return pageWithMore(rows, page, (r) =>
      toMetadata(r.scene, r, r.snapshot, { hideAcl: r.scene.ownerId !== caller.userId }),
    );
  }

  /** Remembers that the caller opened a published space: first in their history from now on. */
  async recordVisit(sceneId: string, caller: Caller): Promise<void> {
    await this.readable(sceneId, caller);
    await this.asUser(() =>
      this.db
        .insert(sceneHistory)
        .values({ userId: caller.userId, sceneId })
        .onConflictDoUpdate({
          target: [sceneHistory.userId, sceneHistory.sceneId],
          set: { viewedAt: sql`now()` },
        }),
    );
  }

  /** The spaces the caller opened (those they may still see), the latest visit first. */
  async history(caller: Caller, page: PageRequest): Promise<PublishedScenePage> {
    const { limit, offset } = pageWithNext(page);
    const rows = await selectPublished(this.db)
      .innerJoin(
        sceneHistory,
        and(eq(sceneHistory.sceneId, scenes.id), eq(sceneHistory.userId, caller.userId)),
      )
      .where(visibleTo(caller))
      .orderBy(desc(sceneHistory.viewedAt), desc(scenes.id))
      .limit(limit)
      .offset(offset);
    return pageWithMore(rows, page, (r) =>
      toMetadata(r.scene, r, r.snapshot, { hideAcl: r.scene.ownerId !== caller.userId }),
    );
  }

  /**
   * Forgets the caller's visits: all of them, or one space's. What RELATED starts from
   * (scene_visits) forgets them too, so nothing the user cleared still steers their suggestions.
   */
  async clearHistory(caller: Caller, sceneId?: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(sceneHistory)
        .where(
          and(
            eq(sceneHistory.userId, caller.userId),
            sceneId ? eq(sceneHistory.sceneId, sceneId) : undefined,
          ),
        )
        .returning({ sceneId: sceneHistory.sceneId });
      await tx
        .delete(sceneVisits)
        .where(
          and(eq(sceneVisits.visitor, caller.userId), sceneId ? eq(sceneVisits.sceneId, sceneId) : undefined),
        );
      return removed.length;
    });
  }
}
