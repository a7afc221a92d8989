import { createHash } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import {
  type InternalTransactionAnswer,
  type InternalTransactionForm,
  marketplaceMessages,
} from '../../../contracts/marketplace';
import { uuidv7 } from '../../db/ids';
import {
  creditBalances,
  creditLedger,
  districtMembers,
  districts,
  idempotencyKeys,
  internalTransactionItems,
  internalTransactions,
  publishSlots,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { extraSlotItemId, internalItemPrice, unknownProduct } from './catalog';
import { addCredits, balanceOf } from './ledger';
import { type Market, notifyUser } from './market';

const insufficient = (required: number, availableBalance: number) =>
  new AppError('BUSINESS_RULE', marketplaceMessages.insufficientCredits, { required, availableBalance });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Wallets (districts-commerce-spaces.md §3 'Wallet', §7): balances, credits granted, and internal
 * transactions paid with credits (priced by the server, idempotent with a key, never below zero).
 */
export class Wallets {
  constructor(private readonly market: Market) {}

  async wallet(userId: string) {
    return { userId, availableBalance: await balanceOf(this.market.db, userId) };
  }

  /** Credits given outside a payment (support, tests, promotions): one ledger entry. */
  async grant(userId: string, amount: number, reference: string | null = null): Promise<number> {
    const balance = await this.market.db.transaction((tx) =>
      addCredits(tx, userId, amount, 'grant', reference),
    );
    await notifyUser(this.market, userId, 'Wallet', { availableBalance: balance });
    return balance;
  }

  /** The ledger's sum for a user (equals the balance). */
  async ledgerSum(userId: string): Promise<number> {
    const [row] = await this.market.db
      .select({ sum: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return Number(row.sum);
  }

  /** The total in credits by the server's own prices (422 for an unknown item or a mismatch). */
  private priced(form: InternalTransactionForm) {
    let total = 0;
    let mismatch = false;
    for (const item of form.transactionItems) {
      const price = internalItemPrice(item.districtItemId);
      if (price === undefined) throw unknownProduct(item.districtItemId);
      if (price !== item.priceCoin) mismatch = true;
      total += price * item.quantity;
    }
    if (mismatch || total !== form.totalCoin) {
      throw new AppError('BUSINESS_RULE', marketplaceMessages.totalMismatch, { expectedTotalCoin: total });
    }
    return total;
  }

  /**
   * The districts the items are for, which the caller must manage (role Owner): 403 otherwise,
   * 404 for one that does not exist. Answers each district's owner and subdomain.
   */
  private async districtsOf(caller: Caller, form: InternalTransactionForm) {
    const ids = [...new Set(form.transactionItems.flatMap((i) => (i.districtId ? [i.districtId] : [])))];
    const found = new Map<string, { ownerId: string; subdomain: string }>();
    for (const id of ids) {
      const [row] = await this.market.db
        .select({ ownerId: districts.ownerId, subdomain: districts.subdomain, role: districtMembers.role })
        .from(districts)
        .leftJoin(
          districtMembers,
          and(eq(districtMembers.districtId, districts.id), eq(districtMembers.userId, caller.userId)),
        )
        .where(eq(districts.id, id));
      if (!row) throw notFound('No such district');
      if (row.role !== 'Owner') throw forbidden('Only an Owner of the district buys for it');
      found.set(id, { ownerId: row.ownerId, subdomain: row.subdomain });
    }
    return found;
  }

  async internalTransaction(
    caller: Caller,
    form: InternalTransactionForm,
    idempotencyKey?: string,
  ): Promise<InternalTransactionAnswer> {
    const total = this.priced(form);
    const forDistricts = await this.districtsOf(caller, form);
    const userId = caller.userId;
    const requestHash = sha256(JSON.stringify(form));
    let replayed = false;
    let answer: InternalTransactionAnswer;
    try {
      answer = await this.market.db.transaction(async (tx) => {
        if (idempotencyKey) {
          const [claimed] = await tx
            .insert(idempotencyKeys)
            .values({ userId, key: idempotencyKey, scope: 'internalTransaction', requestHash, answer: {} })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (!claimed) {
            const [known] = await tx
              .select()
              .from(idempotencyKeys)
              .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
            if (!known || known.requestHash !== requestHash || known.scope !== 'internalTransaction')
              throw new AppError('BUSINESS_RULE', marketplaceMessages.idempotencyReused);
            replayed = true;
            return known.answer as InternalTransactionAnswer;
          }
        }
        let balance: number;
        if (total > 0) {
          const [row] = await tx
            .update(creditBalances)
            .set({ balance: sql`${creditBalances.balance} - ${total}`, updatedAt: sql`now()` })
            .where(and(eq(creditBalances.userId, userId), gte(creditBalances.balance, total)))
            .returning({ balance: creditBalances.balance });
          if (!row) throw insufficient(total, -1);
          balance = row.balance;
        } else {
          balance = await balanceOf(tx, userId);
        }
        const transactionId = uuidv7();
        await tx.insert(internalTransactions).values({ id: transactionId, userId, totalCoin: total });
        await tx.insert(internalTransactionItems).values(
          form.transactionItems.map((item, position) => ({
            transactionId,
            position,
            districtItemId: item.districtItemId,
            quantity: item.quantity,
            priceCoin: item.priceCoin,
            districtId: item.districtId ?? null,
          })),
        );
        await tx
          .insert(creditLedger)
          .values({ id: uuidv7(), userId, amount: -total, reason: 'spend', reference: transactionId });
        const slots = form.transactionItems
          .filter((i) => i.districtItemId === extraSlotItemId)
          .flatMap((i) => Array.from({ length: i.quantity }, () => i));
        if (slots.length > 0) {
          // A slot bought for a district is the district's (its owner's, kind 'district').
          await tx.insert(publishSlots).values(
            slots.map((i) => {
              const district = i.districtId ? forDistricts.get(i.districtId) : undefined;
              return {
                id: uuidv7(),
                ownerId: district?.ownerId ?? userId,
                kind: district ? 'district' : 'extra',
                productId: extraSlotItemId,
                districtId: i.districtId ?? null,
                districtSubdomain: district?.subdomain ?? null,
              };
            }),
          );
        }
        const result = { transactionId, totalCoin: total, availableBalance: balance };
        if (idempotencyKey) {
          await tx
            .update(idempotencyKeys)
            .set({ answer: result })
            .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
        }
        return result;
      });
    } catch (error) {
      if (error instanceof AppError && error.message === marketplaceMessages.insufficientCredits) {
        throw insufficient(total, await balanceOf(this.market.db, userId));
      }
      throw error;
    }
    if (!replayed)
      await notifyUser(this.market, userId, 'Wallet', { availableBalance: answer.availableBalance });
    return answer;
  }
}
