import { and, eq, sql } from 'drizzle-orm';
import type { SubscriptionNotification } from '../../../contracts/marketplace';
import type { Transaction } from '../../db';
import { uuidv7 } from '../../db/ids';
import { checkoutSessions, payments, processedProviderEvents, subscriptions, users } from '../../db/schema';
import type { ProviderEvent } from '../../payments/provider';
import { creditBundleById, type PlanPriceConfig, planPriceById, productDescription } from './catalog';
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

/** Provider statuses a subscription never comes back from (Stripe cannot reactivate a canceled one). */
export const finalSubscriptionStatuses = ['canceled', 'incomplete_expired', 'deleted'] as const;
/** Provider statuses in which the plan's rights are not given ('unpaid' may still recover). */
const endedSubscriptionStatuses = ['canceled', 'unpaid', 'incomplete_expired'];

/**
 * A provider event may change the subscription's state only when the subscription has not ended
 * for good and the event was made no earlier than the newest one applied (`at`, ISO).
 */
const mayChange = (at: string) =>
  sql`(${subscriptions.providerStatus} is null or ${subscriptions.providerStatus} not in (${sql.join(
    finalSubscriptionStatuses.map((s) => sql`${s}`),
    sql`, `,
  )})) and (${subscriptions.providerEventAt} is null or ${subscriptions.providerEventAt} <= ${at}::timestamptz)`;

