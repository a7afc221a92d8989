import { describe, expect, it } from 'vitest';
import { type SceneContent, emptySceneContent } from '../../../contracts/sceneContent';
import { spaceCost } from '../../../contracts/spaceCost';
import {
  changesContent,
  editorSessionReducer,
  initialEditorSession,
  initialEditorState,
} from '../../../src/machines/editorPanelMachine';
import {
  command,
  costLines,
  hasWork,
  nextSelection,
  nextTourTitle,
} from '../../../src/views/editor/editorSession';

const level = (walls: number) => ({ id: `l${walls}`, name: 'Ground Level', elevation: 0, walls });

describe('editorSessionReducer', () => {
  it('starts from defaults until the engine reports its state', () => {
    expect(initialEditorSession.connected).toBe(false);
    expect(initialEditorState.tool).toBe('select');
    expect(initialEditorState.toolOptions.openingKind).toBe('door-single');
    expect(initialEditorState.cost.totalCredits).toBe(0);
  });

  it('takes the editor state, object list, selection and export from events', () => {
    let session = editorSessionReducer(initialEditorSession, {
      type: 'editorState',
      ...initialEditorState,
      canUndo: true,
      objectCount: 2,
    });
    expect(session.connected).toBe(true);
    expect(session.state.canUndo).toBe(true);
    expect('type' in session.state).toBe(false);

    const objects = [{ id: 'p1', kind: 'picture', label: 'Picture 1' }];
    session = editorSessionReducer(session, { type: 'objectList', objects });
    expect(session.objects).toEqual(objects);

    session = editorSessionReducer(session, { type: 'selection', objectId: 'p1', objectIds: ['p1'] });
    expect(session.selection).toEqual(['p1']);

    const content: SceneContent = emptySceneContent();
    session = editorSessionReducer(session, { type: 'exportResult', content });
    expect(session.document).toBe(content);
  });

  it('keeps a rejected command until it is dismissed', () => {
    let session = editorSessionReducer(initialEditorSession, {
      type: 'commandRejected',
      command: 'Editor.Construction.removeLevel',
      code: 'not-found',
      message: 'No level with id "x"',
    });
    expect(session.rejection).toEqual({
      command: 'Editor.Construction.removeLevel',
      message: 'No level with id "x"',
    });
    session = editorSessionReducer(session, { type: 'rejection.dismissed' });
    expect(session.rejection).toBeNull();
  });

  it('ignores other events', () => {
    expect(editorSessionReducer(initialEditorSession, { type: 'loaded' })).toBe(initialEditorSession);
  });
});

describe('changesContent', () => {
  it('is true after an edit or a load', () => {
    expect(changesContent({ type: 'contentChanged' })).toBe(true);
    expect(changesContent({ type: 'loaded' })).toBe(true);
    expect(changesContent({ type: 'selection', objectId: null, objectIds: [] })).toBe(false);
  });
});

describe('hasWork', () => {
  it('is true when objects are placed or walls are built', () => {
    expect(hasWork(initialEditorState)).toBe(false);
    expect(hasWork({ ...initialEditorState, levels: [level(0)] })).toBe(false);
    expect(hasWork({ ...initialEditorState, levels: [level(0), level(4)] })).toBe(true);
    expect(hasWork({ ...initialEditorState, objectCount: 1 })).toBe(true);
  });
});

describe('nextSelection', () => {
  it('selects only the clicked object on a plain click', () => {
    expect(nextSelection(['a', 'b'], 'c', false)).toEqual(['c']);
  });

  it('adds or removes it with shift or ctrl', () => {
    expect(nextSelection(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(nextSelection(['a', 'b'], 'a', true)).toEqual(['b']);
  });
});

describe('costLines', () => {
  it('gives count and price of extra levels and paths, and the premium room', () => {
    const cost = spaceCost({
      customSpace: {
        levels: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      } as never,
      guidedTours: [{}, {}] as never,
      spaceTemplate: undefined,
    });
    expect(costLines(cost)).toEqual([
      { labelKey: 'dev.editor.cost.extraLevels', count: 2, each: 50, credits: 100 },
      { labelKey: 'dev.editor.cost.extraPaths', count: 1, each: 20, credits: 20 },
    ]);
    const premium = spaceCost({
      spaceTemplate: { family: 'loft', size: 'M', kind: 'Premium' },
      guidedTours: [],
      customSpace: undefined,
    });
    expect(costLines(premium)).toEqual([
      { labelKey: 'dev.editor.cost.template', count: null, each: 100, credits: 100 },
    ]);
  });
});

describe('nextTourTitle', () => {
  it('numbers tours from one, skipping titles in use', () => {
    expect(nextTourTitle([])).toBe('Tour 1');
    expect(nextTourTitle([{ title: 'Highlights' }])).toBe('Tour 2');
    expect(nextTourTitle([{ title: 'Tour 2' }])).toBe('Tour 3');
  });
});

describe('command', () => {
  it('builds a protocol command', () => {
    expect(command('Editor.Content', 'select', { ids: ['a'] })).toEqual({
      channel: 'Editor.Content',
      method: 'select',
      payload: { ids: ['a'] },
    });
  });
});
