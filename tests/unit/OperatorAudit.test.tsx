import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contracts/operator';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { OperatorPage } from '../../src/views/pages/operator';
import { json, renderInApp } from '../support/spa';

const entry = (n: number, action: string, details: Record<string, unknown> = {}): AuditEntry => ({
  id: `a${n}`,
  actorId: 'ops',
  actorName: n % 2 ? 'Olga Operator' : null,
  action,
  target: `thing:${n}`,
  details,
  at: new Date(Date.UTC(2026, 10, 30, 12, 0, n)).toISOString(),
});

/** A fake operators' API: an empty outbox and an audit log of `total` entries, 25 a page. */
function server(total: number) {
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/adminService/mail')) return json({ items: [], cp: 0, ipp: 20, total: 0 });
    if (url.pathname.endsWith('/adminService/audit')) {
      const cp = Number(url.searchParams.get('cp'));
      const ipp = Number(url.searchParams.get('ipp'));
      const items = Array.from({ length: Math.max(0, Math.min(ipp, total - cp * ipp)) }, (_, i) => {
        const n = cp * ipp + i;
        return n === 0
          ? entry(n, 'mail.retried', { to: 'ann@example.org', subject: '<b>Reset</b>' })
          : entry(n, n === 1 ? 'something.new' : 'cms.faq.update', { question: `Question ${n}` });
      });
      return json({ items, cp, ipp, total });
    }
    return json({ code: 'NOT_FOUND', message: 'No such thing' }, 404);
  };
  return { calls, fetch };
}
const operator: SessionUser = { userId: 'ops', name: 'Olga', roles: ['premium-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'ops', name: 'Olga', searchable: true, autoSave: true };

describe('the operator area, audit log', () => {
  it('shows who did what to what, in words, page after page', async () => {
    const s = server(30);
    const { location } = await renderInApp(<OperatorPage />, {
      user: operator,
      profile,
      fetch: s.fetch,
      path: '/admin',
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Audit log' }));
    expect(location.history?.at(-1)).toBe('/admin?tab=audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(25);
    // A known action reads as words, with who did it; an unknown code shows as it is.
    expect(within(rows()[0]).getByText('Sent a message again')).toBeTruthy();
    expect(within(rows()[0]).getByText('<b>Reset</b>')).toBeTruthy();
    expect(within(rows()[0]).getByText('ops')).toBeTruthy();
    expect(within(rows()[1]).getByText('something.new')).toBeTruthy();
    expect(within(rows()[1]).getByText('Olga Operator')).toBeTruthy();
    expect(within(rows()[2]).getByText('Changed a question')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('thing:29');
    expect(rows()).toHaveLength(30);
    expect(s.calls.filter((c) => c.includes('/audit'))).toEqual([
      '/api/adminService/audit?cp=0&ipp=25',
      '/api/adminService/audit?cp=1&ipp=25',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when no operator has changed anything yet', async () => {
    await renderInApp(<OperatorPage />, {
      user: operator,
      profile,
      fetch: server(0).fetch,
      path: '/admin?tab=audit',
    });
    expect(await screen.findByText('No operator has changed anything yet.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Audit log', selected: true })).toBeTruthy();
  });
});
