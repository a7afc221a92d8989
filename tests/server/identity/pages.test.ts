import { and, eq, sql } from 'drizzle-orm';
import * as jose from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { accounts, mailOutbox, oidcPayloads, passwordResets } from '../../../server/db/schema';
import {
  accountClaims,
  createAccount,
  deleteAccount,
  findAccountByEmail,
  verifyPassword,
} from '../../../server/identity/accounts';
import { testDatabases } from '../../support/db';
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
const sameAnswer = 'If an account exists for that e-mail, we have sent a link';

describe.each(testDatabases())('sign-in pages on $name', ({ open }) => {
  let db: DatabaseHandle;
  let live: LiveApp;
  const callback = () => `${live.origin}/authentication/callback`;

  /** A browser on the sign-in page of a fresh authorization. */
  async function signInPage(browser = new Browser()) {
    const client = await openidClient(live);
    const flow = await openSignIn(live, browser, client, callback());
    return { ...flow, client, browser, base: flow.page.url };
  }

  const outbox = async (to: string) => db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  beforeAll(async () => {
    db = await open();
    live = await startApp(db);
  });
  afterAll(async () => {
    await live?.close();
    await db?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('creates an account from the sign-up page and signs it in', async () => {
    const { page, browser, client, verifier, state } = await signInPage();
    const signup = await browser.request(new URL(`${page.url.pathname}/signup`, live.origin));
    expect(signup.res.status).toBe(200);
    expect(signup.text).toContain('<label for="f-confirm">Confirm password</label>');
    const done = await browser.follow(formAction(signup.text, '/signup', live.origin), {
      form: { name: 'Grace Hopper', email: 'Grace@Example.com', password, confirm: password },
    });
    expect(done.location?.href, done.text).toMatch(new RegExp(`^${callback()}\\?`));
    const { authorizationCodeGrant } = await import('openid-client');
    const tokens = await authorizationCodeGrant(client.config, done.location!, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const claims = jose.decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', roles: ['free-user'] });
    const account = await findAccountByEmail(db.db, 'GRACE@example.com');
    expect(account?.id).toBe(claims.sub);
    const [row] = await db.db.select().from(accounts).where(eq(accounts.id, account!.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('mails a link at sign-up that confirms the e-mail address once, and tokens then say so', async () => {
    const { page, browser } = await signInPage();
    const signup = await browser.request(new URL(`${page.url.pathname}/signup`, live.origin));
    await browser.follow(formAction(signup.text, '/signup', live.origin), {
      form: { name: 'Ada <Lovelace>', email: 'Ada@Example.com', password, confirm: password },
    });
    const account = await findAccountByEmail(db.db, 'ada@example.com');
    expect((await accountClaims(db.db, account!.id))?.emailVerified).toBe(false);
    const mails = await outbox('ada@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Confirm your e-mail address for Spaces' });
    expect(mails[0].html).toContain('Hello Ada &lt;Lovelace&gt;,');
    const link = new RegExp(`${live.origin}/oidc-account/verify/[A-Za-z0-9_-]{43}`).exec(mails[0].text);
    expect(link, mails[0].text).not.toBeNull();
    expect(mails[0].html).toContain(`href="${link![0]}"`);

    const confirmed = await new Browser().request(link![0]);
    expect(confirmed.res.status).toBe(200);
    expect(confirmed.text).toContain('E-mail address confirmed');
    expect(confirmed.text).toContain('ada@example.com is confirmed');
    expect((await accountClaims(db.db, account!.id))?.emailVerified).toBe(true);

    const again = await new Browser().request(link![0]);
    expect(again.res.status).toBe(400);
    expect(again.text).toContain('This confirmation link has expired or was already used');
    const forged = await new Browser().request(`${live.origin}/oidc-account/verify/${'A'.repeat(43)}`);
    expect(forged.res.status).toBe(400);
  });

  it('explains what is wrong on the sign-up form', async () => {
    await createAccount(db.db, { email: 'taken@example.com', password });
    const { browser, base } = await signInPage();
    const action = new URL(`${base.pathname}/signup`, live.origin);
    const taken = await browser.request(action, {
      form: { name: 'Someone', email: 'TAKEN@example.com', password, confirm: password },
    });
    expect(taken.res.status).toBe(409);
    expect(taken.text).toContain('An account with this e-mail already exists');
    expect(taken.text).toContain('value="TAKEN@example.com"');

    const short = await browser.request(action, {
      form: { name: 'Someone', email: 'new@example.com', password: 'short', confirm: 'short' },
    });
    expect(short.res.status).toBe(400);
    expect(short.text).toContain('Use at least 8 characters');

    const mismatch = await browser.request(action, {
      form: { name: '', email: 'new@example.com', password, confirm: `${password}!` },
    });
    expect(mismatch.res.status).toBe(400);
    expect(mismatch.text).toContain('The passwords do not match');
    expect(mismatch.text).toContain('Enter your name');
    expect(await findAccountByEmail(db.db, 'new@example.com')).toBeUndefined();
  });

  it('says "Incorrect e-mail or password" for a wrong password and for an unknown e-mail', async () => {
    await createAccount(db.db, { email: 'linus@example.com', password });
    const { browser, base } = await signInPage();
    const action = new URL(`${base.pathname}/login`, live.origin);
    for (const form of [
      { email: 'linus@example.com', password: 'wrong password' },
      { email: 'nobody@example.com', password },
    ]) {
      const res = await browser.request(action, { form });
      expect(res.res.status).toBe(401);
      expect(res.text).toContain('Incorrect e-mail or password');
    }
    // The same page still signs in with the right password.
    const ok = await browser.follow(action, { form: { email: 'linus@example.com', password } });
    expect(ok.location?.href).toMatch(new RegExp(`^${callback()}\\?code=`));
  });

  it('takes forms from its own pages (also with Origin: null) and refuses cross-site posts', async () => {
    const { browser, base } = await signInPage();
    const action = new URL(`${base.pathname}/login`, live.origin);
    const form = { email: 'linus@example.com', password: 'wrong password' };
    // Browsers send Origin: null under Referrer-Policy: no-referrer; Sec-Fetch-Site tells the rest.
    const own = await browser.request(action, {
      form,
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.res.status).toBe(401);
    for (const headers of [
      { origin: 'http://evil.example' } as Record<string, string>,
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await browser.request(action, { form, headers });
      expect(res.res.status).toBe(400);
      expect(res.text).toContain('This page has expired');
    }
    // Without the interaction cookie (another browser) nothing happens either.
    const stranger = await new Browser().request(action, { form });
    expect(stranger.res.status).toBe(400);
  });

  it('limits sign-in attempts per IP address', async () => {
    const { browser, base } = await signInPage();
    const action = new URL(`${base.pathname}/login`, live.origin);
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 11; i++) {
      const res = await browser.request(action, { form: { email: `ghost${i}@example.com`, password } });
      statuses.push(res.res.status);
      last = res.text;
      if (i === 10) expect(Number(res.res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(last).toContain('Too many attempts. Please wait 15 minutes and try again.');
    // Another address is not affected.
    const other = await signInPage();
    const res = await other.browser.request(new URL(`${other.base.pathname}/login`, live.origin), {
      form: { email: 'ghost@example.com', password },
    });
    expect(res.res.status).toBe(401);
  });

  it('slows attempts at one e-mail down, known or not, whatever the address, then lets the owner in', async () => {
    const { id } = await createAccount(db.db, { email: 'target@example.com', password });
    const { base, browser } = await signInPage();
    const action = new URL(`${base.pathname}/login`, live.origin);
    // The server's clock (in this process) stands still, so a slow machine sees the same waits.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    const attempts = async (email: string) => {
      const answers: { status: number; retryAfter: string | null; text: string }[] = [];
      for (let i = 0; i < 5; i++) {
        // A new address each time: only the per-e-mail slowing down can stop this.
        const res = await browser.request(action, {
          form: { email, password: `guess ${i}` },
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        });
        answers.push({
          status: res.res.status,
          retryAfter: res.res.headers.get('retry-after'),
          text: res.text.replaceAll(email, 'EMAIL'),
        });
      }
      return answers;
    };
    const known = await attempts('target@example.com');
    const unknown = await attempts('nobody-here@example.com');
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 429]);
    expect(known[4].retryAfter).toBe('1');
    expect(known[4].text).toContain(
      'Too many failed sign-in attempts with this e-mail address. Try again in 1 second, or reset your password.',
    );
    // Nothing tells the registered e-mail from the other.
    expect(unknown).toEqual(known);

    // The owner's right password waits as long as the last wrong one asked, not 15 minutes.
    const right = () =>
      browser.follow(action, {
        form: { email: 'target@example.com', password },
        headers: { 'x-forwarded-for': '192.0.2.99' },
      });
    expect((await right()).res.status).toBe(429);
    clock.mockReturnValue(now + 1000);
    const done = await right();
    expect(done.location?.href, done.text).toMatch(new RegExp(`^${callback()}\\?code=`));
    expect((await findAccountByEmail(db.db, 'target@example.com'))?.id).toBe(id);
  });

  it('answers the forgot password form the same way for known and unknown e-mails', async () => {
    await createAccount(db.db, { email: 'forgetful@example.com', password });
    const { browser, base } = await signInPage();
    const forgot = await browser.request(new URL(`${base.pathname}/forgot`, live.origin));
    expect(forgot.res.status).toBe(200);
    const action = formAction(forgot.text, '/forgot', live.origin);

    const known = await browser.request(action, { form: { email: 'Forgetful@example.com' } });
    const unknown = await browser.request(action, { form: { email: 'stranger@example.com' } });
    expect(known.res.status).toBe(200);
    expect(unknown.res.status).toBe(200);
    expect(known.text).toContain(sameAnswer);
    expect(unknown.text).toBe(known.text);

    expect(await outbox('stranger@example.com')).toHaveLength(0);
    const mails = await outbox('forgetful@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Reset your Spaces password');
    const link = new RegExp(`${live.origin}/oidc-account/reset/([A-Za-z0-9_-]{43})`).exec(mails[0].text);
    expect(link).not.toBeNull();
    // Only the hash of the token is stored.
    const resets = await db.db.select().from(passwordResets);
    expect(resets.map((r) => r.tokenHash)).not.toContain(link![1]);
  });

  it('resets the password once with the link from the e-mail', async () => {
    const { id } = await createAccount(db.db, { email: 'reset@example.com', password });
    // Signed in somewhere: the reset ends that session.
    const client = await openidClient(live);
    const { tokens } = await signInWithCode(live, client, { email: 'reset@example.com', password });
    const { browser, base } = await signInPage();
    await browser.request(new URL(`${base.pathname}/forgot`, live.origin), {
      form: { email: 'reset@example.com' },
    });
    const [mail] = await outbox('reset@example.com');
    const link = /(http:\/\/\S+\/oidc-account\/reset\/\S+)/.exec(mail.text)![1];

    const reader = new Browser();
    const page = await reader.request(link);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain('Choose a new password');
    const action = formAction(page.text, '/oidc-account/reset/', live.origin);
    const mismatch = await reader.request(action, { form: { password: 'new password 1', confirm: 'other' } });
    expect(mismatch.res.status).toBe(400);
    expect(mismatch.text).toContain('The passwords do not match');
    const done = await reader.request(action, {
      form: { password: 'new password 1', confirm: 'new password 1' },
    });
    expect(done.res.status).toBe(200);
    expect(done.text).toContain('Your password has been changed');
    expect(await verifyPassword(db.db, id, 'new password 1')).toBe(true);
    expect(await verifyPassword(db.db, id, password)).toBe(false);

    const again = await reader.request(action, {
      form: { password: 'new password 2', confirm: 'new password 2' },
    });
    expect(again.res.status).toBe(400);
    expect(again.text).toContain('This link no longer works');
    expect((await reader.request(link)).res.status).toBe(400);
    expect(await verifyPassword(db.db, id, 'new password 1')).toBe(true);

    // Sessions and refresh tokens of the account are gone.
    const { refreshTokenGrant } = await import('openid-client');
    await expect(refreshTokenGrant(client.config, tokens.refresh_token!)).rejects.toThrow();
  });

  it('changes the password of the account signed in at the provider', async () => {
    const { id } = await createAccount(db.db, { email: 'changer@example.com', password });
    const client = await openidClient(live);
    const { browser } = await signInWithCode(live, client, { email: 'changer@example.com', password });
    const returnTo = `http://gallery.localhost:${live.port}/user/me`;
    const page = await browser.request(
      `${live.origin}/oidc-account/password?return_to=${encodeURIComponent(returnTo)}`,
    );
    expect(page.res.status).toBe(200);
    expect(page.text).toContain('Signed in as <strong>changer@example.com</strong>');
    const action = formAction(page.text, '/oidc-account/password', live.origin);
    const csrf = hiddenValue(page.text, 'csrf');
    const form = (current: string, next: string) => ({
      csrf,
      return_to: returnTo,
      current,
      password: next,
      confirm: next,
    });

    // Without the page's cookie (another site posting the form) nothing changes.
    const forged = await new Browser().request(action, { form: form(password, 'hijacked pass') });
    expect(forged.res.status).toBe(403);
    const crossSite = await browser.request(action, {
      form: form(password, 'hijacked pass'),
      headers: { origin: 'http://evil.example' },
    });
    expect(crossSite.res.status).toBe(403);

    const wrong = await browser.request(action, { form: form('not my password', 'brand new pass') });
    expect(wrong.res.status).toBe(401);
    expect(wrong.text).toContain('Your current password is incorrect');

    const csrf2 = hiddenValue(wrong.text, 'csrf');
    const done = await browser.request(action, {
      form: { ...form(password, 'brand new pass'), csrf: csrf2 },
    });
    expect(done.res.status).toBe(200);
    expect(done.text).toContain('Your password has been changed');
    expect(done.text).toContain(`href="${returnTo}"`);
    expect(await verifyPassword(db.db, id, 'brand new pass')).toBe(true);
  });

  it('asks for the e-mail on the change password page when nobody is signed in', async () => {
    const { id } = await createAccount(db.db, { email: 'walkin@example.com', password });
    const browser = new Browser();
    const page = await browser.request(`${live.origin}/oidc-account/password?return_to=http://evil.example/`);
    expect(page.text).toContain('<label for="f-email">E-mail</label>');
    expect(page.text).toContain(`name="return_to" value="${live.origin}/"`);
    const done = await browser.request(formAction(page.text, '/oidc-account/password', live.origin), {
      form: {
        csrf: hiddenValue(page.text, 'csrf'),
        return_to: 'http://evil.example/',
        email: 'walkin@example.com',
        current: password,
        password: 'walk in pass',
        confirm: 'walk in pass',
      },
    });
    expect(done.res.status).toBe(200);
    expect(done.text).not.toContain('evil.example');
    expect(await verifyPassword(db.db, id, 'walk in pass')).toBe(true);
  });

  it('deletes an account with its sessions, grants and reset links', async () => {
    const { id } = await createAccount(db.db, { email: 'leaving@example.com', password, name: 'Leaving' });
    const client = await openidClient(live);
    const { tokens } = await signInWithCode(live, client, { email: 'leaving@example.com', password });
    const { browser, base } = await signInPage();
    await browser.request(new URL(`${base.pathname}/forgot`, live.origin), {
      form: { email: 'leaving@example.com' },
    });
    const owned = () =>
      db.db
        .select({ type: oidcPayloads.type })
        .from(oidcPayloads)
        .where(sql`${oidcPayloads.payload}->>'accountId' = ${id}`);
    expect((await owned()).map((r) => r.type)).toEqual(
      expect.arrayContaining(['Session', 'Grant', 'RefreshToken']),
    );

    await expect(createAccount(db.db, { email: 'LEAVING@example.com', password })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await deleteAccount(db.db, id);
    expect(await owned()).toEqual([]);
    expect(await db.db.select().from(passwordResets).where(eq(passwordResets.accountId, id))).toEqual([]);
    expect(await findAccountByEmail(db.db, 'leaving@example.com')).toBeUndefined();
    expect(await verifyPassword(db.db, id, password)).toBe(false);
    const { refreshTokenGrant } = await import('openid-client');
    await expect(refreshTokenGrant(client.config, tokens.refresh_token!)).rejects.toThrow();
    // The e-mail is free again.
    expect((await createAccount(db.db, { email: 'leaving@example.com', password })).id).not.toBe(id);
    expect(
      await db.db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, 'Grant'), sql`${oidcPayloads.payload}->>'accountId' = ${id}`)),
    ).toEqual([]);
  });
});
