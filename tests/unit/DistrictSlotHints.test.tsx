import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Slot } from '../../contracts/publishing';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { DistrictSlotHints } from '../../src/views/publish/DistrictSlotHints';
import { districtFixture } from '../support/districtFixture';
import { json, renderInApp } from '../support/spa';

const ben: SessionUser = { userId: 'ben', name: 'Ben', roles: ['free-user'], accessToken: 't' };
const districtSlot = (sceneId: string | null): Slot => ({
  slotId: 's1',
  kind: 'district',
  active: true,
  ownerId: 'owner',
  districtId: 'd1',
  districtSubdomain: 'harbour',
  districtSlot: true,
  productId: null,
  sceneId,
  title: null,
  sceneMetadata: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function render(slots: Slot[]) {
  const calls: string[] = [];
  const fetch = (request: Request) => {
    const url = new URL(request.url);
    calls.push(`${url.pathname}${url.search}`);
    return json({ items: [districtFixture('Creator')], cp: 0, ipp: 9, total: 1 });
  };
  return {
    calls,
    rendered: renderInApp(<DistrictSlotHints slots={slots} sceneId="mine" />, { user: ben, fetch }),
  };
}

describe('DistrictSlotHints', () => {
  it('tells a Creator without a free slot in their district to ask its owner, or to ask it to host', async () => {
    const { calls, rendered } = render([districtSlot('someone-else')]);
    await rendered;
    expect(
      await screen.findByText(/Harbour Museum has no free slot for you: ask the district owner/),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: /ask the district to host the space/ });
    expect(link.getAttribute('href')).toMatch(/\/\/harbour\.[^/]+\/spaces\/hosting-requests$/);
    expect(calls[0]).toMatch(/^\/api\/userService\/district\/user\/ben\?.*side=others/);
  });

  it('says nothing when a slot of the district is free for them', async () => {
    const { calls, rendered } = render([districtSlot(null)]);
    await rendered;
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText(/ask the district owner/)).toBeNull();
  });
});
