import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import type { EngineCommand, EngineEvent } from '../../src/engine/protocol';
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

const undo: EngineCommand = { channel: 'Editor.Content', method: 'undo', payload: {} };
const pauseTour: EngineCommand = { channel: 'Viewer', method: 'pauseGuidedTour', payload: {} };
/** Commands the page sends, in this order (two are enough to tell the order they arrive in). */
const pageCommands = [undo, pauseTour];

/**
 * The machine over a fake engine that records, in order, what the host gave it (startup, input,
 * keyboard capture and the page's commands) and relays the engine's events as `listen` does.
 */
function startEngine() {
  const { deferred, answer } = deferredActors();
  const given: (string | EngineCommand)[] = [];
  const delivered: EngineCommand[] = [];
  const heard: EngineEvent[] = [];
  let relay: ((event: EngineEvent) => void) | undefined;
  const actor = createActor(
    engineReadinessMachine.provide({
      actors: {
        checkLoaded: deferred('checkLoaded'),
        unload: deferred('unload'),
        listen: fromCallback(({ sendBack }) => {
          relay = (event: EngineEvent) => sendBack({ type: 'engine.reported', event });
        }),
      } as never,
      actions: {
        deliver: (_, p: { command: EngineCommand }) =>
          void (delivered.push(p.command), given.push(p.command)),
        sendStartup: (_, p: { mode: string }) => void given.push(`startup:${p.mode}`),
        setInputEnabled: (_, p: { enabled: boolean }) => void given.push(`input:${p.enabled}`),
        setKeyboardCapture: (_, p: { enabled: boolean }) => void given.push(`keyboard:${p.enabled}`),
      },
    }),
    { input: { mode: 'viewer', pollMs, maxWaitMs } },
  );
  actor.on('engine.event', (event) => void heard.push(event.event));
  actor.start();
  /** An event of the model: the engine's own events arrive as the engine sends them. */
  const perform = (event: AnyEventObject) => {
    if (event.type === 'engine.reported') {
      if (!relay) throw new Error('the engine is not listened to');
      relay(event.event as EngineEvent);
    } else answer(actor, event);
  };
  return { actor, given, delivered, heard, perform };
}

/** The machine's own event an engine event stands for, if any. */
function meaningOf(event: EngineEvent): AnyEventObject | undefined {
  if (event.type === 'loadProgress') return { type: 'engine.progress', percent: event.percent };
  if (event.type === 'ready') return { type: 'engine.ready', mode: event.mode };
  if (event.type === 'error') return { type: 'engine.error', message: event.message };
  return undefined;
}

describe('engineReadinessMachine (model of commands and engine events)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const reported = (event: EngineEvent) => ({ type: 'engine.reported', event });
  const model = createPathModel(engineReadinessMachine, {
    input: { mode: 'viewer', pollMs, maxWaitMs },
    events: () =>
      [
        { type: 'xstate.done.actor.checkLoaded', output: true },
        { type: 'engine.command', command: undo },
        { type: 'engine.command', command: pauseTour },
        reported({ type: 'loadProgress', percent: 40 }),
        reported({ type: 'ready', mode: 'viewer' }),
        reported({ type: 'ready', mode: 'editor' }),
        reported({ type: 'error', code: 'webgl', message: 'WebGL context lost' }),
        reported({ type: 'selection', objectId: null, objectIds: [] }),
        { type: 'engine.ready', mode: 'viewer' },
        { type: 'engine.error', message: 'WebGL context lost' },
        { type: 'engine.retry' },
        { type: 'engine.leave' },
        { type: 'xstate.done.actor.unload' },
      ] as AnyEventObject[],
    // The page's commands in one order (the first, then the second), and progress once, keep the model small.
    filterEvents: (snapshot, event) => {
      // Once unloaded the machine has stopped: it hears nothing more.
      if (snapshot.status === 'done') return false;
      if (event.type === 'engine.command')
        return (
          snapshot.context.held.length < pageCommands.length &&
          event.command === pageCommands[snapshot.context.held.length]
        );
      if (event.type === 'engine.reported' && event.event.type === 'loadProgress')
        return snapshot.context.progress !== 40;
      return true;
    },
  });
  const paths = getTransitionPaths(model);

  it('holds commands in every state before ready and delivers them on reaching it', () => {
    const steps = paths.flatMap((path) => replaySteps(path).map((step, i) => ({ step, path, i })));
    const heldIn = new Set(
      steps
        .filter(({ step }) => step.state.context.held.length === 2)
        .map(({ step }) => JSON.stringify(step.state.value)),
    );
    for (const value of [{ waiting: 'checking' }, 'starting', 'failed'])
      expect(heldIn).toContain(JSON.stringify(value));
    const readyAfterHolding = paths.some((path) =>
      replaySteps(path).some(
        (step, i, all) => step.state.matches('ready') && i > 0 && all[i - 1].state.context.held.length === 2,
      ),
    );
    expect(readyAfterHolding).toBe(true);
    expect(paths.some((path) => path.state.matches('unloaded'))).toBe(true);
  });

  describePaths('replays', paths, (path) => async () => {
    const engine = startEngine();
    // The same machine told the machine's own events instead of the engine's.
    const twin = startHost();
    for (const step of replaySteps(path)) {
      const before = engine.actor.getSnapshot();
      const givenBefore = engine.given.length;
      const deliveredBefore = engine.delivered.length;
      const heardBefore = engine.heard.length;
      engine.perform(step.event);
      const reportedEvent =
        step.event.type === 'engine.reported' ? (step.event.event as EngineEvent) : undefined;
      const meaning = reportedEvent ? meaningOf(reportedEvent) : step.event;
      if (meaning) twin.answer(meaning);
      await flush();

      const snapshot = engine.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      // The engine's progress, readiness and errors drive the machine as its own events do.
      expect(twin.actor.getSnapshot().value).toEqual(snapshot.value);
      expect(twin.actor.getSnapshot().context).toEqual(snapshot.context);
      // Every event of the engine reaches the listeners, once; nothing else does.
      expect(engine.heard.slice(heardBefore)).toEqual(reportedEvent ? [reportedEvent] : []);
      // What the engine is given.
      const delivered = engine.delivered.slice(deliveredBefore);
      if (step.event.type === 'engine.command' && before.matches('ready')) {
        expect(delivered).toEqual([step.event.command]);
      } else if (snapshot.matches('ready') && !before.matches('ready')) {
        // The held commands, in order, right after enabling input and the keyboard.
        expect(engine.given.slice(givenBefore)).toEqual([
          'input:true',
          `keyboard:${before.context.keyboardToEngine}`,
          ...before.context.held,
        ]);
      } else {
        expect(delivered).toEqual([]);
      }
      // None arrives before the startup, or while input is off.
      engine.given.forEach((entry, i) => {
        if (typeof entry === 'string') return;
        const earlier = engine.given.slice(0, i);
        expect(earlier).toContain('startup:viewer');
        expect(earlier.filter((e) => typeof e === 'string' && e.startsWith('input:')).at(-1)).toBe(
          'input:true',
        );
      });
      if (snapshot.matches('unloading') || snapshot.matches('unloaded'))
        expect(snapshot.context.held).toEqual([]);
      // Once the page has left, a command is dropped: not given, not held.
      if (snapshot.matches('unloading')) {
        engine.perform({ type: 'engine.command', command: undo });
        expect(engine.delivered).toHaveLength(deliveredBefore);
        expect(engine.actor.getSnapshot().context).toEqual(snapshot.context);
      }
    }
  });
});

