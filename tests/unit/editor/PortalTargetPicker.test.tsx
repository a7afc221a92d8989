import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import '../../../src/i18n';
import { type SpaceOption, spaceSearchMachine } from '../../../src/machines/spaceSearchMachine';
import { PortalFields } from '../../../src/views/editor/ObjectFields';
import { renderInApp } from '../../support/spa';

const spaces: SpaceOption[] = [
  { sceneId: 's1', title: 'Cafe corner', coverUri: null, source: 'mine' },
  { sceneId: 's2', title: 'Gallery', coverUri: null, source: 'mine' },
  { sceneId: 's3', title: 'Cafe of others', coverUri: '/covers/s3.jpg', source: 'published' },
];

describe('PortalTargetPicker', () => {
  it('picks the portal’s target by title among own and published spaces, storing its id', async () => {
    const user = userEvent.setup();
    const queries: string[] = [];
    const updates: Record<string, unknown>[] = [];
    await renderInApp(
      <PortalFields
        portal={{
          id: 'p1',
          targetSceneId: 'old-space',
          transform: { position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] },
        }}
        update={(patch) => void updates.push(patch)}
      />,
      {
        flows: {
          spaceSearch: spaceSearchMachine.provide({
            actors: {
              searchSpaces: fromPromise<SpaceOption[], { query: string }>(async ({ input }) => {
                queries.push(input.query);
                return spaces.filter((s) => s.title.toLowerCase().includes(input.query.toLowerCase()));
              }),
            },
          }),
        },
      },
    );
    const picker = screen.getByRole('combobox', { name: 'Target space' });
    // A target outside the results shows as its id.
    expect((picker as HTMLInputElement).value).toBe('old-space');

    await user.clear(picker);
    await user.type(picker, 'cafe');
    await waitFor(() => expect(queries.at(-1)).toBe('cafe'));
    expect(await screen.findByText('My spaces')).toBeTruthy();
    expect(screen.getByText('Published spaces')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('option', { name: /Gallery/ })).toBeNull());
    await user.click(screen.getByRole('option', { name: /Cafe of others/ }));
    expect(updates.at(-1)).toEqual({ targetSceneId: 's3', label: 'Cafe of others' });
  });
});
