import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { liveCardsEveryMs, type LiveScene } from '../../contracts/live';
import {
  liveCountsMachine,
  liveCountsSettleMs,
  liveOfCard,
  type LiveCountsContext,
} from '../../src/machines/liveCountsMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingLoad {
  sceneIds: readonly string[];
  signal: AbortSignal;
  resolve: (scenes: readonly LiveScene[]) => void;
  reject: (error: unknown) => void;
}

/** The machine with a fake server: each load waits until the test answers it. */
function start(sceneIds: readonly string[]) {
  const loads: PendingLoad[] = [];
  const actor = createActor(
    liveCountsMachine.provide({
      actors: {
        load: fromPromise<readonly LiveScene[], { sceneIds: readonly string[] }>(
          ({ input, signal }) =>
            new Promise((resolve, reject) =>
              loads.push({ sceneIds: input.sceneIds, signal, resolve, reject }),
            ),
        ),
      },
    }),
    { input: { sceneIds } },
  ).start();
  const latest = () => {
    const load = loads.at(-1);
    if (!load) throw new Error('nothing was loaded');
    return load;
  };
  return { actor, loads, latest };
}

const visitor = (userId: string) => ({ userId, name: userId, profilePicture: null, avatar: null });
const busy: LiveScene = {
  sceneId: 'a',
  count: 3,
  visitors: [visitor('ana'), visitor('ben')],
  event: null,
};
const quiet: LiveScene = { sceneId: 'b', count: 0, visitors: [], event: null };
const onStage: LiveScene = {
  sceneId: 'b',
  count: 0,
  visitors: [],
  event: { title: 'Opening', endsAt: '2026-12-01T20:00:00.000Z' },
};

const settle = { type: 'xstate.after.settle.liveCounts.settling' };
const refresh = { type: 'xstate.after.refresh.liveCounts.waiting' };
const events = (): AnyEventObject[] => [
  { type: 'live.watch', sceneIds: ['a', 'b'] },
  { type: 'live.watch', sceneIds: ['b'] },
  { type: 'live.watch', sceneIds: [] },
  settle,
  refresh,
  { type: 'xstate.done.actor.load', output: [busy, quiet] },
  { type: 'xstate.done.actor.load', output: [onStage] },
  { type: 'xstate.error.actor.load', error: { status: 503, message: 'Unavailable' } },
];

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('liveCountsMachine (model)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const input = { sceneIds: ['a', 'b'] };
  const model = createPathModel(liveCountsMachine, {
    events,
    input,
    // What a load answers is about the spaces it asked for.
    filterEvents: (snapshot, event) =>
      event.type !== 'xstate.done.actor.load' ||
      (event.output as LiveScene[]).every((scene) => snapshot.context.sceneIds.includes(scene.sceneId)),
  });
  const paths = getTransitionPaths(model);

  it('takes every kind of transition', () => {
    const taken = new Set(
      paths.flatMap((path) =>
        path.steps.slice(1).map((step, i) => `${String(path.steps[i].state.value)} ${step.event.type}`),
      ),
    );
    for (const expected of [
      'settling xstate.after.settle.liveCounts.settling',
      'loading xstate.done.actor.load',
      'loading xstate.error.actor.load',
      'loading live.watch',
      'waiting xstate.after.refresh.liveCounts.waiting',
      'waiting live.watch',
      'idle live.watch',
    ])
      expect(taken).toContain(expected);
  });

  describePaths('replays', paths, (path) => async () => {
    const h = start(input.sceneIds);
    await flush();
    for (const step of replaySteps(path)) {
      const before = h.actor.getSnapshot();
      const loadsBefore = h.loads.length;
      const running = h.loads.at(-1);
      const result = invokedActorResult(step.event);
      if (step.event.type === settle.type) {
        // Nothing is asked until the cards have stayed the same for the whole delay.
        await vi.advanceTimersByTimeAsync(liveCountsSettleMs - 1);
        expect(h.loads).toHaveLength(loadsBefore);
        await vi.advanceTimersByTimeAsync(1);
      } else if (step.event.type === refresh.type) {
        await vi.advanceTimersByTimeAsync(liveCardsEveryMs - 1);
        expect(h.loads).toHaveLength(loadsBefore);
        await vi.advanceTimersByTimeAsync(1);
      } else if (result?.kind === 'done') h.latest().resolve(result.output as LiveScene[]);
      else if (result?.kind === 'error') h.latest().reject(result.error);
      else h.actor.send(step.event as never);
      await flush();

      const snapshot = h.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context as LiveCountsContext);
      // Each turn asks once, for the cards on the page; nothing runs in between.
      const asked = step.event.type === settle.type || step.event.type === refresh.type;
      expect(h.loads).toHaveLength(loadsBefore + (asked ? 1 : 0));
      if (asked) expect(h.latest().sceneIds).toEqual(snapshot.context.sceneIds);
      expect(vi.getTimerCount()).toBe(snapshot.matches('settling') || snapshot.matches('waiting') ? 1 : 0);
      // Other cards drop the question asked for the old ones.
      if (step.event.type === 'live.watch' && before.matches('loading') && snapshot.matches('settling'))
        expect(running?.signal.aborted).toBe(true);
      // The same cards again (a list rendered again) change nothing.
      const sameCards =
        step.event.type === 'live.watch' &&
        JSON.stringify(step.event.sceneIds) === JSON.stringify(before.context.sceneIds);
      if (sameCards) {
        expect(snapshot.value).toEqual(before.value);
        if (before.matches('loading')) expect(running?.signal.aborted).toBe(false);
      }
      // A failure keeps what the cards showed.
      if (result?.kind === 'error') expect(snapshot.context.scenes).toEqual(before.context.scenes);
    }
  });
});

describe('liveCountsMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once for the cards of a list that renders in steps, then every half minute', async () => {
    const h = start([]);
    await flush();
    h.actor.send({ type: 'live.watch', sceneIds: ['a'] });
    await vi.advanceTimersByTimeAsync(100);
    h.actor.send({ type: 'live.watch', sceneIds: ['a', 'b'] });
    await vi.advanceTimersByTimeAsync(liveCountsSettleMs);
    expect(h.loads.map((load) => load.sceneIds)).toEqual([['a', 'b']]);
    h.latest().resolve([busy, onStage]);
    await flush();
    expect(liveOfCard(h.actor.getSnapshot(), 'a')).toEqual(busy);
    expect(liveOfCard(h.actor.getSnapshot(), 'b')).toEqual(onStage);
    await vi.advanceTimersByTimeAsync(liveCardsEveryMs);
    expect(h.loads).toHaveLength(2);
    // The crowd left: the card shows nothing.
    h.latest().resolve([{ ...busy, count: 0, visitors: [] }, quiet]);
    await flush();
    expect(liveOfCard(h.actor.getSnapshot(), 'a')).toBeNull();
    expect(liveOfCard(h.actor.getSnapshot(), 'b')).toBeNull();
    expect(liveOfCard(h.actor.getSnapshot(), 'never-asked')).toBeNull();
  });

  it('asks nothing while no card is on the page, and stops asking when the list goes', async () => {
    const h = start([]);
    await vi.advanceTimersByTimeAsync(liveCardsEveryMs * 2);
    expect(h.loads).toHaveLength(0);
    h.actor.send({ type: 'live.watch', sceneIds: ['a'] });
    await vi.advanceTimersByTimeAsync(liveCountsSettleMs);
    expect(h.loads).toHaveLength(1);
    h.actor.stop();
    expect(h.latest().signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(liveCardsEveryMs * 2);
    expect(h.loads).toHaveLength(1);
  });
});
