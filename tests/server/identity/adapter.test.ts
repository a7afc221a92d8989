import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { oidcPayloads } from '../../../server/db/schema';
import { DrizzleAdapter, purgeExpired } from '../../../server/identity/adapter';
import { appOrigins } from '../../../server/identity/origins';
import { testDatabases } from '../../support/db';

describe.each(testDatabases())('oidc-provider adapter on $name', ({ open }) => {
  let db: DatabaseHandle;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores, finds, consumes, expires and destroys payloads', async () => {
    const codes = new DrizzleAdapter(db.db, 'AuthorizationCode');
    const sessions = new DrizzleAdapter(db.db, 'Session');
    await codes.upsert('c1', { accountId: 'a1', grantId: 'g1' }, 60);
    await codes.upsert('c1', { accountId: 'a1', grantId: 'g1', scope: 'openid' }, 60);
    expect(await codes.find('c1')).toEqual({ accountId: 'a1', grantId: 'g1', scope: 'openid' });
    // Same id, other model: separate rows.
    expect(await sessions.find('c1')).toBeUndefined();

    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBeGreaterThan(0);

    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a1' });
    expect(await sessions.findByUid('nope')).toBeUndefined();

    const devices = new DrizzleAdapter(db.db, 'DeviceCode');
    await devices.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g1' });
    expect(await devices.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });

    await codes.upsert('old', { accountId: 'a1' }, -5);
    expect(await codes.find('old')).toBeUndefined();
    await purgeExpired(db.db);
    const ids = (await db.db.select({ id: oidcPayloads.id }).from(oidcPayloads)).map((r) => r.id);
    expect(ids).not.toContain('old');

    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await devices.find('d1')).toBeDefined();
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });
});

describe('app origins', () => {
  const o = appOrigins('http://localhost:8080', 'localhost');

  it('allows the callback on the main host and on single-label district hosts only', () => {
    expect(o.isCallback('http://localhost:8080/authentication/callback')).toBe(true);
    expect(o.isCallback('http://gallery.localhost:8080/authentication/callback')).toBe(true);
    expect(o.isCallback('http://my-place2.localhost:8080/authentication/callback')).toBe(true);
    for (const uri of [
      'http://a.b.localhost:8080/authentication/callback',
      'http://gallery.localhost:9090/authentication/callback',
      'https://gallery.localhost:8080/authentication/callback',
      'http://gallery.localhost:8080/authentication/callback?x=1',
      'http://gallery.localhost:8080/authentication/callback/',
      'http://evil.example/authentication/callback',
      'http://x@gallery.localhost:8080/authentication/callback',
      'http://-bad.localhost:8080/authentication/callback',
      'http://evillocalhost:8080/authentication/callback',
    ]) {
      expect(o.isCallback(uri), uri).toBe(false);
    }
  });

  it('allows sign-out back to app origins and keeps return_to on them', () => {
    expect(o.isPostLogout('http://localhost:8080')).toBe(true);
    expect(o.isPostLogout('http://gallery.localhost:8080/')).toBe(true);
    expect(o.isPostLogout('http://gallery.localhost:8080/x')).toBe(false);
    expect(o.isAppOrigin('http://evil.example')).toBe(false);
    expect(o.safeReturnTo('http://gallery.localhost:8080/user/me?tab=1')).toBe(
      'http://gallery.localhost:8080/user/me?tab=1',
    );
    expect(o.safeReturnTo('http://evil.example/')).toBe('http://localhost:8080/');
    expect(o.safeReturnTo('javascript:alert(1)')).toBe('http://localhost:8080/');
    expect(o.safeReturnTo('//evil.example/')).toBe('http://localhost:8080/');
    expect(o.safeReturnTo(undefined)).toBe('http://localhost:8080/');
    expect(o.districtSource).toBe('http://*.localhost:8080');
    const https = appOrigins('https://spaces.example.com', 'spaces.example.com');
    expect(https.isCallback('https://art.spaces.example.com/authentication/callback')).toBe(true);
    expect(https.districtSource).toBe('https://*.spaces.example.com');
  });
});
