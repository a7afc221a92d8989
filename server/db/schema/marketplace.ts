import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * What the marketplace sells for money (districts-commerce-spaces.md §3 'Credit bundle',
 * 'Subscription plan'): credit bundles ('credits') and subscription prices ('subscription'). Synced
 * at start from the one price table in server/services/marketplaceService/catalog.ts.
 */
export const marketProducts = pgTable(
  'market_products',
  {
    id: text('id').primaryKey(),
    /** 'credits' or 'subscription'. */
    kind: text('kind').notNull(),
    /** Credits a bundle gives; null for subscriptions. */
    coinAmount: integer('coin_amount'),
    /** 'standard' or 'pro' for subscriptions. */
    plan: text('plan'),
    /** 'monthly' or 'yearly' for subscriptions. */
    interval: text('interval'),
    /** In the currency's minor unit (cents). */
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    iconId: integer('icon_id'),
    descriptionPoints: jsonb('description_points').$type<string[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 0 when no longer for sale (kept for history). */
    active: integer('active').notNull().default(1),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('market_products_price_check', sql`${t.priceAmount} >= 0`)],
);

/**
 * Each user's credit balance: the sum of their ledger entries, kept in one row so that spending is
 * one conditional update (`where balance >= cost`); the check makes a negative balance impossible.
 */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: text('user_id').primaryKey(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('credit_balances_nonnegative', sql`${t.balance} >= 0`)],
);

/**
 * The append-only credit ledger: every change of a balance, signed (+ bought or granted, − spent),
 * with why ('purchase', 'spend', 'grant', 'refund') and what it refers to (a checkout session, an
 * internal transaction). Written in the same transaction as the balance row.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
);

/** A purchase paid with credits (POST internalTransaction). */
export const internalTransactions = pgTable(
  'internal_transactions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    totalCoin: bigint('total_coin', { mode: 'number' }).notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('internal_transactions_user_idx').on(t.userId, t.createdAt)],
);

export const internalTransactionItems = pgTable(
  'internal_transaction_items',
  {
    transactionId: text('transaction_id')
      .notNull()
      .references(() => internalTransactions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    districtItemId: text('district_item_id').notNull(),
    quantity: integer('quantity').notNull(),
    priceCoin: integer('price_coin').notNull(),
    districtId: text('district_id'),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.position] })],
);

/**
 * Idempotency-Key headers of a user: the request's sha256 and the answer given, so a retry gets
 * the same answer without doing it again, and the key reused for another request is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    /** What the key was used for, e.g. 'internalTransaction'. */
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export interface CheckoutItem {
  productId: string;
  quantity: number;
}

/**
 * A card checkout opened by a user: what is being bought (bundles and at most one subscription),
 * with which provider, and how far it got ('open', 'requires_action', 'paid' — the card was charged,
 * fulfilment not yet committed —, 'complete', 'declined', 'canceled'). `providerSessionId` is the provider's id of it (the row id for the test provider).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** The caller's display name then, for a user record made at fulfilment if none exists. */
    userName: text('user_name'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    clientSecret: text('client_secret').notNull(),
    items: jsonb('items').$type<CheckoutItem[]>().notNull().default([]),
    subscriptionProductId: text('subscription_product_id'),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('open'),
    /** The last four digits of the card that paid (the test provider's card form; null otherwise). */
    cardLast4: text('card_last4'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_sessions_client_secret_idx').on(t.clientSecret),
    uniqueIndex('checkout_sessions_provider_idx').on(t.provider, t.providerSessionId),
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
    // The billing job's replay of charged checkouts not yet fulfilled.
    index('checkout_sessions_paid_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'paid'`),
  ],
);

/** Money paid (or that failed), for the payment history. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id of the payment (invoice, session), when there is one. */
    providerReference: text('provider_reference'),
    checkoutSessionId: text('checkout_session_id'),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** 'pending', 'paid', 'failed' or 'refunded'. */
    status: text('status').notNull(),
    /** The last four digits of the card charged, when known. */
    cardLast4: text('card_last4'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    // One row per provider payment (invoice, payment intent), however many events tell of it.
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.providerReference),
  ],
);

/**
 * A user's paid plan (one row per user): isCanceled 0 renews, 1 cancellation requested (runs to
 * endsAt), 2 canceled.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id').primaryKey(),
    plan: text('plan').notNull(),
    interval: text('interval').notNull(),
    /** The product id (e.g. 'pro-yearly'). */
    priceId: text('price_id').notNull(),
    isCanceled: integer('is_canceled').notNull().default(0),
    endsAt: timestampTz('ends_at'),
    canceledAt: timestampTz('canceled_at'),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /**
     * The subscription's status at the provider as of the newest event applied ('active', 'unpaid',
     * 'canceled', 'deleted', …): 'canceled', 'incomplete_expired' and 'deleted' are final.
     */
    providerStatus: text('provider_status'),
    /**
     * When the provider made the newest event applied to this subscription: an event made earlier
     * never overrides it, since providers do not deliver in order.
     */
    providerEventAt: timestampTz('provider_event_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_is_canceled_check', sql`${t.isCanceled} in (0, 1, 2)`),
    uniqueIndex('subscriptions_provider_idx').on(t.provider, t.providerSubscriptionId),
    // The billing job's renewals and expiries of the built-in provider's plans.
    index('subscriptions_due_idx')
      .on(t.endsAt)
      .where(sql`${t.isCanceled} < 2`),
  ],
);

/**
 * Provider events already applied: inserted first in the fulfilment's own transaction, so an event
 * delivered again (or replayed after a crash) is applied exactly once.
 */
export const processedProviderEvents = pgTable(
  'processed_provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestampTz('processed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
