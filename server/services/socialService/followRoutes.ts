import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contracts/errors';
import { FollowState, FollowUserParams, MemberPage, MemberPageQuery } from '../../../contracts/follows';
import { callerOf } from '../../http/caller';
import { FollowService } from './followService';

const signedIn = { 401: ErrorBody.describe('Not signed in') };
const noUser = { 404: ErrorBody.describe('No such user (or the caller has no user record yet)') };
const badParams = { 400: ErrorBody.describe('A parameter is not valid (VALIDATION_FAILED)') };
const notSelf = { 422: ErrorBody.describe('SELF_FOLLOW: nobody follows themselves') };

/**
 * Follows of the social service (platform.md §2.3, §2.7): follow and unfollow a user, whether the
 * caller follows one, and a user's followers and following as member cards.
 */
export default async function followRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new FollowService({
    db: app.db,
    notifications: app.hasDecorator('notifications') ? app.notifications : undefined,
  });

  app.get(
    '/follows/users/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Whether the caller follows a user',
        description: "The caller's follow of the user and the user's follower count.",
        params: FollowUserParams,
        response: { 200: FollowState, ...badParams, ...signedIn, ...noUser },
      },
    },
    async (request) => service.get(callerOf(request).userId, request.params.userId),
  );

  app.put(
    '/follows/users/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Follow a user',
        description:
          'The caller follows the user; following again changes nothing. The user is told of a new ' +
          "follower (notification 'newFollower', unless they turned it off).",
        params: FollowUserParams,
        response: { 200: FollowState, ...badParams, ...signedIn, ...noUser, ...notSelf },
      },
    },
    async (request) => service.follow(callerOf(request).userId, request.params.userId),
  );

  app.delete(
    '/follows/users/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Unfollow a user',
        description: 'The caller no longer follows the user (nothing changes if they did not).',
        params: FollowUserParams,
        response: { 200: FollowState, ...badParams, ...signedIn, ...noUser, ...notSelf },
      },
    },
    async (request) => service.unfollow(callerOf(request).userId, request.params.userId),
  );

  app.get(
    '/users/:userId/followers',
    {
      schema: {
        tags: ['social'],
        summary: "A user's followers",
        description:
          'Public. Member cards, newest follow first; `following` tells whether the caller follows each one.',
        params: FollowUserParams,
        querystring: MemberPageQuery,
        response: { 200: MemberPage, ...badParams, 404: ErrorBody.describe('No such user') },
      },
    },
    async (request) => {
      const { cp, ipp } = request.query;
      return service.followers(request.params.userId, request.auth?.userId ?? null, cp, ipp);
    },
  );

  app.get(
    '/users/:userId/following',
    {
      schema: {
        tags: ['social'],
        summary: 'The users a user follows',
        description:
          'Public. Member cards, newest follow first; `following` tells whether the caller follows each one.',
        params: FollowUserParams,
        querystring: MemberPageQuery,
        response: { 200: MemberPage, ...badParams, 404: ErrorBody.describe('No such user') },
      },
    },
    async (request) => {
      const { cp, ipp } = request.query;
      return service.following(request.params.userId, request.auth?.userId ?? null, cp, ipp);
    },
  );
}
