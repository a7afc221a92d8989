import { type ActorRefFrom, assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { District } from '../../contracts/districts';
import type { Interval, OneTimeProduct, SubscriptionProduct } from '../../contracts/marketplace';
import type { Tier } from '../../contracts/roles';
import {
  type CartLine,
  cartOf,
  checkoutOf,
  creditsCharged,
  type DistrictWizardStep,
  type GeneralValues,
  generalErrors,
  submitBlock,
  subdomainCheckable,
  togglePremade,
  type WizardCatalogue,
  type WizardState,
} from './districtWizard/rules';

export type { DistrictWizardStep } from './districtWizard/rules';

export interface DistrictWizardInput {
  /** The district to upgrade (edit mode); none makes a new one. */
  district?: { districtId: string; title: string; subdomain: string; public: boolean } | null;
  /** The user's plan now. */
  tier: Tier;
  /** The key that makes a repeated submit safe (the district and the cart are made once). */
  idempotencyKey: string;
}

/** What the wizard loads first: prices, the wallet, the products, and (edit) what the district has. */
export interface WizardLoad {
  catalogue: WizardCatalogue;
  balance: number;
  bundles: OneTimeProduct[];
  plans: SubscriptionProduct[];
  purchased: string[];
  existingSlots: number;
}

/** A message of the wizard: a catalogue key, or the server's (or the spec's) words. */
export type WizardMessage = { key: string } | { text: string };

export interface DistrictWizardContext extends WizardState {
  idempotencyKey: string;
  /** The general step's messages, shown once Next was pressed. */
  showGeneralErrors: boolean;
  /** Pro was unchecked: 'Continue Without Pro' or 'Keep Pro Subscription' is asked. */
  confirmingNoPro: boolean;
  message: WizardMessage | null;
  /** The card checkout open now (a bundle and/or Pro). */
  checkout: { productId: string | null; priceId: string | null } | null;
  /** The district made (create) or upgraded (edit). */
  district: District | null;
  error: unknown;
}

export type DistrictWizardEvent =
  | { type: 'general.changed'; values: Partial<GeneralValues> }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.retry' }
  | { type: 'slots.add' }
  | { type: 'slots.remove' }
  | { type: 'premade.toggle'; spaceTemplateId: string }
  | { type: 'bundle.choose'; productId: string | null }
  /** The Pro checkbox: unchecking it asks first. */
  | { type: 'plan.toggle' }
  | { type: 'plan.keep' }
  | { type: 'plan.drop' }
  | { type: 'plan.interval'; interval: Interval }
  | { type: 'wizard.submit' }
  /** The card checkout was paid: the wallet (and plan) as they are now. */
  | { type: 'checkout.finished'; balance: number | null; plan: string | null }
  /** The card checkout closed without paying. */
  | { type: 'checkout.closed' }
  /** The signed-in user's plan, as the session knows it (now and after each change). */
  | { type: 'session.tier'; tier: Tier };

/** How long the wizard waits for the new plan to reach the user's session after paying. */
export const wizardTiming = { subdomainDebounceMs: 400, planWaitMs: 20_000 } as const;

const problemMessage = (error: unknown): WizardMessage => {
  const e = error as { message?: unknown; status?: unknown; details?: { required?: unknown } } | null;
  if (e && typeof e.status === 'number' && typeof e.message === 'string' && e.message)
    return { text: e.message };
  return { key: 'districtWizard.failed' };
};

/**
 * The district create/upgrade wizard (districts-commerce-spaces.md §2, §4, §5, §9; the product's
 * design names it: submit → checkout → await the wallet push → continue).
 *
 * - Steps general → spaceSlots → premadeSpaces → overview, forward and back. Editing a district
 *   starts at spaceSlots and may skip the premade step.
 * - General: the title and subdomain are checked by the contract's rules as typed; the subdomain's
 *   availability is asked `wizardTiming.subdomainDebounceMs` after the last keystroke
 *   (`checkSubdomain`); Next waits for all three.
 * - Slots are added and removed locally; premade picks as `togglePremade` says.
 * - Overview: the credit analysis, the bundles covering what is missing, Pro (preselected yearly
 *   below Pro; unchecking asks first), the total.
 * - Submit: the three blocking rules with their messages; a chosen bundle or Pro opens the card
 *   checkout (`checkout`: the view shows it, and says `checkout.finished` once paid — the checkout
 *   itself waits for the wallet or plan push, refetching after a timeout); after a plan, the
 *   wizard waits for the session's new tier (`renewSession`, `sessionWatch`), at most
 *   `wizardTiming.planWaitMs`; then it makes the district (`createDistrict`, with the
 *   Idempotency-Key) and pays the cart with credits (`payCart`, same key), or on edit pays for the
 *   existing district. A refusal shows the server's words and stays on the overview; a district
 *   made before the cart was refused is kept (the wizard continues as its upgrade).
 *
 * Actors: `load`, `checkSubdomain`, `createDistrict`, `payCart`, `sessionWatch`. Actions:
 * `renewSession`. Tags: 'loading', 'checking', 'busy'.
 */
export const districtWizardMachine = setup({
  types: {
    context: {} as DistrictWizardContext,
    events: {} as DistrictWizardEvent,
    input: {} as DistrictWizardInput,
    output: {} as District | null,
    tags: {} as 'loading' | 'checking' | 'busy',
  },
  actors: {
    load: fromPromise<WizardLoad, { districtId: string | null }>(async () => {
      throw new Error('districtWizardMachine: provide a load actor');
    }),
    checkSubdomain: fromPromise<'free' | 'taken', { subdomain: string }>(async () => {
      throw new Error('districtWizardMachine: provide a checkSubdomain actor');
    }),
    createDistrict: fromPromise<
      District,
      { general: GeneralValues; freeTemplateId: string; idempotencyKey: string }
    >(async () => {
      throw new Error('districtWizardMachine: provide a createDistrict actor');
    }),
    payCart: fromPromise<
      { availableBalance: number },
      { districtId: string; cart: CartLine[]; idempotencyKey: string }
    >(async () => {
      throw new Error('districtWizardMachine: provide a payCart actor');
    }),
    sessionWatch: fromCallback<DistrictWizardEvent>(() => () => {}),
  },
  actions: {
    renewSession: () => {},
  },
  delays: {
    subdomainDebounce: wizardTiming.subdomainDebounceMs,
    planWait: wizardTiming.planWaitMs,
  },
  guards: {
    editing: ({ context }) => context.mode === 'edit',
    generalValid: ({ context }) =>
      Object.keys(generalErrors(context.general, context.subdomainStatus)).length === 0 &&
      context.subdomainStatus === 'free',
    premadeDone: ({ context }) => context.mode === 'edit' || context.freeTemplateId !== null,
    blocked: ({ context }) => submitBlock(context) !== null,
    needsCheckout: ({ context }) => checkoutOf(context) !== null,
    waitsForPlan: ({ context }) => context.proChosen && context.tier !== 'pro',
    planOnItsWay: ({ context }) => Boolean(context.planPaid) && context.tier !== 'pro',
    created: ({ context }) => context.districtId !== null,
    cartEmpty: ({ context }) => creditsCharged(cartOf(context)) === 0,
    isPro: ({ context }) => context.tier === 'pro',
  },
}).createMachine({
  id: 'districtWizard',
  context: ({ input }) => ({
    mode: input.district ? 'edit' : 'create',
    districtId: input.district?.districtId ?? null,
    tier: input.tier,
    general: {
      title: input.district?.title ?? '',
      subdomain: input.district?.subdomain ?? '',
      isPublic: input.district?.public ?? true,
    },
    subdomainStatus: input.district ? 'free' : 'unchecked',
    catalogue: null,
    purchased: [],
    existingSlots: 0,
    newSlots: 0,
    freeTemplateId: null,
    picks: [],
    balance: 0,
    bundles: [],
    plans: [],
    bundleId: null,
    // Pro yearly is preselected for users below Pro (districts-commerce-spaces.md §4).
    proChosen: input.tier !== 'pro',
    planPaid: false,
    interval: 'yearly',
    idempotencyKey: input.idempotencyKey,
    showGeneralErrors: false,
    confirmingNoPro: false,
    message: null,
    checkout: null,
    district: null,
    error: null,
  }),
  invoke: { id: 'sessionWatch', src: 'sessionWatch' },
  on: {
    'session.tier': { actions: assign({ tier: ({ event }) => event.tier }) },
  },
  output: ({ context }) => context.district,
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ districtId: context.districtId }),
        onDone: [
          {
            guard: 'editing',
            target: 'spaceSlots',
            actions: assign(({ event }) => ({ ...event.output, error: null })),
          },
          { target: 'general', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loadFailed: { on: { 'wizard.retry': 'loading' } },
    general: {
      entry: assign({ message: null }),
      initial: 'idle',
      on: {
        'general.changed': {
          target: '.waiting',
          actions: assign(({ context, event }) => {
            const general = { ...context.general, ...event.values };
            const subdomainChanged = general.subdomain !== context.general.subdomain;
            // A check cut short by this change (leaving 'checking') runs again.
            const recheck = subdomainChanged || context.subdomainStatus === 'checking';
            return {
              general,
              subdomainStatus: recheck ? ('unchecked' as const) : context.subdomainStatus,
            };
          }),
        },
        'wizard.next': [
          { guard: 'generalValid', target: 'spaceSlots' },
          { actions: assign({ showGeneralErrors: true }) },
        ],
      },
      states: {
        idle: {},
        waiting: {
          always: [
            { guard: ({ context }) => context.subdomainStatus !== 'unchecked', target: 'idle' },
            { guard: ({ context }) => !subdomainCheckable(context.general.subdomain), target: 'idle' },
          ],
          after: { subdomainDebounce: 'checking' },
        },
        checking: {
          tags: 'checking',
          entry: assign({ subdomainStatus: 'checking' }),
          invoke: {
            id: 'checkSubdomain',
            src: 'checkSubdomain',
            input: ({ context }) => ({ subdomain: context.general.subdomain }),
            onDone: { target: 'idle', actions: assign({ subdomainStatus: ({ event }) => event.output }) },
            // Other errors pass the check (districts-commerce-spaces.md §5): the server decides at the end.
            onError: { target: 'idle', actions: assign({ subdomainStatus: 'free' }) },
          },
        },
      },
    },
    spaceSlots: {
      entry: assign({ message: null }),
      on: {
        'slots.add': { actions: assign({ newSlots: ({ context }) => context.newSlots + 1 }) },
        'slots.remove': {
          guard: ({ context }) => context.newSlots > 0,
          actions: assign({ newSlots: ({ context }) => context.newSlots - 1 }),
        },
        'wizard.next': 'premadeSpaces',
        'wizard.back': { guard: ({ context }) => context.mode === 'create', target: 'general' },
      },
    },
    premadeSpaces: {
      entry: assign({ message: null }),
      on: {
        'premade.toggle': {
          actions: assign(({ context, event }) => togglePremade(context, event.spaceTemplateId)),
        },
        'wizard.next': [
          // The 'select your free premade space' message is answered: it does not follow to the overview.
          { guard: 'premadeDone', target: 'overview', actions: assign({ message: null }) },
          { actions: assign({ message: { key: 'districtWizard.noFreePremade' } }) },
        ],
        'wizard.back': 'spaceSlots',
      },
    },
    overview: {
      on: {
        'bundle.choose': { actions: assign({ bundleId: ({ event }) => event.productId, message: null }) },
        'plan.toggle': [
          { guard: ({ context }) => context.proChosen, actions: assign({ confirmingNoPro: true }) },
          { actions: assign({ proChosen: true, message: null }) },
        ],
        'plan.keep': { actions: assign({ confirmingNoPro: false }) },
        'plan.drop': { actions: assign({ confirmingNoPro: false, proChosen: false }) },
        'plan.interval': { actions: assign({ interval: ({ event }) => event.interval }) },
        'wizard.back': { target: 'premadeSpaces', actions: assign({ message: null }) },
        'wizard.submit': [
          {
            guard: 'blocked',
            actions: assign({
              message: ({ context }) => {
                const block = submitBlock(context)!;
                return block === 'insufficientCredits'
                  ? { key: 'districtWizard.insufficientCredits' }
                  : { text: block };
              },
            }),
          },
          {
            guard: 'needsCheckout',
            target: 'checkout',
            actions: assign({ checkout: ({ context }) => checkoutOf(context), message: null }),
          },
          // Pro is paid and on its way: wait for it again rather than charge the card twice.
          { guard: 'planOnItsWay', target: 'awaitingPlan', actions: assign({ message: null }) },
          { target: 'submitting', actions: assign({ message: null }) },
        ],
      },
    },
    checkout: {
      on: {
        'checkout.finished': {
          target: 'afterCheckout',
          actions: assign(({ context, event }) => ({
            balance: event.balance ?? context.balance,
            planPaid: context.planPaid || Boolean(context.checkout?.priceId),
            // What was paid is bought: the overview does not ask for it again.
            bundleId: null,
            checkout: null,
          })),
        },
        'checkout.closed': { target: 'overview', actions: assign({ checkout: null }) },
      },
    },
    afterCheckout: {
      always: [{ guard: 'waitsForPlan', target: 'awaitingPlan' }, { target: 'submitting' }],
    },
    awaitingPlan: {
      tags: 'busy',
      entry: 'renewSession',
      always: { guard: 'isPro', target: 'submitting' },
      after: {
        planWait: {
          target: 'overview',
          actions: assign({ message: { key: 'districtWizard.planPending' } }),
        },
      },
    },
    submitting: {
      always: [{ guard: 'created', target: 'paying' }, { target: 'creating' }],
    },
    creating: {
      tags: 'busy',
      invoke: {
        id: 'createDistrict',
        src: 'createDistrict',
        input: ({ context }) => ({
          general: context.general,
          freeTemplateId: context.freeTemplateId!,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'paying',
          actions: assign({
            district: ({ event }) => event.output,
            districtId: ({ event }) => event.output.districtId,
          }),
        },
        onError: {
          target: 'overview',
          actions: assign({ message: ({ event }) => problemMessage(event.error) }),
        },
      },
    },
    /** Nothing in the cart: nothing to pay. */
    paying: {
      always: [{ guard: 'cartEmpty', target: 'done' }, { target: 'payingCart' }],
    },
    payingCart: {
      tags: 'busy',
      invoke: {
        id: 'payCart',
        src: 'payCart',
        input: ({ context }) => ({
          districtId: context.districtId!,
          cart: cartOf(context),
          idempotencyKey: `${context.idempotencyKey}:cart`,
        }),
        onDone: {
          target: 'done',
          actions: assign({ balance: ({ event }) => event.output.availableBalance }),
        },
        // The district stays made: the wizard goes on as its upgrade.
        onError: {
          target: 'overview',
          actions: assign({ mode: 'edit' as const, message: ({ event }) => problemMessage(event.error) }),
        },
      },
    },
    done: { type: 'final' },
  },
});

export type DistrictWizardActorRef = ActorRefFrom<typeof districtWizardMachine>;
export type DistrictWizardSnapshot = SnapshotFrom<typeof districtWizardMachine>;

/** The step a snapshot shows (the states between steps show the overview). */
export function wizardStepOf(
  snapshot: DistrictWizardSnapshot,
): DistrictWizardStep | 'loading' | 'loadFailed' | 'done' {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('general')) return 'general';
  if (snapshot.matches('spaceSlots')) return 'spaceSlots';
  if (snapshot.matches('premadeSpaces')) return 'premadeSpaces';
  return 'overview';
}
