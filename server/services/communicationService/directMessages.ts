import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DirectMessage,
  directMessageHubPath,
  DirectMessageGroup,
  DirectMessageGroupInput,
  DirectMessageGroupsAnswer,
  DirectMessageInput,
  directMessageMessages,
  directMessageRules,
  DirectMessagesPage,
  type DirectMessageUser,
} from '../../../contracts/directMessages';
import { blockMessages } from '../../../contracts/blocks';
import { ErrorBody } from '../../../contracts/errors';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { directMessageGroups, directMessageMembers, directMessages, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { type Hub, HubError, isGuest } from '../../hubs';
import { callerOf, type Caller } from '../../http/caller';
import { SendWindow } from '../../support/sendWindow';
import { toIsoTime } from '../../support/time';
import type { BlocksService } from './blocks';
import { peopleOf } from './people';

const refuse = (message: string) => new AppError('BUSINESS_RULE', message);

type MessageRow = typeof directMessages.$inferSelect;

const pairKeyOf = (a: string, b: string) => [a, b].sort().join(' ');

/**
 * Direct messages (contracts/directMessages.ts): groups of signed-in users, their kept messages,
 * and who has read what. Every change reaches the members' open connections of the
 * direct-message-group hub (every tab, every process through the hubs' backplane). Blocks
 * (contracts/blocks.ts) keep people apart: no conversation of two across one, and a reader never
 * gets what someone they blocked writes.
 */
export class DirectMessagesService {
  private readonly window = new SendWindow(
    directMessageRules.messagesPerWindow,
    directMessageRules.messageWindowMs,
  );
  /** The hub that carries news to members (set once it is added). */
  hub: Hub | null = null;

  constructor(
    private readonly db: Database,
    private readonly blocks: BlocksService,
  ) {}

  private usersOf(ids: string[]): Promise<Map<string, DirectMessageUser>> {
    return peopleOf(this.db, ids);
  }

  private toMessage(row: MessageRow, people: Map<string, DirectMessageUser>): DirectMessage {
    return {
      id: row.id,
      groupId: row.groupId,
      text: row.text,
      time: toIsoTime(row.createdAt),
      user: people.get(row.senderId) ?? { id: row.senderId, name: 'Visitor', profilePicture: null },
    };
  }

  /** The member ids of a group the caller is in (else 403; 404 when there is no such group). */
  private async membersFor(groupId: string, caller: Caller): Promise<string[]> {
    const rows = await this.db
      .select({ userId: directMessageMembers.userId })
      .from(directMessageMembers)
      .where(eq(directMessageMembers.groupId, groupId));
    if (rows.length === 0) throw notFound('No such conversation');
    const ids = rows.map((r) => r.userId);
    if (!ids.includes(caller.userId)) throw forbidden(directMessageMessages.notMember);
    return ids;
  }

  /** The group of a pair (by its `pairKey`), as `userId` sees it, if it exists. */
  private async pairGroup(userId: string, pairKey: string): Promise<DirectMessageGroup | undefined> {
    const [existing] = await this.db
      .select({ id: directMessageGroups.id })
      .from(directMessageGroups)
      .where(eq(directMessageGroups.pairKey, pairKey))
      .limit(1);
    return existing ? (await this.groupsOf(userId, existing.id))[0] : undefined;
  }

  /** The message `senderId` sent with `clientId`, if it was kept. */
  private async kept(senderId: string, clientId: string): Promise<DirectMessage | undefined> {
    const [row] = await this.db
      .select()
      .from(directMessages)
      .where(and(eq(directMessages.senderId, senderId), eq(directMessages.clientId, clientId)))
      .limit(1);
    return row ? this.toMessage(row, await this.usersOf([senderId])) : undefined;
  }

  /** The caller's groups, latest first, with their members, last message and unread count. */
  async list(caller: Caller): Promise<DirectMessageGroupsAnswer> {
    const groups = await this.groupsOf(caller.userId);
    const unread = groups.reduce((sum, group) => sum + group.unread, 0);
    return { groups, unread };
  }

  private async groupsOf(userId: string, only?: string): Promise<DirectMessageGroup[]> {
    const mine = await this.db
      .select({
        id: directMessageGroups.id,
        title: directMessageGroups.title,
        createdAt: directMessageGroups.createdAt,
        lastReadAt: directMessageMembers.lastReadAt,
      })
      .from(directMessageMembers)
      .innerJoin(directMessageGroups, eq(directMessageGroups.id, directMessageMembers.groupId))
      .where(
        and(eq(directMessageMembers.userId, userId), only ? eq(directMessageGroups.id, only) : undefined),
      )
      .orderBy(desc(directMessageGroups.lastMessageAt), desc(directMessageGroups.id))
      .limit(directMessageRules.listMax);
    if (mine.length === 0) return [];
    const groupIds = mine.map((g) => g.id);
    const notFrom = this.blocks.notBlockedBy(userId);
    const [members, lasts, unreads] = await Promise.all([
      this.db
        .select({ groupId: directMessageMembers.groupId, userId: directMessageMembers.userId })
        .from(directMessageMembers)
        .where(inArray(directMessageMembers.groupId, groupIds)),
      this.db
        .selectDistinctOn([directMessages.groupId])
        .from(directMessages)
        .where(and(inArray(directMessages.groupId, groupIds), notFrom))
        .orderBy(directMessages.groupId, desc(directMessages.id)),
      this.db
        .select({ groupId: directMessages.groupId, n: sql<number>`count(*)::int` })
        .from(directMessages)
        .innerJoin(
          directMessageMembers,
          and(
            eq(directMessageMembers.groupId, directMessages.groupId),
            eq(directMessageMembers.userId, userId),
          ),
        )
        .where(
          and(
            inArray(directMessages.groupId, groupIds),
            ne(directMessages.senderId, userId),
            notFrom,
            or(
              isNull(directMessageMembers.lastReadAt),
              gt(directMessages.createdAt, directMessageMembers.lastReadAt),
            ),
          ),
        )
        .groupBy(directMessages.groupId),
    ]);
    const people = await this.usersOf([
      ...new Set([...members.map((m) => m.userId), ...lasts.map((m) => m.senderId)]),
    ]);
    return mine.map((group) => {
      const last = lasts.find((m) => m.groupId === group.id);
      return {
        groupId: group.id,
        title: group.title,
        createdAt: toIsoTime(group.createdAt),
        members: members
          .filter((m) => m.groupId === group.id)
          .map((m) => people.get(m.userId))
          .filter((u): u is DirectMessageUser => u !== undefined)
          .sort((a, b) => a.name.localeCompare(b.name)),
        lastMessage: last ? this.toMessage(last, people) : null,
        unread: unreads.find((u) => u.groupId === group.id)?.n ?? 0,
      };
    });
  }

  /**
   * Makes a group of the caller and `userIds` (every one an active account). With one other
   * person, their pair's group is answered if it exists (`created` false).
   */
  async create(caller: Caller, input: DirectMessageGroupInput) {
    if (isGuest(caller.userId)) throw forbidden(directMessageMessages.guests);
    const others = [...new Set(input.userIds.filter((id) => id !== caller.userId))];
    if (others.length === 0) throw refuse(directMessageMessages.nobody);
    if (others.length + 1 > directMessageRules.maxMembers) throw refuse(directMessageMessages.tooMany);
    const found = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, others), eq(users.active, true)));
    if (found.length !== others.length) throw refuse(directMessageMessages.unknownUser);
    const pairKey = others.length === 1 ? pairKeyOf(caller.userId, others[0]) : null;
    if (pairKey) {
      const existing = await this.pairGroup(caller.userId, pairKey);
      if (existing) return { group: existing, created: false };
    }
    if (await this.blocks.across(caller.userId, others)) throw refuse(blockMessages.blocked);
    const groupId = uuidv7();
    const made = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(directMessageGroups)
        .values({ id: groupId, title: input.title || null, pairKey, createdBy: caller.userId })
        .onConflictDoNothing()
        .returning({ id: directMessageGroups.id });
      if (inserted.length === 0) return false;
      await tx
        .insert(directMessageMembers)
        .values([caller.userId, ...others].map((userId) => ({ groupId, userId })));
      return true;
    });
    // The pair made their group at the same moment: theirs is answered.
    if (!made) return { group: (await this.pairGroup(caller.userId, pairKey!))!, created: false };
    const group = (await this.groupsOf(caller.userId, groupId))[0];
    for (const userId of [caller.userId, ...others])
      await this.hub?.clients
        .user(userId, 'NewDirectMessageGroup', { ...group, unread: 0 })
        .catch(() => undefined);
    return { group, created: true };
  }

  /** A page of a group's messages, oldest first: the latest, or those before `before`. */
  async messages(groupId: string, caller: Caller, before?: string): Promise<DirectMessagesPage> {
    await this.membersFor(groupId, caller);
    const rows = await this.db
      .select()
      .from(directMessages)
      .where(
        and(
          eq(directMessages.groupId, groupId),
          before ? lt(directMessages.id, before) : undefined,
          this.blocks.notBlockedBy(caller.userId),
        ),
      )
      .orderBy(desc(directMessages.id))
      .limit(directMessageRules.pageSize + 1);
    const more = rows.length > directMessageRules.pageSize;
    const page = rows.slice(0, directMessageRules.pageSize).reverse();
    const people = await this.usersOf([...new Set(page.map((r) => r.senderId))]);
    return { messages: page.map((row) => this.toMessage(row, people)), more };
  }

  /**
   * Keeps a message and sends it to every member's connections. The same `clientId` from the same
   * sender is taken once (the kept message is answered). The message is read by its sender.
   */
  async send(groupId: string, caller: Caller, input: DirectMessageInput): Promise<DirectMessage> {
    const text = input.text.trim();
    if (!text) throw refuse(directMessageMessages.empty);
    if ([...text].length > directMessageRules.textMaxLength) throw refuse(directMessageMessages.tooLong);
    const members = await this.membersFor(groupId, caller);
    if (input.clientId) {
      const kept = await this.kept(caller.userId, input.clientId);
      if (kept) return kept;
    }
    const others = members.filter((id) => id !== caller.userId);
    if (others.length === 1 && (await this.blocks.across(caller.userId, others)))
      throw refuse(blockMessages.blocked);
    if (!this.window.take(caller.userId)) throw refuse(directMessageMessages.tooFast);
    const now = new Date().toISOString();
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(directMessages)
        .values({
          id: uuidv7(),
          groupId,
          senderId: caller.userId,
          clientId: input.clientId ?? null,
          text,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) return null;
      await tx
        .update(directMessageGroups)
        .set({ lastMessageAt: now })
        .where(eq(directMessageGroups.id, groupId));
      await tx
        .update(directMessageMembers)
        .set({ lastReadAt: now })
        .where(
          and(eq(directMessageMembers.groupId, groupId), eq(directMessageMembers.userId, caller.userId)),
        );
      return inserted;
    });
    // The same message, sent twice at once: the one kept is answered.
    if (!row) return (await this.kept(caller.userId, input.clientId!))!;
    const message = this.toMessage(row, await this.usersOf([caller.userId]));
    const blockers = await this.blocks.blockersOf(caller.userId, others);
    for (const userId of members.filter((id) => !blockers.has(id)))
      await this.hub?.clients.user(userId, 'NewDirectMessageGroupMessage', message).catch(() => undefined);
    return message;
  }

  /** Marks the group read for the caller up to now. */
  async markRead(groupId: string, caller: Caller) {
    await this.membersFor(groupId, caller);
    await this.db
      .update(directMessageMembers)
      .set({ lastReadAt: new Date().toISOString() })
      .where(and(eq(directMessageMembers.groupId, groupId), eq(directMessageMembers.userId, caller.userId)));
  }
}

