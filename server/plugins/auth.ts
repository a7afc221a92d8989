import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors } from 'jose';
import { AppError } from '../errors';
import {
  accessTokenVerifier,
  apiTokenOf,
  type AuthUser,
  GrantCheckError,
  RevokedTokenError,
  type VerifyAccessToken,
} from '../identity/accessTokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's access token verification (server/identity/accessTokens.ts), for the hubs too. */
    verifyAccessToken: VerifyAccessToken;
    /** preHandler: answers 401 UNAUTHORIZED unless the request carries a valid access token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller, or null when anonymous. Set on every request before handlers run. */
    auth: AuthUser | null;
  }
}

/**
 * API authentication: every request gets `request.auth` from a Bearer JWT (or the access_token
 * cookie on GET/HEAD), verified against the issuer's keys with the configured issuer and audience.
 * A missing token leaves the caller anonymous; a bad one answers 401.
 */
export default fp(
  async (app) => {
    const verify = accessTokenVerifier(app);
    app.decorate('verifyAccessToken', verify);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = null;
      // Only the API needs callers; pages, files and the provider itself do not pay for verification.
      if (!request.url.startsWith('/api/')) return;
      const token = apiTokenOf(request);
      if (!token) return;
      try {
        request.auth = await verify(token);
      } catch (error) {
        if (error instanceof GrantCheckError) {
          request.log.error({ err: error }, 'could not check an access token');
          throw new AppError('UNAVAILABLE', 'Please try again in a moment');
        }
        const message =
          error instanceof joseErrors.JWTExpired
            ? 'Your session has expired; sign in again'
            : error instanceof RevokedTokenError
              ? 'Your session has ended; sign in again'
              : 'The access token is not valid';
        request.log.info({ err: error }, 'rejected access token');
        throw new AppError('UNAUTHORIZED', message);
      }
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', 'Sign in to do this');
    });
  },
  { name: 'auth' },
);
