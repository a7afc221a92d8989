import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import type { MySubscription, Wallet } from '../../contracts/marketplace';
import type { CheckoutResult } from '../../src/machines/checkoutMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../src/machines/infiniteListMachine';
import { type LoadSnapshot, loadMachine } from '../../src/machines/loadMachine';
import {
  paymentHistoryPageSize,
  type WalletPageEvent,
  walletPageMachine,
} from '../../src/machines/walletPageMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const children = ['wallet', 'subscription', 'products', 'payments', 'notifications'] as const;
type Child = (typeof children)[number];

const wallet: Wallet = { userId: 'u1', availableBalance: 1500 };
const subscription: MySubscription = {
  plan: 'pro',
  priceId: 'price_pro_yearly',
  isCanceled: 0,
  endsAt: null,
  canceledAt: null,
};
const bought: CheckoutResult = { wallet, subscription: null };
const planBought: CheckoutResult = { wallet: null, subscription };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The page with its children replaced by recorders: each hears what the page tells it and answers
 * nothing; cancelling and resuming the plan wait for the test's answer.
 */
function startPage() {
  const { deferred, calls, answer } = deferredActors();
  const told = Object.fromEntries(children.map((child) => [child, [] as AnyEventObject[]])) as Record<
    Child,
    AnyEventObject[]
  >;
  const inputs: Partial<Record<Child, unknown>> = {};
  const recorder = (child: Child) =>
    fromCallback(({ receive, input }) => {
      inputs[child] = input;
      receive((event) => void told[child].push(event));
    });
  const actor = createActor(
    walletPageMachine.provide({
      actors: {
        ...Object.fromEntries(children.map((child) => [child, recorder(child)])),
        cancelPlan: deferred('cancelPlan'),
        resumePlan: deferred('resumePlan'),
      } as never,
    }),
  ).start();
  return { actor, calls, told, inputs, answer: (event: AnyEventObject) => answer(actor, event) };
}

const events = (): AnyEventObject[] => [
  { type: 'credits.buy', productId: 'credits_500' },
  { type: 'checkout.closed' },
  { type: 'checkout.finished', result: bought },
  { type: 'checkout.finished', result: planBought },
  { type: 'checkout.finished', result: null },
  { type: 'plan.cancel' },
  { type: 'plan.cancelConfirmed' },
  { type: 'plan.cancelDismissed' },
  { type: 'plan.resume' },
  { type: 'xstate.done.actor.cancelPlan' },
  { type: 'xstate.error.actor.cancelPlan', error: { status: 502, message: 'Bad gateway' } },
  { type: 'xstate.done.actor.resumePlan' },
  { type: 'xstate.error.actor.resumePlan', error: { status: 409, message: 'Already renewing' } },
  { type: 'hub.wallet', availableBalance: 700 },
  { type: 'hub.subscription' },
];

/** What the page tells each child after `event` (nothing, for a child not named). */
function tellsAfter(event: AnyEventObject): Partial<Record<Child, AnyEventObject[]>> {
  switch (event.type) {
    case 'hub.wallet':
      return { wallet: [{ type: 'load.patch', patch: { availableBalance: event.availableBalance } }] };
    case 'hub.subscription':
    case 'xstate.done.actor.cancelPlan':
    case 'xstate.done.actor.resumePlan':
      return { subscription: [{ type: 'load.reload' }] };
    case 'checkout.finished': {
      const refetched = (event.result as CheckoutResult | null)?.wallet;
      return {
        wallet: [refetched ? { type: 'load.set', data: refetched } : { type: 'load.reload' }],
        payments: [{ type: 'list.refresh' }],
      };
    }
    default:
      return {};
  }
}

