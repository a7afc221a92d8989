import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type CheckoutSessionAnswer,
  type CheckoutSessionForm,
  CheckoutSessionForm as CheckoutSessionFormSchema,
  marketplaceMessages,
  type TestAuthenticateForm,
  type TestCardForm,
  type TestCheckoutAnswer,
  testCards,
} from '../../../contracts/marketplace';
import { uuidv7 } from '../../db/ids';
import { checkoutSessions } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import type { CheckoutLine, ProviderEvent } from '../../payments/provider';
import { creditBundleById, planPriceById, productDescription, unknownProduct } from './catalog';
import type { Fulfilment } from './fulfilment';
import type { Market } from './market';

/** The completion of a test checkout, as the built-in provider reports it. */
export function testEvent(sessionId: string): ProviderEvent {
  return {
    provider: 'test',
    eventId: `evt_test_${sessionId}`,
    type: 'checkout.completed',
    providerSessionId: sessionId,
    paymentReference: `pay_test_${sessionId}`,
  };
}

/**
 * Card checkouts (districts-commerce-spaces.md §3 'Checkout'): a session opened at the payment
 * provider for credit bundles and a plan, and the built-in test provider's card form. A payment
 * takes effect through the one fulfilment (fulfilment.ts).
 */
export class Checkout {
  constructor(
    private readonly market: Market,
    private readonly fulfilment: Fulfilment,
  ) {}

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
      created = await this.market.provider.createSession({
        sessionId,
        userId: caller.userId,
        email: caller.email,
        mode: subscriptionProductId ? 'subscription' : 'payment',
        lines,
        returnUrl: `${this.market.publicOrigin}/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
      });
    } catch (error) {
      this.market.log?.error({ err: error }, 'checkout session failed');
      throw new AppError('UNAVAILABLE', marketplaceMessages.checkoutFailed(this.market.provider.name));
    }
    await this.market.db.insert(checkoutSessions).values({
      id: sessionId,
      userId: caller.userId,
      userName: caller.name ?? caller.email?.split('@')[0] ?? null,
      provider: this.market.provider.name,
      providerSessionId: created.providerSessionId ?? sessionId,
      clientSecret: created.clientSecret,
      items: [...counts].map(([productId, quantity]) => ({ productId, quantity })),
      subscriptionProductId,
      currency: form.currency,
      amount: lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
    });
    return {
      clientSecret: created.clientSecret,
      provider: this.market.provider.name,
      publishableKey: this.market.provider.publishableKey,
    };
  }

  // -------------------------------------------------------------------------------------------
  // The built-in test provider's card form

  private async ownTestSession(caller: Caller, clientSecret: string) {
    const [session] = await this.market.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.clientSecret, clientSecret), eq(checkoutSessions.provider, 'test')));
    if (!session) throw notFound('No such checkout');
    if (session.userId !== caller.userId) throw forbidden();
    return session;
  }

  async confirmTestCard(caller: Caller, form: TestCardForm): Promise<TestCheckoutAnswer> {
    const session = await this.ownTestSession(caller, form.clientSecret);
    if (session.status === 'complete') return { status: 'succeeded', message: null };
    const card = form.cardNumber.replace(/ /g, '');
    if (card === testCards.succeeds) {
      await this.chargeTestCard(session.id, ['open', 'requires_action', 'paid'], card.slice(-4));
      await this.fulfilment.fulfil(testEvent(session.providerSessionId ?? session.id));
      return { status: 'succeeded', message: null };
    }
    if (card === testCards.needsConfirmation) {
      await this.market.db
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
      await this.market.db
        .update(checkoutSessions)
        .set({ status: 'open', updatedAt: sql`now()` })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'requires_action')));
      return { status: 'canceled', message: null };
    }
    await this.chargeTestCard(session.id, ['requires_action', 'paid'], session.cardLast4);
    await this.fulfilment.fulfil(testEvent(session.providerSessionId ?? session.id));
    return { status: 'succeeded', message: null };
  }

  /**
   * The test card is charged: the session is 'paid' and committed BEFORE fulfilment, as money taken
   * at a real provider would be. Should the process die before the fulfilment commits, the billing
   * job replays the payment's event (`runBilling`), and fulfilment applies it once.
   */
  private async chargeTestCard(sessionId: string, from: string[], cardLast4: string | null) {
    await this.market.db
      .update(checkoutSessions)
      .set({ status: 'paid', cardLast4, updatedAt: sql`now()` })
      .where(and(eq(checkoutSessions.id, sessionId), inArray(checkoutSessions.status, from)));
  }
}
