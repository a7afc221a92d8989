import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { parsePriceIds, StripePaymentProvider } from './stripe';
import { TestPaymentProvider } from './testProvider';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider;
  }
}

/** The provider the configuration asks for: Stripe when its three keys are set, else the built-in test one. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      priceIds: parsePriceIds(config.STRIPE_PRICE_IDS),
    });
  }
  return new TestPaymentProvider();
}

/** Decorates `app.paymentProvider`. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const provider = createPaymentProvider(config);
    app.decorate('paymentProvider', provider);
    app.log.debug({ provider: provider.name }, 'payment provider ready');
  },
  { name: 'payment-provider' },
);
