import * as jose from 'jose';
import * as oidc from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationHubPath } from '../../../contracts/marketplace';
import type { DatabaseHandle } from '../../../server/db';
import { grantClaim, verifiedTokenTtlMs } from '../../../server/identity/accessTokens';
import {
  createAccount,
  createPasswordReset,
  deleteAccount,
  usePasswordReset,
} from '../../../server/identity/accounts';
import { operatorUserMessages } from '../../../contracts/operator';
import { users } from '../../../server/db/schema';
import { AdminService } from '../../../server/services/adminService/service';
import { testDatabases } from '../../support/db';
import { hubClient, within } from '../hubs/support';
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

/** Moves the server's clock (it runs in this process) `ms` ahead; restored after each test. */
function later(ms: number) {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + ms);
}

describe.each(testDatabases())('access tokens of revoked grants on $name', ({ open }) => {
  let db: DatabaseHandle;
  let live: LiveApp;
  let client: oidc.Configuration;
  let seq = 0;

  /** A new account signed in on a new browser: its tokens and its browser. */
  async function signedIn(label: string, email = `${label}-${++seq}@example.com`) {
    const account = await createAccount(db.db, { email, password, name: `Name ${label}` });
    const { tokens, browser } = await signInWithCode(live, await openidClient(live), { email, password });
    return { ...account, email, tokens, browser };
  }

  /** Signs the same account in on another browser. */
  async function anotherDevice(email: string) {
    return signInWithCode(live, await openidClient(live), { email, password });
  }

  /** Calls the API with a token: its status and error message. */
  async function api(token: string) {
    const res = await fetch(`${live.origin}/api/test/me`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    return { status: res.status, message: body.message as string | undefined };
  }
  const ended = { status: 401, message: 'Your session has ended; sign in again' };

  beforeAll(async () => {
    db = await open();
    live = await startApp(db, {
      beforeReady(app) {
        app.get('/api/test/me', { preHandler: app.requireUser }, async (request) => request.auth);
      },
    });
    client = (await openidClient(live)).config;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await live?.close();
    await db?.close();
  });

  it('names the grant in the access token', async () => {
    const { tokens } = await signedIn('claims');
    expect(jose.decodeJwt(tokens.access_token)[grantClaim]).toEqual(expect.any(String));
    expect((await api(tokens.access_token)).status).toBe(200);
  });

  it('answers 503, not 401, while the grants cannot be checked', async () => {
    const { tokens } = await signedIn('unavailable');
    const liveGrants = live.app.liveGrants;
    live.app.liveGrants = async () => {
      throw new Error('the database is away');
    };
    try {
      const res = await fetch(`${live.origin}/api/test/me`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(res.status).toBe(503);
      expect((await res.json()).code).toBe('UNAVAILABLE');
    } finally {
      live.app.liveGrants = liveGrants;
    }
    expect((await api(tokens.access_token)).status).toBe(200);
  });

  it('stops the tokens of every device within a minute of a password reset', async () => {
    const { id, email, tokens } = await signedIn('reset');
    const other = await anotherDevice(email);
    // Both work, and the first is now remembered as verified.
    expect((await api(tokens.access_token)).status).toBe(200);
    expect((await api(other.tokens.access_token)).status).toBe(200);

    const link = await createPasswordReset(db.db, id);
    expect(await usePasswordReset(db.db, link!, 'a brand new password')).toBe(true);
    // A token not verified lately is refused at once; a remembered one at most a minute later.
    later(verifiedTokenTtlMs + 1000);
    expect(await api(tokens.access_token)).toEqual(ended);
    expect(await api(other.tokens.access_token)).toEqual(ended);
  });

  it('keeps the browser that changed the password signed in and signs every other one out', async () => {
    const { email, tokens, browser } = await signedIn('change');
    const other = await anotherDevice(email);
    const page = await browser.request(`${live.origin}/oidc-account/password`);
    const done = await browser.request(formAction(page.text, '/oidc-account/password', live.origin), {
      form: {
        csrf: hiddenValue(page.text, 'csrf'),
        return_to: `${live.origin}/`,
        current: password,
        password: 'changed password',
        confirm: 'changed password',
      },
    });
    expect(done.res.status).toBe(200);
    expect(done.text).toContain('you have been signed out everywhere else');

    later(verifiedTokenTtlMs + 1000);
    expect((await api(tokens.access_token)).status).toBe(200);
    expect(await api(other.tokens.access_token)).toEqual(ended);
    // The other device cannot renew either; this one can.
    await expect(oidc.refreshTokenGrant(client, other.tokens.refresh_token!)).rejects.toThrow();
    vi.restoreAllMocks();
    const renewed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
    expect((await api(renewed.access_token)).status).toBe(200);
  });

  it('stops the tokens of a deleted account and of a signed-out session', async () => {
    const deleted = await signedIn('deleted');
    await deleteAccount(db.db, deleted.id);
    expect(await api(deleted.tokens.access_token)).toEqual(ended);

    const { tokens, browser } = await signedIn('signout');
    expect((await api(tokens.access_token)).status).toBe(200);
    const url = oidc.buildEndSessionUrl(client, { id_token_hint: tokens.id_token! });
    const confirm = await browser.request(url);
    await browser.follow(formAction(confirm.text, '/session/end/confirm', live.origin), {
      form: { xsrf: hiddenValue(confirm.text, 'xsrf'), logout: 'yes' },
    });
    later(verifiedTokenTtlMs + 1000);
    expect(await api(tokens.access_token)).toEqual(ended);
  });

  it('signs a disabled account out everywhere and lets it sign in only once enabled again', async () => {
    const { id, email, tokens } = await signedIn('disabled');
    await db.db.insert(users).values({ id, name: 'Dana Disabled' });
    const other = await anotherDevice(email);
    const admin = new AdminService(db.db);
    await admin.setActive('an-operator', id, false);
    later(verifiedTokenTtlMs + 1000);
    expect(await api(tokens.access_token)).toEqual(ended);
    expect(await api(other.tokens.access_token)).toEqual(ended);
    await expect(oidc.refreshTokenGrant(client, tokens.refresh_token!)).rejects.toThrow();
    vi.restoreAllMocks();

    // The right password is told the account is disabled; a wrong one learns nothing.
    const attempt = async (password: string) => {
      const browser = new Browser();
      const { page } = await openSignIn(
        live,
        browser,
        await openidClient(live),
        `${live.origin}/authentication/callback`,
      );
      return browser.follow(formAction(page.text, '/login', live.origin), { form: { email, password } });
    };
    const wrong = await attempt('not the password');
    expect(wrong.res.status).toBe(401);
    expect(wrong.text).not.toContain('has been disabled');
    const refused = await attempt(password);
    expect(refused.res.status).toBe(403);
    expect(refused.text).toContain(operatorUserMessages.disabled.split('.')[0]);

    await admin.setActive('an-operator', id, true);
    const again = await signInWithCode(live, await openidClient(live), { email, password });
    expect((await api(again.tokens.access_token)).status).toBe(200);
  });

  it('closes the open hub connections of a revoked grant', async () => {
    const { id, email, tokens } = await signedIn('hub');
    const other = await anotherDevice(email);
    const connect = async (token: string) => {
      const connection = hubClient(`${live.origin}${notificationHubPath}`, { token: () => token });
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      await connection.start();
      return { connection, closed };
    };
    const revoked = await connect(tokens.access_token);
    const kept = await connect(other.tokens.access_token);
    try {
      // Revoke the first device's grant only: sign it out through the provider's revocation endpoint.
      await oidc.tokenRevocation(client, tokens.refresh_token!);
      later(20_000 + 1000);
      const error = await within(revoked.closed, 5000, 'the connection to close');
      expect(error?.message).toMatch(/Your session has ended; sign in again/);
      expect(kept.connection.state).toBe('Connected');
      // A new connection with the revoked token is refused.
      await expect(connect(tokens.access_token)).rejects.toThrow();
    } finally {
      await kept.connection.stop();
      await revoked.connection.stop();
      vi.restoreAllMocks();
      await deleteAccount(db.db, id);
    }
  });
});

describe('the UserInfo endpoint', () => {
  let db: DatabaseHandle;
  let live: LiveApp;

  beforeAll(async () => {
    db = await testDatabases()[0].open();
    live = await startApp(db);
  });
  afterAll(async () => {
    await live?.close();
    await db?.close();
  });

  it('answers the claims of the account of an access token the provider issued', async () => {
    const { id } = await createAccount(db.db, { email: 'info@example.com', password, name: 'Info Person' });
    const client = await openidClient(live);
    expect(client.config.serverMetadata().userinfo_endpoint).toBe(`${live.issuer}/me`);
    const { tokens } = await signInWithCode(live, client, { email: 'info@example.com', password });
    const info = await oidc.fetchUserInfo(client.config, tokens.access_token, id);
    expect(info).toEqual({
      sub: id,
      name: 'Info Person',
      email: 'info@example.com',
      email_verified: false,
      roles: ['free-user'],
    });
    // From a district page too (CORS), and not from other sites.
    const district = `http://gallery.localhost:${live.port}`;
    for (const [origin, allowed] of [
      [district, district],
      ['http://evil.example', null],
    ] as const) {
      const res = await fetch(`${live.issuer}/me`, {
        headers: { authorization: `Bearer ${tokens.access_token}`, origin },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
    }
  });

  it('refuses a request without a token, a bad token and the token of a deleted account', async () => {
    const none = await fetch(`${live.issuer}/me`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const bad = await fetch(`${live.issuer}/me`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await bad.json()).toMatchObject({ error: 'invalid_token' });

    const { id } = await createAccount(db.db, { email: 'gone@example.com', password });
    const { tokens } = await signInWithCode(live, await openidClient(live), {
      email: 'gone@example.com',
      password,
    });
    await deleteAccount(db.db, id);
    const gone = await fetch(`${live.issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(gone.status).toBe(401);
    // The provider's other endpoints are still the provider's.
    expect((await fetch(`${live.issuer}/jwks`)).status).toBe(200);
    expect((await new Browser().request(`${live.issuer}/nope`)).res.status).toBe(404);
  });
});
