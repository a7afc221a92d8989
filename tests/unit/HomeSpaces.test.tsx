import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SceneMetadata } from '../../contracts/scenes';
import '../../src/i18n';
import { HomePage } from '../../src/views/pages/marketing';
import { json, renderInApp } from '../support/spa';

function space(n: number): SceneMetadata {
  const at = new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString();
  return {
    sceneId: `s${n}`,
    title: `Demo space ${n}`,
    description: '',
    tags: ['demo'],
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
    likes: 0,
    views: 1000 - n,
    commentCount: 0,
    privacyACLEnabled: false,
    userPrivacyACL: [],
    groupPrivacyACL: [],
    communicationACLEnabled: false,
    userCommunicationACL: [],
    groupCommunicationACL: [],
  };
}

/** A scene service answering Explore's search with `spaces` (most viewed first), or failing. */
function fakeSearch(spaces: SceneMetadata[] | 'failing') {
  const queries: Record<string, string>[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    queries.push(query);
    if (spaces === 'failing') return json({ code: 'UNAVAILABLE', message: 'Service unavailable' }, 503);
    const ipp = Number(query.ipp);
    return json({ items: spaces.slice(0, ipp), cp: 0, ipp, hasMore: spaces.length > ipp });
  });
  return { fetch, queries };
}

/** The home page over `server` (null: no network at all). */
async function renderHome(server: ((request: Request) => Promise<Response>) | null) {
  await renderInApp(<HomePage />, {
    fetch: server ?? (() => Promise.reject(new TypeError('Failed to fetch'))),
  });
}

const demoSpaces = Array.from({ length: 12 }, (_, i) => space(i + 1));

describe('home page: Explore spaces row', () => {
  it('shows the most viewed published spaces in a row, with See all to Explore', async () => {
    const { fetch, queries } = fakeSearch(demoSpaces);
    await renderHome(fetch);
    const row = await screen.findByRole('region', { name: 'Explore spaces' });
    const cards = within(row).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      demoSpaces.slice(0, 8).map((s) => s.title),
    );
    expect(within(cards[0]).getByRole('link', { name: 'Visit Space' })).toHaveAttribute('href', '/viewer/s1');
    expect(within(row).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/explore');
    expect(queries).toEqual([{ cp: '0', ipp: '8', sort: 'views' }]);
  });

  it('is hidden when nothing is published', async () => {
    const { fetch, queries } = fakeSearch([]);
    await renderHome(fetch);
    await waitFor(() => expect(queries).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Explore spaces' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  });

  it('is hidden, quietly, when the spaces cannot be loaded', async () => {
    const { fetch, queries } = fakeSearch('failing');
    await renderHome(fetch);
    await waitFor(() => expect(queries).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Explore spaces' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  });

  it('leaves the home page whole without a network', async () => {
    const errors = vi.spyOn(console, 'error');
    await renderHome(null);
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Explore spaces' })).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
