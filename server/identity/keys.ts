import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Database } from '../db';
import { uuidv7 } from '../db/ids';
import { identityKeys } from '../db/schema';

/** The algorithm of every token the embedded provider signs. */
const signingAlg = 'RS256';

/** A retired signing key stays published this long, so tokens it signed can still be verified. */
const retiredKeyLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** A private RSA signing key as a JWK, with its key id. */
export type PrivateJwk = JWK & { kid: string; kty: 'RSA'; d: string };

const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

/** The public half of a private JWK. */
export function publicJwk(jwk: JWK): JWK {
  const pub: Record<string, unknown> = { ...jwk };
  for (const member of privateMembers) delete pub[member];
  return pub as JWK;
}

async function newSigningKey(): Promise<PrivateJwk> {
  const { privateKey } = await generateKeyPair(signingAlg, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: signingAlg, use: 'sig' } as PrivateJwk;
}

async function insertSigningKey(db: Database): Promise<string> {
  const key = await newSigningKey();
  await db.insert(identityKeys).values({ kid: key.kid, kind: 'signing', material: key });
  return key.kid;
}

async function insertCookieSecret(db: Database): Promise<string> {
  const kid = `cookie-${uuidv7()}`;
  await db
    .insert(identityKeys)
    .values({ kid, kind: 'cookie', material: { secret: randomBytes(32).toString('base64url') } });
  return kid;
}

/** Rows of one kind still in use: active ones and ones retired less than `retiredKeyLifetimeMs` ago. */
async function liveRows(db: Database, kind: 'signing' | 'cookie') {
  const cutoff = new Date(Date.now() - retiredKeyLifetimeMs).toISOString();
  const rows = await db
    .select()
    .from(identityKeys)
    .where(
      and(
        eq(identityKeys.kind, kind),
        or(isNull(identityKeys.retiredAt), gt(identityKeys.retiredAt, cutoff)),
      ),
    )
    .orderBy(desc(identityKeys.createdAt), desc(identityKeys.kid));
  // Active keys first (newest first), then retired ones: the provider signs with the first.
  return [...rows.filter((r) => !r.retiredAt), ...rows.filter((r) => r.retiredAt)];
}

/** Private signing keys, the one to sign with first. */
async function signingKeys(db: Database): Promise<PrivateJwk[]> {
  return (await liveRows(db, 'signing')).map((r) => r.material as PrivateJwk);
}

/** Public signing keys: what the JWKS endpoint publishes and what verifies access tokens. */
async function publicSigningKeys(db: Database): Promise<JWK[]> {
  return (await signingKeys(db)).map(publicJwk);
}

/** Cookie secrets, the one to sign with first. */
async function cookieSecrets(db: Database): Promise<string[]> {
  return (await liveRows(db, 'cookie')).map((r) => (r.material as { secret: string }).secret);
}

/**
 * The provider's keys, made on first start: an RS256 signing key and a cookie secret. Later starts
 * read the same rows, so tokens and sessions outlive restarts.
 */
export async function loadIdentityKeys(db: Database): Promise<{ signing: PrivateJwk[]; cookies: string[] }> {
  let signing = await signingKeys(db);
  if (!signing.some((k) => k.alg === signingAlg)) {
    await insertSigningKey(db);
    signing = await signingKeys(db);
  }
  let cookies = await cookieSecrets(db);
  if (cookies.length === 0) {
    await insertCookieSecret(db);
    cookies = await cookieSecrets(db);
  }
  return { signing, cookies };
}

/**
 * Adds a new signing key and retires the current ones. Retired keys stay in the JWKS for
 * `retiredKeyLifetimeMs`, so tokens they signed keep verifying; the new key signs from the next
 * start of the server. Returns the new key id.
 */
export async function rotateSigningKey(db: Database): Promise<string> {
  const key = await newSigningKey();
  await db.transaction(async (tx) => {
    await tx
      .update(identityKeys)
      .set({ retiredAt: new Date().toISOString() })
      .where(and(eq(identityKeys.kind, 'signing'), isNull(identityKeys.retiredAt)));
    await tx.insert(identityKeys).values({ kid: key.kid, kind: 'signing', material: key });
  });
  return key.kid;
}

/** Adds a new cookie secret and retires the current ones (they still verify cookies for a while). */
export async function rotateCookieSecret(db: Database): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .update(identityKeys)
      .set({ retiredAt: new Date().toISOString() })
      .where(and(eq(identityKeys.kind, 'cookie'), isNull(identityKeys.retiredAt)));
    return insertCookieSecret(tx as unknown as Database);
  });
}

/**
 * A jose key resolver over the public signing keys. An unknown `kid` makes it re-read the keys from
 * the database (at most every `minRefreshMs`), so a key rotated by another instance is found.
 */
export function keyResolver(db: Database, initial: JWK[], minRefreshMs = 30_000): JWTVerifyGetKey {
  let local = createLocalJWKSet({ keys: initial });
  let lastRefresh = 0;
  let refreshing: Promise<void> | undefined;
  const refresh = async () => {
    refreshing ??= publicSigningKeys(db)
      .then((keys) => {
        local = createLocalJWKSet({ keys });
        lastRefresh = Date.now();
      })
      .finally(() => {
        refreshing = undefined;
      });
    await refreshing;
  };
  return async (header, token) => {
    try {
      return await local(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - lastRefresh < minRefreshMs) {
        throw error;
      }
      await refresh();
      return local(header, token);
    }
  };
}
