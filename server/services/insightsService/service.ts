import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import {
  insightsLimits,
  type InsightsObject,
  type InsightsQuery,
  type OpenedKind,
  type SpaceInsights,
  type VisitSource,
  type VisitStarted,
} from '../../../contracts/insights';
import { parseSceneContent } from '../../../contracts/sceneContent';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import {
  insightDayOpens,
  insightDays,
  insightOpens,
  insightSalts,
  insightVisits,
  publishedScenes,
  scenes,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import type { BlobStore } from '../../storage/blobStore';
import { dayMs, utcDay } from '../../support/time';
import { ownerAccess } from '../sceneService/access';
import { findScene } from '../sceneService/queries';
import { dailyFigures, dailyOpens, type DailyFigures, medianOf, visitsOf, weightedMedian } from './figures';

/** Who is visiting, as far as counting unique visitors needs: never stored. */
export interface VisitorTraits {
  address: string;
  userAgent: string;
}

export interface RollUpReport {
  /** Space-days whose figures were (re)computed. */
  days: number;
  /** Raw visits deleted for being older than the raw retention. */
  deletedVisits: number;
  /** Salts of past days deleted. */
  deletedSalts: number;
}

const noVisit = () => notFound('No such visit (it may have ended a while ago)');
/** Events of a visit are taken this long after it started; later ones are ignored (404). */
const visitLifetimeMs = dayMs;
/** A report may run this far ahead of the time since the visit started (clock drift, slow start). */
const reportSlackSeconds = 60;
const dayBefore = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * dayMs));

/** Visits, time spent and opened works of published spaces, counted without tracking anybody. */
export class InsightsService {
  /** Today's salt, kept in memory so most visits do not read it (the database has it for the other nodes). */
  private salt: { day: string; value: string } | null = null;

  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A visit of a published space begins: answers its id (null: the signed-in owner's own visit,
   * which is not counted). Unknown, unpublished or hidden spaces: 404.
   */
  async start(
    sceneId: string,
    source: VisitSource,
    visitor: VisitorTraits,
    caller: Caller | null = null,
  ): Promise<VisitStarted | null> {
    const [row] = await this.db
      .select({ ownerId: scenes.ownerId })
      .from(scenes)
      .where(
        and(
          eq(scenes.id, sceneId),
          eq(scenes.state, 'Published'),
          eq(scenes.visible, true),
          isNull(scenes.deletedAt),
        ),
      );
    if (!row) throw notFound('No such published space');
    // The owner looking at their own space is not a visitor.
    if (caller?.userId === row.ownerId) return null;
    const now = this.now();
    const day = utcDay(now);
    const salt = await this.saltOf(day);
    const visitorHash = createHash('sha256')
      .update(`${salt}\n${visitor.address}\n${visitor.userAgent}\n${sceneId}`)
      .digest('base64url');
    const id = uuidv7();
    await this.db
      .insert(insightVisits)
      .values({ id, sceneId, day, visitorHash, source, startedAt: now.toISOString() });
    return { visitId: id };
  }

  /**
   * The time a visit has spent so far (a heartbeat, or its end). Only ever grows, and never past
   * the time since it started (plus a little slack) nor insightsLimits.maxVisitSeconds.
   */
  async spent(visitId: string, seconds: number): Promise<void> {
    const now = this.now();
    const since = sql`floor(extract(epoch from (${now.toISOString()}::timestamptz - ${insightVisits.startedAt})))::int`;
    const reported = sql`least(${seconds}, ${since} + ${reportSlackSeconds}, ${insightsLimits.maxVisitSeconds})`;
    const updated = await this.db
      .update(insightVisits)
      .set({ seconds: sql`greatest(coalesce(${insightVisits.seconds}, 0), ${reported})` })
      .where(and(eq(insightVisits.id, visitId), this.live(now)))
      .returning({ id: insightVisits.id });
    if (updated.length === 0) throw noVisit();
  }

  /** A visit opened a work or an info point (counted once per visit). */
  async opened(visitId: string, kind: OpenedKind, objectId: string): Promise<void> {
    const [visit] = await this.db
      .select({ sceneId: insightVisits.sceneId, day: insightVisits.day })
      .from(insightVisits)
      .where(and(eq(insightVisits.id, visitId), this.live(this.now())));
    if (!visit) throw noVisit();
    await this.db
      .insert(insightOpens)
      .values({ visitId, sceneId: visit.sceneId, day: visit.day, kind, objectId })
      .onConflictDoNothing();
  }

