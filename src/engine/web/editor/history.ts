import type { Command } from './commands';
import type { EditorDocument } from './document';

/** Edits of the same thing within this time merge into one undo step (STYLE.md 13). */
export const mergeWindowMs = 500;

/**
 * Undo and redo over the document's commands. A new command clears what could be redone; one
 * that shares its merge key with the last, within the merge window, merges into it.
 */
export class History {
  private readonly done: { command: Command; at: number }[] = [];
  private undone: Command[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly doc: EditorDocument,
    private readonly now: () => number = () => performance.now(),
  ) {}

  on(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    this.listeners.forEach((l) => l());
  }

  execute(command: Command) {
    command.execute(this.doc);
    const at = this.now();
    const last = this.done.at(-1);
    if (
      last &&
      command.mergeKey !== undefined &&
      last.command.mergeKey === command.mergeKey &&
      at - last.at <= mergeWindowMs &&
      last.command.merge?.(command)
    ) {
      last.at = at;
    } else {
      this.done.push({ command, at });
    }
    this.undone = [];
    this.changed();
  }

  undo(): boolean {
    const last = this.done.pop();
    if (!last) return false;
    last.command.undo(this.doc);
    this.undone.push(last.command);
    this.changed();
    return true;
  }

  redo(): boolean {
    const next = this.undone.pop();
    if (!next) return false;
    next.execute(this.doc);
    // A redone command never merges with the next edit.
    this.done.push({ command: next, at: -Infinity });
    this.changed();
    return true;
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }

  get undoLabel(): string | null {
    return this.done.at(-1)?.command.label ?? null;
  }

  get redoLabel(): string | null {
    return this.undone.at(-1)?.label ?? null;
  }

  clear() {
    this.done.length = 0;
    this.undone = [];
    this.changed();
  }

  toJSON() {
    return { done: this.done.map((d) => d.command.toJSON()), undone: this.undone.map((c) => c.toJSON()) };
  }
}
