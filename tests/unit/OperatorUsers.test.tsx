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

/** A fake operators' API: the operator and two users; disabling or enabling answers the user changed. */
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
    expect(within(row(/Ann Artist/)).getByText('Pro')).toBeTruthy();
    expect(within(row(/Olga Operator/)).getByText('Operator')).toBeTruthy();
    // An operator cannot disable themselves: no button on their own row.
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
});
