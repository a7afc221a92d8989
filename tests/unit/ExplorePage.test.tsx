import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { District } from '../../contracts/districts';
import type { SceneMetadata } from '../../contracts/scenes';
import type { UserPublic } from '../../contracts/users';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { ExplorePage } from '../../src/views/pages/explore';
import { json, renderInApp } from '../support/spa';

function space(n: number, overrides: Partial<SceneMetadata> = {}): SceneMetadata {
  const at = new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString();
  return {
    sceneId: `s${n}`,
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
    ...overrides,
  };
}

function creator(n: number, overrides: Partial<UserPublic> = {}): UserPublic {
  return {
    userId: `u${n}`,
    name: `Creator ${n}`,
    username: null,
    bio: null,
    city: null,
    country: null,
    occupation: null,
    website: null,
    socialMedia: [],
    profilePicture: null,
    coverPhoto: null,
    coverCrop: null,
    signedUp: '2025-01-01T00:00:00.000Z',
    numOfFollowers: n,
    numOfFollowing: 0,
    numPublishedSpaces: n * 2,
    ...overrides,
  };
}

function district(n: number, title: string, followers: number): District {
  return {
    districtId: `d${n}`,
    title,
    subdomain: `district-${n}`,
    public: true,
    visible: true,
    photo: null,
    coverPhoto: null,
    subtitle: '',
    description: '',
    socialMedia: [],
    styles: '{"theme":"harbour","fontFamily":"sans"}',
    owner: { userId: 'ada', name: 'Ada', profilePicture: null },
    freeSpaceTemplateId: null,
    numOfMembers: 1,
    numOfSpaces: n,
    numOfFollowers: followers,
    districtUserRole: null,
    following: false,
    createdAt: `2026-0${n}-01T00:00:00.000Z`,
    updatedAt: `2026-0${n}-01T00:00:00.000Z`,
  };
}
const harbour = district(1, 'Harbour museum', 40);
const meadow = district(2, 'Meadow school', 7);

/**
 * A fake scene, user and district service: published spaces searched by words (in the title) and tags (all
 * of them), sorted, page by page; MY HISTORY and MY FAVOURITES answer 401 without a token; users
 * searched by name. The first `failing` calls fail.
 */
