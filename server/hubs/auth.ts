import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { Role as RoleSchema } from '../../contracts/identity';
import type { AuthUser } from '../plugins/auth';

/**
 * The hubs' key is the caller's own API access token (GET /api/communicationInteractionService/key
 * echoes it): it is verified here exactly like the auth plugin verifies API calls (issuer, audience,
 * signing keys of the issuer), so every node of a cluster accepts it with no shared secret. The auth
 * plugin only looks at /api/ requests, so the hub paths verify tokens themselves.
 */
export type VerifyHubToken = (token: string) => Promise<AuthUser>;

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

export function hubTokenVerifier(app: FastifyInstance): VerifyHubToken {
  const { issuer, audience, rolesClaim } = app.config.identity;
  let keys: JWTVerifyGetKey | undefined;
  const getKeys = () => (keys ??= app.identityKeys ?? discoveredJwks(issuer));
  return async (token) => {
    const { payload } = await jwtVerify(token, getKeys(), { issuer, audience });
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no sub');
    const claimed = payload[rolesClaim];
    const roles = (Array.isArray(claimed) ? claimed : typeof claimed === 'string' ? [claimed] : [])
      .map((r) => RoleSchema.safeParse(r))
      .flatMap((r) => (r.success ? [r.data] : []));
    return {
      userId: payload.sub,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      roles: roles.length > 0 ? roles : ['free-user'],
    };
  };
}

/** The bearer token of a hub request: `Authorization: Bearer` (Node clients) or `?access_token=` (browsers). */
export function hubTokenOf(headers: { authorization?: string }, query: URLSearchParams): string | null {
  const header = headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? match[1] : null;
  }
  return query.get('access_token') || null;
}
