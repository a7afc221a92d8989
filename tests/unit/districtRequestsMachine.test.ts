import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { DistrictRole } from '../../contracts/districts';
import type { DistrictSpaceRequest } from '../../contracts/districtSpaces';
import {
  type DistrictRequestChange,
  type DistrictRequestsLoad,
  districtRequestsMachine,
  type DistrictRequestsSnapshot,
} from '../../src/machines/districtRequestsMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const request = (requestId: string, state: DistrictSpaceRequest['state']): DistrictSpaceRequest => ({
  requestId,
  districtId: 'd1',
  kind: 'hosting',
  state,
  message: 'For the autumn show',
  requester: { userId: 'ben', name: 'Ben', profilePicture: null },
  scene: { sceneId: `scene-${requestId}`, title: 'Harbour lights', thumbnailUri: null },
  createdAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
});
const listed: DistrictRequestsLoad = {
  requests: [request('r1', 'pending'), request('r2', 'accepted')],
  spaces: [
    { sceneId: 'mine', title: 'Pier at dusk', listed: false },
    { sceneId: 'scene-r2', title: 'Harbour lights', listed: true },
  ],
};
const changes: DistrictRequestChange[] = [
  { kind: 'ask', sceneId: 'mine', requestKind: 'hosting', message: 'Please' },
  { kind: 'accept', requestId: 'r1' },
  { kind: 'decline', requestId: 'r1' },
  { kind: 'remove', requestId: 'r2' },
];
const alreadyAsked = {
  status: 409,
  code: 'CONFLICT',
  message: 'You have already asked; the district’s owner has not answered yet.',
};
const lost = { message: 'Failed to fetch' };

const events = (_: DistrictRequestsSnapshot): AnyEventObject[] => [
  { type: 'requests.retry' },
  ...changes.map((change) => ({ type: 'requests.change', change })),
  { type: 'xstate.done.actor.load', output: listed },
  { type: 'xstate.error.actor.load', error: lost },
  { type: 'xstate.done.actor.apply', output: null },
  { type: 'xstate.error.actor.apply', error: alreadyAsked },
];

function start(role: DistrictRole | null = 'Owner') {
  const fakes = deferredActors();
  const announce = vi.fn();
  const announceFailed = vi.fn();
  const actor = createActor(
    districtRequestsMachine.provide({
      actors: { load: fakes.deferred('load'), apply: fakes.deferred('apply') } as never,
      actions: { announce, announceFailed },
    }),
    { input: { districtId: 'd1', role } },
  );
  actor.start();
  const callsOf = (name: string) => fakes.calls.filter((c) => c.name === name);
  return { actor, fakes, announce, announceFailed, callsOf };
}

describe('districtRequestsMachine (model)', () => {
  const model = createPathModel(districtRequestsMachine, {
    events,
    input: { districtId: 'd1', role: 'Owner' },
  });
  const paths = getTransitionPaths(model);

  it('covers loading, a failed load, each change, and its refusal', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(
      new Set(['loading', 'failed', 'ready', 'working']),
    );
    const kinds = new Set(
      steps.filter((s) => s.event.type === 'requests.change').map((s) => s.state.context.pending?.kind),
    );
    expect([...kinds].sort()).toEqual(changes.map((c) => c.kind).sort());
    const types = new Set(steps.map((step) => step.event.type));
    for (const type of ['xstate.done.actor.apply', 'xstate.error.actor.apply', 'requests.retry'])
      expect(types).toContain(type);
  });

  describePaths('replays', paths, (path) => async () => {
    const p = start();
    for (const step of replaySteps(path)) {
      const before = p.actor.getSnapshot();
      const calls = { load: p.callsOf('load').length, apply: p.callsOf('apply').length };
      const told = { ok: p.announce.mock.calls.length, failed: p.announceFailed.mock.calls.length };
      p.fakes.answer(p.actor, step.event);
      await flush();
      const after = p.actor.getSnapshot();
      const { context } = after;
      expect(after.value).toEqual(step.state.value);
      expect(context).toEqual(step.state.context);
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches('working'));

      // The lists are read on entering loading only, for this district and role.
      const loads = p.callsOf('load');
      expect(loads).toHaveLength(
        calls.load + (after.matches('loading') && !before.matches('loading') ? 1 : 0),
      );
      if (loads.length > calls.load) expect(loads.at(-1)!.input).toEqual({ districtId: 'd1', role: 'Owner' });

      const event = step.event as AnyEventObject & { change?: DistrictRequestChange; error?: unknown };
      if (event.type === 'requests.change') {
        expect(after.value).toBe('working');
        expect(p.callsOf('apply')).toHaveLength(calls.apply + 1);
        expect(p.fakes.latest('apply').input).toEqual({ districtId: 'd1', change: event.change });
      } else expect(p.callsOf('apply')).toHaveLength(calls.apply);

      if (event.type === 'xstate.done.actor.apply') {
        // Done: said once, and the lists read again (an accepted space moves lists).
        expect(p.announce).toHaveBeenCalledTimes(told.ok + 1);
        expect(p.announce).toHaveBeenLastCalledWith(expect.anything(), { change: before.context.pending });
        expect(after.value).toBe('loading');
        expect(context.pending).toBeNull();
      } else expect(p.announce).toHaveBeenCalledTimes(told.ok);

      if (event.type === 'xstate.error.actor.apply') {
        // Refused: the server's words told; the lists stay as they were.
        expect(p.announceFailed).toHaveBeenCalledTimes(told.failed + 1);
        expect(p.announceFailed).toHaveBeenLastCalledWith(expect.anything(), { error: alreadyAsked });
        expect(after.value).toBe('ready');
        expect(context).toEqual({ ...before.context, pending: null });
      } else expect(p.announceFailed).toHaveBeenCalledTimes(told.failed);

      if (after.matches('failed')) {
        expect(context.error).toEqual(lost);
        expect(after.can({ type: 'requests.retry' })).toBe(true);
      }
      if (!after.matches('ready'))
        expect(after.can({ type: 'requests.change', change: changes[0] })).toBe(false);
    }
  });
});

describe('districtRequestsMachine', () => {
  it('loads nothing for someone who is not a member', () => {
    const p = start(null);
    expect(p.actor.getSnapshot().status).toBe('done');
    expect(p.callsOf('load')).toHaveLength(0);
  });

  it('sends one change at a time and shows the lists as they are read again', async () => {
    const p = start('Creator');
    expect(p.fakes.latest('load').input).toEqual({ districtId: 'd1', role: 'Creator' });
    p.fakes.latest('load').resolve(listed);
    await flush();
    p.actor.send({ type: 'requests.change', change: changes[0] });
    p.actor.send({ type: 'requests.change', change: changes[3] });
    expect(p.callsOf('apply').map((c) => c.input)).toEqual([{ districtId: 'd1', change: changes[0] }]);
    p.fakes.latest('apply').resolve(request('r3', 'pending'));
    await flush();
    p.fakes.latest('load').resolve({ ...listed, requests: [request('r3', 'pending'), ...listed.requests] });
    await flush();
    expect(p.actor.getSnapshot().context.requests.map((r) => r.requestId)).toEqual(['r3', 'r1', 'r2']);
  });
});
