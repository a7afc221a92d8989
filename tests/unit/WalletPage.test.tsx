import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type { MySubscription, Payment } from '../../contracts/marketplace';
import '../../src/i18n';
import { appMachine } from '../../src/machines/appMachine';
import { type SessionUser, sessionMachine } from '../../src/machines/sessionMachine';
import { createApi } from '../../src/services/api';
import { AppActorProvider } from '../../src/views/AppContext';
import { WalletPage } from '../../src/views/pages/account';

const hub = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../src/views/hubs/useNotification', () => ({
  useNotification: (target: string, handler: (payload: unknown) => void) =>
    void hub.handlers.set(target, handler),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
const pro: MySubscription = {
  plan: 'pro',
  priceId: 'price_pro_yearly',
  isCanceled: 0,
  endsAt: future,
  canceledAt: null,
};
const payment: Payment = {
  paymentId: 'p1',
  createdAt: '2026-01-02T00:00:00.000Z',
  description: '500 credits',
  amount: 450,
  currency: 'eur',
  status: 'paid',
  provider: 'test',
};

function fakeMarketplace(subscription: MySubscription, payments: Payment[] = []) {
  const calls: string[] = [];
  let current = subscription;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\/marketplaceService\//, '');
    calls.push(`${request.method} ${path}`);
    if (path === 'wallet') return json({ userId: 'me', availableBalance: 120 });
    if (path === 'products')
      return json({
        oneTimeProducts: [
          { id: 'credits_500', coinAmount: 500, priceAmount: 450, currency: 'eur', iconId: 2 },
        ],
        subscriptionProducts: [],
      });
    if (path === 'subscription/my') return json(current);
    if (path === 'subscription/cancel') {
      current = { ...current, isCanceled: 1 };
      return new Response(null, { status: 204 });
    }
    if (path === 'subscription/resume') {
      current = { ...current, isCanceled: 0 };
      return new Response(null, { status: 204 });
    }
    if (path === 'payments') return json({ items: payments, cp: 0, ipp: 10, hasMore: false });
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  return { fetch, calls };
}

function renderWallet({
  subscription = pro,
  payments = [] as Payment[],
  signedIn = true,
}: { subscription?: MySubscription; payments?: Payment[]; signedIn?: boolean } = {}) {
  const server = fakeMarketplace(subscription, payments);
  const user: SessionUser = { userId: 'me', name: 'Me', roles: ['premium-user'], accessToken: 'token' };
  const session = sessionMachine.provide({
    actors: {
      loadUser: fromPromise(async (): Promise<SessionUser | null> => (signedIn ? user : null)),
      startSignIn: fromPromise<void, { returnTo: string }>(async () => {}),
    },
  });
  const root = createActor(appMachine.provide({ actors: { session } }), {
    input: { callback: false },
  }).start();
  const api = createApi({ token: () => 'token', onForbidden: vi.fn() }).extend({
    fetch: server.fetch as typeof globalThis.fetch,
    prefixUrl: 'http://localhost/api',
    retry: 0,
  });
  const location = memoryLocation({ path: '/wallet' });
  render(
    <AppActorProvider actor={root} api={api}>
      <Router hook={location.hook}>
        <WalletPage />
      </Router>
    </AppActorProvider>,
  );
  return { server, user: userEvent.setup() };
}

afterEach(() => hub.handlers.clear());

