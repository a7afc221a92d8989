import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import { liveUserHubPath } from '../../../contracts/live';
import {
  Party,
  PartyAnswer,
  PartyInvitation,
  PartyInvitationInput,
  type PartyLeft,
  partyMessages,
  partyRules,
  type PartyUser,
} from '../../../contracts/parties';
import type { Database, Executor } from '../../db';
import { uuidv7 } from '../../db/ids';
import { parties, partyInvitations, partyMembers, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { isGuest } from '../../hubs';
import { callerOf, type Caller } from '../../http/caller';
import { toIsoTime } from '../../support/time';
import type { BlocksService } from './blocks';
import { peopleOf } from './people';

const refuse = (message: string) => new AppError('BUSINESS_RULE', message);

type InvitationRow = typeof partyInvitations.$inferSelect;

/** Where a party stands, for the live-user hub's moves. */
export interface PartyOfUser {
  partyId: string;
  leaderId: string;
  memberIds: string[];
}

/** The party `userId` is in, with its members' ids (the live-user hub's moves read it too), if any. */
export async function partyOfUser(db: Executor, userId: string): Promise<PartyOfUser | null> {
  const [mine] = await db
    .select({ partyId: partyMembers.partyId, leaderId: parties.leaderId })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .where(eq(partyMembers.userId, userId))
    .limit(1);
  if (!mine) return null;
  const members = await db
    .select({ userId: partyMembers.userId })
    .from(partyMembers)
    .where(eq(partyMembers.partyId, mine.partyId));
  return { ...mine, memberIds: members.map((m) => m.userId) };
}

/**
 * Parties (contracts/parties.ts). Every change reaches the people concerned through the live-user
 * hub (every tab, every process through the hubs' backplane): the party's members, and whoever was
 * invited, removed or left.
 */
export class PartiesService {
  constructor(
    private readonly db: Database,
    private readonly blocks: BlocksService,
    /** Sends a live-user hub event to a user's connections (none before the hub exists). */
    private readonly send: (userId: string, target: string, argument: unknown) => Promise<void>,
  ) {}

  private openSince() {
    return new Date(Date.now() - partyRules.invitationMs).toISOString();
  }

  private usersOf(ids: string[]): Promise<Map<string, PartyUser>> {
    return peopleOf(this.db, ids);
  }

  private toInvitations(rows: InvitationRow[], people: Map<string, PartyUser>): PartyInvitation[] {
    const someone = (id: string): PartyUser =>
      people.get(id) ?? { id, name: 'Visitor', profilePicture: null };
    return rows.map((row) => ({
      invitationId: row.id,
      partyId: row.partyId,
      from: someone(row.fromId),
      to: someone(row.toId),
      createdAt: toIsoTime(row.createdAt),
      expiresAt: new Date(new Date(row.createdAt).getTime() + partyRules.invitationMs).toISOString(),
    }));
  }

  /** The party `userId` is in, with its members' ids, if any. */
  partyOf(userId: string, db: Executor = this.db): Promise<PartyOfUser | null> {
    return partyOfUser(db, userId);
  }

  /** A party as its members see it. */
  async party(partyId: string): Promise<Party | null> {
    const [row] = await this.db.select().from(parties).where(eq(parties.id, partyId)).limit(1);
    if (!row) return null;
    const [members, invitations] = await Promise.all([
      this.db
        .select()
        .from(partyMembers)
        .where(eq(partyMembers.partyId, partyId))
        .orderBy(asc(partyMembers.joinedAt), asc(partyMembers.userId)),
      this.db
        .select()
        .from(partyInvitations)
        .where(
          and(
            eq(partyInvitations.partyId, partyId),
            eq(partyInvitations.state, 'pending'),
            gt(partyInvitations.createdAt, this.openSince()),
          ),
        )
        .orderBy(desc(partyInvitations.createdAt)),
    ]);
    const people = await this.usersOf([
      ...new Set([...members.map((m) => m.userId), ...invitations.flatMap((i) => [i.fromId, i.toId])]),
    ]);
    const listed = members
      .map((m) => ({
        user: people.get(m.userId) ?? { id: m.userId, name: 'Visitor', profilePicture: null },
        joinedAt: toIsoTime(m.joinedAt),
        leader: m.userId === row.leaderId,
      }))
      .sort((a, b) => Number(b.leader) - Number(a.leader));
    return {
      partyId,
      createdAt: toIsoTime(row.createdAt),
      leaderId: row.leaderId,
      members: listed,
      invitations: this.toInvitations(invitations, people),
    };
  }

  /** The caller's party and the open invitations they received. */
  async mine(caller: Caller): Promise<PartyAnswer> {
    if (isGuest(caller.userId)) return { party: null, invitations: [] };
    const [mine, received] = await Promise.all([
      this.partyOf(caller.userId),
      this.db
        .select()
        .from(partyInvitations)
        .where(
          and(
            eq(partyInvitations.toId, caller.userId),
            eq(partyInvitations.state, 'pending'),
            gt(partyInvitations.createdAt, this.openSince()),
          ),
        )
        .orderBy(desc(partyInvitations.createdAt))
        .limit(partyRules.maxPendingInvitations),
    ]);
    const people = await this.usersOf([...new Set(received.flatMap((i) => [i.fromId, i.toId]))]);
    return {
      party: mine ? await this.party(mine.partyId) : null,
      invitations: this.toInvitations(received, people),
    };
  }

  /** Tells every member (and `also`) that the party changed. */
  private async tell(memberIds: string[], target: string, argument: unknown, also: string[] = []) {
    for (const userId of new Set([...memberIds, ...also]))
      await this.send(userId, target, argument).catch(() => undefined);
  }

  private signedIn(caller: Caller) {
    if (isGuest(caller.userId)) throw forbidden(partyMessages.guests);
  }

  /** Makes a party the caller leads. */
  async create(caller: Caller): Promise<Party> {
    this.signedIn(caller);
    const partyId = uuidv7();
    await this.db.transaction(async (tx) => {
      if (await this.partyOf(caller.userId, tx)) throw refuse(partyMessages.already);
      await tx.insert(parties).values({ id: partyId, leaderId: caller.userId });
      const joined = await tx
        .insert(partyMembers)
        .values({ partyId, userId: caller.userId })
        .onConflictDoNothing()
        .returning({ userId: partyMembers.userId });
      // Two parties made at once: the other one was first.
      if (joined.length === 0) throw refuse(partyMessages.already);
    });
    const party = (await this.party(partyId))!;
    await this.tell([caller.userId], 'JoinedGroup', party);
    return party;
  }

  /** The caller's party, which they must lead. */
  private async led(caller: Caller): Promise<PartyOfUser> {
    this.signedIn(caller);
    const mine = await this.partyOf(caller.userId);
    if (!mine) throw notFound(partyMessages.none);
    if (mine.leaderId !== caller.userId) throw forbidden(partyMessages.leaderOnly);
    return mine;
  }

  /** The leader invites someone; someone in no party makes one first, and leads it. */
  async invite(caller: Caller, input: PartyInvitationInput): Promise<PartyInvitation> {
    this.signedIn(caller);
    if (!(await this.partyOf(caller.userId)) && input.userId !== caller.userId) await this.create(caller);
    const mine = await this.led(caller);
    const { userId } = input;
    if (userId === caller.userId) throw refuse(partyMessages.self);
    if (mine.memberIds.includes(userId)) throw refuse(partyMessages.member);
    if (isGuest(userId)) throw refuse(partyMessages.guests);
    const [user] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.active, true)))
      .limit(1);
    if (!user) throw notFound(partyMessages.unknownUser);
    if (await this.blocks.across(caller.userId, [userId])) throw refuse(partyMessages.blocked);
    const open = await this.db
      .select({ toId: partyInvitations.toId })
      .from(partyInvitations)
      .where(
        and(
          eq(partyInvitations.partyId, mine.partyId),
          eq(partyInvitations.state, 'pending'),
          gt(partyInvitations.createdAt, this.openSince()),
        ),
      );
    if (open.some((i) => i.toId === userId)) throw refuse(partyMessages.invited);
    if (open.length >= partyRules.maxPendingInvitations) throw refuse(partyMessages.tooManyInvitations);
    if (mine.memberIds.length >= partyRules.maxMembers) throw refuse(partyMessages.full);
    const [row] = await this.db
      .insert(partyInvitations)
      .values({ id: uuidv7(), partyId: mine.partyId, fromId: caller.userId, toId: userId })
      .returning();
    const [invitation] = this.toInvitations([row], await this.usersOf([caller.userId, userId]));
    await this.tell([userId], 'PartyInvited', invitation);
    await this.tell(mine.memberIds, 'JoinedGroup', await this.party(mine.partyId));
    return invitation;
  }

  /** The leader takes back an open invitation. */
  async cancel(caller: Caller, invitationId: string) {
    const mine = await this.led(caller);
    const changed = await this.db
      .update(partyInvitations)
      .set({ state: 'cancelled' })
      .where(
        and(
          eq(partyInvitations.id, invitationId),
          eq(partyInvitations.partyId, mine.partyId),
          eq(partyInvitations.state, 'pending'),
        ),
      )
      .returning({ toId: partyInvitations.toId });
    if (changed.length === 0) throw notFound(partyMessages.noInvitation);
    await this.tell(mine.memberIds, 'JoinedGroup', await this.party(mine.partyId));
  }

  /** An open invitation to the caller (else 404). */
  private async invitationTo(caller: Caller, invitationId: string): Promise<InvitationRow> {
    this.signedIn(caller);
    const [row] = await this.db
      .select()
      .from(partyInvitations)
      .where(
        and(
          eq(partyInvitations.id, invitationId),
          eq(partyInvitations.toId, caller.userId),
          eq(partyInvitations.state, 'pending'),
          gt(partyInvitations.createdAt, this.openSince()),
        ),
      )
      .limit(1);
    if (!row) throw notFound(partyMessages.noInvitation);
    return row;
  }

  /** The caller joins the party that invited them, leaving the one they were in. */
  async accept(caller: Caller, invitationId: string): Promise<Party> {
    const invitation = await this.invitationTo(caller, invitationId);
    const before = await this.partyOf(caller.userId);
    if (before?.partyId === invitation.partyId) throw refuse(partyMessages.self);
    let left: PartyLeft | null = null;
    await this.db.transaction(async (tx) => {
      // The party's row, locked: two joining at once cannot pass the size together.
      const [party] = await tx
        .select({ id: parties.id })
        .from(parties)
        .where(eq(parties.id, invitation.partyId))
        .for('update');
      if (!party) throw notFound(partyMessages.noInvitation);
      const members = await tx
        .select({ userId: partyMembers.userId })
        .from(partyMembers)
        .where(eq(partyMembers.partyId, invitation.partyId));
      if (members.length >= partyRules.maxMembers) throw refuse(partyMessages.full);
      const taken = await tx
        .update(partyInvitations)
        .set({ state: 'accepted' })
        .where(and(eq(partyInvitations.id, invitationId), eq(partyInvitations.state, 'pending')))
        .returning({ id: partyInvitations.id });
      if (taken.length === 0) throw notFound(partyMessages.noInvitation);
      if (before) left = await this.leaveIn(tx, before, caller.userId);
      await tx.insert(partyMembers).values({ partyId: invitation.partyId, userId: caller.userId });
    });
    if (before && left) await this.tell(before.memberIds, 'LeftGroup', left);
    const party = (await this.party(invitation.partyId))!;
    await this.tell(
      party.members.map((m) => m.user.id),
      'JoinedGroup',
      party,
    );
    return party;
  }

  async decline(caller: Caller, invitationId: string) {
    const invitation = await this.invitationTo(caller, invitationId);
    await this.db
      .update(partyInvitations)
      .set({ state: 'declined' })
      .where(and(eq(partyInvitations.id, invitationId), eq(partyInvitations.state, 'pending')));
    const party = await this.party(invitation.partyId);
    if (party)
      await this.tell(
        party.members.map((m) => m.user.id),
        'JoinedGroup',
        party,
      );
  }

  /**
   * Takes `userId` out of `party` inside a transaction: the last one out ends it; a leader who
   * leaves hands it to the member who joined first.
   */
  private async leaveIn(tx: Executor, party: PartyOfUser, userId: string): Promise<PartyLeft> {
    await tx
      .delete(partyMembers)
      .where(and(eq(partyMembers.partyId, party.partyId), eq(partyMembers.userId, userId)));
    const [next] = await tx
      .select({ userId: partyMembers.userId })
      .from(partyMembers)
      .where(eq(partyMembers.partyId, party.partyId))
      .orderBy(asc(partyMembers.joinedAt), asc(partyMembers.userId))
      .limit(1);
    if (!next) {
      await tx.delete(parties).where(eq(parties.id, party.partyId));
      return { partyId: party.partyId, userId, ended: true, leaderId: null };
    }
    let leaderId = party.leaderId;
    if (leaderId === userId) {
      leaderId = next.userId;
      await tx.update(parties).set({ leaderId }).where(eq(parties.id, party.partyId));
      // The old leader's invitations stand for the party: they stay open.
    }
    return { partyId: party.partyId, userId, ended: false, leaderId };
  }

  async leave(caller: Caller) {
    this.signedIn(caller);
    const mine = await this.partyOf(caller.userId);
    if (!mine) throw notFound(partyMessages.none);
    await this.out(mine, caller.userId);
  }

  /** The leader removes a member. */
  async remove(caller: Caller, userId: string) {
    const mine = await this.led(caller);
    if (userId === caller.userId) throw refuse(partyMessages.leaderOnly);
    if (!mine.memberIds.includes(userId)) throw notFound(partyMessages.notMember);
    await this.out(mine, userId);
  }

  private async out(party: PartyOfUser, userId: string) {
    const left = await this.db.transaction((tx) => this.leaveIn(tx, party, userId));
    await this.tell(party.memberIds, 'LeftGroup', left);
    if (!left.ended) {
      const now = await this.party(party.partyId);
      if (now)
        await this.tell(
          now.members.map((m) => m.user.id),
          'JoinedGroup',
          now,
        );
    }
  }
}

