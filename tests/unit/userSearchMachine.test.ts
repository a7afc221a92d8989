import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Member } from '../../src/machines/publishWizardMachine';
import {
  type MemberSearchCategory,
  type UserSearchContext,
  userSearchDebounceMs,
  userSearchMachine,
} from '../../src/machines/userSearchMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingSearch {
  query: string;
  category: MemberSearchCategory;
  signal: AbortSignal;
  settled: boolean;
  resolve: (members: Member[]) => void;
  reject: (error: unknown) => void;
}

/** The machine with a fake user directory: each search stays pending until the test answers it. */
function startSearch() {
  const searches: PendingSearch[] = [];
  const actor = createActor(
    userSearchMachine.provide({
      actors: {
        searchUsers: fromPromise<Member[], { query: string; category: MemberSearchCategory }>(
          ({ input, signal }) =>
            new Promise((resolve, reject) => {
              const search: PendingSearch = {
                query: input.query,
                category: input.category,
                signal,
                settled: false,
                resolve: (members) => ((search.settled = true), resolve(members)),
                reject: (error) => ((search.settled = true), reject(error)),
              };
              searches.push(search);
            }),
        ),
      },
    }),
  ).start();
  const latest = () => {
    const search = searches.at(-1);
    if (!search) throw new Error('nothing was searched');
    return search;
  };
  const running = () => searches.filter((search) => !search.settled && !search.signal.aborted);
  return { actor, searches, latest, running };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const debounce = { type: 'xstate.after.debounce.userSearch.waiting' };

const directory: Member[] = [
  { userId: 'u1', name: 'Ann Lee', profilePicture: null },
  { userId: 'u2', name: 'Bob Annan', profilePicture: null },
  { userId: 'u3', name: 'Bo Diddley', profilePicture: null },
];
const myGroups: Member[] = [
  { groupId: 'g1', name: 'Annual members', profilePicture: null },
  { groupId: 'g2', name: 'Board', profilePicture: null },
];
/** The users (or the signed-in user's groups) a search for `query` finds. */
const found = (query: string, category: MemberSearchCategory = 'users') =>
  (category === 'groups' ? myGroups : directory).filter((m) =>
    m.name.toLowerCase().includes(query.toLowerCase()),
  );

describe('userSearchMachine (model)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = createPathModel(userSearchMachine, {
    events: (snapshot) => [
      { type: 'search.typed', query: 'ann' },
      { type: 'search.typed', query: 'bo' },
      { type: 'search.typed', query: 'ann', category: 'groups' },
      { type: 'search.stopped' },
      debounce,
      {
        type: 'xstate.done.actor.searchUsers',
        output: found(snapshot.context.query, snapshot.context.category),
      },
      { type: 'xstate.error.actor.searchUsers', error: { status: 503, message: 'Unavailable' } },
    ],
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(new Set(steps.map((step) => step.state.value))).toEqual(new Set(['idle', 'waiting', 'searching']));
    expect(new Set(steps.map((step) => step.event.type))).toEqual(
      new Set([
        'xstate.init',
        'search.typed',
        'search.stopped',
        debounce.type,
        'xstate.done.actor.searchUsers',
        'xstate.error.actor.searchUsers',
      ]),
    );
  });

  describePaths('replays', paths, (path) => async () => {
    const search = startSearch();
    for (const step of replaySteps(path)) {
      const before = search.actor.getSnapshot();
      const searchesBefore = search.searches.length;
      const running = before.matches('searching') ? search.latest() : undefined;
      const result = invokedActorResult(step.event);
      if (step.event.type === debounce.type) {
        // Nothing is asked until the typing has paused for the whole delay.
        await vi.advanceTimersByTimeAsync(userSearchDebounceMs - 1);
        expect(search.searches).toHaveLength(searchesBefore);
        expect(search.actor.getSnapshot().matches('waiting')).toBe(true);
        await vi.advanceTimersByTimeAsync(1);
      } else if (result?.kind === 'done') search.latest().resolve(result.output as Member[]);
      else if (result?.kind === 'error') search.latest().reject(result.error);
      else search.actor.send(step.event as never);
      await flush();

      const snapshot = search.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context as UserSearchContext);
      // What the picker shows: a spinner while one search runs, the words' results once it answers.
      expect(snapshot.hasTag('searching')).toBe(snapshot.matches('searching'));
      expect(search.running()).toHaveLength(snapshot.matches('searching') ? 1 : 0);
      // A search waits for its delay only while typing pauses.
      expect(vi.getTimerCount()).toBe(snapshot.matches('waiting') ? 1 : 0);
      if (step.event.type === debounce.type) {
        expect(search.searches).toHaveLength(searchesBefore + 1);
        expect(search.latest().query).toBe(snapshot.context.query);
        // Users, or the signed-in user's groups, as the picker's category says.
        expect(search.latest().category).toBe(snapshot.context.category);
      } else {
        expect(search.searches).toHaveLength(searchesBefore);
      }
      if (step.event.type === 'search.typed' || step.event.type === 'search.stopped') {
        // The running search is dropped (its request aborted); the results shown stay meanwhile.
        if (running) expect(running.signal.aborted).toBe(true);
        expect(snapshot.context.items).toEqual(before.context.items);
        expect(snapshot.context.outcome).toBe(before.context.outcome);
      }
      if (result?.kind === 'done') {
        expect(snapshot.context.items).toEqual(found(snapshot.context.query, snapshot.context.category));
        expect(snapshot.context.outcome).toBe('done');
      }
      if (result?.kind === 'error') expect(snapshot.context).toMatchObject({ items: [], outcome: 'failed' });
    }
  });
});

