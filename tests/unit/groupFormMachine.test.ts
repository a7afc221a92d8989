import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Group } from '../../contracts/groups';
import {
  groupFormMachine,
  type GroupFormInput,
  type GroupFormSnapshot,
} from '../../src/machines/groupFormMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const club: Group = {
  groupId: 'g1',
  title: 'Print club',
  description: 'Prints and presses',
  image: null,
  owner: { userId: 'ada', name: 'Ada', profilePicture: null },
  numOfMembers: 1,
  membership: 'owner',
  districtId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const refusal = {
  status: 400,
  message: 'Give the group a title',
  details: [{ path: '/title', message: 'Give the group a title' }],
};
const lost = { message: 'Failed to fetch' };

function startForm(input: GroupFormInput) {
  const fakes = deferredActors();
  const actor = createActor(groupFormMachine.provide({ actors: { save: fakes.deferred('save') } as never }), {
    input,
  }).start();
  return { actor, fakes };
}

const events = (snapshot: GroupFormSnapshot) => [
  { type: 'form.submit', values: { title: 'Print club', description: '' } },
  { type: 'xstate.done.actor.save', output: { ...club, groupId: snapshot.context.group?.groupId ?? 'new' } },
  { type: 'xstate.error.actor.save', error: refusal },
  { type: 'xstate.error.actor.save', error: lost },
];

describe.each<[string, GroupFormInput]>([
  ['a new group', { group: null }],
  ['a change', { group: club }],
  ["a new district's group", { group: null, districtId: 'd1' }],
  ["a change to a district's group", { group: { ...club, districtId: 'd1' }, districtId: 'd1' }],
])('groupFormMachine for %s (model)', (_, input) => {
  const model = createPathModel(groupFormMachine, { events, input });
  const paths = getTransitionPaths(model);

  it('covers editing, saving, refusals and the saved group', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect(reached).toEqual(new Set(['editing', 'saving', 'saved']));
  });

  describePaths('replays', paths, (path) => async () => {
    const form = startForm(input);
    for (const step of replaySteps(path)) {
      const saves = form.fakes.calls.length;
      form.fakes.answer(form.actor, step.event);
      await flush();
      const snapshot = form.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving'));
      if (step.event.type === 'form.submit') {
        // One save: a new group is made (for the district, if any), a group is changed, with the values submitted.
        expect(form.fakes.calls).toHaveLength(saves + 1);
        expect(form.fakes.latest('save').input).toEqual({
          groupId: input.group?.groupId ?? null,
          districtId: input.group ? null : (input.districtId ?? null),
          values: { title: 'Print club', description: '' },
        });
      }
      if (step.event.type === 'xstate.error.actor.save') {
        const error = (step.event as unknown as { error: typeof refusal | typeof lost }).error;
        // The server's words and per-field messages, or none when it did not answer.
        expect(snapshot.context.problem).toEqual(
          'details' in error
            ? { message: error.message, fields: error.details }
            : { message: error.message, fields: [] },
        );
      }
      if (snapshot.status === 'done') expect(snapshot.output).toEqual(snapshot.context.group);
    }
  });
});

describe('groupFormMachine', () => {
  it('sends nothing more once a save runs', () => {
    const form = startForm({ group: null });
    form.actor.send({ type: 'form.submit', values: { title: 'A', description: '' } });
    form.actor.send({ type: 'form.submit', values: { title: 'B', description: '' } });
    expect(form.fakes.calls).toHaveLength(1);
  });
});
