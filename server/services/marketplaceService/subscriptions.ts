import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  MySubscription,
  PaymentHistory,
  SubscriptionNotification,
} from '../../../contracts/marketplace';
import { creditBalances, payments, subscriptions, users } from '../../db/schema';
import { notFound } from '../../errors';
import { pageWithMore, pageWithNext } from '../../support/paging';
import { toIsoTime } from '../../support/time';
import { type Market, notifyUser } from './market';

const iso = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : toIsoTime(value);

/** The plan a user has: their subscription's while it has not ended (users.plan follows it), else free. */
export function currentPlan(
  row: { isCanceled: number; plan: string } | undefined,
  userPlan: string | undefined,
): MySubscription['plan'] {
  if (!row || row.isCanceled === 2) return 'free';
  return (userPlan ?? row.plan) as MySubscription['plan'];
}

/** A user's plan: their subscription, its auto-renewal, and what they paid (the wallet page). */
export class Subscriptions {
  constructor(private readonly market: Market) {}

  async mySubscription(userId: string): Promise<MySubscription> {
    const [row] = await this.market.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const [user] = await this.market.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
    if (!row) {
      return { plan: 'free', priceId: null, isCanceled: null, endsAt: null, canceledAt: null };
    }
    return {
      plan: currentPlan(row, user?.plan),
      priceId: row.priceId,
      isCanceled: row.isCanceled as 0 | 1 | 2,
      endsAt: iso(row.endsAt),
      canceledAt: iso(row.canceledAt),
    };
  }

  /** Auto-renewal off (isCanceled 1) or on again (0). 404 without a paid subscription. */
  async setAutoRenew(userId: string, renew: boolean): Promise<MySubscription> {
    const [row] = await this.market.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row || row.isCanceled === 2) throw notFound('You have no paid subscription');
    if (row.providerSubscriptionId && row.provider === this.market.provider.name) {
      await this.market.provider.setCancelAtPeriodEnd(row.providerSubscriptionId, !renew);
    }
    await this.market.db
      .update(subscriptions)
      .set({
        isCanceled: renew ? 0 : 1,
        canceledAt: renew ? null : sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.isCanceled, [0, 1])));
    const answer = await this.mySubscription(userId);
    await notifyUser(this.market, userId, 'Subscription', {
      eventType: 'subscription.updated',
      plan: answer.plan,
    } satisfies SubscriptionNotification);
    return answer;
  }

  /**
   * Pushes each user's wallet and plan as they are now (Wallet, and Subscription with eventType
   * 'subscription.updated'), for clients that may have missed pushes while the hubs' backplane
   * was down.
   */
  async pushCurrentState(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const { db } = this.market;
    const [balances, rows, plans] = await Promise.all([
      db
        .select({ userId: creditBalances.userId, balance: creditBalances.balance })
        .from(creditBalances)
        .where(inArray(creditBalances.userId, userIds)),
      db.select().from(subscriptions).where(inArray(subscriptions.userId, userIds)),
      db.select({ id: users.id, plan: users.plan }).from(users).where(inArray(users.id, userIds)),
    ]);
    const balanceOf = new Map(balances.map((b) => [b.userId, b.balance]));
    const rowOf = new Map(rows.map((r) => [r.userId, r]));
    const planOf = new Map(plans.map((p) => [p.id, p.plan]));
    for (const userId of userIds) {
      await notifyUser(this.market, userId, 'Wallet', { availableBalance: balanceOf.get(userId) ?? 0 });
      await notifyUser(this.market, userId, 'Subscription', {
        eventType: 'subscription.updated',
        plan: currentPlan(rowOf.get(userId), planOf.get(userId)),
      } satisfies SubscriptionNotification);
    }
  }

  async paymentHistory(userId: string, cp: number, ipp: number): Promise<PaymentHistory> {
    const { limit, offset } = pageWithNext({ cp, ipp });
    const rows = await this.market.db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .offset(offset);
    return pageWithMore(rows, { cp, ipp }, (p) => ({
      paymentId: p.id,
      createdAt: toIsoTime(p.createdAt),
      description: p.description,
      amount: p.amount,
      currency: p.currency as 'eur',
      status: p.status as 'paid',
      provider: p.provider,
      cardLast4: p.cardLast4,
    }));
  }
}
