import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db';
import { GrantCheckError } from './accessTokens';
import { accountClaims } from './accounts';
import type { AppOrigins } from './origins';

/** Where the discovery document's `userinfo_endpoint` points, below the issuer (oidc-provider's default). */
export const userinfoPath = '/me';

export interface UserinfoOptions {
  db: Database;
  origins: AppOrigins;
  rolesClaim: string;
}

/**
 * The UserInfo endpoint (OpenID Connect Core §5.3) for the app's access tokens. oidc-provider's own
 * answers only opaque tokens without an audience, and every token it issues to the app is a JWT for
 * the API: this one verifies them exactly as the API does (a revoked grant's token is refused too)
 * and answers the account's claims as they are now. The provider's middleware leaves this path to
 * it; register it with the provider's mount path as prefix.
 */
export async function userinfoRoutes(app: FastifyInstance, { db, origins, rolesClaim }: UserinfoOptions) {
  const url = userinfoPath;
  const { issuer } = app.config.identity;
  // A POST may carry the token in its form instead (RFC 6750 §2.2).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    await app.register(formbody, { bodyLimit: 16 * 1024 });
  }

  function cors(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (!origin || !origins.isAppOrigin(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
  }

  /** RFC 6750 §3: the error in WWW-Authenticate and in the body. */
  function refuse(reply: FastifyReply, status: 400 | 401, error: string, description: string) {
    const challenge = `Bearer realm="${issuer}", error="${error}", error_description="${description}"`;
    return reply
      .code(status)
      .header('www-authenticate', status === 401 && error === 'invalid_request' ? 'Bearer' : challenge)
      .header('cache-control', 'no-store')
      .send({ error, error_description: description });
  }

  app.options(url, { schema: { hide: true } }, async (request, reply) => {
    cors(request, reply);
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('access-control-allow-headers', 'authorization');
    reply.header('access-control-max-age', '600');
    return reply.code(204).send();
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    cors(request, reply);
    const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const form = (request.body as { access_token?: unknown } | undefined)?.access_token;
    const token = header ?? (typeof form === 'string' && form ? form : undefined);
    if (!token) return refuse(reply, 401, 'invalid_request', 'no access token provided');
    let user;
    try {
      user = await app.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof GrantCheckError) throw error;
      return refuse(reply, 401, 'invalid_token', 'invalid token provided');
    }
    const claims = await accountClaims(db, user.userId);
    if (!claims) return refuse(reply, 401, 'invalid_token', 'the account no longer exists');
    return reply.header('cache-control', 'no-store').send({
      sub: user.userId,
      name: claims.name,
      email: claims.email,
      email_verified: claims.emailVerified,
      [rolesClaim]: claims.roles,
    });
  };
  app.get(url, { schema: { hide: true } }, handler);
  app.post(url, { schema: { hide: true } }, handler);
}
