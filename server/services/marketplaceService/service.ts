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
} from '../../../contracts/marketplace';
import type { Caller } from '../../http/caller';
import type { PaymentProvider, ProviderEvent } from '../../payments/provider';
import { Billing } from './billing';
import { Checkout } from './checkout';
import { Fulfilment, type FulfilmentResult } from './fulfilment';
import type { Market, Notify } from './market';
import { Products } from './products';
import { Subscriptions } from './subscriptions';
import { Wallets } from './wallet';

export type { HubTarget } from './market';

/** What the marketplace is made with: the same as what its parts share (market.ts). */
export type MarketplaceServiceOptions = Market;

/**
 * The marketplace (districts-commerce-spaces.md §3, §4, §7): products (products.ts), wallets and
 * their ledger with internal transactions paid with credits (wallet.ts, ledger.ts), checkout
 * sessions with a PaymentProvider (checkout.ts), the ONE fulfilment of provider events
 * (fulfilment.ts), the billing job (billing.ts), subscriptions and the payment history
 * (subscriptions.ts).
 */
export class MarketplaceService {
  readonly provider: PaymentProvider;
  private readonly market: Market;
  private readonly catalog: Products;
  private readonly wallets: Wallets;
  private readonly subscriptions: Subscriptions;
  private readonly checkout: Checkout;
  private readonly fulfilment: Fulfilment;
  private readonly billing: Billing;

  constructor(options: MarketplaceServiceOptions) {
    this.provider = options.provider;
    this.market = { ...options };
    this.catalog = new Products(options.db);
    this.wallets = new Wallets(this.market);
    this.subscriptions = new Subscriptions(this.market);
    this.fulfilment = new Fulfilment(this.market);
    this.checkout = new Checkout(this.market, this.fulfilment);
    this.billing = new Billing(this.market, this.fulfilment);
  }

  /** Sends push notifications (replaceable, e.g. by tests). */
  get notify(): Notify | undefined {
    return this.market.notify;
  }

  set notify(notify: Notify | undefined) {
    this.market.notify = notify;
  }

  /** Tests: runs inside the fulfilment transaction, after the event row, before the effects. */
  get fault(): Market['fault'] {
    return this.market.fault;
  }

  set fault(fault: Market['fault']) {
    this.market.fault = fault;
  }

  /** Writes the price table (catalog.ts) to market_products: idempotent, safe on every start. */
  syncProducts(): Promise<void> {
    return this.catalog.sync();
  }

  products(): Promise<PaymentProducts> {
    return this.catalog.list();
  }

  wallet(userId: string) {
    return this.wallets.wallet(userId);
  }

  /** Credits given outside a payment (support, tests, promotions): one ledger entry. */
  grant(userId: string, amount: number, reference: string | null = null): Promise<number> {
    return this.wallets.grant(userId, amount, reference);
  }

  /** The ledger's sum for a user (equals the balance). */
  ledgerSum(userId: string): Promise<number> {
    return this.wallets.ledgerSum(userId);
  }

  internalTransaction(
    caller: Caller,
    form: InternalTransactionForm,
    idempotencyKey?: string,
  ): Promise<InternalTransactionAnswer> {
    return this.wallets.internalTransaction(caller, form, idempotencyKey);
  }

  mySubscription(userId: string): Promise<MySubscription> {
    return this.subscriptions.mySubscription(userId);
  }

  setAutoRenew(userId: string, renew: boolean): Promise<MySubscription> {
    return this.subscriptions.setAutoRenew(userId, renew);
  }

  /** Pushes each user's wallet and plan as they are now (clients that may have missed pushes). */
  pushCurrentState(userIds: string[]): Promise<void> {
    return this.subscriptions.pushCurrentState(userIds);
  }

  paymentHistory(userId: string, cp: number, ipp: number): Promise<PaymentHistory> {
    return this.subscriptions.paymentHistory(userId, cp, ipp);
  }

  createCheckout(caller: Caller, input: CheckoutSessionForm): Promise<CheckoutSessionAnswer> {
    return this.checkout.createCheckout(caller, input);
  }

  confirmTestCard(caller: Caller, form: TestCardForm): Promise<TestCheckoutAnswer> {
    return this.checkout.confirmTestCard(caller, form);
  }

  authenticateTest(caller: Caller, form: TestAuthenticateForm): Promise<TestCheckoutAnswer> {
    return this.checkout.authenticateTest(caller, form);
  }

  /** One run of the billing job (billing.ts). */
  runBilling(now: Date = new Date()): Promise<{ replayed: number; renewed: number; expired: number }> {
    return this.billing.run(now);
  }

  /** Applies a provider event exactly once (fulfilment.ts). */
  fulfil(event: ProviderEvent): Promise<FulfilmentResult> {
    return this.fulfilment.fulfil(event);
  }
}
