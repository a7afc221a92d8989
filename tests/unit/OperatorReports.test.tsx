import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OperatorReport } from '../../contracts/operator';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { OperatorPage } from '../../src/views/pages/operator';
import { json, renderInApp } from '../support/spa';

const onComment: OperatorReport = {
  id: 'r1',
  reason: 'spam',
  text: 'An <b>advert</b>',
  createdAt: '2026-11-30T10:00:00.000Z',
  reporter: { userId: 'rex', name: 'Rex' },
  space: {
    sceneId: 'pier',
    title: 'Pier at dusk',
    ownerId: 'ann',
    ownerName: 'Ann',
    hiddenByOperator: false,
  },
  comment: { commentId: 'c1', body: 'Buy cheap followers', authorName: 'Troll', hidden: false },
  resolution: null,
  resolvedAt: null,
  resolverName: null,
};
const onSpace: OperatorReport = {
  ...onComment,
  id: 'r2',
  reason: 'copyright',
  text: '',
  reporter: { userId: 'rae', name: 'Rae' },
  comment: null,
};

/** A fake operators' API with two open reports; settling one takes it off the open list. */
function server() {
  const calls: string[] = [];
  let open = [onComment, onSpace];
  let settled: OperatorReport[] = [
    {
      ...onSpace,
      id: 'r0',
      resolution: 'hidden',
      resolverName: 'Olu',
      resolvedAt: '2026-11-30T11:00:00.000Z',
      space: { ...onSpace.space, hiddenByOperator: true },
    },
  ];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/adminService/mail')) return json({ items: [], cp: 0, ipp: 20, total: 0 });
    if (url.pathname.endsWith('/adminService/reports')) {
      const items = url.searchParams.get('state') === 'settled' ? settled : open;
      return json({ items, cp: 0, ipp: 10, total: items.length });
    }
    if (url.pathname.endsWith('/spaces/pier/show') && request.method === 'POST') {
      settled = settled.map((r) => ({ ...r, space: { ...r.space, hiddenByOperator: false } }));
      return json({ sceneId: 'pier' });
    }
    const settle = url.pathname.match(/\/reports\/(\w+)\/(hide|dismiss)$/);
    if (settle && request.method === 'POST') {
      const report = open.find((r) => r.id === settle[1])!;
      open = open.filter((r) => r !== report);
      const resolution = settle[2] === 'hide' ? 'hidden' : 'dismissed';
      return json({ report: { ...report, resolution }, settled: 1 });
    }
    return json({ code: 'NOT_FOUND', message: 'No such thing' }, 404);
  };
  return { calls, fetch };
}
const operator: SessionUser = { userId: 'ops', name: 'Olga', roles: ['premium-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'ops', name: 'Olga', searchable: true, autoSave: true };

describe('the operator area, reports', () => {
  it('shows what was reported and settles a report by dismissing it or, once confirmed, hiding', async () => {
    const s = server();
    await renderInApp(<OperatorPage />, {
      user: operator,
      profile,
      fetch: s.fetch,
      path: '/admin?tab=reports',
    });
    const comment = await screen.findByRole('article', { name: /Reported by Rex/ });
    expect(screen.getByRole('tab', { name: 'Reports', selected: true })).toBeTruthy();
    // The reporter's words and the comment show as text, never as HTML.
    expect(within(comment).getByText('An <b>advert</b>')).toBeTruthy();
    expect(within(comment).getByText('Buy cheap followers')).toBeTruthy();
    expect(
      within(comment).getByText('A comment by Troll on the space “Pier at dusk”.', { exact: false }),
    ).toBeTruthy();
    expect(within(comment).getByRole('link', { name: 'Open the space' }).getAttribute('href')).toBe(
      '/viewer/pier',
    );
    const space = screen.getByRole('article', { name: /Reported by Rae/ });
    expect(within(space).getByText('Copyright infringement')).toBeTruthy();
    expect(within(space).getByText('No words added.')).toBeTruthy();

    // Hiding asks first; cancelling changes nothing.
    await userEvent.click(within(space).getByRole('button', { name: 'Hide the space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this space?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(s.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    await userEvent.click(await within(space).findByRole('button', { name: 'Hide the space' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Hide this space?' })).getByRole('button', {
        name: 'Hide the space',
      }),
    );
    expect(await screen.findByText('Hidden, and 1 report settled.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: /Reported by Rae/ })).toBeNull());

    await userEvent.click(await within(comment).findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('1 report dismissed: nothing was changed.')).toBeTruthy();
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    expect(s.calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/adminService/reports/r2/hide',
      'POST /api/adminService/reports/r1/dismiss',
    ]);
  });

  it('lists the settled reports on request, and shows again a space an operator hid', async () => {
    const s = server();
    await renderInApp(<OperatorPage />, {
      user: operator,
      profile,
      fetch: s.fetch,
      path: '/admin?tab=reports',
    });
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Settled' }));
    const hid = await screen.findByRole('article', { name: /Reported by Rae/ });
    expect(within(hid).getByText(/^Hidden by Olu/)).toBeTruthy();
    expect(within(hid).getByText('Space hidden by an operator')).toBeTruthy();
    await userEvent.click(within(hid).getByRole('button', { name: 'Show the space again' }));
    expect(
      await screen.findByText('“Pier at dusk” shows again; its owner may hide or show it as before.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show the space again' })).toBeNull());
    expect(s.calls).toContain('POST /api/adminService/spaces/pier/show');
    expect(s.calls.filter((c) => c.includes('/reports'))).toEqual([
      'GET /api/adminService/reports?state=open&cp=0&ipp=10',
      'GET /api/adminService/reports?state=settled&cp=0&ipp=10',
      'GET /api/adminService/reports?state=settled&cp=0&ipp=10',
    ]);
  });
});
