import { and, asc, desc, eq, lt, lte } from 'drizzle-orm';
import { checkoutSessions, payments, subscriptions } from '../../db/schema';
import type { ProviderEvent } from '../../payments/provider';
import { planPriceById } from './catalog';
import { testEvent } from './checkout';
import { addInterval, type Fulfilment, type FulfilmentResult } from './fulfilment';
import type { Market } from './market';

/** The billing job: what the built-in provider does on its own (Stripe sends these as webhooks). */
export class Billing {
  constructor(
    private readonly market: Market,
    private readonly fulfilment: Fulfilment,
  ) {}

  /**
   * One run of the billing job (every minute while the server runs, and once at start):
   * 1. replays the event of every test checkout that was charged but whose fulfilment never
   *    committed (the process died in between);
   * 2. the built-in provider's plans whose period has ended: auto-renewal off (isCanceled 1) → the
   *    plan ends (subscription.deleted: the user is on free); on → the saved test card pays the
   *    next period (invoice.paid, endsAt moves one interval on).
   * Each goes through `fulfil` with an event id that names the session or the period, so runs that
   * overlap (two processes) apply each once. Answers how many events were applied.
   */
  async run(now: Date = new Date()): Promise<{ replayed: number; renewed: number; expired: number }> {
    const counts = { replayed: 0, renewed: 0, expired: 0 };
    const charged = await this.market.db
      .select({ id: checkoutSessions.id, providerSessionId: checkoutSessions.providerSessionId })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.status, 'paid'), eq(checkoutSessions.provider, 'test')))
      .orderBy(asc(checkoutSessions.updatedAt))
      .limit(500);
    // One that fails is logged and tried again next run; it does not hold up the others.
    const apply = async (event: ProviderEvent) =>
      this.fulfilment.fulfil(event).catch((error: unknown) => {
        this.market.log?.error({ err: error, eventId: event.eventId }, 'billing job: an event failed');
        return { applied: false } satisfies FulfilmentResult;
      });
    for (const session of charged) {
      const result = await apply(testEvent(session.providerSessionId ?? session.id));
      if (result.applied) counts.replayed++;
    }
    const due = await this.market.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'test'),
          lt(subscriptions.isCanceled, 2),
          lte(subscriptions.endsAt, now.toISOString()),
        ),
      )
      .orderBy(asc(subscriptions.endsAt))
      .limit(500);
    for (const sub of due) {
      if (!sub.endsAt || !sub.providerSubscriptionId) continue;
      const endsAt = new Date(sub.endsAt);
      const period = `${sub.providerSubscriptionId}_${endsAt.getTime()}`;
      if (sub.isCanceled === 1) {
        const result = await apply({
          provider: 'test',
          eventId: `evt_test_expire_${period}`,
          type: 'subscription.deleted',
          subscriptionId: sub.providerSubscriptionId,
          canceledAt: endsAt.toISOString(),
        });
        if (result.applied) counts.expired++;
        continue;
      }
      const price = planPriceById(sub.priceId);
      const [lastCard] = await this.market.db
        .select({ cardLast4: payments.cardLast4 })
        .from(payments)
        .where(
          and(eq(payments.userId, sub.userId), eq(payments.provider, 'test'), eq(payments.status, 'paid')),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      const result = await apply({
        provider: 'test',
        eventId: `evt_test_renew_${period}`,
        type: 'invoice.paid',
        invoiceId: `in_test_${period}`,
        subscriptionId: sub.providerSubscriptionId,
        amount: price?.priceAmount ?? 0,
        currency: price?.currency ?? 'eur',
        periodEnd: addInterval(endsAt, sub.interval).toISOString(),
        billingReason: 'subscription_cycle',
        cardLast4: lastCard?.cardLast4 ?? null,
      });
      if (result.applied) counts.renewed++;
    }
    return counts;
  }
}
