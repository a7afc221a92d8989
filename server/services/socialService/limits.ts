import { and, count, eq, lt, min, sql } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { uuidv7 } from '../../db/ids';
import { socialRateEvents } from '../../db/schema';
import { AppError } from '../../errors';

/** At most `max` actions of a kind per user within any `perSeconds` seconds. */
export interface RateLimit {
  max: number;
  perSeconds: number;
}

/**
 * The one table of the social service's rate limits per user. A person writing comments by hand
 * stays far below them; a script does not.
 */
export const socialRateLimits = {
  comment: { max: 10, perSeconds: 60 },
  like: { max: 60, perSeconds: 60 },
  report: { max: 20, perSeconds: 3600 },
} satisfies Record<string, RateLimit>;

export type SocialRateKind = keyof typeof socialRateLimits;
export type SocialRateLimits = Record<SocialRateKind, RateLimit>;

/** What a refusal's `details` carry: when the caller may try again. */
export interface RateLimitDetails {
  kind: SocialRateKind;
  retryAfterSeconds: number;
}

function retryText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const doingWhat: Record<SocialRateKind, string> = {
  comment: 'You are commenting too quickly',
  like: 'You are liking too quickly',
  report: 'You have sent many reports',
};

/**
 * Counts one action of `kind` by the user, inside the transaction that performs it (so a refused
 * or failed action counts nothing), or refuses with 429 RATE_LIMITED and when to try again.
 * Actions of one user and kind take turns (a transaction-scoped advisory lock), so concurrent
 * requests cannot pass the limit together; events older than the window are pruned on the way.
 */
export async function takeRateLimit(
  tx: Transaction,
  userId: string,
  kind: SocialRateKind,
  limits: SocialRateLimits = socialRateLimits,
): Promise<void> {
  const { max, perSeconds } = limits[kind];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`social-rate:${kind}:${userId}`}))`);
  const windowStart = sql`now() - make_interval(secs => ${perSeconds})`;
  const mine = and(eq(socialRateEvents.userId, userId), eq(socialRateEvents.kind, kind));
  await tx.delete(socialRateEvents).where(and(mine, lt(socialRateEvents.createdAt, windowStart)));
  const [recent] = await tx
    .select({
      n: count(),
      // Seconds until the oldest action in the window leaves it.
      wait: sql<
        string | null
      >`extract(epoch from (${min(socialRateEvents.createdAt)} + make_interval(secs => ${perSeconds}) - now()))`,
    })
    .from(socialRateEvents)
    .where(mine);
  if (Number(recent.n) >= max) {
    const retryAfterSeconds = Math.max(1, Math.ceil(Number(recent.wait ?? perSeconds)));
    throw new AppError(
      'RATE_LIMITED',
      `${doingWhat[kind]}: please try again in ${retryText(retryAfterSeconds)}`,
      { kind, retryAfterSeconds } satisfies RateLimitDetails,
    );
  }
  await tx.insert(socialRateEvents).values({ id: uuidv7(), userId, kind });
}
