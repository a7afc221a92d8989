import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveUserHubPath, type LiveInstanceEntered } from '../../../contracts/live';
import {
  Party,
  PartyAnswer,
  PartyInvitation,
  PartyLeft,
  partyMessages,
  PartyMove,
  partyRules,
} from '../../../contracts/parties';
import type { DatabaseHandle } from '../../../server/db';
import { partyInvitations, userBlocks, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { inbox, within } from '../hubs/support';
import { hubTestServer, insertSpace } from '../hubs/testServer';

const base = '/api/communicationInteractionService';

describe.each(testDatabases())('parties on $name', ({ open }) => {
  let db: DatabaseHandle;
  let issuer: TestIssuer;
  let t: TestApp;
  const people = ['ana', 'ben', 'cai', 'dee', 'eli', 'fay', 'gus', 'hal', 'ivy', 'jo', 'kim', 'lu'];

  beforeAll(async () => {
    db = await open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, issuer.env);
    await db.db
      .insert(users)
      .values([
        ...people.map((id) => ({ id, name: `${id[0].toUpperCase()}${id.slice(1)}` })),
        { id: 'gone', name: 'Gone', active: false },
      ]);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    await db?.close();
  });

  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    userId: string | null,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `${base}${url}`,
      headers: userId ? await issuer.headersFor(userId) : {},
      ...(payload ? { payload } : {}),
    });
  const mine = async (userId: string) =>
    PartyAnswer.parse((await call('GET', '/parties/mine', userId)).json());
  const create = (userId: string | null) => call('POST', '/parties', userId);
  const invite = (userId: string | null, who: string) =>
    call('POST', '/parties/mine/invitations', userId, { userId: who });
  const accept = (userId: string | null, invitationId: string) =>
    call('POST', `/partyInvitations/${invitationId}/accept`, userId);
  const decline = (userId: string | null, invitationId: string) =>
    call('POST', `/partyInvitations/${invitationId}/decline`, userId);
  const leave = (userId: string | null) => call('POST', '/parties/mine/leave', userId);
  const removeMember = (userId: string | null, who: string) =>
    call('DELETE', `/parties/mine/members/${who}`, userId);
  /** `leader` makes a party and everyone in `members` joins it. */
  const partyOf = async (leader: string, members: string[]) => {
    expect((await create(leader)).statusCode).toBe(201);
    for (const member of members) {
      const invitation = PartyInvitation.parse((await invite(leader, member)).json());
      expect((await accept(member, invitation.invitationId)).statusCode).toBe(200);
    }
    return (await mine(leader)).party!;
  };

  it('makes a party, invites, and lists participants and invitations to both sides', async () => {
    const made = await create('ana');
    expect(made.statusCode, made.body).toBe(201);
    const party = Party.parse(made.json());
    expect(party).toMatchObject({ leaderId: 'ana', invitations: [] });
    expect(party.members.map((m) => [m.user.name, m.leader])).toEqual([['Ana', true]]);
    expect(Date.parse(party.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const sent = await invite('ana', 'ben');
    expect(sent.statusCode, sent.body).toBe(201);
    const invitation = PartyInvitation.parse(sent.json());
    expect(invitation).toMatchObject({ from: { name: 'Ana' }, to: { name: 'Ben' }, partyId: party.partyId });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(partyRules.invitationMs);
    expect((await mine('ana')).party?.invitations.map((i) => i.to.id)).toEqual(['ben']);
    expect((await mine('ben')).invitations.map((i) => i.invitationId)).toEqual([invitation.invitationId]);
    expect((await mine('ben')).party).toBeNull();

    const joined = await accept('ben', invitation.invitationId);
    expect(joined.statusCode, joined.body).toBe(200);
    const after = Party.parse(joined.json());
    expect(after.members.map((m) => m.user.id)).toEqual(['ana', 'ben']);
    expect(after.invitations).toEqual([]);
    expect((await mine('ben')).invitations).toEqual([]);
    // The invitation is spent.
    expect((await accept('ben', invitation.invitationId)).statusCode).toBe(404);
  });

  it('hands the party to the member who joined first when its leader leaves, and ends it with the last', async () => {
    const party = await partyOf('cai', ['dee', 'eli']);
    expect((await leave('cai')).statusCode).toBe(204);
    const now = (await mine('dee')).party!;
    expect(now.partyId).toBe(party.partyId);
    expect(now.leaderId).toBe('dee');
    expect(now.members.map((m) => m.user.id)).toEqual(['dee', 'eli']);
    expect((await mine('cai')).party).toBeNull();
    // The new leader removes a member; the last to leave ends it.
    expect((await removeMember('dee', 'eli')).statusCode).toBe(204);
    expect((await mine('eli')).party).toBeNull();
    expect((await leave('dee')).statusCode).toBe(204);
    expect((await mine('dee')).party).toBeNull();
    expect((await leave('dee')).statusCode).toBe(404);
  });

  it('makes a party for someone who invites without one', async () => {
    const sent = await invite('kim', 'lu');
    expect(sent.statusCode, sent.body).toBe(201);
    const party = (await mine('kim')).party!;
    expect(party).toMatchObject({ leaderId: 'kim' });
    expect(party.invitations.map((i) => i.to.id)).toEqual(['lu']);
    // Inviting oneself makes nothing.
    expect((await invite('lu', 'lu')).statusCode).toBe(404);
    expect((await mine('lu')).party).toBeNull();
    await leave('kim');
  });

  it('moves someone who accepts another invitation out of their party', async () => {
    await partyOf('fay', ['gus']);
    await create('hal');
    const invitation = PartyInvitation.parse((await invite('hal', 'gus')).json());
    const declined = PartyInvitation.parse((await invite('hal', 'fay')).json());
    expect((await decline('fay', declined.invitationId)).statusCode).toBe(204);
    expect((await accept('fay', declined.invitationId)).statusCode).toBe(404);
    expect((await accept('gus', invitation.invitationId)).statusCode).toBe(200);
    expect((await mine('gus')).party?.leaderId).toBe('hal');
    expect((await mine('fay')).party?.members.map((m) => m.user.id)).toEqual(['fay']);
    // Both leave, so that the next tests start from nothing.
    for (const id of ['fay', 'gus', 'hal']) await leave(id);
  });

  it('refuses with a reason and changes nothing', async () => {
    await create('ivy');
    await db.db.insert(userBlocks).values({ blockerId: 'kim', blockedId: 'ivy' });
    const refusals: [Awaited<ReturnType<typeof call>>, number, string][] = [
      [await create('ivy'), 422, partyMessages.already],
      [await invite('ivy', 'ivy'), 422, partyMessages.self],
      [await invite('ivy', 'gone'), 404, partyMessages.unknownUser],
      [await invite('ivy', 'nobody-at-all'), 404, partyMessages.unknownUser],
      [await invite('ivy', 'kim'), 422, partyMessages.blocked],
      [await invite('ivy', ''), 400, ''],
      [await accept('jo', 'no-such-invitation'), 404, partyMessages.noInvitation],
      [await removeMember('ivy', 'jo'), 404, partyMessages.notMember],
    ];
    const first = PartyInvitation.parse((await invite('ivy', 'jo')).json());
    refusals.push([await invite('ivy', 'jo'), 422, partyMessages.invited]);
    for (const [res, status, message] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBeTruthy();
      if (message) expect(res.json().message).toBe(message);
    }
    const party = (await mine('ivy')).party!;
    expect(party.members.map((m) => m.user.id)).toEqual(['ivy']);
    expect(party.invitations.map((i) => i.invitationId)).toEqual([first.invitationId]);

    // An invitation lapses after its time.
    await db.db.insert(partyInvitations).values({
      id: 'old-invitation',
      partyId: party.partyId,
      fromId: 'ivy',
      toId: 'lu',
      createdAt: new Date(Date.now() - partyRules.invitationMs - 1000).toISOString(),
    });
    expect((await mine('lu')).invitations).toEqual([]);
    expect((await accept('lu', 'old-invitation')).statusCode).toBe(404);
    expect((await call('DELETE', `/parties/mine/invitations/${first.invitationId}`, 'ivy')).statusCode).toBe(
      204,
    );
    expect((await accept('jo', first.invitationId)).statusCode).toBe(404);
    await leave('ivy');
  });

  it('lets only the leader invite and remove, and nobody signed out', async () => {
    await partyOf('ana', ['ben']).catch(() => undefined);
    const party = (await mine('ana')).party!;
    expect(party.leaderId).toBe('ana');
    // A member is not the leader.
    for (const res of [await invite('ben', 'cai'), await removeMember('ben', 'ana')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(partyMessages.leaderOnly);
    }
    // A stranger has no party to remove anyone from.
    expect((await removeMember('cai', 'ben')).statusCode).toBe(404);
    expect((await call('DELETE', '/parties/mine/invitations/x', 'cai')).statusCode).toBe(404);
    // Someone else's invitation is not theirs to answer.
    const invitation = PartyInvitation.parse((await invite('ana', 'dee')).json());
    expect((await accept('eli', invitation.invitationId)).statusCode).toBe(404);
    expect((await decline('ben', invitation.invitationId)).statusCode).toBe(404);
    for (const res of [
      await call('GET', '/parties/mine', null),
      await create(null),
      await invite(null, 'ben'),
      await accept(null, invitation.invitationId),
      await leave(null),
    ])
      expect(res.statusCode).toBe(401);
    expect((await mine('ana')).party?.members.map((m) => m.user.id)).toEqual(['ana', 'ben']);
    for (const id of ['ana', 'ben']) await leave(id);
  });

  it('keeps a party to its size', async () => {
    // One place left: two invitations are out, and only the first to accept gets in.
    const members = people.slice(1, partyRules.maxMembers - 1);
    await partyOf('ana', members);
    await db.db.insert(users).values({ id: 'zed', name: 'Zed' }).onConflictDoNothing();
    const last = people[partyRules.maxMembers - 1];
    const first = PartyInvitation.parse((await invite('ana', last)).json());
    const second = PartyInvitation.parse((await invite('ana', 'zed')).json());
    expect((await accept(last, first.invitationId)).statusCode).toBe(200);
    const late = await accept('zed', second.invitationId);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(partyMessages.full);
    expect((await mine('zed')).party).toBeNull();
    const more = await invite('ana', people[partyRules.maxMembers]);
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(partyMessages.full);
    expect((await mine('ana')).party?.members).toHaveLength(partyRules.maxMembers);
    for (const id of ['ana', ...members, last]) await leave(id);
  });

  it('describes its routes in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toContain(`${base}/parties/mine`);
    expect(paths).toContain(`${base}/partyInvitations/{invitationId}/accept`);
  });
});

