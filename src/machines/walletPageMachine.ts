import {
  type ActorRefFrom,
  assign,
  fromCallback,
  fromPromise,
  sendTo,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type { CheckoutResult, Purchase } from './checkoutMachine';
import { infiniteListMachine } from './infiniteListMachine';
import { loadMachine } from './loadMachine';

/** Payments per page of the wallet's history. */
export const paymentHistoryPageSize = 10;

export interface WalletPageContext {
  /** The purchase whose checkout is open (a credit bundle), else null. */
  purchase: Purchase | null;
  /** Cancelling or resuming the auto-renewal failed: the page says so until the next try. */
  renewalFailed: boolean;
}

export type WalletPageEvent =
  /** 'Buy credits' with a bundle chosen: its checkout opens. */
  | { type: 'credits.buy'; productId: string }
  /** The checkout finished: the refetched wallet (or null when the refetch failed). */
  | { type: 'checkout.finished'; result: CheckoutResult | null }
  | { type: 'checkout.closed' }
  /** 'Cancel auto-renewal': asks first. */
  | { type: 'plan.cancel' }
  | { type: 'plan.cancelConfirmed' }
  | { type: 'plan.cancelDismissed' }
  | { type: 'plan.resume' }
  /** The notification hub's Wallet event: the new balance. */
  | { type: 'hub.wallet'; availableBalance: number }
  /** The notification hub's Subscription event: the plan changed. */
  | { type: 'hub.subscription' };

/**
 * The wallet page (platform.md §2.9): credits, credit bundles to buy, the plan with its
 * auto-renewal, the payment method and the payment history.
 *
 * Its children load what the page shows: `wallet`, `subscription` and `products` (each a
 * loadMachine, with its own retry) and `payments` (an infinite list, 10 a page); `notifications`
 * relays the notification hub's Wallet and Subscription events. The machine itself:
 *
 * - follows the hub: a Wallet event sets the balance without asking the server again, a
 *   Subscription event loads the plan again;
 * - buys credits: `credits.buy` opens the bundle's checkout (`purchase`); once paid
 *   (`checkout.finished`) the wallet takes the refetched balance (or loads again when the refetch
 *   failed) and the payment history starts again from its first page;
 * - cancels the plan's auto-renewal after a confirmation (`cancelPlan`) or resumes it
 *   (`resumePlan`), then loads the plan again; a failure sets `renewalFailed`.
 *
 * Tags: 'changingPlan' while a cancel or resume runs.
 */
export const walletPageMachine = setup({
  types: {
    context: {} as WalletPageContext,
    events: {} as WalletPageEvent,
    tags: {} as 'changingPlan',
    children: {} as {
      wallet: 'wallet';
      subscription: 'subscription';
      products: 'products';
      payments: 'payments';
      notifications: 'notifications';
    },
  },
  actors: {
    wallet: loadMachine,
    subscription: loadMachine,
    products: loadMachine,
    payments: infiniteListMachine,
    notifications: fromCallback<WalletPageEvent>(() => () => {}),
    cancelPlan: fromPromise<void>(async () => {
      throw new Error('walletPageMachine: provide a cancelPlan actor');
    }),
    resumePlan: fromPromise<void>(async () => {
      throw new Error('walletPageMachine: provide a resumePlan actor');
    }),
  },
  actions: {
    reloadPlan: sendTo('subscription', { type: 'load.reload' }),
    reloadPayments: sendTo('payments', { type: 'list.refresh' }),
  },
  guards: {
    refetched: ({ event }) => event.type === 'checkout.finished' && event.result?.wallet != null,
  },
}).createMachine({
  id: 'walletPage',
  context: { purchase: null, renewalFailed: false },
  invoke: [
    { id: 'wallet', src: 'wallet' },
    { id: 'subscription', src: 'subscription' },
    { id: 'products', src: 'products' },
    { id: 'payments', src: 'payments', input: { ipp: paymentHistoryPageSize } },
    { id: 'notifications', src: 'notifications' },
  ],
  on: {
    'hub.wallet': {
      actions: sendTo('wallet', ({ event }) => ({
        type: 'load.patch' as const,
        patch: { availableBalance: event.availableBalance },
      })),
    },
    'hub.subscription': { actions: 'reloadPlan' },
    'credits.buy': {
      actions: assign({
        purchase: ({ event }) => ({ kind: 'credits' as const, productId: event.productId }),
      }),
    },
    'checkout.closed': { actions: assign({ purchase: null }) },
    'checkout.finished': [
      {
        guard: 'refetched',
        actions: [
          sendTo('wallet', ({ event }) => ({ type: 'load.set' as const, data: event.result?.wallet })),
          'reloadPayments',
        ],
      },
      { actions: [sendTo('wallet', { type: 'load.reload' }), 'reloadPayments'] },
    ],
  },
  initial: 'plan',
  states: {
    plan: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'plan.cancel': 'confirmingCancel',
            'plan.resume': { target: 'resuming', actions: assign({ renewalFailed: false }) },
          },
        },
        confirmingCancel: {
          on: {
            'plan.cancelConfirmed': { target: 'cancelling', actions: assign({ renewalFailed: false }) },
            'plan.cancelDismissed': 'idle',
          },
        },
        cancelling: {
          tags: 'changingPlan',
          invoke: {
            id: 'cancelPlan',
            src: 'cancelPlan',
            onDone: { target: 'idle', actions: 'reloadPlan' },
            onError: { target: 'idle', actions: assign({ renewalFailed: true }) },
          },
        },
        resuming: {
          tags: 'changingPlan',
          invoke: {
            id: 'resumePlan',
            src: 'resumePlan',
            onDone: { target: 'idle', actions: 'reloadPlan' },
            onError: { target: 'idle', actions: assign({ renewalFailed: true }) },
          },
        },
      },
    },
  },
});

export type WalletPageActorRef = ActorRefFrom<typeof walletPageMachine>;
export type WalletPageSnapshot = SnapshotFrom<typeof walletPageMachine>;
