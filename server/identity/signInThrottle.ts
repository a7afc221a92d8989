import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { signInThrottles } from '../db/schema';

/**
 * Failed sign-ins slow the next attempts at the same e-mail address down, whether an account has
 * that address or not: the answers, the work done and the wait are the same, so they do not tell
 * which e-mails are registered. A wait is short (at most `maxDelayMs`), so nobody can keep the
 * owner of an account out for long, and it is answered at once (429 with Retry-After) rather than
 * held open, so waiting attempts cost the server nothing. The state is in the database: every
 * server process sees the same waits.
 */
export const signInThrottle = {
  /** Failures in a row that cost nothing: typing mistakes. */
  freeFailures: 3,
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstDelayMs: 1_000,
  /** The longest wait. */
  maxDelayMs: 60_000,
  /** A failure this long after the previous one starts the count again. */
  forgetAfterMs: 15 * 60_000,
  /** One attempt per e-mail is checked at a time; a claim lapses after this long (a crash mid-check). */
  attemptTimeoutMs: 10_000,
} as const;

/** The wait after `failures` failures in a row. */
export function delayAfter(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = signInThrottle;
  if (failures <= freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeFailures - 1, 30));
}

/** The table's key for an e-mail address: the sha256 of its lower-cased form (addresses typed are not kept). */
export const throttleKey = (normalizedEmail: string) =>
  createHash('sha256').update(normalizedEmail).digest('hex');

const iso = (ms: number) => new Date(ms).toISOString();

export type SignInClaim = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Claims the right to check one attempt at `key`: refused while the address waits after failures
 * or while another attempt at it is being checked, with the seconds until it may try again.
 */
export async function claimSignInAttempt(db: Database, key: string, now: number): Promise<SignInClaim> {
  const at = iso(now);
  const until = iso(now + signInThrottle.attemptTimeoutMs);
  const t = signInThrottles;
  const claimed = await db
    .insert(t)
    .values({ emailHash: key, failures: 0, nextAttemptAt: at, inFlightUntil: until })
    .onConflictDoUpdate({
      target: t.emailHash,
      set: {
        inFlightUntil: until,
        failures: sql`case when ${t.lastFailureAt} <= ${iso(now - signInThrottle.forgetAfterMs)} then 0 else ${t.failures} end`,
      },
      setWhere: and(lte(t.nextAttemptAt, at), or(isNull(t.inFlightUntil), lte(t.inFlightUntil, at))),
    })
    .returning({ failures: t.failures });
  if (claimed.length > 0) return { ok: true };
  const [row] = await db.select().from(t).where(eq(t.emailHash, key)).limit(1);
  // Waiting after failures, or another attempt being checked right now (a second or so).
  const next = row ? new Date(row.nextAttemptAt).getTime() : now;
  const waitMs = next > now ? next - now : 1000;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Ends a claimed attempt that failed: one more failure, and the wait it brings. */
export async function recordSignInFailure(db: Database, key: string, now: number): Promise<void> {
  const t = signInThrottles;
  const [row] = await db.select({ failures: t.failures }).from(t).where(eq(t.emailHash, key)).limit(1);
  const failures = (row?.failures ?? 0) + 1;
  const values = {
    failures,
    nextAttemptAt: iso(now + delayAfter(failures)),
    inFlightUntil: null,
    lastFailureAt: iso(now),
  };
  await db
    .insert(t)
    .values({ emailHash: key, ...values })
    .onConflictDoUpdate({ target: t.emailHash, set: values });
}

/** Ends a claimed attempt that succeeded, or forgets the failures of an address whose password was reset. */
export async function clearSignInFailures(db: Database, key: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.emailHash, key));
}

/** Forgets addresses that have not failed for `forgetAfterMs` and are not being checked. */
export async function purgeSignInThrottles(db: Database, now = Date.now()): Promise<void> {
  const t = signInThrottles;
  const before = iso(now - signInThrottle.forgetAfterMs);
  await db
    .delete(t)
    .where(and(lt(t.nextAttemptAt, before), or(isNull(t.inFlightUntil), lt(t.inFlightUntil, iso(now)))));
}
