import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OperatorUser } from '../../contracts/operator';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { OperatorPage } from '../../src/views/pages/operator';
import { json, renderInApp } from '../support/spa';

const person = (userId: string, name: string, extra: Partial<OperatorUser> = {}): OperatorUser => ({
  userId,
  name,
  username: null,
  email: `${userId}@example.org`,
  plan: 'free',
  operator: false,
  active: true,
  signedUp: '2026-11-01T10:00:00.000Z',
  lastLogin: null,
  ...extra,
});

/**
 * A fake operators' API: the operator and two users; disabling, enabling or a new plan answers the user
 * changed, deleting answers nothing and the user is gone from the list.
 */
function server() {
  const calls: string[] = [];
  let people = [
    person('ops', 'Olga Operator', { operator: true }),
    person('ann', 'Ann Artist', { plan: 'pro', username: 'annie' }),
    person('ben', 'Ben Visitor', { active: false }),
  ];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'PUT' ? await request.text() : '';
    calls.push(`${request.method} ${url.pathname}${url.search}${body ? ` ${body}` : ''}`);
    if (url.pathname.endsWith('/adminService/mail')) return json({ items: [], cp: 0, ipp: 20, total: 0 });
    if (url.pathname.endsWith('/adminService/users')) {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = people.filter((p) => p.name.toLowerCase().includes(q));
      return json({ items, cp: 0, ipp: 20, total: items.length });
    }
    const change = url.pathname.match(/\/users\/(\w+)\/active$/);
    if (change) {
      const { active } = JSON.parse(body) as { active: boolean };
      people = people.map((p) => (p.userId === change[1] ? { ...p, active } : p));
      return json(people.find((p) => p.userId === change[1]));
    }
    const plan = url.pathname.match(/\/users\/(\w+)\/plan$/);
    if (plan) {
      const { plan: next } = JSON.parse(body) as { plan: OperatorUser['plan'] };
      people = people.map((p) => (p.userId === plan[1] ? { ...p, plan: next } : p));
      return json(people.find((p) => p.userId === plan[1]));
    }
    const gone = url.pathname.match(/\/users\/(\w+)$/);
    if (gone && request.method === 'DELETE') {
      people = people.filter((p) => p.userId !== gone[1]);
      return new Response(null, { status: 204 });
    }
    return json({ code: 'NOT_FOUND', message: 'No such thing' }, 404);
  };
  return { calls, fetch };
}
const operator: SessionUser = { userId: 'ops', name: 'Olga', roles: ['premium-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'ops', name: 'Olga', searchable: true, autoSave: true };

describe('the operator area, users', () => {
  it('finds users, disables one once confirmed and enables another', async () => {
    const s = server();
    await renderInApp(<OperatorPage />, {
      user: operator,
      profile,
      fetch: s.fetch,
      path: '/admin?tab=users',
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(within(row(/Ann Artist/)).getByText('@annie')).toBeTruthy();
    expect(within(row(/Ann Artist/)).getByRole('combobox', { name: 'Plan of Ann Artist' }).textContent).toBe(
      'Pro',
    );
    expect(within(row(/Olga Operator/)).getByText('Operator')).toBeTruthy();
    // An operator cannot disable or delete themselves: no button on their own row.
    expect(within(row(/Olga Operator/)).queryByRole('button')).toBeNull();

    await userEvent.click(within(row(/Ann Artist/)).getByRole('button', { name: 'Disable Ann Artist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Ann Artist?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText("Ann Artist's account is disabled.")).toBeTruthy();
    await waitFor(() => expect(within(row(/Ann Artist/)).getByText('Disabled')).toBeTruthy());

    await userEvent.click(
      await within(row(/Ben Visitor/)).findByRole('button', { name: 'Enable Ben Visitor' }),
    );
    expect(await screen.findByText("Ben Visitor's account is enabled again.")).toBeTruthy();
    expect(s.calls.filter((c) => c.startsWith('PUT'))).toEqual([
      'PUT /api/adminService/users/ann/active {"active":false}',
      'PUT /api/adminService/users/ben/active {"active":true}',
    ]);

    await userEvent.type(screen.getByLabelText('Name, username or e-mail'), ' ben ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(s.calls.at(-1)).toBe('GET /api/adminService/users?cp=0&ipp=20&q=ben');
  });

  it('changes a plan, and deletes an account once confirmed', async () => {
    const s = server();
    await renderInApp(<OperatorPage />, {
      user: operator,
      profile,
      fetch: s.fetch,
      path: '/admin?tab=users',
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });

    await userEvent.click(within(row(/Ben Visitor/)).getByRole('combobox', { name: 'Plan of Ben Visitor' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Standard' }));
    expect(await screen.findByText('Ben Visitor is now on the Standard plan.')).toBeTruthy();
    expect(
      within(row(/Ben Visitor/)).getByRole('combobox', { name: 'Plan of Ben Visitor' }).textContent,
    ).toBe('Standard');
    expect(s.calls).toContain('PUT /api/adminService/users/ben/plan {"plan":"standard"}');

    await userEvent.click(within(row(/Ann Artist/)).getByRole('button', { name: 'Delete Ann Artist' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete Ann Artist's account?" });
    expect(within(dialog).getByText(/erased for good/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(s.calls.some((c) => c.startsWith('DELETE'))).toBe(false);

    await userEvent.click(within(row(/Ann Artist/)).getByRole('button', { name: 'Delete Ann Artist' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: "Delete Ann Artist's account?" })).getByRole(
        'button',
        {
          name: 'Delete',
        },
      ),
    );
    expect(await screen.findByText("Ann Artist's account is deleted.")).toBeTruthy();
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Ann Artist/ })).toBeNull());
    expect(s.calls).toContain('DELETE /api/adminService/users/ann');
  });
});
