import { z } from 'zod';

/**
 * The marketplace service's shared contract (districts-commerce-spaces.md §1, §3 'Wallet', 'Credit
 * bundle', 'Subscription plan', 'My subscription', 'Cart', §4 'Submit', 'Subscription status', §7,
 * §9; platform.md §2.9, §7.5, §7.6): products, the wallet, internal transactions, subscriptions,
 * payment history and checkout sessions. The server, the SPA and the hub read the same schemas.
 */

export const marketplaceServicePrefix = '/api/marketplaceService';

// ---------------------------------------------------------------------------------------------
// Constants

export const currencies = ['eur', 'usd', 'gbp'] as const;
export const Currency = z.enum(currencies);
export type Currency = z.infer<typeof Currency>;
export const defaultCurrency: Currency = 'eur';
export const currencySymbols: Record<Currency, string> = { eur: '€', usd: '$', gbp: '£' };

export const paidPlans = ['standard', 'pro'] as const;
export const PaidPlan = z.enum(paidPlans);
export type PaidPlan = z.infer<typeof PaidPlan>;
export const intervals = ['monthly', 'yearly'] as const;
export const Interval = z.enum(intervals);
export type Interval = z.infer<typeof Interval>;

/** Test cards of the built-in payment provider (the default when Stripe is not configured). */
export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  needsConfirmation: '4000002500003155',
} as const;

export const marketplaceMessages = {
  insufficientCredits: 'Insufficient credits to publish. Select a credit package to proceed.',
  totalMismatch: 'The total does not match the current prices. Reload and try again.',
  cardDeclined: 'Your card was declined. No money was taken; try another card.',
  checkoutFailed: (provider: string) => `Failed to open ${provider} checkout`,
  unknownProduct: 'This product is not for sale.',
  idempotencyReused: 'This Idempotency-Key was already used for a different request.',
} as const;

// ---------------------------------------------------------------------------------------------
// Products (GET products)

/** A credit bundle as a product (districts-commerce-spaces.md §3: id, coinAmount, priceAmount, currency). */
export const OneTimeProduct = z
  .object({
    id: z.string(),
    coinAmount: z.number().int().positive(),
    /** In the currency's minor unit (cents). */
    priceAmount: z.number().int().nonnegative(),
    currency: Currency,
    /** credits-icon-1 … credits-icon-4. */
    iconId: z.number().int().min(1).max(4),
  })
  .meta({ id: 'OneTimeProduct' });
export type OneTimeProduct = z.infer<typeof OneTimeProduct>;

export const SubscriptionProduct = z
  .object({
    id: z.string(),
    /** 'standard' or 'pro'. */
    subscriptionIdentifier: PaidPlan,
    interval: Interval,
    /** In the currency's minor unit (cents). */
    priceAmount: z.number().int().nonnegative(),
    currency: Currency,
    descriptionPoints: z.array(z.string()),
  })
  .meta({ id: 'SubscriptionProduct' });
export type SubscriptionProduct = z.infer<typeof SubscriptionProduct>;

export const PaymentProducts = z
  .object({ oneTimeProducts: z.array(OneTimeProduct), subscriptionProducts: z.array(SubscriptionProduct) })
  .meta({ id: 'PaymentProducts' });
export type PaymentProducts = z.infer<typeof PaymentProducts>;

// ---------------------------------------------------------------------------------------------
// Wallet and internal transactions

export const Wallet = z
  .object({ userId: z.string(), availableBalance: z.number().int().nonnegative() })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof Wallet>;

export const TransactionItem = z.object({
  districtItemId: z.string().min(1).max(128),
  quantity: z.number().int().min(1).max(1000),
  priceCoin: z.number().int().min(0),
  districtId: z.string().min(1).max(64).nullable().optional(),
});
export type TransactionItem = z.infer<typeof TransactionItem>;

/**
 * POST internal transaction: pays for items with credits. The server recomputes the total from its
 * own prices and refuses a mismatch (422); an `Idempotency-Key` header makes a retry safe.
 */
export const InternalTransactionForm = z
  .object({
    totalCoin: z.number().int().min(0),
    transactionItems: z.array(TransactionItem).min(1).max(100),
  })
  .strict()
  .meta({ id: 'InternalTransactionForm' });
export type InternalTransactionForm = z.infer<typeof InternalTransactionForm>;

export const InternalTransactionAnswer = z
  .object({ transactionId: z.string(), totalCoin: z.number().int(), availableBalance: z.number().int() })
  .meta({ id: 'InternalTransactionAnswer' });
export type InternalTransactionAnswer = z.infer<typeof InternalTransactionAnswer>;

// ---------------------------------------------------------------------------------------------
// Subscriptions

/** My subscription (districts-commerce-spaces.md §3); null fields when on the free plan. */
export const MySubscription = z
  .object({
    plan: z.enum(['free', 'standard', 'pro']),
    priceId: z.string().nullable(),
    /** 0 or missing: renews; 1: cancellation requested; 2: canceled. */
    isCanceled: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
    endsAt: z.string().nullable(),
    canceledAt: z.string().nullable(),
  })
  .meta({ id: 'MySubscription' });
export type MySubscription = z.infer<typeof MySubscription>;

export type SubscriptionStatus = 'active' | 'canceled' | 'expired';

