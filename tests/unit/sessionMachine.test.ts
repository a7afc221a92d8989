import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import { tierOf } from '../../contracts/identity';
import {
  selectIsMe,
  selectTier,
  type SessionProfile,
  type SessionUser,
  sessionMachine,
} from '../../src/machines/sessionMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const alice: SessionUser = {
  userId: 'u1',
  name: 'Alice',
  roles: ['pro-user'],
  accessToken: 'token-1',
  expiresAt: 1,
};
const renewed: SessionUser = { ...alice, roles: ['premium-user'], accessToken: 'token-2' };
const profile: SessionProfile = { userId: 'u1', name: 'Alice', searchable: true, autoSave: true };

/** The session with fake actors whose answers the test controls, and a fake cookie jar. */
function startSession(callback: boolean) {
  const { deferred, latest, answer } = deferredActors();
  const jar = { cookie: null as string | null };
  const machine = sessionMachine.provide({
    actors: {
      loadUser: deferred('loadUser'),
      startSignIn: deferred('startSignIn'),
      completeSignIn: deferred('completeSignIn'),
      renew: deferred('renew'),
      signOut: deferred('signOut'),
      ensureProfile: deferred('ensureProfile'),
      watchUser: fromCallback(() => () => {}),
    } as never,
    actions: {
      writeTokenCookie: (_, params: { token: string }) => {
        jar.cookie = params.token;
      },
      clearTokenCookie: () => {
        jar.cookie = null;
      },
    },
  });
  const actor = createActor(machine, { input: { callback } }).start();
  return { actor, jar, latest, answer: (event: AnyEventObject) => answer(actor, event) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const events = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadUser', output: alice },
  { type: 'xstate.done.actor.loadUser', output: null },
  { type: 'xstate.error.actor.loadUser', error: 'storage unavailable' },
  { type: 'xstate.done.actor.completeSignIn', output: { user: alice, returnTo: '/pricing' } },
  { type: 'xstate.error.actor.completeSignIn', error: 'state mismatch' },
  { type: 'session.signIn', returnTo: '/curate' },
  { type: 'xstate.error.actor.startSignIn', error: 'provider down' },
  { type: 'xstate.done.actor.ensureProfile', output: profile },
  { type: 'xstate.error.actor.ensureProfile', error: 'offline' },
  { type: 'session.renew' },
  { type: 'xstate.done.actor.renew', output: renewed },
  { type: 'xstate.done.actor.renew', output: null },
  { type: 'xstate.error.actor.renew', error: 'login_required' },
  { type: 'session.updated', user: renewed },
  { type: 'session.expired' },
  { type: 'session.signOut' },
  { type: 'xstate.done.actor.signOut' },
  { type: 'session.returned' },
  // The notification hub: a tier-changing event, and the plan told as it is now (a catch-up).
  { type: 'plan.changed', eventType: 'subscription.activated', plan: 'pro' },
  { type: 'plan.changed', eventType: 'subscription.updated', plan: 'pro' },
  { type: 'plan.changed', eventType: 'subscription.updated', plan: 'standard' },
];

for (const callback of [false, true]) {
  describe(`sessionMachine (model, ${callback ? 'on the sign-in callback' : 'on any page'})`, () => {
    const model = createPathModel(sessionMachine, {
      input: { callback },
      events,
      // Keep the model finite: renew only once per path shape.
      filterEvents: (snapshot, event) =>
        !(event.type === 'session.updated' && snapshot.context.user === renewed),
    });
    const paths = getTransitionPaths(model);

    it('reaches being signed in and signed out', () => {
      const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
      expect(values).toContain('"signedOut"');
      expect(values).toContain('{"signedIn":"ready"}');
    });

    describePaths('replays', paths, (path) => async () => {
      const session = startSession(callback);
      for (const step of replaySteps(path)) {
        session.answer(step.event);
        await flush();
        const snapshot = session.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        // What the rest of the app notices: the cookie follows the session, the tier follows the roles.
        if (snapshot.matches('signedIn')) {
          expect(session.jar.cookie).toBe(snapshot.context.user!.accessToken);
          expect(selectTier(snapshot)).toBe(tierOf(snapshot.context.user!.roles));
          expect(selectIsMe(snapshot, 'u1')).toBe(true);
          expect(selectIsMe(snapshot, 'someone-else')).toBe(false);
        } else if (snapshot.matches('signedOut') || snapshot.matches('signingOut')) {
          expect(session.jar.cookie).toBeNull();
          expect(selectTier(snapshot)).toBe('free');
          expect(selectIsMe(snapshot, 'u1')).toBe(false);
        }
        if (step.event.type === 'session.signIn') {
          expect(session.latest('startSignIn').input).toEqual({ returnTo: '/curate' });
        }
      }
    });
  });
}

describe('sessionMachine', () => {
  it('returns to the page the user was on after the callback', async () => {
    const session = startSession(true);
    session.latest('completeSignIn').resolve({ user: alice, returnTo: '/pricing' });
    await flush();
    expect(session.actor.getSnapshot().context.returnTo).toBe('/pricing');
    session.actor.send({ type: 'session.returned' });
    expect(session.actor.getSnapshot().context.returnTo).toBeNull();
  });

  it('loads the user record once signed in, with the signed-in user', async () => {
    const session = startSession(false);
    session.latest('loadUser').resolve(alice);
    await flush();
    expect(session.latest('ensureProfile').input).toEqual({ user: alice });
  });

  it('renews the token when the plan changes, or when the plan told is not the one its roles carry', async () => {
    const session = startSession(false);
    session.latest('loadUser').resolve(alice);
    await flush();
    session.latest('ensureProfile').resolve(profile);
    await flush();
    const renewing = () => session.actor.getSnapshot().matches({ signedIn: 'renewing' });
    // Alice's token says standard (pro-user).
    session.actor.send({ type: 'plan.changed', eventType: 'subscription.updated', plan: 'standard' });
    session.actor.send({ type: 'plan.changed', eventType: 'subscription.updated' });
    expect(renewing()).toBe(false);
    // Told she is on pro now (a push she missed while offline, caught up): her token is renewed.
    session.actor.send({ type: 'plan.changed', eventType: 'subscription.updated', plan: 'pro' });
    expect(renewing()).toBe(true);
    session.latest('renew').resolve(renewed);
    await flush();
    expect(selectTier(session.actor.getSnapshot())).toBe('pro');
    session.actor.send({ type: 'plan.changed', eventType: 'subscription.updated', plan: 'pro' });
    expect(renewing()).toBe(false);
    session.actor.send({ type: 'plan.changed', eventType: 'subscription.canceled', plan: 'free' });
    expect(renewing()).toBe(true);
  });

  it('takes the highest tier among the roles', () => {
    expect(tierOf([])).toBe('free');
    expect(tierOf(['free-user', 'premium-user', 'pro-user'])).toBe('pro');
    expect(tierOf(['pro-user', 'unknown'])).toBe('standard');
  });
});
