import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { SpaceInsights } from '../../contracts/insights';
import type { SceneMetadata } from '../../contracts/scenes';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { SpaceCard } from '../../src/views/kit/SpaceCard';
import { json, renderInApp } from '../support/spa';

const space = (overrides: Partial<SceneMetadata> = {}): SceneMetadata => ({
  sceneId: 's1',
  title: 'Sculpture garden',
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
  publishedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  contentUpdatedAt: null,
  likes: 0,
  views: 3,
  commentCount: 0,
  privacyACLEnabled: false,
  userPrivacyACL: [],
  groupPrivacyACL: [],
  communicationACLEnabled: false,
  userCommunicationACL: [],
  groupCommunicationACL: [],
  ...overrides,
});

function insights(visits: number): SpaceInsights {
  return {
    sceneId: 's1',
    from: '2026-03-01',
    to: '2026-03-03',
    days: [
      { day: '2026-03-01', visits: 0, uniqueVisitors: 0, medianSeconds: null },
      { day: '2026-03-02', visits: visits ? 1 : 0, uniqueVisitors: visits ? 1 : 0, medianSeconds: null },
      {
        day: '2026-03-03',
        visits: visits ? visits - 1 : 0,
        uniqueVisitors: visits ? 1 : 0,
        medianSeconds: 95,
      },
    ],
    totals: { visits, uniqueVisitors: visits ? 2 : 0, medianSeconds: visits ? 95 : null },
    sources: { direct: visits ? 1 : 0, embed: 0, explore: visits ? visits - 1 : 0, share: 0 },
    topArtworks: visits
      ? [
          { objectId: 'picture-0', kind: 'artwork', title: 'Picture 0', opens: 2 },
          { objectId: 'video-9', kind: 'artwork', title: null, opens: 1 },
        ]
      : [],
    topInfoPoints: visits ? [{ objectId: 'i1', kind: 'infoPoint', title: 'About the garden', opens: 3 }] : [],
  };
}

/** The owner's card over a fake insights service answering `answer` for each request. */
async function renderOwnerCard(answer: (url: URL) => Response, overrides: Partial<SceneMetadata> = {}) {
  const requests: URL[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/insightsService/')) return json({});
    requests.push(url);
    return answer(url);
  });
  const user: SessionUser = { userId: 'u1', name: 'Alice', roles: ['free-user'], accessToken: 't' };
  const profile: SessionProfile = { userId: 'u1', name: 'Alice', searchable: true, autoSave: true };
  await renderInApp(<SpaceCard space={space(overrides)} owner />, { fetch, user, profile });
  return { requests, user: userEvent.setup() };
}

const openInsights = async (user: ReturnType<typeof userEvent.setup>) => {
  const toolbar = within(screen.getByRole('article', { name: 'Sculpture garden' })).getByRole('toolbar');
  await user.click(within(toolbar).getByRole('button', { name: 'Insights' }));
  // The dialog comes with its chart library, loaded on first use.
  return screen.findByRole('dialog', { name: 'Insights: Sculpture garden' }, { timeout: 15_000 });
};

// The first test to open the dialog loads its chart library: a few seconds on a busy machine.
describe('SpaceInsightsDialog', { timeout: 30_000 }, () => {
  it("shows the owner a published space's visits, time spent, most opened works and sources", async () => {
    const { requests, user } = await renderOwnerCard(() => json(insights(3)));
    const dialog = await openInsights(user);

    const figure = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
    await waitFor(() => expect(figure('Visits')).toBe('3'));
    expect(figure('Unique visitors')).toBe('2');
    expect(figure('Median time spent')).toBe('1 min 35 s');
    expect(requests[0].pathname).toBe('/api/insightsService/insights/s1');
    const from = requests[0].searchParams.get('from')!;
    const to = requests[0].searchParams.get('to')!;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);

    const table = within(dialog).getByRole('table', { name: 'Most opened works and info points' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['About the garden3', 'Picture 02', 'Untitled work (video-9)1']);
    expect(within(dialog).getByText('Explore: 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Direct: 1')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Share link:/)).toBeNull();
    expect(within(dialog).getByText(/without cookies or tracking/)).toBeVisible();
    // Nothing a screen reader or a keyboard user would stumble on (colours need a real browser).
    const audit = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    // Another period asks again, for that many days.
    await user.click(within(dialog).getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    const last = requests[1];
    expect(
      (Date.parse(last.searchParams.get('to')!) - Date.parse(last.searchParams.get('from')!)) / 86_400_000,
    ).toBe(6);
    expect(within(dialog).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says so when nobody visited in the period', async () => {
    const { user } = await renderOwnerCard(() => json(insights(0)));
    const dialog = await openInsights(user);
    expect(await within(dialog).findByTestId('insights-empty')).toHaveTextContent(
      /No visits in this period yet/,
    );
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    let fail = true;
    const { user, requests } = await renderOwnerCard(() =>
      fail ? json({ code: 'UNAVAILABLE', message: 'Service unavailable' }, 503) : json(insights(3)),
    );
    const dialog = await openInsights(user);
    expect(await within(dialog).findByText(/could not be loaded/)).toBeVisible();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('table')).toBeVisible();
    expect(requests).toHaveLength(2);
  });

  it('offers no insights for a draft', async () => {
    await renderOwnerCard(() => json(insights(3)), { state: 'Draft' });
    const toolbar = within(screen.getByRole('article', { name: 'Sculpture garden' })).getByRole('toolbar');
    expect(within(toolbar).queryByRole('button', { name: 'Insights' })).toBeNull();
  });
});
