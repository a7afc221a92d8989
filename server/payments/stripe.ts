import Stripe from 'stripe';
import type { CreateSessionInput, PaymentProvider, ProviderEvent } from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** productId → Stripe price id (STRIPE_PRICE_IDS); products not listed go as inline price_data. */
  priceIds?: Record<string, string>;
  /** A ready client (tests); made from secretKey otherwise. */
  client?: Stripe;
}

/** `a=price_1,b=price_2` → { a: 'price_1', b: 'price_2' }. */
export function parsePriceIds(text: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const [key, value] = pair.split('=').map((s) => s.trim());
    if (key && value) map[key] = value;
  }
  return map;
}

const isoOfSeconds = (s: number | null | undefined) => (s ? new Date(s * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Stripe embedded checkout (interop.md §4): sessions with ui_mode 'embedded_page'; payments come
 * back as signed webhooks, verified with the raw body and turned into ProviderEvents.
 */
/** How long a webhook waits for Stripe to tell the card a payment was made with (ms). */
const cardLookupTimeoutMs = 5_000;

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly priceIds: Record<string, string>;

  constructor(options: StripeProviderOptions) {
    this.stripe = options.client ?? new Stripe(options.secretKey);
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.priceIds = options.priceIds ?? {};
  }

  async createSession(input: CreateSessionInput) {
    const session = await this.stripe.checkout.sessions.create({
      ui_mode: 'embedded_page',
      mode: input.mode,
      line_items: input.lines.map((line) =>
        this.priceIds[line.productId]
          ? { price: this.priceIds[line.productId], quantity: line.quantity }
          : {
              quantity: line.quantity,
              price_data: {
                currency: line.currency,
                unit_amount: line.unitAmount,
                product_data: { name: line.name, metadata: { productId: line.productId } },
                ...(line.interval
                  ? { recurring: { interval: line.interval === 'yearly' ? 'year' : 'month' } }
                  : {}),
              },
            },
      ),
      client_reference_id: input.userId,
      ...(input.email ? { customer_email: input.email } : {}),
      metadata: { checkoutSessionId: input.sessionId, userId: input.userId },
      ...(input.mode === 'subscription'
        ? {
            subscription_data: {
              metadata: {
                userId: input.userId,
                productId: input.lines.find((l) => l.interval)?.productId ?? '',
              },
            },
          }
        : {}),
      return_url: input.returnUrl,
    } as Stripe.Checkout.SessionCreateParams);
    if (!session.client_secret) throw new Error('Stripe answered no client_secret');
    return { providerSessionId: session.id, clientSecret: session.client_secret };
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean) {
    await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
  }

  async cancelNow(providerSubscriptionId: string) {
    await this.stripe.subscriptions.cancel(providerSubscriptionId);
  }

  /** Verifies a webhook's signature over its raw body (throws when it is wrong or missing). */
  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('No Stripe-Signature header');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }

  /** What a verified Stripe event means for the platform, with the card of a payment when Stripe tells it. */
  async providerEventOf(
    event: Stripe.Event,
    onCardError?: (error: unknown) => void,
  ): Promise<ProviderEvent | undefined> {
    const mapped = this.toProviderEvent(event);
    return mapped && this.withCard(mapped, onCardError);
  }

  /**
   * The event with the last four digits of the card it was paid with (looked up at Stripe: the
   * payment intent's payment method, or the subscription's default one). The digits only show in
   * the wallet, so a lookup that fails leaves them unknown and the payment is fulfilled all the same.
   */
  private async withCard(event: ProviderEvent, onError?: (error: unknown) => void): Promise<ProviderEvent> {
    if (event.type !== 'checkout.completed' && event.type !== 'invoice.paid') return event;
    try {
      const reference = event.type === 'checkout.completed' ? event.paymentReference : null;
      let method: string | Stripe.PaymentMethod | null | undefined;
      // Quick or not at all: Stripe waits for the webhook's answer.
      const quick = { timeout: cardLookupTimeoutMs, maxNetworkRetries: 0 };
      if (reference?.startsWith('pi_')) {
        const intent = await this.stripe.paymentIntents.retrieve(
          reference,
          { expand: ['payment_method'] },
          quick,
        );
        method = intent.payment_method;
      } else if (event.subscriptionId) {
        const subscription = await this.stripe.subscriptions.retrieve(
          event.subscriptionId,
          { expand: ['default_payment_method'] },
          quick,
        );
        method = subscription.default_payment_method;
      }
      const last4 = typeof method === 'object' ? (method?.card?.last4 ?? null) : null;
      return { ...event, cardLast4: last4 };
    } catch (error) {
      onError?.(error);
      return event;
    }
  }

  /** The ProviderEvent of a Stripe event, or undefined for the kinds the platform does not use. */
  toProviderEvent(event: Stripe.Event): ProviderEvent | undefined {
    const base = { provider: 'stripe' as const, eventId: event.id, created: isoOfSeconds(event.created) };
    switch (event.type) {
      case 'checkout.session.completed': {
        const s = event.data.object;
        if (s.payment_status === 'unpaid') return undefined;
        return {
          ...base,
          type: 'checkout.completed',
          providerSessionId: s.id,
          paymentReference:
            idOf(s.payment_intent as string | null) ?? idOf(s.invoice as string | null) ?? s.id,
          customerId: idOf(s.customer as string | null),
          subscriptionId: idOf(s.subscription as string | null),
          periodEnd: null,
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const inv = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
        const subscriptionId =
          idOf(inv.parent?.subscription_details?.subscription as string | null | undefined) ??
          idOf(inv.subscription ?? null);
        const periodEnd = inv.lines?.data?.[0]?.period?.end;
        return {
          ...base,
          type: event.type === 'invoice.paid' ? 'invoice.paid' : 'invoice.failed',
          invoiceId: inv.id ?? event.id,
          subscriptionId,
          amount: event.type === 'invoice.paid' ? inv.amount_paid : inv.amount_due,
          currency: inv.currency,
          periodEnd: isoOfSeconds(periodEnd),
          billingReason: inv.billing_reason ?? null,
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated': {
        const sub = event.data.object as Stripe.Subscription & { current_period_end?: number };
        const item = sub.items?.data?.[0] as
          (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
        return {
          ...base,
          type: 'subscription.changed',
          subscriptionId: sub.id,
          status: sub.status,
          cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
          periodEnd: isoOfSeconds(item?.current_period_end ?? sub.current_period_end),
          canceledAt: isoOfSeconds(sub.canceled_at),
          productId: sub.metadata?.productId || null,
        };
      }
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        return {
          ...base,
          type: 'subscription.deleted',
          subscriptionId: sub.id,
          canceledAt: isoOfSeconds(sub.canceled_at ?? sub.ended_at),
        };
      }
      default:
        return undefined;
    }
  }
}
