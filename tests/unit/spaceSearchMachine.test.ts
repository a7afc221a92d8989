import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  mergeSpaceOptions,
  type SpaceOption,
  type SpaceSearchContext,
  spaceSearchDebounceMs,
  spaceSearchMachine,
} from '../../src/machines/spaceSearchMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingSearch {
  query: string;
  signal: AbortSignal;
  settled: boolean;
  resolve: (spaces: SpaceOption[]) => void;
  reject: (error: unknown) => void;
}

/** The machine with fake space lists: each search stays pending until the test answers it. */
function startSearch() {
  const searches: PendingSearch[] = [];
  const actor = createActor(
    spaceSearchMachine.provide({
      actors: {
        searchSpaces: fromPromise<SpaceOption[], { query: string }>(
          ({ input, signal }) =>
            new Promise((resolve, reject) => {
              const search: PendingSearch = {
                query: input.query,
                signal,
                settled: false,
                resolve: (spaces) => ((search.settled = true), resolve(spaces)),
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
const debounce = { type: 'xstate.after.debounce.spaceSearch.waiting' };

const space = (sceneId: string, title: string, source: SpaceOption['source']): SpaceOption => ({
  sceneId,
  title,
  coverUri: null,
  source,
});
const spaces = [
  space('s1', 'Cafe corner', 'mine'),
  space('s2', 'Gallery', 'mine'),
  space('s3', 'Cafe of others', 'published'),
];
/** The spaces a search for `query` finds. */
const found = (query: string) => spaces.filter((s) => s.title.toLowerCase().includes(query.toLowerCase()));

describe('spaceSearchMachine (model)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = createPathModel(spaceSearchMachine, {
    events: (snapshot) => [
      { type: 'search.typed', query: 'cafe' },
      { type: 'search.typed', query: ' cafe ' },
      { type: 'search.typed', query: '' },
      { type: 'search.retried' },
      debounce,
      { type: 'xstate.done.actor.searchSpaces', output: found(snapshot.context.query) },
      { type: 'xstate.error.actor.searchSpaces', error: { status: 503, message: 'Unavailable' } },
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
        'search.retried',
        debounce.type,
        'xstate.done.actor.searchSpaces',
        'xstate.error.actor.searchSpaces',
      ]),
    );
  });

  describePaths('replays', paths, (path) => async () => {
    const search = startSearch();
    // The picker searches as soon as it opens, for every space.
    expect(search.searches.map((s) => s.query)).toEqual(['']);
    for (const step of replaySteps(path)) {
      const before = search.actor.getSnapshot();
      const searchesBefore = search.searches.length;
      const running = before.matches('searching') ? search.latest() : undefined;
      const result = invokedActorResult(step.event);
      if (step.event.type === debounce.type) {
        await vi.advanceTimersByTimeAsync(spaceSearchDebounceMs - 1);
        expect(search.searches).toHaveLength(searchesBefore);
        await vi.advanceTimersByTimeAsync(1);
      } else if (result?.kind === 'done') search.latest().resolve(result.output as SpaceOption[]);
      else if (result?.kind === 'error') search.latest().reject(result.error);
      else search.actor.send(step.event as never);
      await flush();

      const snapshot = search.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context as SpaceSearchContext);
      // A spinner while typing pauses or a search runs; one search at a time.
      expect(snapshot.hasTag('searching')).toBe(!snapshot.matches('idle'));
      expect(search.running()).toHaveLength(snapshot.matches('searching') ? 1 : 0);
      const asked = step.event.type === debounce.type || step.event.type === 'search.retried';
      expect(search.searches).toHaveLength(searchesBefore + (asked ? 1 : 0));
      if (asked) expect(search.latest().query).toBe(snapshot.context.query);
      if (step.event.type === 'search.typed') {
        // Other words drop the running search; the results shown stay meanwhile.
        if (running) expect(running.signal.aborted).toBe(true);
        expect(snapshot.context.query).toBe((step.event as unknown as { query: string }).query.trim());
        expect(snapshot.context.items).toEqual(before.context.items);
      }
      if (result?.kind === 'done') expect(snapshot.context).toMatchObject({ outcome: 'done' });
      if (result?.kind === 'error') expect(snapshot.context).toMatchObject({ items: [], outcome: 'failed' });
    }
  });
});

describe('spaceSearchMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches again only for other words once typing pauses', async () => {
    const search = startSearch();
    search.latest().resolve(spaces);
    await flush();
    search.actor.send({ type: 'search.typed', query: 'ca' });
    search.actor.send({ type: 'search.typed', query: 'cafe' });
    await vi.advanceTimersByTimeAsync(spaceSearchDebounceMs);
    expect(search.searches.map((s) => s.query)).toEqual(['', 'cafe']);
    search.latest().resolve(found('cafe'));
    await flush();
    search.actor.send({ type: 'search.typed', query: 'cafe ' });
    await vi.advanceTimersByTimeAsync(spaceSearchDebounceMs);
    expect(search.searches).toHaveLength(2);
    expect(search.actor.getSnapshot().context.items).toEqual(found('cafe'));
  });

  it('tries the same words again after a failure', async () => {
    const search = startSearch();
    search.latest().reject(new Error('offline'));
    await flush();
    expect(search.actor.getSnapshot().context.outcome).toBe('failed');
    search.actor.send({ type: 'search.retried' });
    expect(search.searches.map((s) => s.query)).toEqual(['', '']);
  });
});

describe('mergeSpaceOptions', () => {
  it('lists the creator’s own spaces first and each space once', () => {
    const mine = [space('s1', 'Cafe corner', 'mine')];
    const published = [space('s3', 'Cafe of others', 'published'), space('s1', 'Cafe corner', 'published')];
    expect(mergeSpaceOptions(mine, published).map((s) => [s.sceneId, s.source])).toEqual([
      ['s1', 'mine'],
      ['s3', 'published'],
    ]);
  });
});
