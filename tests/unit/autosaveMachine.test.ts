import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
} from 'xstate';
import {
  type AutosaveSnapshot,
  autosaveMachine,
  retryDelayMs,
  type SaveStatusReport,
} from '../../src/machines/autosaveMachine';
import { saveTiming } from '../../src/machines/saveMachine';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const timing = {
  autosaveIntervalMs: saveTiming.autosaveIntervalMs,
  retryFirstMs: saveTiming.retryFirstMs,
  retryMaxMs: saveTiming.retryMaxMs,
};
const intervalTick = { type: 'xstate.after.autosaveInterval.autosave.waiting' };
const retryTick = { type: 'xstate.after.retryBackoff.autosave.retrying' };

const status = (report: Partial<Omit<SaveStatusReport, 'type'>>): SaveStatusReport => ({
  type: 'save.status',
  enabled: true,
  dirty: false,
  saving: false,
  failures: 0,
  ...report,
});
const off = status({ enabled: false, dirty: true });
const clean = status({});
const dirty = status({ dirty: true });
const saving = status({ dirty: true, saving: true });
const retrySaving = status({ dirty: true, saving: true, failures: 1 });
const failedOnce = status({ dirty: true, failures: 1 });
const failedTwice = status({ dirty: true, failures: 2 });

/** The machine with its request recorded: each request is what the parent receives as `save.requested`. */
function startAutosave() {
  const requests: number[] = [];
  /** The transitions the machine took (from the inspection API), as `transitionKey`s. */
  const taken = new Set<string>();
  const actor = createActor(
    autosaveMachine.provide({ actions: { requestSave: () => void requests.push(Date.now()) } }),
    {
      input: { timing },
      inspect: (event) => {
        if (event.type === '@xstate.microstep')
          for (const t of event._transitions) taken.add(transitionKey(t));
      },
    },
  ).start();
  return { actor, requests, taken };
}

/** One transition of a machine's definition: `autosave.clean save.status [isDirty] → autosave.waiting`. */
function transitionKey(t: AnyTransitionDefinition) {
  const guard =
    typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string } | undefined)?.type ?? '');
  const target = t.target?.map((node) => node.id).join(', ') ?? '(stays)';
  return `${t.source.id} ${t.eventType}${guard ? ` [${guard}]` : ''} → ${target}`;
}

/** Every transition `machine` defines: events, delays and eventless ones. */
function definedTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const transitions of node.transitions.values()) keys.push(...transitions.map(transitionKey));
    keys.push(...(node.always ?? []).map(transitionKey));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return keys;
}

/** How long the state's timer runs, or null when it has none. */
function timerOf(snapshot: AutosaveSnapshot): number | null {
  if (snapshot.matches('waiting')) return timing.autosaveIntervalMs;
  if (snapshot.matches('retrying')) return retryDelayMs(snapshot.context.failures, timing);
  return null;
}

