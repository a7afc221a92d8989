import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DistrictRole } from '../../contracts/districts';
import type { DistrictSpaceRequest } from '../../contracts/districtSpaces';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { DistrictRequestsPage } from '../../src/views/district/DistrictRequests';
import { SpaceDistrictUpgrade } from '../../src/views/district/SpaceDistrictUpgrade';
import { districtFixture } from '../support/districtFixture';
import { json, renderInApp } from '../support/spa';

const pending: DistrictSpaceRequest = {
  requestId: 'r1',
  districtId: 'd1',
  kind: 'hosting',
  state: 'pending',
  message: 'For the autumn show',
  requester: { userId: 'ben', name: 'Ben', profilePicture: null },
  scene: { sceneId: 'bens', title: 'Pier at dusk', thumbnailUri: null },
  createdAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
};
const space = (sceneId: string, title: string) => ({ sceneId, title });

/** A fake server: the calls made; Ben's request, his published space, and the district's one space. */
function server(role: DistrictRole | null) {
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.text() : '';
    calls.push(`${request.method} ${url.pathname}${body ? ` ${body}` : ''}`);
    if (url.pathname.endsWith('/spaceRequests') && request.method === 'GET')
      return json({ items: [pending], cp: 0, ipp: 100, total: 1 });
    if (url.pathname.endsWith('/scene/metadata/my'))
      return json({
        items: [space('bens', 'Pier at dusk'), space('lamp', 'Lamp room')],
        cp: 0,
        ipp: 100,
        total: 2,
      });
    if (url.pathname.endsWith('/publishedscene/metadata'))
      return json({ items: [space('court', 'Sculpture court')], cp: 0, ipp: 100, hasMore: false });
    if (url.pathname.includes('/district/info/')) return json(districtFixture(role));
    return json({ ...pending, state: 'accepted' });
  };
  return { calls, fetch };
}
const user = (userId: string): SessionUser => ({
  userId,
  name: userId,
  roles: ['premium-user'],
  accessToken: 't',
});

describe('DistrictRequestsPage', () => {
  it('lets an Owner accept an open request', async () => {
    const s = server('Owner');
    await renderInApp(<DistrictRequestsPage district={districtFixture('Owner')} />, {
      user: user('owner'),
      fetch: s.fetch,
    });
    const open = await screen.findByRole('list', { name: 'Open requests' });
    expect(within(open).getByText('Pier at dusk')).toBeTruthy();
    expect(within(open).getByText(/For the autumn show/)).toBeTruthy();
    await userEvent.click(within(open).getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() =>
      expect(s.calls).toContain('POST /api/userService/district/d1/spaceRequests/r1/accept'),
    );
  });

  it('lets a Creator ask to host a space the district does not list, and withdraw an ask', async () => {
    const s = server('Creator');
    await renderInApp(<DistrictRequestsPage district={districtFixture('Creator')} />, {
      user: user('ben'),
      fetch: s.fetch,
    });
    const open = await screen.findByRole('list', { name: 'Your open requests' });
    expect(within(open).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(open).getByRole('button', { name: 'Withdraw' })).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Space' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Pier at dusk', 'Lamp room']);
    await userEvent.click(options[1]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message to the owner (optional)' }), 'Please');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() =>
      expect(s.calls).toContain(
        'POST /api/userService/district/d1/spaceRequests {"sceneId":"lamp","kind":"hosting","message":"Please"}',
      ),
    );
  });

  it('tells someone who is not a member that only members ask, and loads nothing', async () => {
    const s = server(null);
    await renderInApp(<DistrictRequestsPage district={districtFixture(null)} />, {
      user: user('cy'),
      fetch: s.fetch,
    });
    expect(
      screen.getByText('Only members of this district can ask it to host or promote spaces.'),
    ).toBeTruthy();
    expect(s.calls).toEqual([]);
  });
});

describe('SpaceDistrictUpgrade', () => {
  it("shows the editor's Upgrade to the district's Owner only", async () => {
    const owner = server('Owner');
    const { rendered } = await renderInApp(<SpaceDistrictUpgrade subdomain="harbour" />, {
      user: user('owner'),
      fetch: owner.fetch,
    });
    expect(await screen.findByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(owner.calls).toEqual(['GET /api/userService/district/info/harbour']);
    rendered.unmount();

    const creator = server('Creator');
    await renderInApp(<SpaceDistrictUpgrade subdomain="harbour" />, {
      user: user('ben'),
      fetch: creator.fetch,
    });
    await vi.waitFor(() => expect(creator.calls).toEqual(['GET /api/userService/district/info/harbour']));
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });
});
