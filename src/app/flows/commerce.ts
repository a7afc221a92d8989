import { fromCallback, fromPromise } from 'xstate';
import {
  type CheckoutEvent,
  type CheckoutResult,
  buysCredits,
  buysPlan,
  checkoutMachine,
  type Purchase,
} from '../../machines/checkoutMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { loadMachine } from '../../machines/loadMachine';
import { type WalletPageEvent, walletPageMachine } from '../../machines/walletPageMachine';
import { marketplaceApi } from '../../services/marketplace';
import { onHubMessage } from '../relays';
import type { AppServices } from '../services';

/** A Wallet event's new balance, if it carries one. */
const balanceOf = (payload: unknown) => {
  const balance = (payload as { availableBalance?: unknown } | null)?.availableBalance;
  return typeof balance === 'number' ? balance : null;
};

/** The credits, plans and wallet flows: the wallet page, the products, a checkout. */
export default function commerceFlows({ api }: AppServices) {
  const marketplace = marketplaceApi(api);
  const products = loadMachine.provide({
    actors: { load: fromPromise(({ signal }) => marketplace.products(signal)) },
  });
  const payments = infiniteListMachine.provide({
    actors: {
      fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(
        async ({ input, signal }) =>
          (await marketplace.payments({ cp: input.cp, ipp: input.ipp }, signal)).items,
      ),
    },
  });
  return {
    /** The products on offer (the pricing page's plans). */
    products,
    /** The signed-in user's payments, newest first. */
    payments,
    walletPage: walletPageMachine.provide({
      actors: {
        wallet: loadMachine.provide({
          actors: { load: fromPromise(({ signal }) => marketplace.wallet(signal)) },
        }),
        subscription: loadMachine.provide({
          actors: { load: fromPromise(({ signal }) => marketplace.mySubscription(signal)) },
        }),
        products,
        payments,
        cancelPlan: fromPromise(({ signal }) => marketplace.cancelSubscription(signal)),
        resumePlan: fromPromise(({ signal }) => marketplace.resumeSubscription(signal)),
        notifications: fromCallback<WalletPageEvent>(({ system, sendBack }) =>
          onHubMessage(system, ({ target, args }) => {
            const balance = target === 'Wallet' ? balanceOf(args[0]) : null;
            if (balance !== null) sendBack({ type: 'hub.wallet', availableBalance: balance });
            if (target === 'Subscription') sendBack({ type: 'hub.subscription' });
          }),
        ),
      },
    }),
    checkout: checkoutMachine.provide({
      actors: {
        createSession: fromPromise(({ input, signal }) => marketplace.createCheckoutSession(input, signal)),
        confirmCard: fromPromise(({ input, signal }) => marketplace.confirmTestCard(input, signal)),
        authenticateCard: fromPromise(({ input, signal }) => marketplace.authenticateTestCard(input, signal)),
        refetch: fromPromise<CheckoutResult, { purchase: Purchase }>(async ({ input, signal }) => ({
          wallet: buysCredits(input.purchase) ? await marketplace.wallet(signal) : null,
          subscription: buysPlan(input.purchase) ? await marketplace.mySubscription(signal) : null,
        })),
        notifications: fromCallback<CheckoutEvent>(({ system, sendBack }) =>
          onHubMessage(system, ({ target, args }) => {
            const balance = target === 'Wallet' ? balanceOf(args[0]) : null;
            if (balance !== null) sendBack({ type: 'hub.wallet', availableBalance: balance });
            const p = args[0] as { eventType?: unknown; plan?: unknown } | null;
            if (
              target === 'Subscription' &&
              (p?.eventType === 'subscription.activated' || p?.eventType === 'subscription.updated')
            )
              sendBack({ type: 'hub.subscription', eventType: p.eventType, plan: String(p.plan) });
          }),
        ),
      },
      actions: {
        // The session follows the plan by itself (planWatch); asking again does no harm.
        renewSession: ({ system }) => system.get('session')?.send({ type: 'session.renew' }),
      },
    }),
  };
}
