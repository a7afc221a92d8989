import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import '../../../src/i18n';
import type { Asset } from '../../../contracts/assets';
import { editorLibraryMachine } from '../../../src/machines/editorLibraryMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../../src/machines/infiniteListMachine';
import type { EngineCommand } from '../../../src/engine/protocol';
import { LibraryTab } from '../../../src/views/editor/LibraryTab';
import { renderInApp } from '../../support/spa';

// The upload dialog stands in for the real one: Save stores a new asset at once.
vi.mock('../../../src/views/assets/AssetUploadDialog', () => ({
  AssetUploadDialog: (props: { open: boolean; type: string; onSaved(asset: Asset): void }) =>
    props.open ? (
      <div role="dialog" aria-label={`Upload ${props.type}`}>
        <button onClick={() => props.onSaved(picture('new', 'Fresh upload'))}>Save</button>
      </div>
    ) : null,
}));

const fileId = '0190f3a0-0000-7000-8000-000000000001';
function picture(id: string, title: string): Asset {
  return {
    id,
    type: 'picture',
    ownerKind: 'user',
    ownerId: 'u1',
    fields: { type: 'picture', title, fileId, width: 400, height: 300 },
    title,
    description: '',
    tags: [],
    licenseId: 'cc0',
    fileUrl: `/api/fileService/file/${id}`,
    thumbnailUrl: `/api/fileService/thumbnail/${id}`,
    size: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** The tab over a fake library that finds assets whose title holds the search words. */
function renderTab(assets: Asset[], failure?: { status: number; message: string }) {
  const asked: InfiniteListBody[] = [];
  const sent: EngineCommand[] = [];
  const flows = {
    editorLibrary: editorLibraryMachine.provide({
      actors: {
        list: infiniteListMachine.provide({
          actors: {
            fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input }) => {
              asked.push(input);
              if (failure) throw failure;
              const search = String(input.search ?? '').toLowerCase();
              return input.cp > 0 ? [] : assets.filter((a) => a.title.toLowerCase().includes(search));
            }),
          },
        }),
      },
    }),
  };
  return renderInApp(<LibraryTab send={(command) => void sent.push(command)} />, { flows }).then((app) => ({
    ...app,
    asked,
    sent,
  }));
}

describe('LibraryTab', () => {
  it('lists the library, searches it and adds an asset as a picture', async () => {
    const user = userEvent.setup();
    const { asked, sent } = await renderTab([picture('a1', 'Sunset'), picture('a2', 'Harbour')]);
    const list = await screen.findByRole('list', { name: 'My library' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Sunset', 'Harbour']);

    await user.type(screen.getByRole('searchbox', { name: 'Search my library' }), 'harb');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'harb', cp: 0 }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Add Harbour' }));
    expect(sent).toEqual([
      {
        channel: 'Editor.Content',
        method: 'add',
        payload: {
          item: {
            kind: 'picture',
            item: { fileUri: '/api/fileService/file/a2', title: 'Harbour', width: 1.2, height: 0.9 },
          },
        },
      },
    ]);
  });

  it('greets an empty library with an Upload button offering each type', async () => {
    const user = userEvent.setup();
    await renderTab([]);
    expect(await screen.findByText('Your library is empty')).toBeTruthy();
    const uploads = screen.getAllByRole('button', { name: 'Upload' });
    await user.click(uploads.at(-1)!);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Image',
      'Video',
      'Model 3D',
      'Text 3D',
      'Hyper Text',
      'Web view',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Model 3D' }));
    expect(await screen.findByRole('dialog', { name: 'Upload model3d' })).toBeTruthy();
  });

  it('shows a new upload first, in the type filtered', async () => {
    const user = userEvent.setup();
    await renderTab([picture('a1', 'Sunset')]);
    await screen.findByRole('list', { name: 'My library' });
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Image' }));
    await user.click(screen.getAllByRole('button', { name: 'Upload' })[0]);
    await user.click(screen.getByRole('menuitem', { name: 'Image' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Upload picture' })).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'My library' }))
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Fresh upload', 'Sunset']),
    );
    expect(screen.queryByRole('dialog', { name: 'Upload picture' })).toBeNull();
  });

  it('asks a signed-out visitor to sign in', async () => {
    await renderTab([], { status: 401, message: 'Sign in first' });
    expect(await screen.findByText(/Sign in to place/)).toBeTruthy();
    expect(screen.queryByText('Your library could not be loaded.')).toBeNull();
  });

  it('offers Try again when the library cannot be read', async () => {
    const user = userEvent.setup();
    const { asked } = await renderTab([], { status: 503, message: 'Unavailable' });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(asked).toHaveLength(2));
  });
});
