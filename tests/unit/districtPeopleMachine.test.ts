import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { DistrictInvitation, DistrictSlot } from '../../contracts/districts';
import {
  type DistrictPeopleChange,
  districtPeopleMachine,
  type DistrictPeopleSnapshot,
} from '../../src/machines/districtPeopleMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const invitation = (invitationCode: string, email: string | null): DistrictInvitation => ({
  invitationCode,
  link: `https://harbour.example.test/?invitation_code=${invitationCode}`,
  email,
  role: 'Creator',
  uses: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const open = invitation('open-link-1', null);
const madeLink = invitation('new-link-2', null);
const madeMail = invitation('new-mail-3', 'ben@example.test');
const slots: DistrictSlot[] = [
  { slotId: 's1', districtSlot: true, allocatedTo: null, sceneMetadata: null },
  {
    slotId: 's2',
    districtSlot: true,
    allocatedTo: { userId: 'ben', name: 'Ben' },
    sceneMetadata: { sceneId: 'sc1', title: 'Harbour lights' },
  },
];
const listed = { invitations: [open], slots };

const changes: DistrictPeopleChange[] = [
  { kind: 'inviteLink' },
  { kind: 'inviteEmail', email: 'ben@example.test' },
  { kind: 'withdraw', code: 'open-link-1' },
  { kind: 'setRole', userId: 'ben', role: 'Owner' },
  { kind: 'remove', userId: 'ben' },
  { kind: 'allocate', slotId: 's1', userId: 'ben' },
];
/** What `apply` answers for a change: the invitation made, or nothing. */
const answerFor = (change: DistrictPeopleChange | null) =>
  change?.kind === 'inviteLink' ? madeLink : change?.kind === 'inviteEmail' ? madeMail : null;

const notOwner = { status: 403, code: 'FORBIDDEN', message: 'Only the owner of the district may do this' };
const tooMany = {
  status: 422,
  code: 'BUSINESS_RULE',
  message: 'A district may have at most 200 open invitations',
};
const lost = { message: 'Failed to fetch' };

const events = (snapshot: DistrictPeopleSnapshot): AnyEventObject[] => [
  { type: 'invitations.retry' },
  ...changes.map((change) => ({ type: 'people.change', change })),
  { type: 'xstate.done.actor.load', output: listed },
  { type: 'xstate.error.actor.load', error: lost },
  { type: 'xstate.done.actor.apply', output: answerFor(snapshot.context.pending) },
  {
    type: 'xstate.error.actor.apply',
    error: snapshot.context.pending?.kind === 'inviteEmail' ? tooMany : notOwner,
  },
];

function startPeople() {
  const fakes = deferredActors();
  const announce = vi.fn();
  const announceFailed = vi.fn();
  const actor = createActor(
    districtPeopleMachine.provide({
      actors: { load: fakes.deferred('load'), apply: fakes.deferred('apply') } as never,
      actions: { announce, announceFailed },
    }),
    { input: { districtId: 'd1' } },
  );
  const changed = vi.fn();
  actor.on('people.changed', changed);
  actor.start();
  const callsOf = (name: string) => fakes.calls.filter((c) => c.name === name);
  return { actor, fakes, announce, announceFailed, changed, callsOf };
}

