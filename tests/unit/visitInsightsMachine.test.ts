import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import type { VisitEvent, VisitSource, VisitStarted } from '../../contracts/insights';
import {
  openedObjectOf,
  type VisitInsightsContext,
  type VisitInsightsEvent,
  visitInsightsMachine,
} from '../../src/machines/visitInsightsMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingStart {
  input: { sceneId: string; source: VisitSource };
  resolve: (answer: VisitStarted | null) => void;
  reject: (error: unknown) => void;
}

/** The machine with fake actors: starts wait for the test, heartbeats and deliveries are recorded. */
function startVisit(search = '', embed = false) {
  const starts: PendingStart[] = [];
  const delivered: VisitEvent[] = [];
  const heartbeat = { running: 0 };
  const actor = createActor(
    visitInsightsMachine.provide({
      actors: {
        startVisit: fromPromise<VisitStarted | null, { sceneId: string; source: VisitSource }>(
          ({ input }) => new Promise((resolve, reject) => starts.push({ input, resolve, reject })),
        ),
        heartbeat: fromCallback(() => {
          heartbeat.running += 1;
          return () => (heartbeat.running -= 1);
        }),
      },
      actions: { deliver: (_, event) => delivered.push(event) },
    }),
    { input: { sceneId: 's1', search, embed } },
  ).start();
  return { actor, starts, delivered, heartbeat };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const events = (): AnyEventObject[] => [
  { type: 'visit.loaded', at: 1_000 },
  { type: 'page.hidden', at: 5_000 },
  { type: 'page.visible', at: 9_000 },
  { type: 'heartbeat.tick', at: 7_000 },
  { type: 'engine.event', event: { type: 'infoPointOpened', id: 'i1', title: 'About', text: '…' } },
  { type: 'engine.event', event: { type: 'artworkFocused', objectId: 'p1' } },
  { type: 'xstate.done.actor.startVisit', output: { visitId: 'v1' } },
  { type: 'xstate.done.actor.startVisit', output: null },
  { type: 'xstate.error.actor.startVisit', error: new Error('offline') },
];

describe('visitInsightsMachine (model)', () => {
  const model = createPathModel(visitInsightsMachine, {
    events,
    input: { sceneId: 's1', search: '?from=explore', embed: false },
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect([...states].sort()).toEqual(
      ['"off"', '"starting"', '"waiting"', '{"counting":"hidden"}', '{"counting":"visible"}'].sort(),
    );
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const event of events()) expect(types).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const visit = startVisit('?from=explore');
    const sentOpens = new Set<string>();
    let lastSeconds = 0;
    for (const step of replaySteps(path)) {
      const before = visit.actor.getSnapshot();
      const deliveredBefore = visit.delivered.length;
      const result = invokedActorResult(step.event);
      if (result?.kind === 'done') visit.starts.at(-1)!.resolve(result.output as VisitStarted);
      else if (result?.kind === 'error') visit.starts.at(-1)!.reject(result.error);
      else visit.actor.send(step.event as VisitInsightsEvent);
      await flush();

      const snapshot = visit.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual((step.state as { context: VisitInsightsContext }).context);
      const sent = visit.delivered.slice(deliveredBefore);
      // Nothing is reported before the visit has its id, nor once reporting is off.
      if (snapshot.context.visitId === null) expect(sent).toEqual([]);
      for (const event of sent) expect(event).toMatchObject({ visitId: 'v1' });
      // The visit was reported once, from Explore.
      expect(visit.starts.map((s) => s.input)).toEqual(
        snapshot.matches('waiting') ? [] : [{ sceneId: 's1', source: 'explore' }],
      );
      // Time counts only while visible and is reported as it goes: a heartbeat on each tick, the
      // end when the page is hidden; never less than reported before.
      expect(visit.heartbeat.running).toBe(snapshot.matches({ counting: 'visible' }) ? 1 : 0);
      const times = sent.filter((e) => e.type !== 'object.opened');
      if (step.event.type === 'heartbeat.tick' && before.matches({ counting: 'visible' })) {
        expect(times.map((e) => e.type)).toEqual(['visit.heartbeat']);
      } else if (step.event.type === 'page.hidden' && before.matches({ counting: 'visible' })) {
        expect(times.map((e) => e.type)).toEqual(['visit.ended']);
      } else {
        expect(times).toEqual([]);
      }
      for (const event of times) {
        if (!('seconds' in event)) continue;
        expect(event.seconds).toBeGreaterThanOrEqual(lastSeconds);
        lastSeconds = event.seconds;
      }
      // Each work or info point is reported once per visit, opened before or after the answer.
      for (const event of sent.filter((e) => e.type === 'object.opened')) {
        const key = `${event.kind}:${event.objectId}`;
        expect(sentOpens.has(key)).toBe(false);
        sentOpens.add(key);
      }
      if (snapshot.context.visitId !== null) {
        expect([...sentOpens].sort()).toEqual([...snapshot.context.opened].sort());
      }
    }
  });
});

describe('visitInsightsMachine', () => {
  it('reports the time the page was visible, not the time it was hidden', async () => {
    const visit = startVisit();
    visit.actor.send({ type: 'visit.loaded', at: 0 });
    visit.starts[0].resolve({ visitId: 'v9' });
    await flush();
    visit.actor.send({ type: 'heartbeat.tick', at: 30_000 });
    visit.actor.send({ type: 'page.hidden', at: 45_500 });
    // Ten minutes in another tab.
    visit.actor.send({ type: 'page.visible', at: 645_500 });
    visit.actor.send({ type: 'page.hidden', at: 665_500 });
    expect(visit.delivered).toEqual([
      { type: 'visit.heartbeat', visitId: 'v9', seconds: 30 },
      { type: 'visit.ended', visitId: 'v9', seconds: 45 },
      { type: 'visit.ended', visitId: 'v9', seconds: 65 },
    ]);
    expect(visit.starts[0].input).toEqual({ sceneId: 's1', source: 'direct' });
  });

  it('knows where the visit came from', () => {
    expect(startVisit('?from=share').actor.getSnapshot().context.source).toBe('share');
    expect(startVisit('?from=explore', true).actor.getSnapshot().context.source).toBe('embed');
    expect(startVisit('?from=elsewhere').actor.getSnapshot().context.source).toBe('direct');
  });

  it('counts a played video and a clicked model as opened works, a paused video not', () => {
    expect(openedObjectOf({ type: 'videoState', objectId: 'v', playing: true })).toEqual({
      kind: 'artwork',
      objectId: 'v',
    });
    expect(openedObjectOf({ type: 'videoState', objectId: 'v', playing: false })).toBeNull();
    expect(openedObjectOf({ type: 'linkRequested', objectId: 'm', url: 'https://example.com' })).toEqual({
      kind: 'artwork',
      objectId: 'm',
    });
    expect(openedObjectOf({ type: 'loaded' })).toBeNull();
  });
});
