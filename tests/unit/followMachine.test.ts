import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { type FollowInput, followMachine } from '../../src/machines/followMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = { message: 'Something went wrong', status: 500 };

function startFollow(input: FollowInput = { userId: 'ada' }) {
  const fakes = deferredActors();
  const askSignIn = vi.fn();
  const announceFailed = vi.fn();
  const actor = createActor(
    followMachine.provide({
      actors: { load: fakes.deferred('load'), setFollow: fakes.deferred('setFollow') } as never,
      actions: { askSignIn, announceFailed },
    }),
    { input },
  ).start();
  return { actor, fakes, askSignIn, announceFailed };
}

const events = (snapshot: ReturnType<ReturnType<typeof startFollow>['actor']['getSnapshot']>) => {
  const { following, numOfFollowers } = snapshot.context;
  const list: AnyEventObject[] = [
    { type: 'follow.toggle' },
    { type: 'follow.retry' },
    { type: 'xstate.done.actor.load', output: { signedIn: true, following: false, numOfFollowers: 2 } },
    { type: 'xstate.done.actor.load', output: { signedIn: false, following: false, numOfFollowers: null } },
    { type: 'xstate.error.actor.load', error: refused },
    {
      type: 'xstate.done.actor.setFollow',
      output: { following: !following, numOfFollowers: (numOfFollowers ?? 0) + (following ? -1 : 1) },
    },
    { type: 'xstate.error.actor.setFollow', error: refused },
  ];
  return list;
};

describe('followMachine (model)', () => {
  const model = createPathModel(followMachine, { events, input: { userId: 'ada' } });
  const paths = getTransitionPaths(model);

  it('covers loading, failing, following, unfollowing and signed-out presses', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect(reached).toEqual(new Set(['loading', 'failed', 'ready', 'saving']));
    const followingReached = paths.some((p) => p.steps.some((s) => s.state.context.following));
    expect(followingReached).toBe(true);
  });

  describePaths('replays', paths, (path) => async () => {
    const follow = startFollow();
    for (const step of replaySteps(path)) {
      const before = follow.actor.getSnapshot();
      const changes = follow.fakes.calls.filter((c) => c.name === 'setFollow').length;
      follow.fakes.answer(follow.actor, step.event);
      await flush();
      const snapshot = follow.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches('loading') || snapshot.matches('saving'));
      const started = follow.fakes.calls.filter((c) => c.name === 'setFollow');
      if (step.event.type === 'follow.toggle' && before.matches('ready')) {
        if (before.context.signedIn) {
          // A press follows when not following, unfollows when following: one request.
          expect(started).toHaveLength(changes + 1);
          expect(started.at(-1)!.input).toEqual({ userId: 'ada', follow: !before.context.following });
        } else {
          // Signed out: nothing is sent, the visitor is asked to sign in.
          expect(started).toHaveLength(changes);
          expect(follow.askSignIn).toHaveBeenCalled();
        }
      }
      if (step.event.type === 'xstate.error.actor.setFollow') {
        expect(follow.announceFailed).toHaveBeenCalled();
        // A failed change keeps what was true before.
        expect(snapshot.context.following).toBe(before.context.following);
      }
    }
  });
});

describe('followMachine', () => {
  it('takes what a member card knows without asking, and shows the new count after a follow', async () => {
    const follow = startFollow({ userId: 'ben', following: true });
    expect(follow.fakes.latest('load').input).toEqual({ userId: 'ben', following: true });
    follow.fakes.latest('load').resolve({ signedIn: true, following: true, numOfFollowers: null });
    await flush();
    follow.actor.send({ type: 'follow.toggle' });
    expect(follow.fakes.latest('setFollow').input).toEqual({ userId: 'ben', follow: false });
    follow.fakes.latest('setFollow').resolve({ following: false, numOfFollowers: 41 });
    await flush();
    expect(follow.actor.getSnapshot().context).toMatchObject({ following: false, numOfFollowers: 41 });
  });

  it('ignores presses while a change is saved', async () => {
    const follow = startFollow();
    follow.fakes.latest('load').resolve({ signedIn: true, following: false, numOfFollowers: 0 });
    await flush();
    follow.actor.send({ type: 'follow.toggle' });
    follow.actor.send({ type: 'follow.toggle' });
    expect(follow.fakes.calls.filter((c) => c.name === 'setFollow')).toHaveLength(1);
  });
});