describe('districtPeopleMachine (model)', () => {
  const model = createPathModel(districtPeopleMachine, {
    events,
    input: { districtId: 'd1' },
    // The invitation made last is all the later states differ by: whether it is a link or an e-mail
    // one is tried once, from the first list loaded.
    filterEvents: (snapshot, event) => !(event.type === 'people.change' && snapshot.context.made !== null),
  });
  const paths = getTransitionPaths(model);

  it('covers loading, a failed load, each change, and its refusal', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(
      new Set(['loading', 'failed', 'ready', 'working']),
    );
    const kinds = new Set(
      steps
        .filter((step) => step.event.type === 'people.change')
        .map((step) => step.state.context.pending?.kind),
    );
    expect([...kinds].sort()).toEqual(changes.map((c) => c.kind).sort());
    const types = new Set(steps.map((step) => step.event.type));
    for (const type of ['xstate.done.actor.apply', 'xstate.error.actor.apply', 'invitations.retry'])
      expect(types).toContain(type);
  });

  describePaths('replays', paths, (path) => async () => {
    const p = startPeople();
    for (const step of replaySteps(path)) {
      const before = p.actor.getSnapshot();
      const calls = { load: p.callsOf('load').length, apply: p.callsOf('apply').length };
      const told = { ok: p.announce.mock.calls.length, failed: p.announceFailed.mock.calls.length };
      const changedBefore = p.changed.mock.calls.length;
      p.fakes.answer(p.actor, step.event);
      await flush();
      const after = p.actor.getSnapshot();
      const { context } = after;
      expect(after.value).toEqual(step.state.value);
      expect(context).toEqual(step.state.context);
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches('working'));

      // The lists are read on entering loading only, for this district.
      const loads = p.callsOf('load');
      expect(loads).toHaveLength(
        calls.load + (after.matches('loading') && !before.matches('loading') ? 1 : 0),
      );
      if (loads.length > calls.load) expect(loads.at(-1)!.input).toEqual({ districtId: 'd1' });

      const event = step.event as AnyEventObject & { change?: DistrictPeopleChange; error?: unknown };
      if (event.type === 'people.change') {
        // One change at a time, sent as the owner made it.
        expect(after.value).toBe('working');
        expect(context.pending).toEqual(event.change);
        expect(p.callsOf('apply')).toHaveLength(calls.apply + 1);
        expect(p.fakes.latest('apply').input).toEqual({ districtId: 'd1', change: event.change });
      } else expect(p.callsOf('apply')).toHaveLength(calls.apply);

      if (event.type === 'xstate.done.actor.apply') {
        // Done: said once, the lists showing members and slots told, and the lists read again.
        const change = before.context.pending!;
        expect(p.announce).toHaveBeenCalledTimes(told.ok + 1);
        expect(p.announce).toHaveBeenLastCalledWith(expect.anything(), { change });
        expect(p.changed).toHaveBeenCalledTimes(changedBefore + 1);
        expect(after.value).toBe('loading');
        expect(context.pending).toBeNull();
        // An invitation made shows its link to copy; any other change keeps the last one shown.
        expect(context.made).toEqual(answerFor(change) ?? before.context.made);
      } else {
        expect(p.announce).toHaveBeenCalledTimes(told.ok);
        expect(p.changed).toHaveBeenCalledTimes(changedBefore);
      }

      if (event.type === 'xstate.error.actor.apply') {
        // Refused: the server's words told, nothing else changes, and the owner may try again.
        expect(p.announceFailed).toHaveBeenCalledTimes(told.failed + 1);
        expect(p.announceFailed).toHaveBeenLastCalledWith(expect.anything(), { error: event.error });
        expect(after.value).toBe('ready');
        expect(context).toEqual({ ...before.context, pending: null });
        expect(context.invitations).toEqual([open]);
        expect(context.slots).toEqual(slots);
      } else expect(p.announceFailed).toHaveBeenCalledTimes(told.failed);

      if (event.type === 'xstate.done.actor.load') {
        expect(context.invitations).toEqual([open]);
        expect(context.slots).toEqual(slots);
        expect(context.error).toBeNull();
      }
      if (after.matches('failed')) {
        expect(context.error).toEqual(lost);
        expect(after.can({ type: 'invitations.retry' })).toBe(true);
      }
      // Nothing is changed while a change or a load runs, nor without the lists.
      if (!after.matches('ready'))
        expect(after.can({ type: 'people.change', change: { kind: 'inviteLink' } })).toBe(false);
    }
  });
});

describe('districtPeopleMachine', () => {
  it('ignores a second change while one is sent', async () => {
    const p = startPeople();
    p.fakes.latest('load').resolve(listed);
    await flush();
    p.actor.send({ type: 'people.change', change: { kind: 'remove', userId: 'ben' } });
    p.actor.send({ type: 'people.change', change: { kind: 'inviteLink' } });
    expect(p.callsOf('apply').map((c) => c.input)).toEqual([
      { districtId: 'd1', change: { kind: 'remove', userId: 'ben' } },
    ]);
  });

  it('shows the new link after inviting, and the lists as they are read again', async () => {
    const p = startPeople();
    p.fakes.latest('load').resolve({ invitations: [], slots: [] });
    await flush();
    p.actor.send({ type: 'people.change', change: { kind: 'inviteLink' } });
    p.fakes.latest('apply').resolve(madeLink);
    await flush();
    expect(p.actor.getSnapshot().context.made?.link).toBe(
      'https://harbour.example.test/?invitation_code=new-link-2',
    );
    p.fakes.latest('load').resolve({ invitations: [madeLink], slots });
    await flush();
    const { context } = p.actor.getSnapshot();
    expect(context.invitations.map((i) => i.invitationCode)).toEqual(['new-link-2']);
    expect(context.slots.map((s) => s.allocatedTo?.name ?? null)).toEqual([null, 'Ben']);
  });

  it('reads the lists again after a failed load, and forgets the failure once they come', async () => {
    const p = startPeople();
    p.fakes.latest('load').reject(lost);
    await flush();
    expect(p.actor.getSnapshot().value).toBe('failed');
    p.actor.send({ type: 'invitations.retry' });
    expect(p.callsOf('load')).toHaveLength(2);
    p.fakes.latest('load').resolve(listed);
    await flush();
    expect(p.actor.getSnapshot().value).toBe('ready');
    expect(p.actor.getSnapshot().context.error).toBeNull();
  });
});
