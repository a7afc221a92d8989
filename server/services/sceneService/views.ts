import { eq, sql } from 'drizzle-orm';
import { publishMessages, type ViewAnswer } from '../../../contracts/publishing';
import type { Database, Executor } from '../../db';
import { sceneDailyStats, scenes, sceneViewDays, sceneVisits } from '../../db/schema';
import { notFound } from '../../errors';
import { utcDay } from '../../support/time';
import { readAccess } from './access';
import { type Visitor, visitorKey } from './published';
import type { SceneService } from './service';

/** Views and likes of published spaces, per space and per UTC day (for TRENDING). */
export class SceneViews {
  private readonly db: Database;

  constructor(private readonly scenesService: SceneService) {
    this.db = scenesService.database;
  }

  /**
   * Counts a view of a published space, once per visitor per UTC day, with the same access check
   * as reading it. The visit is remembered (history, RELATED) every time.
   */
  async view(id: string, who: Visitor): Promise<ViewAnswer> {
    const row = await this.scenesService.find(id);
    readAccess(row, who.caller);
    if (row!.state !== 'Published') throw notFound(publishMessages.notPublished);
    const visitor = visitorKey(who);
    if (!visitor) throw new Error('a visitor id is needed to count a view');
    const day = utcDay();
    return this.db.transaction(async (tx) => {
      const counted = await tx
        .insert(sceneViewDays)
        .values({ sceneId: id, visitor, day })
        .onConflictDoNothing()
        .returning({ day: sceneViewDays.day });
      let views: number;
      if (counted.length > 0) {
        await tx
          .insert(sceneDailyStats)
          .values({ sceneId: id, day, views: 1 })
          .onConflictDoUpdate({
            target: [sceneDailyStats.sceneId, sceneDailyStats.day],
            set: { views: sql`${sceneDailyStats.views} + 1` },
          });
        const [updated] = await tx
          .update(scenes)
          .set({ views: sql`${scenes.views} + 1` })
          .where(eq(scenes.id, id))
          .returning({ views: scenes.views });
        views = Number(updated.views);
      } else {
        const [current] = await tx.select({ views: scenes.views }).from(scenes).where(eq(scenes.id, id));
        views = Number(current.views);
      }
      await tx
        .insert(sceneVisits)
        .values({ visitor, sceneId: id })
        .onConflictDoUpdate({
          target: [sceneVisits.visitor, sceneVisits.sceneId],
          set: { viewedAt: sql`now()` },
        });
      return { views, counted: counted.length > 0 };
    });
  }

  /**
   * Adds `delta` (+1 or -1) to a space's likes: the total and today's figure for TRENDING. For the
   * social service, which decides who may like what.
   */
  async addLikes(sceneId: string, delta: number, executor: Executor = this.db): Promise<void> {
    const day = utcDay();
    await executor
      .update(scenes)
      .set({ likes: sql`greatest(${scenes.likes} + ${delta}, 0)` })
      .where(eq(scenes.id, sceneId));
    await executor
      .insert(sceneDailyStats)
      .values({ sceneId, day, likes: Math.max(delta, 0) })
      .onConflictDoUpdate({
        target: [sceneDailyStats.sceneId, sceneDailyStats.day],
        set: { likes: sql`greatest(${sceneDailyStats.likes} + ${delta}, 0)` },
      });
  }
}
