import type { Interval, OneTimeProduct, PaidPlan, SubscriptionProduct } from '../../../contracts/marketplace';

/** Credit bundles as the picker shows them: by credits, fewest first (districts-commerce-spaces.md §3). */
export const creditBundles = (products: readonly OneTimeProduct[]): OneTimeProduct[] =>
  [...products].sort((a, b) => a.coinAmount - b.coinAmount);

/** The bundles worth offering when `minCredits` are missing: the first 3 that cover them (platform.md §2.9). */
export const bundlesCovering = (bundles: readonly OneTimeProduct[], minCredits: number): OneTimeProduct[] =>
  creditBundles(bundles)
    .filter((b) => b.coinAmount >= minCredits)
    .slice(0, 3);

/** A paid plan's prices per billing period (districts-commerce-spaces.md §3 'Subscription plan'). */
export type PlanPrices = Partial<Record<Interval, SubscriptionProduct>>;

export const planPrices = (products: readonly SubscriptionProduct[]): Record<PaidPlan, PlanPrices> => {
  const plans: Record<PaidPlan, PlanPrices> = { standard: {}, pro: {} };
  for (const p of products) plans[p.subscriptionIdentifier][p.interval] = p;
  return plans;
};
