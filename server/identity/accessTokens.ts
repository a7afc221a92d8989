import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { type Role, Role as RoleSchema } from '../../contracts/identity';
import { AppError } from '../errors';

/**
 * Access tokens: where a request carries one, and the one verification of them that the API (the
 * auth plugin) and the hubs share. A token is verified against the issuer's signing keys with the
 * configured issuer and audience, so every node of a cluster accepts it with no shared secret.
 *
 * The embedded provider's tokens also name their grant (the sign-in they come from, `grant_id`):
 * once it is revoked (sign-out, password reset or change, account deletion) the grant is gone from
 * the database every node reads, and its tokens stop working at their next verification, at most
 * `verifiedTokenTtlMs` later, long before they expire.
 */

/** The claim of the embedded provider's access tokens that names their grant. */
export const grantClaim = 'grant_id';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Keys that sign access tokens. The embedded provider decorates this with its own keys; with an
     * external provider they are fetched from the issuer's JWKS.
     */
    identityKeys?: JWTVerifyGetKey;
    /**
     * Which of these grants are still in force (the embedded provider decorates it): a token whose
     * grant is not is refused.
     */
    liveGrants?: LiveGrants;
  }
}

/** The ids among `grantIds` whose grant is still in force. */
export type LiveGrants = (grantIds: readonly string[]) => Promise<Set<string>>;

/** The grants could not be checked (the database did not answer): the token is neither good nor bad. */
export class GrantCheckError extends Error {
  constructor(cause: unknown) {
    super('The access token’s grant could not be checked', { cause });
    this.name = 'GrantCheckError';
  }
}

/** A well-signed token whose grant was revoked: its user signed out, or their password changed. */
export class RevokedTokenError extends Error {
  constructor() {
    super('The access token was revoked');
    this.name = 'RevokedTokenError';
  }
}

/** Who is calling, from a verified access token. */
export interface AuthUser {
  /** The token's `sub`: the user id everywhere in the platform. */
  userId: string;
  name?: string;
  email?: string;
  roles: Role[];
  /** The grant the token belongs to (embedded provider only): revoking it ends the token. */
  grantId?: string;
}

/** Verifies an access token: its caller, or a rejection (jose's errors for a bad or expired token). */
export type VerifyAccessToken = (token: string) => Promise<AuthUser>;

/** The token of an `Authorization: Bearer <token>` header; null for any other value. */
function bearerTokenOf(header: string): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** An API request's token: a bearer token, or the `access_token` cookie on GET and HEAD only. */
export function apiTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const token = bearerTokenOf(header);
    if (!token) throw new AppError('UNAUTHORIZED', 'The Authorization header must be "Bearer <token>"');
    return token;
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    const cookie = request.headers.cookie;
    const match = cookie && /(?:^|;\s*)access_token=([^;]+)/.exec(cookie);
    if (match) return decodeURIComponent(match[1]);
  }
  return null;
}

/** A hub request's token: `Authorization: Bearer` (Node clients) or `?access_token=` (browsers). */
export function hubTokenOf(headers: { authorization?: string }, query: URLSearchParams): string | null {
  const header = headers.authorization;
  if (header) return bearerTokenOf(header);
  return query.get('access_token') || null;
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
 * The app's access token verification: the configured issuer and audience, the issuer's keys (the
 * embedded provider's `identityKeys`, else its JWKS), the grant still in force (`liveGrants`), the
 * roles from the configured claim ('free-user' when none), and the verified tokens remembered
 * (VerifiedTokens: a revoked token is refused at most `verifiedTokenTtlMs` after its revocation).
 */
export function accessTokenVerifier(app: FastifyInstance): VerifyAccessToken {
  const { issuer, audience, rolesClaim } = app.config.identity;
  let keys: JWTVerifyGetKey | undefined;
  // Resolved on first use, so the embedded provider may decorate identityKeys after this is made.
  const getKeys = () => (keys ??= app.identityKeys ?? discoveredJwks(issuer));
  const verified = new VerifiedTokens();
  return async (token) => {
    const known = verified.get(token);
    if (known) return known;
    const { payload } = await jwtVerify(token, getKeys(), { issuer, audience });
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no sub');
    const grant = payload[grantClaim];
    const grantId = typeof grant === 'string' && grant ? grant : undefined;
    if (grantId && app.liveGrants) {
      const live = await app.liveGrants([grantId]).catch((error: unknown) => {
        throw new GrantCheckError(error);
      });
      if (!live.has(grantId)) throw new RevokedTokenError();
    }
    const claimed = payload[rolesClaim];
    const roles = (Array.isArray(claimed) ? claimed : typeof claimed === 'string' ? [claimed] : [])
      .map((r) => RoleSchema.safeParse(r))
      .flatMap((r) => (r.success ? [r.data] : []));
    // Shared by every request with this token, so never changed.
    const auth: AuthUser = Object.freeze({
      userId: payload.sub,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      roles: Object.freeze(roles.length > 0 ? roles : ['free-user']) as Role[],
      ...(grantId ? { grantId } : {}),
    });
    verified.set(token, auth, typeof payload.exp === 'number' ? payload.exp * 1000 : undefined);
    return auth;
  };
}
