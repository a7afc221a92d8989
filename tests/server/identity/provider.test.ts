import { eq } from 'drizzle-orm';
import * as jose from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { identityKeys, users } from '../../../server/db/schema';
import { createAccount } from '../../../server/identity/accounts';
import { testDatabases } from '../../support/db';
import { buildTestApp } from '../../support/app';
import {
  Browser,
  formAction,
  hiddenValue,
  type LiveApp,
  openidClient,
  openSignIn,
  signInWithCode,
  startApp,
} from './support';

const password = 'correct horse battery';

describe.each(testDatabases())('embedded OpenID Provider on $name', ({ open }) => {
  let db: DatabaseHandle;
  let live: LiveApp;
  let ada: { id: string; email: string };

  beforeAll(async () => {
    db = await open();
    live = await startApp(db, {
      beforeReady(app) {
        app.get('/api/test/me', { preHandler: app.requireUser }, async (request) => request.auth);
        app.post('/api/test/me', { preHandler: app.requireUser }, async (request) => request.auth);
      },
    });
    ada = {
      ...(await createAccount(db.db, { email: 'Ada@Example.com', password, name: 'Ada Lovelace' })),
      email: 'ada@example.com',
    };
  });
  afterAll(async () => {
    await live?.close();
    await db?.close();
  });

  it('publishes discovery and a JWKS with its RS256 key', async () => {
    const res = await fetch(`${live.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.issuer).toBe(live.issuer);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    const jwks = await (await fetch(doc.jwks_uri)).json();
    const [stored] = await db.db.select().from(identityKeys).where(eq(identityKeys.kind, 'signing'));
    expect(jwks.keys).toEqual([
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: stored.kid }),
    ]);
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('signs a client in with PKCE, issues API access tokens and refreshes them', async () => {
    const client = await openidClient(live);
    const { tokens } = await signInWithCode(live, client, { email: ada.email, password });

    const jwks = jose.createRemoteJWKSet(new URL(`${live.issuer}/jwks`));
    const { payload, protectedHeader } = await jose.jwtVerify(tokens.access_token, jwks, {
      issuer: live.issuer,
      audience: `${live.origin}/api`,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: ada.id,
      name: 'Ada Lovelace',
      email: ada.email,
      roles: ['free-user'],
    });
    expect(payload.exp! - payload.iat!).toBe(900);

    const idClaims = tokens.claims()!;
    expect(idClaims).toMatchObject({
      sub: ada.id,
      name: 'Ada Lovelace',
      email: ada.email,
      roles: ['free-user'],
    });
    expect(tokens.refresh_token).toBeTruthy();

    const renewed = await oidc.refreshTokenGrant(client.config, tokens.refresh_token!);
    const again = await jose.jwtVerify(renewed.access_token, jwks, {
      issuer: live.issuer,
      audience: `${live.origin}/api`,
    });
    expect(again.payload.sub).toBe(ada.id);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    // Refresh tokens rotate: the old one is spent.
    await expect(oidc.refreshTokenGrant(client.config, tokens.refresh_token!)).rejects.toThrow();
  });

  it('accepts a district callback and answers CORS for district origins only', async () => {
    const district = `http://gallery.localhost:${live.port}`;
    const client = await openidClient(live, district);
    const { tokens } = await signInWithCode(
      live,
      client,
      { email: ada.email, password },
      `${district}/authentication/callback`,
    );
    expect(tokens.access_token).toBeTruthy();

    const refresh = (origin: string) =>
      fetch(`${live.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'web',
          refresh_token: tokens.refresh_token!,
        }),
      });
    const evil = await refresh('http://evil.example');
    expect(evil.status).toBe(400);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await refresh(district);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(district);
  });

  it('refuses callbacks on other sites and on deeper subdomains', async () => {
    const client = await openidClient(live);
    for (const redirectUri of [
      'http://evil.example/authentication/callback',
      `http://a.b.localhost:${live.port}/authentication/callback`,
      `http://gallery.localhost:${live.port}/elsewhere`,
      `https://gallery.localhost:${live.port}/authentication/callback`,
    ]) {
      const { url } = await client.start(redirectUri);
      const res = await new Browser().request(url);
      expect(res.res.status, redirectUri).toBe(400);
      expect(res.res.headers.get('location'), redirectUri).toBeNull();
      expect(res.text).toContain('redirect_uri');
    }
  });

  it('gives the user plan as the role', async () => {
    const bea = await createAccount(db.db, { email: 'bea@example.com', password, name: 'Bea' });
    await db.db.insert(users).values({ id: bea.id, name: 'Bea Profile', plan: 'pro' });
    const client = await openidClient(live);
    const { tokens } = await signInWithCode(live, client, { email: 'bea@example.com', password });
    const claims = jose.decodeJwt(tokens.access_token);
    expect(claims.roles).toEqual(['premium-user']);
    expect(claims.name).toBe('Bea Profile');

    await db.db.update(users).set({ plan: 'standard' }).where(eq(users.id, bea.id));
    const renewed = await oidc.refreshTokenGrant(client.config, tokens.refresh_token!);
    expect(jose.decodeJwt(renewed.access_token).roles).toEqual(['pro-user']);
  });

  describe('the API', () => {
    let token: string;
    let privateKey: CryptoKey;
    let kid: string;
    const base = () => ({
      sub: ada.id,
      name: 'Ada',
      email: ada.email,
      roles: ['free-user'],
    });
    const sign = (
      claims: Record<string, unknown>,
      o: { iss?: string; aud?: string; exp?: number; key?: CryptoKey } = {},
    ) =>
      new jose.SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
        .setIssuer(o.iss ?? live.issuer)
        .setAudience(o.aud ?? `${live.origin}/api`)
        .setIssuedAt()
        .setExpirationTime(o.exp ?? Math.floor(Date.now() / 1000) + 600)
        .sign(o.key ?? privateKey);
    const me = (headers: Record<string, string>, method = 'GET') =>
      fetch(`${live.origin}/api/test/me`, { method, headers });

    beforeAll(async () => {
      const client = await openidClient(live);
      token = (await signInWithCode(live, client, { email: ada.email, password })).tokens.access_token;
      const [row] = await db.db.select().from(identityKeys).where(eq(identityKeys.kind, 'signing'));
      kid = row.kid;
      privateKey = (await jose.importJWK(row.material as jose.JWK, 'RS256')) as CryptoKey;
    });

    it('accepts the provider’s access token', async () => {
      const res = await me({ authorization: `Bearer ${token}` });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        userId: ada.id,
        name: 'Ada Lovelace',
        email: ada.email,
        roles: ['free-user'],
        // The sign-in it comes from: revoking it ends the token (revocation.test.ts).
        grantId: expect.any(String),
      });
      expect((await me({ authorization: `Bearer ${await sign(base())}` })).status).toBe(200);
    });

    it('rejects wrong issuer, wrong audience, expired, tampered and foreign-key tokens', async () => {
      const foreign = (await jose.generateKeyPair('RS256')).privateKey;
      const [h, p, s] = token.split('.');
      const bytes = Buffer.from(p, 'base64url');
      bytes[bytes.length - 2] ^= 1;
      const tampered = [h, bytes.toString('base64url'), s].join('.');
      const bad = {
        'wrong issuer': await sign(base(), { iss: 'http://evil.example/oidc' }),
        'wrong audience': await sign(base(), { aud: 'http://evil.example/api' }),
        expired: await sign(base(), { exp: Math.floor(Date.now() / 1000) - 120 }),
        tampered,
        'foreign key': await sign(base(), { key: foreign }),
        garbage: 'not-a-token',
      };
      for (const [what, value] of Object.entries(bad)) {
        const res = await me({ authorization: `Bearer ${value}` });
        expect(res.status, what).toBe(401);
        expect((await res.json()).code, what).toBe('UNAUTHORIZED');
      }
    });

    it('accepts the access_token cookie on GET but not on POST', async () => {
      const get = await me({ cookie: `access_token=${token}` });
      expect(get.status).toBe(200);
      const post = await me({ cookie: `access_token=${token}` }, 'POST');
      expect(post.status).toBe(401);
      expect((await post.json()).code).toBe('UNAUTHORIZED');
      expect((await me({ authorization: `Bearer ${token}` }, 'POST')).status).toBe(200);
    });
  });

  it('renders the sign-in page in the app’s style under its CSP', async () => {
    const client = await openidClient(live);
    const { page } = await openSignIn(live, new Browser(), client, `${live.origin}/authentication/callback`);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toMatch(/<label for="f-email">E-mail<\/label>/);
    expect(page.text).toContain('Forgot password?');
    expect(page.text).toContain('Create account');
    expect(page.text).not.toContain('<script');
    const csp = page.res.headers.get('content-security-policy')!;
    expect(csp).toContain(`form-action 'self' ${live.origin} http://*.localhost:${live.port}`);
    expect(page.res.headers.get('cache-control')).toBe('no-store');
  });

  it('signs out back to a district, and only to app origins', async () => {
    const client = await openidClient(live);
    const { tokens, browser } = await signInWithCode(live, client, { email: ada.email, password });
    const district = `http://gallery.localhost:${live.port}`;
    const evil = oidc.buildEndSessionUrl(client.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'http://evil.example/',
    });
    expect((await browser.request(evil)).res.status).toBe(400);

    const url = oidc.buildEndSessionUrl(client.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: district,
    });
    const confirm = await browser.request(url);
    expect(confirm.res.status).toBe(200);
    expect(confirm.text).toContain('Sign out of Spaces?');
    const done = await browser.follow(formAction(confirm.text, '/session/end/confirm', live.origin), {
      form: { xsrf: hiddenValue(confirm.text, 'xsrf'), logout: 'yes' },
    });
    expect(done.location?.origin).toBe(district);
    // The session is over: its refresh token no longer works.
    await expect(oidc.refreshTokenGrant(client.config, tokens.refresh_token!)).rejects.toThrow();
  });

  it('returns to the app with access_denied when the sign-in is cancelled', async () => {
    const client = await openidClient(live);
    const browser = new Browser();
    const { page, state } = await openSignIn(live, browser, client, `${live.origin}/authentication/callback`);
    const done = await browser.follow(formAction(page.text, '/abort', live.origin), { form: {} });
    expect(done.location?.searchParams.get('error')).toBe('access_denied');
    expect(done.location?.searchParams.get('state')).toBe(state);
  });

  it('answers unknown provider paths and stale interactions without crashing', async () => {
    const unknown = await fetch(`${live.issuer}/nope`, { headers: { accept: 'application/json' } });
    expect(unknown.status).toBe(404);
    const stale = await new Browser().request(`${live.origin}/interaction/does-not-exist`);
    expect(stale.res.status).toBe(400);
    expect(stale.text).toContain('This page has expired');
    const badAuth = await new Browser().request(`${live.issuer}/auth?client_id=nobody&response_type=code`);
    expect(badAuth.res.status).toBe(400);
    expect(badAuth.text).toContain('Something went wrong');
  });
});

