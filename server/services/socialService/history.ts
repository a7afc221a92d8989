import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import { PublishedScenePage } from '../../../contracts/publishing';
import { SceneIdParams } from '../../../contracts/scenes';
import { HistoryCleared, ReactionListQuery } from '../../../contracts/spaceReactions';
import { callerOf } from '../../http/caller';
import { spaceResponses } from './likes';
import type { SpaceReactionsService } from './reactions';

/** The spaces a signed-in user opened (platform.md §2.3 'Activity › History', §2.4 MY HISTORY). */
export default async function historyRoutes(
  instance: FastifyInstance,
  { reactions }: { reactions: SpaceReactionsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const unauthorized = ErrorBody.describe('Not signed in');

  app.get(
    '/history',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'My history',
        description:
          'The published spaces the caller opened and may still see, the latest visit first, as space cards.',
        querystring: ReactionListQuery,
        response: {
          200: PublishedScenePage,
          400: ErrorBody.describe('cp or ipp out of range (VALIDATION_FAILED)'),
          401: unauthorized,
        },
      },
    },
    async (request) => reactions.history(callerOf(request), request.query),
  );

  app.post(
    '/history/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Remember a visit',
        description:
          'The viewer calls this when a signed-in visitor opens a published space: one entry per space, ' +
          'moved first by every new visit. Who may: as for reading the space.',
        params: SceneIdParams,
        response: { 204: z.null().describe('Remembered'), ...spaceResponses },
      },
    },
    async (request, reply) => {
      await reactions.recordVisit(request.params.id, callerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/history',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Clear my history',
        description: 'Forgets every visit of the caller (RELATED suggestions forget them too).',
        response: { 200: HistoryCleared, 401: unauthorized },
      },
    },
    async (request) => ({ removed: await reactions.clearHistory(callerOf(request)) }),
  );

  app.delete(
    '/history/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Remove a space from my history',
        description: "Forgets the caller's visits of one space (none: nothing changes).",
        params: SceneIdParams,
        response: { 200: HistoryCleared, 401: unauthorized },
      },
    },
    async (request) => ({ removed: await reactions.clearHistory(callerOf(request), request.params.id) }),
  );
}
