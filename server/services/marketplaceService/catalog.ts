import {
  type Currency,
  type Interval,
  marketplaceMessages,
  type PaidPlan,
} from '../../../contracts/marketplace';
import { premadeTemplates } from '../../../contracts/premadeSpaces';
import { extraSlotPriceCoin } from '../../../contracts/publishing';
import { AppError } from '../../errors';

/**
 * THE price table of everything sold for money (districts-commerce-spaces.md §1, §3, §9). The
 * market_products table is synced from it at every start (insert or update; products no longer
 * here are marked inactive). Amounts are in the currency's minor unit (cents).
 *
 * Stripe: each product is sent to Stripe Checkout as inline `price_data` (name, amount, currency,
 * and the interval for subscriptions), so nothing needs to be set up in the Stripe dashboard. To
 * use prices made in Stripe instead, set STRIPE_PRICE_IDS to `productId=price_…` pairs separated
 * by commas (e.g. `pro-yearly=price_123,credits-500=price_456`); a product listed there is sent
 * as that price id.
 */
export interface CreditBundleConfig {
  id: string;
  coinAmount: number;
  priceAmount: number;
  currency: Currency;
  iconId: 1 | 2 | 3 | 4;
}

export interface PlanPriceConfig {
  id: string;
  plan: PaidPlan;
  interval: Interval;
  priceAmount: number;
  currency: Currency;
}

export const creditBundles: readonly CreditBundleConfig[] = [
  { id: 'credits-100', coinAmount: 100, priceAmount: 499, currency: 'eur', iconId: 1 },
  { id: 'credits-500', coinAmount: 500, priceAmount: 1999, currency: 'eur', iconId: 2 },
  { id: 'credits-1000', coinAmount: 1000, priceAmount: 3499, currency: 'eur', iconId: 3 },
  { id: 'credits-2500', coinAmount: 2500, priceAmount: 7999, currency: 'eur', iconId: 4 },
];

/** Yearly is 20% cheaper than 12 × monthly. */
export const planPrices: readonly PlanPriceConfig[] = [
  { id: 'standard-monthly', plan: 'standard', interval: 'monthly', priceAmount: 999, currency: 'eur' },
  { id: 'standard-yearly', plan: 'standard', interval: 'yearly', priceAmount: 9588, currency: 'eur' },
  { id: 'pro-monthly', plan: 'pro', interval: 'monthly', priceAmount: 2499, currency: 'eur' },
  { id: 'pro-yearly', plan: 'pro', interval: 'yearly', priceAmount: 23988, currency: 'eur' },
];

/** What each plan offers (districts-commerce-spaces.md §1, §9). */
export const planDescriptionPoints: Record<PaidPlan, string[]> = {
  standard: [
    '1 published space',
    'Up to 20 drafts',
    'Custom communication settings',
    'Custom privacy settings',
  ],
  pro: [
    'Your own district on its subdomain',
    '4 free publishing slots',
    'Unlimited drafts',
    '1 free premade space',
    'Custom communication and privacy settings',
  ],
};

const planNames: Record<PaidPlan, string> = { standard: 'Standard', pro: 'Pro' };
const intervalNames: Record<Interval, string> = { monthly: 'monthly', yearly: 'yearly' };

export const creditBundleById = (id: string) => creditBundles.find((b) => b.id === id);
export const planPriceById = (id: string) => planPrices.find((p) => p.id === id);

/** 422 for something that is not for sale (or not in that currency). */
export const unknownProduct = (id: string) =>
  new AppError('BUSINESS_RULE', marketplaceMessages.unknownProduct, { productId: id });

/** A checkout line as people read it, e.g. '500 credits' or 'Pro, yearly'. */
export function productDescription(id: string, quantity = 1): string {
  const bundle = creditBundleById(id);
  if (bundle) return `${bundle.coinAmount * quantity} credits`;
  const plan = planPriceById(id);
  if (plan) return `${planNames[plan.plan]}, ${intervalNames[plan.interval]}`;
  return id;
}

// ---------------------------------------------------------------------------------------------
// Prices in credits of what is bought with the wallet (POST internalTransaction)

/** The district item id of an extra publishing slot. */
export const extraSlotItemId = 'extra-slot';

/** Credits one unit of a district item costs, or undefined when it is not for sale. */
export function internalItemPrice(districtItemId: string): number | undefined {
  if (districtItemId === extraSlotItemId) return extraSlotPriceCoin;
  const template = premadeTemplates.find((t) => t.districtItemId === districtItemId);
  return template?.districtPrice;
}
