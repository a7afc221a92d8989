import type { KyInstance } from 'ky';
import { fromPromise } from 'xstate';
import type { SceneContent } from '../../contracts/sceneContent';
import type { SceneMetadataFields } from '../../contracts/scenes';
import type { EngineCommand, EngineEvent } from '../engine/protocol';
import { type SaveProblem, saveMachine, type savedToastPlacement } from '../machines/saveMachine';
import type { ToastsEvent } from '../machines/toastsMachine';
import { scenesApi } from './scenes';

/** What the editor page gives the save machine besides the API. */
export interface EditorSaveHooks {
  /** Asks the engine for its document (see `createEngineExport`); `signal` aborts when the save gives up. */
  exportContent(signal: AbortSignal): Promise<SceneContent>;
  /** A new scene's first save stored it: the address becomes /curate/{sceneId}, the editor stays. */
  navigateToScene(sceneId: string): void;
  showSavedToast(params: { durationMs: number; placement: typeof savedToastPlacement }): void;
  /** A manual save failed. */
  reportError(problem: SaveProblem): void;
}

/** The editor's save machine (src/machines/saveMachine.ts) with the scene service and the page's hooks. */
export function provideEditorSave(api: KyInstance, hooks: EditorSaveHooks) {
  const scenes = scenesApi(api);
  return saveMachine.provide({
    actors: {
      exportContent: fromPromise(({ signal }) => hooks.exportContent(signal)),
      createScene: fromPromise(async ({ input }: { input: { fields: SceneMetadataFields } }) => {
        const { sceneId } = await scenes.create(input.fields);
        return { sceneId };
      }),
      updateScene: fromPromise(
        async ({ input }: { input: { sceneId: string; fields: SceneMetadataFields } }) => {
          await scenes.update(input.sceneId, input.fields);
        },
      ),
      putContent: fromPromise(({ input }: { input: { sceneId: string; content: SceneContent } }) =>
        scenes.putContent(input.sceneId, input.content),
      ),
    },
    actions: {
      navigateToScene: (_, { sceneId }) => hooks.navigateToScene(sceneId),
      showSavedToast: (_, params) => hooks.showSavedToast(params),
      reportError: (_, problem) => hooks.reportError(problem),
    },
  });
}

/**
 * The save toasts through the `toasts` actor: 'Successfully saved scene!' where and as long as the
 * machine says; a failure shows the server's reason when it refused the save (4xx), otherwise the
 * generic 'could not be saved'.
 */
export function saveToasts(toasts: {
  send(event: ToastsEvent): void;
}): Pick<EditorSaveHooks, 'showSavedToast' | 'reportError'> {
  return {
    showSavedToast: ({ durationMs, placement }) =>
      toasts.send({
        type: 'toast.show',
        severity: 'success',
        message: 'toasts.sceneSaved',
        durationMs,
        placement,
      }),
    reportError: (problem) =>
      toasts.send(
        problem.status !== undefined && problem.status < 500 && problem.message
          ? { type: 'toast.show', severity: 'error', message: problem.message, literal: true }
          : { type: 'toast.show', severity: 'error', message: 'toasts.saveFailed' },
      ),
  };
}

/**
 * Exports the engine's document for saves: sends `Editor.Content exportContent` with a request id
 * and resolves with the `exportResult` the engine answers with the same id. Give `handleEvent`
 * every engine event. Answers to other requests (the object list's refreshes) and late answers to
 * requests a save gave up on (time-out) are ignored, so a save never stores an older document.
 */
export function createEngineExport(send: (cmd: EngineCommand) => void) {
  const requests = new Map<string, (content: SceneContent) => void>();
  let next = 0;
  return {
    exportContent(signal: AbortSignal): Promise<SceneContent> {
      return new Promise<SceneContent>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const requestId = `save-${++next}`;
        requests.set(requestId, resolve);
        signal.addEventListener(
          'abort',
          () => {
            requests.delete(requestId);
            reject(signal.reason);
          },
          { once: true },
        );
        send({ channel: 'Editor.Content', method: 'exportContent', payload: { requestId } });
      });
    },
    handleEvent(event: EngineEvent) {
      if (event.type !== 'exportResult' || !event.requestId) return;
      const resolve = requests.get(event.requestId);
      requests.delete(event.requestId);
      resolve?.(event.content);
    },
    /** Requests still waiting for their answer. */
    get pending() {
      return requests.size;
    },
  };
}