describe('autosaveMachine (model)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = createPathModel(autosaveMachine, {
    input: { timing },
    events: () =>
      [
        off,
        clean,
        dirty,
        saving,
        retrySaving,
        failedOnce,
        failedTwice,
        intervalTick,
        retryTick,
      ] as AnyEventObject[],
  });
  const paths = getTransitionPaths(model);

  it('covers every state and both timers', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(
      new Set(['off', 'clean', 'waiting', 'saving', 'retrying']),
    );
    const types = new Set(steps.map((step) => step.event.type));
    expect(types).toContain(intervalTick.type);
    expect(types).toContain(retryTick.type);
  });

  it('takes every transition the machine defines', async () => {
    const taken = new Set<string>();
    for (const path of paths) {
      const autosave = startAutosave();
      for (const step of replaySteps(path)) {
        const wait = timerOf(autosave.actor.getSnapshot());
        if (step.event.type === 'save.status') autosave.actor.send(step.event as SaveStatusReport);
        else await vi.advanceTimersByTimeAsync(wait ?? 0);
      }
      autosave.taken.forEach((key) => taken.add(key));
      autosave.actor.stop();
    }
    const defined = definedTransitions(autosaveMachine);
    expect(defined).toHaveLength(5 * 5 + 2);
    expect(defined.filter((key) => !taken.has(key))).toEqual([]);
  });

  describePaths('replays', paths, (path) => async () => {
    const autosave = startAutosave();
    let told: SaveStatusReport | undefined;
    for (const step of replaySteps(path)) {
      const before = autosave.actor.getSnapshot();
      const requested = autosave.requests.length;
      if (step.event.type === intervalTick.type || step.event.type === retryTick.type) {
        // The request comes exactly when the state's wait is over, not a millisecond before.
        const wait = timerOf(before);
        expect(wait).not.toBeNull();
        await vi.advanceTimersByTimeAsync((wait ?? 0) - 1);
        expect(autosave.requests).toHaveLength(requested);
        await vi.advanceTimersByTimeAsync(1);
        expect(autosave.requests).toHaveLength(requested + 1);
        // A request only ever follows news of changes to save or a failed save, with no save running.
        expect(told).toBeDefined();
        expect(told?.enabled && !told.saving && (told.dirty || told.failures > 0)).toBe(true);
      } else {
        told = step.event as SaveStatusReport;
        autosave.actor.send(told);
        expect(autosave.requests).toHaveLength(requested);
      }
      const snapshot = autosave.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      // Where there is no wait, time passing asks for nothing: no save while one runs, none when off or clean.
      if (timerOf(snapshot) === null) {
        const asked = autosave.requests.length;
        await vi.advanceTimersByTimeAsync(timing.autosaveIntervalMs + timing.retryMaxMs);
        expect(autosave.requests).toHaveLength(asked);
      }
    }
  });
});

describe('autosaveMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries after 2 s, 4 s, 8 s, 16 s, then every 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((failures) => retryDelayMs(failures, timing))).toEqual([
      2000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('saves 30 s after the first unsaved change, however much editing follows', async () => {
    const { actor, requests } = startAutosave();
    actor.send(clean);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(0);
    actor.send(dirty);
    for (let second = 0; second < 29; second++) {
      await vi.advanceTimersByTimeAsync(1000);
      actor.send(dirty); // another edit
    }
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(1);
  });

  it('asks again 30 s later when a request was not answered with a save', async () => {
    const { actor, requests } = startAutosave();
    actor.send(dirty);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(requests).toHaveLength(3);
  });

  it('starts a fresh 30 s wait after a save that left changes (an edit made during it)', async () => {
    const { actor, requests } = startAutosave();
    actor.send(dirty);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send(saving);
    await vi.advanceTimersByTimeAsync(5_000);
    actor.send(dirty); // the save ended; the edit made during it is still unsaved
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
  });

  it('waits longer after each failure and stops retrying once a save succeeds', async () => {
    const { actor, requests } = startAutosave();
    const t0 = Date.now();
    for (let failures = 1; failures <= 6; failures++) {
      actor.send(status({ dirty: true, saving: true, failures: failures - 1 }));
      actor.send(status({ dirty: true, failures }));
      await vi.advanceTimersByTimeAsync(retryDelayMs(failures, timing));
    }
    expect(requests.map((at) => at - t0)).toEqual([2000, 6000, 14_000, 30_000, 60_000, 90_000]);
    actor.send(status({ dirty: true, saving: true, failures: 6 }));
    actor.send(clean);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(requests).toHaveLength(6);
    expect(actor.getSnapshot().value).toBe('clean');
  });

  it('keeps the retry wait running when more edits are reported', async () => {
    const { actor, requests } = startAutosave();
    actor.send(failedTwice); // 4 s
    await vi.advanceTimersByTimeAsync(3000);
    actor.send(failedTwice);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(1);
  });

  it('turning autosave off drops the wait; turning it on starts a new one', async () => {
    const { actor, requests } = startAutosave();
    actor.send(dirty);
    await vi.advanceTimersByTimeAsync(29_000);
    actor.send(off);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(0);
    actor.send(dirty);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
  });

  it('does not retry while off, and retries when turned back on', async () => {
    const { actor, requests } = startAutosave();
    actor.send(status({ enabled: false, dirty: true, failures: 1 }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(0);
    actor.send(failedOnce);
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(1);
  });
});