/** districts-commerce-spaces.md §4 'Subscription status'. */
export function subscriptionStatus(
  s: Pick<MySubscription, 'isCanceled' | 'endsAt' | 'canceledAt'>,
  now: Date = new Date(),
): SubscriptionStatus {
  if (s.isCanceled === 2) return 'canceled';
  if ((s.canceledAt || s.endsAt) && s.endsAt && new Date(s.endsAt).getTime() < now.getTime())
    return 'expired';
  return 'active';
}

/** Auto-renewal is on when isCanceled is missing or 0. */
export const autoRenews = (s: Pick<MySubscription, 'isCanceled'>) => !s.isCanceled;

// ---------------------------------------------------------------------------------------------
// Payment history

export const Payment = z
  .object({
    paymentId: z.string(),
    createdAt: z.string(),
    /** What was bought, e.g. '500 credits' or 'Pro, yearly'. */
    description: z.string(),
    amount: z.number().int(),
    currency: Currency,
    status: z.enum(['pending', 'paid', 'failed', 'refunded']),
    provider: z.string(),
    /** The last four digits of the card charged, when known (the test card form, or asked of Stripe). */
    cardLast4: z.string().nullable().optional(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof Payment>;

export const PaymentHistory = z
  .object({ items: z.array(Payment), cp: z.number().int(), ipp: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'PaymentHistory' });
export type PaymentHistory = z.infer<typeof PaymentHistory>;

// ---------------------------------------------------------------------------------------------
// Checkout

export const CheckoutSessionForm = z
  .object({
    oneTimeItemId: z.array(z.string().min(1).max(128)).max(10).default([]),
    subscriptionId: z.string().min(1).max(128).nullable().optional(),
    currency: Currency.default(defaultCurrency),
  })
  .strict()
  .meta({ id: 'CheckoutSessionForm' });
export type CheckoutSessionForm = z.input<typeof CheckoutSessionForm>;

export const CheckoutSessionAnswer = z
  .object({
    clientSecret: z.string(),
    /** 'test' (the built-in card form) or 'stripe' (Stripe's embedded checkout). */
    provider: z.enum(['test', 'stripe']),
    /** Stripe's publishable key when provider is 'stripe'. */
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'CheckoutSessionAnswer' });
export type CheckoutSessionAnswer = z.infer<typeof CheckoutSessionAnswer>;

// ---------------------------------------------------------------------------------------------
// Hub notifications: contracts/hubs.ts (no schemas, so the app shell reads it cheaply)

export * from './hubs';

// ---------------------------------------------------------------------------------------------
// Prices as people read them (districts-commerce-spaces.md §9)

/** floor((12·monthly − yearly) / (12·monthly) · 100) percent. */
export function yearlyDiscountPercent(monthly: number, yearly: number): number {
  if (monthly <= 0) return 0;
  return Math.floor(((12 * monthly - yearly) / (12 * monthly)) * 100);
}

/** An amount in minor units as '€12.5' / '€12' (two decimals, trailing zeros trimmed). */
export function formatPrice(minor: number, currency: Currency = defaultCurrency): string {
  const major = (minor / 100).toFixed(2).replace(/\.?0+$/, '');
  return `${currencySymbols[currency]}${major}`;
}

/** Credits a cart costs: sum of quantity × priceCoin. */
export const cartCredits = (items: Pick<TransactionItem, 'quantity' | 'priceCoin'>[]) =>
  items.reduce((sum, i) => sum + i.quantity * i.priceCoin, 0);

/** Missing credits: total minus balance when the total exceeds it, else 0. */
export const missingCredits = (total: number, balance: number) => Math.max(0, total - balance);

// ---------------------------------------------------------------------------------------------
// The built-in test provider's card form (the default PaymentProvider)

/**
 * POST testCheckout/confirm: the SPA's embedded card form sends the card for a clientSecret.
 * 4242… succeeds; 4000 0000 0000 0002 is declined; 4000 0025 0000 3155 needs an extra confirmation
 * (POST testCheckout/authenticate) first. Success runs the same fulfilment as a provider webhook.
 */
export const TestCardForm = z
  .object({
    clientSecret: z.string().min(1).max(200),
    cardNumber: z.string().regex(/^[0-9 ]{12,23}$/, 'Enter the card number'),
    expiry: z.string().regex(/^(0[1-9]|1[0-2])\/[0-9]{2}$/, 'Enter the expiry as MM/YY'),
    cvc: z.string().regex(/^[0-9]{3,4}$/, 'Enter the 3 or 4 digits on the back of the card'),
    name: z.string().max(200).optional(),
  })
  .strict()
  .meta({ id: 'TestCardForm' });
export type TestCardForm = z.infer<typeof TestCardForm>;

export const TestAuthenticateForm = z
  .object({ clientSecret: z.string().min(1).max(200), approve: z.boolean() })
  .strict()
  .meta({ id: 'TestAuthenticateForm' });
export type TestAuthenticateForm = z.infer<typeof TestAuthenticateForm>;

export const TestCheckoutAnswer = z
  .object({
    status: z.enum(['succeeded', 'requires_action', 'declined', 'canceled']),
    message: z.string().nullable(),
  })
  .meta({ id: 'TestCheckoutAnswer' });
export type TestCheckoutAnswer = z.infer<typeof TestCheckoutAnswer>;
