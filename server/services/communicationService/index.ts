import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import { apiTokenOf } from '../../identity/accessTokens';
import { BlocksService, blockRoutes } from './blocks';
import { directMessageRoutes } from './directMessages';
import { partyRoutes } from './parties';

/** Answer of GET /api/communicationInteractionService/key. */
export const HubKeyAnswer = z
  .object({
    /** The bearer token for the hubs (accessTokenFactory of the SignalR client). */
    key: z.string(),
  })
  .meta({ id: 'HubKeyAnswer' });
export type HubKeyAnswer = z.infer<typeof HubKeyAnswer>;

/**
 * The communication service (platform.md §7.5), registered under /api/communicationInteractionService.
 * For now: the hubs' access key. The key is the caller's own access token, echoed: the hubs verify
 * it like every API call (issuer, audience, expiry), so any node accepts it without a shared secret,
 * and it expires with the session (the client asks for it again on every connect and reconnect).
 * Direct message groups and their messages: ./directMessages.ts (with the direct-message-group hub);
 * whom users blocked: ./blocks.ts.
 * Parties (with their live-user hub events): ./parties.ts.
 */
export default async function communicationService(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const blocks = new BlocksService(app.db);
  directMessageRoutes(app, blocks);
  blockRoutes(app, blocks);
  partyRoutes(app, blocks);

  app.get(
    '/key',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'The access key for the real-time hubs',
        description:
          "The signed-in caller's key for /hubs/* (live-user, direct-message-group, notification): " +
          'pass it as the bearer token (or `access_token` query parameter) of negotiate and the socket. ' +
          'It is the access token of this request, valid as long as that token. HEAD probes it without a body.',
        response: { 200: HubKeyAnswer, 401: ErrorBody.describe('Not signed in') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The token that authenticated the request (the auth plugin verified it already).
      const key = apiTokenOf(request);
      if (!key) return reply.code(401).send({ code: 'UNAUTHORIZED', message: 'Sign in to do this' });
      return { key };
    },
  );
}