function fakeServices(spaces: SceneMetadata[], users: UserPublic[], failing = 0) {
  const calls: { path: string; query: Record<string, string> }[] = [];
  let failures = failing;
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const call = { path: url.pathname.replace(/^\/api\//, ''), query: Object.fromEntries(url.searchParams) };
    calls.push(call);
    if (failures > 0) {
      failures -= 1;
      return json({ code: 'UNAVAILABLE', message: 'Service unavailable' }, 503);
    }
    const cp = Number(call.query.cp);
    const ipp = Number(call.query.ipp);
    const q = (call.query.q ?? '').toLowerCase();
    if (call.path === 'sceneService/publishedscene/metadata') {
      if (['history', 'favourites'].includes(call.query.filter) && !request.headers.get('authorization'))
        return json({ code: 'UNAUTHORIZED', message: 'Sign in first' }, 401);
      const tags = call.query.tags?.split(',') ?? [];
      const sort = (call.query.sort ?? 'publishedAt') as 'publishedAt' | 'views' | 'likes';
      const found = spaces
        .filter((s) => s.title.toLowerCase().includes(q) && tags.every((tag) => s.tags.includes(tag)))
        .sort((a, b) =>
          sort === 'publishedAt'
            ? (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '')
            : b[sort] - a[sort],
        );
      const items = found.slice(cp * ipp, (cp + 1) * ipp);
      return json({ items, cp, ipp, hasMore: found.length > (cp + 1) * ipp });
    }
    if (call.path === 'userService/district/search') {
      const found = [harbour, meadow]
        .filter((d) => d.title.toLowerCase().includes(q))
        .sort((a, b) =>
          call.query.sort === 'followers'
            ? b.numOfFollowers - a.numOfFollowers
            : b.createdAt.localeCompare(a.createdAt),
        );
      return json({ items: found.slice(cp * ipp, (cp + 1) * ipp), cp, ipp, total: found.length });
    }
    if (call.path === 'userService/users/search') {
      const found = users.filter((u) => u.name.toLowerCase().includes(q));
      return json({ items: found.slice(cp * ipp, (cp + 1) * ipp), cp, ipp, total: found.length });
    }
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  return {
    fetch,
    calls,
    searches: () =>
      calls.filter((c) => c.path === 'sceneService/publishedscene/metadata').map((c) => c.query),
    userSearches: () => calls.filter((c) => c.path === 'userService/users/search').map((c) => c.query),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderExplore({
  path = '/explore',
  spaces = [] as SceneMetadata[],
  users = [] as UserPublic[],
  signedIn = false,
  failing = 0,
} = {}) {
  const server = fakeServices(spaces, users, failing);
  const user: SessionUser = { userId: 'me', name: 'Me', roles: ['free-user'], accessToken: 'token' };
  const profile: SessionProfile = { userId: 'me', name: 'Me', searchable: true, autoSave: true };
  const { location, app } = await renderInApp(<Route path="/explore" component={ExplorePage} />, {
    fetch: server.fetch,
    user: signedIn ? user : null,
    profile,
    path,
  });
  return { server, location, root: app.root, user: userEvent.setup() };
}

const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const many = (count: number) => Array.from({ length: count }, (_, i) => space(i + 1));
const tagged = [
  space(1, { title: 'Red lamp gallery', tags: ['art', 'design'], views: 5 }),
  space(2, { title: 'Blue museum', tags: ['art', 'history'], views: 50 }),
  space(3, { title: 'Green lamp shop', tags: ['design'], views: 500 }),
];
const page = { cp: '0', ipp: '9' };

describe('Explore page', () => {
  it('lists published spaces, newest first, 9 at a time, with Load more', async () => {
    const { server, user } = await renderExplore({ spaces: many(12) });
    await screen.findByRole('article', { name: 'Space 9' });
    expect(cardTitles()).toEqual(many(9).map((s) => s.title));
    expect(server.searches()).toEqual([{ ...page, sort: 'publishedAt', filter: 'all' }]);
    expect(screen.getByRole('tab', { name: 'Spaces' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'ALL' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(document.title).toContain('Explore'));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Space 12' });
    expect(cardTitles()).toHaveLength(12);
    expect(server.searches().at(-1)).toMatchObject({ cp: '1', ipp: '9' });
    // The short page was the last one.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches once typing pauses, sending the words as q and keeping them in the address', async () => {
    const { server, location, user } = await renderExplore({ spaces: tagged });
    await screen.findByRole('article', { name: 'Blue museum' });
    const box = screen.getByRole('searchbox', { name: 'Search spaces' });
    expect(box).toHaveAttribute('placeholder', 'Search...');

    await user.type(box, 'lamp');
    // Nothing is asked per keystroke.
    expect(server.searches()).toHaveLength(1);
    await waitFor(() => expect(cardTitles()).toEqual(['Red lamp gallery', 'Green lamp shop']));
    expect(server.searches().slice(1)).toEqual([{ ...page, q: 'lamp', sort: 'publishedAt', filter: 'all' }]);
    expect(location.history?.at(-1)).toBe('/explore?q=lamp');
  });

  it('sends the chosen sort and filter', async () => {
    const { server, user } = await renderExplore({ spaces: tagged });
    await screen.findByRole('article', { name: 'Blue museum' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort By' }), 'Views');
    await waitFor(() => expect(cardTitles()).toEqual(['Green lamp shop', 'Blue museum', 'Red lamp gallery']));
    expect(server.searches().at(-1)).toEqual({ ...page, sort: 'views', filter: 'all' });

    await user.click(screen.getByRole('button', { name: 'TRENDING' }));
    await waitFor(() =>
      expect(server.searches().at(-1)).toEqual({ ...page, sort: 'views', filter: 'trending' }),
    );
    expect(screen.getByRole('button', { name: 'TRENDING' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'ALL' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('filters by a clicked tag, sends it as tags, and lets it be removed', async () => {
    const { server, location, user } = await renderExplore({ spaces: tagged });
    const card = await screen.findByRole('article', { name: 'Blue museum' });

    await user.click(within(card).getByRole('button', { name: 'Filter by tag art' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Red lamp gallery', 'Blue museum']));
    expect(server.searches().at(-1)).toEqual({ ...page, tags: 'art', sort: 'publishedAt', filter: 'all' });
    expect(location.history?.at(-1)).toBe('/explore?tags=art');

    const red = screen.getByRole('article', { name: 'Red lamp gallery' });
    await user.click(within(red).getByRole('button', { name: 'Filter by tag design' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Red lamp gallery']));
    expect(server.searches().at(-1)).toMatchObject({ tags: 'art,design' });

    await user.click(screen.getByRole('button', { name: 'Remove tag art' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Red lamp gallery', 'Green lamp shop']));
    expect(server.searches().at(-1)).toMatchObject({ tags: 'design' });
    expect(screen.queryByRole('button', { name: 'Remove tag art' })).toBeNull();
    expect(location.history?.at(-1)).toBe('/explore?tags=design');
  });

  it('starts from a link with words and tags', async () => {
    const { server } = await renderExplore({ spaces: tagged, path: '/explore?q=lamp&tags=design' });
    await waitFor(() => expect(cardTitles()).toEqual(['Red lamp gallery', 'Green lamp shop']));
    expect(server.searches()).toEqual([
      { ...page, q: 'lamp', tags: 'design', sort: 'publishedAt', filter: 'all' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search spaces' })).toHaveValue('lamp');
    expect(screen.getByRole('button', { name: 'Remove tag design' })).toBeVisible();
  });

  it('switches between grid and list view without asking again', async () => {
    const { server, user } = await renderExplore({ spaces: tagged });
    await screen.findByRole('article', { name: 'Blue museum' });
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Cover of Blue museum' })).toBeInTheDocument();
    // Visits from Explore say so, for the owner's insights.
    expect(
      within(screen.getByRole('article', { name: 'Blue museum' })).getByRole('link', { name: 'Visit Space' }),
    ).toHaveAttribute('href', '/viewer/s2?from=explore');

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'false');
    // Rows: no big covers, the same spaces with their tags, counts and Visit Space.
    expect(screen.queryByRole('img', { name: 'Cover of Blue museum' })).toBeNull();
    const row = screen.getByRole('article', { name: 'Blue museum' });
    expect(within(row).getByText('50 views')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Visit Space' })).toHaveAttribute(
      'href',
      '/viewer/s2?from=explore',
    );
    expect(within(row).getByRole('button', { name: 'Filter by tag history' })).toBeVisible();
    expect(server.searches()).toHaveLength(1);
  });

  it('says No spaces found when nothing matches', async () => {
    const { user } = await renderExplore({ spaces: tagged });
    await screen.findByRole('article', { name: 'Blue museum' });
    await user.type(screen.getByRole('searchbox', { name: 'Search spaces' }), 'zebra{Enter}');
    expect(await screen.findByText('No spaces found')).toBeVisible();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('asks an anonymous visitor to sign in for MY HISTORY, without asking the server', async () => {
    const { server, user } = await renderExplore({ spaces: tagged });
    await screen.findByRole('article', { name: 'Blue museum' });
    await user.click(screen.getByRole('button', { name: 'MY HISTORY' }));
    expect(await screen.findByText('Sign in to see the spaces you have visited.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'MY FAVOURITES' }));
    expect(await screen.findByText('Sign in to see the spaces you have liked.')).toBeVisible();
    expect(server.searches().map((q) => q.filter)).toEqual(['all']);
  });

  it('shows a signed-in visitor their history', async () => {
    const { server, user } = await renderExplore({ spaces: tagged, signedIn: true });
    await screen.findByRole('article', { name: 'Blue museum' });
    await user.click(screen.getByRole('button', { name: 'MY HISTORY' }));
    await waitFor(() => expect(server.searches().at(-1)).toMatchObject({ filter: 'history' }));
    expect(await screen.findByRole('article', { name: 'Blue museum' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('shows a failure with Try again, which loads the list', async () => {
    const { user } = await renderExplore({ spaces: tagged, failing: 1 });
    expect(await screen.findByText('The list could not be loaded.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Blue museum' })).toBeVisible();
    expect(screen.queryByText('The list could not be loaded.')).toBeNull();
  });

  it('lists creators with their counts on the Creators tab, searchable by name', async () => {
    const { server, location, user } = await renderExplore({
      spaces: tagged,
      users: [creator(1), creator(2, { name: 'Bob', numPublishedSpaces: 1, numOfFollowers: 1500 })],
    });
    await screen.findByRole('article', { name: 'Blue museum' });
    await user.click(screen.getByRole('tab', { name: 'Creators' }));
    expect(location.history?.at(-1)).toBe('/explore?tab=creators');
    const bob = await screen.findByRole('link', { name: /Bob/ });
    expect(bob).toHaveAttribute('href', '/user/u2');
    expect(within(bob).getByText('1 published space')).toBeVisible();
    expect(within(bob).getByText('1.5K followers')).toBeVisible();
    expect(screen.getByRole('link', { name: /Creator 1/ })).toHaveTextContent('2 published spaces');
    expect(server.userSearches()).toEqual([{ q: '', ...page }]);

    await user.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'bo');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Creator 1/ })).toBeNull());
    expect(server.userSearches().at(-1)).toEqual({ q: 'bo', ...page });
    expect(screen.getByRole('link', { name: /Bob/ })).toBeVisible();

    await user.clear(screen.getByRole('searchbox', { name: 'Search creators' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'nobody');
    expect(await screen.findByText('No creators found')).toBeVisible();
  });

  it('finds public districts by words, sorted as chosen, each a card to its own address', async () => {
    const { server, user } = await renderExplore({ path: '/explore?tab=districts' });
    expect(screen.getByRole('tab', { name: 'Districts' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Districts' });
    const titles = () =>
      within(screen.getByRole('list', { name: 'Districts' }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')?.replace(/^Open /, ''));
    await waitFor(() => expect(titles()).toEqual(['Meadow school', 'Harbour museum']));
    expect(within(list).getByRole('link', { name: 'Open Harbour museum' })).toHaveAttribute(
      'href',
      expect.stringContaining('district-1.'),
    );
    expect(within(list).getByText('1 space · 40 followers')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Followers');
    await waitFor(() => expect(titles()).toEqual(['Harbour museum', 'Meadow school']));
    await user.type(screen.getByRole('searchbox', { name: 'Search districts' }), 'nothing{Enter}');
    expect(await screen.findByText('No districts found')).toBeVisible();
    expect(screen.getByText(/Public districts appear here/)).toBeVisible();
    const asked = server.calls.filter((c) => c.path === 'userService/district/search').map((c) => c.query);
    expect(asked.at(-1)).toEqual({ q: 'nothing', sort: 'followers', cp: '0', ipp: '12' });
  });

  it('follows the address back to an earlier tab', async () => {
    const { location } = await renderExplore({ spaces: tagged, path: '/explore?tab=creators' });
    expect(screen.getByRole('tab', { name: 'Creators' })).toHaveAttribute('aria-selected', 'true');
    act(() => location.navigate('/explore?tags=art'));
    expect(await screen.findByRole('tab', { name: 'Spaces', selected: true })).toBeVisible();
    await waitFor(() => expect(cardTitles()).toEqual(['Red lamp gallery', 'Blue museum']));
    expect(screen.getByRole('button', { name: 'Remove tag art' })).toBeVisible();
  });
});
