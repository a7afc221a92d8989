import type { SceneContent } from '../../../../contracts/sceneContent';
import type { EngineCommand, EngineEvent } from '../../protocol';
import type { Runtime } from '../runtime/runtime';
import type { Pose } from '../viewer/tour';
import { blankContent } from './document';
import { Editor } from './editor';
import { EditorCommands } from './editorCommands';
import { EditorInput } from './input';
import { editorStateEvent } from './stateEvents';
import type { EditorViewport } from './viewport';

/**
 * Editor mode: the editor (editor.ts) driven by the page's protocol commands (editorCommands.ts)
 * and by pointer and keyboard (input.ts). The page hears `contentChanged` after every change and
 * `editorState` (once a frame at most) for its panels.
 */
export class EditorMode {
  private readonly editor: Editor;
  private readonly commands: EditorCommands;
  private readonly input: EditorInput;
  private readonly stopFrame: () => void;

  constructor(runtime: Runtime, emit: (event: EngineEvent) => void) {
    this.editor = new Editor(runtime, emit);
    this.commands = new EditorCommands(this.editor);
    // Input listens before the first document's gizmo does, so that on pointer-up it still sees
    // whether the gizmo was clicked (the gizmo forgets its axis on its own pointer-up).
    this.input = new EditorInput(this.editor, (cmd) => this.commands.handle(cmd));
    this.stopFrame = runtime.onFrame((dt) => this.frame(dt));
    this.editor.open(blankContent());
  }

  handle(cmd: EngineCommand) {
    this.commands.handle(cmd);
  }

  open(content: SceneContent) {
    this.editor.open(content);
  }

  setInputEnabled(enabled: boolean) {
    this.editor.setInputEnabled(enabled);
  }

  setKeyboardEnabled(enabled: boolean) {
    this.editor.setKeyboardEnabled(enabled);
  }

  pose(): Pose {
    return this.editor.pose();
  }

  get activeLevelId(): string | null {
    return this.editor.activeLevelId;
  }

  get viewport(): EditorViewport | null {
    return this.editor.viewport;
  }

  private frame(dt: number): boolean {
    const moved = this.editor.frame(dt);
    if (this.editor.takeStateChange()) this.editor.emit(editorStateEvent(this.editor));
    return moved;
  }

  dispose() {
    this.stopFrame();
    this.editor.dispose();
    this.input.dispose();
  }
}
