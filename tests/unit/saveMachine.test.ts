import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
} from 'xstate';
import { contentPatchOf } from '../../contracts/contentPatch';
import type { SceneContent } from '../../contracts/sceneContent';
import { isEmptyTitle, saveSuccessMessage, untitledTitle } from '../../contracts/scenes';
import type { EngineCommand } from '../../src/engine/protocol';
import { retryDelayMs, type SaveStatusReport } from '../../src/machines/autosaveMachine';
import {
  exportTimeoutMessage,
  type SaveContext,
  type SaveInput,
  type SaveProblem,
  type SaveSnapshot,
  saveMachine,
  saveTiming,
  selectConflict,
  selectHasUnsavedChanges,
  selectSaveStatus,
} from '../../src/machines/saveMachine';
import type { ToastsEvent } from '../../src/machines/toastsMachine';
import { provideSave } from '../../src/app/flows/editor';
import { createEngineExport, saveToasts } from '../../src/services/editorSave';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

type ActorName = 'exportContent' | 'createScene' | 'updateScene' | 'putContent' | 'patchContent';

interface FakeCall {
  name: ActorName;
  input: unknown;
  signal: AbortSignal;
  outcome: 'pending' | 'done' | 'failed';
  resolve(output?: unknown): void;
  reject(error: unknown): void;
}

/** How a self-answering fake settles: after `delayMs`, with `output` or `error`. */
type AutoAnswer = (input: unknown) => { delayMs: number; output?: unknown; error?: unknown };

/**
 * The machine with fake engine and API actors that stay pending until the test settles them (or
 * settle themselves, given `answers`), recording every navigation, toast and reported error.
 * `autosave: 'stub'` replaces the autosave child with one that only records what it is told.
 */
function startEditor(
  options: {
    autosave?: 'real' | 'stub';
    input?: SaveInput;
    answers?: Partial<Record<ActorName, AutoAnswer>>;
  } = {},
) {
  const calls: FakeCall[] = [];
  /** The transitions the machine took (from the inspection API), as `transitionKey`s. */
  const taken = new Set<string>();
  const effects = {
    navigations: [] as string[],
    toasts: [] as { durationMs: number; placement: string }[],
    errors: [] as SaveProblem[],
    reports: [] as SaveStatusReport[],
    /** What the owner (the editor page) heard. */
    notices: [] as AnyEventObject[],
  };
  const owner = createActor(
    fromCallback(({ receive }) => receive((e) => void effects.notices.push(e))),
  ).start();
  const fake = (name: ActorName) =>
    fromPromise(
      ({ input, signal }: { input: unknown; signal: AbortSignal }) =>
        new Promise((resolve, reject) => {
          const call: FakeCall = {
            name,
            input,
            signal,
            outcome: 'pending',
            resolve: (output) => {
              call.outcome = 'done';
              resolve(output);
            },
            reject: (error) => {
              call.outcome = 'failed';
              reject(error);
            },
          };
          calls.push(call);
          const auto = options.answers?.[name];
          if (auto) {
            const { delayMs, output, error } = auto(input);
            setTimeout(() => (error === undefined ? call.resolve(output) : call.reject(error)), delayMs);
          }
        }),
    );
  const autosaveStub = fromCallback<SaveStatusReport>(({ receive }) => {
    receive((report) => void effects.reports.push(report));
  });
  const actor = createActor(
    saveMachine.provide({
      actors: {
        exportContent: fake('exportContent'),
        createScene: fake('createScene'),
        updateScene: fake('updateScene'),
        putContent: fake('putContent'),
        patchContent: fake('patchContent'),
        ...(options.autosave === 'stub' ? { autosave: autosaveStub } : {}),
      } as never,
      actions: {
        navigateToScene: (_, { sceneId }) => void effects.navigations.push(sceneId),
        showSavedToast: (_, params) => void effects.toasts.push(params),
        reportError: (_, problem) => void effects.errors.push(problem),
      },
    }),
    {
      input: { owner, ...options.input },
      inspect: (event) => {
        if (event.type === '@xstate.microstep')
          for (const t of event._transitions) taken.add(transitionKey(t));
      },
    },
  ).start();
  const latest = (name: ActorName) => {
    const call = calls.filter((c) => c.name === name).at(-1);
    if (!call) throw new Error(`${name} was never started`);
    return call;
  };
  /** Calls started and not settled, leaving out exports the machine gave up on. */
  const pending = () => calls.filter((c) => c.outcome === 'pending' && !c.signal.aborted);
  const callsOf = (name: ActorName) => calls.filter((c) => c.name === name);
  return { actor, calls, effects, latest, pending, callsOf, taken };
}
type Editor = ReturnType<typeof startEditor>;

const flush = () => vi.advanceTimersByTimeAsync(0);

/** One transition of a machine's definition: `save.loaded.idle save.requested [wantsSave] → save.loaded.saving`. */
function transitionKey(t: AnyTransitionDefinition) {
  const guard =
    typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string } | undefined)?.type ?? '');
  const target = t.target?.map((node) => node.id).join(', ') ?? '(stays)';
  return `${t.source.id} ${t.eventType}${guard ? ` [${guard}]` : ''} → ${target}`;
}

/** Every transition `machine` defines: events, invoked actors' answers, delays and eventless ones. */
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

/** The fake engine's document: only a starting rotation, the edit count it was exported at. */
const docAt = (revision: number) => ({ startingRotation: revision }) as SceneContent;
/** The edit count a document was exported at. */
const revisionOf = (doc: SceneContent | null) => doc?.startingRotation ?? null;

const newScene = { type: 'scene.loaded', sceneId: null, title: '', autoSave: true } as const;
/** A stored space: version v1, whose document the editor opened. */
const existingScene = {
  type: 'scene.loaded',
  sceneId: 's1',
  title: 'Gallery',
  autoSave: false,
  etag: 'v1',
  content: docAt(0),
} as const;
const engineError = { message: 'The engine is busy' };
const draftLimit = { message: 'Draft Limit Reached', status: 422, code: 'DRAFT_LIMIT' };
const conflict = { message: 'Scene changed meanwhile', status: 409, code: 'CONFLICT' };
const offline = { message: 'Failed to fetch' };
/** Another window saved the space: its version is v-other. */
const stale = {
  message: 'This space was changed in another window since this version was loaded',
  status: 409,
  code: 'STALE_CONTENT',
  details: { currentEtag: 'v-other' },
};
const exportTimeout = { type: 'xstate.after.exportTimeout.save.loaded.saving.exporting' };
/** A fixed local time, so automatic titles are known. */
const now = new Date(2026, 10, 23, 14, 5, 0);
const autoTitle = 'Untitled space 2026-11-23 14:05';

