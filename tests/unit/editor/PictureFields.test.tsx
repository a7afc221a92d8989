import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Picture } from '../../../contracts/sceneContent';
import '../../../src/i18n';
import { PictureFields } from '../../../src/views/editor/PictureFields';

const hung = (patch: Partial<Picture> = {}) =>
  Picture.parse({
    id: 'p1',
    fileUri: '/files/p1.jpg',
    width: 1,
    height: 1,
    transform: { position: [0, 1.7, -4] },
    ...patch,
  });

function renderFields(picture = hung()) {
  const update = vi.fn();
  render(<PictureFields picture={picture} units="metres" update={update} />);
  return update;
}

describe('PictureFields', () => {
  it('edits the alt text a screen reader reads, and the wall label’s artist and year', () => {
    const update = renderFields();
    const type = (name: string, value: string) => {
      const field = screen.getByRole('textbox', { name });
      fireEvent.focus(field);
      fireEvent.change(field, { target: { value } });
      fireEvent.blur(field);
    };
    type('Alt text', 'Two boats on a grey sea');
    expect(update).toHaveBeenLastCalledWith({ altText: 'Two boats on a grey sea' });
    type('Artist', 'Ann Lee');
    expect(update).toHaveBeenLastCalledWith({ artist: 'Ann Lee' });
    type('Year', '1999');
    expect(update).toHaveBeenLastCalledWith({ year: '1999' });
  });

  it('shows what the picture has, and takes a field away when it is emptied', () => {
    const update = renderFields(hung({ altText: 'A red boat', artist: 'Ann', year: '1999' }));
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveValue('A red boat');
    expect(screen.getByRole('textbox', { name: 'Artist' })).toHaveValue('Ann');
    const alt = screen.getByRole('textbox', { name: 'Alt text' });
    fireEvent.focus(alt);
    fireEvent.change(alt, { target: { value: '' } });
    fireEvent.blur(alt);
    // null takes the field away from the picture (Editor.Content update).
    expect(update).toHaveBeenLastCalledWith({ altText: null });
  });
});
