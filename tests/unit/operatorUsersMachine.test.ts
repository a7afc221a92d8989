import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { OperatorUser, UserPage } from '../../contracts/operator';
import {
  type OperatorUsersEvent,
  operatorUsersMachine,
  operatorUsersPageSize,
  type OperatorUsersSnapshot,
  type UserListInput,
} from '../../src/machines/operatorUsersMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';
import { pendingCalls } from '../support/pendingCalls';

type ActorName = 'loadUsers' | 'setActive';

function startUsers() {
  const { calls, actor: fake, running } = pendingCalls<ActorName>();
  const actor = createActor(
    operatorUsersMachine.provide({
      actors: { loadUsers: fake('loadUsers'), setActive: fake('setActive') },
    } as never),
  ).start();
  return { actor, calls, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const user = (userId: string, active = true): OperatorUser => ({
  userId,
  name: `Name ${userId}`,
  username: null,
  email: `${userId}@example.org`,
  plan: 'free',
  operator: false,
  active,
  signedUp: '2026-11-01T10:00:00.000Z',
  lastLogin: null,
});
/** Two pages: 30 users, one active and one disabled shown. */
const page: UserPage = {
  items: [user('ann'), user('ben', false)],
  cp: 0,
  ipp: operatorUsersPageSize,
  total: 30,
};
const forbidden = { status: 403, message: 'Only the operators of this platform can open the operator area' };
const offline = { message: 'Failed to fetch' };

const events = (snapshot: OperatorUsersSnapshot): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadUsers', output: page },
  { type: 'xstate.error.actor.loadUsers', error: forbidden },
  { type: 'xstate.error.actor.loadUsers', error: offline },
  { type: 'xstate.done.actor.setActive', output: user('ann', false) },
  { type: 'xstate.error.actor.setActive', error: offline },
  { type: 'users.searched', q: ' ann ' },
  { type: 'users.paged', cp: snapshot.context.cp === 0 ? 1 : 0 },
  { type: 'users.paged', cp: 2 },
  { type: 'users.reload' },
  { type: 'users.setActive', userId: 'ann', active: false },
  { type: 'users.setActive', userId: 'ann', active: true },
  { type: 'users.setActive', userId: 'zed', active: false },
];

describe('operatorUsersMachine (model)', () => {
  const model = createPathModel(operatorUsersMachine, {
    events,
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        searched: s.context.q !== '',
        cp: s.context.cp,
        annActive: s.context.page?.items[0]?.active ?? null,
        error: s.context.error !== null,
        changed: s.context.changed !== null,
      }),
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of ['"loading"', '"failed"', '"denied"', '{"ready":"idle"}', '{"ready":"changing"}'])
      expect(states).toContain(state);
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const event of events(createActor(operatorUsersMachine).getSnapshot()))
      expect(types).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const users = startUsers();
    for (const step of replaySteps(path)) {
      const before = users.calls.length;
      const result = invokedActorResult(step.event);
      const pending = users.running().at(-1);
      if (result?.kind === 'done') pending!.resolve(result.output);
      else if (result?.kind === 'error') pending!.reject(result.error);
      else users.actor.send(step.event as OperatorUsersEvent);
      await flush();

      const snapshot = users.actor.getSnapshot();
      const expected = step.state as OperatorUsersSnapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(users.running()).toHaveLength(snapshot.hasTag('busy') ? 1 : 0);
      if (snapshot.matches('loading') && users.calls.length > before)
        expect(users.calls.at(-1)!.input).toEqual({
          q: snapshot.context.q.trim(),
          cp: snapshot.context.cp,
          ipp: operatorUsersPageSize,
        } satisfies UserListInput);
      // Only a user on the page is changed, and only to the other state.
      if (snapshot.matches({ ready: 'changing' })) {
        const { changing } = snapshot.context;
        expect(users.calls.at(-1)!.input).toEqual(changing);
        const shown = snapshot.context.page!.items.find((u) => u.userId === changing!.userId);
        expect(shown!.active).toBe(!changing!.active);
      }
      expect(snapshot.context.cp * operatorUsersPageSize).toBeLessThan(page.total);
    }
  });
});

describe('operatorUsersMachine', () => {
  it('shows the changed account in its row without reading the list again', async () => {
    const users = startUsers();
    users.calls[0]!.resolve(page);
    await flush();
    users.actor.send({ type: 'users.setActive', userId: 'ann', active: false });
    users.calls[1]!.resolve(user('ann', false));
    await flush();
    const snapshot = users.actor.getSnapshot();
    expect(users.calls).toHaveLength(2);
    expect(snapshot.context.page!.items.map((u) => [u.userId, u.active])).toEqual([
      ['ann', false],
      ['ben', false],
    ]);
    expect(snapshot.context.changed?.userId).toBe('ann');
  });
});
