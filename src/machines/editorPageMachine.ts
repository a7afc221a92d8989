import {
  type ActorRefFrom,
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
} from 'xstate';
import type { Tier } from '../../contracts/roles';
import type { SceneContent } from '../../contracts/sceneContent';
import type { SceneMetadata } from '../../contracts/scenes';
import type { EngineEvent } from '../engine/protocol';
import { editorGuideMachine } from './editorGuideMachine';
import { editorPanelMachine } from './editorPanelMachine';
import { publishWizardMachine } from './publishWizardMachine';
import { saveMachine } from './saveMachine';

/**
 * The editor page (platform.md §2.1 /curate and /curate/{sceneId}, §2.6): what it opens, then the
 * space being edited, saved and published.
 *
 * Opening: a new space runs the draft-limit check first — on failure the page goes home and says
 * why —; an existing one loads its metadata and draft content — a space the caller may not edit
 * leads to /space-access-denied.
 *
 * Once `ready` the page hands the document to the engine, and its children do the work: `save`
 * (saveMachine, with autosave) stores the space and tells the page what it did, `editorPanel`
 * follows the engine's editor for the step panels — the page relays the engine's reports to both
 * (`engine.reported`) —, and `guide` (editorGuideMachine) opens the guide modal on the user's first
 * visit only. Publish (`publish.requested`) first makes sure the space is stored (`save.ensure`), then runs the publish
 * wizard (`publishWizard`, platform.md §2.5) in `publishing.wizard`; a published space updates the
 * header's badge and title, says so (`announcePublished`) and opens the share panel. When another
 * window saved the space and the user chooses to reload (`save.reloadRequested`), the page loads
 * the space again.
 */

export interface EditorPageInput {
  /** null: a new space. */
  sceneId: string | null;
  /** The user's autosave setting as the page opens (default off). */
  autoSave?: boolean;
}

export interface LoadedScene {
  metadata: SceneMetadata;
  content: SceneContent;
  /** The stored version of the content (null: never saved). */
  etag: string | null;
}

/** A failed call as the service layer reports it (src/services/scenes.ts ApiProblem). */
export interface PageProblem {
  message: string;
  status?: number;
}

export interface EditorPageContext {
  sceneId: string | null;
  metadata: SceneMetadata | null;
  /** The document the engine opens (an empty one for a new space). */
  content: SceneContent | null;
  /** Its stored version (null: a new space, or content never saved): saves build on it. */
  etag: string | null;
  error: string | null;
  autoSave: boolean;
  /** The engine has loaded the document (save starts counting edits then). */
  documentLoaded: boolean;
  /** What the publish wizard starts from: the caller's tier and the title in the header. */
  publishing: { tier: Tier; title: string } | null;
}

export type EditorPageEvent =
  | { type: 'page.retry' }
  /** The first save of a new space created it. */
  | { type: 'scene.created'; sceneId: string; metadata?: SceneMetadata }
  /** A save changed the metadata (title, state). */
  | { type: 'scene.metadataSaved'; metadata: SceneMetadata }
  /** The publish wizard published the space: the header's badge says Published. */
  | { type: 'scene.published'; metadata: SceneMetadata }
  /** An event of the page's engine (the page's host relays them). */
  | { type: 'engine.reported'; event: EngineEvent }
  /** A save finished (the `save` child tells). */
  | { type: 'save.settled'; ok: boolean }
  /** Another window saved the space and the user chose to open that version (the `save` child tells). */
  | { type: 'save.reloadRequested' }
  /** Publish was pressed: `tier` and `title` are the caller's plan and the header's title. */
  | { type: 'publish.requested'; tier: Tier; title: string }
  /** The publish wizard was closed. */
  | { type: 'publish.closed' }
  | { type: 'share.opened' }
  | { type: 'share.closed' }
  /** The user's autosave setting, as their record has it (told at once and on every change). */
  | { type: 'profile.autoSave'; enabled: boolean };

/** What the page tells its view (`actor.on(…)`): the space now has an address of its own. */
export type EditorPageEmitted = { type: 'page.sceneCreated'; sceneId: string };