describe('walletPageMachine (model)', () => {
  const model = createPathModel(walletPageMachine, { events });
  const paths = getTransitionPaths(model);

  it('covers every plan state, with and without an open checkout and a failure shown', () => {
    const snapshots = paths.flatMap((path) => path.steps.map((step) => step.state));
    const seen = new Set(
      snapshots.map((s) => JSON.stringify([s.value, s.context.purchase !== null, s.context.renewalFailed])),
    );
    for (const plan of ['idle', 'confirmingCancel', 'cancelling', 'resuming'])
      for (const open of [false, true]) expect(seen).toContain(JSON.stringify([{ plan }, open, false]));
    expect(seen).toContain(JSON.stringify([{ plan: 'idle' }, false, true]));
    expect(seen).toContain(JSON.stringify([{ plan: 'idle' }, true, true]));
  });

  describePaths('replays', paths, (path) => async () => {
    const page = startPage();
    // The children load on their own; the payment history pages 10 at a time.
    expect(Object.keys(page.actor.getSnapshot().children).sort()).toEqual([...children].sort());
    expect(page.inputs.payments).toEqual({ ipp: paymentHistoryPageSize });
    expect(paymentHistoryPageSize).toBe(10);
    for (const step of replaySteps(path)) {
      const toldBefore = Object.fromEntries(children.map((child) => [child, page.told[child].length]));
      const callsBefore = page.calls.length;
      const before = page.actor.getSnapshot();
      page.answer(step.event);
      await flush();

      const snapshot = page.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      // What each child is told: exactly what the event asks for, and nothing otherwise.
      const expected = tellsAfter(step.event);
      for (const child of children)
        expect({ child, told: page.told[child].slice(toldBefore[child]) }).toEqual({
          child,
          told: expected[child] ?? [],
        });
      // What is asked of the server: a cancel once confirmed, a resume at once, nothing else.
      const started = page.calls.slice(callsBefore).map((call) => call.name);
      if (step.event.type === 'plan.cancelConfirmed') expect(started).toEqual(['cancelPlan']);
      else if (step.event.type === 'plan.resume') expect(started).toEqual(['resumePlan']);
      else expect(started).toEqual([]);
      // What the user sees: the plan's buttons wait while a change runs, the checkout dialog for
      // the chosen bundle, and the failure until the next try.
      expect(snapshot.hasTag('changingPlan')).toBe(
        snapshot.matches({ plan: 'cancelling' }) || snapshot.matches({ plan: 'resuming' }),
      );
      if (step.event.type === 'credits.buy')
        expect(snapshot.context.purchase).toEqual({ kind: 'credits', productId: 'credits_500' });
      if (step.event.type === 'checkout.closed') expect(snapshot.context.purchase).toBeNull();
      // A failure shows until the next try: a confirmed cancel or a resume (opening the question is not one).
      if (step.event.type === 'plan.cancelConfirmed' || step.event.type === 'plan.resume')
        expect(snapshot.context.renewalFailed).toBe(false);
      if (step.event.type === 'plan.cancel' || step.event.type === 'plan.cancelDismissed')
        expect(snapshot.context.renewalFailed).toBe(before.context.renewalFailed);
      if (step.event.type.startsWith('xstate.error.actor.'))
        expect(snapshot.context.renewalFailed).toBe(true);
    }
  });
});

