import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { SceneMetadata, SceneState } from '../../contracts/scenes';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { ProfileSpaces } from '../../src/views/pages/profileSpaces';
import { AppToasts, json, renderInApp } from '../support/spa';

function space(
  n: number,
  state: SceneState = 'Published',
  overrides: Partial<SceneMetadata> = {},
): SceneMetadata {
  const at = new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString();
  return {
    sceneId: `${state === 'Draft' ? 'd' : 'p'}${n}`,
    title: `${state === 'Draft' ? 'Draft' : 'Space'} ${n}`,
    description: '',
    tags: [],
    state,
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
    publishedPublic: state === 'Published',
    publishedAt: state === 'Published' ? at : null,
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

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
}

/**
 * A fake scene service holding the caller's spaces, newest first: it lists them page by page
 * (GET scene/metadata/my), deletes and duplicates them. The first `failing` calls fail.
 */
function fakeSceneService(spaces: SceneMetadata[], failing = 0) {
  const calls: Call[] = [];
  let failures = failing;
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const call = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      query: Object.fromEntries(url.searchParams),
    };
    calls.push(call);
    if (failures > 0) {
      failures -= 1;
      return json({ code: 'UNAVAILABLE', message: 'Service unavailable' }, 503);
    }
    if (call.method === 'GET' && call.path === 'sceneService/scene/metadata/my') {
      const cp = Number(call.query.cp);
      const ipp = Number(call.query.ipp);
      const mine = spaces.filter((s) => !call.query.state || s.state === call.query.state);
      return json({ items: mine.slice(cp * ipp, (cp + 1) * ipp), cp, ipp, total: mine.length });
    }
    if (call.method === 'GET' && call.path === 'sceneService/publishedscene/metadata') {
      const cp = Number(call.query.cp);
      const ipp = Number(call.query.ipp);
      const shown = spaces.filter(
        (s) => s.ownerId === call.query.ownerId && s.state === 'Published' && s.visible,
      );
      return json({ items: shown.slice(cp * ipp, (cp + 1) * ipp), cp, ipp, total: shown.length });
    }
    const action = /^sceneService\/sceneactions\/([^/]+)\/(delete|duplicate)$/.exec(call.path);
    if (call.method === 'POST' && action) {
      const index = spaces.findIndex((s) => s.sceneId === decodeURIComponent(action[1]));
      if (index < 0) return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
      if (action[2] === 'delete') {
        spaces.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      const original = spaces[index];
      const copy = {
        ...original,
        sceneId: `${original.sceneId}-copy`,
        title: `${original.title} (copy)`,
        state: 'Draft' as const,
      };
      spaces.unshift(copy);
      return json({ sceneId: copy.sceneId, metadata: copy }, 201);
    }
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  const listCalls = () =>
    calls.filter((c) => c.path === 'sceneService/scene/metadata/my').map((c) => c.query);
  return { fetch, calls, listCalls };
}

/**
 * IntersectionObserver as the browser has it, for the list's end: observing reports at once
 * whether the end is in view; `scrollToEnd` brings it into view.
 */
const viewport = {
  endInView: false,
  observers: new Set<FakeObserver>(),
  scrollToEnd() {
    this.endInView = true;
    for (const observer of this.observers) observer.report();
  },
};
class FakeObserver {
  private targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.targets.push(target);
    viewport.observers.add(this);
    queueMicrotask(() => this.report());
  }
  disconnect() {
    this.targets = [];
    viewport.observers.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  report() {
    if (this.targets.length === 0) return;
    const entries = this.targets.map((target) => ({ target, isIntersecting: viewport.endInView }));
    act(() => this.callback(entries as unknown as IntersectionObserverEntry[], this as never));
  }
}

beforeEach(() => {
  viewport.endInView = false;
  viewport.observers.clear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderSpaces({
  spaces = [] as SceneMetadata[],
  path = '/user/u1/spaces/published',
  isMe = true,
  failing = 0,
} = {}) {
  const server = fakeSceneService(spaces, failing);
  const user: SessionUser = { userId: 'u1', name: 'Alice', roles: ['free-user'], accessToken: 't' };
  const profile: SessionProfile = { userId: 'u1', name: 'Alice', searchable: true, autoSave: true };
  const { location } = await renderInApp(
    <>
      <Route path="/user/:userId/spaces/:subcategory?">
        {(p) => <ProfileSpaces userId={p.userId} isMe={isMe} />}
      </Route>
      <AppToasts />
    </>,
    { fetch: server.fetch, user, profile, path },
  );
  return { server, location, user: userEvent.setup() };
}

const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const published = (count: number) => Array.from({ length: count }, (_, i) => space(i + 1));

describe('profile Spaces category', () => {
  it('shows the owner’s published spaces, 9 at first, hidden ones marked', async () => {
    await renderSpaces({
      spaces: [...published(12).map((s, i) => (i === 1 ? { ...s, visible: false } : s)), space(1, 'Draft')],
    });
    expect(await screen.findByRole('article', { name: 'Space 1' })).toBeVisible();
    expect(cardTitles()).toEqual(published(9).map((s) => s.title));
    expect(within(screen.getByRole('article', { name: 'Space 2' })).getByText('Hidden')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Published' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Drafts' })).toHaveAttribute('href', '/user/u1/spaces/drafts');
  });

  it('loads the next page when the end of the list scrolls into view, and stops at the last', async () => {
    const { server } = await renderSpaces({ spaces: published(12) });
    await screen.findByRole('article', { name: 'Space 9' });
    expect(server.listCalls()).toEqual([{ cp: '0', ipp: '9', state: 'Published' }]);

    viewport.scrollToEnd();
    await screen.findByText('Space 12', {}, { timeout: 5000 });
    expect(screen.getByRole('article', { name: 'Space 12' })).toBeVisible();
    expect(cardTitles()).toHaveLength(12);
    expect(server.listCalls()).toEqual([
      { cp: '0', ipp: '9', state: 'Published' },
      { cp: '1', ipp: '9', state: 'Published' },
    ]);
    // The short page was the last: staying at the end asks for nothing more.
    viewport.scrollToEnd();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.listCalls()).toHaveLength(2);
  });

  it('keeps loading pages while the end of the list stays in view on a tall screen', async () => {
    viewport.endInView = true;
    const { server } = await renderSpaces({ spaces: published(20) });
    // (Role queries over many cards are slow in jsdom: wait on the text, then check the cards.)
    await screen.findByText('Space 20', {}, { timeout: 5000 });
    expect(screen.getByRole('article', { name: 'Space 20' })).toBeVisible();
    expect(server.listCalls().map((q) => q.cp)).toEqual(['0', '1', '2']);
  });

  it('switches to the drafts', async () => {
    const { server, user, location } = await renderSpaces({
      spaces: [...published(2), space(1, 'Draft'), space(2, 'Draft')],
    });
    await screen.findByRole('article', { name: 'Space 1' });
    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    expect(location.history?.at(-1)).toBe('/user/u1/spaces/drafts');
    expect(await screen.findByRole('article', { name: 'Draft 1' })).toBeVisible();
    expect(cardTitles()).toEqual(['Draft 1', 'Draft 2']);
    expect(within(screen.getByRole('article', { name: 'Draft 1' })).getByText('Draft')).toBeVisible();
    expect(server.listCalls().at(-1)).toEqual({ cp: '0', ipp: '9', state: 'Draft' });
  });

  it('says No spaces found and offers the owner to create one', async () => {
    await renderSpaces({ path: '/user/u1/spaces/drafts' });
    expect(await screen.findByText('No spaces found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create space' })).toHaveAttribute('href', '/curate');
  });

  it("shows visitors the user's published, visible spaces: no drafts, no tabs, no owner actions", async () => {
    const hidden = { ...space(3, 'Published'), visible: false };
    const { server } = await renderSpaces({
      isMe: false,
      path: '/user/u1/spaces/drafts',
      spaces: [space(1, 'Draft'), space(2, 'Published'), hidden],
    });
    expect(await screen.findByRole('article', { name: 'Space 2' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Draft 1' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Space 3' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create space' })).toBeNull();
    // The caller's own list is never asked for on somebody else's profile.
    expect(server.listCalls()).toEqual([]);
    expect(
      server.calls.filter((c) => c.path === 'sceneService/publishedscene/metadata')[0].query,
    ).toMatchObject({
      ownerId: 'u1',
      cp: '0',
    });
  });

  it('tells visitors No spaces found when nothing is published', async () => {
    await renderSpaces({ isMe: false, path: '/user/u1/spaces/published', spaces: [space(1, 'Draft')] });
    expect(await screen.findByText('No spaces found')).toBeVisible();
  });

  it('puts a duplicate at the top of the drafts at once', async () => {
    const { user } = await renderSpaces({
      path: '/user/u1/spaces/drafts',
      spaces: [space(1, 'Draft'), space(2, 'Draft')],
    });
    const original = await screen.findByRole('article', { name: 'Draft 2' });
    await user.click(within(original).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('article', { name: 'Draft 2 (copy)' })).toBeVisible();
    expect(cardTitles()).toEqual(['Draft 2 (copy)', 'Draft 1', 'Draft 2']);
    expect(screen.getByText('A copy of "Draft 2 (copy)" is in your drafts.')).toBeInTheDocument();
  });

  it('shows a copy of a published space first among the drafts, once', async () => {
    const { user } = await renderSpaces({ spaces: [...published(1), space(1, 'Draft')] });
    await user.click(
      within(await screen.findByRole('article', { name: 'Space 1' })).getByRole('button', {
        name: 'Duplicate',
      }),
    );
    await screen.findByText('A copy of "Space 1 (copy)" is in your drafts.');
    expect(cardTitles()).toEqual(['Space 1']);
    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    await screen.findByRole('article', { name: 'Draft 1' });
    expect(cardTitles()).toEqual(['Space 1 (copy)', 'Draft 1']);
  });

  it('drops a deleted space, down to No spaces found', async () => {
    const { user } = await renderSpaces({ spaces: published(1) });
    await user.click(
      within(await screen.findByRole('article', { name: 'Space 1' })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No spaces found')).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('offers to try again when a page cannot be loaded', async () => {
    const { user, server } = await renderSpaces({ spaces: published(3), failing: 1 });
    expect(await screen.findByText('Could not load more items.')).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Space 3' })).toBeVisible();
    expect(screen.queryByText('Could not load more items.')).toBeNull();
    expect(server.listCalls()).toEqual([
      { cp: '0', ipp: '9', state: 'Published' },
      { cp: '0', ipp: '9', state: 'Published' },
    ]);
  });
});
