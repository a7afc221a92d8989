import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { signInThrottles } from '../../../server/db/schema';
import { createAccount, setPassword, signIn } from '../../../server/identity/accounts';
import { purgeExpired } from '../../../server/identity/adapter';
import {
  claimSignInAttempt,
  delayAfter,
  signInThrottle,
  throttleKey,
} from '../../../server/identity/signInThrottle';
import { testDatabases } from '../../support/db';

// Counts password hash verifications: the work a sign-in attempt does.
const argon = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon.verifications += 1;
      return original.verify(...args);
    },
  };
});

const password = 'correct horse battery';

/** A clock the test moves by hand. */
function clock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let now = start;
  const read = () => now;
  read.advance = (ms: number) => (now += ms);
  return read;
}

describe.each(testDatabases())('sign-in slowing down on $name', ({ open }) => {
  let db: DatabaseHandle;
  let seq = 0;
  const newEmail = (label: string) => `${label}-${++seq}@example.com`;

  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => db?.close());
  beforeEach(() => {
    argon.verifications = 0;
  });

  it('waits nothing after the first few failures, then 1 s doubling up to 60 s', () => {
    const waits = Array.from({ length: 12 }, (_, i) => delayAfter(i + 1));
    expect(waits).toEqual([0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(delayAfter(10_000)).toBe(signInThrottle.maxDelayMs);
  });

  it('answers a known and an unknown e-mail alike, doing the same work', async () => {
    const known = newEmail('known');
    await createAccount(db.db, { email: known, password });
    const unknown = newEmail('unknown');
    const transcripts: { results: unknown[]; verifications: number }[] = [];
    for (const email of [known, unknown]) {
      const time = clock();
      const results: unknown[] = [];
      argon.verifications = 0;
      for (let i = 0; i < 5; i++) results.push(await signIn(db.db, email, `wrong ${i}`, time));
      time.advance(999);
      results.push(await signIn(db.db, email, 'wrong again', time));
      time.advance(1);
      results.push(await signIn(db.db, email, 'wrong at last', time));
      transcripts.push({ results, verifications: argon.verifications });
    }
    const invalid = { ok: false, reason: 'invalid' };
    expect(transcripts[0]).toEqual({
      results: [
        invalid,
        invalid,
        invalid,
        invalid,
        // The fourth failure asks for 1 s: answered at once, unchecked.
        { ok: false, reason: 'slowed', retryAfterSeconds: 1 },
        { ok: false, reason: 'slowed', retryAfterSeconds: 1 },
        invalid,
      ],
      // Every checked attempt verified one password hash; the waiting ones none.
      verifications: 5,
    });
    expect(transcripts[1]).toEqual(transcripts[0]);
  });

  it('lets the right password in once the wait is over, never later than 60 s', async () => {
    const email = newEmail('owner');
    const { id } = await createAccount(db.db, { email, password });
    const time = clock();
    for (let i = 0; i < 20; i++) {
      const result = await signIn(db.db, email, `attacker guess ${i}`, time);
      if (!result.ok && result.reason === 'slowed') time.advance(result.retryAfterSeconds * 1000);
    }
    const right = await signIn(db.db, email, password, time);
    expect(right).toMatchObject({ ok: false, reason: 'slowed' });
    expect(right.ok === false && right.reason === 'slowed' && right.retryAfterSeconds).toBeLessThanOrEqual(
      60,
    );
    time.advance(60_000);
    expect(await signIn(db.db, email, password, time)).toEqual({ ok: true, accountId: id });
    // Success forgets the failures: a typing mistake next costs nothing.
    expect(await signIn(db.db, email, 'typo', time)).toEqual({ ok: false, reason: 'invalid' });
    expect(await signIn(db.db, email, password, time)).toEqual({ ok: true, accountId: id });
  });

  it('checks one attempt per e-mail at a time', async () => {
    const email = newEmail('parallel');
    const key = throttleKey(email);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(await claimSignInAttempt(db.db, key, now)).toEqual({ ok: true });
    expect(await claimSignInAttempt(db.db, key, now + 100)).toEqual({ ok: false, retryAfterSeconds: 1 });
    // A claim whose check never ended (a crash) lapses.
    expect(await claimSignInAttempt(db.db, key, now + signInThrottle.attemptTimeoutMs)).toEqual({ ok: true });
  });

  it('starts counting afresh after a long quiet, and when the password is set anew', async () => {
    const email = newEmail('quiet');
    const { id } = await createAccount(db.db, { email, password });
    const time = clock();
    const failTimes = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const result = await signIn(db.db, email, 'nope', time);
        if (!result.ok && result.reason === 'slowed') time.advance(result.retryAfterSeconds * 1000);
        else expect(result).toEqual({ ok: false, reason: 'invalid' });
      }
    };
    await failTimes(6);
    time.advance(signInThrottle.forgetAfterMs);
    await failTimes(3);
    expect(await signIn(db.db, email, 'nope', time)).toEqual({ ok: false, reason: 'invalid' });

    await setPassword(db.db, id, 'a new password');
    await failTimes(3);
    expect(await signIn(db.db, email, 'a new password', time)).toEqual({ ok: true, accountId: id });
  });

  it('forgets addresses that have been quiet for long', async () => {
    const email = newEmail('forgotten');
    await signIn(db.db, email, 'nope', clock(Date.now() - 2 * signInThrottle.forgetAfterMs));
    const keys = async () => (await db.db.select().from(signInThrottles)).map((r) => r.emailHash);
    expect(await keys()).toContain(throttleKey(email));
    await purgeExpired(db.db);
    expect(await keys()).not.toContain(throttleKey(email));
  });
});
