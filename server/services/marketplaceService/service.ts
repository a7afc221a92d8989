import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type CheckoutSessionAnswer,
  type CheckoutSessionForm,
  CheckoutSessionForm as CheckoutSessionFormSchema,
  type InternalTransactionAnswer,
  type InternalTransactionForm,
  marketplaceMessages,
  type MySubscription,
  type PaymentHistory,
  type PaymentProducts,
  type SubscriptionNotification,
  type TestAuthenticateForm,
  type TestCardForm,
  type TestCheckoutAnswer,
  testCards,
} from '../../../contracts/marketplace';
import type { Database, Executor, Transaction } from '../../db';
import { uuidv7 } from '../../db/ids';
import {
  checkoutSessions,
  creditBalances,
  creditLedger,
  idempotencyKeys,
  internalTransactionItems,
  internalTransactions,
  marketProducts,
  payments,
  processedProviderEvents,
  publishSlots,
  subscriptions,
  users,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { pageWithMore, pageWithNext } from '../../support/paging';
import { toIsoTime } from '../../support/time';
import {
  creditBundleById,
  creditBundles,
  extraSlotItemId,
  internalItemPrice,
  planDescriptionPoints,
  planPriceById,
  planPrices,
  productDescription,
} from './catalog';
import type { CheckoutLine, PaymentProvider, ProviderEvent } from '../../payments/provider';

export type HubTarget = 'Wallet' | 'Subscription' | 'Notification';
export type Notify = (userId: string, target: HubTarget, payload: unknown) => Promise<void>;

export interface MarketplaceServiceOptions {
  db: Database;
  provider: PaymentProvider;
  /** Origin of the site, for the provider's return url. */
  publicOrigin: string;
  log?: FastifyBaseLogger;
  /** Sends a push notification to a user (the notification hub, when there is one). */
  notify?: Notify;
  /** Tests: runs inside the fulfilment transaction, after the event row, before the effects. */
  fault?: (event: ProviderEvent) => void | Promise<void>;
}

/** What a fulfilment did (for the caller and the notifications after commit). */
export interface FulfilmentResult {
  applied: boolean;
  userId?: string;
  availableBalance?: number;
  subscription?: SubscriptionNotification;
  /** A provider subscription the new plan replaced: cancelled at the provider after the commit. */
  replaced?: { provider: string; subscriptionId: string };
}

const insufficient = (required: number, availableBalance: number) =>
  new AppError('BUSINESS_RULE', marketplaceMessages.insufficientCredits, { required, availableBalance });
const unknownProduct = (id: string) =>
  new AppError('BUSINESS_RULE', marketplaceMessages.unknownProduct, { productId: id });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const iso = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : toIsoTime(value);

function addInterval(from: Date, interval: string): Date {
  const d = new Date(from);
  if (interval === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/**
 * The marketplace (districts-commerce-spaces.md §3, §4, §7): products, wallets and their ledger,
 * internal transactions paid with credits, checkout sessions with a PaymentProvider, the ONE
 * fulfilment of provider events, subscriptions and the payment history.
 */
export class MarketplaceService {
  readonly db: Database;
  readonly provider: PaymentProvider;
  private readonly log?: FastifyBaseLogger;
  private readonly publicOrigin: string;
  notify?: Notify;
  fault?: (event: ProviderEvent) => void | Promise<void>;

  constructor(options: MarketplaceServiceOptions) {
    this.db = options.db;
    this.provider = options.provider;
    this.log = options.log;
    this.publicOrigin = options.publicOrigin;
    this.notify = options.notify;
    this.fault = options.fault;
  }

  // -------------------------------------------------------------------------------------------
  // Products

  /** Writes the price table (catalog.ts) to market_products: idempotent, safe on every start. */
  async syncProducts(): Promise<void> {
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

  async products(): Promise<PaymentProducts> {
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

  // -------------------------------------------------------------------------------------------
  // Wallet

  async balanceOf(userId: string, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ balance: creditBalances.balance })
      .from(creditBalances)
      .where(eq(creditBalances.userId, userId));
    return row?.balance ?? 0;
  }

  async wallet(userId: string) {
    return { userId, availableBalance: await this.balanceOf(userId) };
  }

  /** Adds (or with a negative amount, takes) credits with a ledger entry; answers the balance. */
  private async addCredits(
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

  /** Credits given outside a payment (support, tests, promotions): one ledger entry. */
  async grant(userId: string, amount: number, reference: string | null = null): Promise<number> {
    const balance = await this.db.transaction((tx) =>
      this.addCredits(tx, userId, amount, 'grant', reference),
    );
    await this.send(userId, 'Wallet', { availableBalance: balance });
    return balance;
  }

  /** The ledger's sum for a user (equals the balance). */
  async ledgerSum(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return Number(row.sum);
  }

  // -------------------------------------------------------------------------------------------
  // Internal transactions

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

  async internalTransaction(
    caller: Caller,
    form: InternalTransactionForm,
    idempotencyKey?: string,
  ): Promise<InternalTransactionAnswer> {
    const total = this.priced(form);
    const userId = caller.userId;
    const requestHash = sha256(JSON.stringify(form));
    let replayed = false;
    let answer: InternalTransactionAnswer;
    try {
      answer = await this.db.transaction(async (tx) => {
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
          balance = await this.balanceOf(userId, tx);
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
          await tx.insert(publishSlots).values(
            slots.map((i) => ({
              id: uuidv7(),
              ownerId: userId,
              kind: 'extra',
              productId: extraSlotItemId,
              districtId: i.districtId ?? null,
            })),
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
        throw insufficient(total, await this.balanceOf(userId));
      }
      throw error;
    }
    if (!replayed) await this.send(userId, 'Wallet', { availableBalance: answer.availableBalance });
    return answer;
  }

  // -------------------------------------------------------------------------------------------
  // Subscriptions

  async mySubscription(userId: string): Promise<MySubscription> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const [user] = await this.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
    if (!row) {
      return { plan: 'free', priceId: null, isCanceled: null, endsAt: null, canceledAt: null };
    }
    const plan = row.isCanceled === 2 ? 'free' : ((user?.plan ?? row.plan) as MySubscription['plan']);
    return {
      plan,
      priceId: row.priceId,
      isCanceled: row.isCanceled as 0 | 1 | 2,
      endsAt: iso(row.endsAt),
      canceledAt: iso(row.canceledAt),
    };
  }

  /** Auto-renewal off (isCanceled 1) or on again (0). 404 without a paid subscription. */
  async setAutoRenew(userId: string, renew: boolean): Promise<MySubscription> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row || row.isCanceled === 2) throw notFound('You have no paid subscription');
    if (row.providerSubscriptionId && row.provider === this.provider.name) {
      await this.provider.setCancelAtPeriodEnd(row.providerSubscriptionId, !renew);
    }
    await this.db
      .update(subscriptions)
      .set({
        isCanceled: renew ? 0 : 1,
        canceledAt: renew ? null : sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.isCanceled, [0, 1])));
    const answer = await this.mySubscription(userId);
    await this.send(userId, 'Subscription', {
      eventType: 'subscription.updated',
      plan: answer.plan,
    } satisfies SubscriptionNotification);
    return answer;
  }

  // -------------------------------------------------------------------------------------------
  // Payment history

  async paymentHistory(userId: string, cp: number, ipp: number): Promise<PaymentHistory> {
    const { limit, offset } = pageWithNext({ cp, ipp });
    const rows = await this.db
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

  // -------------------------------------------------------------------------------------------
  // Checkout

  async createCheckout(caller: Caller, input: CheckoutSessionForm): Promise<CheckoutSessionAnswer> {
    const form = CheckoutSessionFormSchema.parse(input);
    const lines: CheckoutLine[] = [];
    const counts = new Map<string, number>();
    for (const id of form.oneTimeItemId) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [id, quantity] of counts) {
      const bundle = creditBundleById(id);
      if (!bundle || bundle.currency !== form.currency) throw unknownProduct(id);
      lines.push({
        productId: id,
        name: productDescription(id),
        quantity,
        unitAmount: bundle.priceAmount,
        currency: bundle.currency,
      });
    }
    let subscriptionProductId: string | null = null;
    if (form.subscriptionId) {
      const plan = planPriceById(form.subscriptionId);
      if (!plan || plan.currency !== form.currency) throw unknownProduct(form.subscriptionId);
      subscriptionProductId = plan.id;
      lines.push({
        productId: plan.id,
        name: productDescription(plan.id),
        quantity: 1,
        unitAmount: plan.priceAmount,
        currency: plan.currency,
        interval: plan.interval,
      });
    }
    if (lines.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'Choose a credit bundle or a subscription plan', [
        { path: '/oneTimeItemId', message: 'Choose a credit bundle or a subscription plan' },
      ]);
    }
    const sessionId = uuidv7();
    let created: { providerSessionId?: string; clientSecret: string };
    try {
      created = await this.provider.createSession({
        sessionId,
        userId: caller.userId,
        email: caller.email,
        mode: subscriptionProductId ? 'subscription' : 'payment',
        lines,
        returnUrl: `${this.publicOrigin}/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
      });
    } catch (error) {
      this.log?.error({ err: error }, 'checkout session failed');
      throw new AppError('UNAVAILABLE', marketplaceMessages.checkoutFailed(this.provider.name));
    }
    await this.db.insert(checkoutSessions).values({
      id: sessionId,
      userId: caller.userId,
      userName: caller.name ?? caller.email?.split('@')[0] ?? null,
      provider: this.provider.name,
      providerSessionId: created.providerSessionId ?? sessionId,
      clientSecret: created.clientSecret,
      items: [...counts].map(([productId, quantity]) => ({ productId, quantity })),
      subscriptionProductId,
      currency: form.currency,
      amount: lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
    });
    return {
      clientSecret: created.clientSecret,
      provider: this.provider.name,
      publishableKey: this.provider.publishableKey,
    };
  }

  // -------------------------------------------------------------------------------------------
  // The built-in test provider's card form

  private async ownTestSession(caller: Caller, clientSecret: string) {
    const [session] = await this.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.clientSecret, clientSecret), eq(checkoutSessions.provider, 'test')));
    if (!session) throw notFound('No such checkout');
    if (session.userId !== caller.userId) throw forbidden();
    return session;
  }

  private testEvent(sessionId: string): ProviderEvent {
    return {
      provider: 'test',
      eventId: `evt_test_${sessionId}`,
      type: 'checkout.completed',
      providerSessionId: sessionId,
      paymentReference: `pay_test_${sessionId}`,
    };
  }

  async confirmTestCard(caller: Caller, form: TestCardForm): Promise<TestCheckoutAnswer> {
    const session = await this.ownTestSession(caller, form.clientSecret);
    if (session.status === 'complete') return { status: 'succeeded', message: null };
    const card = form.cardNumber.replace(/ /g, '');
    if (card === testCards.succeeds) {
      await this.chargeTestCard(session.id, ['open', 'requires_action', 'paid'], card.slice(-4));
      await this.fulfil(this.testEvent(session.providerSessionId ?? session.id));
      return { status: 'succeeded', message: null };
    }
    if (card === testCards.needsConfirmation) {
      await this.db
        .update(checkoutSessions)
        .set({ status: 'requires_action', cardLast4: card.slice(-4), updatedAt: sql`now()` })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
      return { status: 'requires_action', message: null };
    }
    return { status: 'declined', message: marketplaceMessages.cardDeclined };
  }

  async authenticateTest(caller: Caller, form: TestAuthenticateForm): Promise<TestCheckoutAnswer> {
    const session = await this.ownTestSession(caller, form.clientSecret);
    if (session.status === 'complete') return { status: 'succeeded', message: null };
    if (session.status !== 'requires_action' && session.status !== 'paid')
      throw new AppError('BUSINESS_RULE', 'This checkout is not waiting for an authentication');
    if (!form.approve && session.status === 'requires_action') {
      // Back to the card form: another card (or another try) may follow.
      await this.db
        .update(checkoutSessions)
        .set({ status: 'open', updatedAt: sql`now()` })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'requires_action')));
      return { status: 'canceled', message: null };
    }
    await this.chargeTestCard(session.id, ['requires_action', 'paid'], session.cardLast4);
    await this.fulfil(this.testEvent(session.providerSessionId ?? session.id));
    return { status: 'succeeded', message: null };
  }

  /**
   * The test card is charged: the session is 'paid' and committed BEFORE fulfilment, as money taken
   * at a real provider would be. Should the process die before the fulfilment commits, the billing
   * job replays the payment's event (`runBilling`), and fulfilment applies it once.
   */
  private async chargeTestCard(sessionId: string, from: string[], cardLast4: string | null) {
    await this.db
      .update(checkoutSessions)
      .set({ status: 'paid', cardLast4, updatedAt: sql`now()` })
      .where(and(eq(checkoutSessions.id, sessionId), inArray(checkoutSessions.status, from)));
  }

  // -------------------------------------------------------------------------------------------
  // Billing: what the built-in provider does on its own (Stripe sends these as webhooks)

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
  async runBilling(now: Date = new Date()): Promise<{ replayed: number; renewed: number; expired: number }> {
    const counts = { replayed: 0, renewed: 0, expired: 0 };
    const charged = await this.db
      .select({ id: checkoutSessions.id, providerSessionId: checkoutSessions.providerSessionId })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.status, 'paid'), eq(checkoutSessions.provider, 'test')))
      .orderBy(asc(checkoutSessions.updatedAt))
      .limit(500);
    // One that fails is logged and tried again next run; it does not hold up the others.
    const apply = async (event: ProviderEvent) =>
      this.fulfil(event).catch((error: unknown) => {
        this.log?.error({ err: error, eventId: event.eventId }, 'billing job: an event failed');
        return { applied: false } satisfies FulfilmentResult;
      });
    for (const session of charged) {
      const result = await apply(this.testEvent(session.providerSessionId ?? session.id));
      if (result.applied) counts.replayed++;
    }
    const due = await this.db
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
      const [lastCard] = await this.db
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

  // -------------------------------------------------------------------------------------------
  // Fulfilment: THE one place provider events take effect

  /**
   * Applies a provider event exactly once per (provider, eventId): the processed-event row is
   * inserted first, in the same transaction as every effect, so a duplicate does nothing and a
   * crash part-way leaves nothing (the provider's replay then applies it). Notifications go out
   * after the commit.
   */
  async fulfil(event: ProviderEvent): Promise<FulfilmentResult> {
    const result = await this.db.transaction(async (tx): Promise<FulfilmentResult> => {
      const [fresh] = await tx
        .insert(processedProviderEvents)
        .values({ provider: event.provider, eventId: event.eventId, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: processedProviderEvents.eventId });
      if (!fresh) return { applied: false };
      await this.fault?.(event);
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
      await this.send(result.userId, 'Wallet', { availableBalance: result.availableBalance });
    if (result.userId && result.subscription)
      await this.send(result.userId, 'Subscription', result.subscription);
    if (result.replaced?.provider === this.provider.name) {
      // After the commit: should this fail, the log says which subscription to cancel by hand.
      await this.provider
        .cancelNow(result.replaced.subscriptionId)
        .catch((error: unknown) =>
          this.log?.error(
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
      this.log?.warn({ event }, 'a completed checkout that was not opened here: ignored');
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
      result.availableBalance = await this.addCredits(tx, session.userId, coins, 'purchase', session.id);
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
      this.log?.info({ eventId: event.eventId }, 'an invoice of no known subscription: ignored');
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
      this.log?.info({ eventId: event.eventId }, 'a change of no known subscription: ignored');
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

  // -------------------------------------------------------------------------------------------

  private async send(userId: string, target: HubTarget, payload: unknown) {
    if (!this.notify) return;
    try {
      await this.notify(userId, target, payload);
    } catch (error) {
      this.log?.warn({ err: error, target }, 'push notification failed');
    }
  }
}
