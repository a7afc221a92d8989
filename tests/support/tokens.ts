import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import type { Role } from '../../contracts/identity';

export interface TestIssuer {
  /** The issuer URL (a real HTTP server on loopback serving discovery and JWKS). */
  issuer: string;
  audience: string;
  /** Environment that points the app at this issuer (the external-provider mode). */
  env: Record<string, string>;
  /** A signed access token; override any claim or the expiry to make bad ones. */
  token(
    claims: { sub: string; name?: string; email?: string; roles?: Role[] } & Record<string, unknown>,
    options?: {
      expiresIn?: string | number;
      issuer?: string;
      audience?: string;
    },
  ): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for a user. */
  headersFor(
    userId: string,
    extra?: { name?: string; email?: string; roles?: Role[] },
  ): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * A stand-in OpenID issuer for server tests: discovery and JWKS over real HTTP, tokens signed with
 * its own RSA key. The app under test verifies them exactly as it would an external provider's.
 */
export async function startTestIssuer(audience = 'http://localhost:8080/api'): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  issuer = `http://127.0.0.1:${address.port}`;

  const token: TestIssuer['token'] = async (claims, options = {}) => {
    const { sub, ...rest } = claims;
    return new SignJWT({ roles: ['free-user'], ...rest })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setSubject(sub)
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? audience)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '15m')
      .sign(privateKey);
  };
  return {
    issuer,
    audience,
    env: { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience },
    token,
    async headersFor(userId, extra = {}) {
      return { authorization: `Bearer ${await token({ sub: userId, ...extra })}` };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
