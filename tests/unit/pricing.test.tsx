import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionProduct } from '../../contracts/marketplace';
import '../../src/i18n';
import { PricingPlans } from '../../src/views/commerce/PricingPlans';

const price = (
  subscriptionIdentifier: 'standard' | 'pro',
  interval: 'monthly' | 'yearly',
  priceAmount: number,
): SubscriptionProduct => ({
  id: `price_${subscriptionIdentifier}_${interval}`,
  subscriptionIdentifier,
  interval,
  priceAmount,
  currency: 'eur',
  descriptionPoints: [`${subscriptionIdentifier} point`],
});
const products = [
  price('standard', 'monthly', 1000),
  price('standard', 'yearly', 10000),
  price('pro', 'monthly', 2550),
  price('pro', 'yearly', 25000),
];

function renderPlans(currentPlan: 'free' | 'standard' | 'pro' | null = 'free') {
  const onSubscribe = vi.fn();
  render(<PricingPlans products={products} currentPlan={currentPlan} onSubscribe={onSubscribe} />);
  return { onSubscribe, user: userEvent.setup() };
}
const plan = (name: string) => screen.getByRole('article', { name });

describe('PricingPlans', () => {
  it('shows yearly prices by default, with the discount and the 12×monthly price struck through', () => {
    renderPlans();
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    const standard = plan('Standard');
    expect(within(standard).getByText('€100 / year')).toBeInTheDocument();
    // floor((12·10 − 100) / 120 · 100) = 16
    expect(within(standard).getByText('Save 16%')).toBeInTheDocument();
    const struck = within(standard).getByText('€120 / year');
    expect(struck.tagName).toBe('S');
    const pro = plan('Pro');
    // 12 × €25.50 = €306; floor((306 − 250) / 306 · 100) = 18
    expect(within(pro).getByText('€250 / year')).toBeInTheDocument();
    expect(within(pro).getByText('€306 / year').tagName).toBe('S');
    expect(within(pro).getByText('Save 18%')).toBeInTheDocument();
    expect(within(pro).getByText('pro point')).toBeInTheDocument();
  });

  it('switches to monthly prices, trimming trailing zeros', async () => {
    const { user } = renderPlans();
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(plan('Standard')).getByText('€10 / month')).toBeInTheDocument();
    expect(within(plan('Pro')).getByText('€25.5 / month')).toBeInTheDocument();
    expect(screen.queryByText(/Save \d+%/)).toBeNull();
  });

  it('opens the checkout for the chosen plan and period', async () => {
    const { user, onSubscribe } = renderPlans();
    await user.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));
    expect(onSubscribe).toHaveBeenLastCalledWith(products[3]);
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe to Standard' }));
    expect(onSubscribe).toHaveBeenLastCalledWith(products[0]);
  });

  it('marks the current plan and offers no subscription to it', () => {
    renderPlans('pro');
    expect(within(plan('Pro')).getByText('Current plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe to Pro' })).toBeNull();
    expect(within(plan('Free')).queryByText('Current plan')).toBeNull();
    expect(within(plan('Free')).getByText('€0')).toBeInTheDocument();
  });
});
