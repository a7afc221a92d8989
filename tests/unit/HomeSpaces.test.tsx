import { render, screen, waitFor, within } from '@testing-library/react';
import type { KyInstance } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import type { SceneMetadata } from '../../contracts/scenes';
import '../../src/i18n';
import { appMachine } from '../../src/machines/appMachine';
import { createApi } from '../../src/services/api';
import { AppActorProvider } from '../../src/views/AppContext';
import { HomePage } from '../../src/views/pages/marketing';

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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A scene service answering Explore's search with `spaces` (most viewed first), or failing. */
function fakeSearch(spaces: SceneMetadata[] | 'failing') {
  const queries: Record<string, string>[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    queries.push(query);
    if (spaces === 'failing') return json({ code: 'UNAVAILABLE', message: 'Service unavailable' }, 503);
    const ipp = Number(query.ipp);
    return json({ items: spaces.slice(0, ipp), cp: 0, ipp, hasMore: spaces.length > ipp });
  });
  const api = createApi({ token: () => undefined, onForbidden: vi.fn() }).extend({
    fetch: fetch as typeof globalThis.fetch,
    prefixUrl: 'http://localhost/api',
    retry: 0,
  });
  return { api, queries };
}

function renderHome(api: KyInstance | null) {
  const root = createActor(appMachine, { input: { callback: false } }).start();
  render(
    <AppActorProvider actor={root} api={api}>
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <HomePage />
      </Router>
    </AppActorProvider>,
  );
}

const demoSpaces = Array.from({ length: 12 }, (_, i) => space(i + 1));

describe('home page: Explore spaces row', () => {
  it('shows the most viewed published spaces in a row, with See all to Explore', async () => {
    const { api, queries } = fakeSearch(demoSpaces);
    renderHome(api);
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
    const { api, queries } = fakeSearch([]);
    renderHome(api);
    await waitFor(() => expect(queries).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Explore spaces' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  });

  it('is hidden, quietly, when the spaces cannot be loaded', async () => {
    const { api, queries } = fakeSearch('failing');
    renderHome(api);
    await waitFor(() => expect(queries).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Explore spaces' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  });

  it('leaves the home page whole without an API client', () => {
    const errors = vi.spyOn(console, 'error');
    renderHome(null);
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Explore spaces' })).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
