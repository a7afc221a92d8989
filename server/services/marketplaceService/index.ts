import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import districtItemRoutes from './districtItems';
import { ErrorBody } from '../../../contracts/errors';
import {
  CheckoutSessionAnswer,
  CheckoutSessionForm,
  InternalTransactionAnswer,
  InternalTransactionForm,
  marketplaceMessages,
  marketplaceServicePrefix,
  MySubscription,
  PaymentHistory,
  PaymentProducts,
  TestAuthenticateForm,
  TestCardForm,
  TestCheckoutAnswer,
  Wallet,
} from '../../../contracts/marketplace';
import { AppError, forbidden } from '../../errors';
import { callerOf } from '../../http/caller';
import { StripePaymentProvider } from '../../payments/stripe';
import { TestPaymentProvider } from '../../payments/testProvider';
import { type HubTarget, MarketplaceService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The marketplace: wallets, checkout, fulfilment (other services may charge or read wallets). */
    marketplace: MarketplaceService;
  }
}

interface Hubs {
  notifyUser(userId: string, target: HubTarget, payload: unknown): Promise<void>;
  onCatchUp(catchUp: (userIds: string[]) => Promise<void>): () => void;
}

export interface MarketplaceOptions {
  prefix?: string;
  /** How often the billing job runs (replays, renewals, expiries); default every minute. */
  billingEveryMs?: number;
}

const signedIn = { 401: ErrorBody.describe('Not signed in') };
const badBody = { 400: ErrorBody.describe('The body is not valid (VALIDATION_FAILED, details per field)') };

const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Makes a retry safe: the same key and body answer the same, without charging again'),
});

const HistoryQuery = z.object({
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(100).default(20).describe('Items per page'),
});

/**
 * The marketplace service (districts-commerce-spaces.md §3, §4, §7; interop.md §4), under
 * /api/marketplaceService: products, wallet, internal transactions, subscriptions, payment history,
 * checkout sessions, the built-in test provider's card form and Stripe's webhook. Decorates the
 * app with `marketplace` (the MarketplaceService).
 */
