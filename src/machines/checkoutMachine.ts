import {
  type ActorRefFrom,
  assign,
  fromCallback,
  fromPromise,
  raise,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type {
  CheckoutSessionAnswer,
  CheckoutSessionForm,
  Currency,
  MySubscription,
  SubscriptionNotification,
  TestCardForm,
  TestCheckoutAnswer,
  Wallet,
} from '../../contracts/marketplace';

/**
 * What is being bought: one credit bundle (a one-time product), one plan price, or (the district
 * wizard's cart) a bundle and a plan price in one checkout.
 */
export type Purchase =
  | { kind: 'credits'; productId: string }
  | { kind: 'plan'; priceId: string }
  | { kind: 'cart'; productId: string | null; priceId: string | null };

/** Whether a purchase buys credits (its payment is known from the Wallet push). */
export const buysCredits = (purchase: Purchase) =>
  purchase.kind === 'credits' || (purchase.kind === 'cart' && purchase.productId !== null);
/** Whether a purchase buys a plan. */
export const buysPlan = (purchase: Purchase) =>
  purchase.kind === 'plan' || (purchase.kind === 'cart' && purchase.priceId !== null);

export type CheckoutProvider = CheckoutSessionAnswer['provider'];

/** The card as typed into the test provider's form (the client secret is the machine's). */
export type CardDetails = Omit<TestCardForm, 'clientSecret'>;

/** Why the dialog shows an error: the checkout did not open, the card was refused, or the call failed. */
export type CheckoutProblem =
  | { kind: 'openFailed'; provider: CheckoutProvider }
  | { kind: 'declined'; message: string | null }
  | { kind: 'canceled' }
  | { kind: 'failed'; message: string };

/** What the account looks like after the payment (refetched); null when the refetch failed. */
export interface CheckoutResult {
  wallet: Wallet | null;
  subscription: MySubscription | null;
}

export interface CheckoutInput {
  purchase: Purchase;
  currency?: Currency;
}

export interface CheckoutContext {
  purchase: Purchase;
  currency: Currency | undefined;
  session: CheckoutSessionAnswer | null;
  problem: CheckoutProblem | null;
  /** The push event this purchase waits for has arrived (possibly before the payment's answer). */
  notified: boolean;
  result: CheckoutResult | null;
}

export type CheckoutEvent =
  /** Try to open the checkout again after it failed to open. */
  | { type: 'checkout.retry' }
  /** Close the checkout before paying. */
  | { type: 'checkout.cancel' }
  /** The test provider's card form was submitted. */
  | { type: 'checkout.pay'; card: CardDetails }
  /** The extra confirmation a card asks for: approved or refused by the user. */
  | { type: 'checkout.approve' }
  | { type: 'checkout.reject' }
  /** Stripe's embedded checkout finished (its onComplete). */
  | { type: 'checkout.completed' }
  /** Stripe's script or embedded checkout could not load. */
  | { type: 'checkout.loadFailed' }
  /** Push events of the notification hub, forwarded by the view. */
  | { type: 'hub.wallet'; availableBalance: number }
  | { type: 'hub.subscription'; eventType: SubscriptionNotification['eventType']; plan: string }
  /** The provider answered a card (raised by the machine itself). */
  | { type: 'card.answered'; answer: TestCheckoutAnswer };

/** How long to wait for the hub's event before refetching anyway. */
export const checkoutTiming = { notificationTimeoutMs: 10_000 } as const;

/** The provider as people read it in 'Failed to open {provider} checkout'. */
export const providerDisplayName = (provider: CheckoutProvider) =>
  provider === 'stripe' ? 'Stripe' : 'card';

export const checkoutForm = (purchase: Purchase, currency?: Currency): CheckoutSessionForm => {
  const money = currency ? { currency } : {};
  if (purchase.kind === 'credits')
    return { oneTimeItemId: [purchase.productId], subscriptionId: null, ...money };
  if (purchase.kind === 'plan') return { oneTimeItemId: [], subscriptionId: purchase.priceId, ...money };
  return {
    oneTimeItemId: purchase.productId ? [purchase.productId] : [],
    subscriptionId: purchase.priceId,
    ...money,
  };
};

/** The provider named by a failed session request (`details.provider`), else the card form. */
function providerOfProblem(error: unknown): CheckoutProvider {
  const details = (error as { details?: { provider?: unknown } } | null)?.details;
  return details?.provider === 'stripe' ? 'stripe' : 'test';
}

const messageOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error
    ? String((error as { message: unknown }).message)
    : String(error);

/**
 * One checkout (districts-commerce-spaces.md §4 'Submit' step 4, platform.md §2.9): the session is
 * created (`opening`); the card form or Stripe's embedded checkout is shown (`paying`); a payment
 * accepted by the provider waits for the hub's 'Wallet' event (credits) or 'Subscription' event
 * (plans), refetching anyway after `checkoutTiming.notificationTimeoutMs`; the wallet or
 * subscription is refetched and the machine ends in `done` with it. A 'subscription.activated'
 * event renews the session's token (`renewSession`), so the new tier shows.
 *
 * Actors: `createSession`, `confirmCard`, `authenticateCard` (the built-in test provider),
 * `refetch`, and `notifications`, which relays the hub's events for the machine's whole life;
 * provide the real ones with `.provide`. Tags: 'busy' (a request the user waits for),
 * 'finishing' (paid; the account is being updated).
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutResult | null,
    tags: {} as 'busy' | 'finishing',
  },
  actors: {
    createSession: fromPromise<CheckoutSessionAnswer, CheckoutSessionForm>(async () => {
      throw new Error('checkoutMachine: provide createSession');
    }),
    confirmCard: fromPromise<TestCheckoutAnswer, TestCardForm>(async () => {
      throw new Error('checkoutMachine: provide confirmCard');
    }),
    authenticateCard: fromPromise<TestCheckoutAnswer, { clientSecret: string; approve: boolean }>(
      async () => {
        throw new Error('checkoutMachine: provide authenticateCard');
      },
    ),
    refetch: fromPromise<CheckoutResult, { purchase: Purchase }>(async () => {
      throw new Error('checkoutMachine: provide refetch');
    }),
    /** Relays the notification hub's Wallet and Subscription events (`hub.wallet`, `hub.subscription`). */
    notifications: fromCallback<CheckoutEvent>(() => () => {}),
  },
  actions: {
    renewSession: () => {},
    answerCard: raise(({ event }) => ({
      type: 'card.answered' as const,
      answer: (event as unknown as { output: TestCheckoutAnswer }).output,
    })),
  },
  guards: {
    isStripe: ({ context }) => context.session?.provider === 'stripe',
    buysCredits: ({ context }) => buysCredits(context.purchase),
    wasNotified: ({ context }) => context.notified,
    isActivation: ({ event }) =>
      event.type === 'hub.subscription' && event.eventType === 'subscription.activated',
    paid: (_, params: { answer: TestCheckoutAnswer }) => params.answer.status === 'succeeded',
    needsConfirmation: (_, params: { answer: TestCheckoutAnswer }) =>
      params.answer.status === 'requires_action',
    declined: (_, params: { answer: TestCheckoutAnswer }) => params.answer.status === 'declined',
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    purchase: input.purchase,
    currency: input.currency,
    session: null,
    problem: null,
    notified: false,
    result: null,
  }),
  initial: 'opening',
  invoke: { id: 'notifications', src: 'notifications' },
  // The hub's event may arrive while the provider's answer is still on its way: remember it.
  on: {
    'hub.wallet': { guard: 'buysCredits', actions: assign({ notified: true }) },
    'hub.subscription': {
      guard: 'isActivation',
      actions: [
        'renewSession',
        // A plan alone is known from this event; with credits, the Wallet event says it.
        assign({ notified: ({ context }) => context.notified || !buysCredits(context.purchase) }),
      ],
    },
  },
  states: {
    opening: {
      tags: 'busy',
      entry: assign({ problem: null }),
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ context }) => checkoutForm(context.purchase, context.currency),
        onDone: { target: 'paying', actions: assign({ session: ({ event }) => event.output }) },
        onError: {
          target: 'openFailed',
          actions: assign({
            problem: ({ event }) => ({ kind: 'openFailed', provider: providerOfProblem(event.error) }),
          }),
        },
      },
    },
    openFailed: {
      on: { 'checkout.retry': 'opening', 'checkout.cancel': 'canceled' },
    },
    paying: {
      initial: 'choosing',
      // The provider's answer to a card, confirmed or approved after its extra confirmation.
      on: {
        'card.answered': [
          {
            guard: { type: 'paid', params: ({ event }) => ({ answer: event.answer }) },
            target: 'awaitingNotification',
          },
          {
            guard: { type: 'declined', params: ({ event }) => ({ answer: event.answer }) },
            target: '.card',
            actions: assign({
              problem: ({ event }) => ({ kind: 'declined', message: event.answer.message }),
            }),
          },
          { target: '.card', actions: assign({ problem: { kind: 'canceled' } }) },
        ],
      },
      states: {
        choosing: {
          always: [{ guard: 'isStripe', target: 'stripe' }, { target: 'card' }],
        },
        stripe: {
          on: {
            'checkout.completed': '#checkout.awaitingNotification',
            'checkout.loadFailed': {
              target: '#checkout.openFailed',
              actions: assign({ problem: { kind: 'openFailed', provider: 'stripe' } }),
            },
            'checkout.cancel': '#checkout.canceled',
          },
        },
        card: {
          on: {
            'checkout.pay': { target: 'confirming', actions: assign({ problem: null }) },
            'checkout.cancel': '#checkout.canceled',
          },
        },
        confirming: {
          tags: 'busy',
          invoke: {
            id: 'confirmCard',
            src: 'confirmCard',
            input: ({ context, event }) => ({
              ...(event as Extract<CheckoutEvent, { type: 'checkout.pay' }>).card,
              clientSecret: context.session!.clientSecret,
            }),
            onDone: [
              {
                guard: { type: 'needsConfirmation', params: ({ event }) => ({ answer: event.output }) },
                target: 'authenticating',
              },
              { actions: 'answerCard' },
            ],
            onError: {
              target: 'card',
              actions: assign({
                problem: ({ event }) => ({ kind: 'failed', message: messageOf(event.error) }),
              }),
            },
          },
        },
        authenticating: {
          on: {
            'checkout.approve': 'approving',
            'checkout.reject': 'rejecting',
            'checkout.cancel': '#checkout.canceled',
          },
        },
        approving: {
          tags: 'busy',
          invoke: {
            id: 'authenticateCard',
            src: 'authenticateCard',
            input: ({ context }) => ({ clientSecret: context.session!.clientSecret, approve: true }),
            onDone: { actions: 'answerCard' },
            onError: {
              target: 'authenticating',
              actions: assign({
                problem: ({ event }) => ({ kind: 'failed', message: messageOf(event.error) }),
              }),
            },
          },
        },
        rejecting: {
          tags: 'busy',
          invoke: {
            id: 'authenticateCard',
            src: 'authenticateCard',
            input: ({ context }) => ({ clientSecret: context.session!.clientSecret, approve: false }),
            // Refusing the confirmation cancels this attempt; the card form stays for another card.
            onDone: { target: 'card', actions: assign({ problem: { kind: 'canceled' } }) },
            onError: { target: 'card', actions: assign({ problem: { kind: 'canceled' } }) },
          },
        },
      },
    },
    awaitingNotification: {
      tags: 'finishing',
      entry: assign({ problem: null }),
      always: { guard: 'wasNotified', target: 'refreshing' },
      after: { [checkoutTiming.notificationTimeoutMs]: 'refreshing' },
    },
    refreshing: {
      tags: 'finishing',
      invoke: {
        id: 'refetch',
        src: 'refetch',
        input: ({ context }) => ({ purchase: context.purchase }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        // The payment went through; the page refetches on its own when this fails.
        onError: { target: 'done' },
      },
    },
    done: { type: 'final' },
    canceled: { type: 'final' },
  },
  output: ({ context }) => context.result,
});

export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