/**
 * A state of the model: exactly what the machine's guards and branches read, so that two snapshots
 * with the same model state accept the same events and lead to the same model states. Counts,
 * texts and the autosave setting stay out (they would make the model endless); the replays check
 * them on the real actor instead.
 */
function modelState(snapshot: SaveSnapshot) {
  const { context } = snapshot;
  const saving = context.savingRevision !== null;
  return JSON.stringify({
    value: snapshot.value,
    sceneId: context.sceneId,
    routeSceneId: context.routeSceneId,
    // A title typed while the document opens outlives the opening.
    ...(snapshot.matches('loading') && { titleTyped: context.titleTyped }),
    unsaved: context.editRevision > context.savedRevision,
    // What the next content save can send: a patch on a known document, the whole one on a version, or on nothing.
    base: context.etag === null ? 'none' : context.storedContent === null ? 'version' : 'document',
    // Whether the document exported for the save equals the stored one.
    ...(context.storedContent && {
      storedIsCurrent: revisionOf(context.storedContent) === (context.savingRevision ?? context.editRevision),
    }),
    ...(saving && {
      editedDuringSave: context.editRevision > (context.savingRevision ?? 0),
      auto: context.auto,
      followUp: context.followUp,
    }),
  });
}

/** A title unlike the current one (titles in the model are '', 'Gallery', automatic or these). */
const newTitle = (context: SaveContext) => ({
  type: 'title.changed',
  title: `Title ${context.editRevision + 1}`,
});

/** What autosave must have been told last, from the save machine's context. */
const expectedReport = (context: SaveContext): SaveStatusReport => ({
  type: 'save.status',
  enabled: context.autoSave && context.conflict === null,
  dirty: context.editRevision > context.savedRevision,
  saving: context.savingRevision !== null,
  failures: context.failures,
});

const stepOf = (snapshot: SaveSnapshot) =>
  (['exporting', 'creating', 'updating', 'putting', 'patching'] as const).find((s) =>
    snapshot.matches({ loaded: { saving: s } }),
  );
const actorOfStep = {
  exporting: 'exportContent',
  creating: 'createScene',
  updating: 'updateScene',
  putting: 'putContent',
  patching: 'patchContent',
} as const;
const contentStored = (event: AnyEventObject) =>
  event.type === 'xstate.done.actor.putContent' || event.type === 'xstate.done.actor.patchContent';

for (const scene of [newScene, existingScene]) {
  const kind = scene.sceneId === null ? 'a new scene' : 'an existing scene';

  describe(`saveMachine (model): ${kind}`, () => {
    beforeEach(() => vi.useFakeTimers({ now }));
    afterEach(() => vi.useRealTimers());

    const model = createPathModel(saveMachine, {
      events: (snapshot) =>
        [
          scene,
          { type: 'editor.changed' },
          newTitle(snapshot.context),
          { type: 'save.requested' },
          { type: 'save.requested', auto: true },
          { type: 'save.ensure' },
          { type: 'autosave.toggled', enabled: !snapshot.context.autoSave },
          // The replay's fake engine answers with the document of the save it runs.
          { type: 'xstate.done.actor.exportContent', output: docAt(snapshot.context.savingRevision ?? -1) },
          { type: 'xstate.error.actor.exportContent', error: engineError },
          exportTimeout,
          { type: 'xstate.done.actor.createScene', output: { sceneId: 's-new' } },
          { type: 'xstate.error.actor.createScene', error: draftLimit },
          { type: 'xstate.done.actor.updateScene' },
          { type: 'xstate.error.actor.updateScene', error: conflict },
          { type: 'xstate.done.actor.putContent', output: { etag: 'v-put' } },
          { type: 'xstate.error.actor.putContent', error: offline },
          { type: 'xstate.error.actor.putContent', error: stale },
          { type: 'xstate.done.actor.patchContent', output: { etag: 'v-patch' } },
          { type: 'xstate.error.actor.patchContent', error: offline },
          { type: 'xstate.error.actor.patchContent', error: stale },
          { type: 'conflict.keepMine' },
          { type: 'conflict.reload' },
        ] as AnyEventObject[],
      serializeState: modelState,
      // Toggling autosave changes no model state: tried before and after loading, not everywhere.
      filterEvents: (snapshot, event) =>
        event.type !== 'autosave.toggled' ||
        snapshot.matches('loading') ||
        snapshot.matches({ loaded: 'idle' }),
    });
    const paths = getTransitionPaths(model);

    it('covers every state and every kind of event', () => {
      const steps = paths.flatMap((path) => path.steps);
      const states = new Set(steps.map((step) => JSON.stringify(step.state.value)));
      const expected = [
        '"loading"',
        '{"loaded":"idle"}',
        '{"loaded":"failed"}',
        '{"loaded":{"saving":"exporting"}}',
        '{"loaded":{"saving":"putting"}}',
        '{"loaded":{"saving":"patching"}}',
        '{"loaded":"conflict"}',
        scene.sceneId === null ? '{"loaded":{"saving":"creating"}}' : '{"loaded":{"saving":"updating"}}',
      ];
      for (const state of expected) expect(states).toContain(state);
      const events = new Set(steps.map((step) => step.event.type));
      for (const type of [
        'scene.loaded',
        'editor.changed',
        'title.changed',
        'save.requested',
        'autosave.toggled',
        'xstate.done.actor.exportContent',
        'xstate.error.actor.exportContent',
        exportTimeout.type,
        'xstate.done.actor.putContent',
        'xstate.error.actor.putContent',
        'xstate.done.actor.patchContent',
        'xstate.error.actor.patchContent',
        'conflict.keepMine',
        'conflict.reload',
      ])
        expect(events).toContain(type);
    });

    it('takes every transition the machine defines', async () => {
      const taken = new Set<string>();
      for (const path of paths) {
        const editor = startEditor({ autosave: 'stub' });
        for (const step of replaySteps(path)) await perform(editor, step.event);
        editor.taken.forEach((key) => taken.add(key));
        editor.actor.stop();
      }
      // An existing scene is never created.
      const defined = definedTransitions(saveMachine).filter(
        (key) => scene.sceneId === null || !key.includes('.creating'),
      );
      expect(defined.length).toBe(scene.sceneId === null ? 37 : 34);
      expect(defined.filter((key) => !taken.has(key))).toEqual([]);
    });

    describePaths('replays', paths, (path) => async () => {
      const editor = startEditor({ autosave: 'stub' });
      // Edits sent since the engine was last asked to export: what the running save cannot hold.
      let editsSinceExport = 0;
      for (const step of replaySteps(path)) {
        const before = editor.actor.getSnapshot();
        const seen = {
          toasts: editor.effects.toasts.length,
          errors: editor.effects.errors.length,
          notices: editor.effects.notices.length,
          editsSinceExport,
        };
        const exports = editor.callsOf('exportContent').length;
        await perform(editor, step.event);
        const snapshot = editor.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(modelState(snapshot)).toBe(modelState(step.state as SaveSnapshot));
        expectWhatTheUserNotices(scene, editor, before, step.event, snapshot, seen);
        if (editor.callsOf('exportContent').length > exports) editsSinceExport = 0;
        if (step.event.type.endsWith('.changed') && !before.matches('loading')) editsSinceExport++;
      }
    });
  });
}