describe('with an external OpenID Provider', () => {
  it('mounts neither the provider nor its pages', async () => {
    const [pglite] = testDatabases();
    const db = await pglite.open();
    const t = await buildTestApp(db, { OIDC_ISSUER: 'https://id.example.com/realms/spaces' });
    try {
      expect(t.app.config.identity.embedded).toBe(false);
      expect(t.app.identityKeys).toBeUndefined();
      for (const url of [
        '/oidc/.well-known/openid-configuration',
        '/interaction/abc',
        '/oidc-account/password',
      ]) {
        const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      expect(await db.db.select().from(identityKeys)).toEqual([]);
    } finally {
      await t.close();
      await db.close();
    }
  });
});

describe('with a custom audience and roles claim', () => {
  it('puts them in the tokens, and the API reads them', async () => {
    const [pglite] = testDatabases();
    const db = await pglite.open();
    const rolesClaim = 'https://spaces.example/roles';
    const live = await startApp(db, {
      env: { OIDC_AUDIENCE: 'spaces-api', OIDC_ROLES_CLAIM: rolesClaim },
      beforeReady(app) {
        app.get('/api/test/me', { preHandler: app.requireUser }, async (request) => request.auth);
      },
    });
    try {
      const { id } = await createAccount(db.db, { email: 'cy@example.com', password });
      await db.db.insert(users).values({ id, name: 'Cy', plan: 'standard' });
      const client = await openidClient(live);
      const { tokens } = await signInWithCode(live, client, { email: 'cy@example.com', password });
      const claims = jose.decodeJwt(tokens.access_token);
      expect(claims.aud).toBe('spaces-api');
      expect(claims[rolesClaim]).toEqual(['pro-user']);
      expect(tokens.claims()![rolesClaim]).toEqual(['pro-user']);
      const res = await fetch(`${live.origin}/api/test/me`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(await res.json()).toMatchObject({ userId: id, roles: ['pro-user'] });
    } finally {
      await live.close();
      await db.close();
    }
  });
});
