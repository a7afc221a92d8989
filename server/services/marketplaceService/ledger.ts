import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db';
import { uuidv7 } from '../../db/ids';
import { creditBalances, creditLedger } from '../../db/schema';

/**
 * Credits: a balance per user and the append-only ledger it is the sum of. Every change is a
 * ledger row written in the same transaction as the balance.
 */

export async function balanceOf(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));
  return row?.balance ?? 0;
}

/** Adds (or with a negative amount, takes) credits with a ledger entry; answers the balance. */
export async function addCredits(
  tx: Transaction,
  userId: string,
  amount: number,
  reason: string,
  reference: string | null,
): Promise<number> {
  const [row] = await tx
    .insert(creditBalances)
    .values({ userId, balance: amount })
    .onConflictDoUpdate({
      target: creditBalances.userId,
      set: { balance: sql`${creditBalances.balance} + ${amount}`, updatedAt: sql`now()` },
    })
    .returning({ balance: creditBalances.balance });
  await tx.insert(creditLedger).values({ id: uuidv7(), userId, amount, reason, reference });
  return row.balance;
}
