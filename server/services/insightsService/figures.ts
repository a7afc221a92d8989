import { and, count, countDistinct, type SQL, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db';
import { insightOpens, insightVisits } from '../../db/schema';

/**
 * The daily figures of raw visits, grouped by space and UTC day: what the roll-up stores in
 * `insight_days` and what a read computes for the days not rolled up yet (today). One query, so
 * both always agree.
 */
export async function dailyFigures(db: Executor, where: SQL) {
  const v = insightVisits;
  const bySource = (source: string) =>
    sql<number>`count(*) filter (where ${v.source} = ${source})`.mapWith(Number);
  return db
    .select({
      sceneId: v.sceneId,
      day: v.day,
      visits: count(),
      uniqueVisitors: countDistinct(v.visitorHash),
      timedVisits: count(v.seconds),
      totalSeconds: sql<number>`coalesce(${sum(v.seconds)}, 0)`.mapWith(Number),
      medianSeconds: medianOf(v.seconds),
      direct: bySource('direct'),
      embed: bySource('embed'),
      explore: bySource('explore'),
      share: bySource('share'),
    })
    .from(v)
    .where(where)
    .groupBy(v.sceneId, v.day);
}

export type DailyFigures = Awaited<ReturnType<typeof dailyFigures>>[number];

/** Visits that opened each work or info point, per space and UTC day. */
export async function dailyOpens(db: Executor, where: SQL | undefined) {
  const o = insightOpens;
  return db
    .select({ sceneId: o.sceneId, day: o.day, kind: o.kind, objectId: o.objectId, opens: count() })
    .from(o)
    .where(where)
    .groupBy(o.sceneId, o.day, o.kind, o.objectId);
}

/** The median of a column (nulls left out), null when there is none. */
export const medianOf = (column: typeof insightVisits.seconds) =>
  sql<number | null>`percentile_cont(0.5) within group (order by ${column})`.mapWith((value) =>
    value === null ? null : Number(value),
  );

/** Raw visits of one space between two UTC days (both included). */
export const visitsOf = (sceneId: string, from: string, to: string, extra?: SQL) =>
  and(
    sql`${insightVisits.sceneId} = ${sceneId}`,
    sql`${insightVisits.day} between ${from} and ${to}`,
    extra,
  )!;

/**
 * The median of per-day medians, each weighted by the visits that reported their time: the
 * range's median when the raw visits are gone (older than the raw retention).
 */
export function weightedMedian(days: { medianSeconds: number | null; timedVisits: number }[]): number | null {
  const known = days
    .filter((d) => d.medianSeconds !== null && d.timedVisits > 0)
    .sort((a, b) => a.medianSeconds! - b.medianSeconds!);
  const total = known.reduce((n, d) => n + d.timedVisits, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const d of known) {
    seen += d.timedVisits;
    if (seen * 2 >= total) return d.medianSeconds;
  }
  return known[known.length - 1].medianSeconds;
}
