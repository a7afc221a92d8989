import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { SceneEvent, SceneEventsAnswer } from '../../contracts/sceneEvents';
import {
  type SceneEventChange,
  sceneEventsMachine,
  type SceneEventsSnapshot,
  untilChange,
} from '../../src/machines/sceneEventsMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const day = 24 * 60 * 60 * 1000;
/** Times relative to now, so that no timer of the machine comes due while a test runs. */
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();

const event = (eventId: string, title: string, live: boolean): SceneEvent => ({
  eventId,
  sceneId: 's1',
  title,
  startsAt: live ? inDays(-0.1) : inDays(2),
  endsAt: inDays(2.1),
  live,
});
const listed: SceneEventsAnswer = {
  events: [event('e1', 'Opening', true), event('e2', 'Talk', false)],
  mayOrganise: true,
};
const changes: SceneEventChange[] = [
  {
    kind: 'add',
    event: { title: 'Late tour', startsAt: inDays(3), endsAt: inDays(3.1) },
  },
  { kind: 'cancel', eventId: 'e2' },
];
const refused = { status: 422, code: 'BUSINESS_RULE', message: 'An event ends after it starts' };
const lost = { message: 'Failed to fetch' };

const events = (_: SceneEventsSnapshot): AnyEventObject[] => [
  { type: 'events.retry' },
  { type: 'events.refresh' },
  ...changes.map((change) => ({ type: 'events.change', change })),
  { type: 'xstate.done.actor.load', output: listed },
  { type: 'xstate.error.actor.load', error: lost },
  { type: 'xstate.done.actor.apply', output: event('e3', 'Late tour', false) },
  { type: 'xstate.error.actor.apply', error: refused },
];

function start() {
  const fakes = deferredActors();
  const actor = createActor(
    sceneEventsMachine.provide({
      actors: { load: fakes.deferred('load'), apply: fakes.deferred('apply') } as never,
    }),
    { input: { sceneId: 's1' } },
  );
  actor.start();
  const callsOf = (name: string) => fakes.calls.filter((c) => c.name === name);
  return { actor, fakes, callsOf };
}

describe('sceneEventsMachine (model)', () => {
  const model = createPathModel(sceneEventsMachine, { events, input: { sceneId: 's1' } });
  const paths = getTransitionPaths(model);

  it('covers loading, a failed read, each change, its refusal and a refresh', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(
      new Set(['loading', 'failed', 'ready', 'working']),
    );
    const kinds = new Set(
      steps.filter((s) => s.event.type === 'events.change').map((s) => s.state.context.pending?.kind),
    );
    expect([...kinds].sort()).toEqual(['add', 'cancel']);
    const types = new Set(steps.map((step) => step.event.type));
    for (const type of [
      'xstate.done.actor.apply',
      'xstate.error.actor.apply',
      'events.retry',
      'events.refresh',
    ])
      expect(types).toContain(type);
  });

  describePaths('replays', paths, (path) => async () => {
    const p = start();
    for (const step of replaySteps(path)) {
      const before = p.actor.getSnapshot();
      const calls = { load: p.callsOf('load').length, apply: p.callsOf('apply').length };
      p.fakes.answer(p.actor, step.event);
      await flush();
      const after = p.actor.getSnapshot();
      const { context } = after;
      expect(after.value).toEqual(step.state.value);
      expect(context).toEqual(step.state.context);
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches('working'));

      // The list is read on entering loading only, for this space.
      const loads = p.callsOf('load');
      expect(loads).toHaveLength(
        calls.load + (after.matches('loading') && !before.matches('loading') ? 1 : 0),
      );
      if (loads.length > calls.load) expect(loads.at(-1)!.input).toEqual({ sceneId: 's1' });

      const sent = step.event as AnyEventObject & { change?: SceneEventChange };
      if (sent.type === 'events.change') {
        // One change at a time, and the last refusal is forgotten.
        expect(after.value).toBe('working');
        expect(p.callsOf('apply')).toHaveLength(calls.apply + 1);
        expect(p.fakes.latest('apply').input).toEqual({ sceneId: 's1', change: sent.change });
        expect(context.problem).toBeNull();
      } else expect(p.callsOf('apply')).toHaveLength(calls.apply);

      if (sent.type === 'xstate.done.actor.apply') {
        // Done: the list is read again; a new event empties the form (its id is the form's key).
        expect(after.value).toBe('loading');
        expect(context.lastAdded).toBe(
          before.context.pending?.kind === 'add' ? 'e3' : before.context.lastAdded,
        );
      } else expect(context.lastAdded).toBe(before.context.lastAdded);

      if (sent.type === 'xstate.error.actor.apply') {
        // Refused: the server's words shown; the list stays as it was.
        expect(after.value).toBe('ready');
        expect(context).toEqual({ ...before.context, pending: null, problem: refused.message });
      }
      if (after.matches('failed')) {
        expect(context.error).toBe(lost.message);
        expect(after.can({ type: 'events.retry' })).toBe(true);
      }
      if (!after.matches('ready'))
        expect(after.can({ type: 'events.change', change: changes[0] })).toBe(false);
    }
  });
});

describe('sceneEventsMachine', () => {
  it('shows the events as read, and reads them again after a cancellation', async () => {
    const p = start();
    p.fakes.latest('load').resolve(listed);
    await flush();
    expect(p.actor.getSnapshot().context).toMatchObject({ mayOrganise: true, events: listed.events });
    p.actor.send({ type: 'events.change', change: changes[1] });
    p.actor.send({ type: 'events.change', change: changes[0] });
    expect(p.callsOf('apply').map((c) => c.input)).toEqual([{ sceneId: 's1', change: changes[1] }]);
    p.fakes.latest('apply').resolve(undefined);
    await flush();
    p.fakes.latest('load').resolve({ ...listed, events: [listed.events[0]] });
    await flush();
    expect(p.actor.getSnapshot().context.events.map((e) => e.title)).toEqual(['Opening']);
  });
});

describe('sceneEventsMachine and the clock', () => {
  afterEach(() => vi.useRealTimers());

  it('knows when the list changes by the clock: the next start, or the end of what is on', () => {
    const now = Date.parse('2026-12-01T12:00:00.000Z');
    const at = (iso: string) => ({
      ...event('x', 'X', false),
      startsAt: iso,
      endsAt: '2026-12-01T20:00:00.000Z',
    });
    expect(untilChange([], now)).toBeNull();
    expect(untilChange([at('2026-12-01T12:01:00.000Z')], now, 0)).toBe(60_000);
    expect(untilChange([{ ...at('2026-12-01T11:00:00.000Z'), live: true }], now, 0)).toBe(8 * 60 * 60 * 1000);
    // Started since it was read: now.
    expect(untilChange([at('2026-12-01T11:59:00.000Z')], now)).toBe(0);
  });

  it('reads the list again when an event starts, and not before', async () => {
    vi.useFakeTimers();
    const p = start();
    const soon = { ...event('e9', 'Soon', false), startsAt: new Date(Date.now() + 60_000).toISOString() };
    p.fakes.latest('load').resolve({ events: [soon], mayOrganise: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(p.actor.getSnapshot().value).toBe('ready');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(p.callsOf('load')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(p.callsOf('load')).toHaveLength(2);
    expect(p.actor.getSnapshot().value).toBe('loading');
  });
});
