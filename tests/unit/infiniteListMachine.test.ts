import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import {
  type InfiniteListBody,
  type InfiniteListInput,
  type InfiniteListSnapshot,
  infiniteListMachine,
} from '../../src/machines/infiniteListMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingRequest {
  body: InfiniteListBody;
  signal: AbortSignal;
  resolve: (items: readonly unknown[]) => void;
  reject: (error: unknown) => void;
}

/** The list with a fake fetchPage whose requests stay pending until the test settles them. */
function startList(input?: InfiniteListInput) {
  const requests: PendingRequest[] = [];
  const machine = infiniteListMachine.provide({
    actors: {
      fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(
        ({ input: body, signal }) =>
          new Promise((resolve, reject) => requests.push({ body, signal, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
  const latest = () => {
    const request = requests.at(-1);
    if (!request) throw new Error('no page was requested');
    return request;
  };
  return { actor, requests, latest };
}

/** Lets settled promises reach the actor. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What a person looking at the list notices. */
function visible(snapshot: InfiniteListSnapshot) {
  return {
    items: snapshot.context.items,
    loading: snapshot.hasTag('loading'),
    canLoadMore: snapshot.can({ type: 'list.loadMore' }),
    canRetry: snapshot.can({ type: 'list.retry' }),
    error: snapshot.context.error,
  };
}

const ipp = 3;
const offline = 'offline';

/** A page of the fake server: items name their query and position, so stale ones stand out. */
const pageItems = (q: unknown, cp: number, count: number) =>
  Array.from({ length: count }, (_, i) => `${String(q)}:${cp * ipp + i}`);

describe('infiniteListMachine (model)', () => {
  const model = createPathModel(infiniteListMachine, {
    input: { params: { q: 'a' }, ipp },
    events: (snapshot) => {
      const { page, params } = snapshot.context;
      return [
        { type: 'xstate.done.actor.fetchPage', output: pageItems(params.q, page, ipp) },
        { type: 'xstate.done.actor.fetchPage', output: pageItems(params.q, page, 1) },
        { type: 'xstate.done.actor.fetchPage', output: [] },
        { type: 'xstate.error.actor.fetchPage', error: offline },
        { type: 'list.loadMore' },
        { type: 'list.retry' },
        { type: 'list.refresh' },
        { type: 'list.setParams', params: { q: 'a' } },
        { type: 'list.setParams', params: { q: 'b' } },
      ];
    },
    // Full pages only up to page 2, so the model stays finite.
    filterEvents: (snapshot, event) =>
      !(
        event.type === 'xstate.done.actor.fetchPage' &&
        (event.output as unknown[]).length === ipp &&
        snapshot.context.page >= 2
      ),
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every kind of event', () => {
    const steps = paths.flatMap((path) => path.steps);
    const states = new Set(steps.map((step) => step.state.value));
    expect([...states].sort()).toEqual(['done', 'failed', 'idle', 'loading']);
    const events = new Set(steps.map((step) => step.event.type));
    expect([...events].sort()).toEqual([
      'list.loadMore',
      'list.refresh',
      'list.retry',
      'list.setParams',
      'xstate.done.actor.fetchPage',
      'xstate.error.actor.fetchPage',
      'xstate.init',
    ]);
  });

  describePaths('replays', paths, (path) => async () => {
    const list = startList({ params: { q: 'a' }, ipp });
    for (const step of [path.steps[0], ...replaySteps(path)]) {
      await perform(list, step.event);
      expectSameAs(list.actor.getSnapshot(), step.state as InfiniteListSnapshot, list);
    }
  });

  async function perform(list: ReturnType<typeof startList>, event: AnyEventObject) {
    if (event.type === 'xstate.init') return;
    const result = invokedActorResult(event);
    if (result?.kind === 'done') list.latest().resolve(result.output as unknown[]);
    else if (result?.kind === 'error') list.latest().reject(result.error);
    else {
      const before = list.requests.length;
      const pending = list.actor.getSnapshot().hasTag('loading') ? list.latest() : undefined;
      list.actor.send(event as Parameters<typeof list.actor.send>[0]);
      expectEffectOf(event, list, before, pending);
    }
    await flush();
  }

  /** What each user event visibly does, whatever state it came in. */
  function expectEffectOf(
    event: AnyEventObject,
    list: ReturnType<typeof startList>,
    requestsBefore: number,
    pending: PendingRequest | undefined,
  ) {
    const shown = visible(list.actor.getSnapshot());
    // Every user event the model sends is one the list accepts, and each asks for a page.
    expect(list.requests).toHaveLength(requestsBefore + 1);
    expect(shown.loading).toBe(true);
    if (event.type === 'list.setParams' || event.type === 'list.refresh') {
      // Starts over: nothing shown, page 0, and the request in flight is dropped.
      expect(shown.items).toEqual([]);
      expect(list.latest().body.cp).toBe(0);
      if (event.type === 'list.setParams') expect(list.latest().body.q).toBe(event.params.q);
      if (pending) expect(pending.signal.aborted).toBe(true);
    }
    if (event.type === 'list.retry') {
      // The same page again, keeping what was shown.
      expect(list.requests[requestsBefore].body).toEqual(list.requests[requestsBefore - 1].body);
      expect(shown.error).toBeNull();
    }
  }

  function expectSameAs(
    actual: InfiniteListSnapshot,
    expected: InfiniteListSnapshot,
    list: ReturnType<typeof startList>,
  ) {
    expect(actual.value).toEqual(expected.value);
    const shown = visible(actual);
    expect(shown.items).toEqual(expected.context.items);
    // Only items of the current query are ever shown.
    const { q } = actual.context.params;
    expect(shown.items.every((item) => String(item).startsWith(`${String(q)}:`))).toBe(true);

    switch (actual.value) {
      case 'loading':
        expect(shown).toMatchObject({ loading: true, canLoadMore: false, error: null });
        // Every page before this one was full, so the page asked for follows from what is shown.
        expect(list.latest().body).toEqual({ q, cp: shown.items.length / ipp, ipp });
        expect(list.latest().signal.aborted).toBe(false);
        break;
      case 'idle':
        expect(shown).toMatchObject({ loading: false, canLoadMore: true, canRetry: false, error: null });
        expect(shown.items.length % ipp).toBe(0);
        break;
      case 'done':
        expect(shown).toMatchObject({ loading: false, canLoadMore: false, canRetry: false, error: null });
        expect(actual.context.done).toBe(true);
        break;
      case 'failed':
        expect(shown).toMatchObject({ loading: false, canLoadMore: false, canRetry: true, error: offline });
        expect(actual.context.done).toBe(false);
        break;
      default:
        throw new Error(`unexpected state ${JSON.stringify(actual.value)}`);
    }
  }
});

describe('infiniteListMachine', () => {
  it('asks for page 0 with 9 items per page and the parameters, then the next page', async () => {
    const list = startList({ params: { sort: 'likes', search: 'museum' } });
    expect(list.requests).toHaveLength(1);
    expect(list.latest().body).toEqual({ cp: 0, ipp: 9, sort: 'likes', search: 'museum' });

    list.latest().resolve(pageItems('x', 0, 9));
    await flush();
    list.actor.send({ type: 'list.loadMore' });
    expect(list.latest().body).toEqual({ cp: 1, ipp: 9, sort: 'likes', search: 'museum' });
  });

  it('starts with no parameters when given no input', () => {
    const list = startList();
    expect(list.latest().body).toEqual({ cp: 0, ipp: 9 });
    expect(list.actor.getSnapshot().context).toMatchObject({ items: [], page: 0, params: {}, ipp: 9 });
  });

  it('keeps paging even when a parameter has the same name', () => {
    const list = startList({ params: { cp: 7, ipp: 100 } });
    expect(list.latest().body).toEqual({ cp: 0, ipp: 9 });
  });

  it('ignores the late answer to the parameters it had before setParams', async () => {
    const list = startList({ params: { q: 'old' }, ipp });
    const stale = list.latest();
    list.actor.send({ type: 'list.setParams', params: { q: 'new' } });
    expect(stale.signal.aborted).toBe(true);
    expect(list.latest().body).toEqual({ q: 'new', cp: 0, ipp });

    stale.resolve(pageItems('old', 0, ipp));
    await flush();
    expect(visible(list.actor.getSnapshot())).toMatchObject({ items: [], loading: true });

    list.latest().resolve(pageItems('new', 0, 2));
    await flush();
    expect(list.actor.getSnapshot().value).toBe('done');
    expect(list.actor.getSnapshot().context.items).toEqual(['new:0', 'new:1']);
  });

  it('ignores a late failure of the request it dropped', async () => {
    const list = startList({ params: { q: 'old' }, ipp });
    const stale = list.latest();
    list.actor.send({ type: 'list.setParams', params: { q: 'new' } });
    stale.reject(new Error('aborted'));
    await flush();
    expect(list.actor.getSnapshot().value).toBe('loading');
  });

  it('asks for one page at a time', async () => {
    const list = startList({ ipp });
    list.actor.send({ type: 'list.loadMore' });
    expect(list.requests).toHaveLength(1);
    list.latest().resolve(pageItems('x', 0, ipp));
    await flush();
    list.actor.send({ type: 'list.loadMore' });
    list.actor.send({ type: 'list.loadMore' });
    expect(list.requests).toHaveLength(2);
  });

  it('stops at an empty first page with nothing to show', async () => {
    const list = startList();
    list.latest().resolve([]);
    await flush();
    expect(list.actor.getSnapshot().value).toBe('done');
    expect(visible(list.actor.getSnapshot())).toMatchObject({ items: [], canLoadMore: false });
  });

  it('retries the page that failed and keeps what it had', async () => {
    const list = startList({ ipp });
    list.latest().resolve(pageItems('x', 0, ipp));
    await flush();
    list.actor.send({ type: 'list.loadMore' });
    list.latest().reject(new Error('Service unavailable'));
    await flush();
    expect(list.actor.getSnapshot().value).toBe('failed');
    expect(String(list.actor.getSnapshot().context.error)).toContain('Service unavailable');

    list.actor.send({ type: 'list.retry' });
    expect(list.latest().body).toEqual({ cp: 1, ipp });
    expect(visible(list.actor.getSnapshot())).toMatchObject({ loading: true, error: null });
    expect(list.actor.getSnapshot().context.items).toHaveLength(ipp);
  });

  it('refresh clears the items and starts again at page 0 with the same parameters', async () => {
    const list = startList({ params: { q: 'a' }, ipp });
    list.latest().resolve(pageItems('a', 0, ipp));
    await flush();
    list.actor.send({ type: 'list.refresh' });
    expect(list.actor.getSnapshot().context.items).toEqual([]);
    expect(list.latest().body).toEqual({ q: 'a', cp: 0, ipp });
  });

  it('fails when no fetchPage was provided', async () => {
    const actor = createActor(infiniteListMachine, { input: {} }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
  });
});
