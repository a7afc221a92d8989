import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contracts/errors';
import { PublishedScenePage } from '../../../contracts/publishing';
import { SceneIdParams } from '../../../contracts/scenes';
import { ReactionListQuery, SpaceReactions } from '../../../contracts/spaceReactions';
import { callerOf } from '../../http/caller';
import { spaceResponses } from './likes';
import type { SpaceReactionsService } from './reactions';

/** A user's favourite spaces (platform.md §2.3 'Activity › Favourites', §2.4 MY FAVOURITES). */
export default async function favouriteRoutes(
  instance: FastifyInstance,
  { reactions }: { reactions: SpaceReactionsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/favourites',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'My favourite spaces',
        description:
          "The caller's favourites that they may still see (published, visible, not deleted), the " +
          'latest added first, as space cards.',
        querystring: ReactionListQuery,
        response: {
          200: PublishedScenePage,
          400: ErrorBody.describe('cp or ipp out of range (VALIDATION_FAILED)'),
          401: ErrorBody.describe('Not signed in'),
        },
      },
    },
    async (request) => reactions.favourites(callerOf(request), request.query),
  );

  app.post(
    '/favourites/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Add a space to my favourites',
        description:
          'Adding it again changes nothing. Who may: a signed-in user who may read the published space.',
        params: SceneIdParams,
        response: { 200: SpaceReactions, ...spaceResponses },
      },
    },
    async (request) => reactions.addFavourite(request.params.id, callerOf(request)),
  );

  app.delete(
    '/favourites/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Remove a space from my favourites',
        description: "Removes it from the caller's favourites (not there: nothing changes).",
        params: SceneIdParams,
        response: { 200: SpaceReactions, 401: ErrorBody.describe('Not signed in') },
      },
    },
    async (request) => reactions.removeFavourite(request.params.id, callerOf(request)),
  );
}
