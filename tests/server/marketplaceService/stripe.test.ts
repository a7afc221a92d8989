import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { users } from '../../../server/db/schema';
import { StripePaymentProvider } from '../../../server/payments/stripe';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { marketApi } from './helpers';

const webhookSecret = 'whsec_test_secret';
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_offline',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
};

describe.each(testDatabases())('marketplace (Stripe, offline) on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof marketApi>;
  let stripe: Stripe;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const balance = async (userId: string) => (await t.app.marketplace.wallet(userId)).availableBalance;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, { ...issuer.env, ...stripeEnv });
    api = marketApi(t, issuer);
    stripe = (t.app.marketplace.provider as StripePaymentProvider).stripe;
    // Never Stripe's API in tests: sessions.create answers here.
    vi.spyOn(stripe.checkout.sessions, 'create').mockImplementation((async () => ({
      id: `cs_test_${++seq}`,
      client_secret: `cs_test_secret_${seq}`,
    })) as never);
    // A subscription's card: its default payment method.
    vi.spyOn(stripe.subscriptions, 'retrieve').mockImplementation((async () => ({
      default_payment_method: { id: 'pm_sub', card: { last4: '1881' } },
    })) as never);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const deliver = (event: unknown, sign: 'good' | 'tampered' | 'none' | 'wrong-secret' = 'good') => {
    const payload = JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (sign !== 'none') {
      headers['stripe-signature'] = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: sign === 'wrong-secret' ? 'whsec_other' : webhookSecret,
      });
    }
    return t.app.inject({
      method: 'POST',
      url: '/api/marketplaceService/webhook',
      headers,
      payload: sign === 'tampered' ? payload.replace('"paid"', '"paid" ') : payload,
    });
  };

  /** The id of the checkout session Stripe (mocked) made last. */
  const lastSessionId = async (): Promise<string> =>
    (await vi.mocked(stripe.checkout.sessions.create).mock.results.at(-1)!.value).id;
  /** Stripe's event for a subscription that ended. */
  const subscriptionDeleted = (id: string, subId: string) => ({
    id,
    object: 'event',
    type: 'customer.subscription.deleted',
    data: { object: { id: subId, object: 'subscription', canceled_at: Math.floor(Date.now() / 1000) } },
  });
  const completed = (id: string, sessionId: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', ...extra } },
  });

  it('opens an embedded Stripe checkout with inline prices and the user as reference', async () => {
    const user = newUser('stripe');
    const res = await api.checkout(user, { oneTimeItemId: ['credits-500'], subscriptionId: 'pro-monthly' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_offline' });
    const params = vi.mocked(stripe.checkout.sessions.create).mock.lastCall![0]!;
    expect(params).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'subscription',
      client_reference_id: user,
    });
    expect(params.line_items).toHaveLength(2);
    expect(params.line_items![1].price_data).toMatchObject({
      unit_amount: 2499,
      recurring: { interval: 'month' },
    });
    // The test card routes do not exist with Stripe.
    expect((await api.confirm(user, 'x', '4242424242424242')).statusCode).toBe(404);
  });

  it('fulfils a signed checkout.session.completed once; bad signatures change nothing', async () => {
    const user = newUser('webhook');
    await api.checkout(user, { oneTimeItemId: ['credits-1000'] });
    const sessionId = await lastSessionId();
    const event = completed(`evt_${sessionId}`, sessionId, { client_reference_id: user });

    for (const sign of ['none', 'tampered', 'wrong-secret'] as const) {
      const res = await deliver(event, sign);
      expect(res.statusCode, sign).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await balance(user)).toBe(0);

    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((r) => r.json().applied)).toHaveLength(1);
    expect(await balance(user)).toBe(1000);
    expect(
      (
        await deliver({ id: 'evt_other', object: 'event', type: 'charge.succeeded', data: { object: {} } })
      ).json(),
    ).toEqual({
      received: true,
      applied: false,
    });
  });

  it('keeps the last four digits of the card Stripe charged, and fulfils when they cannot be had', async () => {
    const retrieve = vi.spyOn(stripe.paymentIntents, 'retrieve');
    retrieve.mockImplementationOnce((async () => ({
      id: 'pi_known',
      payment_method: { id: 'pm_1', card: { last4: '4444' } },
    })) as never);
    const user = newUser('digits');
    await api.checkout(user, { oneTimeItemId: ['credits-500'] });
    const first = await lastSessionId();
    const paid = await deliver(completed(`evt_${first}`, first, { payment_intent: 'pi_known' }));
    expect(paid.json()).toEqual({ received: true, applied: true });
    expect(retrieve).toHaveBeenLastCalledWith('pi_known', { expand: ['payment_method'] }, expect.anything());

    // Stripe's API does not answer: the credits arrive all the same, the digits stay unknown.
    retrieve.mockImplementationOnce((async () => {
      throw new Error('connect ETIMEDOUT api.stripe.com');
    }) as never);
    await api.checkout(user, { oneTimeItemId: ['credits-500'] });
    const second = await lastSessionId();
    const alsoPaid = await deliver(completed(`evt_${second}`, second, { payment_intent: 'pi_unknown' }));
    expect(alsoPaid.json()).toEqual({ received: true, applied: true });
    expect(await balance(user)).toBe(1000);

    const history = await t.app.marketplace.paymentHistory(user, 0, 10);
    expect(history.items.map((p) => p.cardLast4 ?? null).sort()).toEqual(['4444', null]);
    retrieve.mockRestore();
  });

  it('follows the subscription through its webhooks', async () => {
    const user = newUser('subscriber');
    await api.checkout(user, { subscriptionId: 'standard-yearly' });
    const sessionId = await lastSessionId();
    const subId = `sub_${sessionId}`;
    await deliver(completed(`evt_c_${sessionId}`, sessionId, { subscription: subId, customer: 'cus_1' }));
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({
      plan: 'standard',
      isCanceled: 0,
    });
    // Paid with the subscription's default card.
    expect(vi.mocked(stripe.subscriptions.retrieve)).toHaveBeenLastCalledWith(
      subId,
      {
        expand: ['default_payment_method'],
      },
      expect.anything(),
    );
    expect((await t.app.marketplace.paymentHistory(user, 0, 10)).items.map((p) => p.cardLast4)).toEqual([
      '1881',
    ]);

    const periodEnd = Math.floor(Date.now() / 1000) + 400 * 86400;
    const updated = {
      id: `evt_u_${sessionId}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: subId,
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: true,
          canceled_at: Math.floor(Date.now() / 1000),
          items: { data: [{ current_period_end: periodEnd }] },
          metadata: { productId: 'standard-yearly' },
        },
      },
    };
    expect((await deliver(updated)).statusCode).toBe(200);
    const mine = (await api.get('/subscription/my', user)).json();
    expect(mine).toMatchObject({ plan: 'standard', isCanceled: 1 });
    expect(new Date(mine.endsAt).getTime()).toBe(periodEnd * 1000);

    const invoice = {
      id: `evt_i_${sessionId}`,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          amount_paid: 9588,
          currency: 'eur',
          billing_reason: 'subscription_cycle',
          parent: { subscription_details: { subscription: subId } },
          lines: { data: [{ period: { end: periodEnd + 86400 } }] },
        },
      },
    };
    expect((await deliver(invoice)).statusCode).toBe(200);
    const history = (await api.get('/payments', user)).json();
    expect(history.items.map((p: { amount: number }) => p.amount)).toEqual([9588, 9588]);

    expect((await deliver(subscriptionDeleted(`evt_d_${sessionId}`, subId))).statusCode).toBe(200);
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({ plan: 'free', isCanceled: 2 });
  });

  /** A customer.subscription.updated event created at `created` (seconds). */
  const subscriptionUpdated = (
    id: string,
    subId: string,
    created: number,
    state: { status?: string; cancelAtPeriodEnd?: boolean; productId?: string } = {},
  ) => ({
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    created,
    data: {
      object: {
        id: subId,
        object: 'subscription',
        status: state.status ?? 'active',
        cancel_at_period_end: state.cancelAtPeriodEnd ?? false,
        canceled_at: null,
        items: { data: [{ current_period_end: created + 30 * 86400 }] },
        metadata: { productId: state.productId ?? 'pro-monthly' },
      },
    },
  });

  /** A user with a Stripe subscription bought through checkout; answers its id. */
  const subscribed = async (user: string, plan: string) => {
    await api.checkout(user, { subscriptionId: plan });
    const sessionId = await lastSessionId();
    const subId = `sub_${sessionId}`;
    const done = await deliver(
      completed(`evt_c_${sessionId}`, sessionId, { subscription: subId, customer: `cus_${user}` }),
    );
    expect(done.json()).toEqual({ received: true, applied: true });
    return subId;
  };
  const planOf = async (user: string) => {
    const [row] = await t.app.db.select({ plan: users.plan }).from(users).where(eq(users.id, user));
    return row?.plan;
  };

  it('keeps a deleted subscription deleted when an older update arrives late', async () => {
    const user = newUser('late');
    const subId = await subscribed(user, 'pro-monthly');
    const now = Math.floor(Date.now() / 1000);
    const deleted = { ...subscriptionDeleted(`evt_del_${subId}`, subId), created: now };
    expect((await deliver(deleted)).json()).toEqual({ received: true, applied: true });
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({ plan: 'free', isCanceled: 2 });

    // Stripe sends the update made before the deletion afterwards.
    const late = subscriptionUpdated(`evt_late_${subId}`, subId, now - 60, { status: 'active' });
    expect((await deliver(late)).statusCode).toBe(200);
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({ plan: 'free', isCanceled: 2 });
    expect(await planOf(user)).toBe('free');

    // Even one stamped after the deletion cannot bring a deleted subscription back.
    const after = subscriptionUpdated(`evt_after_${subId}`, subId, now + 60, { status: 'active' });
    expect((await deliver(after)).statusCode).toBe(200);
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({ plan: 'free', isCanceled: 2 });
    expect(await planOf(user)).toBe('free');
  });

  it('applies subscription updates by when Stripe made them, not by when they arrive', async () => {
    const user = newUser('ordered');
    const subId = await subscribed(user, 'standard-monthly');
    const now = Math.floor(Date.now() / 1000);
    // The newer state (auto-renewal off, on Pro) arrives first, the older one (Standard, renewing) second.
    const newer = subscriptionUpdated(`evt_new_${subId}`, subId, now + 20, {
      cancelAtPeriodEnd: true,
      productId: 'pro-monthly',
    });
    const older = subscriptionUpdated(`evt_old_${subId}`, subId, now + 10, {
      cancelAtPeriodEnd: false,
      productId: 'standard-monthly',
    });
    expect((await deliver(newer)).json().applied).toBe(true);
    expect((await deliver(older)).statusCode).toBe(200);
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({
      plan: 'pro',
      priceId: 'pro-monthly',
      isCanceled: 1,
    });
    expect(await planOf(user)).toBe('pro');

    // A status the subscription can come back from (unpaid) is undone by a newer payment.
    await deliver(subscriptionUpdated(`evt_unpaid_${subId}`, subId, now + 30, { status: 'unpaid' }));
    expect(await planOf(user)).toBe('free');
    await deliver(subscriptionUpdated(`evt_paid_${subId}`, subId, now + 40, { status: 'active' }));
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({ plan: 'pro', isCanceled: 0 });
    expect(await planOf(user)).toBe('pro');
  });

  it('records one payment per invoice however many events tell of it', async () => {
    const user = newUser('invoices');
    const subId = await subscribed(user, 'standard-monthly');
    const invoice = (
      eventId: string,
      type: 'invoice.paid' | 'invoice.payment_failed',
      invoiceId: string,
    ) => ({
      id: eventId,
      object: 'event',
      type,
      data: {
        object: {
          id: invoiceId,
          object: 'invoice',
          amount_paid: type === 'invoice.paid' ? 999 : 0,
          amount_due: 999,
          currency: 'eur',
          billing_reason: 'subscription_cycle',
          parent: { subscription_details: { subscription: subId } },
          lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 60 * 86400 } }] },
        },
      },
    });
    for (const eventId of ['evt_a', 'evt_b', 'evt_c'])
      expect((await deliver(invoice(`${eventId}_${subId}`, 'invoice.paid', `in_${subId}`))).statusCode).toBe(
        200,
      );
    // A failed attempt and its retry that succeeded are one invoice too; a late failure never undoes the payment.
    await deliver(invoice(`evt_f1_${subId}`, 'invoice.payment_failed', `in2_${subId}`));
    await deliver(invoice(`evt_f2_${subId}`, 'invoice.payment_failed', `in2_${subId}`));
    await deliver(invoice(`evt_p_${subId}`, 'invoice.paid', `in2_${subId}`));
    await deliver(invoice(`evt_f3_${subId}`, 'invoice.payment_failed', `in2_${subId}`));

    const history = (await t.app.marketplace.paymentHistory(user, 0, 20)).items;
    // The checkout's own payment, then one line per invoice, both paid.
    expect(history.map((p) => p.status)).toEqual(['paid', 'paid', 'paid']);
    expect(history.filter((p) => p.amount === 999)).toHaveLength(3);
  });

  it('cancels the previous Stripe subscription when a new plan replaces it', async () => {
    const cancel = vi.spyOn(stripe.subscriptions, 'cancel').mockResolvedValue({} as never);
    const user = newUser('upgrader');
    const subscribe = async (plan: string) => {
      await api.checkout(user, { subscriptionId: plan });
      const sessionId = await lastSessionId();
      const subId = `sub_${sessionId}`;
      await deliver(completed(`evt_c_${sessionId}`, sessionId, { subscription: subId, customer: 'cus_up' }));
      return subId;
    };
    const first = await subscribe('standard-monthly');
    expect(cancel).not.toHaveBeenCalled();
    const second = await subscribe('pro-yearly');
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancel).toHaveBeenCalledWith(first);
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({
      plan: 'pro',
      priceId: 'pro-yearly',
    });
    // Stripe then reports the old one deleted: the new plan stays.
    expect((await deliver(subscriptionDeleted(`evt_d_${first}`, first))).statusCode).toBe(200);
    expect((await api.get('/subscription/my', user)).json()).toMatchObject({ plan: 'pro', isCanceled: 0 });
    expect(second).not.toBe(first);
    cancel.mockRestore();
  });
});
