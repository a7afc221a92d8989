import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { District } from '../../contracts/districts';
import {
  type DistrictHostInput,
  districtHostMachine,
  type DistrictHostSnapshot,
  type DistrictLoad,
  selectDistrictRole,
} from '../../src/machines/districtHostMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const harbour: District = {
  districtId: 'd1',
  title: 'Harbour',
  subdomain: 'harbour',
  public: false,
  visible: true,
  photo: null,
  coverPhoto: null,
  subtitle: '',
  description: '',
  socialMedia: [],
  styles: '',
  owner: { userId: 'ada', name: 'Ada', profilePicture: null },
  freeSpaceTemplateId: 'gallery',
  numOfMembers: 2,
  numOfSpaces: 0,
  numOfFollowers: 0,
  districtUserRole: 'Creator',
  following: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
/** The district as its settings saved it (the owner's page tells it). */
const retitled: District = { ...harbour, title: 'Harbour lights', districtUserRole: 'Owner' };
const asLoaded: DistrictLoad = { kind: 'district', district: harbour };
const invitationUnknown = {
  status: 404,
  code: 'NOT_FOUND',
  message: 'This invitation link is not valid any more. Ask the district for a new one.',
};
const lost = { message: 'Failed to fetch' };

const events = (): AnyEventObject[] => [
  { type: 'session.changed', signedIn: true },
  { type: 'session.changed', signedIn: false },
  { type: 'district.retry' },
  { type: 'district.changed', district: retitled },
  { type: 'district.changed' },
  { type: 'invitation.signIn' },
  { type: 'invitation.found', code: 'code-from-mail' },
  { type: 'xstate.done.actor.load', output: asLoaded },
  { type: 'xstate.done.actor.load', output: { kind: 'noAccess' } },
  { type: 'xstate.done.actor.load', output: { kind: 'notFound' } },
  { type: 'xstate.error.actor.load', error: lost },
  { type: 'xstate.done.actor.accept', output: { districtUserRole: 'Creator' } },
  { type: 'xstate.error.actor.accept', error: invitationUnknown },
];

/**
 * Keeps the model small: the session watch tells a change only (as the real one does); a district
 * changed in place is tried from the first district shown.
 */
function filterEvents(snapshot: DistrictHostSnapshot, event: AnyEventObject) {
  const { context } = snapshot;
  if (event.type === 'session.changed') return !context.sessionKnown || context.signedIn !== event.signedIn;
  if (event.type === 'district.changed') return context.district?.title === harbour.title;
  return true;
}

/**
 * A state of the model: what decides what the host does next. The district and the error kept from
 * an earlier answer count only where they are shown (the replays check both after every step).
 */
function serializeState(snapshot: DistrictHostSnapshot) {
  const { signedIn, sessionKnown, invitationCode, district, error } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    signedIn,
    sessionKnown,
    invitationCode,
    district: snapshot.matches('ready') ? district?.title : null,
    failed: snapshot.matches('failed') ? error : null,
  });
}

function startHost(input: DistrictHostInput) {
  const fakes = deferredActors();
  const askSignIn = vi.fn();
  const announceJoined = vi.fn();
  const announceInvitation = vi.fn();
  const actor = createActor(
    districtHostMachine.provide({
      actors: { load: fakes.deferred('load'), accept: fakes.deferred('accept') } as never,
      actions: { askSignIn, announceJoined, announceInvitation },
    }),
    { input },
  ).start();
  const callsOf = (name: string) => fakes.calls.filter((c) => c.name === name);
  return { actor, fakes, askSignIn, announceJoined, announceInvitation, callsOf };
}

const loadingStates = ['waitingForSession', 'accepting', 'loading'];
type HostState = Parameters<DistrictHostSnapshot['matches']>[0];

