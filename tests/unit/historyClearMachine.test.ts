import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { historyClearMachine } from '../../src/machines/historyClearMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const { deferred, calls, answer } = deferredActors();
  const seen = { cleared: 0, failures: 0 };
  const actor = createActor(
    historyClearMachine.provide({
      actors: { clearHistory: deferred('clearHistory') } as never,
      actions: { announceFailure: () => void seen.failures++ },
    }),
  );
  actor.on('history.cleared', () => void seen.cleared++);
  actor.start();
  return { actor, calls, seen, answer: (event: AnyEventObject) => answer(actor, event) };
}

const events = (): AnyEventObject[] => [
  { type: 'history.clear' },
  { type: 'history.confirmClear' },
  { type: 'history.cancelClear' },
  { type: 'xstate.done.actor.clearHistory', output: { removed: 3 } },
  { type: 'xstate.error.actor.clearHistory', error: { status: 503, message: 'Unavailable' } },
];

describe('historyClearMachine (model)', () => {
  const paths = getTransitionPaths(createPathModel(historyClearMachine, { events }));

  it('takes every transition', () => {
    const taken = new Set(
      paths.flatMap((path) =>
        path.steps.slice(1).map((step, i) => `${String(path.steps[i].state.value)} ${step.event.type}`),
      ),
    );
    expect([...taken].sort()).toEqual(
      [
        'idle history.clear',
        'confirming history.confirmClear',
        'confirming history.cancelClear',
        'clearing xstate.done.actor.clearHistory',
        'clearing xstate.error.actor.clearHistory',
      ].sort(),
    );
  });

  describePaths('replays', paths, (path) => async () => {
    const h = start();
    for (const step of replaySteps(path)) {
      const before = { ...h.seen, calls: h.calls.length };
      h.answer(step.event);
      await flush();
      expect(h.actor.getSnapshot().value).toEqual(step.state.value);
      // Only a confirmed clear asks the server; only its success empties the list; a failure is told.
      expect(h.calls.length - before.calls).toBe(step.event.type === 'history.confirmClear' ? 1 : 0);
      expect(h.seen.cleared - before.cleared).toBe(
        step.event.type === 'xstate.done.actor.clearHistory' ? 1 : 0,
      );
      expect(h.seen.failures - before.failures).toBe(
        step.event.type === 'xstate.error.actor.clearHistory' ? 1 : 0,
      );
      expect(h.actor.getSnapshot().hasTag('busy')).toBe(step.state.value === 'clearing');
    }
  });
});

describe('historyClearMachine', () => {
  it('asks for confirmation before clearing', () => {
    const h = start();
    expect(h.actor.getSnapshot().can({ type: 'history.confirmClear' })).toBe(false);
    h.actor.send({ type: 'history.clear' });
    expect(h.actor.getSnapshot().can({ type: 'history.confirmClear' })).toBe(true);
    expect(h.calls).toHaveLength(0);
  });
});
