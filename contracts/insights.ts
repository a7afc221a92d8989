import { z } from 'zod';

/**
 * Space insights for owners, without tracking (issue: social, item 6): the viewer reports a visit,
 * how long it lasted and which works and info points it opened; the owner reads daily figures.
 * No cookie and no third party: unique visitors are counted with a hash of (address, browser,
 * space) salted with a random value that changes every UTC day and is then thrown away, so
 * nobody, the operator included, can tell who visited or follow a visitor from one day to the next.
 */

/** Where a visit came from: a plain link, an embed in another site, Explore, or a shared link. */
export const visitSources = ['direct', 'embed', 'explore', 'share'] as const;
export const VisitSource = z.enum(visitSources);
export type VisitSource = z.infer<typeof VisitSource>;

/** What a visitor opened: a work (picture, video, model) or an info point. */
export const openedKinds = ['artwork', 'infoPoint'] as const;
export const OpenedKind = z.enum(openedKinds);
export type OpenedKind = z.infer<typeof OpenedKind>;

export const insightsLimits = {
  /** Largest event body accepted, in bytes (a beacon's body included). */
  eventBodyBytes: 2048,
  /** Events accepted per address per minute; more answer 429. */
  eventsPerMinute: 120,
  /** Time spent reported for one visit is capped here (a tab left open overnight is not a visit). */
  maxVisitSeconds: 4 * 60 * 60,
  /** Raw events are rolled up into daily figures and deleted after this many days. */
  rawRetentionDays: 30,
  /** The longest range an owner can ask for, in days. */
  maxRangeDays: 366,
  /** The default range: the last 30 days, today included. */
  defaultRangeDays: 30,
  /** How many works and info points the answer lists, most opened first. */
  topObjects: 10,
} as const;

const VisitId = z.string().min(1).max(64);
const ObjectRef = z.string().trim().min(1).max(100);
const Seconds = z.number().int().min(0).max(insightsLimits.maxVisitSeconds);

/** Body of POST /api/insightsService/events: one event of a visit. */
export const VisitEvent = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('visit.started'),
      sceneId: z.string().min(1).max(64),
      source: VisitSource,
    }),
    z.object({
      type: z.enum(['visit.heartbeat', 'visit.ended']),
      visitId: VisitId,
      /** Seconds the page was visible since the visit started (a running total). */
      seconds: Seconds,
    }),
    z.object({
      type: z.literal('object.opened'),
      visitId: VisitId,
      kind: OpenedKind,
      objectId: ObjectRef,
    }),
  ])
  .meta({ id: 'VisitEvent' });
export type VisitEvent = z.infer<typeof VisitEvent>;

/** Answer to 'visit.started': the id the visit's later events carry (kept by the page, nowhere else). */
export const VisitStarted = z.object({ visitId: z.string() }).meta({ id: 'VisitStarted' });
export type VisitStarted = z.infer<typeof VisitStarted>;

const Day = z.iso.date();

export const InsightsQuery = z.object({
  from: Day.optional().describe('First UTC day, YYYY-MM-DD (default: 29 days before `to`)'),
  to: Day.optional().describe('Last UTC day, YYYY-MM-DD (default: today)'),
});
export type InsightsQuery = z.infer<typeof InsightsQuery>;

export const InsightsDay = z
  .object({
    day: Day,
    visits: z.number().int().min(0),
    uniqueVisitors: z.number().int().min(0),
    /** Median seconds spent by the day's visits that reported their time (null: none did). */
    medianSeconds: z.number().min(0).nullable(),
  })
  .meta({ id: 'InsightsDay' });
export type InsightsDay = z.infer<typeof InsightsDay>;

export const InsightsObject = z
  .object({
    objectId: z.string(),
    kind: OpenedKind,
    /** The title in the published space, or null when it has none (or is gone). */
    title: z.string().nullable(),
    /** Visits that opened it (a visit opening it again counts once). */
    opens: z.number().int().min(0),
  })
  .meta({ id: 'InsightsObject' });
export type InsightsObject = z.infer<typeof InsightsObject>;

export const SpaceInsights = z
  .object({
    sceneId: z.string(),
    from: Day,
    to: Day,
    /** Every day of the range, oldest first (days without visits at 0). */
    days: z.array(InsightsDay),
    totals: z.object({
      visits: z.number().int().min(0),
      /** The sum of each day's unique visitors (a visitor cannot be recognised from one day to the next). */
      uniqueVisitors: z.number().int().min(0),
      /** Median seconds spent per visit over the range (null: no visit reported its time). */
      medianSeconds: z.number().min(0).nullable(),
    }),
    sources: z.object({
      direct: z.number().int().min(0),
      embed: z.number().int().min(0),
      explore: z.number().int().min(0),
      share: z.number().int().min(0),
    }),
    topArtworks: z.array(InsightsObject),
    topInfoPoints: z.array(InsightsObject),
  })
  .meta({ id: 'SpaceInsights' });
export type SpaceInsights = z.infer<typeof SpaceInsights>;

/** Query marker that tells the viewer where a visit came from (`?from=explore`, `?from=share`). */
export const visitSourceParam = 'from';

/** The source of a visit from the viewer's address: embeds are 'embed', known markers, else 'direct'. */
export function visitSourceOf(search: string, embed: boolean): VisitSource {
  if (embed) return 'embed';
  const from = new URLSearchParams(search).get(visitSourceParam);
  return from === 'explore' || from === 'share' ? from : 'direct';
}
