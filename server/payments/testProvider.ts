import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider';

/** A random client secret for a test checkout session. */
const testClientSecret = (sessionId: string) =>
  `test_${sessionId}_secret_${randomBytes(18).toString('base64url')}`;

/**
 * The built-in test provider (the default when Stripe is not configured): sessions are only rows
 * here with a random client secret; the SPA's card form posts test cards to testCheckout/confirm,
 * and a success becomes a 'checkout.completed' ProviderEvent for the one fulfilment.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;

  async createSession(input: { sessionId: string }) {
    return { providerSessionId: input.sessionId, clientSecret: testClientSecret(input.sessionId) };
  }

  async setCancelAtPeriodEnd(): Promise<void> {
    // Nothing at a provider: the subscription row is all there is.
  }

  async cancelNow(): Promise<void> {
    // Nothing at a provider: the replaced row is gone, so the billing job never renews it.
  }
}
