import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SceneContent } from '../../contracts/sceneContent';
import '../../src/i18n';
import { SpaceListView } from '../../src/views/viewer/SpaceListView';

const content = SceneContent.parse({
  version: 2,
  pictures: [
    {
      id: 'p1',
      fileUri: '/files/p1.jpg',
      title: 'Tide I',
      description: 'Oil on linen',
      altText: 'Grey waves breaking on a dark shore',
      artist: 'Mara Lindqvist',
      year: '2024',
      width: 1,
      height: 1,
      transform: { position: [0, 1.7, -4] },
    },
  ],
  infoPoints: [
    {
      id: 'i1',
      title: 'About the show',
      text: 'Two winters on the coast.',
      transform: { position: [2, 1.4, -4] },
    },
  ],
});

function renderList(mode: 'open' | 'unavailable') {
  const onClose = vi.fn();
  const onShowInSpace = vi.fn();
  render(
    <SpaceListView
      mode={mode}
      content={content}
      title="Tidal Paintings"
      itemId={null}
      onClose={onClose}
      onShowInSpace={onShowInSpace}
    />,
  );
  return { onClose, onShowInSpace };
}

describe('SpaceListView', () => {
  it('reads as a page: the space, its level, and an article per work with what it shows', () => {
    renderList('open');
    const dialog = screen.getByRole('dialog', { name: 'Tidal Paintings: every work, in order' });
    expect(within(dialog).getByRole('heading', { level: 2, name: 'The space' })).toBeInTheDocument();
    const articles = within(dialog).getAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Tide I',
      'About the show',
    ]);
    const picture = within(dialog).getByRole('article', { name: 'Tide I' });
    expect(picture).toHaveTextContent('By Mara Lindqvist, 2024');
    expect(picture).toHaveTextContent('What the picture shows: Grey waves breaking on a dark shore');
    expect(within(dialog).getByRole('article', { name: 'About the show' })).toHaveTextContent(
      'Two winters on the coast.',
    );
  });

  it('walks to a work in front of it, and closes with Escape or its button', () => {
    const { onClose, onShowInSpace } = renderList('open');
    const picture = screen.getByRole('article', { name: 'Tide I' });
    fireEvent.click(within(picture).getByRole('button', { name: 'Show in the space' }));
    expect(onShowInSpace).toHaveBeenCalledWith('p1', { position: [0, 1.6, -2.2], yaw: 0 });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to the space' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('is the page when the space cannot be drawn: it says why, and stays', () => {
    const { onClose } = renderList('unavailable');
    expect(screen.getByText(/cannot show the space in 3D/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show in the space' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to the space' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
