import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import { DurationField } from '../../src/views/kit/DurationField';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <DurationField label="Duration" value={value} onChange={setValue} />;
}

const field = () => screen.getByRole('textbox', { name: 'Duration' });

describe('DurationField', () => {
  it('takes digits and one colon only', () => {
    render(<Field />);
    fireEvent.change(field(), { target: { value: '1a:2:3-' } });
    expect(field()).toHaveValue('1:23');
  });

  it("says 'Duration > 3' below three seconds and 'Required' when empty", () => {
    render(<Field initial="2" />);
    expect(screen.getByText('Duration > 3')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field(), { target: { value: '' } });
    expect(screen.getByText('Required')).toBeInTheDocument();
    fireEvent.change(field(), { target: { value: '3' } });
    expect(field()).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows 59:59 for more than 3599 seconds and clamps parts once left', () => {
    render(<Field />);
    fireEvent.change(field(), { target: { value: '4000' } });
    fireEvent.blur(field());
    expect(field()).toHaveValue('59:59');
    fireEvent.change(field(), { target: { value: '2:75' } });
    fireEvent.blur(field());
    expect(field()).toHaveValue('02:59');
  });
});
