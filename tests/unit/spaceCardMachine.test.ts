import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import {
  draftLimitToast,
  isDraftLimitProblem,
  type LoggedSpaceAction,
  type SpaceCardData,
  type SpaceCardSnapshot,
  spaceCardMachine,
} from '../../src/machines/spaceCardMachine';
import { deferredActors } from '../support/deferredActors';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

const gallery: SpaceCardData = {
  sceneId: 's1',
  title: 'Gallery',
  state: 'Published',
  visible: true,
  coverPhotoUri: null,
  thumbnailUri: null,
  creator: { userId: 'u1', name: 'Alice', profilePicture: null },
  likes: 1250,
  views: 3,
  commentCount: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
/** The same space after a reload of the list: renamed. */
const renamed: SpaceCardData = { ...gallery, title: 'Gallery (2026)' };
const copy: SpaceCardData = { ...gallery, sceneId: 's2', title: 'Gallery (copy)', state: 'Draft' };
const refused = { message: 'Service unavailable', status: 503 };
const draftLimit = { message: 'Draft Limit Reached', status: 422, code: 'BUSINESS_RULE' };

function startCard(space: SpaceCardData = gallery) {
  const { deferred, latest, answer, calls } = deferredActors();
  const seen = {
    deleted: [] as string[],
    duplicated: [] as SpaceCardData[],
    duplicateFailed: [] as unknown[],
    logged: [] as { action: LoggedSpaceAction; sceneId: string; error: unknown }[],
  };
  const actor = createActor(
    spaceCardMachine.provide({
      actors: {
        setVisibility: deferred('setVisibility'),
        deleteSpace: deferred('deleteSpace'),
        duplicateSpace: deferred('duplicateSpace'),
      } as never,
      actions: {
        logFailure: (_, params: { action: LoggedSpaceAction; sceneId: string; error: unknown }) =>
          void seen.logged.push(params),
      },
    }),
    { input: { space } },
  );
  actor.on('card.deleted', ({ sceneId }) => void seen.deleted.push(sceneId));
  actor.on('card.duplicated', ({ copy }) => void seen.duplicated.push(copy));
  actor.on('card.duplicateFailed', ({ error }) => void seen.duplicateFailed.push(error));
  actor.start();
  return { actor, seen, calls, latest, answer: (event: AnyEventObject) => answer(actor, event) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const events = (): AnyEventObject[] => [
  { type: 'card.hide' },
  { type: 'card.unhide' },
  { type: 'card.delete' },
  { type: 'card.confirmDelete' },
  { type: 'card.cancelDelete' },
  { type: 'card.duplicate' },
  { type: 'card.updated', space: renamed },
  // Data of another space is never taken (the guard refuses it, so it is no edge of the model).
  { type: 'card.updated', space: copy },
  { type: 'xstate.done.actor.setVisibility', output: undefined },
  { type: 'xstate.error.actor.setVisibility', error: refused },
  { type: 'xstate.done.actor.deleteSpace', output: undefined },
  { type: 'xstate.error.actor.deleteSpace', error: refused },
  { type: 'xstate.done.actor.duplicateSpace', output: copy },
  { type: 'xstate.error.actor.duplicateSpace', error: draftLimit },
];

/** What a person looking at the card notices. */
function shown(snapshot: SpaceCardSnapshot) {
  return {
    title: snapshot.context.space.title,
    hiddenBadge: !snapshot.context.space.visible,
    onTheList: !snapshot.context.removed,
    confirming: snapshot.matches('confirmingDelete'),
    busy: snapshot.hasTag('busy'),
    canHide: snapshot.can({ type: 'card.hide' }),
    canUnhide: snapshot.can({ type: 'card.unhide' }),
    canDelete: snapshot.can({ type: 'card.delete' }),
    canDuplicate: snapshot.can({ type: 'card.duplicate' }),
  };
}

describe('spaceCardMachine (model)', () => {
  const model = createPathModel(spaceCardMachine, { input: { space: gallery }, events });
  const paths = getTransitionPaths(model);

  it('covers every state and every kind of event', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect([...new Set(steps.map((step) => step.state.value as string))].sort()).toEqual([
      'confirmingDelete',
      'deleted',
      'deleting',
      'duplicating',
      'hiding',
      'idle',
      'unhiding',
    ]);
    expect([...new Set(steps.map((step) => step.event.type))].sort()).toEqual([
      'card.cancelDelete',
      'card.confirmDelete',
      'card.delete',
      'card.duplicate',
      'card.hide',
      'card.unhide',
      'card.updated',
      'xstate.done.actor.deleteSpace',
      'xstate.done.actor.duplicateSpace',
      'xstate.done.actor.setVisibility',
      'xstate.error.actor.deleteSpace',
      'xstate.error.actor.duplicateSpace',
      'xstate.error.actor.setVisibility',
      'xstate.init',
    ]);
  });

  it('takes every transition of the model', () => {
    const taken = new Set(
      paths.flatMap((path) =>
        path.steps
          .slice(1)
          .map((step, i) => `${JSON.stringify(path.steps[i].state.value)} ${step.event.type}`),
      ),
    );
    // Each state's events, as the machine defines them.
    expect([...taken].sort()).toEqual(
      [
        '"idle" card.hide',
        '"idle" card.unhide',
        '"idle" card.delete',
        '"idle" card.duplicate',
        '"idle" card.updated',
        '"hiding" xstate.done.actor.setVisibility',
        '"hiding" xstate.error.actor.setVisibility',
        '"unhiding" xstate.done.actor.setVisibility',
        '"unhiding" xstate.error.actor.setVisibility',
        '"confirmingDelete" card.confirmDelete',
        '"confirmingDelete" card.cancelDelete',
        '"deleting" xstate.done.actor.deleteSpace',
        '"deleting" xstate.error.actor.deleteSpace',
        '"duplicating" xstate.done.actor.duplicateSpace',
        '"duplicating" xstate.error.actor.duplicateSpace',
      ].sort(),
    );
  });

  describePaths('replays', paths, (path) => async () => {
    const card = startCard();
    for (const step of replaySteps(path)) {
      const before = card.actor.getSnapshot();
      const callsBefore = card.calls.length;
      const seenBefore = {
        deleted: card.seen.deleted.length,
        duplicated: card.seen.duplicated.length,
        duplicateFailed: card.seen.duplicateFailed.length,
        logged: card.seen.logged.length,
      };
      card.answer(step.event);
      await flush();
      const after = card.actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expect(after.context).toEqual(step.state.context);
      expectEffect(step.event, before, after, card, callsBefore, seenBefore);
      expectConsistent(after);
    }
  });

  /** What each event visibly does. */
  function expectEffect(
    event: AnyEventObject,
    before: SpaceCardSnapshot,
    after: SpaceCardSnapshot,
    card: ReturnType<typeof startCard>,
    callsBefore: number,
    seenBefore: Record<keyof ReturnType<typeof startCard>['seen'], number>,
  ) {
    const newCalls = card.calls.slice(callsBefore).map(({ name, input }) => ({ name, input }));
    const result = invokedActorResult(event);
    const quiet = (except: string[] = []) => {
      for (const key of Object.keys(seenBefore) as (keyof typeof seenBefore)[])
        if (!except.includes(key)) expect(card.seen[key], key).toHaveLength(seenBefore[key]);
    };
    switch (event.type) {
      case 'card.hide':
      case 'card.unhide': {
        // Optimistic: the badge changes at once and the server is asked.
        const visible = event.type === 'card.unhide';
        expect(shown(after).hiddenBadge).toBe(!visible);
        expect(newCalls).toEqual([{ name: 'setVisibility', input: { sceneId: 's1', visible } }]);
        quiet();
        return;
      }
      case 'card.delete':
        expect(shown(after)).toMatchObject({ confirming: true, onTheList: true });
        expect(newCalls).toEqual([]);
        return;
      case 'card.cancelDelete':
        expect(shown(after)).toMatchObject({ confirming: false, onTheList: true, busy: false });
        expect(newCalls).toEqual([]);
        return;
      case 'card.confirmDelete':
        // Optimistic: the card leaves the list at once.
        expect(shown(after)).toMatchObject({ confirming: false, onTheList: false });
        expect(newCalls).toEqual([{ name: 'deleteSpace', input: { sceneId: 's1' } }]);
        quiet();
        return;
      case 'card.duplicate':
        expect(newCalls).toEqual([{ name: 'duplicateSpace', input: { sceneId: 's1' } }]);
        expect(shown(after).busy).toBe(true);
        return;
      case 'card.updated':
        expect(shown(after).title).toBe(renamed.title);
        return;
    }
    expect(newCalls).toEqual([]);
    if (result?.actorId === 'setVisibility') {
      if (result.kind === 'done') {
        expect(shown(after).hiddenBadge).toBe(shown(before).hiddenBadge);
        quiet();
      } else {
        // Rolled back, and only logged.
        expect(shown(after).hiddenBadge).toBe(!shown(before).hiddenBadge);
        expect(card.seen.logged.at(-1)).toEqual({
          action: before.matches('hiding') ? 'hide' : 'unhide',
          sceneId: 's1',
          error: refused,
        });
        quiet(['logged']);
      }
    }
    if (result?.actorId === 'deleteSpace') {
      if (result.kind === 'done') {
        expect(card.seen.deleted).toEqual(['s1']);
        expect(after.status).toBe('done');
        quiet(['deleted']);
      } else {
        expect(shown(after).onTheList).toBe(true);
        expect(card.seen.logged.at(-1)).toEqual({ action: 'delete', sceneId: 's1', error: refused });
        quiet(['logged']);
      }
    }
    if (result?.actorId === 'duplicateSpace') {
      if (result.kind === 'done') {
        expect(card.seen.duplicated.at(-1)).toEqual(copy);
        quiet(['duplicated']);
      } else {
        expect(card.seen.duplicateFailed.at(-1)).toEqual(draftLimit);
        quiet(['duplicateFailed']);
      }
      // The original card is untouched either way.
      expect(after.context.space).toEqual(before.context.space);
    }
  }

  /** Whatever happened, the card offers what its state allows. */
  function expectConsistent(snapshot: SpaceCardSnapshot) {
    const s = shown(snapshot);
    if (snapshot.matches('idle')) {
      expect(s).toMatchObject({ busy: false, onTheList: true, canDelete: true, canDuplicate: true });
      expect(s.canHide).toBe(!s.hiddenBadge);
      expect(s.canUnhide).toBe(s.hiddenBadge);
    } else {
      expect(s).toMatchObject({ canHide: false, canUnhide: false, canDelete: false, canDuplicate: false });
    }
    if (snapshot.matches('deleting') || snapshot.matches('deleted')) expect(s.onTheList).toBe(false);
    else expect(s.onTheList).toBe(true);
  }
});

describe('spaceCardMachine', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a failed hide with console.error and shows the space again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { deferred, latest } = deferredActors();
    const actor = createActor(
      spaceCardMachine.provide({ actors: { setVisibility: deferred('setVisibility') } as never }),
      { input: { space: gallery } },
    ).start();
    actor.send({ type: 'card.hide' });
    expect(actor.getSnapshot().context.space.visible).toBe(false);
    latest('setVisibility').reject(refused);
    await flush();
    expect(actor.getSnapshot().context.space.visible).toBe(true);
    expect(error).toHaveBeenCalledWith('Could not hide space s1', refused);
  });

  it('unhides a hidden space and keeps it shown when the server agrees', async () => {
    const card = startCard({ ...gallery, visible: false });
    expect(shown(card.actor.getSnapshot())).toMatchObject({
      hiddenBadge: true,
      canHide: false,
      canUnhide: true,
    });
    card.actor.send({ type: 'card.unhide' });
    card.latest('setVisibility').resolve(undefined);
    await flush();
    expect(shown(card.actor.getSnapshot())).toMatchObject({ hiddenBadge: false, busy: false });
  });

  it('ignores newer data of another space', () => {
    const card = startCard();
    card.actor.send({ type: 'card.updated', space: copy });
    expect(card.actor.getSnapshot().context.space).toEqual(gallery);
  });

  it('comes back to idle when the app forgot to provide the calls', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = createActor(spaceCardMachine, { input: { space: gallery } }).start();
    actor.send({ type: 'card.duplicate' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

describe('draft limit', () => {
  it('recognises the 422 answer of the draft limit', () => {
    expect(isDraftLimitProblem(draftLimit)).toBe(true);
    expect(isDraftLimitProblem(refused)).toBe(false);
    expect(isDraftLimitProblem({ message: 'offline' })).toBe(false);
    expect(isDraftLimitProblem(null)).toBe(false);
  });

  it('shows the message for 5 seconds with a View drafts button to the user’s drafts', () => {
    expect(draftLimitToast('u 1')).toEqual({
      type: 'toast.show',
      severity: 'warning',
      message: 'Global.DraftLimit.Message',
      durationMs: 5000,
      action: { labelKey: 'space.draftLimit.viewDrafts', href: '/user/u%201/spaces/drafts' },
    });
    expect(draftLimitToast(undefined).action?.href).toBe('/user/me/spaces/drafts');
  });
});
