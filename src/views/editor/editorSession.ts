import type { SpaceCost } from '../../../contracts/spaceCost';
import type { EditorStateData } from '../../machines/editorPanelMachine';
import type { EngineChannel, EngineCommand } from '../../engine/protocol';
import '../../i18n/devCatalogue';

export type { EditorSession, EditorStateData, ObjectListEntry } from '../../machines/editorPanelMachine';

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
