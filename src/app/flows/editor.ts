import { fromPromise } from 'xstate';
import { emptySceneContent, type SceneContent } from '../../../contracts/sceneContent';
import type { SceneMetadata, SceneMetadataFields } from '../../../contracts/scenes';
import type { UserFull } from '../../../contracts/users';
import { type EditorGuideEvent, editorGuideMachine } from '../../machines/editorGuideMachine';
import { type EditorPageEvent, editorPageMachine, type LoadedScene } from '../../machines/editorPageMachine';
import { editorLibraryMachine, type LibraryParams } from '../../machines/editorLibraryMachine';
import { editorPanelMachine } from '../../machines/editorPanelMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { type PatchContentInput, type PutContentInput, saveMachine } from '../../machines/saveMachine';
import { draftLimitToast } from '../../machines/spaceCardMachine';
import { mergeSpaceOptions, type SpaceOption, spaceSearchMachine } from '../../machines/spaceSearchMachine';
import { userSearchMachine } from '../../machines/userSearchMachine';
import { type EngineActorLike, exportFromEngine, saveToasts } from '../../services/editorSave';
import { assetsApi } from '../../services/assets';
import { publishingApi } from '../../services/publishing';
import { type ApiProblem, scenesApi } from '../../services/scenes';
import { groupsApi } from '../../services/groups';
import { usersApi } from '../../services/users';
import { commandEngine } from '../engineCommands';
import { sessionPart, signedInUser } from '../relays';
import type { AppServices } from '../services';
import { accessDeniedPath } from './viewer';
import { provideWizard } from './wizard';

/** The editor's address of a space. */
export const editorPath = (sceneId: string) => `/curate/${encodeURIComponent(sceneId)}`;

/** How many users one search of the access pickers shows. */
export const memberSearchSize = 20;

interface ActorFinder {
  get(systemId: string): unknown;
}

/** The page's engine actor (systemId `engine`), if the page hosts one. */
const engineIn = (system: ActorFinder) => system.get('engine') as EngineActorLike | undefined;

/**
 * The editor's save machine with the scene service, the page's engine (its document is exported
 * through the `engine` actor), navigation and toasts.
 */
export function provideSave({ api, navigate, toasts }: AppServices) {
  const scenes = scenesApi(api);
  const users = usersApi(api);
  const { showSavedToast, reportError } = saveToasts({ send: toasts });
  return saveMachine.provide({
    actors: {
      exportContent: fromPromise<SceneContent>(async ({ system, signal }) => {
        const engine = engineIn(system);
        if (!engine) throw new Error('The editor has no engine to export from');
        return exportFromEngine(engine, signal);
      }),
      createScene: fromPromise(
        async ({ input, signal }: { input: { fields: SceneMetadataFields }; signal: AbortSignal }) => {
          const { sceneId } = await scenes.create(input.fields, signal);
          return { sceneId };
        },
      ),
      updateScene: fromPromise(
        async ({
          input,
          signal,
        }: {
          input: { sceneId: string; fields: SceneMetadataFields };
          signal: AbortSignal;
        }) => {
          await scenes.update(input.sceneId, input.fields, { signal });
        },
      ),
      putContent: fromPromise(async ({ input, signal }: { input: PutContentInput; signal: AbortSignal }) => {
        const { etag } = await scenes.putContent(input.sceneId, input.content, {
          ifMatch: input.ifMatch,
          signal,
        });
        return { etag };
      }),
      patchContent: fromPromise(
        async ({ input, signal }: { input: PatchContentInput; signal: AbortSignal }) => {
          const { etag } = await scenes.patchContent(input.sceneId, input.patch, {
            ifMatch: input.ifMatch,
            signal,
          });
          return { etag };
        },
      ),
    },
    actions: {
      navigateToScene: (_, { sceneId }) => navigate(editorPath(sceneId), { replace: true }),
      showSavedToast: (_, params) => showSavedToast(params),
      reportError: (_, problem) => reportError(problem),
      // The setting is the user's: stored in their record, and the session follows.
      storeAutoSave: ({ system }, { enabled }) => {
        const userId = signedInUser(system as never)?.userId;
        if (!userId) return;
        const form = new FormData();
        form.append('autoSave', String(enabled));
        const session = (system as ActorFinder).get('session') as
          | { send(event: unknown): void; getSnapshot(): { context: { profile: UserFull | null } } }
          | undefined;
        users.save(userId, form).then(
          () => {
            const profile = session?.getSnapshot().context.profile;
            if (profile)
              session?.send({ type: 'session.profileUpdated', profile: { ...profile, autoSave: enabled } });
          },
          (error: unknown) => console.error('The autosave setting could not be stored', error),
        );
      },
    },
  });
}

/**
 * The editor's guide: whether the user has seen it is in their record; closing it the first time
 * stores that there, and the session's copy follows at once (the next visit in this tab does not
 * wait for the server).
 */
