import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { SpaceCard, type SpaceCardData } from '../../src/views/kit/SpaceCard';
import { json, renderInApp } from '../support/spa';

const space: SpaceCardData = {
  sceneId: 's1',
  title: 'Harbour lights',
  state: 'Published',
  visible: true,
  coverPhotoUri: null,
  thumbnailUri: null,
  creator: { userId: 'u1', name: 'Alice', profilePicture: null },
  likes: 5,
  views: 10,
  commentCount: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const user: SessionUser = { userId: 'u2', name: 'Bob', roles: ['free-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'u2', name: 'Bob', searchable: true, autoSave: true };

function fakeSocial() {
  const calls: string[] = [];
  let favourite = false;
  const fetch = (request: Request) => {
    const path = new URL(request.url).pathname.replace('/api/socialService/', '');
    calls.push(`${request.method} ${path}`);
    if (path === 'favourites/s1') favourite = request.method === 'POST';
    return json({ sceneId: 's1', likes: 5, liked: false, favourite });
  };
  return { fetch, calls };
}

describe("a space card's favourite button", () => {
  it('adds the space to a signed-in visitor’s favourites and removes it again', async () => {
    const server = fakeSocial();
    await renderInApp(<SpaceCard space={space} />, { fetch: server.fetch, user, profile });
    const card = screen.getByRole('article', { name: 'Harbour lights' });
    const add = await within(card).findByRole('button', { name: 'Add to favourites' });
    expect(add).toHaveAccessibleDescription('Harbour lights');
    await userEvent.setup().click(add);
    const remove = await within(card).findByRole('button', { name: 'Remove from favourites' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(server.calls).toContain('POST favourites/s1'));
    await userEvent.setup().click(remove);
    await within(card).findByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect(server.calls).toContain('DELETE favourites/s1'));
  });

  it('is not there for signed-out visitors, and asks nothing of the server', async () => {
    const server = fakeSocial();
    await renderInApp(<SpaceCard space={space} />, { fetch: server.fetch });
    const card = screen.getByRole('article', { name: 'Harbour lights' });
    expect(within(card).getByRole('link', { name: 'Visit Space' })).toBeVisible();
    expect(within(card).queryByRole('button', { name: /favourites/ })).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
