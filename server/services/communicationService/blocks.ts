import { and, count, desc, eq, inArray, notInArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockMessages, blockRules, BlocksAnswer } from '../../../contracts/blocks';
import { ErrorBody } from '../../../contracts/errors';
import type { Database } from '../../db';
import { directMessages, userBlocks, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { isGuest } from '../../hubs';
import { callerOf, type Caller } from '../../http/caller';

const refuse = (message: string) => new AppError('BUSINESS_RULE', message);

/** Whom users blocked (contracts/blocks.ts), and what direct messages ask of it. */
export class BlocksService {
  constructor(private readonly db: Database) {}

  /** The ids `userId` blocked, latest first. */
  async blockedBy(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: userBlocks.blockedId })
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, userId))
      .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
      .limit(blockRules.maxBlocks);
    return rows.map((r) => r.id);
  }

  /**
   * A condition on messages: not written by anyone `readerId` blocked (a subquery, so that a
   * listing asks the database once).
   */
  notBlockedBy(readerId: string) {
    return notInArray(
      directMessages.senderId,
      this.db.select({ id: userBlocks.blockedId }).from(userBlocks).where(eq(userBlocks.blockerId, readerId)),
    );
  }

  /** Whether `userId` blocked any of `others`, or any of them blocked `userId`. */
  async across(userId: string, others: string[]): Promise<boolean> {
    if (others.length === 0) return false;
    const [row] = await this.db
      .select({ id: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, userId), inArray(userBlocks.blockedId, others)),
          and(eq(userBlocks.blockedId, userId), inArray(userBlocks.blockerId, others)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Of `readers`, those who blocked `senderId`. */
  async blockersOf(senderId: string, readers: string[]): Promise<Set<string>> {
    if (readers.length === 0) return new Set();
    const rows = await this.db
      .select({ id: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockedId, senderId), inArray(userBlocks.blockerId, readers)));
    return new Set(rows.map((r) => r.id));
  }

  async block(caller: Caller, userId: string) {
    if (userId === caller.userId) throw refuse(blockMessages.self);
    if (isGuest(userId)) throw refuse(blockMessages.guest);
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound(blockMessages.unknownUser);
    await this.db.transaction(async (tx) => {
      // Under the blocker's row lock: two blocks at once cannot pass the limit together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for('update');
      const [{ n }] = await tx
        .select({ n: count() })
        .from(userBlocks)
        .where(eq(userBlocks.blockerId, caller.userId));
      const [already] = await tx
        .select({ id: userBlocks.blockedId })
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, caller.userId), eq(userBlocks.blockedId, userId)));
      if (already) return;
      if (n >= blockRules.maxBlocks) throw refuse(blockMessages.tooMany);
      await tx
        .insert(userBlocks)
        .values({ blockerId: caller.userId, blockedId: userId })
        .onConflictDoNothing();
    });
  }

  async unblock(caller: Caller, userId: string) {
    await this.db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, caller.userId), eq(userBlocks.blockedId, userId)));
  }
}

const UserParams = z.object({ userId: z.string().min(1).max(100) });

/** The block routes (under the communication service's prefix). */
export function blockRoutes(app: FastifyInstance, service: BlocksService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/blocks',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Whom the caller blocked',
        response: { 200: BlocksAnswer, 401: ErrorBody.describe('Not signed in') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { userIds: await service.blockedBy(callerOf(request).userId) };
    },
  );
  routes.put(
    '/blocks/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Block a user',
        description:
          'They can no longer start or write in a conversation of two with the caller, and the caller no ' +
          `longer receives what they write in larger ones. 422 BUSINESS_RULE for oneself, a guest, or past ${blockRules.maxBlocks} blocks.`,
        params: UserParams,
        response: {
          204: z.null().describe('Blocked'),
          400: ErrorBody,
          401: ErrorBody.describe('Not signed in'),
          404: ErrorBody.describe('No such user'),
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      await service.block(callerOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
  routes.delete(
    '/blocks/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Unblock a user',
        params: UserParams,
        response: {
          204: z.null().describe('Not blocked'),
          400: ErrorBody,
          401: ErrorBody.describe('Not signed in'),
        },
      },
    },
    async (request, reply) => {
      await service.unblock(callerOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
}
