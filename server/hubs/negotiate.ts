import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppOrigins } from '../identity/origins';
import type { RegisteredHub } from './connections';
import { issueConnectionToken } from './connectionTokens';
import { hubsPrefix } from './hub';
import { type Authenticate, guestUser, newGuestId } from './hub';

interface NegotiateOptions {
  hubs: Map<string, RegisteredHub>;
  authenticate: Authenticate;
  origins: AppOrigins;
}

/**
 * POST /hubs/{hub}/negotiate (and its CORS preflight): a signed-in client gets a connection id
 * and the secret token its socket then opens with (`?id=`), on this node or any other. Version 1
 * only.
 */
export function negotiateRoutes(app: FastifyInstance, { hubs, authenticate, origins }: NegotiateOptions) {
  function cors(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (!origin || !origins.isAppOrigin(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
  }

  const unauthorized = (reply: FastifyReply, message: string) =>
    reply.status(401).header('www-authenticate', 'Bearer').send({ code: 'UNAUTHORIZED', message });

  app.options<{ Params: { hub: string } }>(
    `${hubsPrefix}/:hub/negotiate`,
    { schema: { hide: true } },
    async (request, reply) => {
      cors(request, reply);
      reply.header('access-control-allow-methods', 'POST, OPTIONS');
      reply.header(
        'access-control-allow-headers',
        'authorization, content-type, x-requested-with, x-signalr-user-agent',
      );
      reply.header('access-control-max-age', '600');
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { hub: string } }>(
    `${hubsPrefix}/:hub/negotiate`,
    { schema: { hide: true } },
    async (request, reply) => {
      cors(request, reply);
      reply.header('cache-control', 'no-store');
      const hub = hubs.get(request.params.hub);
      if (!hub) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such hub' });
      const query = new URL(request.url, 'http://hub').searchParams;
      let auth = await authenticate(request.headers, query);
      // A hub open to guests takes a client without a key as a new guest.
      if ('error' in auth && auth.noKey && hub.definition.guests) auth = { user: guestUser(newGuestId()) };
      if ('error' in auth) return unauthorized(reply, auth.error ?? 'Sign in to connect');
      if (query.get('negotiateVersion') !== '1') {
        // Version 0 clients use the public connectionId as the socket id: not offered.
        return reply.send({ error: 'This server requires negotiateVersion=1.' });
      }
      // Nothing is kept: the token itself tells any node which connection it opens.
      const { connectionId, token } = issueConnectionToken(hub.definition.name, auth.user.userId);
      return reply.send({
        negotiateVersion: 1,
        connectionId,
        connectionToken: token,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
      });
    },
  );
}