  private live(now: Date) {
    return gte(insightVisits.startedAt, new Date(now.getTime() - visitLifetimeMs).toISOString());
  }

  /** The salt of a UTC day: made once (by whichever node asks first), earlier days' deleted. */
  private async saltOf(day: string): Promise<string> {
    if (this.salt?.day === day) return this.salt.value;
    await this.db
      .insert(insightSalts)
      .values({ day, salt: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(insightSalts).where(eq(insightSalts.day, day));
    await this.db.delete(insightSalts).where(lt(insightSalts.day, day));
    this.salt = { day, value: row.salt };
    return row.salt;
  }

  /**
   * The periodic job: rolls the raw visits of past days up into daily figures (the last two days
   * again, for visits that reported their time after midnight), deletes raw visits older than
   * insightsLimits.rawRetentionDays and the salts of past days.
   */
  async rollUp(now: Date = this.now()): Promise<RollUpReport> {
    const today = utcDay(now);
    const recent = dayBefore(today, 2);
    const due = and(
      lt(insightVisits.day, today),
      or(
        gte(insightVisits.day, recent),
        sql`not exists (select 1 from ${insightDays} where ${insightDays.sceneId} = ${insightVisits.sceneId} and ${insightDays.day} = ${insightVisits.day})`,
      ),
    )!;
    const figures = await dailyFigures(this.db, due);
    for (const f of figures) {
      await this.db.transaction(async (tx) => {
        const { sceneId, day, ...values } = f;
        await tx
          .insert(insightDays)
          .values(f)
          .onConflictDoUpdate({ target: [insightDays.sceneId, insightDays.day], set: values });
        await tx
          .delete(insightDayOpens)
          .where(and(eq(insightDayOpens.sceneId, sceneId), eq(insightDayOpens.day, day)));
        const opens = await dailyOpens(tx, and(eq(insightOpens.sceneId, sceneId), eq(insightOpens.day, day)));
        if (opens.length > 0) await tx.insert(insightDayOpens).values(opens);
      });
    }
    const cutoff = dayBefore(today, insightsLimits.rawRetentionDays);
    const deletedVisits = await this.db
      .delete(insightVisits)
      .where(lt(insightVisits.day, cutoff))
      .returning({ id: insightVisits.id });
    const deletedSalts = await this.db
      .delete(insightSalts)
      .where(lt(insightSalts.day, today))
      .returning({ day: insightSalts.day });
    if (this.salt && this.salt.day < today) this.salt = null;
    return { days: figures.length, deletedVisits: deletedVisits.length, deletedSalts: deletedSalts.length };
  }

  /** A space's insights over a range of UTC days: its owner only. */
  async insights(sceneId: string, caller: Caller, query: InsightsQuery): Promise<SpaceInsights> {
    ownerAccess(await findScene(this.db, sceneId), caller);
    const today = utcDay(this.now());
    const to = query.to ?? today;
    const from = query.from ?? dayBefore(to, insightsLimits.defaultRangeDays - 1);
    const span = (Date.parse(to) - Date.parse(from)) / dayMs + 1;
    if (span < 1) throw new AppError('VALIDATION_FAILED', '`from` must not be after `to`');
    if (span > insightsLimits.maxRangeDays) {
      throw new AppError('VALIDATION_FAILED', `Ask for at most ${insightsLimits.maxRangeDays} days at once`);
    }

    const stored = await this.db
      .select()
      .from(insightDays)
      .where(and(eq(insightDays.sceneId, sceneId), gte(insightDays.day, from), lte(insightDays.day, to)));
    const storedDays = stored.map((d) => d.day);
    const notStored = storedDays.length > 0 ? notInArray(insightVisits.day, storedDays) : undefined;
    const live = await dailyFigures(this.db, visitsOf(sceneId, from, to, notStored));
    const byDay = new Map<string, Omit<DailyFigures, 'sceneId' | 'day'>>();
    for (const { sceneId: _s, day, ...f } of [...stored, ...live]) byDay.set(day, f);

    const days: SpaceInsights['days'] = [];
    const totals = { visits: 0, uniqueVisitors: 0 };
    const sources = { direct: 0, embed: 0, explore: 0, share: 0 };
    for (let at = Date.parse(from); at <= Date.parse(to); at += dayMs) {
      const day = utcDay(new Date(at));
      const f = byDay.get(day);
      days.push({
        day,
        visits: f?.visits ?? 0,
        uniqueVisitors: f?.uniqueVisitors ?? 0,
        medianSeconds: f?.medianSeconds ?? null,
      });
      if (!f) continue;
      totals.visits += f.visits;
      totals.uniqueVisitors += f.uniqueVisitors;
      for (const key of Object.keys(sources) as VisitSource[]) sources[key] += f[key];
    }

    // The exact median while the raw visits of the whole range are kept; else from the days'.
    const rawFrom = dayBefore(today, insightsLimits.rawRetentionDays);
    let medianSeconds: number | null;
    if (from >= rawFrom) {
      const [row] = await this.db
        .select({ median: medianOf(insightVisits.seconds) })
        .from(insightVisits)
        .where(visitsOf(sceneId, from, to));
      medianSeconds = row?.median ?? null;
    } else {
      medianSeconds = weightedMedian([...byDay.values()]);
    }

    const [top, titles] = await Promise.all([
      this.opens(sceneId, from, to, storedDays),
      this.titlesOf(sceneId),
    ]);
    const named = (kind: OpenedKind): InsightsObject[] =>
      top
        .filter((o) => o.kind === kind)
        .slice(0, insightsLimits.topObjects)
        .map((o) => ({ ...o, kind, title: titles.get(`${kind}:${o.objectId}`) ?? null }));
    return {
      sceneId,
      from,
      to,
      days,
      totals: { ...totals, medianSeconds },
      sources,
      topArtworks: named('artwork'),
      topInfoPoints: named('infoPoint'),
    };
  }

  /** Opens per work and info point over the range, most first. */
  private async opens(sceneId: string, from: string, to: string, storedDays: string[]) {
    const stored =
      storedDays.length === 0
        ? []
        : await this.db
            .select({
              kind: insightDayOpens.kind,
              objectId: insightDayOpens.objectId,
              opens: sql<number>`sum(${insightDayOpens.opens})`.mapWith(Number),
            })
            .from(insightDayOpens)
            .where(and(eq(insightDayOpens.sceneId, sceneId), inArray(insightDayOpens.day, storedDays)))
            .groupBy(insightDayOpens.kind, insightDayOpens.objectId);
    const live = await dailyOpens(
      this.db,
      and(
        eq(insightOpens.sceneId, sceneId),
        gte(insightOpens.day, from),
        lte(insightOpens.day, to),
        storedDays.length > 0 ? notInArray(insightOpens.day, storedDays) : undefined,
      ),
    );
    const total = new Map<string, { kind: string; objectId: string; opens: number }>();
    for (const o of [...stored, ...live]) {
      const key = `${o.kind}:${o.objectId}`;
      const seen = total.get(key);
      if (seen) seen.opens += o.opens;
      else total.set(key, { kind: o.kind, objectId: o.objectId, opens: o.opens });
    }
    return [...total.values()].sort((a, b) => b.opens - a.opens || a.objectId.localeCompare(b.objectId));
  }

  /** Titles of the published space's works and info points, by `kind:id` (none when unreadable). */
  private async titlesOf(sceneId: string): Promise<Map<string, string>> {
    const titles = new Map<string, string>();
    const [snapshot] = await this.db
      .select({ sha256: publishedScenes.contentSha256 })
      .from(publishedScenes)
      .where(eq(publishedScenes.sceneId, sceneId));
    if (!snapshot?.sha256) return titles;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.store.get(snapshot.sha256)) chunks.push(chunk as Buffer);
      const parsed = parseSceneContent(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (!parsed.ok) return titles;
      const { pictures, videos, models3d, infoPoints } = parsed.content;
      for (const work of [...pictures, ...videos, ...models3d]) {
        if (work.title) titles.set(`artwork:${work.id}`, work.title);
      }
      for (const point of infoPoints) titles.set(`infoPoint:${point.id}`, point.title);
    } catch {
      // Titles are a nicety: the figures are answered without them.
    }
    return titles;
  }
}
