import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { EmbedDialog } from '../../src/views/kit/EmbedDialog';
import { AppToasts, renderInAppNow } from '../support/spa';

const url = 'https://spaces.example/viewer/s1';
const title = 'Sea "views" & <more>';

/** The exact code the dialog offers for each combination of the two checkboxes. */
const expectedCode = (signIn: 0 | 1, communications: 0 | 1) =>
  `<iframe src="https://spaces.example/viewer/embed/s1?showSignIn=${signIn}&amp;showCommunications=${communications}" ` +
  'width="700" height="500" style="border:0" frameborder="0" title="Sea &quot;views&quot; &amp; &lt;more&gt;" ' +
  'allow="fullscreen; autoplay; xr-spatial-tracking; microphone" allowfullscreen></iframe>';

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

function renderDialog() {
  const onClose = vi.fn();
  renderInAppNow(
    <>
      <EmbedDialog open onClose={onClose} url={url} title={title} />
      <AppToasts />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Embed this space' });
  return {
    dialog,
    onClose,
    user: userEvent.setup(),
    signIn: () => within(dialog).getByRole('checkbox', { name: 'Show sign-in' }),
    communications: () => within(dialog).getByRole('checkbox', { name: 'Show communications' }),
    code: () => within(dialog).getByRole('textbox', { name: 'Embed code' }),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('EmbedDialog', () => {
  it('starts with both boxes unchecked and the code of a plain embed, read-only', () => {
    const { signIn, communications, code } = renderDialog();
    expect(signIn()).not.toBeChecked();
    expect(communications()).not.toBeChecked();
    expect(code()).toHaveValue(expectedCode(0, 0));
    expect(code()).toHaveAttribute('readonly');
  });

  it('updates the code for each combination of the checkboxes', async () => {
    const { user, signIn, communications, code } = renderDialog();
    await user.click(signIn());
    expect(code()).toHaveValue(expectedCode(1, 0));
    await user.click(communications());
    expect(code()).toHaveValue(expectedCode(1, 1));
    await user.click(signIn());
    expect(code()).toHaveValue(expectedCode(0, 1));
    await user.click(communications());
    expect(code()).toHaveValue(expectedCode(0, 0));
  });

  it("copies the code shown and says 'Copied to clipboard!' for 400 ms", async () => {
    const { user, dialog, communications } = renderDialog();
    await user.click(communications());
    const toast = watchText('Copied to clipboard!');
    await user.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe(expectedCode(0, 1));
    await toast.shownBriefly();
  });

  it('leaves the code selected for a manual copy when the clipboard refuses', async () => {
    const { user, dialog, code } = renderDialog();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    const field = code() as HTMLTextAreaElement;
    await waitFor(() =>
      expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(expectedCode(0, 0)),
    );
    expect(screen.queryByText('Copied to clipboard!')).toBeNull();
  });
});
