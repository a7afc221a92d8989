import { expect, type Page, test } from '@playwright/test';
import { accessTokenOf, newEmail, signUp } from './support';

// Credits and plans as a buyer meets them: the built-in test card provider's card form, the
// wallet rising by the hub's push (no reload), a declined card, a plan whose tier shows after the
// automatic token renewal, and auto-renewal switched off.

test.describe.configure({ timeout: 240_000 });

const checkout = (page: Page) => page.getByRole('dialog', { name: 'Checkout' });

async function payWith(page: Page, card: string) {
  const dialog = checkout(page);
  await dialog.getByRole('textbox', { name: 'Card number' }).fill(card);
  await dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('button', { name: 'Pay' }).click();
}

async function walletOf(page: Page) {
  const res = await page.request.get('/api/marketplaceService/wallet', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { availableBalance: number }).availableBalance;
}

test('a free user buys credits with the test card: a declined card charges nothing, a good one raises the wallet live', async ({
  page,
}) => {
  await page.goto('/');
  await signUp(page, 'Cora Credits', newEmail('cora'));
  await page.goto('/wallet');
  const credits = page.getByRole('region', { name: 'Credits', exact: true });
  await expect(credits).toContainText('0 credits');

  const buy = page.getByRole('region', { name: 'Buy credits' });
  await buy.getByRole('button', { name: /^500 credits/ }).click();
  await buy.getByRole('button', { name: 'Buy credits' }).click();
  await expect(checkout(page)).toBeVisible();

  await payWith(page, '4000 0000 0000 0002');
  await expect(checkout(page).getByText(/declined/i)).toBeVisible();
  expect(await walletOf(page)).toBe(0);

  await payWith(page, '4242 4242 4242 4242');
  await expect(checkout(page).getByText('Payment completed')).toBeVisible({ timeout: 30_000 });
  await checkout(page).getByRole('button', { name: 'Close' }).click();
  // The wallet event updated the page: no reload happened.
  await expect(credits).toContainText('500 credits');
  expect(await walletOf(page)).toBe(500);
  await expect(page.getByRole('region', { name: 'Payment history' })).toContainText('500 credits');
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText('Test card ending 4242');
});

test('subscribing to Pro yearly shows the Pro tier after the token renews; cancelling auto-renewal shows it off', async ({
  page,
}) => {
  await page.goto('/');
  await signUp(page, 'Pete Pro', newEmail('pete'));
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
  const pro = page.getByRole('article', { name: 'Pro' });
  await expect(pro.getByText('Current plan')).toHaveCount(0);
  await pro.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await payWith(page, '4242 4242 4242 4242');
  await expect(checkout(page).getByText('Payment completed')).toBeVisible({ timeout: 30_000 });
  await checkout(page).getByRole('button', { name: 'Close' }).click();
  // The Subscription event renewed the token; its roles now carry the Pro tier.
  await expect(pro.getByText('Current plan')).toBeVisible({ timeout: 30_000 });
  const roles = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token: string })
      .access_token;
    return (
      JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { roles: string[] }
    ).roles;
  });
  expect(roles).toContain('premium-user');

  await page.goto('/wallet');
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan).toContainText('Pro plan');
  await expect(plan).toContainText('Status: Active');
  await expect(plan).toContainText('Auto-renewal is on');
  await plan.getByRole('button', { name: 'Cancel auto-renewal' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel auto-renewal?' })
    .getByRole('button', { name: 'Cancel auto-renewal' })
    .click();
  await expect(plan).toContainText('Auto-renewal is off');
  await expect(plan.getByRole('button', { name: 'Resume auto-renewal' })).toBeVisible();
});
