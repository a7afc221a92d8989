import type { stairsKinds, stairsTurns } from '../../../contracts/sceneContent';
import type { editorTools, ToolOptions } from '../../engine/protocol';
import '../../i18n/devCatalogue';

/**
 * The tool buttons of the panel and the engine's tools: Door and Window are both the engine's
 * 'opening' tool, told apart by the opening kind.
 */

export const toolChoices = [
  { value: 'select', labelKey: 'dev.editor.tools.select' },
  { value: 'wall', labelKey: 'dev.editor.tools.wall' },
  { value: 'door', labelKey: 'dev.editor.tools.door' },
  { value: 'window', labelKey: 'dev.editor.tools.window' },
  { value: 'stairs', labelKey: 'dev.editor.tools.stairs' },
  { value: 'paint', labelKey: 'dev.editor.tools.paint' },
  { value: 'eraser', labelKey: 'dev.editor.tools.eraser' },
] as const;
export type ToolChoice = (typeof toolChoices)[number]['value'];

export const doorKinds = [
  { value: 'door-single', labelKey: 'dev.editor.tools.doorKinds.single' },
  { value: 'door-double', labelKey: 'dev.editor.tools.doorKinds.double' },
] as const;
export const windowKinds = [
  { value: 'window-single', labelKey: 'dev.editor.tools.windowKinds.single' },
  { value: 'window-center', labelKey: 'dev.editor.tools.windowKinds.center' },
  { value: 'window-top', labelKey: 'dev.editor.tools.windowKinds.top' },
  { value: 'window-panoramic', labelKey: 'dev.editor.tools.windowKinds.panoramic' },
] as const;
export const stairsKindChoices = [
  { value: 'straight', labelKey: 'dev.editor.tools.stairsKinds.straight' },
  { value: 'L', labelKey: 'dev.editor.tools.stairsKinds.L' },
  { value: 'U', labelKey: 'dev.editor.tools.stairsKinds.U' },
] as const satisfies readonly { value: (typeof stairsKinds)[number]; labelKey: string }[];
export const stairsTurnChoices = [
  { value: 'left', labelKey: 'dev.editor.tools.turns.left' },
  { value: 'right', labelKey: 'dev.editor.tools.turns.right' },
] as const satisfies readonly { value: (typeof stairsTurns)[number]; labelKey: string }[];

export type DoorKind = (typeof doorKinds)[number]['value'];
export type WindowKind = (typeof windowKinds)[number]['value'];

const isDoor = (kind: string): kind is DoorKind => kind.startsWith('door-');

/** Which button shows the engine's tool. */
export function toolChoiceOf(tool: (typeof editorTools)[number], options: ToolOptions): ToolChoice {
  if (tool === 'opening') return isDoor(options.openingKind) ? 'door' : 'window';
  return tool;
}

/** The kinds last chosen for each opening tool (the engine keeps only the current one). */
export interface OpeningMemory {
  door: DoorKind;
  window: WindowKind;
}

/** Remembers the engine's current opening kind under its tool. */
export function rememberOpening(memory: OpeningMemory, options: ToolOptions): OpeningMemory {
  const kind = options.openingKind;
  return isDoor(kind) ? { ...memory, door: kind } : { ...memory, window: kind };
}

/** The payload of `Editor.Construction.setTool` for a button and the options chosen so far. */
export function setToolPayload(
  choice: ToolChoice,
  options: ToolOptions,
  openings: OpeningMemory,
): { tool: (typeof editorTools)[number]; options?: Partial<ToolOptions> } {
  switch (choice) {
    case 'door':
      return { tool: 'opening', options: { openingKind: openings.door } };
    case 'window':
      return { tool: 'opening', options: { openingKind: openings.window } };
    case 'stairs':
      return { tool: 'stairs', options: { stairsKind: options.stairsKind, stairsTurn: options.stairsTurn } };
    default:
      return { tool: choice };
  }
}