async function perform(editor: Editor, event: AnyEventObject) {
  const result = invokedActorResult(event);
  const { context } = editor.actor.getSnapshot();
  if (event.type === exportTimeout.type) await vi.advanceTimersByTimeAsync(saveTiming.exportTimeoutMs);
  else if (event.type === 'xstate.done.actor.exportContent')
    editor.latest('exportContent').resolve(docAt(context.savingRevision ?? -1));
  else if (event.type === 'title.changed') editor.actor.send(newTitle(context) as never);
  else if (result?.kind === 'done') editor.latest(result.actorId as ActorName).resolve(result.output);
  else if (result?.kind === 'error') editor.latest(result.actorId as ActorName).reject(result.error);
  else editor.actor.send(event as never);
  await flush();
}

function expectWhatTheUserNotices(
  loaded: typeof newScene | typeof existingScene,
  editor: Editor,
  before: SaveSnapshot,
  event: AnyEventObject,
  after: SaveSnapshot,
  seen: { toasts: number; errors: number; editsSinceExport: number; notices: number },
) {
  const { context } = after;
  const { effects } = editor;

  // Never two saves at once: at most one engine or API call is waiting, and it is this step's.
  const pending = editor.pending();
  expect(pending.length).toBeLessThanOrEqual(1);
  const step = stepOf(after);
  expect(pending.map((c) => c.name)).toEqual(step ? [actorOfStep[step]] : []);
  if (after.hasTag('saving') && !before.hasTag('saving')) {
    // A save starting without a title gives the space an automatic one, which the header shows.
    const { title } = before.context;
    expect(context.title).toBe(isEmptyTitle(title) ? untitledTitle(new Date()) : title);
  }
  if ((step === 'creating' || step === 'updating') && stepOf(before) !== step) {
    // The header's title is what gets saved; an empty one became an automatic title first.
    expect(context.title.trim()).not.toBe('');
    const sent = pending[0].input as { sceneId?: string; fields: { title: string } };
    expect(sent.fields).toEqual({ title: context.title.trim() });
    if (step === 'updating') expect(sent.sceneId).toBe(context.sceneId);
  }
  if (step === 'putting' && stepOf(before) !== step) {
    // The whole document exported when this save started, over the version the editor builds on.
    expect(pending[0].input).toEqual({
      sceneId: context.sceneId,
      content: docAt(context.savingRevision ?? -2),
      ifMatch: context.etag,
    });
  }
  if (step === 'patching' && stepOf(before) !== step) {
    // Only what changed since the stored document, and only when something did.
    const sent = pending[0].input as { patch: unknown; ifMatch: string };
    expect(sent).toEqual({
      sceneId: context.sceneId,
      patch: contentPatchOf(before.context.storedContent!, docAt(context.savingRevision ?? -2)),
      ifMatch: before.context.etag,
    });
    expect(revisionOf(before.context.storedContent)).not.toBe(context.savingRevision);
  }
  // A save that finds the document unchanged stores nothing but the title.
  if (event.type === 'xstate.done.actor.updateScene' && !step && before.context.storedContent)
    expect(revisionOf(before.context.storedContent)).toBe(before.context.savingRevision);
  if (event.type === exportTimeout.type) expect(editor.latest('exportContent').signal.aborted).toBe(true);

  // A finished save leaves unsaved exactly the edits made after it asked the engine for the document.
  if (contentStored(event)) {
    expect(selectHasUnsavedChanges(after)).toBe(seen.editsSinceExport > 0);
    // The next save builds on the version this one made, and knows its document.
    expect(context.etag).toBe((event as unknown as { output: { etag: string } }).output.etag);
    expect(context.storedContent).toEqual(docAt(before.context.savingRevision ?? -2));
  }
  // After a failed incremental save the next one sends the whole document.
  if (event.type === 'xstate.error.actor.patchContent' && !after.matches({ loaded: 'conflict' }))
    expect(context.storedContent).toBeNull();

  // Another window's save: nothing more is stored, autosave waits, the user is asked (no error toast).
  const conflictNow = selectConflict(after) && !selectConflict(before);
  if (conflictNow) {
    expect(event.type).toMatch(/^xstate\.error\.actor\.(put|patch)Content$/);
    expect(context.conflict).toEqual({ currentEtag: 'v-other' });
    expect(effects.notices.at(-1)).toEqual({ type: 'save.settled', ok: false });
  }
  if (event.type === 'conflict.keepMine' && selectConflict(before)) {
    expect(after.hasTag('saving')).toBe(true);
    expect(context.etag).toBe('v-other');
    expect(context.storedContent).toBeNull();
  }
  // Reload is the owner's to do (it opens the stored version), asked once per press.
  const reloadAsked = effects.notices.slice(seen.notices).filter((n) => n.type === 'save.reloadRequested');
  expect(reloadAsked.length).toBe(event.type === 'conflict.reload' && selectConflict(before) ? 1 : 0);

  // Autosave starts a save only for unsaved changes (or to retry a failed one).
  if (event.type === 'save.requested' && event.auto && before.matches({ loaded: 'idle' }))
    expect(after.hasTag('saving')).toBe(selectHasUnsavedChanges(before));
  // Publish saves first only a space that was never stored or has unsaved changes.
  if (event.type === 'save.ensure' && before.matches({ loaded: 'idle' }))
    expect(after.hasTag('saving')).toBe(before.context.sceneId === null || selectHasUnsavedChanges(before));

  // The toast follows a finished manual save, and only that.
  const finishedSave =
    contentStored(event) ||
    (event.type === 'xstate.done.actor.updateScene' && step !== 'putting' && step !== 'patching');
  const toasted = finishedSave && !before.context.auto && !before.context.followUp;
  expect(effects.toasts.length).toBe(seen.toasts + (toasted ? 1 : 0));
  if (toasted) expect(effects.toasts.at(-1)).toEqual({ durationMs: 600, placement: 'top-left' });

  // A failed manual save tells the user why; a failed autosave only shows in the status.
  const failedNow = after.matches({ loaded: 'failed' }) && !before.matches({ loaded: 'failed' });
  const reported = failedNow && !context.auto;
  expect(effects.errors.length).toBe(seen.errors + (reported ? 1 : 0));
  if (reported) expect(effects.errors.at(-1)).toEqual(context.error);
  if (failedNow && event.type === exportTimeout.type)
    expect(context.error).toEqual({ message: exportTimeoutMessage });

  // A new scene moves to its own address once, when its content is first stored.
  const moved = context.routeSceneId !== null && context.routeSceneId !== loaded.sceneId;
  expect(effects.navigations).toEqual(moved ? [context.routeSceneId] : []);
  expect(editor.callsOf('createScene').filter((c) => c.outcome === 'done').length).toBeLessThanOrEqual(1);

  // Autosave always knows where things stand.
  if (!after.matches('loading')) expect(effects.reports.at(-1)).toEqual(expectedReport(context));
  else expect(effects.reports).toEqual([]);

  // The header.
  const status = selectSaveStatus(after);
  if (step) expect(status).toBe('saving');
  else if (after.matches({ loaded: 'failed' })) expect(status).toBe('failed');
  else if (selectConflict(after)) expect(status).toBe('conflict');
  else expect(status).toBe(context.editRevision > context.savedRevision ? 'unsaved' : 'saved');
}

