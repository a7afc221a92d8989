import type { KyInstance } from 'ky';
import { fromPromise } from 'xstate';
import { emptySceneContent } from '../../contracts/sceneContent';
import { editorPageMachine } from '../machines/editorPageMachine';
import { draftLimitToast } from '../machines/spaceCardMachine';
import type { ToastsEvent } from '../machines/toastsMachine';
import { viewerPageMachine } from '../machines/viewerPageMachine';
import { publishingApi } from './publishing';
import { scenesApi } from './scenes';

export interface ScenePageHooks {
  navigate(path: string, options?: { replace?: boolean }): void;
  toasts: { send(event: ToastsEvent): void };
}

const accessDenied = '/space-access-denied';

/** The editor page's machine with the scene service: draft-limit check, new document, draft loading. */
export function provideEditorPage(api: KyInstance, userId: string, { navigate, toasts }: ScenePageHooks) {
  const scenes = scenesApi(api);
  return editorPageMachine.provide({
    actors: {
      checkDraftLimit: fromPromise(async () => {
        await scenes.draftsLimit();
      }),
      newContent: fromPromise(async () => emptySceneContent()),
      loadScene: fromPromise(async ({ input }: { input: { sceneId: string } }) => {
        const [metadata, content] = await Promise.all([
          scenes.metadata(input.sceneId),
          scenes.content(input.sceneId),
        ]);
        return { metadata, content };
      }),
    },
    actions: {
      leaveForHome: (_, params: { limitReached: boolean; message: string }) => {
        navigate('/', { replace: true });
        toasts.send(
          params.limitReached
            ? draftLimitToast(userId)
            : { type: 'toast.show', severity: 'error', message: params.message, literal: true },
        );
      },
      leaveForAccessDenied: () => navigate(accessDenied, { replace: true }),
    },
  });
}

/**
 * The viewer page's machine with the scene service: the published space, or the owner's draft,
 * and the view count of a published one.
 */
export function provideViewerPage(api: KyInstance, { navigate }: Pick<ScenePageHooks, 'navigate'>) {
  const scenes = scenesApi(api);
  const publishing = publishingApi(api);
  return viewerPageMachine.provide({
    actors: {
      loadScene: fromPromise(async ({ input }: { input: { sceneId: string; draft: boolean } }) => {
        const [metadata, content] = input.draft
          ? await Promise.all([scenes.metadata(input.sceneId), scenes.content(input.sceneId)])
          : await Promise.all([
              scenes.publishedMetadata(input.sceneId),
              scenes.publishedContent(input.sceneId),
            ]);
        return { metadata, content };
      }),
      countView: fromPromise(async ({ input }: { input: { sceneId: string } }) =>
        publishing.view(input.sceneId),
      ),
    },
    actions: { leaveForAccessDenied: () => navigate(accessDenied, { replace: true }) },
  });
}
