import { eq } from 'drizzle-orm';
import * as jose from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { identityKeys } from '../../../server/db/schema';
import { createAccount } from '../../../server/identity/accounts';
import { rotateSigningKey } from '../../../server/identity/keys';
import { testDatabases } from '../../support/db';
import { type App, type LiveApp, openidClient, signInWithCode, startApp } from './support';

const password = 'correct horse battery';
const withMe = {
  beforeReady: (app: App) =>
    void app.get('/api/test/me', { preHandler: app.requireUser }, async (r) => r.auth),
};

describe.each(testDatabases())('identity keys on $name', ({ open }) => {
  let db: DatabaseHandle;
  let live: LiveApp | undefined;

  const jwksKids = async (l: LiveApp) =>
    ((await (await fetch(`${l.issuer}/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
  const me = (l: LiveApp, token: string) =>
    fetch(`${l.origin}/api/test/me`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    db = await open();
    await createAccount(db.db, { email: 'keeper@example.com', password });
  });
  afterAll(async () => {
    await live?.close();
    await db?.close();
  });

  it('keeps keys, cookie secrets and sessions across restarts, and rotates signing keys', async () => {
    live = await startApp(db, withMe);
    const [firstKid] = await jwksKids(live);
    const client = await openidClient(live);
    const { tokens } = await signInWithCode(live, client, { email: 'keeper@example.com', password });
    expect(jose.decodeProtectedHeader(tokens.access_token).kid).toBe(firstKid);
    await live.close();

    // A restart on the same database (and origin): same key, and the refresh token still works.
    live = await startApp(db, { ...withMe, port: live.port });
    expect(await jwksKids(live)).toEqual([firstKid]);
    expect((await me(live, tokens.access_token)).status).toBe(200);
    const client2 = await openidClient(live);
    const renewed = await oidc.refreshTokenGrant(client2.config, tokens.refresh_token!);
    expect(jose.decodeProtectedHeader(renewed.access_token).kid).toBe(firstKid);
    const kinds = await db.db.select({ kind: identityKeys.kind }).from(identityKeys);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['cookie', 'signing']);

    // Rotation: a token signed with the new key is accepted by the running server at once.
    const newKid = await rotateSigningKey(db.db);
    const [row] = await db.db.select().from(identityKeys).where(eq(identityKeys.kid, newKid));
    const key = await jose.importJWK(row.material as jose.JWK, 'RS256');
    const signed = await new jose.SignJWT({ sub: 'someone', roles: ['free-user'] })
      .setProtectedHeader({ alg: 'RS256', kid: newKid })
      .setIssuer(live.issuer)
      .setAudience(`${live.origin}/api`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect((await me(live, signed)).status).toBe(200);
    await live.close();

    // After the next start the new key signs and the old one still verifies.
    live = await startApp(db, { ...withMe, port: live.port });
    expect(await jwksKids(live)).toEqual([newKid, firstKid]);
    const client3 = await openidClient(live);
    const latest = await signInWithCode(live, client3, { email: 'keeper@example.com', password });
    expect(jose.decodeProtectedHeader(latest.tokens.access_token).kid).toBe(newKid);
    expect((await me(live, latest.tokens.access_token)).status).toBe(200);
    expect((await me(live, renewed.access_token)).status).toBe(200);
  });
});
