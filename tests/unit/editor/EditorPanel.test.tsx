import { act, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptySceneContent } from '../../../contracts/sceneContent';
import type { EngineCommand, EngineEvent } from '../../../src/engine/protocol';
import '../../../src/i18n';
import { useFlow } from '../../../src/app/AppContext';
import {
  type EditorStateData,
  editorPanelMachine,
  initialEditorState,
} from '../../../src/machines/editorPanelMachine';
import { EditorPanel, type EditorPanelProps } from '../../../src/views/editor/EditorPanel';
import { useContentDrop } from '../../../src/views/editor/useContentDrop';
import { propEntries } from '../../../src/views/editor/contentItems';
import { renderInApp } from '../../support/spa';

/** The panel's flow, as a page runs it beside its engine. */
function PanelOfPage(props: Omit<EditorPanelProps, 'panel'>) {
  const panel = useFlow('editorPanel', undefined, { systemId: 'editorPanel' });
  return panel ? <EditorPanel {...props} panel={panel} /> : null;
}

/** The panel with a fake engine: it records the commands and emits what the test says. */
async function renderPanel() {
  const sent: EngineCommand[] = [];
  const loadContent = vi.fn();
  const navigate = vi.fn();
  const { app } = await renderInApp(
    <PanelOfPage send={(cmd) => sent.push(cmd)} loadContent={loadContent} navigate={navigate} />,
    {
      flows: {
        // The panel's own requests go to the same fake engine as the page's.
        editorPanel: editorPanelMachine.provide({
          actions: { sendCommand: (_, { command }) => void sent.push(command) },
        }),
      },
    },
  );
  const emit = (event: EngineEvent) =>
    act(() => app.root.system.get('editorPanel')?.send({ type: 'engine.reported', event }));
  const state = (patch: Partial<EditorStateData>) =>
    emit({ type: 'editorState', ...initialEditorState, ...patch });
  const commands = (method?: string) =>
    sent
      .filter((c) => method === undefined || `${c.channel}.${String(c.method)}` === method)
      .map((c) => ({ command: `${c.channel}.${String(c.method)}`, payload: c.payload }));
  const clear = () => sent.splice(0);
  return { sent, emit, state, commands, clear, loadContent, navigate };
}

const expand = (section: string) => fireEvent.click(screen.getByRole('button', { name: section }));
const button = (name: string) => screen.getByRole('button', { name });

/** Waits for a dialog to finish closing (the rest of the page is hidden from readers until then). */
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

const tour = { id: 'tour-1', title: 'Tour 1', points: [] };
const level = { id: 'ground', name: 'Ground Level', elevation: 0, walls: 4 };

afterEach(() => vi.useRealTimers());

