import { expect, type Page, test as base } from '@playwright/test';
import { legalPaths } from '../contracts/cms';
import { seedArticles } from '../server/services/cmsService/seed/articles';
import { seedDocuments } from '../server/services/cmsService/seed/legal';
import { type RouteId, routes } from '../src/routes';
import {
  type DemoSpace,
  demoSpace,
  districtOrigin,
  expectAccessible,
  fillExample,
  text,
  walkingPage,
} from './support';

/**
 * One page per worker, walked from route to route: what every route shares (the app's scripts,
 * fonts, the demo's pictures) is loaded once, as it is for a visitor, and the 60 routes take a
 * fraction of the time fresh browser contexts would. Each route is still opened by its address.
 */
const test = base.extend<{ page: Page }, { walker: Page }>({
  walker: walkingPage(),
  page: async ({ walker }, use) => use(walker),
});

/** The routes that show a space, and so download the engine. */
const enginePages = new Set<RouteId>(['editorNew', 'editor', 'viewer', 'viewerEmbed']);

/**
 * Any other page downloads none of the engine's scripts: three.js, which the engine is built on,
 * marks the window when it runs. (bench/engine.ts measures the engine's scripts.)
 */
async function expectNoEngine(page: Page) {
  expect(await page.evaluate(() => '__THREE__' in window), `the engine ran on ${page.url()}`).toBe(false);
}

/** The heading each route shows (per example path when it depends on it), signed out. */
function expectedHeading(id: RouteId, path: string, demo?: DemoSpace): string {
  switch (id) {
    case 'solution':
      return text(`pages.solution.${path.split('/').pop()}.heading`);
    case 'spaceAccessDenied':
      return text('errors.holdUpExplorer');
    case 'editorNew':
      return text('pages.editor.newHeading');
    case 'editor':
      return text('pages.editor.heading');
    case 'viewer':
    case 'viewerEmbed':
      return demo!.title;
    case 'user':
      // A user's profile; the own profile (/user, /user/me/…) asks visitors to sign in.
      return path.includes(':userId') ? demo!.ownerName : text('pages.user.heading');
    case 'districtArea':
      return text(`pages.districtArea.${path.split('/')[1]}`);
    // Guides, blog posts and legal texts show their seeded title (server/services/cmsService/seed).
    case 'guide':
    case 'blogPost':
      return seedArticles.find((a) => a.slug === path.split('/').pop())!.title;
    case 'terms':
    case 'termsProfessional':
    case 'termsDataProcessing':
    case 'privacy':
    case 'refund': {
      const slug = Object.keys(legalPaths).find((key) => legalPaths[key] === path);
      return seedDocuments.find((d) => d.slug === slug)!.title;
    }
    default:
      return text(`pages.${id}.heading`);
  }
}

test.describe('every route of the route map renders its page', () => {
  for (const route of routes.filter((r) => r.host === 'any')) {
    for (const example of route.examples) {
      test(`${example} (${route.id})`, async ({ page }) => {
        const demo = await demoSpace(page.request);
        const path = fillExample(example, demo);
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        // /login hands over to the OpenID Provider's sign-in page at once.
        if (route.id === 'login') await page.waitForURL(/\/interaction\//);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          expectedHeading(route.id, example, demo),
        );
        await expect(page.getByRole('heading', { name: text('errors.pageNotFound') })).toHaveCount(0);
        // Every page is built: none says it arrives later.
        await expect(page.getByText(text('shell.notYet'))).toHaveCount(0);
        await expectAccessible(page);
        if (!enginePages.has(route.id)) await expectNoEngine(page);
        // The check can fail: a space's page runs the engine (the editor's ask a visitor to sign in).
        else if (route.id.startsWith('viewer'))
          await expect.poll(() => page.evaluate(() => '__THREE__' in window)).toBe(true);
      });
    }
  }
});

test.describe('district subdomain routes', () => {
  test('/ shows the district home', async ({ page }) => {
    await page.goto(`${districtOrigin('gallery')}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour Gallery');
    await expectAccessible(page);
    await expectNoEngine(page);
  });
  for (const path of routes.find((r) => r.id === 'districtArea')!.examples) {
    test(path, async ({ page }) => {
      const response = await page.goto(`${districtOrigin('gallery')}${path}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expectedHeading('districtArea', path));
      await expectAccessible(page);
      await expectNoEngine(page);
    });
  }
});

test.describe('unknown paths', () => {
  for (const path of [
    '/no-such-page',
    '/solutions/unknown',
    '/user/me/unknown',
    '/spaces',
    '/resources',
    // Spaces that do not exist.
    '/viewer/no-such-space',
    '/viewer/embed/no-such-space',
  ]) {
    test(`${path} shows Page not found, with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('errors.pageNotFound'));
      await expect(page.getByText(text('errors.pageNotFoundDescription'))).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: text('errors.returnToHomepage') }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('pages.home.heading'));
    });
  }

  test('a district category that does not exist is not found', async ({ page }) => {
    const response = await page.goto(`${districtOrigin('gallery')}/nothing-here`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('errors.pageNotFound'));
  });
});
