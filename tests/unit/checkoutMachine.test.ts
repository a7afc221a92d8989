import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { CheckoutSessionAnswer, MySubscription, Wallet } from '../../contracts/marketplace';
import {
  type CheckoutInput,
  checkoutMachine,
  checkoutTiming,
  providerDisplayName,
} from '../../src/machines/checkoutMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const testSession: CheckoutSessionAnswer = {
  clientSecret: 'cs_test',
  provider: 'test',
  publishableKey: null,
};
const stripeSession: CheckoutSessionAnswer = {
  clientSecret: 'cs_stripe',
  provider: 'stripe',
  publishableKey: 'pk_test_1',
};
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Alice' };
const wallet: Wallet = { userId: 'u1', availableBalance: 500 };
const subscription: MySubscription = {
  plan: 'pro',
  priceId: 'price_pro_yearly',
  isCanceled: 0,
  endsAt: null,
  canceledAt: null,
};
const timeoutEvent = {
  type: `xstate.after.${checkoutTiming.notificationTimeoutMs}.checkout.awaitingNotification`,
};

const creditsInput: CheckoutInput = { purchase: { kind: 'credits', productId: 'credits_500' } };
const planInput: CheckoutInput = { purchase: { kind: 'plan', priceId: 'price_pro_yearly' }, currency: 'eur' };

const events = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.createSession', output: testSession },
  { type: 'xstate.done.actor.createSession', output: stripeSession },
  { type: 'xstate.error.actor.createSession', error: { message: 'Unavailable', status: 503 } },
  {
    type: 'xstate.error.actor.createSession',
    error: { message: 'Stripe down', status: 502, details: { provider: 'stripe' } },
  },
  { type: 'checkout.retry' },
  { type: 'checkout.cancel' },
  { type: 'checkout.pay', card },
  { type: 'xstate.done.actor.confirmCard', output: { status: 'succeeded', message: null } },
  { type: 'xstate.done.actor.confirmCard', output: { status: 'requires_action', message: null } },
  { type: 'xstate.done.actor.confirmCard', output: { status: 'declined', message: null } },
  { type: 'xstate.done.actor.confirmCard', output: { status: 'canceled', message: null } },
  { type: 'xstate.error.actor.confirmCard', error: { message: 'Enter the card number', status: 400 } },
  { type: 'checkout.approve' },
  { type: 'checkout.reject' },
  { type: 'xstate.done.actor.authenticateCard', output: { status: 'succeeded', message: null } },
  { type: 'xstate.done.actor.authenticateCard', output: { status: 'declined', message: 'Refused by bank' } },
  { type: 'xstate.done.actor.authenticateCard', output: { status: 'canceled', message: null } },
  { type: 'xstate.error.actor.authenticateCard', error: { message: 'offline' } },
  { type: 'checkout.completed' },
  { type: 'checkout.loadFailed' },
  { type: 'hub.wallet', availableBalance: 500 },
  { type: 'hub.subscription', eventType: 'subscription.activated', plan: 'pro' },
  { type: 'hub.subscription', eventType: 'subscription.updated', plan: 'pro' },
  timeoutEvent,
  { type: 'xstate.done.actor.refetch', output: { wallet, subscription: null } },
  { type: 'xstate.error.actor.refetch', error: { message: 'offline' } },
];

