import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { UserFull } from '../../contracts/users';
import { profileMachine } from '../../src/machines/profileMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const alice = {
  userId: 'u1',
  name: 'Alice',
  username: null,
  bio: null,
  city: null,
  country: null,
  occupation: null,
  website: null,
  socialMedia: [],
  profilePicture: null,
  coverPhoto: null,
  coverCrop: null,
  signedUp: '2026-01-01T00:00:00.000Z',
  numOfFollowers: 0,
  numOfFollowing: 0,
  numPublishedSpaces: 0,
  email: 'alice@example.org',
  birthday: null,
  gender: null,
  searchable: true,
  autoSave: true,
  hideContentLibrary: false,
  hideGroups: false,
  editorGuideSeen: false,
  active: true,
  avatar: null,
  generalRole: null,
  loginProvider: 'local',
  privateSpaceInvitationCode: null,
  lastLogin: null,
  roles: ['free-user'],
} satisfies UserFull;
const renamed = { ...alice, name: 'Alice B.' };
const form = new FormData();

function startProfile() {
  const { deferred, latest, answer } = deferredActors();
  const announced = { saved: [] as UserFull[], deleted: 0 };
  const actor = createActor(
    profileMachine.provide({
      actors: {
        fetchUser: deferred('fetchUser'),
        saveUser: deferred('saveUser'),
        deleteUser: deferred('deleteUser'),
      } as never,
      actions: {
        announceSaved: (_, params: { user: UserFull }) => void announced.saved.push(params.user),
        announceDeleted: () => void announced.deleted++,
      },
    }),
    { input: { userId: 'u1' } },
  ).start();
  return { actor, announced, latest, answer: (event: AnyEventObject) => answer(actor, event) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const events = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.fetchUser', output: alice },
  { type: 'xstate.done.actor.fetchUser', output: null },
  { type: 'xstate.error.actor.fetchUser', error: { message: 'offline', fields: [] } },
  { type: 'profile.reload' },
  { type: 'profile.save', form },
  { type: 'xstate.done.actor.saveUser', output: renamed },
  {
    type: 'xstate.error.actor.saveUser',
    error: { message: 'Invalid', fields: [{ path: '/website', message: 'Invalid url' }] },
  },
  { type: 'profile.dismiss' },
  { type: 'profile.delete', password: 'secret' },
  { type: 'xstate.error.actor.deleteUser', error: { message: 'Incorrect Password', fields: [] } },
  { type: 'xstate.done.actor.deleteUser' },
];

describe('profileMachine (model)', () => {
  const model = createPathModel(profileMachine, {
    input: { userId: 'u1' },
    events,
    // A saved name stays saved: one save per path shape keeps the model finite.
    filterEvents: (snapshot, event) => !(event.type === 'profile.save' && snapshot.context.user === renamed),
  });
  const paths = getTransitionPaths(model);

  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.value)));
    expect([...values].sort()).toEqual([
      'deleted',
      'deleting',
      'failed',
      'loading',
      'notFound',
      'ready',
      'saving',
    ]);
  });

  describePaths('replays', paths, (path) => async () => {
    const profile = startProfile();
    for (const step of replaySteps(path)) {
      const savedBefore = profile.announced.saved.length;
      profile.answer(step.event);
      await flush();
      const snapshot = profile.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context.user).toEqual(step.state.context.user);
      expect(snapshot.context.problem).toEqual(step.state.context.problem);
      // What the user notices: a save sends the form it was given, and a success tells the session.
      if (step.event.type === 'profile.save')
        expect(profile.latest('saveUser').input).toEqual({ userId: 'u1', form });
      if (step.event.type === 'profile.delete') {
        expect(profile.latest('deleteUser').input).toEqual({ userId: 'u1', password: 'secret' });
      }
      if (step.event.type === 'xstate.done.actor.saveUser')
        expect(profile.announced.saved.length).toBe(savedBefore + 1);
      if (snapshot.matches('deleted')) expect(profile.announced.deleted).toBe(1);
    }
  });
});

describe('profileMachine', () => {
  it('keeps the shown profile when a save fails, with the field messages', async () => {
    const profile = startProfile();
    profile.latest('fetchUser').resolve(alice);
    await flush();
    profile.actor.send({ type: 'profile.save', form });
    profile
      .latest('saveUser')
      .reject({ message: 'Invalid', fields: [{ path: '/website', message: 'Invalid url' }] });
    await flush();
    const { context } = profile.actor.getSnapshot();
    expect(context.user).toEqual(alice);
    expect(context.problem?.fields).toEqual([{ path: '/website', message: 'Invalid url' }]);
  });
});
