import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NewsletterList } from '../../contracts/newsletter';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { OperatorPage } from '../../src/views/pages/operator';
import { json, renderInApp } from '../support/spa';

/** A fake operators' API with a newsletter list; sending queues one mail per confirmed address. */
function server(confirmed: number) {
  const calls: string[] = [];
  let list: NewsletterList = { confirmed, pending: 2, unsubscribed: 1, lastIssue: null };
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.text() : '';
    calls.push(`${request.method} ${url.pathname}${body ? ` ${body}` : ''}`);
    if (url.pathname.endsWith('/adminService/mail')) return json({ items: [], cp: 0, ipp: 20, total: 0 });
    if (url.pathname.endsWith('/adminService/newsletter') && request.method === 'GET') return json(list);
    if (url.pathname.endsWith('/adminService/newsletter')) {
      const { subject } = JSON.parse(body) as { subject: string };
      list = { ...list, lastIssue: { subject, recipients: list.confirmed, at: '2026-12-01T09:30:00.000Z' } };
      return json({ recipients: list.confirmed }, 202);
    }
    return json({ code: 'NOT_FOUND', message: 'No such thing' }, 404);
  };
  return { calls, fetch };
}
const operator: SessionUser = { userId: 'ops', name: 'Olga', roles: ['premium-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'ops', name: 'Olga', searchable: true, autoSave: true };

describe('the operator area, newsletter', () => {
  it('shows the list and sends an issue to the confirmed addresses once confirmed', async () => {
    const s = server(3);
    await renderInApp(<OperatorPage />, {
      user: operator,
      profile,
      fetch: s.fetch,
      path: '/admin?tab=newsletter',
    });
    const form = await screen.findByRole('form', { name: 'New issue' });
    expect(screen.getByText('Waiting for confirmation').nextElementSibling?.textContent).toBe('2');
    expect(screen.getByText('None sent yet')).toBeTruthy();
    const send = within(form).getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Autumn at the harbour');
    await userEvent.type(within(form).getByRole('textbox', { name: /Text/ }), 'Three new exhibitions.');
    await userEvent.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Send to 3 addresses?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Queued for 3 addresses. The Mail tab shows each one as it goes out.'),
    ).toBeTruthy();
    expect(await screen.findByText(/“Autumn at the harbour” to 3 addresses/)).toBeTruthy();
    expect(s.calls).toContain(
      'POST /api/adminService/newsletter {"subject":"Autumn at the harbour","text":"Three new exhibitions."}',
    );
    await waitFor(() =>
      expect((within(form).getByRole('textbox', { name: /Subject/ }) as HTMLInputElement).value).toBe(''),
    );
  });

  it('says there is no one to send to while nobody has confirmed', async () => {
    const s = server(0);
    await renderInApp(<OperatorPage />, {
      user: operator,
      profile,
      fetch: s.fetch,
      path: '/admin?tab=newsletter',
    });
    expect(await screen.findByText(/Nobody has confirmed a sign-up yet/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New issue' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Hello');
    await userEvent.type(within(form).getByRole('textbox', { name: /Text/ }), 'Anyone?');
    expect((within(form).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(s.calls.some((c) => c.startsWith('POST'))).toBe(false);
  });
});
