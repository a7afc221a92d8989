import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate';
import type { SceneContent } from '../../contracts/sceneContent';
import type { SpaceCost } from '../../contracts/spaceCost';
import {
  defaultToolOptions,
  type EngineCommand,
  type EngineEvent,
  type EngineEventOf,
} from '../engine/protocol';

export type EditorStateData = Omit<EngineEventOf<'editorState'>, 'type'>;
export type ObjectListEntry = EngineEventOf<'objectList'>['objects'][number];

/**
 * What the editor's side panel knows about the engine's editor, built only from the events the
 * engine sends (protocol.ts): its state, the object list, the selection, the last exported
 * document and the last rejected command.
 */
export interface EditorSession {
  state: EditorStateData;
  /** Whether the engine has sent an editorState yet (until then `state` holds defaults). */
  connected: boolean;
  objects: ObjectListEntry[];
  selection: string[];
  /** The last exported document (refreshed after each change). */
  document: SceneContent | null;
  rejection: { command: string; message: string } | null;
}

export const noCost: SpaceCost = {
  extraLevels: 0,
  extraPaths: 0,
  templateKind: null,
  lines: [],
  totalCredits: 0,
};

/** What the panel shows before the engine's first editorState. */
export const initialEditorState: EditorStateData = {
  canUndo: false,
  canRedo: false,
  undoLabel: null,
  redoLabel: null,
  tool: 'select',
  toolOptions: defaultToolOptions,
  gizmoMode: 'translate',
  cameraMode: 'orbit',
  units: 'metres',
  snapping: false,
  space: { kind: 'none' },
  activeLevelId: null,
  levels: [],
  tours: [],
  objectCount: 0,
  selectionCount: 0,
  cost: noCost,
};

export const initialEditorSession: EditorSession = {
  state: initialEditorState,
  connected: false,
  objects: [],
  selection: [],
  document: null,
  rejection: null,
};

/** Events of the panel itself besides the engine's. */
export type PanelEvent = { type: 'rejection.dismissed' };

/** The panel's knowledge after one more event (pure: the machine's one way to change it). */
export function editorSessionReducer(session: EditorSession, event: EngineEvent | PanelEvent): EditorSession {
  switch (event.type) {
    case 'editorState': {
      const { type: _type, ...state } = event;
      return { ...session, state, connected: true };
    }
    case 'objectList':
      return { ...session, objects: event.objects };
    case 'selection':
      return { ...session, selection: event.objectIds };
    case 'exportResult':
      return { ...session, document: event.content };
    case 'commandRejected':
      return { ...session, rejection: { command: event.command, message: event.message } };
    case 'rejection.dismissed':
      return { ...session, rejection: null };
    default:
      return session;
  }
}

/** Events after which the object list and the exported document are out of date. */
export const changesContent = (event: EngineEvent) =>
  event.type === 'contentChanged' || event.type === 'loaded';

/** How long to wait after the last change before asking for the object list and document. */
export const refreshDelayMs = 150;

export type EditorPanelEvent =
  /** An event of the engine (the page relays them). */
  | { type: 'engine.reported'; event: EngineEvent }
  | PanelEvent
  /** A view that shows the placed objects opened (or closed): they are kept up to date meanwhile. */
  | { type: 'objects.shown' }
  | { type: 'objects.hidden' }
  /** Export the document now; the answer is emitted as `document.exported`. */
  | { type: 'document.exportRequested' };

/** What the panel tells its views (`actor.on(…)`): a document the engine exported. */
export type EditorPanelEmitted = { type: 'document.exported'; content: SceneContent };

const refreshCommands: EngineCommand[] = [
  { channel: 'Editor.Content', method: 'requestObjectList', payload: {} },
  { channel: 'Editor.Content', method: 'exportContent', payload: {} },
];

/**
 * The editor's side panel (platform.md §2.6): what it knows of the engine's editor (`EditorSession`,
 * from the engine's events) and what it asks of it (`sendCommand`, provided: the page's engine).
 *
 * - `waiting` until the engine's first editorState, `connected` from then on.
 * - It offers the engine its props library once (the page has none of its own: the engine's
 *   built-in props are always there).
 * - While a view of the placed objects is open (`objects.shown`), it asks for the object list and
 *   the document at once, and again `refreshDelayMs` after the content last changed.
 * - `document.exportRequested` asks for the document; each export is emitted as `document.exported`.
 */
export const editorPanelMachine = setup({
  types: {
    context: {} as EditorSession,
    events: {} as EditorPanelEvent,
    emitted: {} as EditorPanelEmitted,
  },
  actions: {
    sendCommand: (_, _params: { command: EngineCommand }) => {},
    take: assign(({ context, event }) =>
      event.type === 'engine.reported'
        ? editorSessionReducer(context, event.event)
        : event.type === 'rejection.dismissed'
          ? editorSessionReducer(context, event)
          : context,
    ),
  },
  guards: {
    isConnected: ({ context }) => context.connected,
    changesContent: ({ event }) => event.type === 'engine.reported' && changesContent(event.event),
  },
  delays: { refresh: refreshDelayMs },
}).createMachine({
  id: 'editorPanel',
  context: initialEditorSession,
  entry: {
    type: 'sendCommand',
    params: { command: { channel: 'Editor.Design', method: 'setPropLibrary', payload: { props: [] } } },
  },
  on: {
    'engine.reported': {
      actions: [
        'take',
        enqueueActions(({ event, enqueue }) => {
          const reported = event.event;
          if (reported.type === 'exportResult')
            enqueue.emit({ type: 'document.exported', content: reported.content });
        }),
      ],
    },
    'rejection.dismissed': { actions: 'take' },
    'document.exportRequested': {
      actions: {
        type: 'sendCommand',
        params: { command: { channel: 'Editor.Content', method: 'exportContent', payload: {} } },
      },
    },
  },
  type: 'parallel',
  states: {
    connection: {
      initial: 'waiting',
      states: {
        waiting: { always: { guard: 'isConnected', target: 'connected' } },
        connected: {},
      },
    },
    objects: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'objects.shown': 'shown' } },
        shown: {
          entry: refreshCommands.map((command) => ({ type: 'sendCommand' as const, params: { command } })),
          on: {
            'objects.hidden': 'hidden',
            'engine.reported': { guard: 'changesContent', target: 'settling' },
          },
        },
        /** The content changed: the refresh waits until it has been still for a moment. */
        settling: {
          after: { refresh: 'shown' },
          on: {
            'objects.hidden': 'hidden',
            'engine.reported': { guard: 'changesContent', target: 'settling', reenter: true },
          },
        },
      },
    },
  },
});

export type EditorPanelActorRef = ActorRefFrom<typeof editorPanelMachine>;