describe('walletPageMachine', () => {
  it('keeps the checkout open after it finished, until it is closed', () => {
    const page = startPage();
    page.actor.send({ type: 'credits.buy', productId: 'credits_500' });
    page.actor.send({ type: 'checkout.finished', result: bought });
    expect(page.actor.getSnapshot().context.purchase).toEqual({ kind: 'credits', productId: 'credits_500' });
    page.actor.send({ type: 'checkout.closed' });
    expect(page.actor.getSnapshot().context.purchase).toBeNull();
  });

  it('asks before cancelling: a dismissed confirmation asks nothing of the server', () => {
    const page = startPage();
    page.actor.send({ type: 'plan.cancel' });
    expect(page.actor.getSnapshot().matches({ plan: 'confirmingCancel' })).toBe(true);
    page.actor.send({ type: 'plan.cancelDismissed' });
    expect(page.calls).toEqual([]);
    expect(page.told.subscription).toEqual([]);
  });

  it('follows the hub events its notifications child relays', () => {
    let relay: ((event: WalletPageEvent) => void) | undefined;
    const told: AnyEventObject[] = [];
    const actor = createActor(
      walletPageMachine.provide({
        actors: {
          wallet: fromCallback(({ receive }) => receive((event) => void told.push(event))),
          subscription: fromCallback(({ receive }) => receive((event) => void told.push(event))),
          products: fromCallback(() => {}),
          payments: fromCallback(() => {}),
          notifications: fromCallback<WalletPageEvent>(({ sendBack }) => void (relay = sendBack)),
        } as never,
      }),
    ).start();
    relay?.({ type: 'hub.wallet', availableBalance: 42 });
    relay?.({ type: 'hub.subscription' });
    expect(told).toEqual([{ type: 'load.patch', patch: { availableBalance: 42 } }, { type: 'load.reload' }]);
    actor.stop();
  });

  /** The page with its real loading children over a fake server. */
  function startWithRealChildren() {
    const server = { wallet: 0, subscription: 0, pages: [] as InfiniteListBody[] };
    const actor = createActor(
      walletPageMachine.provide({
        actors: {
          wallet: loadMachine.provide({
            actors: {
              load: fromPromise<unknown>(async () => ({
                ...wallet,
                availableBalance: 100 + server.wallet++,
              })),
            },
          }),
          subscription: loadMachine.provide({
            actors: { load: fromPromise<unknown>(async () => (server.subscription++, subscription)) },
          }),
          products: loadMachine.provide({
            actors: { load: fromPromise<unknown>(async () => ({ oneTimeProducts: [] })) },
          }),
          cancelPlan: fromPromise(async () => {}),
          payments: infiniteListMachine.provide({
            actors: {
              fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(
                async ({ input }) => (server.pages.push(input), []),
              ),
            },
          }),
        },
      }),
    ).start();
    const walletData = () =>
      (actor.getSnapshot().children.wallet?.getSnapshot() as LoadSnapshot).context.data;
    return { actor, server, walletData };
  }

  it("sets the wallet's balance from a hub event without asking the server again", async () => {
    const page = startWithRealChildren();
    await flush();
    expect(page.walletData()).toEqual({ userId: 'u1', availableBalance: 100 });
    page.actor.send({ type: 'hub.wallet', availableBalance: 700 });
    expect(page.walletData()).toEqual({ userId: 'u1', availableBalance: 700 });
    expect(page.server.wallet).toBe(1);
  });

  it('shows the refetched wallet after a checkout and the payment history from its first page', async () => {
    const page = startWithRealChildren();
    await flush();
    expect(page.server.pages).toEqual([{ cp: 0, ipp: 10 }]);
    page.actor.send({ type: 'checkout.finished', result: bought });
    await flush();
    expect(page.walletData()).toBe(wallet);
    expect(page.server.wallet).toBe(1);
    expect(page.server.pages).toEqual([
      { cp: 0, ipp: 10 },
      { cp: 0, ipp: 10 },
    ]);
  });

  it('loads the wallet again when the checkout could not refetch it', async () => {
    const page = startWithRealChildren();
    await flush();
    page.actor.send({ type: 'checkout.finished', result: null });
    await flush();
    expect(page.server.wallet).toBe(2);
    expect(page.walletData()).toEqual({ userId: 'u1', availableBalance: 101 });
  });

  it('loads the plan again when the hub says it changed, and once it was cancelled', async () => {
    const page = startWithRealChildren();
    await flush();
    expect(page.server.subscription).toBe(1);
    page.actor.send({ type: 'hub.subscription' });
    await flush();
    expect(page.server.subscription).toBe(2);
    page.actor.send({ type: 'plan.cancel' });
    page.actor.send({ type: 'plan.cancelConfirmed' });
    expect(page.actor.getSnapshot().hasTag('changingPlan')).toBe(true);
    await flush();
    expect(page.actor.getSnapshot().hasTag('changingPlan')).toBe(false);
    expect(page.server.subscription).toBe(3);
  });
});
