import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { Group, GroupMembership } from '../../contracts/groups';
import { type GroupInput, groupMachine, type GroupSnapshot } from '../../src/machines/groupMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = { message: 'Only the owner of the group may do this', status: 403 };

const groupAs = (membership: GroupMembership | null, numOfMembers = 2): Group => ({
  groupId: 'g1',
  title: 'Print club',
  description: '',
  image: null,
  owner: { userId: 'ada', name: 'Ada', profilePicture: null },
  numOfMembers,
  membership,
  districtId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

function startGroup(input: GroupInput = { groupId: 'g1' }) {
  const fakes = deferredActors();
  const announce = vi.fn();
  const announceFailed = vi.fn();
  const actor = createActor(
    groupMachine.provide({
      actors: Object.fromEntries(
        ['load', 'respond', 'invite', 'removeMember', 'leave', 'remove'].map((name) => [
          name,
          fakes.deferred(name),
        ]),
      ) as never,
      actions: { announce, announceFailed },
    }),
    { input },
  );
  const listsChanged = vi.fn();
  actor.on('group.listsChanged', listsChanged);
  actor.start();
  return { actor, fakes, announce, announceFailed, listsChanged };
}

/** What each state of the model may meet: the user's actions and the server's answers. */
const events = (snapshot: GroupSnapshot): AnyEventObject[] => {
  const count = snapshot.context.group?.numOfMembers ?? 1;
  return [
    { type: 'group.retry' },
    { type: 'group.accept' },
    { type: 'group.decline' },
    { type: 'group.invite', userIds: ['ben'] },
    { type: 'group.removeMember', userId: 'ben' },
    { type: 'group.leave' },
    { type: 'group.delete' },
    { type: 'group.changed', group: { ...groupAs('owner', count), title: 'Collectors' } },
    // What the user is to the group decides what they may do: each one once.
    ...(['owner', 'member', 'invited', null] as const).map((membership) => ({
      type: 'xstate.done.actor.load',
      output: groupAs(membership, count),
    })),
    { type: 'xstate.error.actor.load', error: refused },
    { type: 'xstate.done.actor.respond', output: groupAs('member', count + 1) },
    { type: 'xstate.error.actor.respond', error: refused },
    { type: 'xstate.done.actor.invite', output: { invited: ['ben'], already: [] } },
    { type: 'xstate.error.actor.invite', error: refused },
    { type: 'xstate.done.actor.removeMember', output: undefined },
    { type: 'xstate.error.actor.removeMember', error: refused },
    { type: 'xstate.done.actor.leave', output: undefined },
    { type: 'xstate.error.actor.leave', error: refused },
    { type: 'xstate.done.actor.remove', output: undefined },
    { type: 'xstate.error.actor.remove', error: refused },
  ];
};

/** Which call each user action starts, when the user may do it. */
const startedBy: Record<string, string> = {
  'group.accept': 'respond',
  'group.decline': 'respond',
  'group.invite': 'invite',
  'group.removeMember': 'removeMember',
  'group.leave': 'leave',
  'group.delete': 'remove',
};
const allowed: Record<string, GroupMembership> = {
  'group.accept': 'invited',
  'group.decline': 'invited',
  'group.invite': 'owner',
  'group.removeMember': 'owner',
  'group.leave': 'member',
  'group.delete': 'owner',
};

describe('groupMachine (model)', () => {
  const model = createPathModel(groupMachine, {
    events,
    input: { groupId: 'g1' },
    // The revision counts changes without bound: states differ by what the user sees.
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        group: snapshot.context.group,
        revised: snapshot.context.membersRevision > 0,
        gone: snapshot.context.gone,
      }),
  });
  const paths = getTransitionPaths(model);

  it('covers every state', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect(reached).toEqual(
      new Set([
        'loading',
        'failed',
        'ready',
        'accepting',
        'declining',
        'inviting',
        'removing',
        'leaving',
        'deleting',
        'declined',
        'left',
        'deleted',
      ]),
    );
  });

  describePaths('replays', paths, (path) => async () => {
    const g = startGroup();
    for (const step of replaySteps(path)) {
      const before = g.actor.getSnapshot();
      const callsBefore = g.fakes.calls.length;
      const listsBefore = g.listsChanged.mock.calls.length;
      g.fakes.answer(g.actor, step.event);
      await flush();
      const snapshot = g.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context.group).toEqual(step.state.context.group);
      expect(snapshot.context.gone).toEqual(step.state.context.gone);
      expect(snapshot.hasTag('busy')).toBe(
        !['ready', 'failed', 'declined', 'left', 'deleted'].includes(snapshot.value as string),
      );

      const call = startedBy[step.event.type];
      if (call && before.matches('ready')) {
        const started = g.fakes.calls.slice(callsBefore);
        if (before.context.group?.membership === allowed[step.event.type]) {
          // One request, for this group, with what the user chose.
          expect(started.map((c) => c.name)).toEqual([call]);
          expect(started[0].input).toMatchObject({ groupId: 'g1' });
          if (step.event.type === 'group.invite')
            expect(started[0].input).toEqual({ groupId: 'g1', userIds: ['ben'] });
          if (step.event.type === 'group.removeMember')
            expect(started[0].input).toEqual({ groupId: 'g1', userId: 'ben' });
          if (call === 'respond')
            expect(started[0].input).toEqual({ groupId: 'g1', accept: step.event.type === 'group.accept' });
        } else {
          // Not theirs to do: nothing is asked and nothing changes.
          expect(started).toEqual([]);
          expect(snapshot.context).toEqual(before.context);
        }
      }
      if (
        step.event.type.startsWith('xstate.error.actor.') &&
        step.event.type !== 'xstate.error.actor.load'
      ) {
        // A refused action says so and keeps the group as it was.
        expect(g.announceFailed).toHaveBeenLastCalledWith(expect.anything(), { error: refused });
        expect(snapshot.context.group).toEqual(before.context.group);
        expect(snapshot.value).toBe('ready');
      }
      // Lists showing the group load again after every change they would show.
      const changedLists =
        [
          'xstate.done.actor.respond',
          'xstate.done.actor.removeMember',
          'xstate.done.actor.leave',
          'xstate.done.actor.remove',
        ].includes(step.event.type) ||
        (step.event.type === 'group.changed' && before.context.group?.membership === 'owner');
      expect(g.listsChanged.mock.calls.length).toBe(listsBefore + (changedLists ? 1 : 0));
      if (snapshot.status === 'done') expect(snapshot.output).toEqual({ reason: snapshot.context.gone });
    }
  });
});

