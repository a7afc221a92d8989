import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { SceneMetadata } from '../../contracts/scenes';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { ProfileActivity } from '../../src/views/pages/profileActivity';
import { json, renderInApp } from '../support/spa';

const user: SessionUser = { userId: 'u2', name: 'Bob', roles: ['free-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'u2', name: 'Bob', searchable: true, autoSave: true };

function space(n: number): SceneMetadata {
  const at = new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString();
  return {
    sceneId: `p${n}`,
    title: `Space ${n}`,
    description: '',
    tags: [],
    state: 'Published',
    visible: true,
    adultContent: false,
    comments: true,
    ownerId: 'u1',
    creatorId: 'u1',
    creator: { userId: 'u1', name: 'Alice', profilePicture: null },
    coverPhotoUri: null,
    thumbnailUri: null,
    photoGallery: [],
    audioUri: null,
    districtId: null,
    districtSubdomain: null,
    publishedPublicDistricts: [],
    publishedPrivateDistricts: [],
    publishedPublic: true,
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    contentUpdatedAt: null,
    likes: n,
    views: n * 10,
    commentCount: 0,
    privacyACLEnabled: false,
    userPrivacyACL: [],
    groupPrivacyACL: [],
    communicationACLEnabled: false,
    userCommunicationACL: [],
    groupCommunicationACL: [],
  };
}

/** A fake social service with the signed-in user's favourites and history. */
function fakeSocial(favourites: SceneMetadata[], history: SceneMetadata[]) {
  const calls: string[] = [];
  const fetch = (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/socialService/', '');
    calls.push(`${request.method} ${path}`);
    const page = (items: SceneMetadata[]) => {
      const cp = Number(url.searchParams.get('cp'));
      const ipp = Number(url.searchParams.get('ipp'));
      return json({
        items: items.slice(cp * ipp, (cp + 1) * ipp),
        cp,
        ipp,
        hasMore: items.length > (cp + 1) * ipp,
      });
    };
    if (request.method === 'GET' && path === 'favourites') return page(favourites);
    if (request.method === 'GET' && path === 'history') return page(history);
    if (request.method === 'DELETE' && path === 'history') {
      const removed = history.splice(0).length;
      return json({ removed });
    }
    if (path.startsWith('reactions/'))
      return json({ sceneId: path.slice(10), likes: 0, liked: false, favourite: true });
    return json({ code: 'NOT_FOUND', message: 'No' }, 404);
  };
  return { fetch, calls };
}

async function renderActivity(path: string, server: ReturnType<typeof fakeSocial>, isMe = true) {
  return renderInApp(
    <Route path="/user/:userId/activity/:subcategory?">
      {(params) => <ProfileActivity userId={params.userId} isMe={isMe} />}
    </Route>,
    { fetch: server.fetch, user, profile, path },
  );
}

describe('Profile › Activity', () => {
  it('lists the owner’s favourites as space cards', async () => {
    const server = fakeSocial([space(1), space(2)], []);
    await renderActivity('/user/u2/activity', server);
    const list = await screen.findByRole('list', { name: 'Favourite spaces' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByRole('heading', { name: 'Space 1' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Favourites', selected: true })).toBeVisible();
  });

  it('lists the history and clears it once confirmed', async () => {
    const server = fakeSocial([], [space(3), space(4)]);
    await renderActivity('/user/u2/activity/history', server);
    const list = await screen.findByRole('list', { name: 'Spaces you opened' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Clear history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear your history?' });
    // Nothing is cleared before the confirmation.
    expect(server.calls).not.toContain('DELETE history');
    await person.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    expect(await screen.findByText('No spaces in your history yet.')).toBeVisible();
    expect(server.calls).toContain('DELETE history');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Spaces you opened' })).toBeNull());
  });

  it('shows nobody else a user’s activity, and asks the server nothing', async () => {
    const server = fakeSocial([space(1)], [space(2)]);
    await renderActivity('/user/u1/activity/history', server, false);
    expect(screen.getByText("Only this profile's owner sees its activity.")).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