/** users.plan follows the subscription, so the next access token carries the plan's role. */
async function setUserPlan(tx: Transaction, userId: string, plan: string, name?: string | null) {
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

export interface PlanRecord {
  userId: string;
  /** The price bought (catalog.ts). */
  price: PlanPriceConfig;
  provider: string;
  providerSubscriptionId: string;
  providerCustomerId?: string | null;
  /** End of the paid period (ISO). */
  endsAt: string;
  /** When the provider made the event that started it (ISO); now when absent. */
  eventAt?: string | null;
  /** The user's display name, for a user record made here if none exists. */
  userName?: string | null;
}

/**
 * Records a plan as bought: the user's subscription row (replacing any earlier one) and their
 * plan. What a completed checkout does, and what the demo seed does for its users. Answers the
 * subscription it replaced, if any.
 */
export async function recordPlan(tx: Transaction, record: PlanRecord) {
  const now = new Date().toISOString();
  const values = {
    plan: record.price.plan,
    interval: record.price.interval,
    priceId: record.price.id,
    isCanceled: 0,
    endsAt: record.endsAt,
    canceledAt: null,
    provider: record.provider,
    providerCustomerId: record.providerCustomerId ?? null,
    providerSubscriptionId: record.providerSubscriptionId,
    providerStatus: 'active',
    providerEventAt: record.eventAt ?? now,
    updatedAt: now,
  };
  const [previous] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, record.userId))
    .for('update');
  await tx
    .insert(subscriptions)
    .values({ userId: record.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  await setUserPlan(tx, record.userId, record.price.plan, record.userName);
  return previous;
}

export function addInterval(from: Date, interval: string): Date {
  const d = new Date(from);
  if (interval === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/**
 * THE one place provider events take effect: checkouts completed, invoices paid or failed,
 * subscriptions changed or ended, whichever provider reported them. Providers deliver late, twice
 * and out of order: an event id applies once, an invoice is one payment whatever the events that
 * tell of it, and a subscription event made before the state it would change (or after the
 * subscription ended for good) changes nothing.
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
      const providerSubscriptionId = event.subscriptionId ?? `sub_${event.provider}_${session.id}`;
      const previous = await recordPlan(tx, {
        userId: session.userId,
        price: plan,
        provider: event.provider,
        providerSubscriptionId,
        providerCustomerId: event.customerId,
        endsAt: event.periodEnd ?? addInterval(new Date(), plan.interval).toISOString(),
        eventAt: event.created,
        userName: session.userName,
      });
      // A plan bought while another runs replaces it: the old one must never be charged again.
      if (
        previous &&
        previous.isCanceled < 2 &&
        previous.providerSubscriptionId &&
        previous.providerSubscriptionId !== providerSubscriptionId
      ) {
        result.replaced = { provider: previous.provider, subscriptionId: previous.providerSubscriptionId };
      }
      result.subscription = { eventType: 'subscription.activated', plan: plan.plan };
    }
    const description = [
      ...session.items.map((i) => productDescription(i.productId, i.quantity)),
      ...(plan ? [productDescription(plan.id)] : []),
    ].join(' + ');
    await tx
      .insert(payments)
      .values({
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
      })
      .onConflictDoNothing();
    return result;
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
      // A late invoice of an earlier period never moves the end back.
      await tx
        .update(subscriptions)
        .set({
          endsAt: sql`greatest(${subscriptions.endsAt}, ${event.periodEnd}::timestamptz)`,
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.userId, sub.userId));
    }
    // The first invoice is the checkout's own payment, recorded with checkout.completed.
    if (!(paid && event.billingReason === 'subscription_create')) {
      // One row per invoice, however many events tell of it: a failed attempt becomes paid when a
      // retry succeeds, and a late failure never undoes a payment.
      await tx
        .insert(payments)
        .values({
          id: uuidv7(),
          userId: sub.userId,
          provider: event.provider,
          providerReference: event.invoiceId,
          description: productDescription(sub.priceId),
          amount: event.amount,
          currency: event.currency,
          status: paid ? 'paid' : 'failed',
          cardLast4: event.cardLast4 ?? null,
        })
        .onConflictDoUpdate({
          target: [payments.provider, payments.providerReference],
          set: {
            status: 'paid',
            amount: event.amount,
            cardLast4: event.cardLast4 ?? null,
            createdAt: sql`now()`,
          },
          setWhere: paid ? sql`${payments.status} <> 'paid'` : sql`false`,
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
    const ended = endedSubscriptionStatuses.includes(event.status);
    const product = event.productId ? planPriceById(event.productId) : undefined;
    const at = event.created ?? new Date().toISOString();
    const [changed] = await tx
      .update(subscriptions)
      .set({
        isCanceled: ended ? 2 : event.cancelAtPeriodEnd ? 1 : 0,
        endsAt: event.periodEnd ?? sub.endsAt,
        canceledAt: event.canceledAt,
        ...(product ? { plan: product.plan, interval: product.interval, priceId: product.id } : {}),
        providerStatus: event.status,
        providerEventAt: at,
        updatedAt: sql`now()`,
      })
      .where(and(eq(subscriptions.userId, sub.userId), mayChange(at)))
      .returning({ plan: subscriptions.plan });
    if (!changed) {
      this.market.log?.info(
        { eventId: event.eventId, subscriptionId: event.subscriptionId },
        'a change older than the subscription state, or of an ended subscription: ignored',
      );
      return { applied: true };
    }
    const plan = ended ? 'free' : changed.plan;
    await setUserPlan(tx, sub.userId, plan);
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
    // Deleted is final whenever it was made; told again, it changes nothing.
    if (finalSubscriptionStatuses.includes(sub.providerStatus as 'deleted') && sub.isCanceled === 2)
      return { applied: true };
    const at = event.created ?? new Date().toISOString();
    await tx
      .update(subscriptions)
      .set({
        isCanceled: 2,
        canceledAt: event.canceledAt ?? sql`now()`,
        providerStatus: 'deleted',
        providerEventAt: sql`greatest(${subscriptions.providerEventAt}, ${at}::timestamptz)`,
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.userId, sub.userId));
    await setUserPlan(tx, sub.userId, 'free');
    return {
      applied: true,
      userId: sub.userId,
      subscription: { eventType: 'subscription.canceled', plan: 'free' },
    };
  }
}
