import type { Currency, Interval } from '../../contracts/marketplace';

/** One line of a checkout as a provider charges it. */
export interface CheckoutLine {
  productId: string;
  name: string;
  quantity: number;
  /** Per unit, in the currency's minor unit. */
  unitAmount: number;
  currency: Currency;
  /** Subscriptions: how often it is charged. */
  interval?: Interval;
}

export interface CreateSessionInput {
  /** Our checkout session id (checkout_sessions.id). */
  sessionId: string;
  userId: string;
  email?: string;
  mode: 'payment' | 'subscription';
  lines: CheckoutLine[];
  /** Where the provider's page returns to afterwards. */
  returnUrl: string;
}

/**
 * A card payment provider: opens checkout sessions; its payments come back as ProviderEvents that
 * the one fulfilment function (MarketplaceService.fulfil) applies.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** What the SPA needs to load the provider's checkout (Stripe's publishable key), else null. */
  readonly publishableKey: string | null;
  createSession(input: CreateSessionInput): Promise<{ providerSessionId?: string; clientSecret: string }>;
  /** Turns auto-renewal of a provider subscription off (cancel at period end) or on again. */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a provider subscription at once (a new plan replaced it): it is never charged again. */
  cancelNow(providerSubscriptionId: string): Promise<void>;
}

/**
 * What happened at the provider, in the platform's words. Every provider (the built-in test one
 * and Stripe's webhooks) turns its notifications into these, and MarketplaceService.fulfil
 * applies each (provider, eventId) exactly once.
 */
export type ProviderEvent = {
  provider: 'test' | 'stripe';
  eventId: string;
  /**
   * When the provider made the event (ISO), which may be long before it arrives: providers do not
   * deliver in order. Absent for events made just now (the built-in provider's).
   */
  created?: string | null;
} & (
  | {
      type: 'checkout.completed';
      /** The provider's id of the checkout session (ours for the test provider). */
      providerSessionId: string;
      paymentReference?: string | null;
      customerId?: string | null;
      subscriptionId?: string | null;
      /** End of the paid period when known (ISO). */
      periodEnd?: string | null;
      /** The last four digits of the card paid with, when known. */
      cardLast4?: string | null;
    }
  | {
      type: 'invoice.paid' | 'invoice.failed';
      invoiceId: string;
      subscriptionId: string | null;
      amount: number;
      currency: string;
      periodEnd: string | null;
      /** 'subscription_create' for the first invoice (paid with the checkout), 'subscription_cycle' … */
      billingReason: string | null;
      /** The last four digits of the card charged, when known. */
      cardLast4?: string | null;
    }
  | {
      type: 'subscription.changed';
      subscriptionId: string;
      status: string;
      cancelAtPeriodEnd: boolean;
      periodEnd: string | null;
      canceledAt: string | null;
      /** Our product id (e.g. 'pro-yearly') when the provider tells it; fulfilment ignores one not sold. */
      productId: string | null;
    }
  | { type: 'subscription.deleted'; subscriptionId: string; canceledAt: string | null }
);
