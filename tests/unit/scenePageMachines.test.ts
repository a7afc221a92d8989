import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import { emptySceneContent } from '../../contracts/sceneContent';
import type { SceneMetadata } from '../../contracts/scenes';
import { editorPageMachine } from '../../src/machines/editorPageMachine';
import { viewerPageMachine } from '../../src/machines/viewerPageMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const metadata = {
  sceneId: 's1',
  title: 'Harbour lights',
  state: 'Draft',
} as unknown as SceneMetadata;
const renamed = { ...metadata, title: 'Harbour at night' } as SceneMetadata;
const published = { ...metadata, state: 'Published' } as SceneMetadata;
const content = emptySceneContent();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function startEditorPage(sceneId: string | null) {
  const { deferred, calls, answer } = deferredActors();
  const left = { home: [] as { limitReached: boolean; message: string }[], denied: 0, announced: 0 };
  const told = { save: [] as AnyEventObject[], panel: [] as AnyEventObject[] };
  const actor = createActor(
    editorPageMachine.provide({
      actors: {
        checkDraftLimit: deferred('checkDraftLimit'),
        newContent: deferred('newContent'),
        loadScene: deferred('loadScene'),
        publishWizard: deferred('publishWizard'),
        // The page's children hear what it tells them; they answer only as the test says.
        save: fromCallback(({ receive }) => receive((event) => void told.save.push(event))),
        editorPanel: fromCallback(({ receive }) => receive((event) => void told.panel.push(event))),
      } as never,
      actions: {
        leaveForHome: (_, params: { limitReached: boolean; message: string }) => void left.home.push(params),
        leaveForAccessDenied: () => void left.denied++,
        announcePublished: () => void left.announced++,
      },
    }),
    { input: { sceneId } },
  ).start();
  return { actor, calls, left, told, answer: (event: AnyEventObject) => answer(actor, event) };
}

const editorEvents = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.checkDraftLimit' },
  { type: 'xstate.error.actor.checkDraftLimit', error: { status: 422, message: 'Draft Limit Reached' } },
  { type: 'xstate.error.actor.checkDraftLimit', error: { status: 401, message: 'Sign in' } },
  { type: 'xstate.error.actor.checkDraftLimit', error: { message: 'offline' } },
  { type: 'xstate.done.actor.newContent', output: content },
  { type: 'xstate.error.actor.newContent', error: new Error('broken') },
  { type: 'xstate.done.actor.loadScene', output: { metadata, content, etag: 'v1' } },
  { type: 'xstate.error.actor.loadScene', error: { status: 404, message: 'Not found' } },
  { type: 'xstate.error.actor.loadScene', error: { status: 403, message: 'Forbidden' } },
  { type: 'xstate.error.actor.loadScene', error: { status: 401, message: 'Sign in' } },
  { type: 'xstate.error.actor.loadScene', error: { status: 500, message: 'Server error' } },
  { type: 'page.retry' },
  { type: 'scene.created', sceneId: 's2', metadata },
  { type: 'scene.metadataSaved', metadata: renamed },
  { type: 'scene.published', metadata: published },
  { type: 'engine.reported', event: { type: 'loaded' } },
  { type: 'engine.reported', event: { type: 'contentChanged' } },
  { type: 'publish.requested', tier: 'standard', title: 'Harbour lights' },
  { type: 'save.settled', ok: true },
  { type: 'save.settled', ok: false },
  { type: 'xstate.done.actor.publishWizard', output: published },
  { type: 'publish.closed' },
  { type: 'share.opened' },
  { type: 'share.closed' },
  { type: 'save.reloadRequested' },
];

