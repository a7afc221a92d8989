import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { emptySceneContent } from '../../contracts/sceneContent';
import type { EngineCommand, EngineEvent } from '../../src/engine/protocol';
import {
  type EditorPanelEmitted,
  type EditorSession,
  editorPanelMachine,
  initialEditorSession,
  initialEditorState,
  refreshDelayMs,
} from '../../src/machines/editorPanelMachine';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const refresh = { type: 'xstate.after.refresh.editorPanel.objects.settling' };

const propLibrary: EngineCommand = {
  channel: 'Editor.Design',
  method: 'setPropLibrary',
  payload: { props: [] },
};
const requestObjectList: EngineCommand = {
  channel: 'Editor.Content',
  method: 'requestObjectList',
  payload: {},
};
const exportContent: EngineCommand = { channel: 'Editor.Content', method: 'exportContent', payload: {} };

const document = emptySceneContent();
const editorState: EngineEvent = {
  type: 'editorState',
  ...initialEditorState,
  canUndo: true,
  objectCount: 1,
};
const objectList: EngineEvent = {
  type: 'objectList',
  objects: [{ id: 'p1', kind: 'picture', label: 'Picture 1' }],
};
const selection: EngineEvent = { type: 'selection', objectId: 'p1', objectIds: ['p1'] };
const exportResult: EngineEvent = { type: 'exportResult', content: document };
const rejected: EngineEvent = {
  type: 'commandRejected',
  command: 'Editor.Construction.removeLevel',
  code: 'not-found',
  message: 'No level with id "x"',
};
const contentChanged: EngineEvent = { type: 'contentChanged' };
const loaded: EngineEvent = { type: 'loaded' };

const reported = (event: EngineEvent) => ({ type: 'engine.reported' as const, event });

/** The panel with a fake engine: what it asks of the engine and what it tells its views. */
function startPanel() {
  const commands: EngineCommand[] = [];
  const emitted: EditorPanelEmitted[] = [];
  const actor = createActor(
    editorPanelMachine.provide({
      actions: { sendCommand: (_, params: { command: EngineCommand }) => void commands.push(params.command) },
    }),
  );
  actor.on('document.exported', (event) => void emitted.push(event));
  actor.start();
  return { actor, commands, emitted };
}

const events = (): AnyEventObject[] => [
  reported(editorState),
  reported(objectList),
  reported(selection),
  reported(exportResult),
  reported(rejected),
  reported(contentChanged),
  reported(loaded),
  { type: 'rejection.dismissed' },
  { type: 'objects.shown' },
  { type: 'objects.hidden' },
  { type: 'document.exportRequested' },
  refresh,
];

/** What the engine is asked for after `event` (the props library is offered only at start). */
function commandsAfter(event: AnyEventObject, before: { objects: string }): EngineCommand[] {
  if (event.type === 'objects.shown' && before.objects === 'hidden')
    return [requestObjectList, exportContent];
  if (event.type === refresh.type) return [requestObjectList, exportContent];
  if (event.type === 'document.exportRequested') return [exportContent];
  return [];
}

describe('editorPanelMachine (model)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = createPathModel(editorPanelMachine, {
    events,
    // The object list, selection and document are the reducer's (tested on their own): the
    // states that matter here are the regions, the connection and a shown rejection.
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        connected: snapshot.context.connected,
        rejected: snapshot.context.rejection !== null,
      }),
  });
  const paths = getTransitionPaths(model);

  it('covers both regions in every state and every event', () => {
    const steps = paths.flatMap((path) => path.steps);
    const values = new Set(steps.map((step) => JSON.stringify(step.state.value)));
    for (const connection of ['waiting', 'connected'])
      for (const objects of ['hidden', 'shown', 'settling'])
        expect(values).toContain(JSON.stringify({ connection, objects }));
    const eventTypes = new Set(steps.map((step) => step.event.type));
    for (const event of events()) expect(eventTypes).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const panel = startPanel();
    // The engine is offered the props library once, at start, and asked nothing else yet.
    expect(panel.commands).toEqual([propLibrary]);
    for (const step of replaySteps(path)) {
      const before = panel.actor.getSnapshot();
      const commandsBefore = panel.commands.length;
      const emittedBefore = panel.emitted.length;
      if (step.event.type === refresh.type) {
        // The refresh waits until the content has been still for the whole delay.
        await vi.advanceTimersByTimeAsync(refreshDelayMs - 1);
        expect(panel.commands).toHaveLength(commandsBefore);
        await vi.advanceTimersByTimeAsync(1);
      } else {
        panel.actor.send(step.event as never);
      }

      const snapshot = panel.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context as EditorSession);
      // What the engine is asked, and what the views are told.
      expect(panel.commands.slice(commandsBefore)).toEqual(
        commandsAfter(step.event, before.value as { objects: string }),
      );
      const exported = step.event.type === 'engine.reported' && step.event.event.type === 'exportResult';
      expect(panel.emitted.slice(emittedBefore)).toEqual(
        exported ? [{ type: 'document.exported', content: document }] : [],
      );
      // What the panel shows: connected once the engine told its state, the rejection until dismissed.
      expect(snapshot.matches({ connection: 'connected' })).toBe(snapshot.context.connected);
      if (step.event.type === 'engine.reported' && step.event.event.type === 'commandRejected')
        expect(snapshot.context.rejection).toEqual({ command: rejected.command, message: rejected.message });
      if (step.event.type === 'rejection.dismissed') expect(snapshot.context.rejection).toBeNull();
      // A refresh is pending only while the content settles (never while the objects are hidden).
      expect(vi.getTimerCount()).toBe(snapshot.matches({ objects: 'settling' }) ? 1 : 0);
    }
    expect(panel.commands.filter((command) => command.method === 'setPropLibrary')).toHaveLength(1);
  });
});

