import type { SceneContent } from '../../../contracts/sceneContent';
import type { SpaceCost } from '../../../contracts/spaceCost';
import {
  defaultToolOptions,
  type EngineChannel,
  type EngineCommand,
  type EngineEvent,
  type EngineEventOf,
} from '../../engine/protocol';

/**
 * What the editor panel knows about the engine's editor, built only from the events the engine
 * sends (protocol.ts): its state, the object list, the selection, the last exported document and
 * the last rejected command. Pure: `editorSessionReducer` is the only way it changes.
 */

export type EditorStateData = Omit<EngineEventOf<'editorState'>, 'type'>;
export type ObjectListEntry = EngineEventOf<'objectList'>['objects'][number];

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

/** Whether switching space would throw work away (so the author is asked first). */
export const hasWork = (state: EditorStateData) =>
  state.objectCount > 0 || state.levels.some((level) => level.walls > 0);

/**
 * The selection after a click on an object of the list: a plain click selects only it; with
 * shift or ctrl (`additive`) it joins the selection, or leaves it if it was in.
 */
export function nextSelection(current: readonly string[], id: string, additive: boolean): string[] {
  if (!additive) return [id];
  return current.includes(id) ? current.filter((s) => s !== id) : [...current, id];
}

/** One line of the cost summary: what it is, how many (null for a single item) and the credits. */
export interface CostLine {
  labelKey: string;
  count: number | null;
  /** Credits for one (the line's credits over its count). */
  each: number;
  credits: number;
}

const costLabelKeys = {
  extraLevels: 'dev.editor.cost.extraLevels',
  extraPaths: 'dev.editor.cost.extraPaths',
  template: 'dev.editor.cost.template',
} as const;

/** The lines of a space's cost, for 'Extra levels: 1 × 50 credits' and 'Premium room: 100 credits'. */
export function costLines(cost: SpaceCost): CostLine[] {
  return cost.lines.map((line) => {
    const count =
      line.item === 'extraLevels' ? cost.extraLevels : line.item === 'extraPaths' ? cost.extraPaths : null;
    return {
      labelKey: costLabelKeys[line.item],
      count,
      each: count ? line.credits / count : line.credits,
      credits: line.credits,
    };
  });
}

/** The title of a new tour: 'Tour N', N one more than the tours there are (or the next free one). */
export function nextTourTitle(tours: readonly { title: string }[]): string {
  let n = tours.length + 1;
  while (tours.some((tour) => tour.title === `Tour ${n}`)) n += 1;
  return `Tour ${n}`;
}

type MethodOf<C extends EngineChannel> = Extract<EngineCommand, { channel: C }>['method'];

/** A typed command: `command('Editor.Content', 'select', { ids })`. */
export function command<C extends EngineChannel, M extends MethodOf<C>>(
  channel: C,
  method: M,
  payload: Extract<EngineCommand, { channel: C; method: M }>['payload'],
): EngineCommand {
  return { channel, method, payload } as EngineCommand;
}

/** How the panel reaches the engine: commands out, events in. */
export type Send = (cmd: EngineCommand) => void;