for (const sceneId of [null, 's1']) {
  describe(`editorPageMachine (model, ${sceneId ? 'existing space' : 'new space'})`, () => {
    const model = createPathModel(editorPageMachine, {
      input: { sceneId },
      events: editorEvents,
      // One creation and one rename per path keep the model finite.
      filterEvents: (snapshot, event) =>
        !(event.type === 'scene.created' && snapshot.context.sceneId === 's2') &&
        !(event.type === 'scene.metadataSaved' && snapshot.context.metadata === renamed) &&
        !(event.type === 'scene.published' && snapshot.context.metadata === published) &&
        !(event.type === 'xstate.done.actor.publishWizard' && snapshot.context.metadata === published) &&
        // The first load is told once; later ones change nothing.
        !(event.type === 'engine.reported' && snapshot.context.documentLoaded) &&
        // Reload comes from the conflict dialog of an opened space, with nothing else open.
        (event.type !== 'save.reloadRequested' ||
          (snapshot.context.documentLoaded &&
            snapshot.context.metadata === metadata &&
            snapshot.matches({ ready: { publishing: 'idle', share: 'closed' } }))),
    });
    const paths = getTransitionPaths(model);

    describePaths('replays', paths, (path) => async () => {
      const page = startEditorPage(sceneId);
      for (const step of replaySteps(path)) {
        const homeBefore = page.left.home.length;
        page.answer(step.event);
        await flush();
        const snapshot = page.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        // What the user notices: refused drafts go home (with the limit toast only for 422),
        // spaces they may not edit go to the access-denied page.
        if (step.event.type === 'xstate.error.actor.checkDraftLimit' && step.event.error.status !== 401) {
          expect(page.left.home.length).toBe(homeBefore + 1);
          expect(page.left.home.at(-1)!.limitReached).toBe(step.event.error.status === 422);
        }
        if (snapshot.matches('left') && step.event.type === 'xstate.error.actor.loadScene')
          expect(page.left.denied).toBe(1);
        // Publishing shows at once: the header's badge reads the page's metadata.
        if (step.event.type === 'scene.published') expect(snapshot.context.metadata?.state).toBe('Published');
        // Publish first makes sure the space is stored; the wizard's success says so and opens sharing.
        if (step.event.type === 'publish.requested' && snapshot.hasTag('preparingPublish'))
          expect(page.told.save.at(-1)).toEqual({ type: 'save.ensure' });
        if (step.event.type === 'xstate.done.actor.publishWizard') {
          expect(page.left.announced).toBe(1);
          expect(snapshot.matches({ ready: { share: 'open' } })).toBe(true);
        }
        // The panel hears every engine event; save the first load and each change.
        if (step.event.type === 'engine.reported') expect(page.told.panel.at(-1)).toEqual(step.event);
        // The guide (editorGuideMachine) lives with the opened space.
        expect(snapshot.children.guide !== undefined).toBe(snapshot.matches('ready'));
        if (snapshot.matches('loading'))
          expect(page.calls.filter((c) => c.name === 'loadScene').at(-1)!.input).toEqual({
            sceneId: snapshot.context.sceneId,
          });
        // Saving builds on the version the page opened: a stored one is named, with its document.
        if (
          step.event.type === 'engine.reported' &&
          step.event.event.type === 'loaded' &&
          page.told.save.at(-1)?.type === 'scene.loaded'
        )
          expect(page.told.save.at(-1)).toMatchObject(
            snapshot.context.etag ? { etag: 'v1', content } : { etag: null, content: null },
          );
        // Reload after another window's save opens the space again, from the server.
        if (step.event.type === 'save.reloadRequested') {
          expect(snapshot.matches('loading')).toBe(true);
          expect(snapshot.context).toMatchObject({ content: null, etag: null, documentLoaded: false });
        }
      }
    });
  });
}

describe('editorPageMachine', () => {
  it('opens a new space with the empty document once the draft limit allows it', async () => {
    const page = startEditorPage(null);
    expect(page.calls.map((c) => c.name)).toEqual(['checkDraftLimit']);
    page.calls[0].resolve(undefined);
    await flush();
    page.calls[1].resolve(content);
    await flush();
    expect(page.actor.getSnapshot().matches('ready')).toBe(true);
    expect(page.actor.getSnapshot().context.content).toBe(content);
    page.actor.send({ type: 'scene.created', sceneId: 's9' });
    expect(page.actor.getSnapshot().context.sceneId).toBe('s9');
  });
});

describe('viewerPageMachine (model)', () => {
  const events = (): AnyEventObject[] => [
    { type: 'xstate.done.actor.loadScene', output: { metadata, content } },
    { type: 'xstate.error.actor.loadScene', error: { status: 404, message: 'Not found' } },
    { type: 'xstate.error.actor.loadScene', error: { status: 401, message: 'Sign in' } },
    { type: 'xstate.error.actor.loadScene', error: { status: 503, message: 'Unavailable' } },
    { type: 'page.retry' },
  ];
  for (const draft of [false, true]) {
    const model = createPathModel(viewerPageMachine, { input: { sceneId: 's1', draft }, events });
    describePaths(
      `replays (${draft ? 'draft' : 'published'})`,
      getTransitionPaths(model),
      (path) => async () => {
        const { deferred, calls, answer } = deferredActors();
        let denied = 0;
        const actor = createActor(
          viewerPageMachine.provide({
            actors: { loadScene: deferred('loadScene') } as never,
            actions: { leaveForAccessDenied: () => void denied++ },
          }),
          { input: { sceneId: 's1', draft } },
        ).start();
        for (const step of replaySteps(path)) {
          answer(actor, step.event);
          await flush();
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context).toEqual(step.state.context);
          expect(calls.at(-1)!.input).toEqual({ sceneId: 's1', draft });
          expect(denied).toBe(snapshot.matches('left') ? 1 : 0);
          // A space the API does not know (404) is not found; a refused one (401) is denied.
          expect(snapshot.hasTag('missing')).toBe(step.event.error?.status === 404);
        }
      },
    );
  }
});
