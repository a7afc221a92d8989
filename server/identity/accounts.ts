import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { Role } from '../../contracts/identity';
import type { Database } from '../db';
import { uuidv7 } from '../db/ids';
import { accounts, emailVerifications, oidcPayloads, passwordResets, users } from '../db/schema';
import { AppError } from '../errors';
import { claimSignInAttempt, clearSignInFailures, recordSignInFailure, throttleKey } from './signInThrottle';

/** Shortest password accepted anywhere. */
export const minPasswordLength = 8;
/** Longest password accepted (hashing megabytes would be a cheap denial of service). */
export const maxPasswordLength = 1024;
/** How long a password reset link works. */
export const resetLinkMinutes = 60;
/** How long the link confirming an e-mail address (mailed at sign-up) works. */
export const verifyLinkDays = 7;

/** `oidc_payloads` rows of this type keep what an account has besides its credentials (its name). */
export const profileType = 'AccountProfile';

/** An account without its password hash: what other parts of the platform may see. */
export interface Account {
  id: string;
  email: string;
  lastSignInAt: string | null;
  createdAt: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** argon2id with the library's defaults (19 MiB, 2 passes). */
export const hashPassword = (password: string) => hash(password);

/** A real hash to verify against when there is no account, so unknown e-mails take as long. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash(randomBytes(16).toString('hex')));

async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const summary = (row: typeof accounts.$inferSelect): Account => ({
  id: row.id,
  email: row.email,
  lastSignInAt: row.lastSignInAt,
  createdAt: row.createdAt,
});

async function accountRow(db: Database, where: ReturnType<typeof eq>) {
  const [row] = await db.select().from(accounts).where(where).limit(1);
  return row;
}

/** The account with this e-mail (case-insensitive), or undefined. */
export async function findAccountByEmail(db: Database, email: string): Promise<Account | undefined> {
  const row = await accountRow(db, eq(accounts.email, normalizeEmail(email)));
  return row && summary(row);
}

/** The account with this id, or undefined. */
export async function findAccountById(db: Database, accountId: string): Promise<Account | undefined> {
  const row = await accountRow(db, eq(accounts.id, accountId));
  return row && summary(row);
}

/**
 * Creates an account. The e-mail is stored lower-cased; a taken one answers CONFLICT. The name,
 * when given, is what tokens carry as `name` until the user record has one.
 */
export async function createAccount(
  db: Database,
  input: { email: string; password: string; name?: string },
): Promise<{ id: string }> {
  const email = normalizeEmail(input.email);
  const id = uuidv7();
  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(accounts)
    .values({ id, email, passwordHash })
    .onConflictDoNothing({ target: accounts.email })
    .returning({ id: accounts.id });
  if (inserted.length === 0) throw new AppError('CONFLICT', 'An account with this e-mail already exists');
  const name = input.name?.trim();
  if (name) {
    await db
      .insert(oidcPayloads)
      .values({ type: profileType, id, payload: { accountId: id, name } })
      .onConflictDoNothing();
  }
  return { id };
}

/** True when `password` is the account's password. Does not count towards the sign-in lock. */
export async function verifyPassword(db: Database, accountId: string, password: string): Promise<boolean> {
  if (password.length > maxPasswordLength) return false;
  const row = await accountRow(db, eq(accounts.id, accountId));
  if (!row) {
    await passwordMatches(await decoy(), password);
    return false;
  }
  return passwordMatches(row.passwordHash, password);
}

export type SignInResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'slowed'; retryAfterSeconds: number };

/**
 * Checks an e-mail and password for signing in. Known and unknown e-mails are treated alike: the
 * same answers, the same work (a password hash is verified either way) and the same slowing down
 * after failures (signInThrottle.ts). While an address waits, attempts are answered 'slowed' at once,
 * unchecked, with the seconds to wait. Success forgets the failures.
 */
export async function signIn(
  db: Database,
  email: string,
  password: string,
  clock: () => number = Date.now,
): Promise<SignInResult> {
  const normalized = normalizeEmail(email);
  const key = throttleKey(normalized);
  const claim = await claimSignInAttempt(db, key, clock());
  if (!claim.ok) return { ok: false, reason: 'slowed', retryAfterSeconds: claim.retryAfterSeconds };
  const row = await accountRow(db, eq(accounts.email, normalized));
  let matches = false;
  if (row && password.length <= maxPasswordLength) {
    matches = await passwordMatches(row.passwordHash, password);
  } else {
    await passwordMatches(await decoy(), password);
  }
  if (!row || !matches) {
    await recordSignInFailure(db, key, clock());
    return { ok: false, reason: 'invalid' };
  }
  await db
    .update(accounts)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(accounts.id, row.id));
  await clearSignInFailures(db, key);
  return { ok: true, accountId: row.id };
}

/** An operator disabled the account's user (the operator area's Users): it may not sign in. */
export async function isDisabled(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db.select({ active: users.active }).from(users).where(eq(users.id, accountId)).limit(1);
  return row?.active === false;
}

/** Sets a new password; the address's failed sign-ins are forgotten. */
export async function setPassword(db: Database, accountId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .update(accounts)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId))
    .returning({ email: accounts.email });
  if (row) await clearSignInFailures(db, throttleKey(row.email));
}

