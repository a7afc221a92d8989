import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { Asset } from '../../contracts/assets';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { ProfileLibrary } from '../../src/views/pages/profileLibrary';
import { json, renderInApp } from '../support/spa';

const asset = (n: number, overrides: Partial<Asset> = {}): Asset => ({
  id: `a${n}`,
  type: 'picture',
  ownerKind: 'user',
  ownerId: 'u1',
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
  ...overrides,
});

/** A fake asset service: the calls made, and one page of two pictures. */
function assetService() {
  const calls: string[] = [];
  const fetch = (request: Request) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/storage'))
      return json({ used: 2 * 1024 ** 2, limit: 500 * 1024 ** 2, plan: 'free' });
    return json({ items: [asset(1), asset(2)], cp: 0, ipp: 9, total: 2 });
  };
  return { calls, fetch };
}

const render = (options: { user?: SessionUser; path: string; fetch: (request: Request) => Response }) =>
  renderInApp(
    <Route path="/user/:userId/library/:subcategory">
      {(params) => <ProfileLibrary userId={params.userId} isMe={options.user?.userId === params.userId} />}
    </Route>,
    options,
  );

describe('ProfileLibrary', () => {
  it("shows a visitor the user's assets of the subcategory, without the owner's actions", async () => {
    const service = assetService();
    await render({ path: '/user/u1/library/images', fetch: service.fetch });
    const list = await screen.findByRole('list', { name: 'Assets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('heading', { name: 'Picture 1' })).toBeTruthy();
    expect(within(list).getByText('About picture 1')).toBeTruthy();
    expect(service.calls).toEqual(['GET /api/assetService/asset/user/u1?cp=0&ipp=9&type=picture']);
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByText(/^Storage/)).toBeNull();
  });

  it('shows its owner their own assets of the type, the storage used, Upload, edit and delete', async () => {
    const service = assetService();
    const user: SessionUser = { userId: 'u1', name: 'Alice', roles: ['free-user'], accessToken: 't' };
    await render({ user, path: '/user/u1/library/3d-models', fetch: service.fetch });
    const list = await screen.findByRole('list', { name: 'Assets' });
    expect(within(list).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(within(list).getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(await screen.findByText('Storage: 2 MB of 500 MB used')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(service.calls).toContain('GET /api/assetService/asset/myLibrary?cp=0&ipp=9&type=model3d');
    expect(screen.getByRole('tab', { name: '3d objects', selected: true })).toBeTruthy();
  });
});
