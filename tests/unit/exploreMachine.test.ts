import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
} from 'xstate';
import { exploreSearchDebounceMs } from '../../contracts/publishing';
import {
  type ExploreContext,
  type ExploreEvent,
  type ExploreInput,
  type ExploreLocation,
  type ExploreSnapshot,
  exploreMachine,
  exploreSearchString,
  exploreTagsMax,
  isNewPlace,
  parseExploreSearch,
  selectSpacesQuery,
} from '../../src/machines/exploreMachine';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const debounce = { type: 'xstate.after.searchDebounce.explore.search.typing' };

/** One transition of a machine's definition: `explore.search.typing search.submitted → explore.search.settled`. */
function transitionKey(t: AnyTransitionDefinition) {
  const guard =
    typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string } | undefined)?.type ?? '');
  const target = t.target?.map((node) => node.id).join(', ') ?? '(stays)';
  return `${t.source.id} ${t.eventType}${guard ? ` [${guard}]` : ''} → ${target}`;
}

/** Every transition `machine` defines: events, delays and eventless ones. */
function definedTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const transitions of node.transitions.values()) keys.push(...transitions.map(transitionKey));
    keys.push(...(node.always ?? []).map(transitionKey));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return keys;
}

function startExplore(input?: ExploreInput) {
  const taken = new Set<string>();
  const actor = createActor(exploreMachine, {
    input,
    inspect: (event) => {
      if (event.type === '@xstate.microstep') for (const t of event._transitions) taken.add(transitionKey(t));
    },
  }).start();
  return { actor, taken };
}

const linkToTag: ExploreLocation = { tab: 'creators', q: 'gallery', tags: ['art'] };
const plainExplore: ExploreLocation = { tab: 'spaces', q: '', tags: [] };

/**
 * A state of the model: what the guards and branches read (sign-in, whether the filter needs it,
 * the tags, the search words typed and searched). The tab, sort and view change nothing else, so
 * they stay out; the replays check them on the real actor.
 */
function modelState(snapshot: ExploreSnapshot) {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    signedIn: context.signedIn,
    accountFilter: context.filter === 'history' || context.filter === 'favourites',
    tags: context.tags,
    q: context.q,
    draft: context.draft,
  });
}

/** What the page must show after `event`, worked out from what it showed before. */
function expectedContext(before: ExploreContext, event: AnyEventObject): ExploreContext {
  const e = event as ExploreEvent;
  switch (e.type) {
    case 'tab.selected':
      return { ...before, tab: e.tab };
    case 'filter.selected':
      return { ...before, filter: e.filter };
    case 'sort.selected':
      return { ...before, sort: e.sort };
    case 'view.selected':
      return { ...before, view: e.view };
    case 'search.typed':
      return { ...before, draft: e.text };
    case 'search.submitted':
      return { ...before, q: before.draft.trim() };
    case 'tag.added':
      return { ...before, tags: [...before.tags, e.tag.trim()] };
    case 'tag.removed':
      return { ...before, tags: before.tags.filter((tag) => tag !== e.tag) };
    case 'location.changed': {
      const { tab, q, tags } = e.location;
      return { ...before, tab, tags, ...(q !== before.q ? { q, draft: q } : {}) };
    }
    case 'session.changed':
      return { ...before, signedIn: e.signedIn };
  }
  if (event.type === debounce.type) return { ...before, q: before.draft.trim() };
  throw new Error(`unexpected event ${event.type}`);
}

describe('exploreMachine (model)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = createPathModel(exploreMachine, {
    events: (snapshot) =>
      [
        { type: 'tab.selected', tab: 'creators' },
        { type: 'filter.selected', filter: 'history' },
        { type: 'filter.selected', filter: 'all' },
        { type: 'sort.selected', sort: 'likes' },
        { type: 'view.selected', view: 'list' },
        { type: 'search.typed', text: 'lamp ' },
        { type: 'search.typed', text: '' },
        { type: 'search.submitted' },
        debounce,
        { type: 'tag.added', tag: ' art ' },
        { type: 'tag.removed', tag: 'art' },
        { type: 'location.changed', location: linkToTag },
        { type: 'location.changed', location: plainExplore },
        { type: 'session.changed', signedIn: !snapshot.context.signedIn },
      ] as AnyEventObject[],
    serializeState: modelState,
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every kind of event', () => {
    const steps = paths.flatMap((path) => path.steps);
    const states = new Set(steps.map((step) => JSON.stringify(step.state.value)));
    expect([...states].sort()).toEqual([
      '{"search":"settled","access":"open"}',
      '{"search":"settled","access":"signInRequired"}',
      '{"search":"typing","access":"open"}',
      '{"search":"typing","access":"signInRequired"}',
    ]);
    const events = new Set(steps.map((step) => step.event.type));
    expect([...events].sort()).toEqual(
      [
        'filter.selected',
        'location.changed',
        'search.submitted',
        'search.typed',
        'session.changed',
        'sort.selected',
        'tab.selected',
        'tag.added',
        'tag.removed',
        'view.selected',
        debounce.type,
        'xstate.init',
      ].sort(),
    );
  });

  it('takes every transition the machine defines', async () => {
    const taken = new Set<string>();
    for (const path of paths) {
      const explore = startExplore();
      for (const step of replaySteps(path)) await perform(explore.actor, step.event);
      explore.taken.forEach((key) => taken.add(key));
      explore.actor.stop();
    }
    // Guarded-out events (a tag twice, a blank tag, removing a tag not there) are tried below.
    const defined = definedTransitions(exploreMachine);
    expect(defined.length).toBe(14);
    expect(defined.filter((key) => !taken.has(key))).toEqual([]);
  });

  describePaths('replays', paths, (path) => async () => {
    const { actor } = startExplore();
    for (const step of replaySteps(path)) {
      const before = actor.getSnapshot();
      await perform(actor, step.event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expect(modelState(after)).toBe(modelState(step.state as ExploreSnapshot));
      expectWhatTheVisitorNotices(before, step.event, after);
    }
    actor.stop();
  });
});

