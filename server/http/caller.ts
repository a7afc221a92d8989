import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../identity/accessTokens';

/** The caller of a route that runs `app.requireUser` first. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.auth) throw new Error('requireUser must run first');
  return request.auth;
}

/** Who calls a service: the user of the verified access token. */
export type Caller = AuthUser;