export function provideGuide({ api }: AppServices) {
  const users = usersApi(api);
  return editorGuideMachine.provide({
    actors: {
      seenWatch: sessionPart<EditorGuideEvent, boolean | null>(
        (session) => (session.profile ? (session.profile.editorGuideSeen ?? false) : null),
        (seen) => ({ type: 'profile.guideSeen', seen }),
      ),
    },
    actions: {
      rememberSeen: ({ system }) => {
        const userId = signedInUser(system as never)?.userId;
        if (!userId) return;
        const session = (system as ActorFinder).get('session') as
          | { send(event: unknown): void; getSnapshot(): { context: { profile: UserFull | null } } }
          | undefined;
        const profile = session?.getSnapshot().context.profile;
        if (profile)
          session?.send({ type: 'session.profileUpdated', profile: { ...profile, editorGuideSeen: true } });
        const form = new FormData();
        form.append('editorGuideSeen', 'true');
        users
          .save(userId, form)
          .catch((error: unknown) => console.error('That the guide was seen could not be stored', error));
      },
    },
  });
}

/** How many spaces one search of the portal target picker shows of each kind. */
export const portalTargetSearchSize = 20;
/** How many of the creator's own spaces the picker looks through (the list has no search). */
const ownSpacesLooked = 100;

const asOption =
  (source: SpaceOption['source']) =>
  (space: SceneMetadata): SpaceOption => ({
    sceneId: space.sceneId,
    title: space.title,
    coverUri: space.thumbnailUri ?? space.coverPhotoUri,
    source,
  });

/** The editor page and its parts: saving, the side panel, the publish wizard, the access pickers' user search. */
export default function editorFlows(services: AppServices) {
  const { api, navigate, toasts } = services;
  const scenes = scenesApi(api);
  const users = usersApi(api);
  const groups = groupsApi(api);
  const assets = assetsApi(api);
  const publishing = publishingApi(api);
  const editorPanel = editorPanelMachine.provide({
    actions: { sendCommand: ({ system }, { command }) => commandEngine(system as never, command) },
  });
  return {
    editorPage: editorPageMachine.provide({
      actors: {
        checkDraftLimit: fromPromise(async ({ signal }) => {
          await scenes.draftsLimit(signal);
        }),
        newContent: fromPromise(async () => emptySceneContent()),
        loadScene: fromPromise<LoadedScene, { sceneId: string }>(async ({ input, signal }) => {
          const [metadata, { content, etag }] = await Promise.all([
            scenes.metadata(input.sceneId, signal),
            scenes.content(input.sceneId, signal),
          ]);
          return { metadata, content, etag };
        }),
        autoSaveWatch: sessionPart<EditorPageEvent, boolean | null>(
          (session) => session.profile?.autoSave ?? null,
          (enabled) => ({ type: 'profile.autoSave', enabled: enabled ?? false }),
        ),
        save: provideSave(services),
        editorPanel,
        guide: provideGuide(services),
        publishWizard: provideWizard(services),
      },
      actions: {
        leaveForHome: ({ system }, params) => {
          navigate('/', { replace: true });
          toasts(
            params.limitReached
              ? draftLimitToast(signedInUser(system as never)?.userId)
              : { type: 'toast.show', severity: 'error', message: params.message, literal: true },
          );
        },
        leaveForAccessDenied: () => navigate(accessDeniedPath, { replace: true }),
        announcePublished: () =>
          toasts({ type: 'toast.show', severity: 'success', message: 'toasts.spacePublished' }),
      },
    }),
    /** The side panel on its own (the engine workbench). */
    editorPanel,
    /** The Add Content step's My library tab: the caller's assets, searched and filtered by type. */
    editorLibrary: editorLibraryMachine.provide({
      actors: {
        list: infiniteListMachine.provide({
          actors: {
            fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
              const { cp, ipp, search, type } = input as unknown as LibraryParams & InfiniteListBody;
              return (await assets.myLibrary({ cp, ipp, search, type }, signal)).items;
            }),
          },
        }),
      },
    }),
    /** Spaces a portal may lead to: the caller's own (none when signed out), then published ones. */
    spaceSearch: spaceSearchMachine.provide({
      actors: {
        searchSpaces: fromPromise<SpaceOption[], { query: string }>(async ({ input, signal }) => {
          const words = input.query.toLowerCase();
          const [mine, published] = await Promise.all([
            scenes.my({ cp: 0, ipp: ownSpacesLooked }, signal).then(
              (page) => page.items,
              (error: unknown) => {
                if ((error as ApiProblem).status === 401) return [];
                throw error;
              },
            ),
            publishing.search({ q: input.query, cp: 0, ipp: portalTargetSearchSize }, signal),
          ]);
          const matching = mine.filter((space) => space.title.toLowerCase().includes(words));
          return mergeSpaceOptions(
            matching.slice(0, portalTargetSearchSize).map(asOption('mine')),
            published.items.map(asOption('published')),
          );
        }),
      },
    }),
    /** Users, or the signed-in user's groups, for the access pickers of the publish wizard. */
    userSearch: userSearchMachine.provide({
      actors: {
        searchUsers: fromPromise(async ({ input, signal }) => {
          if (input.category === 'groups') {
            const mine = await groups.mine({ search: input.query, cp: 0, ipp: memberSearchSize }, signal);
            return mine.items.map((group) => ({
              groupId: group.groupId,
              name: group.title,
              profilePicture: group.image,
            }));
          }
          const answer = await users.search({ q: input.query, cp: 0, ipp: memberSearchSize }, signal);
          return answer.items.map((user) => ({
            userId: user.userId,
            name: user.name,
            profilePicture: user.profilePicture,
          }));
        }),
      },
    }),
  };
}