describe('saveMachine', () => {
  beforeEach(() => vi.useFakeTimers({ now }));
  afterEach(() => vi.useRealTimers());

  /**
   * Answers the running save's steps in turn: the export (the document as of the save's start),
   * metadata, then the content, whole or patched (none when nothing changed); a stored save of
   * revision n makes version `v-r{n}`.
   */
  async function finishSave(
    editor: Editor,
    steps: { store?: 'ok' | 'fail' | 'stale'; created?: string } = {},
  ) {
    const revision = editor.actor.getSnapshot().context.savingRevision ?? -1;
    editor.latest('exportContent').resolve(docAt(revision));
    await flush();
    if (editor.actor.getSnapshot().matches({ loaded: { saving: 'creating' } }))
      editor.latest('createScene').resolve({ sceneId: steps.created ?? 's-new' });
    else editor.latest('updateScene').resolve(undefined);
    await flush();
    const step = stepOf(editor.actor.getSnapshot());
    if (step !== 'putting' && step !== 'patching') return;
    const storing = editor.latest(actorOfStep[step]);
    if (steps.store === 'fail') storing.reject(offline);
    else if (steps.store === 'stale') storing.reject(stale);
    else storing.resolve({ etag: `v-r${revision}` });
    await flush();
  }

  it('uses a 30 s autosave, retries after 2 s doubling up to 30 s, and a 600 ms toast', () => {
    expect(saveTiming).toEqual({
      autosaveIntervalMs: 30_000,
      retryFirstMs: 2000,
      retryMaxMs: 30_000,
      exportTimeoutMs: 30_000,
      savedToastMs: 600,
    });
    expect(saveSuccessMessage).toBe('Successfully saved scene!');
  });

  it('saves a new scene: export, create, put, then the address and the toast', async () => {
    const editor = startEditor();
    editor.actor.send({ ...newScene, title: 'My gallery' });
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saving');
    expect(editor.calls.map((c) => c.name)).toEqual(['exportContent']);
    editor.latest('exportContent').resolve(docAt(1));
    await flush();
    expect(editor.latest('createScene').input).toEqual({ fields: { title: 'My gallery' } });
    editor.latest('createScene').resolve({ sceneId: 's-new' });
    await flush();
    // Nothing stored yet: the whole document, over no version.
    expect(editor.latest('putContent').input).toEqual({ sceneId: 's-new', content: docAt(1), ifMatch: null });
    expect(editor.effects.navigations).toEqual([]); // not before the content is stored
    editor.latest('putContent').resolve({ etag: 'v-r1' });
    await flush();
    expect(editor.effects.navigations).toEqual(['s-new']);
    expect(editor.effects.toasts).toEqual([{ durationMs: 600, placement: 'top-left' }]);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
    expect(editor.actor.getSnapshot().context.content).toEqual(docAt(1));

    // The scene exists now: the next save patches it and stays on the page; its content is unchanged.
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    expect(editor.callsOf('createScene')).toHaveLength(1);
    expect(editor.latest('updateScene').input).toEqual({ sceneId: 's-new', fields: { title: 'My gallery' } });
    expect(editor.callsOf('putContent')).toHaveLength(1);
    expect(editor.callsOf('patchContent')).toHaveLength(0);
    expect(editor.effects.navigations).toEqual(['s-new']);
    expect(editor.effects.toasts).toHaveLength(2);
    // An edit: only the change is sent, on the version the first save made.
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    expect(editor.latest('patchContent').input).toEqual({
      sceneId: 's-new',
      patch: contentPatchOf(docAt(1), docAt(2)),
      ifMatch: 'v-r1',
    });
    expect(editor.actor.getSnapshot().context.etag).toBe('v-r2');
  });

  it('saves an existing scene by patching its metadata, then its content', async () => {
    const editor = startEditor();
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'title.changed', title: 'Gallery of light' });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('unsaved');
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    expect(editor.calls.map((c) => [c.name, c.input])).toEqual([
      ['exportContent', undefined],
      ['updateScene', { sceneId: 's1', fields: { title: 'Gallery of light' } }],
      ['patchContent', { sceneId: 's1', patch: contentPatchOf(docAt(0), docAt(1)), ifMatch: 'v1' }],
    ]);
    expect(editor.effects.navigations).toEqual([]);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
  });

  it('saves an edit made during a save with the next autosave', async () => {
    const editor = startEditor();
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(editor.callsOf('exportContent')).toHaveLength(1);
    editor.latest('exportContent').resolve(docAt(1));
    await flush();
    editor.actor.send({ type: 'editor.changed' }); // made while the save runs
    editor.latest('updateScene').resolve(undefined);
    await flush();
    editor.latest('patchContent').resolve({ etag: 'v-r1' });
    await flush();
    expect(editor.actor.getSnapshot().context).toMatchObject({ editRevision: 2, savedRevision: 1 });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('unsaved');
    expect(selectHasUnsavedChanges(editor.actor.getSnapshot())).toBe(true);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(editor.callsOf('exportContent')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(editor.callsOf('exportContent')).toHaveLength(2);
    await finishSave(editor);
    expect(editor.latest('patchContent').input).toEqual({
      sceneId: 's1',
      patch: contentPatchOf(docAt(1), docAt(2)),
      ifMatch: 'v-r1',
    });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
    expect(editor.effects.toasts).toEqual([]); // autosaves show no toast
    await vi.advanceTimersByTimeAsync(120_000);
    expect(editor.callsOf('exportContent')).toHaveLength(2); // nothing left to save
  });

  it('never runs two saves at once, however Save, autosave and edits interleave', async () => {
    let active = 0;
    let mostActive = 0;
    const slow =
      (delayMs: number, output?: (input: unknown) => unknown): AutoAnswer =>
      (input) => {
        active++;
        mostActive = Math.max(mostActive, active);
        setTimeout(() => active--, delayMs);
        return { delayMs, output: output?.(input) };
      };
    let revisionAtExport = 0;
    const editor = startEditor({
      answers: {
        exportContent: slow(1500, () => docAt(revisionAtExport)),
        createScene: slow(4000, () => ({ sceneId: 's-new' })),
        updateScene: slow(4000),
        putContent: slow(7000, () => ({ etag: 'v-put' })),
        patchContent: slow(3000, () => ({ etag: 'v-patch' })),
      },
    });
    editor.actor.send(newScene);
    for (let t = 0; t < 300; t++) {
      if (t % 2 === 0) editor.actor.send({ type: 'editor.changed' });
      if (t % 11 === 0) editor.actor.send({ type: 'save.requested' });
      revisionAtExport = editor.actor.getSnapshot().context.savingRevision ?? revisionAtExport;
      await vi.advanceTimersByTimeAsync(1000);
      expect(editor.pending().length).toBeLessThanOrEqual(1);
    }
    expect(mostActive).toBe(1);
    // The first save stores the whole document, the others what changed.
    const saves = editor.calls.filter((c) => c.name === 'putContent' || c.name === 'patchContent');
    expect(saves.length).toBeGreaterThan(10);
    expect(editor.callsOf('putContent')).toHaveLength(1);
    expect(editor.callsOf('createScene')).toHaveLength(1);
    expect(editor.effects.navigations).toEqual(['s-new']);
    // Each save stores a later document than the one before.
    const stored = saves.map((c) => {
      const input = c.input as { content?: SceneContent; patch?: { set: Partial<SceneContent> } };
      return (input.content ?? input.patch?.set)?.startingRotation ?? -1;
    });
    for (let i = 1; i < stored.length; i++) expect(stored[i]).toBeGreaterThan(stored[i - 1]);

    // Once the editing stops, everything ends up saved.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
    expect(editor.actor.getSnapshot().context.savedRevision).toBe(150);
  });

  it('retries a failed autosave after 2 s, 4 s, 8 s, 16 s, 30 s, keeping the changes unsaved', async () => {
    const editor = startEditor();
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    const failAt: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect(editor.callsOf('exportContent')).toHaveLength(attempt);
      editor.latest('exportContent').reject(engineError);
      await flush();
      failAt.push(Date.now());
      const snapshot = editor.actor.getSnapshot();
      expect(selectSaveStatus(snapshot)).toBe('failed');
      expect(selectHasUnsavedChanges(snapshot)).toBe(true);
      expect(snapshot.context).toMatchObject({ failures: attempt, error: engineError });
      const wait = retryDelayMs(attempt, saveTiming);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(editor.callsOf('exportContent')).toHaveLength(attempt); // not a moment early
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(failAt.slice(1).map((at, i) => at - failAt[i])).toEqual([2000, 4000, 8000, 16_000, 30_000]);
    expect(editor.effects.errors).toEqual([]); // automatic saves fail quietly: the status says it

    await finishSave(editor);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
    expect(editor.actor.getSnapshot().context).toMatchObject({ failures: 0, error: null });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(editor.callsOf('exportContent')).toHaveLength(7);
  });

  it('saves at once when Save is pressed while autosave waits to retry, and drops the retry', async () => {
    const editor = startEditor();
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    editor.latest('exportContent').reject(engineError);
    await flush();
    await vi.advanceTimersByTimeAsync(1000); // the retry is due in another second
    editor.actor.send({ type: 'save.requested' });
    expect(editor.callsOf('exportContent')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(editor.callsOf('exportContent')).toHaveLength(2);
    await finishSave(editor);
    expect(editor.effects.toasts).toHaveLength(1); // it was the user's save
    await vi.advanceTimersByTimeAsync(60_000);
    expect(editor.callsOf('exportContent')).toHaveLength(2);
  });

  it('creates a new scene once and moves to its address once, even when storing its content failed', async () => {
    const editor = startEditor();
    editor.actor.send({ ...newScene, title: 'Atrium' });
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor, { store: 'fail', created: 's-new' });
    const failed = editor.actor.getSnapshot();
    expect(selectSaveStatus(failed)).toBe('failed');
    expect(failed.context).toMatchObject({ sceneId: 's-new', routeSceneId: null });
    expect(editor.effects.navigations).toEqual([]);
    expect(editor.effects.errors).toEqual([offline]);

    // Autosave is on for this user: the retry patches the scene made before.
    await vi.advanceTimersByTimeAsync(2000);
    await finishSave(editor);
    expect(editor.actor.getSnapshot().context).toMatchObject({ sceneId: 's-new', routeSceneId: 's-new' });
    expect(editor.callsOf('createScene')).toHaveLength(1);
    expect(editor.latest('updateScene').input).toEqual({ sceneId: 's-new', fields: { title: 'Atrium' } });
    expect(editor.latest('putContent').input).toEqual({ sceneId: 's-new', content: docAt(1), ifMatch: null });
    expect(editor.callsOf('putContent')).toHaveLength(2);
    expect(editor.effects.navigations).toEqual(['s-new']);
    expect(editor.effects.toasts).toEqual([]); // the retry was automatic

    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    expect(editor.effects.navigations).toEqual(['s-new']);
    expect(editor.effects.toasts).toHaveLength(1);
  });

  it('names an untitled space after the local date and time of the save, and the header shows it', async () => {
    const editor = startEditor();
    editor.actor.send(newScene);
    editor.actor.send({ type: 'save.requested' });
    expect(editor.actor.getSnapshot().context.title).toBe(autoTitle);
    editor.latest('exportContent').resolve(docAt(0));
    await flush();
    expect(editor.latest('createScene').input).toEqual({ fields: { title: autoTitle } });
    editor.latest('createScene').resolve({ sceneId: 's-new' });
    await flush();
    editor.latest('putContent').resolve({ etag: 'v-r0' });
    await flush();
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');

    // An automatic title counts as empty: the next save (a minute later) names it anew.
    await vi.advanceTimersByTimeAsync(60_000);
    editor.actor.send({ type: 'save.requested' });
    expect(editor.actor.getSnapshot().context.title).toBe('Untitled space 2026-11-23 14:06');
    await finishSave(editor);
    expect(editor.latest('updateScene').input).toEqual({
      sceneId: 's-new',
      fields: { title: 'Untitled space 2026-11-23 14:06' },
    });

    // Blank counts as empty too; a typed title is saved trimmed and left as typed in the header.
    editor.actor.send({ type: 'title.changed', title: '   ' });
    editor.actor.send({ type: 'save.requested' });
    expect(editor.actor.getSnapshot().context.title).toBe('Untitled space 2026-11-23 14:06');
    await finishSave(editor);
    editor.actor.send({ type: 'title.changed', title: 'Hall of mirrors ' });
    editor.actor.send({ type: 'save.requested' });
    expect(editor.actor.getSnapshot().context.title).toBe('Hall of mirrors ');
    await finishSave(editor);
    expect(editor.latest('updateScene').input).toEqual({
      sceneId: 's-new',
      fields: { title: 'Hall of mirrors' },
    });
  });

  it('does not count a title that did not change as an edit', () => {
    const editor = startEditor();
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'title.changed', title: 'Gallery' });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
    editor.actor.send({ type: 'title.changed', title: 'Gallery 2' });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('unsaved');
  });

  it('toasts after a manual save, never after an autosave', async () => {
    const editor = startEditor();
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    await finishSave(editor);
    expect(editor.effects.toasts).toEqual([]);
    editor.actor.send({ type: 'save.requested' }); // Save with nothing changed still saves, and says so
    await finishSave(editor);
    expect(editor.effects.toasts).toEqual([{ durationMs: 600, placement: 'top-left' }]);
  });

  it('lets Save pressed during an autosave join it when it covers every edit: one save, one toast', async () => {
    const editor = startEditor();
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    editor.actor.send({ type: 'save.requested' });
    editor.actor.send({ type: 'save.requested' });
    expect(editor.callsOf('exportContent')).toHaveLength(1);
    await finishSave(editor);
    expect(editor.callsOf('exportContent')).toHaveLength(1);
    expect(editor.effects.toasts).toHaveLength(1);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
  });

  it("follows an autosave with the user's save when Save was pressed after edits it misses", async () => {
    const editor = startEditor();
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    // The autosave is stored; the user's save starts right away, with no toast in between.
    expect(editor.callsOf('exportContent')).toHaveLength(2);
    expect(editor.effects.toasts).toEqual([]);
    expect(editor.actor.getSnapshot().context).toMatchObject({
      savedRevision: 1,
      savingRevision: 2,
      auto: false,
    });
    await finishSave(editor);
    expect(editor.latest('patchContent').input).toEqual({
      sceneId: 's1',
      patch: contentPatchOf(docAt(1), docAt(2)),
      ifMatch: 'v-r1',
    });
    expect(editor.effects.toasts).toHaveLength(1);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
  });

  it("reports a failed autosave that Save joined, as the user's", async () => {
    const editor = startEditor();
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    editor.actor.send({ type: 'save.requested' });
    editor.latest('exportContent').reject(engineError);
    await flush();
    expect(editor.effects.errors).toEqual([engineError]);
  });

  it('shows the stored title while the space opens, and keeps a title typed meanwhile', async () => {
    const opening = startEditor({ input: { title: 'Gallery' } });
    expect(opening.actor.getSnapshot().context.title).toBe('Gallery');
    opening.actor.send(existingScene);
    expect(selectSaveStatus(opening.actor.getSnapshot())).toBe('saved');

    const typed = startEditor({ input: { title: 'Gallery' } });
    typed.actor.send({ type: 'title.changed', title: 'Harbour' }); // before the engine finished opening
    typed.actor.send(existingScene);
    expect(typed.actor.getSnapshot().context.title).toBe('Harbour');
    expect(selectSaveStatus(typed.actor.getSnapshot())).toBe('unsaved');
    typed.actor.send({ type: 'save.requested' });
    typed.latest('exportContent').resolve(docAt(1));
    await flush();
    expect(typed.callsOf('updateScene')[0]?.input).toMatchObject({ fields: { title: 'Harbour' } });
  });

  it('autosaves only a loaded scene, with autosave on and unsaved changes', async () => {
    const editor = startEditor();
    editor.actor.send({ type: 'editor.changed' }); // before the scene loaded: not an edit
    editor.actor.send({ type: 'autosave.toggled', enabled: true });
    editor.actor.send({ type: 'save.requested' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(editor.calls).toEqual([]);
    expect(editor.actor.getSnapshot().context.editRevision).toBe(0);

    editor.actor.send(existingScene); // the user's setting: off
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(editor.calls).toEqual([]);
    editor.actor.send({ type: 'autosave.toggled', enabled: true });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(editor.callsOf('exportContent')).toHaveLength(1);
    await finishSave(editor);
    await vi.advanceTimersByTimeAsync(60_000); // nothing unsaved: nothing saved
    expect(editor.callsOf('exportContent')).toHaveLength(1);
  });

  it('takes its timings from its input', async () => {
    const editor = startEditor({ input: { timing: { autosaveIntervalMs: 1000, savedToastMs: 1500 } } });
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(editor.callsOf('exportContent')).toHaveLength(1);
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    expect(editor.effects.toasts).toEqual([{ durationMs: 1500, placement: 'top-left' }]);
    expect(editor.actor.getSnapshot().context.timing).toEqual({
      ...saveTiming,
      autosaveIntervalMs: 1000,
      savedToastMs: 1500,
    });
  });

  it('ignores an automatic request with nothing to save', () => {
    const editor = startEditor();
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'save.requested', auto: true });
    expect(editor.calls).toEqual([]);
    expect(editor.actor.getSnapshot().can({ type: 'save.requested' })).toBe(true);
  });

  it('fails quietly for autosave but reports a failed manual save, leaving the changes unsaved', async () => {
    const editor = startEditor();
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    editor.latest('exportContent').resolve(docAt(1));
    await flush();
    editor.latest('updateScene').reject(conflict);
    await flush();
    expect(editor.effects.errors).toEqual([conflict]);
    expect(editor.effects.toasts).toEqual([]);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('failed');
    expect(editor.actor.getSnapshot().context).toMatchObject({ savedRevision: 0, editRevision: 1 });
    // Autosave is off: nothing retries by itself.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(editor.callsOf('exportContent')).toHaveLength(1);
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
    expect(editor.effects.toasts).toHaveLength(1);
  });

  it('tells its owner of a created scene, then that the save finished, and of a failed save', async () => {
    const heard: AnyEventObject[] = [];
    const owner = createActor(
      fromCallback(({ receive }) => receive((event) => void heard.push(event))),
    ).start();
    const editor = startEditor({ input: { owner } });
    editor.actor.send(newScene);
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor, { created: 's9' });
    expect(heard).toEqual([
      { type: 'scene.created', sceneId: 's9' },
      { type: 'save.settled', ok: true },
    ]);
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor, { store: 'fail' });
    expect(heard.at(-1)).toEqual({ type: 'save.settled', ok: false });
  });

  it('answers save.ensure at once when the stored scene has no unsaved changes', async () => {
    const heard: AnyEventObject[] = [];
    const owner = createActor(
      fromCallback(({ receive }) => receive((event) => void heard.push(event))),
    ).start();
    const editor = startEditor({ input: { owner } });
    editor.actor.send({ type: 'save.ensure' });
    expect(heard).toEqual([{ type: 'save.settled', ok: false }]);
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'save.ensure' });
    expect(heard.at(-1)).toEqual({ type: 'save.settled', ok: true });
    expect(editor.callsOf('exportContent')).toHaveLength(0);
    // With unsaved changes it saves first, as the user's save (with its toast).
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.ensure' });
    await finishSave(editor);
    expect(heard.at(-1)).toEqual({ type: 'save.settled', ok: true });
    expect(editor.effects.toasts).toHaveLength(1);
  });

  it('stops at a save another window made meanwhile: no error toast, autosave waits, the user chooses', async () => {
    const editor = startEditor();
    editor.actor.send({ ...existingScene, autoSave: true });
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    await finishSave(editor, { store: 'stale' });
    const snapshot = editor.actor.getSnapshot();
    expect(selectSaveStatus(snapshot)).toBe('conflict');
    expect(selectConflict(snapshot)).toBe(true);
    expect(selectHasUnsavedChanges(snapshot)).toBe(true);
    expect(editor.effects.errors).toEqual([]);
    expect(editor.effects.notices.at(-1)).toEqual({ type: 'save.settled', ok: false });
    // Nothing is stored behind the user's back, however long they take or however much they edit.
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested', auto: true });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(editor.callsOf('exportContent')).toHaveLength(1);
    // Publish waits too.
    editor.actor.send({ type: 'save.ensure' });
    expect(editor.effects.notices.at(-1)).toEqual({ type: 'save.settled', ok: false });

    // Keep mine: the whole document, every edit included, over the other window's version.
    editor.actor.send({ type: 'conflict.keepMine' });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saving');
    await finishSave(editor);
    expect(editor.latest('putContent').input).toEqual({
      sceneId: 's1',
      content: docAt(2),
      ifMatch: 'v-other',
    });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
    expect(editor.effects.toasts).toHaveLength(1);
    // And saving goes on as before: changes only, autosave included.
    editor.actor.send({ type: 'editor.changed' });
    await vi.advanceTimersByTimeAsync(30_000);
    await finishSave(editor);
    expect(editor.latest('patchContent').input).toEqual({
      sceneId: 's1',
      patch: contentPatchOf(docAt(2), docAt(3)),
      ifMatch: 'v-r2',
    });
  });

  it('asks its owner to open the stored version when the user reloads after a conflict', async () => {
    const editor = startEditor();
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor, { store: 'stale' });
    editor.actor.send({ type: 'conflict.reload' });
    expect(editor.effects.notices.at(-1)).toEqual({ type: 'save.reloadRequested' });
    expect(editor.effects.errors).toEqual([]);
    expect(editor.callsOf('putContent')).toHaveLength(0);
  });

  it('sends the whole document over the same version after a failed incremental save', async () => {
    const editor = startEditor();
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'editor.changed' });
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor, { store: 'fail' });
    expect(editor.callsOf('patchContent')).toHaveLength(1);
    expect(editor.effects.errors).toEqual([offline]);
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    expect(editor.latest('putContent').input).toEqual({ sceneId: 's1', content: docAt(1), ifMatch: 'v1' });
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
  });

  it('stores nothing but the title when the document did not change', async () => {
    const editor = startEditor();
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'save.requested' });
    await finishSave(editor);
    expect(editor.calls.map((c) => c.name)).toEqual(['exportContent', 'updateScene']);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saved');
    expect(editor.effects.toasts).toHaveLength(1);
  });

  it('fails the save when the engine does not export in time', async () => {
    const editor = startEditor();
    editor.actor.send(existingScene);
    editor.actor.send({ type: 'save.requested' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('saving');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectSaveStatus(editor.actor.getSnapshot())).toBe('failed');
    expect(editor.latest('exportContent').signal.aborted).toBe(true);
    expect(editor.effects.errors).toEqual([{ message: exportTimeoutMessage }]);
  });
});

