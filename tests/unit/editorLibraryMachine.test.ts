import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import type { Asset } from '../../contracts/assets';
import {
  type EditorLibraryEvent,
  type EditorLibrarySnapshot,
  editorLibraryMachine,
  libraryAssets,
  libraryPageSize,
  libraryParams,
  librarySearchDebounceMs,
  uploadTypeOf,
} from '../../src/machines/editorLibraryMachine';
import {
  type InfiniteListEvent,
  type InfiniteListInput,
  infiniteListMachine,
} from '../../src/machines/infiniteListMachine';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const debounce = { type: 'xstate.after.searchDebounce.editorLibrary.query.debouncing' };

const asset = (id: string, title = id): Asset => ({
  id,
  type: 'picture',
  ownerKind: 'user',
  ownerId: 'u1',
  fields: {},
  title,
  description: '',
  tags: [],
  licenseId: 'cc0',
  fileUrl: `/api/fileService/file/${id}`,
  thumbnailUrl: null,
  size: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const sunset = asset('a1', 'Sunset');

/** The tab with a fake list that records what it is asked: its input and every event. */
function startLibrary() {
  const list = { inputs: [] as (InfiniteListInput | undefined)[], events: [] as InfiniteListEvent[] };
  const machine = editorLibraryMachine.provide({
    actors: {
      list: fromCallback<InfiniteListEvent, InfiniteListInput | undefined>(({ input, receive }) => {
        list.inputs.push(input);
        receive((event) => list.events.push(event));
      }) as unknown as typeof infiniteListMachine,
    },
  });
  const actor = createActor(machine).start();
  /** The parameters the list runs with now: its input, or the last ones it was told. */
  const listParams = () => {
    const last = list.events.filter((e) => e.type === 'list.setParams').at(-1);
    return last?.type === 'list.setParams' ? last.params : list.inputs.at(-1)?.params;
  };
  return { actor, list, listParams };
}

const events = (): AnyEventObject[] => [
  { type: 'search.changed', text: 'sun' },
  { type: 'search.changed', text: ' sun ' },
  { type: 'search.changed', text: '' },
  debounce,
  { type: 'type.changed', assetType: 'picture' },
  { type: 'type.changed', assetType: 'all' },
  { type: 'upload.opened' },
  { type: 'upload.opened', assetType: 'model3d' },
  { type: 'upload.closed' },
  { type: 'asset.saved', asset: sunset },
];

describe('editorLibraryMachine (model)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = createPathModel(editorLibraryMachine, {
    events,
    // Typing the same words twice in a row is one path too many.
    filterEvents: (snapshot, event) =>
      !(
        event.type === 'search.changed' &&
        (event as unknown as { text: string }).text === snapshot.context.draft
      ),
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const steps = paths.flatMap((path) => path.steps);
    const states = new Set(steps.map((step) => JSON.stringify(step.state.value)));
    expect([...states].sort()).toEqual(
      [
        { query: 'debouncing', upload: 'closed' },
        { query: 'debouncing', upload: 'open' },
        { query: 'idle', upload: 'closed' },
        { query: 'idle', upload: 'open' },
      ]
        .map((v) => JSON.stringify(v))
        .sort(),
    );
    const types = new Set(steps.map((step) => step.event.type));
    expect([...types].sort()).toEqual([...new Set(events().map((e) => e.type)), 'xstate.init'].sort());
  });

  describePaths('replays', paths, (path) => async () => {
    const library = startLibrary();
    for (const step of replaySteps(path)) {
      const before = library.actor.getSnapshot();
      const setParamsBefore = library.list.events.length;
      if (step.event.type === debounce.type) await vi.advanceTimersByTimeAsync(librarySearchDebounceMs);
      else library.actor.send(step.event as EditorLibraryEvent);
      const after = library.actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expect(after.context).toEqual(step.state.context);
      expectVisible(after, library.listParams());
      expectEffect(step.event, before, after, library.list.events.slice(setParamsBefore));
    }
  });

  /** What the tab shows always agrees with what the list was asked for. */
  function expectVisible(snapshot: EditorLibrarySnapshot, params: unknown) {
    const { search, type, draft } = snapshot.context;
    expect(params).toEqual(libraryParams(search, type));
    expect(snapshot.hasTag('typing')).toBe(snapshot.matches({ query: 'debouncing' }));
    if (snapshot.matches({ query: 'idle' })) expect(search).toBe(draft.trim());
  }

  function expectEffect(
    event: AnyEventObject,
    before: EditorLibrarySnapshot,
    after: EditorLibrarySnapshot,
    told: InfiniteListEvent[],
  ) {
    const restarted = told.some((e) => e.type === 'list.setParams');
    switch (event.type) {
      case 'search.changed':
        // Typing alone never asks the library: the words wait for the debounce.
        expect(told).toEqual([]);
        expect(after.context.draft).toBe((event as unknown as { text: string }).text);
        break;
      case debounce.type:
        // The list restarts only for other words than it has, and forgets what was uploaded.
        expect(restarted).toBe(before.context.draft.trim() !== before.context.search);
        if (restarted) expect(after.context.added).toEqual([]);
        break;
      case 'type.changed':
        expect(restarted).toBe(true);
        expect(after.context.search).toBe(before.context.draft.trim());
        expect(after.context.added).toEqual([]);
        break;
      case 'asset.saved':
        expect(told).toEqual([]);
        expect(after.context.added[0]).toEqual(sunset);
        expect(after.matches({ upload: 'closed' })).toBe(true);
        break;
      default:
        expect(told).toEqual([]);
    }
  }
});

