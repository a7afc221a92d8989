import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '../../contracts/notifications';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { NotificationSettingsSection } from '../../src/views/social/NotificationSettingsSection';
import { AppToasts, json, renderInApp } from '../support/spa';

const user: SessionUser = { userId: 'ada', name: 'Ada', roles: [], accessToken: 'token' };

function fakeSettings({ refuse = false } = {}) {
  const patches: unknown[] = [];
  let saved: NotificationSettings = {
    newFollower: true,
    comment: true,
    reply: true,
    groupInvitation: true,
    districtRequest: true,
  };
  const fetch = vi.fn(async (request: Request) => {
    if (request.method === 'PATCH') {
      const patch = (await request.json()) as Partial<NotificationSettings>;
      patches.push(patch);
      if (refuse) return json({ code: 'INTERNAL', message: 'Something went wrong' }, 500);
      saved = { ...saved, ...patch };
    }
    return json(saved);
  });
  return { fetch, patches };
}

describe('Settings › Notifications', () => {
  it('turns a kind off and on with its switch', async () => {
    const server = fakeSettings();
    await renderInApp(<NotificationSettingsSection />, { fetch: server.fetch, user });
    const events = userEvent.setup();
    const followers = await screen.findByRole('switch', { name: 'New followers' });
    expect(followers).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Comments on your spaces' })).toBeChecked();
    await events.click(followers);
    await waitFor(() => expect(server.patches).toEqual([{ newFollower: false }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'New followers' })).not.toBeChecked());
    await waitFor(() => expect(screen.getByRole('switch', { name: 'New followers' })).toBeEnabled());
    await events.click(screen.getByRole('switch', { name: 'New followers' }));
    await waitFor(() => expect(server.patches).toEqual([{ newFollower: false }, { newFollower: true }]));
  });

  it('goes back and says so when a change is refused', async () => {
    const server = fakeSettings({ refuse: true });
    await renderInApp(
      <>
        <NotificationSettingsSection />
        <AppToasts />
      </>,
      { fetch: server.fetch, user },
    );
    const events = userEvent.setup();
    await events.click(await screen.findByRole('switch', { name: 'Group invitations' }));
    expect(
      await screen.findByText('Your notification settings could not be saved. Please try again.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Group invitations' })).toBeChecked());
  });
});