const InvitationParams = z.object({ invitationId: z.string().min(1).max(64) });
const MemberParams = z.object({ userId: z.string().min(1).max(200) });

/** The party routes (under the communication service's prefix). Events go out on the live-user hub. */
export function partyRoutes(app: FastifyInstance, blocks: BlocksService): PartiesService {
  const hubName = liveUserHubPath.split('/').at(-1)!;
  const service = new PartiesService(app.db, blocks, async (userId, target, argument) => {
    await app.hubServer.hub(hubName)?.clients.user(userId, target, argument);
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const denied = {
    401: ErrorBody.describe('Not signed in'),
    403: ErrorBody.describe('A guest, or not the party leader'),
    404: ErrorBody.describe('Not in a party, or no such open invitation'),
  };
  const noContent = z.null().describe('Done');

  routes.get(
    '/parties/mine',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: "The caller's party and the invitations they received",
        response: { 200: PartyAnswer, 401: denied[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.mine(callerOf(request));
    },
  );
  routes.post(
    '/parties',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Start a party',
        description: 'The caller leads it. 422 BUSINESS_RULE when they are in a party already.',
        response: { 201: Party, 401: denied[401], 403: denied[403], 422: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(callerOf(request))),
  );
  routes.post(
    '/parties/mine/invitations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Invite someone to the party',
        description:
          `The leader only; a caller in no party makes one, which they lead. ` +
          `The invitation lapses after ${partyRules.invitationMs / 60_000} minutes.`,
        body: PartyInvitationInput,
        response: { 201: PartyInvitation, 400: ErrorBody, ...denied, 422: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await service.invite(callerOf(request), request.body)),
  );
  routes.delete(
    '/parties/mine/invitations/:invitationId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Take an invitation back',
        params: InvitationParams,
        response: { 204: noContent, ...denied },
      },
    },
    async (request, reply) => {
      await service.cancel(callerOf(request), request.params.invitationId);
      return reply.code(204).send(null);
    },
  );
  routes.post(
    '/parties/mine/leave',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Leave the party',
        description: 'A leader who leaves hands the party to the member who joined first; the last ends it.',
        response: { 204: noContent, ...denied },
      },
    },
    async (request, reply) => {
      await service.leave(callerOf(request));
      return reply.code(204).send(null);
    },
  );
  routes.delete(
    '/parties/mine/members/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Remove a member from the party',
        params: MemberParams,
        response: { 204: noContent, ...denied, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
  routes.post(
    '/partyInvitations/:invitationId/accept',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Join the party that invited the caller',
        description: 'The caller leaves the party they were in. 422 BUSINESS_RULE when the party is full.',
        params: InvitationParams,
        response: { 200: Party, ...denied, 422: ErrorBody },
      },
    },
    async (request) => service.accept(callerOf(request), request.params.invitationId),
  );
  routes.post(
    '/partyInvitations/:invitationId/decline',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Decline a party invitation',
        params: InvitationParams,
        response: { 204: noContent, ...denied },
      },
    },
    async (request, reply) => {
      await service.decline(callerOf(request), request.params.invitationId);
      return reply.code(204).send(null);
    },
  );
  return service;
}
