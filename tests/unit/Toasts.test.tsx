import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import '../../src/i18n';
import { Toasts } from '../../src/views/kit/Toasts';
import { type ToastsEvent, toastsMachine } from '../../src/machines/toastsMachine';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

function renderToasts() {
  const actor = createActor(toastsMachine).start();
  render(<Toasts toastsRef={actor} />);
  const show = (event: Omit<Extract<ToastsEvent, { type: 'toast.show' }>, 'type'>) =>
    act(() => {
      actor.send({ type: 'toast.show', ...event });
    });
  return { actor, show };
}

describe('Toasts', () => {
  it('shows nothing without toasts', () => {
    renderToasts();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the catalogue text of a toast and removes it when its time is up', () => {
    const { show } = renderToasts();
    show({ severity: 'success', message: 'toasts.sceneSaved' });
    expect(screen.getByRole('status')).toHaveTextContent('Successfully saved scene!');

    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByText('Successfully saved scene!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Successfully saved scene!')).not.toBeInTheDocument();
  });

  it('fills in parameters and shows literal text as is', () => {
    const { show } = renderToasts();
    show({ severity: 'error', message: 'errors.checkoutFailed', params: { provider: 'Stripe' } });
    show({ severity: 'info', message: 'errors.checkoutFailed', literal: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to open Stripe checkout');
    expect(screen.getByRole('status')).toHaveTextContent('errors.checkoutFailed');
  });

  it('announces errors and warnings as alerts, the rest politely', () => {
    const { show } = renderToasts();
    show({ severity: 'error', message: 'toasts.notAuthorized' });
    show({ severity: 'warning', message: 'errors.communicationsDisabled' });
    show({ severity: 'info', message: 'toasts.copied' });
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('stacks several toasts, oldest first, and closes one with its close button', () => {
    const { show } = renderToasts();
    show({ severity: 'info', message: 'toasts.copied' });
    show({ severity: 'error', message: 'toasts.notAuthorized' });
    const texts = [...document.querySelectorAll('.MuiAlert-message')].map((el) => el.textContent);
    expect(texts).toEqual(['Copied to clipboard!', 'You are not authorized to perform this action']);

    const [firstClose] = screen.getAllByRole('button', { name: 'Close' });
    fireEvent.click(firstClose);
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
    expect(screen.getByText('You are not authorized to perform this action')).toBeInTheDocument();
  });

  it('groups toasts by placement', () => {
    const { show } = renderToasts();
    show({ severity: 'success', message: 'toasts.sceneSaved', placement: 'top-left', durationMs: 600 });
    show({ severity: 'info', message: 'toasts.copied' });
    const topLeft = document.querySelector('[data-placement="top-left"]');
    const bottomLeft = document.querySelector('[data-placement="bottom-left"]');
    expect(topLeft).toHaveTextContent('Successfully saved scene!');
    expect(bottomLeft).toHaveTextContent('Copied to clipboard!');
  });

  it('offers the action as a link that navigates and dismisses the toast', () => {
    const { show } = renderToasts();
    show({
      severity: 'error',
      message: 'space.draftLimit.message',
      durationMs: 5000,
      action: { labelKey: 'space.draftLimit.viewDrafts', href: '/user/u1/spaces/drafts' },
    });
    const link = screen.getByRole('link', { name: 'View drafts' });
    expect(link).toHaveAttribute('href', '/user/u1/spaces/drafts');

    fireEvent.click(link);
    expect(window.location.pathname).toBe('/user/u1/spaces/drafts');
    expect(screen.queryByRole('link', { name: 'View drafts' })).not.toBeInTheDocument();
  });
});
