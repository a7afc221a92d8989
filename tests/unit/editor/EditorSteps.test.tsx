import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/i18n';
import { useFlow } from '../../../src/app/AppContext';
import {
  editorPanelMachine,
  initialEditorSession,
  type EditorSession,
} from '../../../src/machines/editorPanelMachine';
import { EditorSteps } from '../../../src/views/editor/page/EditorSteps';
import { renderInApp } from '../../support/spa';

const session: EditorSession = {
  ...initialEditorSession,
  objects: [
    { id: 'p1', kind: 'pictures', label: 'Dawn' },
    { id: 'm1', kind: 'models3d', label: 'Torus knot' },
  ],
};

function AddContentStep() {
  const panel = useFlow('editorPanel', undefined, { systemId: 'editorPanel' });
  return panel ? (
    <EditorSteps
      session={session}
      send={() => {}}
      panel={panel}
      step="addContent"
      onStepChange={() => {}}
      viewerUrl={null}
      onSave={() => {}}
      onShare={() => {}}
      onPublish={() => {}}
      preparingPublish={false}
    />
  ) : null;
}

describe('EditorSteps: Add Content', () => {
  it('lists the placed objects by title above the grid of items, reachable without scrolling past it', async () => {
    await renderInApp(<AddContentStep />, {
      flows: { editorPanel: editorPanelMachine.provide({ actions: { sendCommand: () => {} } }) },
    });
    const placed = screen.getByRole('listbox', { name: 'Placed objects' });
    expect(
      within(placed)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['DawnPicture', 'Torus knot3D model']);
    const grid = screen.getByRole('list', { name: 'Content library' });
    expect(placed.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
