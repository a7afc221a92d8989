import { placedObjectsOf } from '../../../../contracts/sceneContent';
import { spaceCost } from '../../../../contracts/spaceCost';
import type { EngineEvent } from '../../protocol';
import type { EditorDocument } from './document';
import type { Editor } from './editor';
import { labelOf } from './edits/objects';

/** What the page hears about the editor: its state for the panels, and the objects placed. */

export function editorStateEvent(editor: Editor): EngineEvent {
  const c = editor.doc.current;
  const history = editor.history;
  const space = c.customSpace
    ? { kind: 'custom' as const }
    : c.spaceTemplate
      ? { kind: 'template' as const, template: c.spaceTemplate }
      : { kind: 'none' as const };
  return {
    type: 'editorState',
    canUndo: history.canUndo,
    canRedo: history.canRedo,
    undoLabel: history.undoLabel,
    redoLabel: history.redoLabel,
    tool: editor.toolName,
    toolOptions: editor.toolOptions,
    gizmoMode: editor.gizmoMode,
    cameraMode: editor.cameraMode,
    units: editor.units,
    snapping: editor.snapping.enabled,
    space,
    activeLevelId: editor.activeLevelId,
    levels: editor.levels().map((l) => ({
      id: l.id,
      name: l.name,
      elevation: l.elevation,
      walls: l.walls.length,
    })),
    tours: c.guidedTours.map((t) => ({
      id: t.guidedTourId,
      title: t.title,
      points: [...t.points]
        .sort((a, b) => a.order - b.order)
        .map((p) => ({ id: p.guidedTourPointId, title: p.title, duration: p.duration })),
    })),
    objectCount: editor.doc.objectCount,
    selectionCount: editor.selection.length,
    cost: spaceCost(c),
  };
}

export function objectListEvent(doc: EditorDocument): EngineEvent {
  const objects = placedObjectsOf(doc.current).map((entry) => ({
    id: entry.item.id,
    kind: entry.list,
    label: labelOf(entry),
  }));
  return { type: 'objectList', objects };
}
