import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Party, PartyAnswer } from '../../contracts/parties';
import { useFlow } from '../../src/app/AppContext';
import PartyPanel from '../../src/views/viewer/PartyPanel';
import { json, renderInApp } from '../support/spa';
import '../../src/i18n/partyCatalogue';

const person = (id: string, name: string) => ({ id, name, profilePicture: null });
const party: Party = {
  partyId: 'p1',
  createdAt: '2026-11-30T20:00:00.000Z',
  leaderId: 'u-ana',
  members: [
    { user: person('u-ana', 'Ana'), joinedAt: '2026-11-30T20:00:00.000Z', leader: true },
    { user: person('u-ben', 'Ben'), joinedAt: '2026-11-30T20:01:00.000Z', leader: false },
  ],
  invitations: [
    {
      invitationId: 'i1',
      partyId: 'p1',
      from: person('u-ana', 'Ana'),
      to: person('u-cai', 'Cai'),
      createdAt: '2026-11-30T20:02:00.000Z',
      expiresAt: '2026-11-30T21:02:00.000Z',
    },
  ],
};

function Host({ userId }: { userId: string }) {
  const actor = useFlow('party', { userId }, { systemId: 'party' });
  return actor ? <PartyPanel party={actor} /> : null;
}

describe('the Party panel', () => {
  it('shows the participants and invitations, and lets the leader remove a member', async () => {
    const calls: string[] = [];
    let answer: PartyAnswer = { party, invitations: [] };
    await renderInApp(<Host userId="u-ana" />, {
      fetch: (request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        if (request.method === 'DELETE') {
          answer = { party: { ...party, members: party.members.slice(0, 1) }, invitations: [] };
          return new Response(null, { status: 204 });
        }
        return json(answer);
      },
    });
    expect(await screen.findByText('Ana (you)')).toBeInTheDocument();
    expect(screen.getByText('Ben')).toBeInTheDocument();
    expect(screen.getByText('Waiting for Cai')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ben from the party' }));
    await waitFor(() => expect(screen.queryByText('Ben')).not.toBeInTheDocument());
    expect(calls).toContain('DELETE /api/communicationInteractionService/parties/mine/members/u-ben');
  });

  it('lets someone invited join, and asks a signed-out visitor to sign in', async () => {
    await renderInApp(<Host userId="u-dee" />, {
      fetch: () =>
        json({
          party: null,
          invitations: [{ ...party.invitations[0], to: person('u-dee', 'Dee') }],
        } satisfies PartyAnswer),
    });
    expect(await screen.findByText('Ana invites you to their party')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Start a party' })).toBeEnabled();
  });
});
