import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import { KeywordInput } from '../../src/views/publish/KeywordInput';

/** The input with its list kept like a form would keep it. */
function Harness({ initial = [], max, error }: { initial?: string[]; max?: number; error?: string }) {
  const [tags, setTags] = useState<string[]>(initial);
  return <KeywordInput label="Tags" value={tags} onChange={setTags} max={max} error={error} />;
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const field = () => screen.getByRole('textbox', { name: 'Tags' });
  const chips = () =>
    screen.queryByRole('list', { name: 'Tags' })
      ? within(screen.getByRole('list', { name: 'Tags' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent)
      : [];
  return { user, field, chips };
}

describe('KeywordInput', () => {
  it('adds a keyword when a comma or a semicolon follows it, dropping the separator and clearing the field', async () => {
    const { user, field, chips } = setup();
    await user.type(field(), 'harbour,');
    expect(chips()).toEqual(['harbour']);
    expect(field()).toHaveValue('');
    await user.type(field(), 'night;');
    expect(chips()).toEqual(['harbour', 'night']);
    expect(field()).toHaveValue('');
  });

  it('adds with Enter too', async () => {
    const { user, field, chips } = setup();
    await user.type(field(), 'sea{Enter}');
    expect(chips()).toEqual(['sea']);
    expect(field()).toHaveValue('');
  });

  it('does not add a keyword shorter than 2 characters', async () => {
    const { user, field, chips } = setup();
    await user.type(field(), 'a,');
    expect(chips()).toEqual([]);
    expect(field()).toHaveValue('a');
    await user.type(field(), 'b,');
    expect(chips()).toEqual(['ab']);
  });

  it("refuses a keyword already in the list, whatever its case: 'Tag already exists'", async () => {
    const { user, field, chips } = setup({ initial: ['Harbour'] });
    await user.type(field(), 'harbour,');
    expect(chips()).toEqual(['Harbour']);
    expect(screen.getByText('Tag already exists')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    // Correcting the text clears the message.
    await user.clear(field());
    await user.type(field(), 'harbours,');
    expect(chips()).toEqual(['Harbour', 'harbours']);
    expect(screen.queryByText('Tag already exists')).not.toBeInTheDocument();
  });

  it('removes a keyword with its remove button', async () => {
    const { user, chips } = setup({ initial: ['harbour', 'night', 'sea'] });
    await user.click(screen.getByRole('button', { name: 'Remove night' }));
    expect(chips()).toEqual(['harbour', 'sea']);
  });

  it('refuses more than the maximum with the list limit message', async () => {
    const { user, field, chips } = setup({ initial: ['aa', 'bb'], max: 2 });
    await user.type(field(), 'cc,');
    expect(chips()).toEqual(['aa', 'bb']);
    expect(screen.getByText('It should contain no more than 2 tags')).toBeInTheDocument();
  });

  it("shows the form's message for too few keywords", () => {
    setup({ initial: ['aa'], error: 'It should contain at least 3 tags' });
    expect(screen.getByText('It should contain at least 3 tags')).toBeInTheDocument();
  });
});
