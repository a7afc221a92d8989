import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  marketplaceMessages,
  MySubscription,
  PaymentHistory,
  PaymentProducts,
  testCards,
  yearlyDiscountPercent,
} from '../../../contracts/marketplace';
import { SlotList } from '../../../contracts/publishing';
import type { DatabaseHandle } from '../../../server/db';
import { checkoutSessions, processedProviderEvents, subscriptions, users } from '../../../server/db/schema';
import { accountClaims, createAccount } from '../../../server/identity/accounts';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { marketApi, slots } from './helpers';

describe.each(testDatabases())('marketplace (test provider) on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof marketApi>;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const balance = async (userId: string) => (await t.app.marketplace.wallet(userId)).availableBalance;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    api = marketApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  it('lists the bundles and plans to anyone, yearly cheaper than 12 months', async () => {
    const res = await api.products();
    expect(res.statusCode, res.body).toBe(200);
    const products = PaymentProducts.parse(res.json());
    expect(products.oneTimeProducts.map((p) => p.coinAmount)).toEqual([100, 500, 1000, 2500]);
    expect(products.oneTimeProducts.map((p) => p.iconId)).toEqual([1, 2, 3, 4]);
    expect(products.subscriptionProducts).toHaveLength(4);
    for (const plan of ['standard', 'pro'] as const) {
      const of = products.subscriptionProducts.filter((p) => p.subscriptionIdentifier === plan);
      const monthly = of.find((p) => p.interval === 'monthly')!;
      const yearly = of.find((p) => p.interval === 'yearly')!;
      expect(yearly.priceAmount).toBeLessThan(12 * monthly.priceAmount);
      expect(yearlyDiscountPercent(monthly.priceAmount, yearly.priceAmount)).toBeGreaterThan(0);
      expect(monthly.descriptionPoints.length).toBeGreaterThan(0);
    }
    expect(products.subscriptionProducts.find((p) => p.id === 'pro-yearly')?.descriptionPoints).toContain(
      '4 free publishing slots',
    );
  });

  it('answers a wallet to its owner only', async () => {
    const owner = newUser('owner');
    expect((await api.wallet(null)).statusCode).toBe(401);
    expect((await api.wallet(null, owner)).statusCode).toBe(401);
    expect((await api.wallet(owner)).json()).toEqual({ userId: owner, availableBalance: 0 });
    await t.app.marketplace.grant(owner, 250);
    expect((await api.wallet(owner, owner)).json()).toEqual({ userId: owner, availableBalance: 250 });
    const stranger = await api.wallet(newUser('stranger'), owner);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('FORBIDDEN');
  });

  describe('internal transactions', () => {
    it('charges by its own prices and adds bought slots to the slot list', async () => {
      const buyer = newUser('buyer');
      await t.app.marketplace.grant(buyer, 250);
      const res = await api.buy(buyer, slots(2));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ totalCoin: 200, availableBalance: 50 });
      const mine = await t.app.inject({
        url: '/api/sceneService/slot/my',
        headers: await api.auth(buyer),
      });
      const extra = SlotList.parse(mine.json()).items.filter((s) => s.kind === 'extra');
      expect(extra).toHaveLength(2);
      expect(await t.app.marketplace.ledgerSum(buyer)).toBe(50);
    });

    it('refuses bad bodies, unknown items, wrong totals and too little credit, charging nothing', async () => {
      const buyer = newUser('refused');
      await t.app.marketplace.grant(buyer, 150);
      expect((await api.buy(null, slots(1))).statusCode).toBe(401);
      const bad = await api.buy(buyer, { totalCoin: -1, transactionItems: [] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
      expect(bad.json().details.length).toBeGreaterThan(0);
      const unknown = await api.buy(buyer, {
        totalCoin: 1,
        transactionItems: [{ districtItemId: 'golden-statue', quantity: 1, priceCoin: 1 }],
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().message).toBe(marketplaceMessages.unknownProduct);
      const mismatch = await api.buy(buyer, { ...slots(1), totalCoin: 1 });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json()).toMatchObject({
        message: marketplaceMessages.totalMismatch,
        details: { expectedTotalCoin: 100 },
      });
      const cheap = await api.buy(buyer, {
        totalCoin: 1,
        transactionItems: [{ districtItemId: 'extra-slot', quantity: 1, priceCoin: 1 }],
      });
      expect(cheap.json().message).toBe(marketplaceMessages.totalMismatch);
      const poor = await api.buy(buyer, slots(2));
      expect(poor.statusCode).toBe(422);
      expect(poor.json()).toMatchObject({
        message: marketplaceMessages.insufficientCredits,
        details: { required: 200, availableBalance: 150 },
      });
      expect(await balance(buyer)).toBe(150);
      expect(await t.app.marketplace.ledgerSum(buyer)).toBe(150);
    });

    it('answers a retried Idempotency-Key the same without charging again', async () => {
      const buyer = newUser('retry');
      await t.app.marketplace.grant(buyer, 1000);
      const first = await api.buy(buyer, slots(1), 'key-1');
      expect(first.statusCode, first.body).toBe(200);
      const again = await Promise.all(Array.from({ length: 5 }, () => api.buy(buyer, slots(1), 'key-1')));
      for (const res of again) expect(res.json()).toEqual(first.json());
      expect(await balance(buyer)).toBe(900);
      const reused = await api.buy(buyer, slots(2), 'key-1');
      expect(reused.statusCode).toBe(422);
      expect(reused.json().message).toBe(marketplaceMessages.idempotencyReused);
      expect(await balance(buyer)).toBe(900);
      // Another user's same key is theirs.
      const other = newUser('other');
      await t.app.marketplace.grant(other, 100);
      expect((await api.buy(other, slots(1), 'key-1')).statusCode).toBe(200);
    });

    it('lets exactly as many of 200 concurrent purchases through as the wallet pays for', async () => {
      const buyer = newUser('crowd');
      await t.app.marketplace.grant(buyer, 100 * 100);
      const answers = await Promise.all(Array.from({ length: 200 }, () => api.buy(buyer, slots(1))));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(100);
      expect(codes.filter((c) => c === 422)).toHaveLength(100);
      expect(await balance(buyer)).toBe(0);
      expect(await t.app.marketplace.ledgerSum(buyer)).toBe(0);
    }, 60_000);
  });

  describe('checkout with the test provider', () => {
    it('validates the checkout form', async () => {
      const user = newUser('form');
      expect((await api.checkout(null, { oneTimeItemId: ['credits-100'] })).statusCode).toBe(401);
      const nothing = await api.checkout(user, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().details).toHaveLength(1);
      const wrong = await api.checkout(user, { oneTimeItemId: ['credits-100'], currency: 'yen' });
      expect(wrong.statusCode).toBe(400);
      const unknown = await api.checkout(user, { oneTimeItemId: ['credits-7'] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().message).toBe(marketplaceMessages.unknownProduct);
      expect((await api.checkout(user, { subscriptionId: 'gold-weekly' })).statusCode).toBe(422);
      const ok = await api.checkout(user, { oneTimeItemId: ['credits-100'] });
      expect(ok.json()).toMatchObject({ provider: 'test', publishableKey: null });
    });

    it('credits a bundle paid with the succeeding card, once, and records the payment', async () => {
      const user = newUser('payer');
      const secret = await api.open(user, { oneTimeItemId: ['credits-500', 'credits-100', 'credits-100'] });
      expect((await api.confirm(null, secret, testCards.succeeds)).statusCode).toBe(401);
      expect((await api.confirm(newUser('thief'), secret, testCards.succeeds)).statusCode).toBe(403);
      const paid = await api.confirm(user, secret, testCards.succeeds);
      expect(paid.json()).toEqual({ status: 'succeeded', message: null });
      expect(await balance(user)).toBe(700);
      expect((await api.confirm(user, secret, testCards.succeeds)).json().status).toBe('succeeded');
      expect(await balance(user)).toBe(700);
      const history = PaymentHistory.parse((await api.get('/payments', user)).json());
      expect(history.items).toHaveLength(1);
      expect(history.items[0]).toMatchObject({
        amount: 1999 + 2 * 499,
        status: 'paid',
        provider: 'test',
        cardLast4: '4242',
      });
      expect(history.items[0].description).toBe('500 credits + 200 credits');
      expect((await api.get('/payments', null)).statusCode).toBe(401);
      expect((await api.get('/payments?ipp=0', user)).statusCode).toBe(400);
    });

    it('declines the declined card with its message and charges nothing', async () => {
      const user = newUser('declined');
      const secret = await api.open(user, { oneTimeItemId: ['credits-100'] });
      const res = await api.confirm(user, secret, '4000 0000 0000 0002');
      expect(res.json()).toEqual({ status: 'declined', message: marketplaceMessages.cardDeclined });
      expect(await balance(user)).toBe(0);
      expect(PaymentHistory.parse((await api.get('/payments', user)).json()).items).toHaveLength(0);
      // Another card afterwards works.
      expect((await api.confirm(user, secret, testCards.succeeds)).json().status).toBe('succeeded');
      expect(await balance(user)).toBe(100);
    });

    it('asks the 3155 card for an authentication first', async () => {
      const user = newUser('3ds');
      const secret = await api.open(user, { oneTimeItemId: ['credits-1000'] });
      expect((await api.authenticate(user, secret, true)).statusCode).toBe(422);
      expect((await api.confirm(user, secret, testCards.needsConfirmation)).json().status).toBe(
        'requires_action',
      );
      expect(await balance(user)).toBe(0);
      expect((await api.authenticate(user, secret, false)).json().status).toBe('canceled');
      expect(await balance(user)).toBe(0);
      expect((await api.confirm(user, secret, testCards.needsConfirmation)).json().status).toBe(
        'requires_action',
      );
      expect((await api.authenticate(newUser('x'), secret, true)).statusCode).toBe(403);
      expect((await api.authenticate(user, secret, true)).json()).toEqual({
        status: 'succeeded',
        message: null,
      });
      expect(await balance(user)).toBe(1000);
      const bad = await api.post('/testCheckout/authenticate', user, { clientSecret: secret });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('fulfilment', () => {
    const eventOf = async (secret: string) => {
      const [session] = await db.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.clientSecret, secret));
      return {
        provider: 'test' as const,
        eventId: `evt_test_${session.id}`,
        type: 'checkout.completed' as const,
        providerSessionId: session.providerSessionId ?? session.id,
      };
    };

    it('applies the same event delivered 10 times at once only once', async () => {
      const user = newUser('dup');
      const event = await eventOf(await api.open(user, { oneTimeItemId: ['credits-100'] }));
      const results = await Promise.all(Array.from({ length: 10 }, () => t.app.marketplace.fulfil(event)));
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect(await balance(user)).toBe(100);
      expect(await t.app.marketplace.ledgerSum(user)).toBe(100);
      expect(PaymentHistory.parse((await api.get('/payments', user)).json()).items).toHaveLength(1);
    });

    it('leaves nothing when it fails part-way, and the replayed event then applies once', async () => {
      const user = newUser('crash');
      const secret = await api.open(user, { oneTimeItemId: ['credits-500'], subscriptionId: 'pro-monthly' });
      const event = await eventOf(secret);
      const service = t.app.marketplace;
      service.fault = () => {
        throw new Error('killed between payment and fulfilment');
      };
      try {
        await expect(service.fulfil(event)).rejects.toThrow('killed');
      } finally {
        service.fault = undefined;
      }
      expect(await balance(user)).toBe(0);
      const recorded = await db.db
        .select()
        .from(processedProviderEvents)
        .where(eq(processedProviderEvents.eventId, event.eventId));
      expect(recorded).toHaveLength(0);
      expect(MySubscription.parse((await api.get('/subscription/my', user)).json()).plan).toBe('free');

      expect((await service.fulfil(event)).applied).toBe(true);
      expect((await service.fulfil(event)).applied).toBe(false);
      expect(await balance(user)).toBe(500);
      expect((await api.get('/subscription/my', user)).json()).toMatchObject({
        plan: 'pro',
        priceId: 'pro-monthly',
        isCanceled: 0,
      });
    });

    it('notifies through the hub when the app has one', async () => {
      const sent: [string, string, unknown][] = [];
      const service = t.app.marketplace;
      const before = service.notify;
      service.notify = async (userId, target, payload) => void sent.push([userId, target, payload]);
      try {
        const user = newUser('notified');
        const secret = await api.open(user, {
          oneTimeItemId: ['credits-100'],
          subscriptionId: 'standard-yearly',
        });
        await api.confirm(user, secret, testCards.succeeds);
        expect(sent).toEqual([
          [user, 'Wallet', { availableBalance: 100 }],
          [user, 'Subscription', { eventType: 'subscription.activated', plan: 'standard' }],
        ]);
      } finally {
        service.notify = before;
      }
    });
  });

  describe('the billing job', () => {
    const service = () => t.app.marketplace;
    const history = async (user: string) =>
      PaymentHistory.parse((await api.get('/payments', user)).json()).items;
    const endNow = (user: string, when: Date) =>
      db.db.update(subscriptions).set({ endsAt: when.toISOString() }).where(eq(subscriptions.userId, user));

    it('fulfils a charged checkout whose fulfilment never committed, once', async () => {
      const user = newUser('charged');
      const secret = await api.open(user, { oneTimeItemId: ['credits-500'] });
      service().fault = () => {
        throw new Error('the process died after the charge');
      };
      try {
        expect((await api.confirm(user, secret, testCards.succeeds)).statusCode).toBe(500);
      } finally {
        service().fault = undefined;
      }
      expect(await balance(user)).toBe(0);
      const [session] = await db.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.clientSecret, secret));
      expect(session.status).toBe('paid');

      const [first, second] = await Promise.all([service().runBilling(), service().runBilling()]);
      expect(first.replayed + second.replayed).toBe(1);
      expect(await balance(user)).toBe(500);
      expect(await history(user)).toHaveLength(1);
      expect((await service().runBilling()).replayed).toBe(0);
      expect(await balance(user)).toBe(500);
      // The user retrying the card meanwhile charges nothing more.
      expect((await api.confirm(user, secret, testCards.succeeds)).json().status).toBe('succeeded');
      expect(await balance(user)).toBe(500);
    });

    it('goes on past a payment whose fulfilment fails, and applies it on a later run', async () => {
      const user = newUser('stuck');
      const secrets = [
        await api.open(user, { oneTimeItemId: ['credits-100'] }),
        await api.open(user, { oneTimeItemId: ['credits-500'] }),
      ];
      service().fault = () => {
        throw new Error('the process died after the charge');
      };
      try {
        for (const secret of secrets) await api.confirm(user, secret, testCards.succeeds);
        const [first] = await db.db
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.clientSecret, secrets[0]));
        // The first one keeps failing: the second is fulfilled all the same.
        service().fault = (event) => {
          if (event.eventId === `evt_test_${first.id}`) throw new Error('still broken');
        };
        expect((await service().runBilling()).replayed).toBe(1);
        expect(await balance(user)).toBe(500);
      } finally {
        service().fault = undefined;
      }
      expect((await service().runBilling()).replayed).toBe(1);
      expect(await balance(user)).toBe(600);
    });

    it('renews a plan that auto-renews at its end with the saved card, one period on, once', async () => {
      const user = newUser('renews');
      const secret = await api.open(user, { subscriptionId: 'standard-monthly' });
      await api.confirm(user, secret, testCards.succeeds);
      const ended = new Date(Date.now() - 60_000);
      await endNow(user, ended);
      const runs = await Promise.all([service().runBilling(), service().runBilling()]);
      expect(runs[0].renewed + runs[1].renewed).toBe(1);
      const mine = MySubscription.parse((await api.get('/subscription/my', user)).json());
      expect(mine).toMatchObject({ plan: 'standard', isCanceled: 0 });
      const next = new Date(ended);
      next.setUTCMonth(next.getUTCMonth() + 1);
      expect(mine.endsAt).toBe(next.toISOString());
      const items = await history(user);
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({ amount: 999, status: 'paid', cardLast4: '4242' });
      expect((await service().runBilling()).renewed).toBe(0);
    });

    it('ends a plan whose auto-renewal is off at its end: the user is on free, and told', async () => {
      const sent: [string, string, unknown][] = [];
      const before = service().notify;
      service().notify = async (userId, target, payload) => void sent.push([userId, target, payload]);
      try {
        const { id } = await createAccount(db.db, {
          email: `ends-${++seq}@example.com`,
          password: 'a-long-password-1',
        });
        const secret = await api.open(id, { subscriptionId: 'pro-yearly' });
        await api.confirm(id, secret, testCards.succeeds);
        await api.post('/subscription/cancel', id);
        // Not yet due: nothing happens.
        expect((await service().runBilling()).expired).toBe(0);
        expect((await accountClaims(db.db, id))?.roles).toEqual(['premium-user']);
        await endNow(id, new Date(Date.now() - 1000));
        sent.length = 0;
        expect((await service().runBilling()).expired).toBe(1);
        expect(MySubscription.parse((await api.get('/subscription/my', id)).json())).toMatchObject({
          plan: 'free',
          isCanceled: 2,
        });
        expect((await accountClaims(db.db, id))?.roles).toEqual(['free-user']);
        expect(sent).toEqual([[id, 'Subscription', { eventType: 'subscription.canceled', plan: 'free' }]]);
        expect(await history(id)).toHaveLength(1);
        expect((await service().runBilling()).expired).toBe(0);
      } finally {
        service().notify = before;
      }
    });
  });

  describe('subscriptions', () => {
    it('activates a plan: users.plan follows, so a new token carries the pro role', async () => {
      const { id } = await createAccount(db.db, {
        email: `sub-${++seq}@example.com`,
        password: 'a-long-password-1',
      });
      expect((await accountClaims(db.db, id))?.roles).toEqual(['free-user']);
      expect((await api.get('/subscription/my', id)).json()).toEqual({
        plan: 'free',
        priceId: null,
        isCanceled: null,
        endsAt: null,
        canceledAt: null,
      });
      const secret = await api.open(id, { subscriptionId: 'pro-yearly' });
      expect((await api.confirm(id, secret, testCards.succeeds)).json().status).toBe('succeeded');
      const [user] = await db.db.select().from(users).where(eq(users.id, id));
      expect(user.plan).toBe('pro');
      expect((await accountClaims(db.db, id))?.roles).toEqual(['premium-user']);
      const mine = MySubscription.parse((await api.get('/subscription/my', id)).json());
      expect(mine).toMatchObject({ plan: 'pro', priceId: 'pro-yearly', isCanceled: 0, canceledAt: null });
      const days = (new Date(mine.endsAt!).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThan(367);

      const canceled = await api.post('/subscription/cancel', id);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json()).toMatchObject({ plan: 'pro', isCanceled: 1 });
      expect(canceled.json().canceledAt).not.toBeNull();
      const resumed = await api.post('/subscription/resume', id);
      expect(resumed.json()).toMatchObject({ plan: 'pro', isCanceled: 0, canceledAt: null });
    });

    it('answers 404 to cancel or resume without a paid plan, 401 anonymously', async () => {
      const user = newUser('nosub');
      expect((await api.post('/subscription/cancel', user)).statusCode).toBe(404);
      expect((await api.post('/subscription/resume', user)).statusCode).toBe(404);
      expect((await api.post('/subscription/cancel', null)).statusCode).toBe(401);
      expect((await api.get('/subscription/my', null)).statusCode).toBe(401);
    });
  });
});
