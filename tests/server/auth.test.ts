import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db';
import { type AuthUser, VerifiedTokens } from '../../server/identity/accessTokens';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabases } from '../support/db';
import { startTestIssuer, type TestIssuer } from '../support/tokens';

const ann: AuthUser = { userId: 'ann', roles: ['free-user'] };

describe('verified tokens', () => {
  it('are known until the token expires, and no longer', () => {
    const cache = new VerifiedTokens(60_000, 10);
    cache.set('token-a', ann, 1_000_500, 1_000_000);
    expect(cache.get('token-a', 1_000_499)).toBe(ann);
    expect(cache.get('token-a', 1_000_500)).toBeUndefined();
  });

  it('are checked again after the time limit even when the token lives longer', () => {
    const cache = new VerifiedTokens(60_000, 10);
    cache.set('token-a', ann, 5_000_000, 1_000_000);
    expect(cache.get('token-a', 1_059_999)).toBe(ann);
    expect(cache.get('token-a', 1_060_000)).toBeUndefined();
  });

  it('keep only the most recent ones, and never an expired token', () => {
    const cache = new VerifiedTokens(60_000, 2);
    cache.set('one', ann, undefined, 0);
    cache.set('two', ann, undefined, 0);
    cache.set('three', ann, undefined, 0);
    expect([cache.get('one', 1), cache.get('two', 1), cache.get('three', 1)]).toEqual([undefined, ann, ann]);
    cache.set('dead', ann, 10, 20);
    expect(cache.get('dead', 20)).toBeUndefined();
  });
});

describe('API authentication with remembered tokens', () => {
  let issuer: TestIssuer;
  let db: DatabaseHandle;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await testDatabases()[0].open();
    t = await buildTestApp(db, issuer.env);
  });
  afterAll(async () => {
    await t.close();
    await db.close();
    await issuer.close();
  });

  const me = (token: string) =>
    t.app.inject({
      url: '/api/sceneService/scene/metadata/my?cp=0&ipp=9',
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses a token once it expires, though it was accepted before', async () => {
    const token = await issuer.token({ sub: 'short-lived', name: 'Short' }, { expiresIn: '2s' });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2_100));
    const late = await me(token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Your session has expired; sign in again',
    });
  });

  it('refuses a forged token that differs from an accepted one only in its signature', async () => {
    const token = await issuer.token({ sub: 'victim', name: 'Victim' });
    expect((await me(token)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const answer = await me(forged);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'The access token is not valid' });
  });
});
