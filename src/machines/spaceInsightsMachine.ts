import { type ActorRefFrom, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { type SpaceInsights, visitSources } from '../../contracts/insights';

/**
 * A space's insights for its owner (the card's 'Insights'): visits and unique visitors per day,
 * the median time spent, the works and info points opened most and where visits came from, over
 * the last 7, 30 or 90 days.
 *
 * - `loading`: the figures of the chosen range are asked for (a new range cancels the request).
 * - `ready`: there were visits; `empty`: none in the range (the view says so instead of charts).
 * - `failed`: the figures could not be had; `insights.retry` asks again.
 */

export const insightsRanges = [7, 30, 90] as const;
export type InsightsRange = (typeof insightsRanges)[number];

export interface SpaceInsightsInput {
  sceneId: string;
}

export interface SpaceInsightsContext {
  sceneId: string;
  days: InsightsRange;
  insights: SpaceInsights | null;
  error: string | null;
}

export type SpaceInsightsEvent = { type: 'range.changed'; days: InsightsRange } | { type: 'insights.retry' };

/** The UTC days of the last `days` days up to `today` (both included), as the server takes them. */
export function rangeOfDays(days: number, today: Date): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** The figures as the charts draw them. */
export function chartsOf(insights: SpaceInsights) {
  return {
    days: insights.days.map((d) => d.day),
    visits: insights.days.map((d) => d.visits),
    uniqueVisitors: insights.days.map((d) => d.uniqueVisitors),
    sources: visitSources
      .map((source) => ({ source, visits: insights.sources[source] }))
      .filter((s) => s.visits > 0),
    top: [...insights.topArtworks, ...insights.topInfoPoints].sort((a, b) => b.opens - a.opens).slice(0, 10),
  };
}

export const spaceInsightsMachine = setup({
  types: {
    context: {} as SpaceInsightsContext,
    events: {} as SpaceInsightsEvent,
    input: {} as SpaceInsightsInput,
    tags: {} as 'loading' | 'ready' | 'empty' | 'failed',
  },
  actors: {
    loadInsights: fromPromise<SpaceInsights, { sceneId: string; days: InsightsRange }>(async () => {
      throw new Error('loadInsights not provided');
    }),
  },
  guards: {
    noVisits: ({ event }) => (event as unknown as { output: SpaceInsights }).output.totals.visits === 0,
  },
}).createMachine({
  id: 'spaceInsights',
  context: ({ input }) => ({ sceneId: input.sceneId, days: 30, insights: null, error: null }),
  initial: 'loading',
  on: {
    'range.changed': {
      target: '.loading',
      actions: assign({ days: ({ event }) => event.days }),
    },
  },
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'loadInsights',
        src: 'loadInsights',
        input: ({ context }) => ({ sceneId: context.sceneId, days: context.days }),
        onDone: [
          { guard: 'noVisits', target: 'empty', actions: assign({ insights: ({ event }) => event.output }) },
          { target: 'ready', actions: assign({ insights: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => (event.error as { message?: string })?.message ?? String(event.error),
          }),
        },
      },
    },
    ready: { tags: 'ready' },
    empty: { tags: 'empty' },
    failed: {
      tags: 'failed',
      on: { 'insights.retry': 'loading' },
    },
  },
});

export type SpaceInsightsActorRef = ActorRefFrom<typeof spaceInsightsMachine>;
export type SpaceInsightsSnapshot = SnapshotFrom<typeof spaceInsightsMachine>;
