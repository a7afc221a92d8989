import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { copyToastMs, ShareModal } from '../../src/views/kit/ShareModal';
import { AppToasts, renderInAppNow } from '../support/spa';

const url = 'https://spaces.example/viewer/s1';

/**
 * Watches the page for a text from now on: whether it ever appeared and when it left (a 400 ms
 * toast can come and go between two polls of a slow test run).
 */
function watchText(text: string) {
  let shownAt: number | null = null;
  let goneAt: number | null = null;
  const check = () => {
    const present = document.body.textContent?.includes(text) ?? false;
    if (present && shownAt === null) shownAt = Date.now();
    if (!present && shownAt !== null && goneAt === null) goneAt = Date.now();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    async shownBriefly() {
      await waitFor(() => expect(goneAt).not.toBeNull(), { timeout: 2000 });
      observer.disconnect();
      // Gone well before the 3 s of an ordinary success toast.
      expect(goneAt! - shownAt!).toBeLessThan(1500);
    },
  };
}

function renderShare() {
  const onClose = vi.fn();
  renderInAppNow(
    <>
      <ShareModal open onClose={onClose} url={url} title="Harbour lights" />
      <AppToasts />
    </>,
  );
  return { onClose, user: userEvent.setup(), share: () => screen.getByRole('dialog', { name: 'Share' }) };
}

describe('ShareModal', () => {
  it('keeps the seven networks and the copy link next to the Embed button', async () => {
    const { user, share } = renderShare();
    const names = within(share())
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label'));
    expect(names).toEqual([
      'Share on Facebook',
      'Share on X',
      'Share on Reddit',
      'Share on WhatsApp',
      'Share on Viber',
      'Share on E-mail',
      'Share on LinkedIn',
    ]);
    expect(within(share()).getByRole('textbox', { name: 'Viewer link' })).toHaveValue(url);
    expect(within(share()).getByRole('button', { name: 'Embed' })).toBeVisible();

    expect(copyToastMs).toBe(400);
    const toast = watchText('Copied to clipboard!');
    await user.click(within(share()).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    await toast.shownBriefly();
  });

  it("opens 'Embed this space' with the code for this space, fresh each time", async () => {
    const { user, share } = renderShare();
    await user.click(within(share()).getByRole('button', { name: 'Embed' }));
    const embed = screen.getByRole('dialog', { name: 'Embed this space' });
    const code = () => within(embed).getByRole('textbox', { name: 'Embed code' });
    expect(code()).toHaveValue(
      '<iframe src="https://spaces.example/viewer/embed/s1?showSignIn=0&amp;showCommunications=0" ' +
        'width="700" height="500" style="border:0" frameborder="0" title="Harbour lights" ' +
        'allow="fullscreen; autoplay; xr-spatial-tracking; microphone" allowfullscreen></iframe>',
    );
    await user.click(within(embed).getByRole('checkbox', { name: 'Show sign-in' }));
    expect((code() as HTMLTextAreaElement).value).toContain('showSignIn=1&amp;showCommunications=0');

    const toast = watchText('Copied to clipboard!');
    await user.click(within(embed).getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toContain('showSignIn=1&amp;showCommunications=0');
    await toast.shownBriefly();

    // Closing the embed dialog goes back to the share modal; opening it again starts over.
    await user.click(within(embed).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Embed this space' })).toBeNull());
    expect(share()).toBeVisible();
    await user.click(within(share()).getByRole('button', { name: 'Embed' }));
    const again = screen.getByRole('dialog', { name: 'Embed this space' });
    expect(within(again).getByRole('checkbox', { name: 'Show sign-in' })).not.toBeChecked();
    expect(within(again).getByRole('checkbox', { name: 'Show communications' })).not.toBeChecked();
  });
});
