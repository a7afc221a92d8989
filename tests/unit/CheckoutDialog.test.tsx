import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testCards } from '../../contracts/marketplace';
import '../../src/i18n';
import type { SessionUser } from '../../src/machines/sessionMachine';
import { CheckoutDialog } from '../../src/views/commerce/CheckoutDialog';
import { json, renderInApp } from '../support/spa';

/** The test provider as the server runs it: 4242 pays, 0002 is declined, 3155 asks for a confirmation. */
function fakeMarketplace(options: { sessionFails?: boolean } = {}) {
  const bodies: { path: string; body: unknown }[] = [];
  let balance = 0;
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/marketplaceService\//, '');
    const body = request.method === 'POST' ? await request.json().catch(() => null) : null;
    bodies.push({ path, body });
    if (path === 'checkoutSession')
      return options.sessionFails
        ? json({ code: 'UNAVAILABLE', message: 'down' }, 503)
        : json({ clientSecret: 'cs_1', provider: 'test', publishableKey: null });
    if (path === 'testCheckout/confirm') {
      const number = String((body as { cardNumber: string }).cardNumber).replace(/ /g, '');
      if (number === testCards.declined) return json({ status: 'declined', message: null });
      if (number === testCards.needsConfirmation) return json({ status: 'requires_action', message: null });
      balance = 500;
      return json({ status: 'succeeded', message: null });
    }
    if (path === 'testCheckout/authenticate') {
      if (!(body as { approve: boolean }).approve) return json({ status: 'canceled', message: null });
      balance = 500;
      return json({ status: 'succeeded', message: null });
    }
    if (path === 'wallet') return json({ userId: 'me', availableBalance: balance });
    return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  return { fetch, bodies };
}

async function renderCheckout(options: { sessionFails?: boolean } = {}) {
  const server = fakeMarketplace(options);
  const user: SessionUser = { userId: 'me', name: 'Me', roles: ['free-user'], accessToken: 'token' };
  const onFinished = vi.fn();
  const onClose = vi.fn();
  const { hub } = await renderInApp(
    <CheckoutDialog
      purchase={{ kind: 'credits', productId: 'credits_500' }}
      onFinished={onFinished}
      onClose={onClose}
    />,
    { fetch: server.fetch, user },
  );
  return { server, hub, onFinished, onClose, user: userEvent.setup() };
}

async function typeCard(user: ReturnType<typeof userEvent.setup>, cardNumber: string) {
  const number = await screen.findByRole('textbox', { name: 'Card number' });
  await user.clear(number);
  await user.type(number, cardNumber);
  const expiry = screen.getByRole('textbox', { name: 'Expiry (MM/YY)' });
  await user.clear(expiry);
  await user.type(expiry, '12/30');
  const cvc = screen.getByRole('textbox', { name: 'CVC' });
  await user.clear(cvc);
  await user.type(cvc, '123');
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

describe('CheckoutDialog (test provider)', () => {
  it('pays with 4242 and finishes once the wallet event arrives', async () => {
    const { user, server, onFinished, hub } = await renderCheckout();
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    await typeCard(user, testCards.succeeds);
    await screen.findByText('Payment received. Updating your account…');
    expect(server.bodies.find((b) => b.path === 'testCheckout/confirm')?.body).toMatchObject({
      clientSecret: 'cs_1',
      cardNumber: testCards.succeeds,
      expiry: '12/30',
      cvc: '123',
    });
    hub.send('Wallet', { availableBalance: 500 });
    await screen.findByText('Payment completed');
    expect(onFinished).toHaveBeenCalledWith({
      wallet: { userId: 'me', availableBalance: 500 },
      subscription: null,
    });
  });

  it('shows the declined message for 0002 and lets the user try another card', async () => {
    const { user } = await renderCheckout();
    await typeCard(user, testCards.declined);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card was declined. No money was taken; try another card.',
    );
    await typeCard(user, testCards.succeeds);
    await screen.findByText('Payment received. Updating your account…');
  });

  it('asks for the extra confirmation for 3155; refusing cancels, approving pays', async () => {
    const { user, server } = await renderCheckout();
    await typeCard(user, testCards.needsConfirmation);
    await user.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment was canceled. No money was taken.',
    );
    await typeCard(user, testCards.needsConfirmation);
    await user.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await screen.findByText('Payment received. Updating your account…');
    expect(server.bodies.filter((b) => b.path === 'testCheckout/authenticate').map((b) => b.body)).toEqual([
      { clientSecret: 'cs_1', approve: false },
      { clientSecret: 'cs_1', approve: true },
    ]);
  });

  it('checks the card form before sending it', async () => {
    const { user, server } = await renderCheckout();
    await screen.findByRole('textbox', { name: 'Card number' });
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Enter the expiry as MM/YY')).toBeInTheDocument();
    expect(server.bodies.some((b) => b.path === 'testCheckout/confirm')).toBe(false);
  });

  it("says 'Failed to open card checkout' when the session cannot be created, with retry and cancel", async () => {
    const { user, server, onClose } = await renderCheckout({ sessionFails: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to open card checkout');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.bodies.filter((b) => b.path === 'checkoutSession')).toHaveLength(2));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
