import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationItem, NotificationPush } from '../../contracts/notifications';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { NotificationBell } from '../../src/views/social/NotificationBell';
import { json, renderInApp } from '../support/spa';

const user: SessionUser = { userId: 'ada', name: 'Ada', roles: [], accessToken: 'token' };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const stored: NotificationItem[] = [
  {
    id: 'n2',
    kind: 'comment',
    actor: { userId: 'ben', name: 'Ben', username: null, profilePicture: null },
    link: '/viewer/print-fair',
    params: { spaceTitle: 'Print Fair' },
    createdAt: minutesAgo(5),
    readAt: null,
  },
  {
    id: 'n1',
    kind: 'newFollower',
    actor: { userId: 'cy', name: 'Cy', username: 'cy', profilePicture: null },
    link: '/user/cy',
    params: {},
    createdAt: minutesAgo(120),
    readAt: minutesAgo(60),
  },
  {
    id: 'n0',
    kind: 'districtRequest',
    actor: { userId: 'ben', name: 'Ben', username: null, profilePicture: null },
    link: 'http://harbour.spaces.test/spaces/hosting-requests',
    params: { context: 'hosting', district: 'Harbour Museum', space: 'Pier at dusk' },
    createdAt: minutesAgo(180),
    readAt: minutesAgo(60),
  },
];

function fakeSocial() {
  const calls: string[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/socialService\//, '');
    calls.push(`${request.method} ${path}`);
    if (path === 'notifications')
      return json({ items: stored, cp: 0, ipp: 10, total: stored.length, unread: 1 });
    if (path === 'notifications/readAll') return json({ unread: 0 });
    if (/^notifications\/[^/]+\/read$/.test(path)) return json({ unread: 0 });
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  return { fetch, calls };
}

async function renderBell() {
  const server = fakeSocial();
  const rendered = await renderInApp(<NotificationBell />, { fetch: server.fetch, user, path: '/explore' });
  return { ...rendered, server, events: userEvent.setup() };
}

describe('the header bell', () => {
  it('shows the unread count, and raises it when a notification arrives live', async () => {
    const { hub } = await renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByText('1')).toBeVisible();

    const pushed: NotificationPush = {
      id: 'n3',
      kind: 'newFollower',
      actor: { userId: 'dee', name: 'Dee', username: null, profilePicture: null },
      link: '/user/dee',
      params: {},
      createdAt: new Date().toISOString(),
      readAt: null,
      unread: 2,
    };
    act(() => hub.send('Notification', pushed));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  });

  it('lists notifications newest first with their text and time, unread ones marked', async () => {
    const { events } = await renderBell();
    await events.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const rows = within(dialog).getAllByRole('button', { name: /following you|commented/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Unread: Ben commented on your space'),
      expect.stringContaining('Cy started following you'),
    ]);
    expect(rows[0]).toHaveTextContent('Print Fair · 5m ago');
    expect(rows[1]).toHaveTextContent('2h ago');
    expect(rows[1]).not.toHaveTextContent('Unread');
  });

  it("words a district's request by what was asked", async () => {
    const { events } = await renderBell();
    await events.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      within(dialog).getByRole('button', { name: /Ben asks Harbour Museum to host Pier at dusk/ }),
    ).toBeVisible();
  });

  it('marks a notification read when opened and goes to its place', async () => {
    const { events, server, location } = await renderBell();
    await events.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await events.click(await screen.findByRole('button', { name: /Ben commented on your space/ }));
    await waitFor(() => expect(server.calls).toContain('POST notifications/n2/read'));
    expect(location.history.at(-1)).toBe('/viewer/print-fair');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
  });

  it("marks everything read with 'Mark all as read'", async () => {
    const { events, server } = await renderBell();
    await events.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await events.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.calls).toContain('POST notifications/readAll'));
    expect(screen.queryByText(/^Unread/)).toBeNull();
    await events.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
  });
});
