import type { EngineCommand } from '../../protocol';
import { isEditable } from '../viewer/controls';
import type { Editor } from './editor';

/**
 * The editor's pointer and keyboard: a click goes to the current tool, or selects (Shift, Ctrl or
 * ⌘ adds to the selection or takes out of it); a drag is the camera's or the gizmo's, never a click.
 * Shortcuts send the same protocol commands as the page's buttons (help.ts lists them).
 */

const dragThreshold = 5;
const doubleClickMs = 350;

export class EditorInput {
  private pointer: { id: number; x: number; y: number; moved: boolean } | null = null;
  private lastClick = { at: 0, x: 0, y: 0 };

  constructor(
    private readonly editor: Editor,
    private readonly send: (cmd: EngineCommand) => void,
  ) {
    const canvas = editor.runtime.canvas;
    canvas.addEventListener('pointerdown', this.pointerDown);
    canvas.addEventListener('pointermove', this.pointerMove);
    canvas.addEventListener('pointerup', this.pointerUp);
    canvas.addEventListener('dblclick', this.doubleClick);
    window.addEventListener('keydown', this.keyDown);
  }

  private pointerDown = (e: PointerEvent) => {
    if (!this.editor.inputEnabled || e.button !== 0 || this.editor.cameraMode === 'walk') return;
    this.pointer = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
  };

  private pointerMove = (e: PointerEvent) => {
    const editor = this.editor;
    if (this.pointer && e.pointerId === this.pointer.id) {
      if (Math.hypot(e.clientX - this.pointer.x, e.clientY - this.pointer.y) > dragThreshold)
        this.pointer.moved = true;
    }
    if (
      editor.inputEnabled &&
      editor.tool?.move &&
      editor.cameraMode === 'orbit' &&
      !editor.draggingSelection
    ) {
      editor.tool.move(e.clientX, e.clientY, editor.pickAt(e.clientX, e.clientY, { objects: false }));
    }
  };

  private pointerUp = (e: PointerEvent) => {
    const pointer = this.pointer;
    this.pointer = null;
    const gizmo = this.editor.viewport?.gizmo;
    if (!pointer || pointer.moved || e.pointerId !== pointer.id || gizmo?.dragging) return;
    if (gizmo?.axis) return; // a click on the gizmo is not a click on the space
    const now = performance.now();
    const double =
      now - this.lastClick.at < doubleClickMs &&
      Math.hypot(e.clientX - this.lastClick.x, e.clientY - this.lastClick.y) < 6;
    this.lastClick = { at: now, x: e.clientX, y: e.clientY };
    this.click(e.clientX, e.clientY, e.shiftKey || e.ctrlKey || e.metaKey, double);
  };

  private doubleClick = (e: MouseEvent) => {
    const editor = this.editor;
    if (editor.inputEnabled && editor.tool) editor.tool.click(e.clientX, e.clientY, null, { double: true });
  };

  private click(x: number, y: number, additive: boolean, double: boolean) {
    const editor = this.editor;
    if (editor.tool) {
      const pick =
        editor.toolName === 'paint' || editor.toolName === 'eraser' || editor.toolName === 'opening'
          ? editor.pickAt(x, y, { objects: false })
          : null;
      editor.tool.click(x, y, pick, { double });
      return;
    }
    const pick = editor.pickAt(x, y);
    if (pick?.kind === 'object') {
      if (additive) {
        editor.setSelection(
          editor.selection.includes(pick.id)
            ? editor.selection.filter((id) => id !== pick.id)
            : [...editor.selection, pick.id],
        );
      } else {
        editor.setSelection([pick.id]);
      }
    } else if (!additive) {
      editor.setSelection([]);
    }
  }

  private keyDown = (e: KeyboardEvent) => {
    const editor = this.editor;
    if (!editor.inputEnabled || !editor.keyboardEnabled || isEditable(e.target)) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    const act = (method: EngineCommand['method']) => {
      e.preventDefault();
      this.send({ channel: 'Editor.Content', method, payload: {} } as EngineCommand);
    };
    if (mod && key === 'z') return act(e.shiftKey ? 'redo' : 'undo');
    if (mod && key === 'y') return act('redo');
    if (mod && key === 'd') return act('duplicateSelection');
    if (mod && key === 'c') return act('copySelection');
    if (mod && key === 'v') return act('paste');
    if (mod || e.altKey) return;
    if (e.key === 'Delete' || e.key === 'Backspace') return act('deleteSelection');
    if (e.key === 'Escape') {
      e.preventDefault();
      if (editor.tool?.cancel()) return;
      if (editor.selection.length) return editor.setSelection([]);
      if (editor.toolName !== 'select') editor.setTool('select', {});
      return;
    }
    if (e.key === '?') {
      editor.toggleHelp();
      return;
    }
    if (editor.cameraMode === 'walk') return;
    const modes = { w: 'translate', e: 'rotate', r: 'scale' } as const;
    if (key in modes) return editor.setGizmoMode(modes[key as keyof typeof modes]);
    if (key === 'f' && editor.selection.length) editor.focus(editor.selection);
  };

  dispose() {
    const canvas = this.editor.runtime.canvas;
    canvas.removeEventListener('pointerdown', this.pointerDown);
    canvas.removeEventListener('pointermove', this.pointerMove);
    canvas.removeEventListener('pointerup', this.pointerUp);
    canvas.removeEventListener('dblclick', this.doubleClick);
    window.removeEventListener('keydown', this.keyDown);
  }
}
