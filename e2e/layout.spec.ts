import { expect, test } from '@playwright/test';
import { districtOrigin, text } from './support';

test.describe('main header', () => {
  test('shows the menus and buttons and navigates through the Solutions menu', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of ['nav.explore', 'nav.pricing', 'nav.contactUs']) {
      await expect(header.getByRole('link', { name: text(name), exact: true })).toBeVisible();
    }
    // Visitors: Create Space and Sign in both start sign-in.
    for (const name of ['nav.createSpace', 'nav.login']) {
      await expect(header.getByRole('button', { name: text(name), exact: true })).toBeVisible();
    }
    await header.getByRole('button', { name: text('nav.solutions') }).click();
    await page.getByRole('menuitem', { name: text('pages.solution.museums-and-galleries.name') }).click();
    await expect(page).toHaveURL(/\/solutions\/museums-and-galleries$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('pages.solution.museums-and-galleries.heading'),
    );
    await expect(page.getByRole('menu')).toHaveCount(0);

    await header.getByRole('button', { name: text('nav.resources') }).click();
    await page.getByRole('menuitem', { name: text('nav.glossary') }).click();
    await expect(page).toHaveURL(/\/resources\/glossary$/);
  });

  test('sets a title and description per page', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page).toHaveTitle(`${text('pages.pricing.title')} | Spaces`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      text('pages.pricing.description'),
    );
    await page
      .getByRole('banner')
      .getByRole('link', { name: text('nav.explore'), exact: true })
      .click();
    await expect(page).toHaveTitle(`${text('pages.explore.title')} | Spaces`);
  });

  test('the editor has no header or footer', async ({ page }) => {
    await page.goto('/curate');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('pages.editor.newHeading'));
    await expect(page.getByRole('link', { name: text('nav.explore'), exact: true })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the viewer and embed have no header or footer', async ({ page }) => {
    // A demo space of the seed: the museum's first published space.
    const users = await (await page.request.get('/api/userService/users/search?q=Harbour%20Museum')).json();
    const museum = (users as { items: { userId: string }[] }).items[0].userId;
    const spaces = await (
      await page.request.get(`/api/sceneService/publishedscene/metadata?ownerId=${museum}`)
    ).json();
    const [demo] = (spaces as { items: { sceneId: string; title: string }[] }).items;
    for (const path of [`/viewer/${demo.sceneId}`, `/viewer/embed/${demo.sceneId}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.title);
      await expect(page.getByRole('button', { name: text('nav.openMenu') })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });

  test('the footer links account pages through sign-in', async ({ page }) => {
    await page.goto('/pricing');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: text('footer.wallet') })).toHaveAttribute(
      'href',
      '/login?returnTo=%2Fwallet',
    );
  });
});

test.describe('district subdomain', () => {
  test('shows the district header and hides explore, pricing, contact and resources', async ({ page }) => {
    await page.goto(`${districtOrigin('gallery')}/`);
    const header = page.getByRole('banner');
    // The district's own name and logo lead home.
    await expect(header.getByRole('link', { name: 'Harbour Gallery home' })).toBeVisible();
    await expect(header.getByText('Harbour Gallery', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: text('pages.districtArea.members') })).toBeVisible();
    for (const name of ['nav.explore', 'nav.pricing', 'nav.contactUs']) {
      await expect(header.getByRole('link', { name: text(name), exact: true })).toHaveCount(0);
    }
    await expect(header.getByRole('button', { name: text('nav.resources') })).toHaveCount(0);
    await expect(header.getByRole('button', { name: text('nav.solutions') })).toHaveCount(0);
    // Create Space shows only to the district's owner or creator; visitors are not signed in.
    await expect(header.getByRole('button', { name: text('nav.createSpace') })).toHaveCount(0);
    await expect(header.getByRole('button', { name: text('nav.login') })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: text('nav.pricing'), exact: true })).toHaveCount(0);

    await header.getByRole('link', { name: text('pages.districtArea.members') }).click();
    await expect(page).toHaveURL(`${districtOrigin('gallery')}/members`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('pages.districtArea.members'));
  });

  test('the main host keeps the main header', async ({ page }) => {
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('errors.pageNotFound'));
    await expect(
      page.getByRole('banner').getByRole('link', { name: text('nav.explore'), exact: true }),
    ).toBeVisible();
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the burger menu opens, navigates and closes on navigation', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: text('nav.explore'), exact: true })).toBeHidden();
    // While the drawer is open the page behind it is hidden from assistive technology (aria-hidden),
    // so the burger button is found by its attribute rather than its role.
    const burger = page.locator('button[aria-controls="burger-menu"]');
    await expect(burger).toHaveAccessibleName(text('nav.openMenu'));
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const drawer = page.locator('#burger-menu');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: text('nav.pricing'), exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('pages.pricing.heading'));
    await expect(drawer).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    await burger.click();
    await page.getByRole('button', { name: text('nav.closeMenu') }).click();
    await expect(drawer).toBeHidden();
  });

  test('the header is 60 px high on small screens', async ({ page }) => {
    await page.goto('/');
    const box = await page.getByRole('banner').boundingBox();
    expect(Math.round(box!.height)).toBeLessThanOrEqual(61);
  });
});