describe('engineReadinessMachine (commands and engine events)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds the commands sent while the engine loads and delivers them in order once it is ready', async () => {
    const engine = startEngine();
    engine.perform({ type: 'engine.command', command: undo });
    engine.perform({ type: 'xstate.done.actor.checkLoaded', output: true });
    await flush();
    engine.perform({ type: 'engine.command', command: pauseTour });
    expect(engine.delivered).toEqual([]);
    engine.perform({ type: 'engine.reported', event: { type: 'ready', mode: 'viewer' } });
    expect(engine.given).toEqual(['startup:viewer', 'input:true', 'keyboard:true', undo, pauseTour]);
    expect(engine.actor.getSnapshot().context.held).toEqual([]);
    engine.perform({ type: 'engine.command', command: undo });
    expect(engine.delivered).toEqual([undo, pauseTour, undo]);
  });

  it('keeps the commands held through a failure and delivers them after the retry', async () => {
    const engine = startEngine();
    engine.perform({ type: 'engine.command', command: undo });
    engine.perform({ type: 'engine.reported', event: { type: 'error', code: 'webgl', message: 'No WebGL' } });
    expect(engine.actor.getSnapshot().context.error).toBe('No WebGL');
    engine.perform({ type: 'engine.retry' });
    engine.perform({ type: 'xstate.done.actor.checkLoaded', output: true });
    await flush();
    engine.perform({ type: 'engine.reported', event: { type: 'ready', mode: 'viewer' } });
    expect(engine.delivered).toEqual([undo]);
  });

  it('drops the commands once the page leaves, held or new', async () => {
    const engine = startEngine();
    engine.perform({ type: 'engine.command', command: undo });
    engine.perform({ type: 'engine.leave' });
    engine.perform({ type: 'engine.command', command: pauseTour });
    expect(engine.actor.getSnapshot().context.held).toEqual([]);
    engine.perform({ type: 'xstate.done.actor.unload' });
    await flush();
    expect(engine.actor.getSnapshot().value).toBe('unloaded');
    expect(engine.delivered).toEqual([]);
  });

  it("waits only for the engine's readiness in the page's own mode", async () => {
    const engine = startEngine();
    engine.perform({ type: 'xstate.done.actor.checkLoaded', output: true });
    await flush();
    engine.perform({ type: 'engine.reported', event: { type: 'ready', mode: 'editor' } });
    expect(engine.actor.getSnapshot().value).toBe('starting');
    expect(engine.heard).toEqual([{ type: 'ready', mode: 'editor' }]);
  });

  it('tells the listeners every engine event, including those it does not act on', () => {
    const engine = startEngine();
    const events: EngineEvent[] = [
      { type: 'loadProgress', percent: 12.4 },
      { type: 'contentChanged' },
      { type: 'linkRequested', objectId: 'o1', url: 'https://example.org' },
    ];
    for (const event of events) engine.perform({ type: 'engine.reported', event });
    expect(engine.heard).toEqual(events);
    expect(engine.actor.getSnapshot().context.progress).toBe(12);
  });
});
