import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { OneTimeProduct } from '../../contracts/marketplace';
import '../../src/i18n';
import { CreditBundlePicker, InsufficientCredits } from '../../src/views/commerce/CreditBundlePicker';

const bundle = (coinAmount: number, priceAmount: number, iconId = 1): OneTimeProduct => ({
  id: `credits_${coinAmount}`,
  coinAmount,
  priceAmount,
  currency: 'eur',
  iconId,
});
// Out of order on purpose: the picker sorts by credits.
const bundles = [bundle(1000, 900, 3), bundle(100, 100, 1), bundle(5000, 4000, 4), bundle(500, 450, 2)];

function Picker({ minCredits }: { minCredits?: number }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <CreditBundlePicker
        bundles={bundles}
        selectedId={selected}
        onChange={setSelected}
        minCredits={minCredits}
      />
      <output aria-label="choice">{selected ?? 'none'}</output>
    </>
  );
}

const cards = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe('CreditBundlePicker', () => {
  it('shows the bundles by credits, fewest first, with price and currency symbol', () => {
    render(<Picker />);
    expect(cards()).toEqual([
      '100 credits, €1',
      '500 credits, €4.5',
      '1000 credits, €9',
      '5000 credits, €40',
    ]);
    expect(document.querySelector('.credits-icon-4')).not.toBeNull();
  });

  it('selects at most one bundle, and a second click clears it', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const small = screen.getByRole('button', { name: /^100 credits/ });
    const large = screen.getByRole('button', { name: /^1000 credits/ });
    await user.click(small);
    expect(small).toHaveAttribute('aria-pressed', 'true');
    await user.click(large);
    expect(large).toHaveAttribute('aria-pressed', 'true');
    expect(small).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('choice')).toHaveTextContent('credits_1000');
    await user.click(large);
    expect(large).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('choice')).toHaveTextContent('none');
  });

  it('offers only the first 3 bundles that cover the missing credits', () => {
    render(<Picker minCredits={200} />);
    expect(cards()).toEqual(['500 credits, €4.5', '1000 credits, €9', '5000 credits, €40']);
  });

  it('shows the insufficient-credits message with the covering bundles', () => {
    render(<InsufficientCredits missing={600} bundles={bundles} selectedId={null} onChange={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Insufficient credits to publish. Select a credit package to proceed.',
    );
    expect(cards()).toEqual(['1000 credits, €9', '5000 credits, €40']);
  });
});