const GroupParams = z.object({ groupId: z.string().min(1).max(64) });
const PageQuery = z.object({ before: z.string().max(64).optional() });

/** The direct-message routes (under the communication service's prefix) and the hub. */
export function directMessageRoutes(app: FastifyInstance, blocks: BlocksService) {
  const service = new DirectMessagesService(app.db, blocks);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const denied = {
    401: ErrorBody.describe('Not signed in'),
    403: ErrorBody.describe('Not in this conversation'),
    404: ErrorBody.describe('No such conversation'),
  };

  service.hub = app.hubServer.addHub({
    name: directMessageHubPath.split('/').at(-1)!,
    methods: {
      SendDirectMessageGroupMessage: async (context, groupId, text, clientId) => {
        const input = DirectMessageInput.safeParse({ text, clientId: clientId ?? undefined });
        if (typeof groupId !== 'string' || !groupId || groupId.length > 64 || !input.success)
          throw new HubError('SendDirectMessageGroupMessage needs a conversation id and a text');
        try {
          return (await service.send(groupId, context.user, input.data)).id;
        } catch (error) {
          throw error instanceof AppError ? new HubError(error.message) : error;
        }
      },
    },
  });

  routes.get(
    '/directMessageGroups',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: "The caller's direct message groups",
        description: `The latest ${directMessageRules.listMax}, with members, last message and unread counts.`,
        response: { 200: DirectMessageGroupsAnswer, 401: denied[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(callerOf(request));
    },
  );
  routes.post(
    '/directMessageGroups',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Start a direct message group',
        description:
          'With one other user, answers their existing pair (200) or makes it (201); with more, a new group. ' +
          '422 BUSINESS_RULE when someone has no active account.',
        body: DirectMessageGroupInput,
        response: {
          200: DirectMessageGroup,
          201: DirectMessageGroup,
          400: ErrorBody,
          ...denied,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { group, created } = await service.create(callerOf(request), request.body);
      return reply.code(created ? 201 : 200).send(group);
    },
  );
  routes.get(
    '/directMessageGroups/:groupId/messages',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: "A page of a group's messages",
        params: GroupParams,
        querystring: PageQuery,
        response: { 200: DirectMessagesPage, 400: ErrorBody, ...denied },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.messages(request.params.groupId, callerOf(request), request.query.before);
    },
  );
  routes.post(
    '/directMessageGroups/:groupId/messages',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Write in a direct message group',
        description: `At most ${directMessageRules.textMaxLength} characters; 422 BUSINESS_RULE when empty, too long or too fast.`,
        params: GroupParams,
        body: DirectMessageInput,
        response: { 201: DirectMessage, 400: ErrorBody, ...denied, 422: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.send(request.params.groupId, callerOf(request), request.body)),
  );
  routes.post(
    '/directMessageGroups/:groupId/read',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Mark a direct message group read',
        params: GroupParams,
        response: { 204: z.null().describe('Read'), ...denied },
      },
    },
    async (request, reply) => {
      await service.markRead(request.params.groupId, callerOf(request));
      return reply.code(204).send(null);
    },
  );
}
