import { asc, eq, notInArray, sql } from 'drizzle-orm';
import type { PaymentProducts } from '../../../contracts/marketplace';
import type { Database } from '../../db';
import { marketProducts } from '../../db/schema';
import { creditBundles, planDescriptionPoints, planPrices } from './catalog';

/** What is for sale: the price table (catalog.ts) as the market_products rows the API lists. */
export class Products {
  constructor(private readonly db: Database) {}

  /** Writes the price table (catalog.ts) to market_products: idempotent, safe on every start. */
  async sync(): Promise<void> {
    const rows: (typeof marketProducts.$inferInsert)[] = [
      ...creditBundles.map((b, i) => ({
        id: b.id,
        kind: 'credits',
        coinAmount: b.coinAmount,
        plan: null,
        interval: null,
        priceAmount: b.priceAmount,
        currency: b.currency,
        iconId: b.iconId,
        descriptionPoints: [],
        sortOrder: i,
        active: 1,
      })),
      ...planPrices.map((p, i) => ({
        id: p.id,
        kind: 'subscription',
        coinAmount: null,
        plan: p.plan,
        interval: p.interval,
        priceAmount: p.priceAmount,
        currency: p.currency,
        iconId: null,
        descriptionPoints: planDescriptionPoints[p.plan],
        sortOrder: 100 + i,
        active: 1,
      })),
    ];
    await this.db.transaction(async (tx) => {
      for (const row of rows) {
        const { id: _id, ...rest } = row;
        await tx
          .insert(marketProducts)
          .values(row)
          .onConflictDoUpdate({ target: marketProducts.id, set: { ...rest, updatedAt: sql`now()` } });
      }
      await tx
        .update(marketProducts)
        .set({ active: 0 })
        .where(
          notInArray(
            marketProducts.id,
            rows.map((r) => r.id),
          ),
        );
    });
  }

  async list(): Promise<PaymentProducts> {
    const rows = await this.db
      .select()
      .from(marketProducts)
      .where(eq(marketProducts.active, 1))
      .orderBy(asc(marketProducts.sortOrder));
    const result: PaymentProducts = { oneTimeProducts: [], subscriptionProducts: [] };
    for (const r of rows) {
      if (r.kind === 'credits') {
        result.oneTimeProducts.push({
          id: r.id,
          coinAmount: r.coinAmount ?? 0,
          priceAmount: r.priceAmount,
          currency: r.currency as 'eur',
          iconId: r.iconId ?? 1,
        });
      } else {
        result.subscriptionProducts.push({
          id: r.id,
          subscriptionIdentifier: r.plan as 'standard' | 'pro',
          interval: r.interval as 'monthly' | 'yearly',
          priceAmount: r.priceAmount,
          currency: r.currency as 'eur',
          descriptionPoints: r.descriptionPoints,
        });
      }
    }
    result.oneTimeProducts.sort((a, b) => a.coinAmount - b.coinAmount);
    return result;
  }
}
