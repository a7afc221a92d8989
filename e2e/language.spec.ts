import { expect, test } from '@playwright/test';
import { expectAccessible, text, watchCspViolations } from './support';

// The interface in a second language (issue 24 §8): a visitor switches the site to Spanish from
// the footer; every page follows, the choice survives a reload and a new page, and they switch back.

test('a visitor switches the site to Spanish from the footer, and back', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchCspViolations(page);
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel(text('footer.language')).selectOption({ label: 'Español' });
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Explorar', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectAccessible(page);

  // Remembered: a reload and another page are in Spanish from the start.
  await page.reload();
  await expect(header.getByRole('link', { name: 'Explorar', exact: true })).toBeVisible();
  await header.getByRole('link', { name: 'Precios', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(footer.getByLabel('Idioma')).toHaveValue('es');
  await expectAccessible(page);

  await footer.getByLabel('Idioma').selectOption({ label: 'English' });
  await expect(header.getByRole('link', { name: text('nav.explore'), exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(footer.getByLabel(text('footer.language'))).toHaveValue('en');
  expect(await violations()).toEqual([]);
});