async function perform(actor: ReturnType<typeof startExplore>['actor'], event: AnyEventObject) {
  if (event.type === debounce.type) {
    // Nothing is searched until typing has paused for the whole debounce time.
    const q = actor.getSnapshot().context.q;
    await vi.advanceTimersByTimeAsync(exploreSearchDebounceMs - 1);
    expect(actor.getSnapshot().context.q).toBe(q);
    await vi.advanceTimersByTimeAsync(1);
  } else actor.send(event as ExploreEvent);
}

function expectWhatTheVisitorNotices(before: ExploreSnapshot, event: AnyEventObject, after: ExploreSnapshot) {
  const { context } = after;
  expect(context).toEqual(expectedContext(before.context, event));
  // MY HISTORY and MY FAVOURITES ask an anonymous visitor to sign in, and nothing is searched.
  const mustSignIn = !context.signedIn && (context.filter === 'history' || context.filter === 'favourites');
  expect(after.hasTag('signInRequired')).toBe(mustSignIn);
  expect(selectSpacesQuery(after)).toEqual(
    mustSignIn ? null : { q: context.q, tags: context.tags, sort: context.sort, filter: context.filter },
  );
  // Once typing has paused, the words searched are the words in the box.
  if (!after.hasTag('typing')) expect(context.q).toBe(context.draft.trim());
  // The address holds the tab, the words and the tags, and reads back the same.
  expect(parseExploreSearch(exploreSearchString(context))).toEqual({
    tab: context.tab,
    q: context.q,
    tags: context.tags,
  });
}

describe('exploreMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts from the address: tab, words and tags, with grid view, ALL and newest first', () => {
    const { actor } = startExplore({
      ...parseExploreSearch('tab=creators&q=%20lamp%20&tags=art,,design,art'),
    });
    expect(actor.getSnapshot().context).toEqual({
      tab: 'creators',
      q: 'lamp',
      draft: 'lamp',
      tags: ['art', 'design'],
      filter: 'all',
      sort: 'publishedAt',
      view: 'grid',
      signedIn: false,
    });
  });

  it('searches once typing pauses, restarting the wait on every keystroke', async () => {
    const { actor } = startExplore();
    actor.send({ type: 'search.typed', text: 'l' });
    await vi.advanceTimersByTimeAsync(exploreSearchDebounceMs - 50);
    actor.send({ type: 'search.typed', text: 'lamp' });
    await vi.advanceTimersByTimeAsync(exploreSearchDebounceMs - 1);
    expect(actor.getSnapshot().context.q).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.q).toBe('lamp');
    expect(actor.getSnapshot().hasTag('typing')).toBe(false);
  });

  it('keeps the words being typed when the address repeats the last search', () => {
    const { actor } = startExplore({ q: 'lamp' });
    actor.send({ type: 'search.typed', text: 'lamps' });
    actor.send({ type: 'location.changed', location: { tab: 'spaces', q: 'lamp', tags: [] } });
    expect(actor.getSnapshot().context.draft).toBe('lamps');
    expect(actor.getSnapshot().hasTag('typing')).toBe(true);
  });

  it('adds a tag once, ignores blank ones and stops at the most a space can carry', () => {
    const { actor } = startExplore();
    actor.send({ type: 'tag.added', tag: 'art' });
    actor.send({ type: 'tag.added', tag: ' art' });
    actor.send({ type: 'tag.added', tag: '  ' });
    expect(actor.getSnapshot().context.tags).toEqual(['art']);
    for (let i = 0; i < exploreTagsMax + 2; i++) actor.send({ type: 'tag.added', tag: `t${i}` });
    expect(actor.getSnapshot().context.tags).toHaveLength(exploreTagsMax);
    const before = actor.getSnapshot().context;
    actor.send({ type: 'tag.removed', tag: 'not-there' });
    expect(actor.getSnapshot().context).toBe(before);
  });

  it.each(['history', 'favourites'] as const)(
    'asks an anonymous visitor to sign in for %s only',
    (filter) => {
      const { actor } = startExplore();
      for (const other of ['all', 'related', 'trending'] as const) {
        actor.send({ type: 'filter.selected', filter: other });
        expect(selectSpacesQuery(actor.getSnapshot())?.filter).toBe(other);
      }
      actor.send({ type: 'filter.selected', filter });
      expect(selectSpacesQuery(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'session.changed', signedIn: true });
      expect(selectSpacesQuery(actor.getSnapshot())?.filter).toBe(filter);
    },
  );

  it('writes the address compactly, and tells a new place from new words', () => {
    expect(exploreSearchString({ tab: 'spaces', q: '', tags: [] })).toBe('');
    expect(exploreSearchString({ tab: 'creators', q: 'red lamp', tags: ['a', 'b c'] })).toBe(
      'tab=creators&q=red+lamp&tags=a,b+c',
    );
    expect(parseExploreSearch('tab=nonsense').tab).toBe('spaces');
    expect(isNewPlace(plainExplore, { ...plainExplore, q: 'x' })).toBe(false);
    expect(isNewPlace(plainExplore, { ...plainExplore, tags: ['x'] })).toBe(true);
    expect(isNewPlace(plainExplore, { ...plainExplore, tab: 'districts' })).toBe(true);
  });
});
