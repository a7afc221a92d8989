import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MySubscription, Payment } from '../../contracts/marketplace';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { WalletPage } from '../../src/views/pages/account';
import { json, renderInApp } from '../support/spa';

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
  const fetch = vi.fn(async (request: Request) => {
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

async function renderWallet({
  subscription = pro,
  payments = [] as Payment[],
  signedIn = true,
}: { subscription?: MySubscription; payments?: Payment[]; signedIn?: boolean } = {}) {
  const server = fakeMarketplace(subscription, payments);
  const user: SessionUser = { userId: 'me', name: 'Me', roles: ['premium-user'], accessToken: 'token' };
  const { hub } = await renderInApp(<WalletPage />, {
    fetch: server.fetch,
    user: signedIn ? user : null,
    path: '/wallet',
  });
  return { server, hub, user: userEvent.setup() };
}

describe('Wallet page', () => {
  it('asks a signed-out visitor to sign in', async () => {
    await renderWallet({ signedIn: false });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();
  });

  it('updates the balance on a Wallet event without fetching the page again', async () => {
    const { server, hub } = await renderWallet();
    const credits = await screen.findByRole('region', { name: 'Credits' });
    await within(credits).findByText('120 credits');
    const walletCalls = server.calls.filter((c) => c === 'GET wallet').length;
    act(() => hub.send('Wallet', { availableBalance: 620 }));
    expect(within(credits).getByText('620 credits')).toBeInTheDocument();
    expect(server.calls.filter((c) => c === 'GET wallet')).toHaveLength(walletCalls);
  });

  it('shows the plan, its status and auto-renewal, and cancels after a confirmation, then resumes', async () => {
    const { server, user } = await renderWallet();
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
    const { server, user } = await renderWallet();
    const plan = await screen.findByRole('region', { name: 'Plan' });
    await user.click(await within(plan).findByRole('button', { name: 'Cancel auto-renewal' }));
    await user.click(await screen.findByRole('button', { name: 'Keep auto-renewal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).not.toContain('POST subscription/cancel');
  });

  it('shows canceled and expired plans', async () => {
    await renderWallet({ subscription: { ...pro, isCanceled: 2 } });
    const plan = await screen.findByRole('region', { name: 'Plan' });
    await within(plan).findByText('Status: Canceled');
    expect(within(plan).queryByRole('button', { name: /auto-renewal/ })).toBeNull();
  });

  it('shows an expired plan', async () => {
    await renderWallet({ subscription: { ...pro, isCanceled: 1, endsAt: '2020-01-01T00:00:00.000Z' } });
    const plan = await screen.findByRole('region', { name: 'Plan' });
    await within(plan).findByText('Status: Expired');
  });

  it('shows the payment method and history', async () => {
    await renderWallet({ payments: [payment] });
    const history = await screen.findByRole('region', { name: 'Payment history' });
    await within(history).findByText('500 credits');
    expect(within(history).getByText('€4.5')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Payment method' })).getByText('Test card'),
    ).toBeInTheDocument();
  });

  it("shows the last paid card's final digits as the payment method", async () => {
    const failed = { ...payment, paymentId: 'p2', status: 'failed' as const, cardLast4: '0002' };
    await renderWallet({ payments: [failed, { ...payment, cardLast4: '4242' }] });
    const method = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(method).findByText('Test card ending 4242')).toBeInTheDocument();
  });

  it("shows a Stripe card's final digits when Stripe told them, and says it is saved there", async () => {
    await renderWallet({ payments: [{ ...payment, provider: 'stripe' as const, cardLast4: '4444' }] });
    const method = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(method).findByText('Card ending 4444, saved with Stripe')).toBeInTheDocument();
  });

  it('says a Stripe card is saved there when its digits are unknown', async () => {
    await renderWallet({ payments: [{ ...payment, provider: 'stripe' as const, cardLast4: null }] });
    const method = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(method).findByText('Card saved with Stripe')).toBeInTheDocument();
  });

  it("says 'No payment method yet' before the first payment", async () => {
    await renderWallet();
    const method = await screen.findByRole('region', { name: 'Payment method' });
    await within(method).findByText('No payment method yet');
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });

  it('opens the checkout for the chosen bundle', async () => {
    const { user } = await renderWallet();
    const buy = await screen.findByRole('button', { name: 'Buy credits' });
    expect(buy).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: /^500 credits/ }));
    await user.click(buy);
    expect(await screen.findByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
  });
});