describe('userSearchMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`searches ${userSearchDebounceMs} ms after the last keystroke, for the last words typed`, async () => {
    expect(userSearchDebounceMs).toBe(200);
    const search = startSearch();
    search.actor.send({ type: 'search.typed', query: 'a' });
    await vi.advanceTimersByTimeAsync(150);
    search.actor.send({ type: 'search.typed', query: 'an' });
    await vi.advanceTimersByTimeAsync(150);
    search.actor.send({ type: 'search.typed', query: 'ann' });
    await vi.advanceTimersByTimeAsync(199);
    expect(search.searches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(search.searches.map((s) => s.query)).toEqual(['ann']);
  });

  it('drops a running search for a newer one; its late answer never shows', async () => {
    const search = startSearch();
    search.actor.send({ type: 'search.typed', query: 'bo' });
    await vi.advanceTimersByTimeAsync(userSearchDebounceMs);
    const older = search.latest();
    older.resolve(found('bo'));
    await flush();
    expect(search.actor.getSnapshot().context.items).toEqual(found('bo'));

    search.actor.send({ type: 'search.typed', query: 'ann' });
    await vi.advanceTimersByTimeAsync(userSearchDebounceMs);
    const dropped = search.latest();
    search.actor.send({ type: 'search.typed', query: 'ann lee' });
    expect(dropped.signal.aborted).toBe(true);
    dropped.resolve(found('ann'));
    await flush();
    // Still the results of the last search that answered, until the new one does.
    expect(search.actor.getSnapshot().context).toEqual({
      query: 'ann lee',
      category: 'users',
      items: found('bo'),
      outcome: 'done',
    });
    await vi.advanceTimersByTimeAsync(userSearchDebounceMs);
    expect(search.latest().query).toBe('ann lee');
    search.latest().resolve(found('ann lee'));
    await flush();
    expect(search.actor.getSnapshot().context.items).toEqual([directory[0]]);
  });

  it('clears the results when a search fails', async () => {
    const search = startSearch();
    search.actor.send({ type: 'search.typed', query: 'ann' });
    await vi.advanceTimersByTimeAsync(userSearchDebounceMs);
    search.latest().resolve(found('ann'));
    await flush();
    search.actor.send({ type: 'search.typed', query: 'bo' });
    await vi.advanceTimersByTimeAsync(userSearchDebounceMs);
    search.latest().reject(new Error('offline'));
    await flush();
    expect(search.actor.getSnapshot().context).toEqual({
      query: 'bo',
      category: 'users',
      items: [],
      outcome: 'failed',
    });
  });

  it('stopped drops the running search and the one waiting to start', async () => {
    const search = startSearch();
    search.actor.send({ type: 'search.typed', query: 'ann' });
    await vi.advanceTimersByTimeAsync(userSearchDebounceMs);
    const running = search.latest();
    search.actor.send({ type: 'search.stopped' });
    expect(running.signal.aborted).toBe(true);
    running.resolve(found('ann'));
    await flush();
    expect(search.actor.getSnapshot().context.items).toEqual([]);

    search.actor.send({ type: 'search.typed', query: 'bo' });
    search.actor.send({ type: 'search.stopped' });
    await vi.advanceTimersByTimeAsync(userSearchDebounceMs * 5);
    expect(search.searches).toHaveLength(1);
    expect(search.actor.getSnapshot().value).toBe('idle');
  });
});
