import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import type { SpaceInsights } from '../../contracts/insights';
import {
  chartsOf,
  type InsightsRange,
  rangeOfDays,
  type SpaceInsightsEvent,
  spaceInsightsMachine,
  type SpaceInsightsSnapshot,
} from '../../src/machines/spaceInsightsMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingLoad {
  input: { sceneId: string; days: InsightsRange };
  signal: AbortSignal;
  settled: boolean;
  resolve: (answer: SpaceInsights) => void;
  reject: (error: unknown) => void;
}

function startInsights() {
  const loads: PendingLoad[] = [];
  const actor = createActor(
    spaceInsightsMachine.provide({
      actors: {
        loadInsights: fromPromise<SpaceInsights, { sceneId: string; days: InsightsRange }>(
          ({ input, signal }) =>
            new Promise((resolve, reject) => {
              const load: PendingLoad = {
                input,
                signal,
                settled: false,
                resolve: (answer) => ((load.settled = true), resolve(answer)),
                reject: (error) => ((load.settled = true), reject(error)),
              };
              loads.push(load);
            }),
        ),
      },
    }),
    { input: { sceneId: 's1' } },
  ).start();
  const running = () => loads.filter((l) => !l.settled && !l.signal.aborted);
  return { actor, loads, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const answer = (visits: number): SpaceInsights => ({
  sceneId: 's1',
  from: '2026-03-01',
  to: '2026-03-02',
  days: [
    { day: '2026-03-01', visits: 0, uniqueVisitors: 0, medianSeconds: null },
    { day: '2026-03-02', visits, uniqueVisitors: visits, medianSeconds: visits ? 12 : null },
  ],
  totals: { visits, uniqueVisitors: visits, medianSeconds: visits ? 12 : null },
  sources: { direct: visits, embed: 0, explore: 0, share: 0 },
  topArtworks: [],
  topInfoPoints: [],
});

const events = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadInsights', output: answer(4) },
  { type: 'xstate.done.actor.loadInsights', output: answer(0) },
  { type: 'xstate.error.actor.loadInsights', error: new Error('offline') },
  { type: 'range.changed', days: 7 },
  { type: 'range.changed', days: 90 },
  { type: 'insights.retry' },
];

describe('spaceInsightsMachine (model)', () => {
  const model = createPathModel(spaceInsightsMachine, { events, input: { sceneId: 's1' } });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...states].sort()).toEqual(['empty', 'failed', 'loading', 'ready']);
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const event of events()) expect(types).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const insights = startInsights();
    for (const step of replaySteps(path)) {
      const before = insights.loads.length;
      const result = invokedActorResult(step.event);
      if (result?.kind === 'done') insights.loads.at(-1)!.resolve(result.output as SpaceInsights);
      else if (result?.kind === 'error') insights.loads.at(-1)!.reject(result.error);
      else insights.actor.send(step.event as SpaceInsightsEvent);
      await flush();

      const snapshot = insights.actor.getSnapshot();
      const expected = step.state as SpaceInsightsSnapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // One request runs exactly while loading, for the chosen period; a new period drops the old one.
      expect(insights.running()).toHaveLength(snapshot.hasTag('loading') ? 1 : 0);
      const asks = step.event.type === 'range.changed' || step.event.type === 'insights.retry';
      expect(insights.loads).toHaveLength(before + (asks ? 1 : 0));
      if (asks) expect(insights.loads.at(-1)!.input).toEqual({ sceneId: 's1', days: snapshot.context.days });
      // The view shows charts only with visits, the empty state only without.
      expect(snapshot.hasTag('ready')).toBe(snapshot.matches('ready'));
      if (snapshot.hasTag('ready')) expect(snapshot.context.insights!.totals.visits).toBeGreaterThan(0);
      if (snapshot.hasTag('empty')) expect(snapshot.context.insights!.totals.visits).toBe(0);
      expect(snapshot.context.error !== null).toBe(snapshot.matches('failed'));
    }
  });
});

describe('spaceInsightsMachine helpers', () => {
  it('asks for the last N UTC days, today included', () => {
    expect(rangeOfDays(30, new Date('2026-03-31T23:59:00Z'))).toEqual({
      from: '2026-03-02',
      to: '2026-03-31',
    });
    expect(rangeOfDays(7, new Date('2026-03-03T00:00:00Z'))).toEqual({
      from: '2026-02-25',
      to: '2026-03-03',
    });
  });

  it('draws the sources that brought visits and the most opened objects first', () => {
    const charts = chartsOf({
      ...answer(3),
      sources: { direct: 2, embed: 0, explore: 1, share: 0 },
      topArtworks: [{ objectId: 'p', kind: 'artwork', title: 'P', opens: 1 }],
      topInfoPoints: [{ objectId: 'i', kind: 'infoPoint', title: 'I', opens: 5 }],
    });
    expect(charts.sources).toEqual([
      { source: 'direct', visits: 2 },
      { source: 'explore', visits: 1 },
    ]);
    expect(charts.top.map((o) => o.objectId)).toEqual(['i', 'p']);
    expect(charts.visits).toEqual([0, 3]);
  });
});