describe('parties on the live-user hub with the official SignalR client', () => {
  const server = hubTestServer({ users: ['owner', 'ana', 'ben', 'cai'] });
  const rest = async (method: 'POST' | 'GET', url: string, userId: string) =>
    server.t.app.inject({ method, url: `${base}${url}`, headers: await server.headersFor(userId) });

  const connect = (userId: string) =>
    server.connect(liveUserHubPath, userId, (client) => ({
      joined: inbox(client, 'JoinedGroup'),
      left: inbox(client, 'LeftGroup'),
      invited: inbox(client, 'PartyInvited'),
      moves: inbox(client, 'PartyMove'),
    }));

  it('tells the members who joins and leaves, and takes the members along when the leader moves', async () => {
    const gallery = await insertSpace(server, 'Gallery');
    const garden = await insertSpace(server, 'Garden');
    const ana = await connect('ana');
    const ben = await connect('ben');
    const cai = await connect('cai');

    expect((await rest('POST', '/parties', 'ana')).statusCode).toBe(201);
    await within(ana.joined.next(), 3000, 'own JoinedGroup');
    const sent = await server.t.app.inject({
      method: 'POST',
      url: `${base}/parties/mine/invitations`,
      headers: await server.headersFor('ana'),
      payload: { userId: 'ben' },
    });
    const invitation = PartyInvitation.parse(sent.json());
    const [told] = await within(ben.invited.next(), 3000, 'PartyInvited');
    expect(PartyInvitation.parse(told).invitationId).toBe(invitation.invitationId);
    await within(ana.joined.next(), 3000, 'JoinedGroup with the invitation');

    expect(
      (await rest('POST', `/partyInvitations/${invitation.invitationId}/accept`, 'ben')).statusCode,
    ).toBe(200);
    for (const box of [ana.joined, ben.joined]) {
      const [party] = await within(box.next(), 3000, 'JoinedGroup');
      expect(Party.parse(party).members.map((m) => m.user.id)).toEqual(['ana', 'ben']);
    }

    // Ana and Ben are in the gallery; Cai too, but not in the party.
    for (const visitor of [ana, ben, cai])
      await visitor.client.invoke<LiveInstanceEntered>('JoinScene', gallery);
    // The leader goes through a portal to the garden: her viewer starts again, on a new connection.
    // Ben is told where to follow her; Cai is not.
    await ana.client.stop();
    const anaThere = await connect('ana');
    const there = await anaThere.client.invoke<LiveInstanceEntered>('JoinScene', garden);
    const [move] = await within(ben.moves.next(), 3000, 'PartyMove');
    const moved = PartyMove.parse(move);
    expect(moved).toMatchObject({
      leaderId: 'ana',
      leaderName: 'Ana',
      fromSceneId: gallery,
      sceneId: garden,
      instanceId: there.instanceId,
    });
    const followed = await ben.client.invoke<LiveInstanceEntered>('JoinScene', garden, {
      instanceId: moved.instanceId,
    });
    expect(followed.instanceId).toBe(there.instanceId);
    // A member's own move takes nobody along.
    await ben.client.invoke('JoinScene', gallery);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(anaThere.moves.received).toEqual([]);
    expect(cai.moves.received).toEqual([]);

    // A space Ben may not enter (Ana's, private): she goes alone.
    const study = await insertSpace(server, 'Study', {
      ownerId: 'ana',
      creatorId: 'ana',
      privacyAclEnabled: true,
    });
    await anaThere.client.invoke('JoinScene', study);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ben.moves.received).toEqual([]);

    expect((await rest('POST', '/parties/mine/leave', 'ben')).statusCode).toBe(204);
    for (const box of [anaThere.left, ben.left]) {
      const [left] = await within(box.next(), 3000, 'LeftGroup');
      expect(PartyLeft.parse(left)).toMatchObject({ userId: 'ben', ended: false, leaderId: 'ana' });
    }
  });
});
