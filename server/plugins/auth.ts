import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRemoteJWKSet, errors as joseErrors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { type Role, Role as RoleSchema } from '../../contracts/identity';
import { AppError } from '../errors';

/** Who is calling, from a verified access token. */
export interface AuthUser {
  /** The token's `sub`: the user id everywhere in the platform. */
  userId: string;
  name?: string;
  email?: string;
  roles: Role[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Keys that sign access tokens. The embedded provider decorates this with its own keys; with an
     * external provider the auth plugin fetches them from the issuer's JWKS.
     */
    identityKeys?: JWTVerifyGetKey;
    /** preHandler: answers 401 UNAUTHORIZED unless the request carries a valid access token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller, or null when anonymous. Set on every request before handlers run. */
    auth: AuthUser | null;
  }
}

/** Reads a bearer token, or the `access_token` cookie on GET and HEAD only. */
function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED', 'The Authorization header must be "Bearer <token>"');
    return match[1];
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    const cookie = request.headers.cookie;
    const match = cookie && /(?:^|;\s*)access_token=([^;]+)/.exec(cookie);
    if (match) return decodeURIComponent(match[1]);
  }
  return null;
}

/** The issuer's signing keys, found through OpenID discovery on first use, cached, refetched on an unknown key id. */
function discoveredJwks(issuer: string): JWTVerifyGetKey {
  let remote: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    if (!remote) {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`OpenID discovery at ${issuer} answered ${res.status}`);
      const { jwks_uri: jwksUri } = (await res.json()) as { jwks_uri: string };
      remote = createRemoteJWKSet(new URL(jwksUri));
    }
    return remote(header, token);
  };
}

/**
 * Tokens verified lately, so a client's next calls with the same token skip the signature check
 * (the costliest step of a small request). An entry is the exact token text; it is used until the
 * token expires, at most `verifiedTokenTtlMs` after it was verified, and the cache keeps the
 * `verifiedTokenLimit` most recent ones.
 */
export const verifiedTokenTtlMs = 60_000;
export const verifiedTokenLimit = 2_000;

export class VerifiedTokens {
  private readonly entries = new Map<string, { auth: AuthUser; until: number }>();

  constructor(
    private readonly ttlMs = verifiedTokenTtlMs,
    private readonly limit = verifiedTokenLimit,
  ) {}

  get(token: string, now = Date.now()): AuthUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.auth;
  }

  /** Remembers a verified token until `expiresAt` (ms), or the TTL if sooner. */
  set(token: string, auth: AuthUser, expiresAt: number | undefined, now = Date.now()) {
    const until = Math.min(expiresAt ?? Number.POSITIVE_INFINITY, now + this.ttlMs);
    if (until <= now) return;
    this.entries.delete(token);
    this.entries.set(token, { auth, until });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * API authentication: every request gets `request.auth` from a Bearer JWT (or the access_token
 * cookie on GET/HEAD), verified against the issuer's keys with the configured issuer and audience.
 * A missing token leaves the caller anonymous; a bad one answers 401.
 */
export default fp(
  async (app) => {
    const { issuer, audience, rolesClaim } = app.config.identity;
    let keys: JWTVerifyGetKey | undefined;
    // Resolved on first use, so the embedded provider may decorate identityKeys after this plugin.
    const getKeys = () => (keys ??= app.identityKeys ?? discoveredJwks(issuer));

    const verified = new VerifiedTokens();
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = null;
      // Only the API needs callers; pages, files and the provider itself do not pay for verification.
      if (!request.url.startsWith('/api/')) return;
      const token = tokenOf(request);
      if (!token) return;
      const known = verified.get(token);
      if (known) {
        request.auth = known;
        return;
      }
      try {
        const { payload } = await jwtVerify(token, getKeys(), { issuer, audience });
        if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no sub');
        const claimed = payload[rolesClaim];
        const list = (Array.isArray(claimed) ? claimed : typeof claimed === 'string' ? [claimed] : [])
          .map((r) => RoleSchema.safeParse(r))
          .flatMap((r) => (r.success ? [r.data] : []));
        // Shared by every request with this token (see VerifiedTokens), so never changed.
        request.auth = Object.freeze({
          userId: payload.sub,
          name: typeof payload.name === 'string' ? payload.name : undefined,
          email: typeof payload.email === 'string' ? payload.email : undefined,
          roles: Object.freeze(list.length > 0 ? list : ['free-user']) as Role[],
        });
        verified.set(token, request.auth, typeof payload.exp === 'number' ? payload.exp * 1000 : undefined);
      } catch (error) {
        const message =
          error instanceof joseErrors.JWTExpired
            ? 'Your session has expired; sign in again'
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