async function marketplace(instance: FastifyInstance, options: MarketplaceOptions) {
  const provider = instance.paymentProvider;
  const service = new MarketplaceService({
    db: instance.db,
    provider,
    publicOrigin: instance.config.publicOrigin,
    log: instance.log,
    // The notification hub, when the app has one (looked up at each send: it may register later).
    notify: async (userId, target, payload) => {
      if (!instance.hasDecorator('hubs')) return;
      const hubs = (instance as unknown as { hubs?: Hubs }).hubs;
      await hubs?.notifyUser(userId, target, payload);
    },
  });
  await service.syncProducts();
  instance.decorate('marketplace', service);
  // Clients that may have missed wallet or plan pushes (the hubs' backplane was down) get them as
  // they are now.
  let stopCatchUp: (() => void) | undefined;
  instance.addHook('onReady', async () => {
    if (!instance.hasDecorator('hubs')) return;
    const hubs = (instance as unknown as { hubs: Hubs }).hubs;
    stopCatchUp = hubs.onCatchUp((userIds) => service.pushCurrentState(userIds));
  });
  instance.addHook('onClose', async () => stopCatchUp?.());

  // The billing job: once the server is ready, then every minute; never two runs at once here,
  // and each of its events is applied once even when two processes run it.
  let billing: Promise<unknown> | undefined;
  const bill = () => {
    billing ??= service
      .runBilling()
      .then((counts) => {
        if (counts.replayed + counts.renewed + counts.expired > 0) instance.log.info(counts, 'billing job');
      })
      .catch((error: unknown) => instance.log.error({ err: error }, 'billing job failed'))
      .finally(() => (billing = undefined));
  };
  const every = setInterval(bill, options.billingEveryMs ?? 60_000);
  every.unref();
  instance.addHook('onReady', async () => bill());
  instance.addHook('onClose', async () => {
    clearInterval(every);
    await billing;
  });
  await instance.register(routes, { prefix: options.prefix ?? marketplaceServicePrefix });

  async function routes(child: FastifyInstance) {
    const app = child.withTypeProvider<ZodTypeProvider>();
    await app.register(districtItemRoutes);

    app.get(
      '/products',
      {
        schema: {
          tags: ['marketplace'],
          summary: 'What is for sale',
          description:
            'Credit bundles (sorted by credits, ascending) and subscription prices (standard and pro, ' +
            'monthly and yearly), amounts in cents. No sign-in needed.',
          response: { 200: PaymentProducts },
        },
      },
      async () => service.products(),
    );

    app.get(
      '/wallet',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['marketplace'],
          summary: "The caller's wallet",
          description: 'The available credits (0 for a wallet never funded).',
          response: { 200: Wallet, ...signedIn },
        },
      },
      async (request) => service.wallet(callerOf(request).userId),
    );

    app.get(
      '/wallet/:userId',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['marketplace'],
          summary: "A user's wallet (own only)",
          params: z.object({ userId: z.string().min(1).max(128) }),
          response: { 200: Wallet, ...signedIn, 403: ErrorBody.describe("Another user's wallet") },
        },
      },
      async (request) => {
        if (request.params.userId !== callerOf(request).userId) throw forbidden();
        return service.wallet(request.params.userId);
      },
    );

    app.post(
      '/internalTransaction',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['marketplace'],
          summary: 'Pay for district items with credits',
          description:
            "The server prices each item itself ('extra-slot' and 'district-item-<templateId>'); " +
            `422 BUSINESS_RULE '${marketplaceMessages.unknownProduct}' for an item not for sale, ` +
            `'${marketplaceMessages.totalMismatch}' when a priceCoin or totalCoin differs from its prices ` +
            `(details: { expectedTotalCoin }), '${marketplaceMessages.insufficientCredits}' when the ` +
            'balance is too low (details: { required, availableBalance }); nothing is charged then. ' +
            'Bought extra slots appear at once among the caller’s slots. With an Idempotency-Key, the ' +
            `same key and body answer the first answer again; another body: 422 '${marketplaceMessages.idempotencyReused}'.`,
          headers: IdempotencyHeaders,
          body: InternalTransactionForm,
          response: {
            200: InternalTransactionAnswer,
            ...badBody,
            ...signedIn,
            422: ErrorBody.describe('A business rule (see the description)'),
          },
        },
      },
      async (request) =>
        service.internalTransaction(callerOf(request), request.body, request.headers['idempotency-key']),
    );

    app.get(
      '/subscription/my',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['marketplace'],
          summary: "The caller's subscription",
          description: 'Plan free with null fields when there was never a paid subscription.',
          response: { 200: MySubscription, ...signedIn },
        },
      },
      async (request) => service.mySubscription(callerOf(request).userId),
    );

    for (const [path, renew] of [
      ['/subscription/cancel', false],
      ['/subscription/resume', true],
    ] as const) {
      app.post(
        path,
        {
          preHandler: app.requireUser,
          schema: {
            tags: ['marketplace'],
            summary: renew ? 'Turn auto-renewal back on' : 'Turn auto-renewal off',
            description: renew
              ? 'isCanceled becomes 0: the subscription renews at endsAt.'
              : 'isCanceled becomes 1: the plan stays until endsAt, then ends.',
            response: {
              200: MySubscription,
              ...signedIn,
              404: ErrorBody.describe('No paid subscription'),
            },
          },
        },
        async (request) => service.setAutoRenew(callerOf(request).userId, renew),
      );
    }

    app.get(
      '/payments',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['marketplace'],
          summary: "The caller's payment history",
          description: 'Newest first, paged (cp from 0, ipp per page).',
          querystring: HistoryQuery,
          response: { 200: PaymentHistory, 400: ErrorBody, ...signedIn },
        },
      },
      async (request) =>
        service.paymentHistory(callerOf(request).userId, request.query.cp, request.query.ipp),
    );

    app.post(
      '/checkoutSession',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['marketplace'],
          summary: 'Open a card checkout',
          description:
            'For credit bundles (`oneTimeItemId`, repeatable) and/or one subscription price. Answers the ' +
            "clientSecret for the embedded checkout: provider 'test' (the built-in card form, " +
            "testCheckout/confirm) or 'stripe' (with the publishable key). 400 when nothing is chosen; " +
            `422 '${marketplaceMessages.unknownProduct}' for an unknown product or currency; 503 when the ` +
            'provider cannot open it.',
          body: CheckoutSessionForm,
          response: {
            200: CheckoutSessionAnswer,
            ...badBody,
            ...signedIn,
            422: ErrorBody.describe('An unknown product'),
            503: ErrorBody.describe('The payment provider failed'),
          },
        },
      },
      async (request) => service.createCheckout(callerOf(request), request.body),
    );

    if (provider instanceof TestPaymentProvider) {
      app.post(
        '/testCheckout/confirm',
        {
          preHandler: app.requireUser,
          schema: {
            tags: ['marketplace'],
            summary: 'Pay a test checkout with a test card',
            description:
              '4242 4242 4242 4242 succeeds (the purchase is fulfilled); 4000 0000 0000 0002 and other ' +
              'numbers are declined (nothing charged); 4000 0025 0000 3155 answers requires_action: ' +
              'confirm it with testCheckout/authenticate. Only while the test provider is in use.',
            body: TestCardForm,
            response: {
              200: TestCheckoutAnswer,
              ...badBody,
              ...signedIn,
              403: ErrorBody.describe("Another user's checkout"),
              404: ErrorBody.describe('No such checkout'),
            },
          },
        },
        async (request) => service.confirmTestCard(callerOf(request), request.body),
      );

      app.post(
        '/testCheckout/authenticate',
        {
          preHandler: app.requireUser,
          schema: {
            tags: ['marketplace'],
            summary: 'Approve or refuse the extra confirmation of a test card',
            description:
              'approve true: succeeded (fulfilled); false: canceled (the card form may be retried).',
            body: TestAuthenticateForm,
            response: {
              200: TestCheckoutAnswer,
              ...badBody,
              ...signedIn,
              403: ErrorBody.describe("Another user's checkout"),
              404: ErrorBody.describe('No such checkout'),
              422: ErrorBody.describe('The checkout is not waiting for a confirmation'),
            },
          },
        },
        async (request) => service.authenticateTest(callerOf(request), request.body),
      );
    }

    if (provider instanceof StripePaymentProvider) {
      // Stripe signs the raw bytes: this route reads its body as a Buffer, untouched.
      await app.register(async (hook) => {
        hook.removeAllContentTypeParsers();
        hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
        hook.withTypeProvider<ZodTypeProvider>().post(
          '/webhook',
          {
            bodyLimit: 1024 * 1024,
            schema: {
              tags: ['marketplace'],
              summary: "Stripe's webhook",
              description:
                'Verified with the Stripe-Signature header over the raw body (400 when missing or wrong, ' +
                'nothing changes). Handles checkout.session.completed, invoice.paid, ' +
                'invoice.payment_failed and customer.subscription.created/updated/deleted, each event id once ' +
                'and each invoice as one payment; a subscription event older than the state it would change, ' +
                'or about a deleted subscription, changes nothing.',
              response: {
                200: z.object({ received: z.boolean(), applied: z.boolean() }),
                400: ErrorBody.describe('No or a wrong signature'),
              },
            },
          },
          async (request) => {
            const raw = request.body;
            if (!Buffer.isBuffer(raw)) throw new AppError('VALIDATION_FAILED', 'The body is empty');
            const signature = request.headers['stripe-signature'];
            let event;
            try {
              event = provider.verify(raw, typeof signature === 'string' ? signature : undefined);
            } catch (error) {
              request.log.warn({ err: error }, 'a Stripe webhook with a bad signature');
              throw new AppError('VALIDATION_FAILED', 'The Stripe signature is missing or wrong');
            }
            const mapped = await provider.providerEventOf(event, (error) =>
              request.log.warn({ err: error, eventId: event.id }, 'the card of a Stripe payment is unknown'),
            );
            if (!mapped) return { received: true, applied: false };
            const result = await service.fulfil(mapped);
            return { received: true, applied: result.applied };
          },
        );
      });
    }
  }
}

export default fp(marketplace, { name: 'marketplaceService', dependencies: ['payment-provider'] });
