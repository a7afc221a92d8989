import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FontRef, Text3d } from '../../../contracts/sceneContent';
import '../../../src/i18n';
import { TextFields } from '../../../src/views/editor/TextFields';

const sign = (patch: Partial<Text3d> = {}) =>
  Text3d.parse({ id: 't1', text: 'Café', transform: { position: [0, 1, 0] }, ...patch });

function renderFields(text = sign(), fonts: FontRef[] = []) {
  const update = vi.fn();
  const view = render(<TextFields text={text} fonts={fonts} update={update} />);
  const show = (other: Text3d) => view.rerender(<TextFields text={other} fonts={fonts} update={update} />);
  return { update, show, field: () => screen.getByRole('textbox', { name: 'Text' }) };
}

async function chooseFont(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Font' }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

// Menus open and close with transitions: slow on a busy machine.
describe('TextFields', { timeout: 20_000 }, () => {
  it('refuses characters the font cannot draw, naming each once, and keeps the last good text', () => {
    const { update, field } = renderFields();
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: 'Café crème' } });
    expect(update).toHaveBeenLastCalledWith({ text: 'Café crème' });
    fireEvent.change(field(), { target: { value: 'Café 😀 中 😀\nnew line' } });
    expect(
      screen.getByText('The following characters are not supported: 😀 中', { exact: true }),
    ).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.blur(field());
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenLastCalledWith({ text: 'Café crème' });
  });

  it('picks a built-in family shown in its own face, and the space’s own fonts', async () => {
    const { update } = renderFields(sign(), [{ family: 'Shop Sans', uri: '/fonts/shop.woff' }]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Font' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Roboto',
      'Merriweather',
      'Playfair Display',
      'Roboto Mono',
      'Shop Sans',
    ]);
    expect(options[2]).toHaveStyle({ fontFamily: "'Playfair Display'" });
    fireEvent.click(options[1]);
    expect(update).toHaveBeenLastCalledWith({ font: 'Merriweather' });
  });

  it('refuses a font that cannot draw the text, and says why', async () => {
    const { update, show } = renderFields(sign({ text: '5 µm' }));
    await chooseFont('Playfair Display');
    const refusal = 'The following characters are not supported: µ';
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    await chooseFont('Roboto Mono');
    expect(update).toHaveBeenLastCalledWith({ font: 'Roboto Mono' });
    // A refusal belongs to its text: selecting another one clears it.
    await chooseFont('Playfair Display');
    expect(screen.getByText(refusal)).toBeInTheDocument();
    show(sign({ id: 't2', text: '5 µm' }));
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });

  it('sizes in points: digits only, clamped, and reverts when emptied', () => {
    const { update } = renderFields();
    const size = screen.getByRole('textbox', { name: 'Size' });
    expect(size.parentElement).toHaveTextContent('pt');
    fireEvent.focus(size);
    for (const key of ['-', '+', 'e', 'E', '.']) {
      expect(fireEvent.keyDown(size, { key }), key).toBe(false);
    }
    fireEvent.change(size, { target: { value: '4e2-' } });
    expect(size).toHaveValue('42');
    fireEvent.change(size, { target: { value: '' } });
    fireEvent.blur(size);
    expect(size).toHaveValue('60');
    expect(update).not.toHaveBeenCalled();
    fireEvent.focus(size);
    fireEvent.change(size, { target: { value: '99999' } });
    fireEvent.blur(size);
    expect(size).toHaveValue('1000');
    expect(update).toHaveBeenLastCalledWith({ size: 1000 });
  });

  it('justifies within a text box', () => {
    const { update } = renderFields();
    fireEvent.click(screen.getByRole('button', { name: 'Justify' }));
    expect(update).toHaveBeenLastCalledWith({ alignment: 'justify', maxWidth: 3 });
  });
});
