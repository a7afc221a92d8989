import { and, eq, sql } from 'drizzle-orm';
import type { SubscriptionNotification } from '../../../contracts/marketplace';
import type { Transaction } from '../../db';
import { uuidv7 } from '../../db/ids';
import { checkoutSessions, payments, processedProviderEvents, subscriptions, users } from '../../db/schema';
import type { ProviderEvent } from '../../payments/provider';
import { creditBundleById, planPriceById, productDescription } from './catalog';
import { addCredits } from './ledger';
import { type Market, notifyUser } from './market';

/** What a fulfilment did (for the caller and the notifications after commit). */
export interface FulfilmentResult {
  applied: boolean;
  userId?: string;
  availableBalance?: number;
  subscription?: SubscriptionNotification;
  /** A provider subscription the new plan replaced: cancelled at the provider after the commit. */
  replaced?: { provider: string; subscriptionId: string };
}

export function addInterval(from: Date, interval: string): Date {
  const d = new Date(from);
  if (interval === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/**
 * THE one place provider events take effect: checkouts completed, invoices paid or failed,
 * subscriptions changed or ended, whichever provider reported them.
 */
export class Fulfilment {
  constructor(private readonly market: Market) {}

  /**
   * Applies a provider event exactly once per (provider, eventId): the processed-event row is
   * inserted first, in the same transaction as every effect, so a duplicate does nothing and a
   * crash part-way leaves nothing (the provider's replay then applies it). Notifications go out
   * after the commit.
   */
  async fulfil(event: ProviderEvent): Promise<FulfilmentResult> {
    const result = await this.market.db.transaction(async (tx): Promise<FulfilmentResult> => {
      const [fresh] = await tx
        .insert(processedProviderEvents)
        .values({ provider: event.provider, eventId: event.eventId, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: processedProviderEvents.eventId });
      if (!fresh) return { applied: false };
      await this.market.fault?.(event);
      switch (event.type) {
        case 'checkout.completed':
          return this.completeCheckout(tx, event);
        case 'invoice.paid':
        case 'invoice.failed':
          return this.invoice(tx, event);
        case 'subscription.changed':
          return this.subscriptionChanged(tx, event);
        case 'subscription.deleted':
          return this.subscriptionDeleted(tx, event);
      }
    });
    if (result.userId && result.availableBalance !== undefined)
      await notifyUser(this.market, result.userId, 'Wallet', { availableBalance: result.availableBalance });
    if (result.userId && result.subscription)
      await notifyUser(this.market, result.userId, 'Subscription', result.subscription);
    if (result.replaced?.provider === this.market.provider.name) {
      // After the commit: should this fail, the log says which subscription to cancel by hand.
      await this.market.provider
        .cancelNow(result.replaced.subscriptionId)
        .catch((error: unknown) =>
          this.market.log?.error(
            { err: error, subscriptionId: result.replaced?.subscriptionId },
            'a replaced subscription could not be cancelled at the provider',
          ),
        );
    }
    return result;
  }

  private async completeCheckout(
    tx: Transaction,
    event: Extract<ProviderEvent, { type: 'checkout.completed' }>,
  ): Promise<FulfilmentResult> {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.provider, event.provider),
          eq(checkoutSessions.providerSessionId, event.providerSessionId),
        ),
      )
      .for('update');
    if (!session) {
      this.market.log?.warn({ event }, 'a completed checkout that was not opened here: ignored');
      return { applied: true };
    }
    if (session.status === 'complete') return { applied: true, userId: session.userId };
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete', updatedAt: sql`now()` })
      .where(eq(checkoutSessions.id, session.id));
    const result: FulfilmentResult = { applied: true, userId: session.userId };
    const coins = session.items.reduce(
      (sum, i) => sum + (creditBundleById(i.productId)?.coinAmount ?? 0) * i.quantity,
      0,
    );
    if (coins > 0) {
      result.availableBalance = await addCredits(tx, session.userId, coins, 'purchase', session.id);
    }
    const plan = session.subscriptionProductId ? planPriceById(session.subscriptionProductId) : undefined;
    if (plan) {
      const now = new Date();
      const endsAt = event.periodEnd ?? addInterval(now, plan.interval).toISOString();
      const values = {
        plan: plan.plan,
        interval: plan.interval,
        priceId: plan.id,
        isCanceled: 0,
        endsAt,
        canceledAt: null,
        provider: event.provider,
        providerCustomerId: event.customerId ?? null,
        providerSubscriptionId: event.subscriptionId ?? `sub_${event.provider}_${session.id}`,
        updatedAt: now.toISOString(),
      };
      // A plan bought while another runs replaces it: the old one must never be charged again.
      const [previous] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, session.userId))
        .for('update');
      if (
        previous &&
        previous.isCanceled < 2 &&
        previous.providerSubscriptionId &&
        previous.providerSubscriptionId !== values.providerSubscriptionId
      ) {
        result.replaced = { provider: previous.provider, subscriptionId: previous.providerSubscriptionId };
      }
      await tx
        .insert(subscriptions)
        .values({ userId: session.userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values });
      await this.setPlan(tx, session.userId, plan.plan, session.userName);
      result.subscription = { eventType: 'subscription.activated', plan: plan.plan };
    }
    const description = [
      ...session.items.map((i) => productDescription(i.productId, i.quantity)),
      ...(plan ? [productDescription(plan.id)] : []),
    ].join(' + ');
    await tx.insert(payments).values({
      id: uuidv7(),
      userId: session.userId,
      provider: event.provider,
      providerReference: event.paymentReference ?? event.providerSessionId,
      checkoutSessionId: session.id,
      description,
      amount: session.amount,
      currency: session.currency,
      status: 'paid',
      cardLast4: event.cardLast4 ?? session.cardLast4,
    });
    return result;
  }

  /** users.plan follows the subscription, so the next access token carries the plan's role. */
  private async setPlan(tx: Transaction, userId: string, plan: string, name?: string | null) {
    const updated = await tx
      .update(users)
      .set({ plan, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0 && plan !== 'free') {
      await tx
        .insert(users)
        .values({ id: userId, name: name?.trim() || 'New user', plan })
        .onConflictDoUpdate({ target: users.id, set: { plan } });
    }
  }

  private async subscriptionByProviderId(tx: Transaction, provider: string, id: string | null) {
    if (!id) return undefined;
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, id)))
      .for('update');
    return row;
  }

  private async invoice(
    tx: Transaction,
    event: Extract<ProviderEvent, { type: 'invoice.paid' | 'invoice.failed' }>,
  ): Promise<FulfilmentResult> {
    const sub = await this.subscriptionByProviderId(tx, event.provider, event.subscriptionId);
    if (!sub) {
      this.market.log?.info({ eventId: event.eventId }, 'an invoice of no known subscription: ignored');
      return { applied: true };
    }
    const paid = event.type === 'invoice.paid';
    if (paid && event.periodEnd) {
      await tx
        .update(subscriptions)
        .set({ endsAt: event.periodEnd, updatedAt: sql`now()` })
        .where(eq(subscriptions.userId, sub.userId));
    }
    // The first invoice is the checkout's own payment, recorded with checkout.completed.
    if (!(paid && event.billingReason === 'subscription_create')) {
      await tx.insert(payments).values({
        id: uuidv7(),
        userId: sub.userId,
        provider: event.provider,
        providerReference: event.invoiceId,
        description: productDescription(sub.priceId),
        amount: event.amount,
        currency: event.currency,
        status: paid ? 'paid' : 'failed',
        cardLast4: event.cardLast4 ?? null,
      });
    }
    return { applied: true, userId: sub.userId };
  }

  private async subscriptionChanged(
    tx: Transaction,
    event: Extract<ProviderEvent, { type: 'subscription.changed' }>,
  ): Promise<FulfilmentResult> {
    const sub = await this.subscriptionByProviderId(tx, event.provider, event.subscriptionId);
    if (!sub) {
      this.market.log?.info({ eventId: event.eventId }, 'a change of no known subscription: ignored');
      return { applied: true };
    }
    const ended = ['canceled', 'unpaid', 'incomplete_expired'].includes(event.status);
    const product = event.productId ? planPriceById(event.productId) : undefined;
    await tx
      .update(subscriptions)
      .set({
        isCanceled: ended ? 2 : event.cancelAtPeriodEnd ? 1 : 0,
        endsAt: event.periodEnd ?? sub.endsAt,
        canceledAt: event.canceledAt,
        ...(product ? { plan: product.plan, interval: product.interval, priceId: product.id } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.userId, sub.userId));
    const plan = ended ? 'free' : (product?.plan ?? sub.plan);
    await this.setPlan(tx, sub.userId, plan);
    return {
      applied: true,
      userId: sub.userId,
      subscription: {
        eventType: ended ? 'subscription.canceled' : 'subscription.updated',
        plan: plan as 'free',
      },
    };
  }

  private async subscriptionDeleted(
    tx: Transaction,
    event: Extract<ProviderEvent, { type: 'subscription.deleted' }>,
  ): Promise<FulfilmentResult> {
    const sub = await this.subscriptionByProviderId(tx, event.provider, event.subscriptionId);
    if (!sub) return { applied: true };
    await tx
      .update(subscriptions)
      .set({ isCanceled: 2, canceledAt: event.canceledAt ?? sql`now()`, updatedAt: sql`now()` })
      .where(eq(subscriptions.userId, sub.userId));
    await this.setPlan(tx, sub.userId, 'free');
    return {
      applied: true,
      userId: sub.userId,
      subscription: { eventType: 'subscription.canceled', plan: 'free' },
    };
  }
}