describe('editorPanelMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the engine until its first editorState, whatever else it sends first', () => {
    const panel = startPanel();
    expect(panel.actor.getSnapshot().context).toEqual(initialEditorSession);
    panel.actor.send(reported(objectList));
    panel.actor.send(reported(contentChanged));
    expect(panel.actor.getSnapshot().matches({ connection: 'waiting' })).toBe(true);
    panel.actor.send(reported(editorState));
    expect(panel.actor.getSnapshot().matches({ connection: 'connected' })).toBe(true);
    expect(panel.actor.getSnapshot().context.state.canUndo).toBe(true);
  });

  it('asks at once when the objects show, then again once the content has been still for the delay', async () => {
    const panel = startPanel();
    panel.actor.send({ type: 'objects.shown' });
    expect(panel.commands).toEqual([propLibrary, requestObjectList, exportContent]);
    panel.actor.send(reported(contentChanged));
    await vi.advanceTimersByTimeAsync(refreshDelayMs - 50);
    // A later change restarts the wait.
    panel.actor.send(reported(loaded));
    await vi.advanceTimersByTimeAsync(refreshDelayMs - 1);
    expect(panel.commands).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(panel.commands).toEqual([
      propLibrary,
      requestObjectList,
      exportContent,
      requestObjectList,
      exportContent,
    ]);
    // Events that change nothing in the content ask nothing.
    panel.actor.send(reported(selection));
    panel.actor.send(reported(objectList));
    await vi.advanceTimersByTimeAsync(refreshDelayMs * 3);
    expect(panel.commands).toHaveLength(5);
  });

  it('asks nothing while the objects are hidden, and hiding them drops a pending refresh', async () => {
    const panel = startPanel();
    panel.actor.send(reported(contentChanged));
    await vi.advanceTimersByTimeAsync(refreshDelayMs * 3);
    expect(panel.commands).toEqual([propLibrary]);

    panel.actor.send({ type: 'objects.shown' });
    panel.actor.send(reported(contentChanged));
    panel.actor.send({ type: 'objects.hidden' });
    await vi.advanceTimersByTimeAsync(refreshDelayMs * 3);
    expect(panel.commands).toEqual([propLibrary, requestObjectList, exportContent]);
  });

  it('tells every exported document, asked for or not', () => {
    const panel = startPanel();
    panel.actor.send({ type: 'document.exportRequested' });
    expect(panel.commands.at(-1)).toEqual(exportContent);
    const other = { ...document, linkable: false };
    panel.actor.send(reported(exportResult));
    panel.actor.send(reported({ type: 'exportResult', content: other, requestId: 'r2' }));
    expect(panel.emitted).toEqual([
      { type: 'document.exported', content: document },
      { type: 'document.exported', content: other },
    ]);
    expect(panel.actor.getSnapshot().context.document).toBe(other);
  });

  it('shows a rejected command until it is dismissed', () => {
    const panel = startPanel();
    panel.actor.send(reported(rejected));
    panel.actor.send(reported(editorState));
    expect(panel.actor.getSnapshot().context.rejection).toEqual({
      command: 'Editor.Construction.removeLevel',
      message: 'No level with id "x"',
    });
    panel.actor.send({ type: 'rejection.dismissed' });
    expect(panel.actor.getSnapshot().context.rejection).toBeNull();
  });
});
