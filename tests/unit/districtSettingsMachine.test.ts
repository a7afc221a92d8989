import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { District } from '../../contracts/districts';
import {
  type DistrictSettingsChange,
  districtSettingsMachine,
  type DistrictSettingsSnapshot,
} from '../../src/machines/districtSettingsMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const harbour: District = {
  districtId: 'd1',
  title: 'Harbour',
  subdomain: 'harbour',
  public: true,
  visible: true,
  photo: null,
  coverPhoto: null,
  subtitle: 'Lights by the sea',
  description: '',
  socialMedia: [],
  styles: '{"theme":"harbour","fontFamily":"sans"}',
  owner: { userId: 'ada', name: 'Ada', profilePicture: null },
  freeSpaceTemplateId: 'gallery',
  numOfMembers: 1,
  numOfSpaces: 0,
  numOfFollowers: 0,
  districtUserRole: 'Owner',
  following: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};
const logo = new File(['png'], 'logo.png', { type: 'image/png' });
const retitled: DistrictSettingsChange = {
  fields: { title: 'Harbour lights', subtitle: 'Lights by the sea', public: false },
  pictures: { photo: logo, coverPhoto: null },
};
const saved: District = {
  ...harbour,
  title: 'Harbour lights',
  public: false,
  photo: '/api/fileService/file/p1',
};
/** 400 with per-field messages: shown beside the fields. */
const refusal = {
  status: 400,
  code: 'VALIDATION_FAILED',
  message: 'It should contain no more than 50 characters',
  details: [{ path: '/title', message: 'It should contain no more than 50 characters' }],
};
/** 403: not the owner (no field messages). */
const notOwner = { status: 403, code: 'FORBIDDEN', message: 'Only the owner of the district may do this' };
/** No answer at all. */
const lost = new TypeError('Failed to fetch');

const events = (): AnyEventObject[] => [
  { type: 'settings.save', change: retitled },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: refusal },
  { type: 'xstate.error.actor.save', error: notOwner },
  { type: 'xstate.error.actor.save', error: lost },
];

function startSettings() {
  const fakes = deferredActors();
  const announceSaved = vi.fn();
  const actor = createActor(
    districtSettingsMachine.provide({
      actors: { save: fakes.deferred('save') } as never,
      actions: { announceSaved },
    }),
    { input: { districtId: 'd1' } },
  );
  const savedEvents: District[] = [];
  actor.on('settings.saved', (event) => void savedEvents.push(event.district));
  actor.start();
  return { actor, fakes, announceSaved, savedEvents };
}

/** The problem the user reads beside the form after a refused save. */
function problemShownFor(error: unknown): DistrictSettingsSnapshot['context']['problem'] {
  if (error === refusal) return { message: refusal.message, fields: refusal.details };
  if (error === notOwner) return { message: notOwner.message, fields: [] };
  return { message: 'Failed to fetch', fields: [] };
}

describe('districtSettingsMachine (model)', () => {
  const model = createPathModel(districtSettingsMachine, { events, input: { districtId: 'd1' } });
  const paths = getTransitionPaths(model);

  it('covers editing, saving, each refusal and the saved district', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(new Set(['editing', 'saving']));
    const types = new Set(steps.map((step) => step.event.type));
    for (const type of ['settings.save', 'xstate.done.actor.save', 'xstate.error.actor.save'])
      expect(types).toContain(type);
    // A save after a refusal (the problem shown) is tried too.
    expect(
      paths.some((path) =>
        replaySteps(path).some(
          (step, i, all) => i > 0 && step.event.type === 'settings.save' && all[i - 1].state.context.problem,
        ),
      ),
    ).toBe(true);
  });

  describePaths('replays', paths, (path) => async () => {
    const s = startSettings();
    for (const step of replaySteps(path)) {
      const before = s.actor.getSnapshot();
      const saves = s.fakes.calls.length;
      const announced = s.announceSaved.mock.calls.length;
      const told = s.savedEvents.length;
      s.fakes.answer(s.actor, step.event);
      await flush();
      const after = s.actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expect(after.context).toEqual(step.state.context);
      expect(after.context.districtId).toBe('d1');
      expect(after.hasTag('busy')).toBe(after.matches('saving'));

      if (step.event.type === 'settings.save') {
        // One PATCH, for this district, with the fields and pictures as the form sent them.
        expect(s.fakes.calls).toHaveLength(saves + 1);
        expect(s.fakes.latest('save').input).toEqual({ districtId: 'd1', change: retitled });
        // The last refusal stays beside the fields while the new save runs.
        expect(after.context.problem).toEqual(before.context.problem);
      } else expect(s.fakes.calls).toHaveLength(saves);

      if (step.event.type === 'xstate.done.actor.save') {
        // Saved: the district is told once (for the pages showing it), and the toast said once.
        expect(after.value).toBe('editing');
        expect(after.context.problem).toBeNull();
        expect(s.savedEvents.slice(told)).toEqual([saved]);
        expect(s.announceSaved).toHaveBeenCalledTimes(announced + 1);
      } else {
        expect(s.savedEvents).toHaveLength(told);
        expect(s.announceSaved).toHaveBeenCalledTimes(announced);
      }

      if (step.event.type === 'xstate.error.actor.save') {
        // Refused: back to the form (as typed, the machine keeps no copy), the server's words shown.
        const error: unknown = step.event.error;
        expect(after.value).toBe('editing');
        expect(after.context.problem).toEqual(problemShownFor(error));
        expect(after.can({ type: 'settings.save', change: retitled })).toBe(true);
      }
    }
  });
});

describe('districtSettingsMachine', () => {
  it('sends one save at a time: a second press while saving is not sent', () => {
    const s = startSettings();
    s.actor.send({ type: 'settings.save', change: retitled });
    s.actor.send({ type: 'settings.save', change: { fields: { title: 'Other' }, pictures: {} } });
    expect(s.fakes.calls).toHaveLength(1);
    expect(s.fakes.latest('save').input).toEqual({ districtId: 'd1', change: retitled });
  });

  it('clears the refusal once a corrected save goes through', async () => {
    const s = startSettings();
    s.actor.send({ type: 'settings.save', change: retitled });
    s.fakes.latest('save').reject(refusal);
    await flush();
    expect(s.actor.getSnapshot().context.problem?.fields).toEqual([
      { path: '/title', message: 'It should contain no more than 50 characters' },
    ]);
    const fixed: DistrictSettingsChange = { fields: { title: 'Harbour lights' }, pictures: {} };
    s.actor.send({ type: 'settings.save', change: fixed });
    expect(s.fakes.latest('save').input).toEqual({ districtId: 'd1', change: fixed });
    s.fakes.latest('save').resolve(saved);
    await flush();
    expect(s.actor.getSnapshot().context.problem).toBeNull();
    expect(s.savedEvents).toEqual([saved]);
  });

  it('shows no words for a refusal that has none, and ignores details that are not a list', async () => {
    const s = startSettings();
    s.actor.send({ type: 'settings.save', change: retitled });
    s.fakes.latest('save').reject({ status: 500, details: { title: 'x' } });
    await flush();
    expect(s.actor.getSnapshot().context.problem).toEqual({ message: '', fields: [] });
    s.actor.send({ type: 'settings.save', change: retitled });
    s.fakes.latest('save').reject(null);
    await flush();
    expect(s.actor.getSnapshot().context.problem).toEqual({ message: '', fields: [] });
    expect(s.actor.getSnapshot().value).toBe('editing');
  });
});
