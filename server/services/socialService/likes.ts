import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contracts/errors';
import { SceneIdParams } from '../../../contracts/scenes';
import { SpaceReactions } from '../../../contracts/spaceReactions';
import { callerOf } from '../../http/caller';
import type { SpaceReactionsService } from './reactions';

/** Who may see or act on a space: as for reading it (scene service). */
export const spaceResponses = {
  401: ErrorBody.describe('Not signed in (or a private space and no signed-in caller)'),
  403: ErrorBody.describe('A hidden space, or a private one that does not invite the caller'),
  404: ErrorBody.describe('No such published space (drafts included), or the caller has no user record yet'),
};

/** Likes of published spaces (platform.md §2.7 'Like'): GET reactions, POST and DELETE likes. */
export default async function likeRoutes(
  instance: FastifyInstance,
  { reactions }: { reactions: SpaceReactionsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reactions/:id',
    {
      schema: {
        tags: ['social'],
        summary: "A space's likes, and the caller's like and favourite",
        description:
          'How many users like a published space, and whether the caller likes it and keeps it among ' +
          'their favourites (both false when signed out). Who may ask: as for reading the space.',
        params: SceneIdParams,
        response: { 200: SpaceReactions, ...spaceResponses },
      },
    },
    async (request) => reactions.reactions(request.params.id, request.auth),
  );

  app.post(
    '/likes/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Like a space',
        description:
          'One like per user and space, counted once however often and however concurrently it is ' +
          'sent (liking again changes nothing). Who may: a signed-in user who may read the published space.',
        params: SceneIdParams,
        response: { 200: SpaceReactions, ...spaceResponses },
      },
    },
    async (request) => reactions.like(request.params.id, callerOf(request)),
  );

  app.delete(
    '/likes/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Take back a like',
        description: 'Removes the caller’s like (none: nothing changes). Who may: as for liking.',
        params: SceneIdParams,
        response: { 200: SpaceReactions, ...spaceResponses },
      },
    },
    async (request) => reactions.unlike(request.params.id, callerOf(request)),
  );
}
