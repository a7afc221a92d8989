import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { type LoadSnapshot, loadMachine } from '../../src/machines/loadMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingLoad {
  signal: AbortSignal;
  settled: boolean;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

/** The machine with a fake server: each load stays pending until the test answers it. */
function startLoad() {
  const loads: PendingLoad[] = [];
  const actor = createActor(
    loadMachine.provide({
      actors: {
        load: fromPromise<unknown>(
          ({ signal }) =>
            new Promise((resolve, reject) => {
              const load: PendingLoad = {
                signal,
                settled: false,
                resolve: (data) => ((load.settled = true), resolve(data)),
                reject: (error) => ((load.settled = true), reject(error)),
              };
              loads.push(load);
            }),
        ),
      },
    }),
  ).start();
  const latest = () => {
    const load = loads.at(-1);
    if (!load) throw new Error('nothing was loaded');
    return load;
  };
  /** Loads neither answered nor cancelled. */
  const running = () => loads.filter((load) => !load.settled && !load.signal.aborted);
  return { actor, loads, latest, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const wallet = { userId: 'u1', availableBalance: 5 };
const refetched = { userId: 'u1', availableBalance: 9 };
const patch = { availableBalance: 7 };

const events = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.load', output: wallet },
  { type: 'xstate.error.actor.load', error: 'offline' },
  { type: 'load.retry' },
  { type: 'load.reload' },
  { type: 'load.set', data: refetched },
  { type: 'load.patch', patch },
];

describe('loadMachine (model)', () => {
  const model = createPathModel(loadMachine, { events });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect([...new Set(steps.map((step) => step.state.value))].sort()).toEqual([
      'failed',
      'loading',
      'ready',
    ]);
    expect([...new Set(steps.map((step) => step.event.type))].sort()).toEqual([
      'load.patch',
      'load.reload',
      'load.retry',
      'load.set',
      'xstate.done.actor.load',
      'xstate.error.actor.load',
      'xstate.init',
    ]);
  });

  describePaths('replays', paths, (path) => async () => {
    const load = startLoad();
    for (const step of replaySteps(path)) {
      const before = load.loads.length;
      const pending = load.actor.getSnapshot().matches('loading') ? load.latest() : undefined;
      const result = invokedActorResult(step.event);
      if (result?.kind === 'done') load.latest().resolve(result.output);
      else if (result?.kind === 'error') load.latest().reject(result.error);
      else load.actor.send(step.event as never);
      await flush();

      const snapshot = load.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual((step.state as LoadSnapshot).context);
      // What the page shows: a spinner exactly while loading, and one request runs only then.
      expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
      expect(load.running()).toHaveLength(snapshot.matches('loading') ? 1 : 0);
      // Retry and reload ask the server again; the answer in flight is dropped (cancelled).
      const asksAgain = step.event.type === 'load.retry' || step.event.type === 'load.reload';
      expect(load.loads).toHaveLength(before + (asksAgain ? 1 : 0));
      if (pending && !result) expect(pending.signal.aborted).toBe(true);
      // set and patch take the data as given, without asking the server.
      if (step.event.type === 'load.set') expect(snapshot.context.data).toBe(refetched);
      if (step.event.type === 'load.patch') expect(snapshot.context.data).toMatchObject(patch);
    }
  });
});

describe('loadMachine', () => {
  it('loads on start and shows what the server answered', async () => {
    const load = startLoad();
    expect(load.loads).toHaveLength(1);
    expect(load.actor.getSnapshot().hasTag('loading')).toBe(true);
    load.latest().resolve(wallet);
    await flush();
    expect(load.actor.getSnapshot().value).toBe('ready');
    expect(load.actor.getSnapshot().context).toEqual({ data: wallet, error: null });
  });

  it('fails with the reason and loads again on retry', async () => {
    const load = startLoad();
    load.latest().reject(new Error('Service unavailable'));
    await flush();
    expect(load.actor.getSnapshot().value).toBe('failed');
    expect(String(load.actor.getSnapshot().context.error)).toContain('Service unavailable');
    load.actor.send({ type: 'load.retry' });
    expect(load.loads).toHaveLength(2);
    load.latest().resolve(wallet);
    await flush();
    expect(load.actor.getSnapshot().context).toEqual({ data: wallet, error: null });
  });

  it('keeps the data shown before a reload until the new answer replaces it', async () => {
    const load = startLoad();
    load.latest().resolve(wallet);
    await flush();
    load.actor.send({ type: 'load.reload' });
    expect(load.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(load.actor.getSnapshot().context.data).toBe(wallet);
    load.latest().resolve(refetched);
    await flush();
    expect(load.actor.getSnapshot().context.data).toBe(refetched);
  });

  it('merges a patch into the loaded data, keeping the other fields', async () => {
    const load = startLoad();
    load.latest().resolve(wallet);
    await flush();
    load.actor.send({ type: 'load.patch', patch });
    expect(load.actor.getSnapshot().context.data).toEqual({ userId: 'u1', availableBalance: 7 });
    expect(load.loads).toHaveLength(1);
  });

  it('drops a patch that arrives before the data has loaded, or after it failed', async () => {
    const load = startLoad();
    load.actor.send({ type: 'load.patch', patch });
    load.latest().resolve(wallet);
    await flush();
    expect(load.actor.getSnapshot().context.data).toEqual(wallet);

    const failing = startLoad();
    failing.latest().reject('offline');
    await flush();
    failing.actor.send({ type: 'load.patch', patch });
    expect(failing.actor.getSnapshot().value).toBe('failed');
    expect(failing.actor.getSnapshot().context.data).toBeNull();
  });

  it('set replaces a running load: its late answer is ignored', async () => {
    const load = startLoad();
    const running = load.latest();
    load.actor.send({ type: 'load.set', data: refetched });
    expect(running.signal.aborted).toBe(true);
    expect(load.actor.getSnapshot().value).toBe('ready');
    running.resolve(wallet);
    await flush();
    expect(load.actor.getSnapshot().context.data).toBe(refetched);
    running.reject('offline');
    await flush();
    expect(load.actor.getSnapshot().value).toBe('ready');
  });

  it('set after a failure shows the data and forgets the failure', async () => {
    const load = startLoad();
    load.latest().reject('offline');
    await flush();
    load.actor.send({ type: 'load.set', data: refetched });
    expect(load.actor.getSnapshot().value).toBe('ready');
    expect(load.actor.getSnapshot().context).toEqual({ data: refetched, error: null });
  });

  it('cancels the running load when it stops', () => {
    const load = startLoad();
    load.actor.stop();
    expect(load.latest().signal.aborted).toBe(true);
  });

  it('fails when no load actor was provided', async () => {
    const actor = createActor(loadMachine).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
  });
});
