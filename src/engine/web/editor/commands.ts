import type {
  DocumentFields,
  EditorDocument,
  ObjectEntry,
  PlacedObject,
  RemovedEntry,
  SpacePart,
} from './document';

/**
 * Every change to the document is a command: it can be done, undone and redone, and described
 * (STYLE.md 13). Commands refer to objects by id; they keep what they need to put things back.
 * Repeated edits of the same thing (typing in a field, nudging) merge into one command when they
 * come within the history's merge window and share a `mergeKey`.
 */
export interface Command {
  /** Shown as "Undo <label>". */
  readonly label: string;
  /** Commands with equal keys may merge (the later one's result wins). */
  readonly mergeKey?: string;
  execute(doc: EditorDocument): void;
  undo(doc: EditorDocument): void;
  /** Takes over the result of a later command of the same key; false when it cannot. */
  merge?(next: Command): boolean;
  toJSON(): object;
}

export class AddObjects implements Command {
  constructor(
    readonly entries: ObjectEntry[],
    readonly label = entries.length === 1 ? `Add ${entries[0].list}` : `Add ${entries.length} objects`,
  ) {}
  execute(doc: EditorDocument) {
    doc.insert(this.entries);
  }
  undo(doc: EditorDocument) {
    doc.remove(this.entries.map((e) => e.item.id));
  }
  toJSON() {
    return { type: 'AddObjects', ids: this.entries.map((e) => e.item.id) };
  }
}

export class RemoveObjects implements Command {
  private removed: RemovedEntry[] = [];
  constructor(
    readonly ids: string[],
    readonly label = ids.length === 1 ? 'Delete object' : `Delete ${ids.length} objects`,
  ) {}
  execute(doc: EditorDocument) {
    this.removed = doc.remove(this.ids);
  }
  undo(doc: EditorDocument) {
    doc.insert(this.removed);
  }
  toJSON() {
    return { type: 'RemoveObjects', ids: this.ids };
  }
}

/** New versions of objects (moved, resized, edited), with the old ones to go back to. */
export class ReplaceObjects implements Command {
  constructor(
    private before: PlacedObject[],
    private after: PlacedObject[],
    readonly label: string,
    readonly mergeKey?: string,
  ) {}
  execute(doc: EditorDocument) {
    doc.replace(this.after);
  }
  undo(doc: EditorDocument) {
    doc.replace(this.before);
  }
  merge(next: Command) {
    if (!(next instanceof ReplaceObjects) || next.mergeKey !== this.mergeKey) return false;
    this.after = next.after;
    return true;
  }
  toJSON() {
    return { type: 'ReplaceObjects', ids: this.after.map((o) => o.id), label: this.label };
  }
}

/** A change of the space itself: levels, walls, openings, stairs, template, materials, sky. */
export class SetSpace implements Command {
  constructor(
    private readonly before: SpacePart,
    private after: SpacePart,
    readonly label: string,
    readonly mergeKey?: string,
  ) {}
  execute(doc: EditorDocument) {
    doc.setSpace(structuredClone(this.after));
  }
  undo(doc: EditorDocument) {
    doc.setSpace(structuredClone(this.before));
  }
  merge(next: Command) {
    if (!(next instanceof SetSpace) || next.mergeKey !== this.mergeKey) return false;
    this.after = next.after;
    return true;
  }
  toJSON() {
    return { type: 'SetSpace', label: this.label };
  }
}

/** A change of top-level fields: entry point, tours, linkable, ambient sound. */
export class SetFields implements Command {
  constructor(
    private readonly before: Partial<DocumentFields>,
    private after: Partial<DocumentFields>,
    readonly label: string,
    readonly mergeKey?: string,
  ) {}
  execute(doc: EditorDocument) {
    doc.setFields(structuredClone(this.after));
  }
  undo(doc: EditorDocument) {
    doc.setFields(structuredClone(this.before));
  }
  merge(next: Command) {
    if (!(next instanceof SetFields) || next.mergeKey !== this.mergeKey) return false;
    this.after = next.after;
    return true;
  }
  toJSON() {
    return { type: 'SetFields', fields: Object.keys(this.after), label: this.label };
  }
}

/** Several commands as one step (switching to a template also clears what was placed). */
export class Batch implements Command {
  constructor(
    readonly commands: Command[],
    readonly label: string,
  ) {}
  execute(doc: EditorDocument) {
    this.commands.forEach((c) => c.execute(doc));
  }
  undo(doc: EditorDocument) {
    [...this.commands].reverse().forEach((c) => c.undo(doc));
  }
  toJSON() {
    return { type: 'Batch', label: this.label, commands: this.commands.map((c) => c.toJSON()) };
  }
}
