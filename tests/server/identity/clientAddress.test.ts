import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { testDatabases } from '../../support/db';
import { Browser, type LiveApp, openidClient, openSignIn, startApp } from './support';

const password = 'correct horse battery';
/** The sign-in form's attempts per address and 15 minutes (server/identity/rateLimit.ts). */
const signInLimit = 10;

/**
 * The per-address sign-in limit counts the client's real address: by default the socket's peer,
 * whatever X-Forwarded-For says; behind TRUST_PROXY=1, the address the proxy appended.
 */
describe('the client address of the sign-in limit', () => {
  let db: DatabaseHandle;
  let live: LiveApp | undefined;
  beforeAll(async () => {
    db = await testDatabases()[0].open();
  });
  afterEach(async () => {
    await live?.close();
    live = undefined;
  });
  afterAll(async () => db?.close());

  /** A fresh app (its limits start at zero) and a sign-in form on it. */
  async function start(env: Record<string, string>) {
    live = await startApp(db, { env });
    const browser = new Browser();
    const client = await openidClient(live);
    const { page } = await openSignIn(live, browser, client, `${live.origin}/authentication/callback`);
    const action = new URL(`${page.url.pathname}/login`, live.origin);
    /** One wrong sign-in with this X-Forwarded-For header; answers the status. */
    const attempt = async (forwardedFor: string, i: number) =>
      (
        await browser.request(action, {
          form: { email: `ghost${i}@example.com`, password },
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).res.status;
    return { attempt };
  }

  it('ignores X-Forwarded-For by default, so forged values do not reset the limit', async () => {
    const { attempt } = await start({ TRUST_PROXY: '' });
    const statuses: number[] = [];
    for (let i = 0; i <= signInLimit; i++) statuses.push(await attempt(`198.51.100.${i + 1}`, i));
    expect(statuses).toEqual([...Array(signInLimit).fill(401), 429]);
  });

  it('takes the address the proxy appended with TRUST_PROXY=1', async () => {
    const { attempt } = await start({ TRUST_PROXY: '1' });
    const statuses: number[] = [];
    // The client forges the start of the header; the proxy appends the address it saw.
    for (let i = 0; i <= signInLimit; i++)
      statuses.push(await attempt(`198.51.100.${i + 1}, 203.0.113.7`, i));
    expect(statuses).toEqual([...Array(signInLimit).fill(401), 429]);
    // Another client behind the same proxy has its own count.
    expect(await attempt('203.0.113.8', 99)).toBe(401);
  });

  it('takes the address before a listed proxy', async () => {
    const { attempt } = await start({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < signInLimit; i++)
      expect(await attempt(`198.51.100.9, 203.0.113.${i + 1}`, i)).toBe(401);
  });
});
