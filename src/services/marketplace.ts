import type { KyInstance } from 'ky';
import { extraSlotPriceCoin } from '../../contracts/publishingRules';
import type {
  CheckoutSessionAnswer,
  CheckoutSessionForm,
  InternalTransactionAnswer,
  InternalTransactionForm,
  MySubscription,
  PaymentHistory,
  PaymentProducts,
  TestAuthenticateForm,
  TestCardForm,
  TestCheckoutAnswer,
  Wallet,
} from '../../contracts/marketplace';
import { call } from './scenes';

/**
 * Calls to the marketplace service (districts-commerce-spaces.md §7, platform.md §7.5): products,
 * the wallet, the caller's subscription, payment history and checkout. Each throws an `ApiProblem`
 * on failure. Requests that change something are never retried by ky.
 */
/** The internal item an extra publishing slot is sold as (districts-commerce-spaces.md §3). */
export const extraSlotItemId = 'extra-slot';

/** One extra slot for its credit price (POST internalTransaction). */
export const extraSlotTransaction = (): InternalTransactionForm => ({
  totalCoin: extraSlotPriceCoin,
  transactionItems: [{ districtItemId: extraSlotItemId, quantity: 1, priceCoin: extraSlotPriceCoin }],
});

export const marketplaceApi = (api: KyInstance) => ({
  products: (signal?: AbortSignal) =>
    call(() => api.get('marketplaceService/products', { signal }).json<PaymentProducts>()),
  wallet: (signal?: AbortSignal) =>
    call(() => api.get('marketplaceService/wallet', { signal }).json<Wallet>()),
  mySubscription: (signal?: AbortSignal) =>
    call(() => api.get('marketplaceService/subscription/my', { signal }).json<MySubscription>()),
  cancelSubscription: (signal?: AbortSignal) =>
    call(async () => {
      await api.post('marketplaceService/subscription/cancel', { retry: 0, signal });
    }),
  resumeSubscription: (signal?: AbortSignal) =>
    call(async () => {
      await api.post('marketplaceService/subscription/resume', { retry: 0, signal });
    }),
  payments: (query: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api
        .get('marketplaceService/payments', { searchParams: { cp: query.cp, ipp: query.ipp }, signal })
        .json<PaymentHistory>(),
    ),
  createCheckoutSession: (form: CheckoutSessionForm, signal?: AbortSignal) =>
    call(() =>
      api
        .post('marketplaceService/checkoutSession', { json: form, retry: 0, signal })
        .json<CheckoutSessionAnswer>(),
    ),
  /**
   * Pays for items with credits. With `idempotencyKey` (sent as Idempotency-Key) a retry of the same
   * form answers the first answer again instead of paying twice. 422 BUSINESS_RULE with
   * `details: { required, availableBalance }` when the credits do not suffice.
   */
  internalTransaction: (
    form: InternalTransactionForm,
    options: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ) =>
    call(() =>
      api
        .post('marketplaceService/internalTransaction', {
          json: form,
          retry: 0,
          signal: options.signal,
          headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
        })
        .json<InternalTransactionAnswer>(),
    ),
  /** The built-in test provider: pays with the card typed into the SPA's card form. */
  confirmTestCard: (form: TestCardForm, signal?: AbortSignal) =>
    call(() =>
      api
        .post('marketplaceService/testCheckout/confirm', { json: form, retry: 0, signal })
        .json<TestCheckoutAnswer>(),
    ),
  /** The built-in test provider: the answer to the extra confirmation a 3155 card asks for. */
  authenticateTestCard: (form: TestAuthenticateForm, signal?: AbortSignal) =>
    call(() =>
      api
        .post('marketplaceService/testCheckout/authenticate', { json: form, retry: 0, signal })
        .json<TestCheckoutAnswer>(),
    ),
});

export type MarketplaceApi = ReturnType<typeof marketplaceApi>;