describe('EditorPanel', () => {
  it('shows defaults before the engine reports, and offers its props library once', async () => {
    const { commands } = await renderPanel();
    expect(screen.getByText('Waiting for the editor to report its state…')).toBeInTheDocument();
    expect(button('Undo')).toBeDisabled();
    expect(button('Redo')).toBeDisabled();
    expect(button('Select')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Total: 0 credits')).toBeInTheDocument();
    expect(commands('Editor.Design.setPropLibrary')).toEqual([
      { command: 'Editor.Design.setPropLibrary', payload: { props: [] } },
    ]);
  });

  it('follows the editor state: history, tool, cost and levels', async () => {
    const { state } = await renderPanel();
    state({
      canUndo: true,
      undoLabel: 'Add picture',
      tool: 'opening',
      toolOptions: { openingKind: 'window-top', stairsKind: 'straight', stairsTurn: 'left' },
      units: 'inches',
      levels: [level, { id: 'l1', name: 'Level 1', elevation: 4, walls: 0 }],
      activeLevelId: 'l1',
      cost: {
        extraLevels: 1,
        extraPaths: 0,
        templateKind: null,
        lines: [{ item: 'extraLevels', credits: 50 }],
        totalCredits: 50,
      },
    });
    expect(screen.queryByText('Waiting for the editor to report its state…')).toBeNull();
    expect(button('Undo')).toBeEnabled();
    expect(button('Undo')).toHaveAttribute('aria-description', 'Add picture');
    expect(button('Window')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Window type' })).toHaveTextContent('Top');
    expect(button('Inches')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Extra levels: 1 × 50 credits')).toBeInTheDocument();
    expect(screen.getByText('Total: 50 credits')).toBeInTheDocument();
    expect(screen.getByText('157.5 in · 0 walls')).toBeInTheDocument();
    expect(button('Level 1 157.5 in · 0 walls')).toHaveAttribute('aria-current', 'true');
  });

  it('sends the tool a button stands for, with its kind', async () => {
    const { commands, clear } = await renderPanel();
    clear();
    fireEvent.click(button('Door'));
    fireEvent.click(button('Wall'));
    fireEvent.click(button('Stairs'));
    expect(commands()).toEqual([
      {
        command: 'Editor.Construction.setTool',
        payload: { tool: 'opening', options: { openingKind: 'door-single' } },
      },
      { command: 'Editor.Construction.setTool', payload: { tool: 'wall' } },
      {
        command: 'Editor.Construction.setTool',
        payload: { tool: 'stairs', options: { stairsKind: 'straight', stairsTurn: 'left' } },
      },
    ]);
  });

  it('sends history and view commands', async () => {
    const { state, commands, clear } = await renderPanel();
    state({ canUndo: true, canRedo: true });
    clear();
    fireEvent.click(button('Undo'));
    fireEvent.click(button('Rotate'));
    fireEvent.click(button('Walk'));
    fireEvent.click(button('Inches'));
    fireEvent.click(screen.getByRole('switch', { name: 'Snapping' }));
    expect(commands()).toEqual([
      { command: 'Editor.Content.undo', payload: {} },
      { command: 'Editor.Content.setGizmoMode', payload: { mode: 'rotate' } },
      { command: 'Editor.Content.setCameraMode', payload: { mode: 'walk' } },
      { command: 'Editor.Construction.setUnits', payload: { units: 'inches' } },
      {
        command: 'Editor.Content.setSnapping',
        payload: { enabled: true, grid: 0.25, angle: 15, scale: 0.1 },
      },
    ]);
  });

  it('asks before switching to a premade room when there is work, and not otherwise', async () => {
    const { state, commands } = await renderPanel();
    state({ space: { kind: 'custom' }, levels: [level], objectCount: 0 });
    fireEvent.click(screen.getByRole('radio', { name: 'Premade' }));
    /** Opens a room's preview from its card and presses 'Use this room' there. */
    const useRoom = async (family: string) => {
      fireEvent.click(screen.getByRole('button', { name: `Preview ${family}` }));
      const preview = screen.getByRole('dialog', { name: `${family} Medium` });
      expect(within(preview).getByRole('img', { name: `${family} Medium in 3D` })).toBeInTheDocument();
      fireEvent.click(within(preview).getByRole('button', { name: 'Use this room' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: `${family} Medium` })).toBeNull());
    };
    expect(
      within(screen.getByRole('list', { name: 'Room family' }))
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual(['White cube', 'Enfilade', 'Loft', 'Atrium']);

    await useRoom('White cube');
    const dialog = screen.getByRole('dialog', { name: 'Switch space?' });
    expect(dialog).toHaveTextContent('Switching discards the current work. Continue?');
    expect(commands('Editor.Construction.useTemplate')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed();
    expect(commands('Editor.Construction.useTemplate')).toEqual([]);

    await useRoom('White cube');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await closed();
    expect(commands('Editor.Construction.useTemplate')).toEqual([
      {
        command: 'Editor.Construction.useTemplate',
        payload: { template: { family: 'white-cube', size: 'M', kind: 'Standard' } },
      },
    ]);

    state({ space: { kind: 'custom' }, levels: [{ ...level, walls: 0 }], objectCount: 0 });
    await useRoom('Loft');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(commands('Editor.Construction.useTemplate')).toHaveLength(2);
    expect(commands('Editor.Construction.useTemplate')[1].payload).toEqual({
      template: { family: 'loft', size: 'M', kind: 'Standard' },
    });
    // While a preview is open its engine has the keyboard, not the editor's.
    expect(commands('Core.setKeyboardCapture').map((c) => c.payload)).toEqual(
      Array.from({ length: 3 }, () => [{ enabled: false }, { enabled: true }]).flat(),
    );
  });

  it("keeps Premade chosen when the engine's first report of an empty space comes after the click", async () => {
    const { state } = await renderPanel();
    fireEvent.click(screen.getByRole('radio', { name: 'Premade' }));
    state({ space: { kind: 'custom' }, levels: [{ ...level, walls: 0 }], objectCount: 0 });
    expect(screen.getByRole('radio', { name: 'Premade' })).toBeChecked();
    expect(screen.getByRole('list', { name: 'Room family' })).toBeInTheDocument();
    // A later change in the engine (an undo, a loaded document) is followed.
    state({ space: { kind: 'template', template: { family: 'loft', size: 'L', kind: 'Premium' } } });
    state({ space: { kind: 'custom' }, levels: [level], objectCount: 2 });
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
  });

  it('asks before switching to a custom space, and puts the radio back on cancel', async () => {
    const { state, commands } = await renderPanel();
    state({
      space: { kind: 'template', template: { family: 'loft', size: 'L', kind: 'Premium' } },
      objectCount: 3,
    });
    expect(screen.getByRole('radio', { name: 'Premade' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await closed();
    expect(screen.getByRole('radio', { name: 'Premade' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
    expect(commands('Editor.Construction.useCustomSpace')).toHaveLength(1);
  });

  it('says the last level’s work is discarded before deleting it', async () => {
    const { state, commands } = await renderPanel();
    state({ space: { kind: 'custom' }, levels: [level], activeLevelId: 'ground' });
    fireEvent.click(button('Delete Ground Level'));
    const dialog = screen.getByRole('dialog', { name: 'Delete level?' });
    expect(dialog).toHaveTextContent('This is the last level: deleting it discards its work. Continue?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(commands('Editor.Construction.removeLevel')).toEqual([
      { command: 'Editor.Construction.removeLevel', payload: { levelId: 'ground' } },
    ]);
  });

  it('adds a tour named after the tours there are', async () => {
    const { state, commands } = await renderPanel();
    expand('Paths');
    fireEvent.click(button('Add tour'));
    state({ tours: [tour] });
    fireEvent.click(button('Add tour'));
    expect(commands('Editor.GuidedTour.addTour')).toEqual([
      {
        command: 'Editor.GuidedTour.addTour',
        payload: { tour: { title: 'Tour 1', description: '', public: true, points: [] } },
      },
      {
        command: 'Editor.GuidedTour.addTour',
        payload: { tour: { title: 'Tour 2', description: '', public: true, points: [] } },
      },
    ]);
  });

  it('refuses a point shorter than 3 seconds and captures a valid one', async () => {
    const { state, commands } = await renderPanel();
    state({ tours: [tour] });
    expand('Paths');
    const group = within(screen.getByRole('group', { name: 'Tour 1' }));
    const duration = group.getByRole('textbox', { name: 'Duration (s)' });
    fireEvent.change(duration, { target: { value: '2' } });
    expect(group.getByText('Duration > 3')).toBeInTheDocument();
    fireEvent.click(group.getByRole('button', { name: 'Add point from camera' }));
    expect(commands('Editor.GuidedTour.capturePoint')).toEqual([]);

    fireEvent.change(duration, { target: { value: '1:05' } });
    expect(group.queryByText('Duration > 3')).toBeNull();
    fireEvent.change(group.getByRole('textbox', { name: 'New point title' }), {
      target: { value: 'Entrance' },
    });
    fireEvent.click(group.getByRole('button', { name: 'Add point from camera' }));
    expect(commands('Editor.GuidedTour.capturePoint')).toEqual([
      {
        command: 'Editor.GuidedTour.capturePoint',
        payload: { tourId: 'tour-1', title: 'Entrance', description: '', duration: 65 },
      },
    ]);
  });

  it('edits, orders, previews and removes tour points', async () => {
    const { state, commands, clear } = await renderPanel();
    state({
      tours: [
        {
          ...tour,
          points: [
            { id: 'p1', title: 'Door', duration: 5 },
            { id: 'p2', title: 'Hall', duration: 8 },
          ],
        },
      ],
    });
    expand('Paths');
    clear();
    const hall = within(screen.getByRole('group', { name: 'Hall' }));
    expect(hall.getByRole('button', { name: 'Move Hall down' })).toBeDisabled();
    fireEvent.click(hall.getByRole('button', { name: 'Move Hall up' }));
    fireEvent.click(hall.getByRole('button', { name: 'Preview Hall' }));
    const duration = hall.getByRole('textbox', { name: 'Duration (s)' });
    fireEvent.focus(duration);
    fireEvent.change(duration, { target: { value: '12' } });
    fireEvent.blur(duration);
    fireEvent.click(hall.getByRole('button', { name: 'Delete Hall' }));
    const ids = { tourId: 'tour-1', pointId: 'p2' };
    expect(commands()).toEqual([
      { command: 'Editor.GuidedTour.movePoint', payload: { ...ids, toIndex: 0 } },
      { command: 'Editor.GuidedTour.previewPoint', payload: ids },
      { command: 'Editor.GuidedTour.updatePoint', payload: { ...ids, patch: { duration: 12 } } },
      { command: 'Editor.GuidedTour.removePoint', payload: ids },
    ]);
  });

  it('shows why the engine rejected a command until dismissed', async () => {
    const { emit } = await renderPanel();
    emit({
      type: 'commandRejected',
      command: 'Editor.Construction.addLevel',
      code: 'limit',
      message: 'At most 20 levels',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('At most 20 levels');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the object list and document fresh only while Objects is open', async () => {
    vi.useFakeTimers();
    const { emit, commands, clear } = await renderPanel();
    emit({ type: 'contentChanged' });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(commands('Editor.Content.exportContent')).toEqual([]);

    expand('Objects');
    expect(commands().map((c) => c.command)).toEqual(
      expect.arrayContaining(['Editor.Content.requestObjectList', 'Editor.Content.exportContent']),
    );
    clear();
    emit({ type: 'contentChanged' });
    emit({ type: 'contentChanged' });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(commands()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(commands().map((c) => c.command)).toEqual([
      'Editor.Content.requestObjectList',
      'Editor.Content.exportContent',
    ]);
  });

  it('selects from the object list and edits the selected object', async () => {
    const { emit, state, commands, clear } = await renderPanel();
    state({ objectCount: 2 });
    emit({
      type: 'objectList',
      objects: [
        { id: 't1', kind: 'texts3d', label: 'Title' },
        { id: 'p1', kind: 'pictures', label: 'Picture 1' },
      ],
    });
    const content = emptySceneContent();
    content.texts3d.push({
      id: 't1',
      text: 'Title',
      font: 'Roboto',
      size: 60,
      bold: false,
      italic: false,
      underline: false,
      fontTransform: 'None',
      color: '#000000',
      alignment: 'left',
      transform: { position: [0, 1, 0], rotation: [0, 0, 0], scale: [1, 1, 1] },
    });
    emit({ type: 'exportResult', content });
    expand('Objects');
    // Each row shows the object's title and what it is, never a file path.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'TitleText',
      'Picture 1Picture',
    ]);
    clear();
    fireEvent.click(screen.getByRole('option', { name: /Title/ }));
    emit({ type: 'selection', objectId: 't1', objectIds: ['t1'] });
    fireEvent.click(screen.getByRole('option', { name: /Picture 1/ }), { shiftKey: true });
    fireEvent.click(button('Bold'));
    const size = screen.getByRole('textbox', { name: 'Size' });
    fireEvent.focus(size);
    fireEvent.change(size, { target: { value: '-5000' } });
    fireEvent.blur(size);
    expect(size).toHaveValue('1000');
    expect(commands()).toEqual([
      { command: 'Editor.Content.select', payload: { ids: ['t1'] } },
      { command: 'Editor.Content.select', payload: { ids: ['t1', 'p1'] } },
      { command: 'Editor.Content.update', payload: { id: 't1', patch: { bold: true } } },
      { command: 'Editor.Content.update', payload: { id: 't1', patch: { size: 1000 } } },
    ]);
  });

  it('adds content in front of the camera, and a drop places it where it lands', async () => {
    const { commands, clear } = await renderPanel();
    expand('Content');
    clear();
    fireEvent.click(button('Add Bench'));
    expect(commands()).toEqual([
      { command: 'Editor.Content.add', payload: { item: { kind: 'prop', item: { propId: 'bench' } } } },
    ]);
  });

  it('opens the export in the viewer through session storage', async () => {
    const { emit, commands, navigate } = await renderPanel();
    expand('Document');
    fireEvent.click(button('Open in viewer'));
    expect(commands('Editor.Content.exportContent')).toHaveLength(1);
    const content = emptySceneContent();
    emit({ type: 'exportResult', content });
    await act(async () => {});
    expect(JSON.parse(sessionStorage.getItem('engine-dev-content')!)).toEqual(content);
    expect(navigate).toHaveBeenCalledWith('/dev/engine?mode=viewer&content=session');
  });
});

describe('useContentDrop', () => {
  function Target({ send }: { send: (cmd: EngineCommand) => void }) {
    return <div data-testid="engine-box" {...useContentDrop(send)} />;
  }
  const dataTransfer = (data: Record<string, string>) => ({
    types: Object.keys(data),
    getData: (type: string) => data[type] ?? '',
    dropEffect: 'none',
  });

  it('accepts dragged items and places them at the drop point', () => {
    const send = vi.fn();
    render(<Target send={send} />);
    const item = propEntries()[1].item;
    const transfer = dataTransfer({ 'application/x-spaces-placeable+json': JSON.stringify(item) });
    const over = fireEvent.dragOver(screen.getByTestId('engine-box'), { dataTransfer: transfer });
    expect(over).toBe(false); // default prevented: the box takes the drop
    // jsdom has no DragEvent: the drop point is set on a plain event.
    const drop = createEvent.drop(screen.getByTestId('engine-box'), { dataTransfer: transfer });
    Object.defineProperties(drop, { clientX: { value: 120 }, clientY: { value: 80 } });
    fireEvent(screen.getByTestId('engine-box'), drop);
    expect(send).toHaveBeenCalledWith({
      channel: 'Editor.Content',
      method: 'placeAt',
      payload: { item, x: 120, y: 80 },
    });
  });

  it('ignores other drags', () => {
    const send = vi.fn();
    render(<Target send={send} />);
    const transfer = dataTransfer({ 'text/plain': 'hello' });
    expect(fireEvent.dragOver(screen.getByTestId('engine-box'), { dataTransfer: transfer })).toBe(true);
    fireEvent.drop(screen.getByTestId('engine-box'), { dataTransfer: transfer });
    expect(send).not.toHaveBeenCalled();
  });
});
