import { eq, sql } from 'drizzle-orm';
import { publishMessages, type ViewAnswer } from '../../../contracts/publishing';
import type { Database } from '../../db';
import { sceneDailyStats, scenes, sceneViewDays, sceneVisits } from '../../db/schema';
import { notFound } from '../../errors';
import { utcDay } from '../../support/time';
import { readAccess } from './access';
import { type Visitor, visitorKey } from './published';
import type { SceneService } from './service';

/** Views of published spaces, per space and per UTC day (for TRENDING), and each visitor's visits. */
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
    await readAccess(this.db, row, who.caller);
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
}
