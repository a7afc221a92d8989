import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Asset } from '../../contracts/assets';
import type { DistrictRole } from '../../contracts/districts';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { DistrictLibraryPage, type DistrictLibraryTab } from '../../src/views/district/DistrictLibrary';
import { districtFixture } from '../support/districtFixture';
import { json, renderInApp } from '../support/spa';

const district = (role: DistrictRole | null) => districtFixture(role);

const asset = (n: number, creatorId: string): Asset => ({
  id: `a${n}`,
  type: 'picture',
  ownerKind: 'district',
  ownerId: 'd1',
  creatorId,
  fields: {},
  title: `Picture ${n}`,
  description: `About picture ${n}`,
  tags: [],
  licenseId: 'cc0',
  fileUrl: `/api/fileService/file/f${n}`,
  thumbnailUrl: null,
  size: 1000,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
});

/** A fake asset service: the calls made, and one page of the district's two pictures. */
function assetService() {
  const calls: string[] = [];
  const fetch = (request: Request) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    return json({ items: [asset(1, 'ben'), asset(2, 'owner')], cp: 0, ipp: 9, total: 2 });
  };
  return { calls, fetch };
}

const ben: SessionUser = { userId: 'ben', name: 'Ben', roles: ['free-user'], accessToken: 't' };

const render = (
  role: DistrictRole | null,
  options: { user?: SessionUser; tab?: DistrictLibraryTab } = {},
) => {
  const service = assetService();
  const rendered = renderInApp(
    <DistrictLibraryPage district={district(role)} tab={options.tab ?? 'images'} />,
    {
      user: options.user,
      path: `/library/${options.tab ?? 'images'}`,
      fetch: service.fetch,
    },
  );
  return { service, rendered };
};

describe('DistrictLibraryPage', () => {
  it("shows a Creator the district's assets of the tab, Upload, and actions on their own assets only", async () => {
    const { service, rendered } = render('Creator', { user: ben });
    await rendered;
    const list = await screen.findByRole('list', { name: 'Assets' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { name: 'Picture 1' })).toBeTruthy();
    expect(within(cards[0]).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(cards[1]).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(service.calls).toEqual(['GET /api/assetService/asset/district/d1?cp=0&ipp=9&type=picture']);

    // Upload offers the types the district's Library lists.
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(5);
    expect(screen.queryByText('Only members of this district see its library.')).toBeNull();
  });

  it("deletes a member's asset in the district's library", async () => {
    const { service, rendered } = render('Creator', { user: ben });
    await rendered;
    const list = await screen.findByRole('list', { name: 'Assets' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(service.calls).toContain('DELETE /api/assetService/asset/district/d1/a1'));
  });

  it('lets an Owner change every asset, one type per tab', async () => {
    const { service, rendered } = render('Owner', { user: { ...ben, userId: 'owner' }, tab: '3d-models' });
    await rendered;
    const list = await screen.findByRole('list', { name: 'Assets' });
    expect(within(list).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(within(list).getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(service.calls).toEqual(['GET /api/assetService/asset/district/d1?cp=0&ipp=9&type=model3d']);
  });

  it('tells a signed-in non-member, or anybody signed out, that only members see the library', async () => {
    for (const user of [ben, undefined]) {
      const { service, rendered } = render(null, { user });
      const { rendered: view } = await rendered;
      expect(screen.getByText('Only members of this district see its library.')).toBeTruthy();
      expect(screen.queryByRole('list', { name: 'Assets' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
      expect(service.calls).toEqual([]);
      view.unmount();
    }
  });
});