describe.each([
  ['a plain visit', { subdomain: 'harbour', invitationCode: null }],
  ['a visit with an invitation', { subdomain: 'harbour', invitationCode: 'code-in-link' }],
] as const)('districtHostMachine on %s (model)', (_, input) => {
  const model = createPathModel(districtHostMachine, { events, input, filterEvents, serializeState });
  const paths = getTransitionPaths(model);

  it('reaches every state and tries every event', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(
      new Set(['waitingForSession', 'accepting', 'loading', 'ready', 'noAccess', 'notFound', 'failed']),
    );
    const tried = new Set(steps.map((step) => JSON.stringify(step.event)));
    for (const event of events()) expect(tried).toContain(JSON.stringify(event));
  });

  describePaths('replays', paths, (path) => async () => {
    const host = startHost(input);
    // What the page should show, as the answers given so far say.
    let shown: District | null = null;
    let failure: unknown = null;
    for (const step of replaySteps(path)) {
      const before = host.actor.getSnapshot();
      const calls = { load: host.callsOf('load').length, accept: host.callsOf('accept').length };
      const told = {
        signIn: host.askSignIn.mock.calls.length,
        joined: host.announceJoined.mock.calls.length,
        invitation: host.announceInvitation.mock.calls.length,
      };
      host.fakes.answer(host.actor, step.event);
      await flush();
      const after = host.actor.getSnapshot();
      const { context } = after;
      expect(after.value).toEqual(step.state.value);
      expect(serializeState(after)).toBe(serializeState(step.state));
      expect(after.hasTag('loading')).toBe(loadingStates.includes(after.value as string));
      expect(selectDistrictRole(after)).toBe(context.district?.districtUserRole ?? null);

      // Nothing loads until the session says who is signed in.
      if (!context.sessionKnown) {
        expect(after.value).toBe('waitingForSession');
        expect(host.fakes.calls).toEqual([]);
      }
      // Each entry into loading reads the district of this host, once.
      const entered = (state: HostState) =>
        after.matches(state) &&
        (!before.matches(state) ||
          step.event.type.startsWith('session.') ||
          step.event.type === 'invitation.found');
      expect(host.callsOf('load')).toHaveLength(calls.load + (entered('loading') ? 1 : 0));
      if (entered('loading')) expect(host.fakes.latest('load').input).toEqual({ subdomain: 'harbour' });
      // A signed-in visitor with an invitation accepts it first.
      expect(host.callsOf('accept')).toHaveLength(calls.accept + (entered('accepting') ? 1 : 0));
      if (entered('accepting')) {
        expect(context.signedIn).toBe(true);
        expect(host.fakes.latest('accept').input).toEqual({ code: context.invitationCode });
      }

      const event = step.event as AnyEventObject & { error?: unknown };
      if (event.type === 'xstate.done.actor.accept') {
        // Joined: said once, the invitation used up, the district read again with the new role.
        expect(host.announceJoined).toHaveBeenCalledTimes(told.joined + 1);
        expect(context.invitationCode).toBeNull();
        expect(after.value).toBe('loading');
      } else expect(host.announceJoined).toHaveBeenCalledTimes(told.joined);
      if (event.type === 'xstate.error.actor.accept') {
        // Not valid: the server's words told, and the district shown as to any visitor.
        expect(host.announceInvitation).toHaveBeenCalledTimes(told.invitation + 1);
        expect(host.announceInvitation).toHaveBeenLastCalledWith(expect.anything(), {
          error: invitationUnknown,
        });
        expect(context.invitationCode).toBeNull();
        expect(after.value).toBe('loading');
      } else expect(host.announceInvitation).toHaveBeenCalledTimes(told.invitation);

      if (event.type === 'invitation.signIn') {
        // Only a signed-out visitor with an invitation, on a district or its no-access page, is asked.
        const asks = before.context.invitationCode !== null && !before.context.signedIn;
        expect(host.askSignIn).toHaveBeenCalledTimes(told.signIn + (asks ? 1 : 0));
        if (asks)
          expect(host.askSignIn).toHaveBeenLastCalledWith(expect.anything(), {
            invitationCode: before.context.invitationCode,
          });
        expect(context).toEqual(before.context);
      } else expect(host.askSignIn).toHaveBeenCalledTimes(told.signIn);

      // What the page shows.
      if (after.matches('ready')) expect(context.district?.subdomain).toBe('harbour');
      if (after.matches('noAccess') || after.matches('notFound')) expect(context.district).toBeNull();
      if (after.matches('failed')) {
        expect(context.error).toEqual(lost);
        expect(after.can({ type: 'district.retry' })).toBe(true);
      }
      if (event.type === 'xstate.done.actor.load') {
        const output = event.output as DistrictLoad;
        shown = output.kind === 'district' ? output.district : null;
        failure = null;
      }
      if (event.type === 'xstate.error.actor.load') failure = event.error;
      if (event.type === 'district.changed' && before.matches('ready') && event.district) shown = retitled;
      expect(context.district).toEqual(shown);
      expect(context.error).toEqual(failure);
      expect(context.subdomain).toBe('harbour');
      if (event.type === 'district.changed' && event.district) {
        expect(after.value).toBe('ready');
        expect(context.district).toEqual(retitled);
        expect(selectDistrictRole(after)).toBe('Owner');
      }
    }
  });
});

