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

type ActorName = 'loadUsers' | 'changeUser';

function startUsers() {
  const { calls, actor: fake, running } = pendingCalls<ActorName>();
  const actor = createActor(
    operatorUsersMachine.provide({
      actors: { loadUsers: fake('loadUsers'), changeUser: fake('changeUser') },
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
  items: [user('ann'), user('ben', false), { ...user('ola'), operator: true }],
  cp: 0,
  ipp: operatorUsersPageSize,
  total: 30,
};
/** The server's answer to the change being made: the account as it now is. */
function answer(snapshot: OperatorUsersSnapshot): OperatorUser {
  const change = snapshot.context.changing;
  const shown = snapshot.context.page?.items.find((u) => u.userId === change?.userId) ?? user('ann');
  if (change?.kind === 'active') return { ...shown, active: change.active };
  if (change?.kind === 'plan') return { ...shown, plan: change.plan };
  return shown;
}
const forbidden = { status: 403, message: 'Only the operators of this platform can open the operator area' };
const offline = { message: 'Failed to fetch' };

const events = (snapshot: OperatorUsersSnapshot): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadUsers', output: page },
  { type: 'xstate.error.actor.loadUsers', error: forbidden },
  { type: 'xstate.error.actor.loadUsers', error: offline },
  { type: 'xstate.done.actor.changeUser', output: answer(snapshot) },
  { type: 'xstate.done.actor.changeUser', output: null },
  { type: 'xstate.error.actor.changeUser', error: offline },
  { type: 'users.searched', q: ' ann ' },
  { type: 'users.paged', cp: snapshot.context.cp === 0 ? 1 : 0 },
  { type: 'users.paged', cp: 2 },
  { type: 'users.reload' },
  { type: 'users.setActive', userId: 'ann', active: false },
  { type: 'users.setActive', userId: 'ann', active: true },
  { type: 'users.setActive', userId: 'zed', active: false },
  { type: 'users.setPlan', userId: 'ann', plan: 'pro' },
  { type: 'users.setPlan', userId: 'ann', plan: 'free' },
  { type: 'users.delete', userId: 'ann' },
  { type: 'users.delete', userId: 'ola' },
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
        annPlan: s.context.page?.items[0]?.plan ?? null,
        changing: s.context.changing?.kind ?? null,
        error: s.context.error !== null,
        changed: s.context.changed?.what ?? null,
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
      // Which account the message names is compared, not the rest of it: the model merges states by it.
      const named = (context: OperatorUsersSnapshot['context']) => ({
        ...context,
        changed: context.changed && { what: context.changed.what, userId: context.changed.user.userId },
      });
      expect(named(snapshot.context)).toEqual(named(expected.context));
      if (snapshot.context.changed && snapshot.context.changed.what !== 'deleted')
        expect(snapshot.context.page!.items).toContainEqual(snapshot.context.changed.user);
      expect(users.running()).toHaveLength(snapshot.hasTag('busy') ? 1 : 0);
      if (snapshot.matches('loading') && users.calls.length > before)
        expect(users.calls.at(-1)!.input).toEqual({
          q: snapshot.context.q.trim(),
          cp: snapshot.context.cp,
          ipp: operatorUsersPageSize,
        } satisfies UserListInput);
      // Only a user on the page is changed, only to another state or plan, and an operator is never deleted.
      if (snapshot.matches({ ready: 'changing' })) {
        const changing = snapshot.context.changing!;
        expect(users.calls.at(-1)!.input).toEqual(changing);
        const shown = snapshot.context.page!.items.find((u) => u.userId === changing.userId)!;
        if (changing.kind === 'active') expect(shown.active).toBe(!changing.active);
        if (changing.kind === 'plan') expect(shown.plan).not.toBe(changing.plan);
        if (changing.kind === 'delete') expect(shown.operator).toBe(false);
      }
      // A deleted account is announced and the page read again without it.
      if (
        step.event.type === 'xstate.done.actor.changeUser' &&
        (step.event as unknown as { output: unknown }).output === null
      )
        expect(snapshot.matches('loading') && snapshot.context.changed?.what === 'deleted').toBe(true);
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
      ['ola', true],
    ]);
    expect(snapshot.context.changed).toMatchObject({ what: 'disabled', user: { userId: 'ann' } });
  });

  it('reads the page again after deleting an account, and says whose it was', async () => {
    const users = startUsers();
    users.calls[0]!.resolve(page);
    await flush();
    users.actor.send({ type: 'users.delete', userId: 'ola' });
    expect(users.calls).toHaveLength(1);
    users.actor.send({ type: 'users.delete', userId: 'ann' });
    expect(users.calls[1]!.input).toEqual({ userId: 'ann', kind: 'delete' });
    users.calls[1]!.resolve(null);
    await flush();
    expect(users.calls).toHaveLength(3);
    users.calls[2]!.resolve({ ...page, items: page.items.slice(1), total: 29 });
    await flush();
    const snapshot = users.actor.getSnapshot();
    expect(snapshot.context.page!.items.map((u) => u.userId)).toEqual(['ben', 'ola']);
    expect(snapshot.context.changed).toMatchObject({ what: 'deleted', user: { name: 'Name ann' } });
  });
});
