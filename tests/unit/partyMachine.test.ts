import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { Party, PartyAnswer, PartyMove } from '../../contracts/parties';
import {
  invitableBy,
  type PartyChange,
  partyMachine,
  type PartySnapshot,
} from '../../src/machines/partyMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const person = (id: string) => ({ id, name: id.toUpperCase(), profilePicture: null });

const party: Party = {
  partyId: 'p1',
  createdAt: '2026-11-30T20:00:00.000Z',
  leaderId: 'ana',
  members: [
    { user: person('ana'), joinedAt: '2026-11-30T20:00:00.000Z', leader: true },
    { user: person('ben'), joinedAt: '2026-11-30T20:01:00.000Z', leader: false },
  ],
  invitations: [
    {
      invitationId: 'i1',
      partyId: 'p1',
      from: person('ana'),
      to: person('cai'),
      createdAt: '2026-11-30T20:02:00.000Z',
      expiresAt: '2026-11-30T21:02:00.000Z',
    },
  ],
};
const answered: PartyAnswer = { party, invitations: [] };
const changes: PartyChange[] = [
  { kind: 'create' },
  { kind: 'invite', userId: 'cai' },
  { kind: 'accept', invitationId: 'i9' },
  { kind: 'leave' },
];
const refused = { status: 422, code: 'BUSINESS_RULE', message: 'A party has at most 8 people' };
const lost = { message: 'Failed to fetch' };
const move = (leaderId: string): PartyMove => ({
  partyId: 'p1',
  leaderId,
  leaderName: leaderId.toUpperCase(),
  fromSceneId: 'gallery',
  sceneId: 'garden',
  instanceId: '2',
});

const events = (_: PartySnapshot): AnyEventObject[] => [
  { type: 'party.retry' },
  { type: 'party.news' },
  { type: 'party.follow', following: false },
  { type: 'party.follow', following: true },
  { type: 'party.moved', move: move('ana'), currentSceneId: 'gallery' },
  { type: 'party.moved', move: move('ana'), currentSceneId: 'elsewhere' },
  { type: 'party.moved', move: move('ben'), currentSceneId: 'gallery' },
  ...changes.map((change) => ({ type: 'party.change', change })),
  { type: 'xstate.done.actor.load', output: answered },
  { type: 'xstate.error.actor.load', error: lost },
  { type: 'xstate.done.actor.apply', output: null },
  { type: 'xstate.error.actor.apply', error: refused },
];

function start(userId = 'ben') {
  const fakes = deferredActors();
  const follow = vi.fn();
  const actor = createActor(
    partyMachine.provide({
      actors: { load: fakes.deferred('load'), apply: fakes.deferred('apply') } as never,
      actions: { follow: (_, params) => follow(params) },
    }),
    { input: { userId } },
  );
  actor.start();
  const callsOf = (name: string) => fakes.calls.filter((c) => c.name === name);
  return { actor, fakes, callsOf, follow };
}

describe('partyMachine (model)', () => {
  const model = createPathModel(partyMachine, { events, input: { userId: 'ben' } });
  const paths = getTransitionPaths(model);

  it('covers reading, a failed read, each change, its refusal, news and moves', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(
      new Set(['loading', 'failed', 'ready', 'working']),
    );
    const kinds = new Set(
      steps.filter((s) => s.event.type === 'party.change').map((s) => s.state.context.pending?.kind),
    );
    expect([...kinds].sort()).toEqual(['accept', 'create', 'invite', 'leave']);
    const types = new Set(steps.map((step) => step.event.type));
    for (const type of ['xstate.error.actor.apply', 'party.news', 'party.moved', 'party.follow'])
      expect(types).toContain(type);
    // News during a change, then a refusal: the party is read again.
    expect(
      paths.some((path) =>
        path.steps.some(
          (s, i) =>
            s.event.type === 'party.news' && path.steps[i + 1]?.event.type === 'xstate.error.actor.apply',
        ),
      ),
    ).toBe(true);
  });

  describePaths('replays', paths, (path) => async () => {
    const p = start();
    for (const step of replaySteps(path)) {
      const before = p.actor.getSnapshot();
      const calls = { load: p.callsOf('load').length, apply: p.callsOf('apply').length };
      const follows = p.follow.mock.calls.length;
      p.fakes.answer(p.actor, step.event);
      await flush();
      const after = p.actor.getSnapshot();
      const { context } = after;
      expect(after.value).toEqual(step.state.value);
      expect(context).toEqual(step.state.context);
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches('working'));

      const sent = step.event as AnyEventObject & {
        change?: PartyChange;
        move?: PartyMove;
        currentSceneId?: string;
      };
      // The party is read on entering loading, and again when news comes while it is read.
      const reread = after.matches('loading') && (!before.matches('loading') || sent.type === 'party.news');
      expect(p.callsOf('load')).toHaveLength(calls.load + (reread ? 1 : 0));

      if (sent.type === 'party.change') {
        expect(after.value).toBe('working');
        expect(p.callsOf('apply')).toHaveLength(calls.apply + 1);
        expect(p.fakes.latest('apply').input).toEqual({ change: sent.change });
        expect(context.problem).toBeNull();
      } else expect(p.callsOf('apply')).toHaveLength(calls.apply);

      if (sent.type === 'xstate.error.actor.apply') {
        // Refused: the server's words; the party as it was (read again when news came meanwhile).
        expect(context.problem).toBe(refused.message);
        expect(context.party).toEqual(before.context.party);
        expect(after.value).toBe(before.context.stale ? 'loading' : 'ready');
      }
      if (sent.type === 'xstate.done.actor.apply') expect(after.value).toBe('loading');

      // A member still where the leader was follows, unless they chose to stay; nobody else does.
      const follows_ =
        sent.type === 'party.moved' &&
        before.context.following &&
        sent.move!.leaderId !== 'ben' &&
        sent.currentSceneId === sent.move!.fromSceneId;
      expect(p.follow.mock.calls.length).toBe(follows + (follows_ ? 1 : 0));
      if (follows_) expect(p.follow.mock.calls.at(-1)![0]).toEqual({ move: sent.move });

      if (after.matches('failed')) {
        expect(context.error).toBe(lost.message);
        expect(after.can({ type: 'party.retry' })).toBe(true);
      }
      if (!after.matches('ready'))
        expect(after.can({ type: 'party.change', change: changes[0] })).toBe(false);
    }
  });
});

describe('whom a visitor may invite', () => {
  it('lets the leader, or someone in no party, invite signed-in visitors not in the party or invited', () => {
    const leader = invitableBy({ party, userId: 'ana' });
    expect(['ben', 'cai', 'dee', 'guest-1', 'ana'].filter(leader)).toEqual(['dee']);
    const alone = invitableBy({ party: null, userId: 'eli' });
    expect(['ben', 'eli', 'guest-2'].filter(alone)).toEqual(['ben']);
    const member = invitableBy({ party, userId: 'ben' });
    expect(['dee'].filter(member)).toEqual([]);
  });
});
