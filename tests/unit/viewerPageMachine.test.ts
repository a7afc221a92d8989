import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { emptySceneContent } from '../../contracts/sceneContent';
import type { SceneMetadata } from '../../contracts/scenes';
import { viewerPageMachine } from '../../src/machines/viewerPageMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const metadata = { sceneId: 's1', title: 'Harbour lights', state: 'Published' } as unknown as SceneMetadata;
const content = emptySceneContent();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function startViewerPage(input: { sceneId: string; draft: boolean; embed: boolean }) {
  const { deferred, calls, answer, latest } = deferredActors();
  const left = { denied: 0 };
  const actor = createActor(
    viewerPageMachine.provide({
      actors: {
        loadScene: deferred('loadScene'),
        countView: deferred('countView'),
        recordVisit: deferred('recordVisit'),
      } as never,
      actions: { leaveForAccessDenied: () => void left.denied++ },
    }),
    { input },
  ).start();
  const started = (name: string) => calls.filter((c) => c.name === name);
  return { actor, calls, started, latest, left, answer: (event: AnyEventObject) => answer(actor, event) };
}

const events = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadScene', output: { metadata, content } },
  { type: 'xstate.error.actor.loadScene', error: { status: 401, message: 'Sign in' } },
  { type: 'xstate.error.actor.loadScene', error: { status: 403, message: 'Forbidden' } },
  { type: 'xstate.error.actor.loadScene', error: { status: 404, message: 'Not found' } },
  { type: 'xstate.error.actor.loadScene', error: { status: 503, message: 'Unavailable' } },
  { type: 'page.retry' },
];

for (const draft of [false, true]) {
  for (const embed of [false, true]) {
    const input = { sceneId: 's1', draft, embed };
    const model = createPathModel(viewerPageMachine, { input, events });
    describePaths(
      `viewerPageMachine (model, ${draft ? 'draft preview' : 'published'}, ${embed ? 'embedded' : 'full page'})`,
      getTransitionPaths(model),
      (path) => async () => {
        const page = startViewerPage(input);
        for (const step of replaySteps(path)) {
          page.answer(step.event);
          await flush();
          const snapshot = page.actor.getSnapshot();
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context).toEqual(step.state.context);
          expect(page.started('loadScene').at(-1)!.input).toEqual({ sceneId: 's1', draft });
          // What the visitor notices: a published space counts one view once it has loaded (a
          // draft preview none); a refused space leaves for the access-denied page, except in an
          // embed, which shows the message in place; a space that does not exist (404) is a page
          // that is not found, in an embed too.
          const views = snapshot.matches('ready') && !draft ? 1 : 0;
          expect(page.started('countView')).toHaveLength(views);
          if (views) expect(page.started('countView')[0].input).toEqual({ sceneId: 's1' });
          // The same visit goes into the signed-in visitor's history (the actor knows who is).
          expect(page.started('recordVisit')).toHaveLength(views);
          if (views) expect(page.started('recordVisit')[0].input).toEqual({ sceneId: 's1' });
          expect(page.left.denied).toBe(snapshot.matches('left') ? 1 : 0);
          expect(snapshot.hasTag('denied')).toBe(snapshot.matches('denied'));
          expect(snapshot.hasTag('ready')).toBe(snapshot.matches('ready'));
          expect(snapshot.hasTag('missing')).toBe(step.event.error?.status === 404);
          if (snapshot.matches('left')) expect(embed).toBe(false);
          if (snapshot.matches('denied')) expect(embed).toBe(true);
        }
      },
    );
  }
}

describe('viewerPageMachine', () => {
  it('keeps the visit in history, and a failure to do so changes nothing', async () => {
    const page = startViewerPage({ sceneId: 's1', draft: false, embed: false });
    page.latest('loadScene').resolve({ metadata, content });
    await flush();
    page.latest('recordVisit').reject({ status: 503, message: 'Unavailable' });
    await flush();
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'visit' });
    expect(page.actor.getSnapshot().status).toBe('active');
  });

  it('counts the view once, in the background, after the published space loaded', async () => {
    const page = startViewerPage({ sceneId: 's1', draft: false, embed: false });
    expect(page.started('countView')).toHaveLength(0);
    page.latest('loadScene').resolve({ metadata, content });
    await flush();
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'visit' });
    expect(page.started('countView')).toHaveLength(1);
    page.latest('countView').resolve({ views: 12, counted: true });
    await flush();
    expect(page.actor.getSnapshot().value).toEqual({ ready: 'visit' });
    expect(page.started('countView')).toHaveLength(1);
  });

  it('ignores a failed view count', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const page = startViewerPage({ sceneId: 's1', draft: false, embed: true });
      page.latest('loadScene').resolve({ metadata, content });
      await flush();
      page.latest('countView').reject({ status: 500, message: 'Internal server error' });
      await flush();
      const snapshot = page.actor.getSnapshot();
      expect(snapshot.value).toEqual({ ready: 'visit' });
      expect(snapshot.status).toBe('active');
      expect(snapshot.context).toMatchObject({ metadata, content, error: null });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('counts one view when the space loads on a retry', async () => {
    const page = startViewerPage({ sceneId: 's1', draft: false, embed: false });
    page.latest('loadScene').reject({ status: 503, message: 'Unavailable' });
    await flush();
    expect(page.actor.getSnapshot().context.error).toBe('Unavailable');
    expect(page.started('countView')).toHaveLength(0);
    page.actor.send({ type: 'page.retry' });
    page.latest('loadScene').resolve({ metadata, content });
    await flush();
    expect(page.started('loadScene')).toHaveLength(2);
    expect(page.started('countView')).toHaveLength(1);
  });

  it('shows that a space does not exist where the API answers 404, in an embed too', async () => {
    for (const embed of [false, true]) {
      for (const draft of [false, true]) {
        const page = startViewerPage({ sceneId: 's1', draft, embed });
        page.latest('loadScene').reject({ status: 404, message: 'No such space' });
        await flush();
        const snapshot = page.actor.getSnapshot();
        expect(snapshot.hasTag('missing')).toBe(true);
        expect(snapshot.hasTag('denied')).toBe(false);
        expect(snapshot.status).toBe('done');
        expect(page.left.denied).toBe(0);
        expect(page.started('countView')).toHaveLength(0);
      }
    }
  });

  it('shows a refused space in place in an embed, and leaves for the denied page otherwise', async () => {
    for (const status of [401, 403]) {
      const embedded = startViewerPage({ sceneId: 's1', draft: false, embed: true });
      embedded.latest('loadScene').reject({ status, message: 'No' });
      await flush();
      expect(embedded.actor.getSnapshot().hasTag('denied')).toBe(true);
      expect(embedded.left.denied).toBe(0);

      const full = startViewerPage({ sceneId: 's1', draft: false, embed: false });
      full.latest('loadScene').reject({ status, message: 'No' });
      await flush();
      expect(full.actor.getSnapshot().value).toBe('left');
      expect(full.left.denied).toBe(1);
    }
  });
});
