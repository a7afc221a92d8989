import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { districtMessages } from '../../../contracts/districts';
import { ErrorBody } from '../../../contracts/errors';
import {
  type DistrictFollowState,
  DistrictFollowState as StateSchema,
  FollowDistrictParams,
} from '../../../contracts/follows';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { districtMembers, districts, follows, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { callerOf } from '../../http/caller';

/**
 * Following districts (platform.md §3 'District followers', profile › Districts › Following): the
 * follows table of users, with `target_kind` 'district'. A public district anyone may follow; a
 * private one its members.
 */
async function followable(db: Database, districtId: string, userId: string) {
  const [row] = await db
    .select({ isPublic: districts.public, role: districtMembers.role })
    .from(districts)
    .leftJoin(
      districtMembers,
      and(eq(districtMembers.districtId, districts.id), eq(districtMembers.userId, userId)),
    )
    .where(eq(districts.id, districtId));
  if (!row || (!row.isPublic && !row.role)) throw notFound(districtMessages.notFound);
}

async function stateOf(db: Database, districtId: string, userId: string): Promise<DistrictFollowState> {
  const [[mine], [{ n }]] = await Promise.all([
    db
      .select({ id: follows.id })
      .from(follows)
      .where(and(eq(follows.followerId, userId), eq(follows.districtId, districtId)))
      .limit(1),
    db.select({ n: count() }).from(follows).where(eq(follows.districtId, districtId)),
  ]);
  return { districtId, following: mine !== undefined, numOfFollowers: Number(n) };
}

export default async function districtFollowRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const responses = {
    200: StateSchema,
    400: ErrorBody.describe('A parameter is not valid'),
    401: ErrorBody.describe('Not signed in'),
    404: ErrorBody.describe(`'${districtMessages.notFound}' (or private to others)`),
  };

  app.get(
    '/follows/districts/:districtId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Whether the caller follows a district',
        params: FollowDistrictParams,
        response: responses,
      },
    },
    async (request) => {
      const userId = callerOf(request).userId;
      await followable(app.db, request.params.districtId, userId);
      return stateOf(app.db, request.params.districtId, userId);
    },
  );

  app.put(
    '/follows/districts/:districtId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Follow a district',
        description: 'Following again changes nothing.',
        params: FollowDistrictParams,
        response: { ...responses, 403: ErrorBody.describe('No user record yet') },
      },
    },
    async (request) => {
      const userId = callerOf(request).userId;
      const { districtId } = request.params;
      await followable(app.db, districtId, userId);
      const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw forbidden('No user record yet: create it with POST /api/userService/user');
      await app.db
        .insert(follows)
        .values({ id: uuidv7(), followerId: userId, targetKind: 'district', districtId })
        .onConflictDoNothing();
      return stateOf(app.db, districtId, userId);
    },
  );

  app.delete(
    '/follows/districts/:districtId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Unfollow a district',
        params: FollowDistrictParams,
        response: responses,
      },
    },
    async (request) => {
      const userId = callerOf(request).userId;
      const { districtId } = request.params;
      await followable(app.db, districtId, userId);
      await app.db
        .delete(follows)
        .where(and(eq(follows.followerId, userId), eq(follows.districtId, districtId)));
      return stateOf(app.db, districtId, userId);
    },
  );
}
