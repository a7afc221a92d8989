import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { LiveVisitActor } from '../../src/machines/liveVisitMachine';
import type { PartyActorRef } from '../../src/machines/partyMachine';
import '../../src/i18n/partyCatalogue';
import { LiveVisitors } from '../../src/views/viewer/LiveVisitors';
import { renderInApp } from '../support/spa';

const visitor = (name: string) => ({ userId: name.toLowerCase(), name, profilePicture: null });

/** A visit in `state` with `count` visitors in the space, `visitors` in the instance. */
const visit = (
  state: string,
  count: number,
  visitors = [visitor('Ana'), visitor('Ben'), visitor('Cai')],
  as: { userId: string; moderator: boolean; ignored?: Record<string, string> } = {
    userId: 'ana',
    moderator: false,
  },
) =>
  createActor(
    createMachine({
      id: 'liveVisit',
      context: {
        sceneId: 's1',
        instanceId: '1',
        visitors,
        count,
        communication: true,
        error: null,
        ignored: {},
        ...as,
      },
      initial: state,
      states: { present: {}, offline: {}, refused: {} },
    }),
  ).start() as unknown as LiveVisitActor;

describe('live visitors of the viewer', () => {
  it('shows two avatars and how many more are in the space', async () => {
    await renderInApp(<LiveVisitors visit={visit('present', 5)} />);
    const row = await screen.findByRole('group', { name: 'Live visitors: 5' });
    expect(row.querySelectorAll('.MuiAvatar-root')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Ana' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Ben' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Cai' })).toBeNull();
    expect(row.textContent).toContain('+3');
  });

  it("offers Mute for me and Block on others, and a moderator's actions on all but the owner", async () => {
    const user = userEvent.setup();
    const moderating = visit('present', 3, undefined, { userId: 'ana', moderator: true });
    const sent: unknown[] = [];
    moderating.send = ((event: unknown) => void sent.push(event)) as never;
    const moderated = await renderInApp(<LiveVisitors visit={moderating} ownerId="ben" />);
    await user.click(screen.getByRole('button', { name: 'Who is here' }));
    const list = await screen.findByRole('dialog', { name: 'Who is here' });
    // Nothing to do to oneself.
    expect(within(list).queryByRole('button', { name: 'Actions for Ana' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Actions for Cai' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual([
      'Mute for me',
      'Block (hide their avatar)',
      'Mute in this space',
      'Remove from this space',
      'Ban from this space',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Remove from this space' }));
    expect(sent.at(-1)).toEqual({ type: 'live.moderate', action: 'remove', userId: 'cai' });
    // The space's owner is not moderated, only muted or blocked for oneself.
    await user.click(within(list).getByRole('button', { name: 'Actions for Ben' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Mute for me',
      'Block (hide their avatar)',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Block (hide their avatar)' }));
    expect(sent.at(-1)).toEqual({ type: 'live.ignore', userId: 'ben', kind: 'block' });
    moderated.rendered.unmount();

    // A visitor who does not moderate sees whom they muted, and may lift it.
    const plain = visit('present', 3, undefined, {
      userId: 'ana',
      moderator: false,
      ignored: { cai: 'mute' },
    });
    const plainSent: unknown[] = [];
    plain.send = ((event: unknown) => void plainSent.push(event)) as never;
    await renderInApp(<LiveVisitors visit={plain} ownerId="ben" />);
    await user.click(screen.getByRole('button', { name: 'Who is here' }));
    const again = await screen.findByRole('dialog', { name: 'Who is here' });
    expect(within(again).getByText('Muted for you')).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Actions for Cai' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Unmute for me',
      'Block (hide their avatar)',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Unmute for me' }));
    expect(plainSent.at(-1)).toEqual({ type: 'live.ignore', userId: 'cai', kind: null });
  }, 30_000);

  it("invites a signed-in visitor to the leader's party, but not its members, the invited or guests", async () => {
    const user = userEvent.setup();
    const here = [
      visitor('Ana'),
      visitor('Ben'),
      visitor('Cai'),
      visitor('Dee'),
      { ...visitor('Guest 7'), userId: 'guest-7' },
    ];
    const someone = (id: string) => ({ id, name: id, profilePicture: null });
    const party = createActor(
      createMachine({
        id: 'party',
        context: {
          userId: 'ana',
          party: {
            partyId: 'p1',
            createdAt: '2026-11-30T20:00:00.000Z',
            leaderId: 'ana',
            members: [
              { user: someone('ana'), joinedAt: '2026-11-30T20:00:00.000Z', leader: true },
              { user: someone('ben'), joinedAt: '2026-11-30T20:01:00.000Z', leader: false },
            ],
            invitations: [
              {
                invitationId: 'i1',
                partyId: 'p1',
                from: someone('ana'),
                to: someone('cai'),
                createdAt: '2026-11-30T20:02:00.000Z',
                expiresAt: '2026-11-30T21:02:00.000Z',
              },
            ],
          },
          invitations: [],
        },
      }),
    ).start() as unknown as PartyActorRef;
    const sent: unknown[] = [];
    party.send = ((event: unknown) => void sent.push(event)) as never;
    await renderInApp(<LiveVisitors visit={visit('present', 5, here)} party={party} />);
    await user.click(screen.getByRole('button', { name: 'Who is here' }));
    const list = await screen.findByRole('dialog', { name: 'Who is here' });
    const itemsFor = async (name: string) => {
      await user.click(within(list).getByRole('button', { name: `Actions for ${name}` }));
      const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
      await user.keyboard('{Escape}');
      return items;
    };
    for (const name of ['Ben', 'Cai', 'Guest 7'])
      expect(await itemsFor(name)).not.toContain('Invite to party');
    await user.click(within(list).getByRole('button', { name: 'Actions for Dee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Invite to party' }));
    expect(sent).toEqual([{ type: 'party.change', change: { kind: 'invite', userId: 'dee' } }]);
  }, 30_000);

  it('shows nothing to a visitor who is alone, or not present', async () => {
    const alone = await renderInApp(<LiveVisitors visit={visit('present', 1, [visitor('Ana')])} />);
    expect(alone.rendered.container.textContent).toBe('');
    alone.rendered.unmount();
    const offline = await renderInApp(<LiveVisitors visit={visit('offline', 5)} />);
    expect(offline.rendered.container.textContent).toBe('');
  });
});
