import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MemberPage } from '../../contracts/follows';
import type { UserPublic } from '../../contracts/users';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { ProfileView } from '../../src/views/pages/profile';
import { json, renderInApp } from '../support/spa';

const ada: UserPublic = {
  userId: 'ada',
  name: 'Ada',
  username: 'ada',
  bio: null,
  city: null,
  country: null,
  occupation: null,
  website: null,
  socialMedia: [],
  profilePicture: null,
  coverPhoto: null,
  coverCrop: null,
  signedUp: '2026-01-01T00:00:00.000Z',
  numOfFollowers: 0,
  numOfFollowing: 0,
  numPublishedSpaces: 0,
};
const ben: SessionUser = { userId: 'ben', name: 'Ben', roles: [], accessToken: 'token' };

const followers: MemberPage = {
  items: [{ userId: 'cy', name: 'Cy', username: 'cy', profilePicture: null, following: false }],
  cp: 0,
  ipp: 12,
  total: 1,
};

function fakeServer() {
  const calls: string[] = [];
  let following = false;
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    calls.push(`${request.method} ${path}`);
    const state = () => json({ userId: 'ada', following, numOfFollowers: following ? 1 : 0 });
    if (path === 'userService/user/ada') return json(ada);
    if (path === 'socialService/follows/users/ada') {
      if (request.method === 'PUT') following = true;
      if (request.method === 'DELETE') following = false;
      return state();
    }
    if (path === 'socialService/follows/users/cy')
      return json({ userId: 'cy', following: true, numOfFollowers: 1 });
    if (path === 'socialService/users/ada/followers') return json(followers);
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  return { fetch, calls };
}

describe('Follow on a profile', () => {
  it('follows and unfollows, and the follower count follows', async () => {
    const server = fakeServer();
    await renderInApp(<ProfileView userId="ada" />, { fetch: server.fetch, user: ben, path: '/user/ada' });
    const events = userEvent.setup();
    expect(await screen.findByText('0 followers')).toBeVisible();
    await events.click(await screen.findByRole('button', { name: 'Follow Ada' }));
    expect(await screen.findByRole('button', { name: 'Unfollow Ada' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('1 follower')).toBeVisible();
    expect(server.calls).toContain('PUT socialService/follows/users/ada');

    await events.click(screen.getByRole('button', { name: 'Unfollow Ada' }));
    expect(await screen.findByRole('button', { name: 'Follow Ada' })).toBeVisible();
    expect(screen.getByText('0 followers')).toBeVisible();
  });

  it('asks a signed-out visitor to sign in instead of following', async () => {
    const server = fakeServer();
    const { app } = await renderInApp(<ProfileView userId="ada" />, {
      fetch: server.fetch,
      path: '/user/ada',
    });
    const events = userEvent.setup();
    const session = app.root.system.get('session')!;
    const sent = vi.spyOn(session, 'send');
    await events.click(await screen.findByRole('button', { name: 'Follow Ada' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith(expect.objectContaining({ type: 'session.signIn' })),
    );
    expect(server.calls.filter((c) => c.includes('follows'))).toEqual([]);
  });

  it('lists followers as member cards that link to their profiles, each with Follow', async () => {
    const server = fakeServer();
    await renderInApp(<ProfileView userId="ada" category="connections" />, {
      fetch: server.fetch,
      user: ben,
      path: '/user/ada/connections/followers',
    });
    const events = userEvent.setup();
    const card = await screen.findByRole('link', { name: 'Profile of Cy' });
    expect(card).toHaveAttribute('href', '/user/cy');
    await events.click(screen.getByRole('button', { name: 'Follow Cy' }));
    expect(await screen.findByRole('button', { name: 'Unfollow Cy' })).toBeVisible();
    expect(server.calls).toContain('PUT socialService/follows/users/cy');
  });
});
