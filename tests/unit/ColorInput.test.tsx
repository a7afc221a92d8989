import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { ColorInput } from '../../src/views/kit/ColorInput';

function renderInput(value = '#1a2b3c') {
  const onChange = vi.fn();
  const view = render(<ColorInput label="Wall colour" value={value} onChange={onChange} />);
  const field = () => screen.getByRole('textbox', { name: 'Wall colour' });
  const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
  return { ...view, onChange, field, type };
}

async function chooseFormat(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Wall colour format' }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

describe('ColorInput', () => {
  it('shows the colour in hex with a swatch and a picker', () => {
    const { field } = renderInput('#1A2B3C');
    expect(field()).toHaveValue('#1a2b3c');
    expect(screen.getByTestId('color-swatch')).toHaveStyle({ background: '#1a2b3c' });
    expect(screen.getByLabelText('Colour picker')).toHaveValue('#1a2b3c');
  });

  it('calls onChange with each valid colour only', () => {
    const { type, onChange, field } = renderInput();
    type('#ff');
    expect(onChange).not.toHaveBeenCalled();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A hex colour has 3, 6 or 8 digits')).toBeInTheDocument();
    type('#f00');
    expect(onChange).toHaveBeenLastCalledWith('#ff0000');
    expect(field()).toHaveAttribute('aria-invalid', 'false');
    type('#ff000080');
    expect(onChange).toHaveBeenLastCalledWith('#ff000080');
  });

  it('drops characters the format does not take', () => {
    const { type, field } = renderInput();
    type('#12xy34zz56');
    expect(field()).toHaveValue('#123456');
  });

  it('switches format, converting the colour, and checks ranges there', async () => {
    const { type, field, onChange } = renderInput('#ff0000');
    await chooseFormat('RGBA');
    expect(field()).toHaveValue('rgb(255, 0, 0)');
    type('rgb(300, 0, 0)');
    expect(screen.getByText('Red, green and blue go from 0 to 255')).toBeInTheDocument();
    type('rgba(0, 0, 255, 0.5)');
    expect(onChange).toHaveBeenLastCalledWith('#0000ff80');

    await chooseFormat('HSLA');
    expect(field()).toHaveValue('hsla(240, 100%, 50%, 0.5)');
    type('hsl(400, 10%, 10%)');
    expect(screen.getByText('Hue goes from 0 to 360')).toBeInTheDocument();
    // '%' is an hsl character; in hex it would be dropped.
    type('hsl(0, 0%, 100%)');
    expect(onChange).toHaveBeenLastCalledWith('#ffffff');
  });

  it('follows a new value from outside', () => {
    function Parent() {
      const [value, setValue] = useState('#000000');
      return (
        <>
          <ColorInput label="Wall colour" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('#abcdef')}>
            Undo
          </button>
        </>
      );
    }
    render(<Parent />);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('textbox', { name: 'Wall colour' })).toHaveValue('#abcdef');
  });

  it('takes a colour from the picker, keeping the alpha', () => {
    const { onChange, field } = renderInput('#11223380');
    fireEvent.change(screen.getByLabelText('Colour picker'), { target: { value: '#00ff00' } });
    expect(onChange).toHaveBeenLastCalledWith('#00ff0080');
    expect(field()).toHaveValue('#00ff0080');
  });
});

describe('ColorInput when left', () => {
  it('shows the colour in force again when left invalid', () => {
    const { type, field, onChange } = renderInput('#1a2b3c');
    fireEvent.focus(field());
    type('#12');
    fireEvent.blur(field());
    expect(field()).toHaveValue('#1a2b3c');
    expect(onChange).not.toHaveBeenCalled();
  });
});