describe('editor save with the scene service (src/app/flows/editor.ts)', () => {
  /** A fake scene service: records each request and answers like the server. */
  function fakeSceneService() {
    const requests: { method: string; path: string; body: unknown; ifMatch?: string }[] = [];
    let version = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      const type = request.headers.get('content-type') ?? '';
      const body = type.includes('json')
        ? await request.json()
        : type.includes('multipart')
          ? Object.fromEntries(await request.formData())
          : null;
      const ifMatch = request.headers.get('if-match') ?? undefined;
      requests.push({ method: request.method, path, body, ...(ifMatch && { ifMatch }) });
      if (request.method === 'POST') return Response.json({ sceneId: 's9', metadata: {} });
      if (path.includes('/scene/content/')) {
        const etag = `v${++version}`;
        return Response.json(
          { contentUpdatedAt: new Date().toISOString(), etag },
          { headers: { etag: `"${etag}"` } },
        );
      }
      if (request.method === 'PATCH') return Response.json({});
      return new Response(null, { status: 204 });
    };
    return {
      requests,
      api: ky.create({ prefixUrl: 'http://localhost/api', fetch: fetch as typeof globalThis.fetch }),
    };
  }

  it('exports through the engine, creates the scene, stores its content, then moves and toasts', async () => {
    const service = fakeSceneService();
    const commands: EngineCommand[] = [];
    let exported = docAt(1);
    const engine = createEngineExport((cmd) => {
      commands.push(cmd);
      const { requestId } = cmd.payload as { requestId?: string };
      queueMicrotask(() => engine.handleEvent({ type: 'exportResult', content: exported, requestId }));
    });
    const toasts: ToastsEvent[] = [];
    const navigations: string[] = [];
    const machine = provideSave({
      api: service.api,
      token: () => undefined,
      // The editor's address of the new space: /curate/{sceneId}.
      navigate: (path) => void navigations.push(decodeURIComponent(path.replace('/curate/', ''))),
      toasts: (event) => void toasts.push(event),
    }).provide({ actors: { exportContent: fromPromise(({ signal }) => engine.exportContent(signal)) } });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'scene.loaded', sceneId: null, title: 'Atrium', autoSave: false });
    actor.send({ type: 'editor.changed' });
    actor.send({ type: 'save.requested' });
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));

    expect(commands).toEqual([
      { channel: 'Editor.Content', method: 'exportContent', payload: { requestId: expect.any(String) } },
    ]);
    expect(service.requests).toEqual([
      { method: 'POST', path: '/api/sceneService/scene/metadata', body: { title: 'Atrium' } },
      { method: 'PUT', path: '/api/sceneService/scene/content/s9', body: docAt(1) },
    ]);
    expect(navigations).toEqual(['s9']);
    expect(toasts).toEqual([
      {
        type: 'toast.show',
        severity: 'success',
        message: 'toasts.sceneSaved',
        durationMs: 600,
        placement: 'top-left',
      },
    ]);
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');

    // The next save sends what changed, on the version the first one made.
    exported = docAt(2);
    actor.send({ type: 'editor.changed' });
    actor.send({ type: 'save.requested' });
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }) && !s.hasTag('saving'));
    expect(service.requests.slice(2)).toEqual([
      { method: 'PATCH', path: '/api/sceneService/scene/metadata/s9', body: { title: 'Atrium' } },
      {
        method: 'PATCH',
        path: '/api/sceneService/scene/content/s9',
        body: { set: { startingRotation: 2 }, unset: [], lists: {} },
        ifMatch: '"v1"',
      },
    ]);
    expect(actor.getSnapshot().context.etag).toBe('v2');
    actor.stop();
  });

  it("shows the server's reason for a refused save, and a general message otherwise", () => {
    const toasts: ToastsEvent[] = [];
    const { reportError } = saveToasts({ send: (event) => void toasts.push(event) });
    reportError({ message: 'Draft Limit Reached', status: 422, code: 'DRAFT_LIMIT' });
    reportError({ message: 'Failed to fetch' });
    reportError({ message: 'Internal Server Error', status: 500 });
    expect(toasts).toEqual([
      { type: 'toast.show', severity: 'error', message: 'Draft Limit Reached', literal: true },
      { type: 'toast.show', severity: 'error', message: 'toasts.saveFailed' },
      { type: 'toast.show', severity: 'error', message: 'toasts.saveFailed' },
    ]);
  });

  it("takes only the answer to its own request: not a late one given up on, not another panel's", async () => {
    const commands: EngineCommand[] = [];
    const engine = createEngineExport((cmd) => void commands.push(cmd));
    const idOf = (n: number) => (commands[n].payload as { requestId: string }).requestId;
    const givenUp = new AbortController();
    const first = engine.exportContent(givenUp.signal);
    givenUp.abort(new Error('time-out'));
    await expect(first).rejects.toThrow('time-out');

    let second: SceneContent | undefined;
    void engine.exportContent(new AbortController().signal).then((content) => (second = content));
    expect(idOf(1)).not.toBe(idOf(0));
    engine.handleEvent({ type: 'contentChanged' });
    engine.handleEvent({ type: 'exportResult', content: docAt(1), requestId: idOf(0) }); // the given-up request
    engine.handleEvent({ type: 'exportResult', content: docAt(1) }); // the object list's refresh
    await Promise.resolve();
    expect(second).toBeUndefined();
    engine.handleEvent({ type: 'exportResult', content: docAt(2), requestId: idOf(1) });
    await Promise.resolve();
    expect(second).toEqual(docAt(2));
    expect(commands).toHaveLength(2);
    expect(engine.pending).toBe(0);
  });
});
