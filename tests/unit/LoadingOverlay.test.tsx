import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { LoadingOverlay } from '../../src/engine/host/LoadingOverlay';

describe('LoadingOverlay', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the progress as a named progress bar and a percentage', () => {
    render(<LoadingOverlay label="Loading the space" percent={42.4} />);
    const bar = screen.getByRole('progressbar', { name: 'Loading the space' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeVisible();
    expect(screen.getByText('Loading the space')).toBeVisible();
  });

  it('keeps the percentage between 0 and 100', () => {
    const { rerender } = render(<LoadingOverlay label="Loading" percent={140} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    rerender(<LoadingOverlay label="Loading" percent={-3} />);
    expect(screen.getByText('0%')).toBeVisible();
  });

  it('is indeterminate, with no percentage, when the progress is unknown', () => {
    render(<LoadingOverlay label="Loading" />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByText(/%$/)).toBeNull();
  });

  it('adds a dot each second after the label, up to three, then starts again', () => {
    vi.useFakeTimers();
    render(<LoadingOverlay label="Loading" dots />);
    const label = screen.getByText('Loading', { exact: false });
    const seen = [label.textContent];
    for (let second = 0; second < 4; second++) {
      act(() => vi.advanceTimersByTime(1000));
      seen.push(label.textContent);
    }
    expect(seen).toEqual(['Loading', 'Loading.', 'Loading..', 'Loading...', 'Loading']);
  });
});