describe('editorLibraryMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the list on every asset, a page of libraryPageSize', () => {
    const { list } = startLibrary();
    expect(list.inputs).toEqual([{ params: {}, ipp: libraryPageSize }]);
  });

  it('asks for the words once the typing rests, not for each key', async () => {
    const { actor, list } = startLibrary();
    for (const text of ['s', 'su', 'sun']) {
      actor.send({ type: 'search.changed', text });
      await vi.advanceTimersByTimeAsync(librarySearchDebounceMs - 1);
    }
    expect(list.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(list.events).toEqual([{ type: 'list.setParams', params: { search: 'sun' } }]);
  });

  it('filters by type at once, keeping the words typed', async () => {
    const { actor, list } = startLibrary();
    actor.send({ type: 'search.changed', text: 'sun' });
    actor.send({ type: 'type.changed', assetType: 'video' });
    expect(list.events).toEqual([{ type: 'list.setParams', params: { search: 'sun', type: 'video' } }]);
    await vi.advanceTimersByTimeAsync(librarySearchDebounceMs);
    expect(list.events).toHaveLength(1);
  });

  it('shows a new upload first, once, until the list starts again', () => {
    const { actor } = startLibrary();
    actor.send({ type: 'upload.opened' });
    actor.send({ type: 'asset.saved', asset: sunset });
    expect(libraryAssets(actor.getSnapshot().context.added, [asset('a0'), sunset]).map((a) => a.id)).toEqual([
      'a1',
      'a0',
    ]);
    actor.send({ type: 'type.changed', assetType: 'picture' });
    expect(actor.getSnapshot().context.added).toEqual([]);
  });

  it('uploads the type chosen in the menu, else the filtered type, a picture when every type is shown', () => {
    expect(uploadTypeOf('all')).toBe('picture');
    expect(uploadTypeOf('model3d')).toBe('model3d');
    const { actor } = startLibrary();
    actor.send({ type: 'upload.opened', assetType: 'model3d' });
    expect(actor.getSnapshot().context.uploadType).toBe('model3d');
    actor.send({ type: 'upload.closed' });
    actor.send({ type: 'type.changed', assetType: 'video' });
    actor.send({ type: 'upload.opened' });
    expect(actor.getSnapshot().context.uploadType).toBe('video');
  });
});
