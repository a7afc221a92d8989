import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { i18n } from '../../src/i18n';
import { ChunkTimeoutError } from '../../src/lib/timeout';
import { appMachine } from '../../src/machines/appMachine';
import { App } from '../../src/views/App';
import { ErrorBoundary } from '../../src/views/layout/ErrorBoundary';
import { renderInAppNow } from '../support/spa';

function renderAt(path: string) {
  const { location, app } = renderInAppNow(<App />, { path });
  return { actor: app.root, location };
}

// Lazy pages are transformed on first use: on a busy machine that takes seconds.
describe('app shell', { timeout: 30_000 }, () => {
  it('shows Page not found for an unknown path, with a way home', async () => {
    const { location } = renderAt('/no-such-page');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: i18n.t('errors.pageNotFound') },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(screen.getByText(i18n.t('errors.pageNotFoundDescription'))).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: i18n.t('errors.returnToHomepage') }));
    expect(location.history?.at(-1)).toBe('/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: i18n.t('pages.home.heading') },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
  });

  it('renders the header and footer around ordinary pages', async () => {
    renderAt('/pricing');
    expect(
      // The page is a lazy chunk: on a busy machine it takes more than the default second.
      await screen.findByRole(
        'heading',
        { level: 1, name: i18n.t('pages.pricing.heading') },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${i18n.t('pages.pricing.title')} | Spaces`));
  });

  it('renders the editor without header and footer (signed out: it offers sign-in)', async () => {
    renderAt('/curate');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: i18n.t('pages.editor.newHeading') },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: i18n.t('nav.openMenu') })).toBeNull();
    expect(screen.queryByRole('link', { name: i18n.t('nav.explore') })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('has a root actor system with the toasts actor', () => {
    const actor = createActor(appMachine, { input: { callback: false } }).start();
    expect(actor.system.get('toasts')).toBe(actor.getSnapshot().context.toasts);
    expect(actor.system.get('session')).toBe(actor.getSnapshot().context.session);
    expect(actor.system.get('notifications')).toBe(actor.getSnapshot().context.notifications);
  });
});

describe('error boundary', () => {
  function Broken({ error }: { error: Error }): never {
    throw error;
  }

  it('shows Something went wrong for any uncaught error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <ErrorBoundary>
          <Broken error={new Error('boom')} />
        </ErrorBoundary>
      </Router>,
    );
    expect(screen.getByRole('heading', { name: i18n.t('errors.somethingWentWrong') })).toBeVisible();
    expect(screen.getByRole('link', { name: i18n.t('errors.returnToHomepage') })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('names a page that did not load in time', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken error={new ChunkTimeoutError()} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Failed to load chunked component due to timeout')).toBeVisible();
  });
});