function startCheckout(input: CheckoutInput) {
  const { deferred, latest, answer, calls } = deferredActors();
  const renewals = { count: 0 };
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        createSession: deferred('createSession'),
        confirmCard: deferred('confirmCard'),
        authenticateCard: deferred('authenticateCard'),
        refetch: deferred('refetch'),
      } as never,
      actions: { renewSession: () => void renewals.count++ },
    }),
    { input },
  ).start();
  return { actor, calls, latest, renewals, answer: (event: AnyEventObject) => answer(actor, event) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

for (const [name, input] of [
  ['credits', creditsInput],
  ['plan', planInput],
] as const) {
  describe(`checkoutMachine buying ${name} (model)`, () => {
    const model = createPathModel(checkoutMachine, {
      input,
      events,
      // A finished checkout is stopped: it takes no more events.
      filterEvents: (snapshot) => snapshot.status === 'active',
    });
    const paths = getTransitionPaths(model);

    it('reaches every state', () => {
      const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
      expect([...values].sort()).toEqual(
        [
          'opening',
          'openFailed',
          { paying: 'stripe' },
          { paying: 'card' },
          { paying: 'confirming' },
          { paying: 'authenticating' },
          { paying: 'approving' },
          { paying: 'rejecting' },
          'awaitingNotification',
          'refreshing',
          'done',
          'canceled',
        ]
          .map((v) => JSON.stringify(v))
          .sort(),
      );
    });

    describePaths('replays', paths, (path) => async () => {
      const checkout = startCheckout(input);
      for (const step of replaySteps(path)) {
        const renewalsBefore = checkout.renewals.count;
        const sessionCallsBefore = checkout.calls.filter((c) => c.name === 'createSession').length;
        if (step.event.type === timeoutEvent.type) {
          // The fallback is a real timer: nothing happens a moment before it.
          await vi.advanceTimersByTimeAsync(checkoutTiming.notificationTimeoutMs - 1);
          expect(checkout.actor.getSnapshot().value).toBe('awaitingNotification');
          await vi.advanceTimersByTimeAsync(1);
        } else {
          checkout.answer(step.event);
          await flush();
        }
        const snapshot = checkout.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context.problem).toEqual(step.state.context.problem);
        expect(snapshot.context.notified).toBe(step.state.context.notified);

        // What the user notices, step by step.
        if (step.event.type === 'checkout.retry')
          expect(checkout.calls.filter((c) => c.name === 'createSession')).toHaveLength(
            sessionCallsBefore + 1,
          );
        if (step.event.type === 'checkout.pay')
          expect(checkout.latest('confirmCard').input).toEqual({ ...card, clientSecret: 'cs_test' });
        if (step.event.type === 'checkout.approve' || step.event.type === 'checkout.reject')
          expect(checkout.latest('authenticateCard').input).toEqual({
            clientSecret: 'cs_test',
            approve: step.event.type === 'checkout.approve',
          });
        const activation =
          step.event.type === 'hub.subscription' &&
          (step.event as unknown as { eventType: string }).eventType === 'subscription.activated';
        expect(checkout.renewals.count).toBe(renewalsBefore + (activation ? 1 : 0));
        if (snapshot.matches('refreshing'))
          expect(checkout.latest('refetch').input).toEqual({ purchase: input.purchase });
        if (step.event.type === 'xstate.done.actor.refetch')
          expect(snapshot.output).toEqual({ wallet, subscription: null });
        if (snapshot.matches('done') && step.event.type === 'xstate.error.actor.refetch')
          expect(snapshot.output).toBeNull();
      }
    });
  });
}

describe('checkoutMachine', () => {
  it('asks for the bundle or the plan price when it opens', () => {
    const credits = startCheckout(creditsInput);
    expect(credits.latest('createSession').input).toEqual({
      oneTimeItemId: ['credits_500'],
      subscriptionId: null,
    });
    const plan = startCheckout(planInput);
    expect(plan.latest('createSession').input).toEqual({
      oneTimeItemId: [],
      subscriptionId: 'price_pro_yearly',
      currency: 'eur',
    });
  });

  it('names the provider that failed to open', async () => {
    expect(providerDisplayName('test')).toBe('card');
    expect(providerDisplayName('stripe')).toBe('Stripe');
    const checkout = startCheckout(creditsInput);
    checkout.answer({ type: 'xstate.done.actor.createSession', output: stripeSession });
    await flush();
    checkout.actor.send({ type: 'checkout.loadFailed' });
    expect(checkout.actor.getSnapshot().context.problem).toEqual({ kind: 'openFailed', provider: 'stripe' });
  });

  it('goes straight to the refetch when the wallet event came before the card answer', async () => {
    const checkout = startCheckout(creditsInput);
    checkout.answer({ type: 'xstate.done.actor.createSession', output: testSession });
    await flush();
    checkout.actor.send({ type: 'checkout.pay', card });
    checkout.actor.send({ type: 'hub.wallet', availableBalance: 500 });
    checkout.answer({
      type: 'xstate.done.actor.confirmCard',
      output: { status: 'succeeded', message: null },
    });
    await flush();
    expect(checkout.actor.getSnapshot().value).toBe('refreshing');
  });

  it('does not take a wallet event as the end of a plan purchase', async () => {
    const checkout = startCheckout(planInput);
    checkout.answer({ type: 'xstate.done.actor.createSession', output: stripeSession });
    await flush();
    checkout.actor.send({ type: 'checkout.completed' });
    checkout.actor.send({ type: 'hub.wallet', availableBalance: 500 });
    expect(checkout.actor.getSnapshot().value).toBe('awaitingNotification');
    checkout.actor.send({ type: 'hub.subscription', eventType: 'subscription.activated', plan: 'pro' });
    expect(checkout.actor.getSnapshot().value).toBe('refreshing');
    expect(checkout.renewals.count).toBe(1);
    checkout.answer({ type: 'xstate.done.actor.refetch', output: { wallet: null, subscription } });
    await flush();
    expect(checkout.actor.getSnapshot().output).toEqual({ wallet: null, subscription });
  });
});