describe('groupMachine', () => {
  it('shows the group a list gave at once, and the members again after an invitation', async () => {
    const g = startGroup({ groupId: 'g1', group: groupAs('owner') });
    expect(g.actor.getSnapshot().context.group?.title).toBe('Print club');
    g.fakes.latest('load').resolve(groupAs('owner', 3));
    await flush();
    const revision = g.actor.getSnapshot().context.membersRevision;
    g.actor.send({ type: 'group.invite', userIds: ['ben', 'cy'] });
    g.fakes.latest('invite').resolve({ invited: ['ben', 'cy'], already: [] });
    await flush();
    expect(g.actor.getSnapshot().context.membersRevision).toBe(revision + 1);
    expect(g.announce).toHaveBeenLastCalledWith(expect.anything(), {
      message: 'groups.invited',
      values: { count: 2 },
    });
  });

  it('reads the group again after a member is removed, for its new count', async () => {
    const g = startGroup();
    g.fakes.latest('load').resolve(groupAs('owner', 3));
    await flush();
    g.actor.send({ type: 'group.removeMember', userId: 'ben' });
    g.fakes.latest('removeMember').resolve(undefined);
    await flush();
    expect(g.actor.getSnapshot().value).toBe('loading');
    g.fakes.latest('load').resolve(groupAs('owner', 2));
    await flush();
    expect(g.actor.getSnapshot().context.group?.numOfMembers).toBe(2);
  });

  it("takes no action that is not the user's to take", async () => {
    for (const membership of ['owner', 'member', 'invited', null] as const) {
      const g = startGroup();
      g.fakes.latest('load').resolve(groupAs(membership));
      await flush();
      for (const [type, call] of Object.entries(startedBy)) {
        if (allowed[type] === membership) continue;
        g.actor.send({ type, userIds: ['ben'], userId: 'ben' } as never);
        expect(g.fakes.calls.filter((c) => c.name === call)).toHaveLength(0);
        expect(g.actor.getSnapshot().value).toBe('ready');
      }
    }
  });

  it('ignores a second press while an action runs', async () => {
    const g = startGroup();
    g.fakes.latest('load').resolve(groupAs('invited'));
    await flush();
    g.actor.send({ type: 'group.accept' });
    g.actor.send({ type: 'group.accept' });
    g.actor.send({ type: 'group.decline' });
    expect(g.fakes.calls.filter((c) => c.name === 'respond')).toHaveLength(1);
  });
});