const statusOf = (error: unknown) => (error as PageProblem | undefined)?.status;
const messageOf = (error: unknown) =>
  (error as PageProblem | undefined)?.message ?? (error instanceof Error ? error.message : String(error));

export const editorPageMachine = setup({
  types: {
    context: {} as EditorPageContext,
    events: {} as EditorPageEvent,
    input: {} as EditorPageInput,
    emitted: {} as EditorPageEmitted,
    tags: {} as 'preparingPublish',
    children: {} as {
      autoSaveWatch: 'autoSaveWatch';
      save: 'save';
      editorPanel: 'editorPanel';
      guide: 'guide';
      publishWizard: 'publishWizard';
    },
  },
  actors: {
    /** Relays the user's autosave setting (`profile.autoSave`) for the page's whole life. */
    autoSaveWatch: fromCallback<EditorPageEvent>(() => () => {}),
    save: saveMachine,
    editorPanel: editorPanelMachine,
    guide: editorGuideMachine,
    publishWizard: publishWizardMachine,
    /** Resolves when another draft is allowed; rejects (status 422) when the limit is reached. */
    checkDraftLimit: fromPromise<void>(async () => {
      throw new Error('checkDraftLimit not provided');
    }),
    /** A new space's starting document. */
    newContent: fromPromise<SceneContent>(async () => {
      throw new Error('newContent not provided');
    }),
    loadScene: fromPromise<LoadedScene, { sceneId: string }>(async () => {
      throw new Error('loadScene not provided');
    }),
  },
  actions: {
    /** Home, with the draft-limit toast (5 s, View drafts) when `limitReached`, else an error toast. */
    leaveForHome: (_, _params: { limitReached: boolean; message: string }) => {},
    leaveForAccessDenied: () => {},
    /** 'Your space is published' (the wizard published it). */
    announcePublished: () => {},
  },
  guards: {
    isNew: ({ context }) => context.sceneId === null,
    limitReached: ({ event }) => statusOf((event as { error?: unknown }).error) === 422,
    notSignedIn: ({ event }) => statusOf((event as { error?: unknown }).error) === 401,
    denied: ({ event }) => {
      const status = statusOf((event as { error?: unknown }).error);
      return status === 403 || status === 404;
    },
  },
}).createMachine({
  id: 'editorPage',
  context: ({ input }) => ({
    sceneId: input.sceneId,
    metadata: null,
    content: null,
    etag: null,
    error: null,
    autoSave: input.autoSave ?? false,
    documentLoaded: false,
    publishing: null,
  }),
  // The setting can arrive after the page opens (the user's record loads after sign-in).
  invoke: { id: 'autoSaveWatch', src: 'autoSaveWatch' },
  on: {
    'profile.autoSave': { actions: assign({ autoSave: ({ event }) => event.enabled }) },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'checkingDraftLimit' }, { target: 'loading' }],
    },
    checkingDraftLimit: {
      invoke: {
        id: 'checkDraftLimit',
        src: 'checkDraftLimit',
        onDone: 'preparingNew',
        onError: [
          { guard: 'notSignedIn', target: 'signInNeeded' },
          {
            target: 'left',
            actions: {
              type: 'leaveForHome',
              params: ({ event }) => ({
                limitReached: statusOf(event.error) === 422,
                message: messageOf(event.error),
              }),
            },
          },
        ],
      },
    },
    preparingNew: {
      invoke: {
        id: 'newContent',
        src: 'newContent',
        onDone: { target: 'ready', actions: assign({ content: ({ event }) => event.output, etag: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loading: {
      invoke: {
        id: 'loadScene',
        src: 'loadScene',
        input: ({ context }) => ({ sceneId: context.sceneId! }),
        onDone: {
          target: 'ready',
          actions: assign({
            metadata: ({ event }) => event.output.metadata,
            content: ({ event }) => event.output.content,
            etag: ({ event }) => event.output.etag,
          }),
        },
        onError: [
          { guard: 'notSignedIn', target: 'signInNeeded' },
          { guard: 'denied', target: 'left', actions: 'leaveForAccessDenied' },
          { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    ready: {
      invoke: [
        {
          id: 'save',
          systemId: 'save',
          src: 'save',
          input: ({ self, context }) => ({ owner: self, title: context.metadata?.title ?? '' }),
        },
        { id: 'editorPanel', systemId: 'editorPanel', src: 'editorPanel' },
        { id: 'guide', systemId: 'editorGuide', src: 'guide' },
      ],
      on: {
        'scene.created': {
          actions: [
            assign({
              sceneId: ({ event }) => event.sceneId,
              metadata: ({ event, context }) => event.metadata ?? context.metadata,
            }),
            emit(({ event }) => ({ type: 'page.sceneCreated' as const, sceneId: event.sceneId })),
          ],
        },
        'scene.metadataSaved': { actions: assign({ metadata: ({ event }) => event.metadata }) },
        // The stored version replaces this window's: the page opens the space again.
        'save.reloadRequested': {
          guard: ({ context }) => context.sceneId !== null,
          target: 'loading',
          actions: assign({ content: null, etag: null, documentLoaded: false, publishing: null }),
        },
        'scene.published': { actions: assign({ metadata: ({ event }) => event.metadata }) },
        // The panel follows the engine; saving needs the first load (edits count from then on) and each change.
        'engine.reported': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const reported = event.event;
            enqueue.sendTo('editorPanel', event);
            if (reported.type === 'contentChanged') enqueue.sendTo('save', { type: 'editor.changed' });
            if (reported.type !== 'loaded' || context.documentLoaded) return;
            enqueue.assign({ documentLoaded: true });
            enqueue.sendTo('save', {
              type: 'scene.loaded',
              sceneId: context.sceneId,
              title: context.metadata?.title ?? '',
              autoSave: context.autoSave,
              etag: context.etag,
              content: context.etag ? context.content : null,
            });
          }),
        },
      },
      type: 'parallel',
      states: {
        publishing: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'publish.requested': {
                  target: 'saving',
                  actions: [
                    assign({ publishing: ({ event }) => ({ tier: event.tier, title: event.title }) }),
                    sendTo('save', { type: 'save.ensure' }),
                  ],
                },
              },
            },
            /** The space is being stored first (a new space gets its id). */
            saving: {
              tags: 'preparingPublish',
              on: {
                'save.settled': [
                  { guard: ({ context, event }) => event.ok && context.sceneId !== null, target: 'wizard' },
                  { target: 'idle' },
                ],
              },
            },
            wizard: {
              invoke: {
                id: 'publishWizard',
                systemId: 'publishWizard',
                src: 'publishWizard',
                input: ({ context }) => ({
                  sceneId: context.sceneId!,
                  metadata: { ...context.metadata, title: context.publishing?.title ?? '' },
                  tier: context.publishing?.tier ?? 'free',
                }),
                onDone: {
                  target: 'idle',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const published = event.output;
                    if (!published) return;
                    enqueue.assign({ metadata: published });
                    // The wizard may have renamed the space: the header follows.
                    if (published.title !== context.publishing?.title)
                      enqueue.sendTo('save', { type: 'title.changed', title: published.title });
                    enqueue('announcePublished');
                    enqueue.raise({ type: 'share.opened' });
                  }),
                },
              },
              on: { 'publish.closed': 'idle' },
            },
          },
        },
        share: {
          initial: 'closed',
          states: {
            closed: { on: { 'share.opened': 'open' } },
            open: { on: { 'share.closed': 'closed' } },
          },
        },
      },
    },
    failed: {
      on: { 'page.retry': { target: 'starting', actions: assign({ error: null }) } },
    },
    /** Anonymous: the page offers sign-in (the route guard does not redirect). */
    signInNeeded: {},
    /** The page navigated away. */
    left: { type: 'final' },
  },
});

export type EditorPageActorRef = ActorRefFrom<typeof editorPageMachine>;
