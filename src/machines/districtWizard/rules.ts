import { DistrictTitle, districtMessages, Subdomain } from '../../../contracts/districts';
import type { Interval, OneTimeProduct, SubscriptionProduct } from '../../../contracts/marketplace';
import type { Tier } from '../../../contracts/roles';

/**
 * The district wizard's rules (districts-commerce-spaces.md §2, §4, §5, §9): pure functions of its
 * context, shared by the machine and its tests.
 */

export type DistrictWizardStep = 'general' | 'spaceSlots' | 'premadeSpaces' | 'overview';
export const wizardSteps: readonly DistrictWizardStep[] = [
  'general',
  'spaceSlots',
  'premadeSpaces',
  'overview',
];

/** The prices the wizard shows, from the marketplace's district items. */
export interface WizardCatalogue {
  slot: { districtItemId: string; priceCoin: number };
  templates: { spaceTemplateId: string; districtItemId: string; priceCoin: number }[];
}

export interface GeneralValues {
  title: string;
  subdomain: string;
  isPublic: boolean;
}

/** How the live availability check of the subdomain stands. */
export type SubdomainStatus = 'unchecked' | 'checking' | 'free' | 'taken';

export interface WizardState {
  mode: 'create' | 'edit';
  districtId: string | null;
  tier: Tier;
  general: GeneralValues;
  subdomainStatus: SubdomainStatus;
  catalogue: WizardCatalogue | null;
  /** Premade spaces the district has already (edit): their sizes show 'Purchased'. */
  purchased: string[];
  /** Slots the district has (edit). */
  existingSlots: number;
  /** Slots to buy. */
  newSlots: number;
  /** The premade space the plan gives (create). */
  freeTemplateId: string | null;
  /** Premade spaces to buy. */
  picks: string[];
  balance: number;
  bundles: OneTimeProduct[];
  plans: SubscriptionProduct[];
  bundleId: string | null;
  /** Pro is chosen (preselected for users below Pro). */
  proChosen: boolean;
  /** Pro was paid by card in this wizard (the plan may not have arrived yet): never charged twice. */
  planPaid?: boolean;
  interval: Interval;
}

/** What the general step's fields say is wrong (the field's message), by field. */
export function generalErrors(
  general: GeneralValues,
  status: SubdomainStatus,
): { title?: string; subdomain?: string } {
  const errors: { title?: string; subdomain?: string } = {};
  const title = DistrictTitle.safeParse(general.title);
  if (!title.success) errors.title = title.error.issues[0].message;
  const subdomain = Subdomain.safeParse(general.subdomain);
  if (!subdomain.success) errors.subdomain = subdomain.error.issues[0].message;
  else if (status === 'taken') errors.subdomain = districtMessages.taken;
  return errors;
}

/** The subdomain can be checked with the server (it passes the rules). */
export const subdomainCheckable = (subdomain: string) => Subdomain.safeParse(subdomain).success;

/** One line of the cart (districts-commerce-spaces.md §3 'Cart'). */
export interface CartLine {
  districtItemId: string;
  quantity: number;
  priceCoin: number;
}

/** The cart: new slots, then the premade spaces picked (one each). */
export function cartOf(state: Pick<WizardState, 'catalogue' | 'newSlots' | 'picks'>): CartLine[] {
  if (!state.catalogue) return [];
  const lines: CartLine[] = [];
  if (state.newSlots > 0) lines.push({ ...state.catalogue.slot, quantity: state.newSlots });
  for (const id of state.picks) {
    const template = state.catalogue.templates.find((t) => t.spaceTemplateId === id);
    if (template)
      lines.push({ districtItemId: template.districtItemId, priceCoin: template.priceCoin, quantity: 1 });
  }
  return lines;
}

/** Credits charged: Σ quantity × priceCoin (districts-commerce-spaces.md §9). */
export const creditsCharged = (cart: CartLine[]) =>
  cart.reduce((sum, l) => sum + l.quantity * l.priceCoin, 0);

/** Missing credits: the total minus the balance when the total is larger, else 0. */
export const missingCredits = (total: number, balance: number) => (total > balance ? total - balance : 0);

/** Bundles that cover the missing credits, the first three (bundles are sorted by credits). */
export function coveringBundles(bundles: OneTimeProduct[], missing: number): OneTimeProduct[] {
  return [...bundles]
    .sort((a, b) => a.coinAmount - b.coinAmount)
    .filter((b) => b.coinAmount >= missing)
    .slice(0, 3);
}

/** The card pays for Pro: chosen, not held yet and not already paid in this wizard. */
const paysForPro = (state: Pick<WizardState, 'proChosen' | 'planPaid' | 'tier'>) =>
  state.proChosen && state.tier !== 'pro' && !state.planPaid;

/** The Pro price of the chosen billing period. */
export const proPrice = (plans: SubscriptionProduct[], interval: Interval) =>
  plans.find((p) => p.subscriptionIdentifier === 'pro' && p.interval === interval) ?? null;

/** What the card pays, in the currency's minor unit: the bundle and the plan chosen. */
export function moneyTotal(
  state: Pick<WizardState, 'bundles' | 'bundleId' | 'plans' | 'proChosen' | 'planPaid' | 'interval' | 'tier'>,
): number {
  const bundle = state.bundles.find((b) => b.id === state.bundleId);
  const plan = paysForPro(state) ? proPrice(state.plans, state.interval) : null;
  return (bundle?.priceAmount ?? 0) + (plan?.priceAmount ?? 0);
}

/** Euros with two decimals, trailing zeros trimmed (districts-commerce-spaces.md §9): 12.5, 239.88, 20. */
export const euros = (cents: number) => (cents / 100).toFixed(2).replace(/\.?0+$/, '');

/** Why a submit is blocked (districts-commerce-spaces.md §4 'Submit' 1–3), or null. */
export function submitBlock(state: WizardState): string | null {
  const total = creditsCharged(cartOf(state));
  if (missingCredits(total, state.balance) > 0 && !state.bundleId) return 'insufficientCredits';
  if (state.tier !== 'pro' && !state.proChosen) return districtMessages.planRequired;
  if (state.mode === 'create' && !state.freeTemplateId) return districtMessages.noFreePremade;
  return null;
}

/** The card checkout the submit opens (a bundle and/or Pro), or null when nothing is paid by card. */
export function checkoutOf(state: WizardState): { productId: string | null; priceId: string | null } | null {
  const priceId = paysForPro(state) ? (proPrice(state.plans, state.interval)?.id ?? null) : null;
  if (!state.bundleId && !priceId) return null;
  return { productId: state.bundleId, priceId };
}

/** Premade picks on create: the first is the free one (toggling it clears it), the others go to the cart. */
export function togglePremade(
  state: Pick<WizardState, 'mode' | 'freeTemplateId' | 'picks' | 'purchased'>,
  id: string,
): Pick<WizardState, 'freeTemplateId' | 'picks'> {
  if (state.purchased.includes(id)) return { freeTemplateId: state.freeTemplateId, picks: state.picks };
  if (state.freeTemplateId === id) return { freeTemplateId: null, picks: state.picks };
  if (state.picks.includes(id))
    return { freeTemplateId: state.freeTemplateId, picks: state.picks.filter((p) => p !== id) };
  if (state.mode === 'create' && state.freeTemplateId === null)
    return { freeTemplateId: id, picks: state.picks };
  return { freeTemplateId: state.freeTemplateId, picks: [...state.picks, id] };
}