describe('Wallet page', () => {
  it('asks a signed-out visitor to sign in', async () => {
    renderWallet({ signedIn: false });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();
  });

  it('updates the balance on a Wallet event without fetching the page again', async () => {
    const { server } = renderWallet();
    const credits = await screen.findByRole('region', { name: 'Credits' });
    await within(credits).findByText('120 credits');
    const walletCalls = server.calls.filter((c) => c === 'GET wallet').length;
    act(() => hub.handlers.get('Wallet')?.({ availableBalance: 620 }));
    expect(within(credits).getByText('620 credits')).toBeInTheDocument();
    expect(server.calls.filter((c) => c === 'GET wallet')).toHaveLength(walletCalls);
  });

  it('shows the plan, its status and auto-renewal, and cancels after a confirmation, then resumes', async () => {
    const { server, user } = renderWallet();
    const plan = await screen.findByRole('region', { name: 'Plan' });
    await within(plan).findByText('Pro plan');
    expect(within(plan).getByText('Status: Active')).toBeInTheDocument();
    expect(within(plan).getByText('Auto-renewal is on')).toBeInTheDocument();

    await user.click(within(plan).getByRole('button', { name: 'Cancel auto-renewal' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel auto-renewal?' });
    expect(server.calls).not.toContain('POST subscription/cancel');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel auto-renewal' }));
    await within(plan).findByText('Auto-renewal is off');
    expect(server.calls).toContain('POST subscription/cancel');

    await user.click(within(plan).getByRole('button', { name: 'Resume auto-renewal' }));
    await within(plan).findByText('Auto-renewal is on');
    expect(server.calls).toContain('POST subscription/resume');
  });

  it('keeps auto-renewal when the confirmation is declined', async () => {
    const { server, user } = renderWallet();
    const plan = await screen.findByRole('region', { name: 'Plan' });
    await user.click(await within(plan).findByRole('button', { name: 'Cancel auto-renewal' }));
    await user.click(await screen.findByRole('button', { name: 'Keep auto-renewal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).not.toContain('POST subscription/cancel');
  });

  it('shows canceled and expired plans', async () => {
    renderWallet({ subscription: { ...pro, isCanceled: 2 } });
    const plan = await screen.findByRole('region', { name: 'Plan' });
    await within(plan).findByText('Status: Canceled');
    expect(within(plan).queryByRole('button', { name: /auto-renewal/ })).toBeNull();
  });

  it('shows an expired plan', async () => {
    renderWallet({ subscription: { ...pro, isCanceled: 1, endsAt: '2020-01-01T00:00:00.000Z' } });
    const plan = await screen.findByRole('region', { name: 'Plan' });
    await within(plan).findByText('Status: Expired');
  });

  it('shows the payment method and history', async () => {
    renderWallet({ payments: [payment] });
    const history = await screen.findByRole('region', { name: 'Payment history' });
    await within(history).findByText('500 credits');
    expect(within(history).getByText('€4.5')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Payment method' })).getByText('Test card'),
    ).toBeInTheDocument();
  });

  it("shows the last paid card's final digits as the payment method", async () => {
    const failed = { ...payment, paymentId: 'p2', status: 'failed' as const, cardLast4: '0002' };
    renderWallet({ payments: [failed, { ...payment, cardLast4: '4242' }] });
    const method = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(method).findByText('Test card ending 4242')).toBeInTheDocument();
  });

  it("shows a Stripe card's final digits when Stripe told them, and says it is saved there", async () => {
    renderWallet({ payments: [{ ...payment, provider: 'stripe' as const, cardLast4: '4444' }] });
    const method = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(method).findByText('Card ending 4444, saved with Stripe')).toBeInTheDocument();
  });

  it('says a Stripe card is saved there when its digits are unknown', async () => {
    renderWallet({ payments: [{ ...payment, provider: 'stripe' as const, cardLast4: null }] });
    const method = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(method).findByText('Card saved with Stripe')).toBeInTheDocument();
  });

  it("says 'No payment method yet' before the first payment", async () => {
    renderWallet();
    const method = await screen.findByRole('region', { name: 'Payment method' });
    await within(method).findByText('No payment method yet');
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });

  it('opens the checkout for the chosen bundle', async () => {
    const { user } = renderWallet();
    const buy = await screen.findByRole('button', { name: 'Buy credits' });
    expect(buy).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: /^500 credits/ }));
    await user.click(buy);
    expect(await screen.findByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
  });
});