/** Provider rows that belong to an account: sessions, grants, tokens and interactions. */
const ownedBy = (accountId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;

/** A provider session (and its grant) that a sign-out everywhere spares: the browser that asked for it. */
export interface KeptSession {
  sessionId: string;
  grantId?: string;
}

/**
 * Signs the account out everywhere (but `keep`): its sessions, grants and refresh tokens are
 * deleted. Access tokens of the deleted grants stop working too (accessTokens.ts).
 */
export async function endSessions(db: Database, accountId: string, keep?: KeptSession): Promise<void> {
  await db.transaction(async (tx) => {
    const grants = await tx
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, 'Grant'), ownedBy(accountId)));
    const ended = grants.map((g) => g.id).filter((id) => id !== keep?.grantId);
    if (ended.length > 0) await tx.delete(oidcPayloads).where(inArray(oidcPayloads.grantId, ended));
    const spared = [
      sql`${oidcPayloads.type} = ${profileType}`,
      ...(keep ? [sql`(${oidcPayloads.type} = 'Session' and ${oidcPayloads.id} = ${keep.sessionId})`] : []),
      ...(keep?.grantId
        ? [
            sql`(${oidcPayloads.type} = 'Grant' and ${oidcPayloads.id} = ${keep.grantId})`,
            sql`${oidcPayloads.grantId} is not distinct from ${keep.grantId}`,
          ]
        : []),
    ];
    await tx.delete(oidcPayloads).where(and(ownedBy(accountId), not(or(...spared)!)));
  });
}

/**
 * Removes an account for good: its provider sessions, grants and tokens, its password reset links,
 * its profile and the account itself. The user record is the user service's to remove.
 */
export async function deleteAccount(db: Database, accountId: string): Promise<void> {
  await endSessions(db, accountId);
  await db.transaction(async (tx) => {
    await tx.delete(oidcPayloads).where(ownedBy(accountId));
    await tx.delete(passwordResets).where(eq(passwordResets.accountId, accountId));
    await tx.delete(emailVerifications).where(eq(emailVerifications.accountId, accountId));
    await tx.delete(accounts).where(eq(accounts.id, accountId));
  });
}

/** What tokens say about an account: name, e-mail and the one role of its user's plan. */
export interface AccountClaims {
  email: string;
  /** Its owner opened the confirmation link mailed at sign-up. */
  emailVerified: boolean;
  name: string;
  roles: [Role];
}

/** users.plan → the role tokens carry. */
export function roleOfPlan(plan: string | null | undefined): Role {
  if (plan === 'standard') return 'pro-user';
  if (plan === 'pro') return 'premium-user';
  return 'free-user';
}

/** Claims of an account, or undefined when it no longer exists. */
export async function accountClaims(db: Database, accountId: string): Promise<AccountClaims | undefined> {
  const row = await accountRow(db, eq(accounts.id, accountId));
  if (!row) return undefined;
  const [user] = await db
    .select({ name: users.name, plan: users.plan })
    .from(users)
    .where(eq(users.id, accountId))
    .limit(1);
  let name: string | undefined = user?.name?.trim();
  if (!name) {
    const [profile] = await db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, profileType), eq(oidcPayloads.id, accountId)))
      .limit(1);
    name = (profile?.payload as { name?: string } | undefined)?.name?.trim();
  }
  return {
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    name: name || row.email.split('@')[0],
    roles: [roleOfPlan(user?.plan)],
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Makes a single-use reset token for the account, valid `resetLinkMinutes`. Only its sha256 is
 * stored. Returns undefined when the account already asked for 3 links in the last hour.
 */
export async function createPasswordReset(db: Database, accountId: string): Promise<string | undefined> {
  const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
  const recent = await db
    .select({ tokenHash: passwordResets.tokenHash })
    .from(passwordResets)
    .where(and(eq(passwordResets.accountId, accountId), gt(passwordResets.createdAt, hourAgo)));
  if (recent.length >= 3) return undefined;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    tokenHash: sha256(token),
    accountId,
    expiresAt: new Date(Date.now() + resetLinkMinutes * 60_000).toISOString(),
  });
  return token;
}

/** The account a reset token is for, when it is unused and unexpired. */
export async function peekPasswordReset(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ accountId: passwordResets.accountId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.accountId;
}

/**
 * Uses a reset token: sets the new password and signs the account out everywhere. Returns false
 * when the token is unknown, expired or already used (it works once).
 */
export async function usePasswordReset(db: Database, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const [used] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ accountId: passwordResets.accountId });
  if (!used) return false;
  const [account] = await db
    .update(accounts)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(accounts.id, used.accountId))
    .returning({ email: accounts.email });
  if (account) await clearSignInFailures(db, throttleKey(account.email));
  await endSessions(db, used.accountId);
  return true;
}

/**
 * Makes the single-use link token confirming the account's e-mail address, valid `verifyLinkDays`.
 * Only its sha256 is stored.
 */
export async function createEmailVerification(db: Database, accountId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailVerifications).values({
    tokenHash: sha256(token),
    accountId,
    expiresAt: new Date(Date.now() + verifyLinkDays * 24 * 60 * 60_000).toISOString(),
  });
  return token;
}

/**
 * Uses a confirmation token: the account's e-mail address is verified from now on. Answers the
 * address, or undefined when the token is unknown, expired or already used (it works once).
 */
export async function useEmailVerification(db: Database, token: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerifications.tokenHash, sha256(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, sql`now()`),
        ),
      )
      .returning({ accountId: emailVerifications.accountId });
    if (!used) return undefined;
    const [account] = await tx
      .update(accounts)
      .set({ emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(accounts.id, used.accountId))
      .returning({ email: accounts.email });
    return account?.email;
  });
}