describe('districtHostMachine', () => {
  it('waits for the session, then accepts the invitation of a signed-in visitor before loading', async () => {
    const host = startHost({ subdomain: 'harbour', invitationCode: 'code-in-link' });
    expect(host.actor.getSnapshot().value).toBe('waitingForSession');
    expect(host.fakes.calls).toEqual([]);
    host.actor.send({ type: 'session.changed', signedIn: true });
    expect(host.callsOf('accept').map((c) => c.input)).toEqual([{ code: 'code-in-link' }]);
    expect(host.callsOf('load')).toEqual([]);
    host.fakes.latest('accept').resolve({ districtUserRole: 'Creator' });
    await flush();
    host.fakes.latest('load').resolve(asLoaded);
    await flush();
    expect(host.actor.getSnapshot().value).toBe('ready');
    expect(selectDistrictRole(host.actor.getSnapshot())).toBe('Creator');
    expect(host.announceJoined).toHaveBeenCalledTimes(1);
  });

  it('asks a signed-out visitor with an invitation to sign in, and accepts it once they have', async () => {
    const host = startHost({ subdomain: 'harbour', invitationCode: 'code-in-link' });
    host.actor.send({ type: 'session.changed', signedIn: false });
    host.fakes.latest('load').resolve({ kind: 'noAccess' });
    await flush();
    expect(host.actor.getSnapshot().value).toBe('noAccess');
    host.actor.send({ type: 'invitation.signIn' });
    expect(host.askSignIn).toHaveBeenCalledWith(expect.anything(), { invitationCode: 'code-in-link' });
    host.actor.send({ type: 'session.changed', signedIn: true });
    expect(host.callsOf('accept').map((c) => c.input)).toEqual([{ code: 'code-in-link' }]);
  });

  it('reads the district again when who is signed in changes, and keeps the newest answer', async () => {
    const host = startHost({ subdomain: 'harbour', invitationCode: null });
    host.actor.send({ type: 'session.changed', signedIn: false });
    const first = host.fakes.latest('load');
    host.actor.send({ type: 'session.changed', signedIn: true });
    expect(host.callsOf('load')).toHaveLength(2);
    host.fakes.latest('load').resolve(asLoaded);
    first.resolve({ kind: 'noAccess' });
    await flush();
    expect(host.actor.getSnapshot().value).toBe('ready');
    expect(host.actor.getSnapshot().context.district).toEqual(harbour);
  });

  it('does not ask a signed-in member to sign in, and ignores the same invitation found twice', async () => {
    const host = startHost({ subdomain: 'harbour', invitationCode: null });
    host.actor.send({ type: 'session.changed', signedIn: false });
    host.fakes.latest('load').resolve(asLoaded);
    await flush();
    host.actor.send({ type: 'invitation.signIn' });
    expect(host.askSignIn).not.toHaveBeenCalled();
    host.actor.send({ type: 'invitation.found', code: 'code-from-mail' });
    expect(host.callsOf('load')).toHaveLength(2);
    host.fakes.latest('load').resolve(asLoaded);
    await flush();
    host.actor.send({ type: 'invitation.found', code: 'code-from-mail' });
    expect(host.callsOf('load')).toHaveLength(2);
    expect(host.actor.getSnapshot().value).toBe('ready');
  });
});
