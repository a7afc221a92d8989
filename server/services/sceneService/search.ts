import { and, desc, eq, gte, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  publishedManyMax,
  type PublishedSceneList,
  type PublishedScenePage,
  type PublishedSearchQuery,
  signedInFilters,
  trendingDays,
} from '../../../contracts/publishing';
import type { Database } from '../../db';
import {
  publishedScenes,
  sceneDailyStats,
  sceneFavourites,
  sceneHistory,
  scenes,
  sceneVisits,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { validationFailed } from '../../http/forms';
import { MicroCache } from '../../support/microCache';
import { pageWithMore, pageWithNext } from '../../support/paging';
import { utcDay } from '../../support/time';
import { toMetadata } from './metadata';
import { inDistrict, promotedIn } from './sceneDistricts';
import { selectPublished, type Visitor, visibleTo, visitorKey } from './published';
import type { SceneService } from './service';

export type SearchQuery = z.output<typeof PublishedSearchQuery>;

/** RELATED starts from this many of the visitor's latest visits. */
const relatedFromVisits = 50;
const searchCacheMs = 1000;
const searchCacheEntries = 2000;

/**
 * How TRENDING weighs the last 7 days: a like says more than a visit. Visits are the per-day view
 * counts (scene_daily_stats.views, once per visitor per day); likes are those given on each day
 * and not taken back (scene_daily_stats.likes, kept by the social service with its likes).
 */
export const trendingWeights = { views: 1, likes: 3 } as const;

/**
 * The search box's words as a tsquery for the 'simple' configuration: every word must occur
 * (title, tags or description), the last one as a prefix so results follow the typing. Only
 * letters and digits are kept, so the text is safe inside the quotes.
 */
function prefixQuery(q: string | undefined): string | null {
  const words = (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const used = words.slice(0, 8);
  if (used.length === 0) return null;
  return used.map((w, i) => `'${w}'${i === used.length - 1 ? ':*' : ''}`).join(' & ');
}

/** `tags` of the query: comma-separated, trimmed, each once. */
function tagsOf(tags: string | undefined): string[] {
  return [
    ...new Set(
      (tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

const textArray = (list: string[]) =>
  sql`array[${sql.join(
    list.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Finding published spaces (platform.md §2.4, §7.3): Explore's search with its filters and sorts,
 * and the published lists by id. Only what the caller may see is ever answered.
 */
export class PublishedSearch {
  private readonly db: Database;
  /** Serialised search answers (see searchText). */
  readonly cache = new MicroCache<string>(searchCacheMs, searchCacheEntries);

  constructor(private readonly scenesService: SceneService) {
    this.db = scenesService.database;
  }

  /**
   * Explore's search (GET publishedscene/metadata): see PublishedSearchQuery. Fetches ipp + 1 rows
   * to answer hasMore without counting.
   */
  async search(query: SearchQuery, who: Visitor): Promise<PublishedScenePage> {
    const { cp, ipp, sort } = query;
    let filter = query.filter;
    const caller = who.caller;
    if (signedInFilters.includes(filter) && !caller)
      throw new AppError('UNAUTHORIZED', 'Sign in to see your history and favourites');

    const where: SQL[] = [visibleTo(caller)];
    if (query.ownerId) where.push(eq(scenes.ownerId, query.ownerId));
    if (query.districtId)
      where.push(query.promoted ? promotedIn(query.districtId) : inDistrict(query.districtId));
    // Unlisted spaces are readable by link only: listed to nobody but their owner asking for theirs.
    if (!(caller && query.ownerId === caller.userId)) where.push(eq(scenes.publishedPublic, true));
    const words = prefixQuery(query.q);
    if (words) where.push(sql`${publishedScenes.search} @@ to_tsquery('simple', ${words})`);
    const tags = tagsOf(query.tags);
    if (tags.length > 0) where.push(sql`${publishedScenes.tags} @> ${JSON.stringify(tags)}::jsonb`);

    const sorted = {
      publishedAt: [desc(publishedScenes.publishedAt), desc(publishedScenes.sceneId)],
      views: [desc(scenes.views), desc(scenes.id)],
      likes: [desc(scenes.likes), desc(scenes.id)],
    }[sort];

    let related: { viewed: string[]; tags: string[] } | undefined;
    if (filter === 'related') {
      related = await this.relatedSeed(who);
      // Nothing viewed yet: what is popular now is the best guess.
      if (related.tags.length === 0) filter = 'trending';
    }

    let select = selectPublished(this.db);
    let order: SQL[] = sorted;
    if (filter === 'trending') {
      const since = utcDay(new Date(Date.now() - (trendingDays - 1) * 24 * 3600 * 1000));
      const trend = this.db
        .select({
          sceneId: sceneDailyStats.sceneId,
          score:
            sql<number>`sum(${sceneDailyStats.views} * ${sql.raw(String(trendingWeights.views))} + ${sceneDailyStats.likes} * ${sql.raw(String(trendingWeights.likes))})`.as(
              'score',
            ),
        })
        .from(sceneDailyStats)
        .where(gte(sceneDailyStats.day, since))
        .groupBy(sceneDailyStats.sceneId)
        .as('trend');
      select = select.leftJoin(trend, eq(trend.sceneId, scenes.id));
      order = [sql`coalesce(${trend.score}, 0) desc`, ...sorted];
    } else if (filter === 'history') {
      // The user's History (social service), which they can clear.
      select = select.innerJoin(
        sceneHistory,
        and(eq(sceneHistory.sceneId, scenes.id), eq(sceneHistory.userId, caller!.userId)),
      );
      order = [desc(sceneHistory.viewedAt), desc(scenes.id)];
    } else if (filter === 'favourites') {
      select = select.innerJoin(
        sceneFavourites,
        and(eq(sceneFavourites.sceneId, scenes.id), eq(sceneFavourites.userId, caller!.userId)),
      );
    } else if (filter === 'related' && related) {
      where.push(sql`${publishedScenes.tags} ?| ${textArray(related.tags)}`);
      if (related.viewed.length > 0) where.push(notInArray(scenes.id, related.viewed));
      // Most tags in common first.
      order = [
        sql`(select count(*) from jsonb_array_elements_text(${publishedScenes.tags}) as t(tag) where t.tag = any(${textArray(related.tags)})) desc`,
        ...sorted,
      ];
    }

    const { limit, offset } = pageWithNext({ cp, ipp });
    const rows = await select
      .where(and(...where))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const me = caller?.userId;
    return pageWithMore(rows, { cp, ipp }, (r) =>
      toMetadata(r.scene, r, r.snapshot, { hideAcl: r.scene.ownerId !== me }),
    );
  }

  /** The visitor's latest visits and the tags of those spaces (as published now). */
  private async relatedSeed(who: Visitor): Promise<{ viewed: string[]; tags: string[] }> {
    const key = visitorKey(who);
    if (!key) return { viewed: [], tags: [] };
    const visits = await this.db
      .select({ sceneId: sceneVisits.sceneId, tags: publishedScenes.tags })
      .from(sceneVisits)
      .leftJoin(publishedScenes, eq(publishedScenes.sceneId, sceneVisits.sceneId))
      .where(eq(sceneVisits.visitor, key))
      .orderBy(desc(sceneVisits.viewedAt))
      .limit(relatedFromVisits);
    const tags = [...new Set(visits.flatMap((v) => v.tags ?? []))].slice(0, 100);
    return { viewed: visits.map((v) => v.sceneId), tags };
  }

  /**
   * The search answer as JSON text, from the micro-cache when allowed. Answers are shared only
   * between anonymous callers (whose answers never contain private spaces); a signed-in caller's
   * may include private spaces they are invited to, so theirs are cached for them alone, as are
   * an anonymous visitor's RELATED spaces (they follow their own history).
   */
  async searchText(query: SearchQuery, who: Visitor): Promise<{ text: string; cached: boolean }> {
    if (signedInFilters.includes(query.filter) && !who.caller)
      throw new AppError('UNAUTHORIZED', 'Sign in to see your history and favourites');
    const owner = who.caller
      ? `u:${who.caller.userId}`
      : query.filter === 'related' && who.visitorId
        ? `v:${who.visitorId}`
        : 'anon';
    const key = `${owner}|${query.filter}|${query.sort}|${query.cp}|${query.ipp}|${query.ownerId ?? ''}|${query.districtId ?? ''}|${query.promoted ? 'p' : ''}|${prefixQuery(query.q) ?? ''}|${tagsOf(query.tags).join(',')}`;
    const [text, cached] = await this.cache.get(key, this.scenesService.generation, async () =>
      JSON.stringify(await this.search(query, who)),
    );
    return { text, cached };
  }

  /**
   * Published spaces by id, in the asked order, leaving out those the caller may not see or that
   * do not exist. Unlisted spaces are included: they are readable by link.
   */
  async many(ids: string[], caller: Caller | null): Promise<PublishedSceneList> {
    const unique = [...new Set(ids)];
    if (unique.length > publishedManyMax) {
      throw validationFailed([{ path: '/ids', message: `At most ${publishedManyMax} ids` }]);
    }
    if (unique.length === 0) return { items: [] };
    const rows = await selectPublished(this.db).where(and(inArray(scenes.id, unique), visibleTo(caller)));
    const byId = new Map(rows.map((r) => [r.scene.id, r]));
    return {
      items: unique.flatMap((id) => {
        const r = byId.get(id);
        return r ? [toMetadata(r.scene, r, r.snapshot, { hideAcl: r.scene.ownerId !== caller?.userId })] : [];
      }),
    };
  }
}
