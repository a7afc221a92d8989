import { expect, type Page, test } from '@playwright/test';
import { accountButton, text } from './support';

// The share panel as a creator meets it on their profile: copying the link and the embed code.

/** Signs in with a demo account (README, 'Demo content'). */
async function signInAsStudio(page: Page) {
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: text('nav.login'), exact: true })
    .click();
  await page.getByLabel('E-mail').fill('studio@spaces.localhost');
  await page.getByLabel('Password', { exact: true }).fill('spaces-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountButton(page, 'Studio Lindqvist')).toBeVisible({ timeout: 30_000 });
}

/**
 * How long a text was on the page, each time it showed, from now on (a 400 ms toast can come and
 * go between two polls).
 */
async function watchText(page: Page, watched: string) {
  await page.evaluate((watched) => {
    const shown: { from: number; to?: number }[] = [];
    (window as unknown as { shown: typeof shown }).shown = shown;
    new MutationObserver(() => {
      const present = document.body.textContent?.includes(watched) ?? false;
      const last = shown.at(-1);
      if (present && (!last || last.to !== undefined)) shown.push({ from: performance.now() });
      if (!present && last && last.to === undefined) last.to = performance.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, watched);
  return {
    /** Waits until it showed and left again; answers for how long it showed the first time (ms). */
    async shownFor(): Promise<number> {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shown: { to?: number }[] }).shown.at(-1)?.to))
        .toBeDefined();
      return page.evaluate(() => {
        const [first] = (window as unknown as { shown: { from: number; to: number }[] }).shown;
        return first.to - first.from;
      });
    },
  };
}

test('copy link and copy embed code say Copied to clipboard! for a moment', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsStudio(page);
  await page.goto('/user/me/spaces/published');
  const actions = page.getByRole('toolbar', { name: /^Actions for / }).first();
  await actions.hover();
  await actions.getByRole('button', { name: text('space.actions.share'), exact: true }).click();
  const share = page.getByRole('dialog', { name: text('share.title') });
  const link = await share.getByRole('textbox', { name: text('shareModal.link') }).inputValue();

  let copied = await watchText(page, text('toasts.copied'));
  // The first toast of the visit: the page loads the code that shows toasts only now.
  await share.getByRole('button', { name: text('share.copyLink') }).click();
  expect(await copied.shownFor()).toBeGreaterThan(200);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await share.getByRole('button', { name: text('share.embed') }).click();
  const embed = page.getByRole('dialog', { name: text('share.embedTitle') });
  copied = await watchText(page, text('toasts.copied'));
  await embed.getByRole('button', { name: text('share.copyCode') }).click();
  expect(await copied.shownFor()).toBeGreaterThan(200);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/viewer/embed/');
});
