import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import type { Member } from '../../src/machines/publishWizardMachine';
import { DualListPicker, dualListSearchDebounceMs } from '../../src/views/publish/DualListPicker';
import { json, renderInApp } from '../support/spa';

const people: Member[] = [
  { userId: 'u1', name: 'Ada' },
  { userId: 'u2', name: 'Bob' },
  { userId: 'u3', name: 'Bea' },
];

const myGroups = [{ groupId: 'g1', title: 'Board', image: null }];

/**
 * The user service's search: users whose name contains the words (recorded), and the signed-in
 * user's groups whose title does (`groups`: none when empty).
 */
function fakeUserSearch(searches: string[], groups = myGroups) {
  return async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/userService/groups/my') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const items = groups.filter((g) => g.title.toLowerCase().includes(search));
      return json({ items, cp: 0, ipp: 20, total: items.length, hidden: false });
    }
    if (url.pathname !== '/api/userService/users/search') return json({ code: 'NOT_FOUND' }, 404);
    const query = url.searchParams.get('q') ?? '';
    searches.push(query);
    const items = people.filter((p) => p.name.toLowerCase().includes(query.toLowerCase()));
    return json({ items, cp: 0, ipp: 20, total: items.length });
  };
}

async function setup(initial: Member[] = [], groups = myGroups) {
  const searches: string[] = [];
  let chosen = initial;
  function Harness() {
    const [value, setValue] = useState<Member[]>(initial);
    return (
      <DualListPicker
        label="Who can view this space?"
        value={value}
        onChange={(next) => {
          chosen = next;
          setValue(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  await renderInApp(<Harness />, { fetch: fakeUserSearch(searches, groups) });
  const list = (name: 'Available' | 'Selected') => screen.getByRole('listbox', { name });
  const names = (name: 'Available' | 'Selected') =>
    within(list(name))
      .queryAllByRole('option')
      .map((o) => o.lastElementChild?.textContent); // the name beside the avatar
  const option = (listName: 'Available' | 'Selected', name: string) =>
    within(list(listName)).getByRole('option', { name });
  /** Waits out the search debounce and the answer. */
  const settle = () =>
    act(() => new Promise((resolve) => setTimeout(resolve, dualListSearchDebounceMs + 50)));
  return { user, searches, names, option, settle, chosen: () => chosen, list };
}

describe('DualListPicker', () => {
  it('searches users 200 ms after the last keystroke and lists the results on the left', async () => {
    const p = await setup();
    await p.settle();
    expect(p.names('Available')).toEqual(['Ada', 'Bob', 'Bea']);
    await p.user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'b');
    // Not at once: the search waits for typing to stop.
    expect(p.searches).toEqual(['']);
    await p.settle();
    expect(p.searches).toEqual(['', 'b']);
    expect(p.names('Available')).toEqual(['Bob', 'Bea']);
  });

  it('moves the selected users right with Add and takes the selected ones out with Remove', async () => {
    const p = await setup();
    await p.settle();
    const add = screen.getByRole('button', { name: 'Add' });
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(add).toBeDisabled();
    await p.user.click(p.option('Available', 'Ada'));
    await p.user.click(p.option('Available', 'Bea'));
    expect(p.option('Available', 'Ada')).toHaveAttribute('aria-selected', 'true');
    // A second click unselects.
    await p.user.click(p.option('Available', 'Bea'));
    expect(p.option('Available', 'Bea')).toHaveAttribute('aria-selected', 'false');
    await p.user.click(add);
    expect(p.names('Selected')).toEqual(['Ada']);
    expect(p.names('Available')).toEqual(['Bob', 'Bea']);
    expect(p.chosen()).toEqual([{ userId: 'u1', name: 'Ada' }]);

    expect(remove).toBeDisabled();
    await p.user.click(p.option('Selected', 'Ada'));
    await p.user.click(remove);
    expect(p.names('Selected')).toEqual([]);
    expect(screen.getByText('Nobody selected yet')).toBeInTheDocument();
    expect(p.names('Available')).toEqual(['Ada', 'Bob', 'Bea']);
  });

  it('clears the selection when the search changes', async () => {
    const p = await setup();
    await p.settle();
    await p.user.click(p.option('Available', 'Bob'));
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
    await p.user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'b');
    await p.settle();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(p.option('Available', 'Bob')).toHaveAttribute('aria-selected', 'false');
  });

  it("lists the user's groups under Groups, and clears the selection when the category changes", async () => {
    const p = await setup([{ userId: 'u2', name: 'Bob' }]);
    await p.settle();
    await p.user.click(p.option('Selected', 'Bob'));
    await p.user.click(screen.getByRole('button', { name: 'Groups' }));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    await p.settle();
    expect(p.names('Available')).toEqual(['Board']);
    // A group is chosen like a user.
    await p.user.click(p.option('Available', 'Board'));
    await p.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(p.chosen()).toEqual([
      { userId: 'u2', name: 'Bob' },
      { groupId: 'g1', name: 'Board', profilePicture: null },
    ]);
    await p.user.click(screen.getByRole('button', { name: 'Users' }));
    await p.settle();
    expect(p.names('Available')).toEqual(['Ada', 'Bea']);
  });

  it('says where to make groups when the user is in none', async () => {
    const p = await setup([], []);
    await p.settle();
    await p.user.click(screen.getByRole('button', { name: 'Groups' }));
    await p.settle();
    expect(screen.getByText(/No groups found/)).toBeInTheDocument();
    expect(p.names('Available')).toEqual([]);
  });

  it('identifies members by userId: one chosen before is not offered again', async () => {
    const p = await setup([{ userId: 'u1', name: 'Ada Lovelace' }]);
    await p.settle();
    expect(p.names('Available')).toEqual(['Bob', 'Bea']);
    expect(p.names('Selected')).toEqual(['Ada Lovelace']);
  });
});
