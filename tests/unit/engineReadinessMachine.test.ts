import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { engineReadiness, engineReadinessMachine } from '../../src/machines/engineReadinessMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const pollMs = 300;
const maxWaitMs = 600;
const tick = { type: 'xstate.after.poll.engineReadiness.waiting.resting' };
const timeOut = { type: 'xstate.after.maxWait.engineReadiness.waiting' };

/** The machine with a fake engine: the test answers each load check and records what the host did. */
function startHost() {
  const { deferred, answer } = deferredActors();
  const effects = { startups: 0, input: false, keyboard: true, warnings: [] as string[] };
  const actor = createActor(
    engineReadinessMachine.provide({
      actors: { checkLoaded: deferred('checkLoaded'), unload: deferred('unload') } as never,
      actions: {
        sendStartup: () => void effects.startups++,
        setInputEnabled: (_, p: { enabled: boolean }) => void (effects.input = p.enabled),
        setKeyboardCapture: (_, p: { enabled: boolean }) => void (effects.keyboard = p.enabled),
        warn: (_, p: { message: string }) => void effects.warnings.push(p.message),
      },
    }),
    { input: { mode: 'viewer', pollMs, maxWaitMs } },
  ).start();
  return { actor, effects, answer: (event: AnyEventObject) => answer(actor, event) };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('engineReadinessMachine (model)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = createPathModel(engineReadinessMachine, {
    input: { mode: 'viewer', pollMs, maxWaitMs },
    events: () =>
      [
        { type: 'xstate.done.actor.checkLoaded', output: true },
        { type: 'xstate.done.actor.checkLoaded', output: false },
        { type: 'xstate.error.actor.checkLoaded', error: 'not yet' },
        tick,
        timeOut,
        { type: 'engine.progress', percent: 40 },
        { type: 'engine.ready', mode: 'viewer' },
        { type: 'engine.ready', mode: 'editor' },
        { type: 'engine.error', message: 'WebGL context lost' },
        { type: 'engine.retry' },
        { type: 'page.textFocus', focused: true },
        { type: 'page.textFocus', focused: false },
        { type: 'engine.leave' },
        { type: 'xstate.done.actor.unload' },
        { type: 'xstate.error.actor.unload', error: 'busy' },
      ] as AnyEventObject[],
    // Progress only once per path shape keeps the model small.
    filterEvents: (snapshot, event) =>
      !(event.type === 'engine.progress' && snapshot.context.progress === 40),
  });
  const paths = getTransitionPaths(model);

  it('reaches ready, failed (by time-out and by error) and unloaded', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const v of ['"ready"', '"failed"', '"unloaded"', '"starting"']) expect(values).toContain(v);
  });

  describePaths('replays', paths, (path) => async () => {
    const host = startHost();
    for (const step of replaySteps(path)) {
      if (step.event.type === tick.type) await vi.advanceTimersByTimeAsync(pollMs);
      else if (step.event.type === timeOut.type) await vi.advanceTimersByTimeAsync(maxWaitMs);
      else host.answer(step.event);
      await flush();
      const snapshot = host.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      // What the visitor notices: input works only when ready, and never while typing in a field.
      expect(host.effects.input).toBe(snapshot.matches('ready'));
      if (snapshot.matches('ready')) expect(host.effects.keyboard).toBe(snapshot.context.keyboardToEngine);
      if (snapshot.matches('starting') || snapshot.matches('ready'))
        expect(host.effects.startups).toBeGreaterThan(0);
      if (step.event.type === 'xstate.error.actor.unload') expect(host.effects.warnings).toHaveLength(1);
    }
  });
});

describe('engineReadinessMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 300 ms and gives up after 5000 ms by default', async () => {
    expect(engineReadiness).toEqual({ pollMs: 300, maxWaitMs: 5000 });
    const checks: (() => void)[] = [];
    const actor = createActor(
      engineReadinessMachine.provide({
        actors: { checkLoaded: fromPromise(async () => (checks.push(() => {}), false)) },
      }),
      { input: { mode: 'inspector' } },
    ).start();
    await vi.advanceTimersByTimeAsync(4999);
    expect(actor.getSnapshot().matches('failed')).toBe(false);
    expect(checks.length).toBe(Math.floor(4999 / 300) + 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('The 3D engine did not load in time');
  });

  it('keeps waiting while the engine makes progress, and gives up after maxWaitMs without any', async () => {
    const host = startHost();
    await vi.advanceTimersByTimeAsync(maxWaitMs - 100);
    host.actor.send({ type: 'engine.progress', percent: 10 });
    await vi.advanceTimersByTimeAsync(maxWaitMs - 100);
    host.actor.send({ type: 'engine.progress', percent: 10.2 }); // not a whole percent more: no sign of life
    expect(host.actor.getSnapshot().matches('waiting')).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(host.actor.getSnapshot().matches('failed')).toBe(true);
    expect(host.actor.getSnapshot().context.progress).toBe(10);
  });

  it("fails at once with the engine's own message when it cannot load", async () => {
    const host = startHost();
    host.actor.send({ type: 'engine.error', message: 'WebGL 2 is not available' });
    expect(host.actor.getSnapshot().matches('failed')).toBe(true);
    expect(host.actor.getSnapshot().context.error).toBe('WebGL 2 is not available');
  });

  it('remembers a text field focused while the engine loads: keyboard stays with the page once ready', async () => {
    const host = startHost();
    host.actor.send({ type: 'page.textFocus', focused: true });
    host.answer({ type: 'xstate.done.actor.checkLoaded', output: true });
    await flush();
    host.actor.send({ type: 'engine.ready', mode: 'viewer' });
    expect(host.effects).toMatchObject({ input: true, keyboard: false });
    host.actor.send({ type: 'page.textFocus', focused: false });
    expect(host.effects.keyboard).toBe(true);
  });
});
