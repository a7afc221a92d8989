import { expect, type Page, test as base } from '@playwright/test';
import { type RouteDef, type RouteId, routes } from '../src/routes';
import {
  accessTokenOf,
  type DemoSpace,
  demoSpace,
  districtOrigin,
  fillExample,
  newEmail,
  signUp,
  skipGuide,
  text,
  walkingPage,
} from './support';

// Every page of the route map on a phone held upright (390 × 844): nothing wider than the screen,
// so the page never slides sideways, and the header's buttons each keep their label on one line.

const phone = { width: 390, height: 844 };

/** How far the page reaches beyond the screen, and the elements that stick out. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    const beyond = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}: ${e.textContent?.slice(0, 40)}`,
      );
    return { scrollWidth, innerWidth: window.innerWidth, beyond };
  });
}

/** The labels in the page's header that wrap onto a second line. */
function wrappedHeaderLabels(page: Page) {
  return page.evaluate(() => {
    const wrapped: string[] = [];
    for (const control of document.querySelectorAll('header a, header button')) {
      const texts = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if (range.getClientRects().length > 1) wrapped.push(node.textContent);
      }
    }
    return wrapped;
  });
}

/** Examples that list space cards; signed in, the own drafts too. */
const listsSpaces = (example: string, signedIn: boolean) =>
  example === '/explore' ||
  example.startsWith('/user/:userId/spaces') ||
  (signedIn && example === '/user/me/spaces/drafts');

/** Opens a page and waits until it shows what it loads (its spaces, its 3D view). */
async function openPage(page: Page, route: RouteDef, url: string, signedIn: boolean, spaces = false) {
  await page.goto(url);
  // /login hands over to the OpenID Provider's sign-in page at once.
  if (route.id === 'login') await page.waitForURL(/\/interaction\//);
  // A signed-in user's first visit to the editor opens its guide.
  if (route.id === 'editorNew' && signedIn) {
    // The editor: its guide opens on a first visit; the title field stands for a heading.
    await skipGuide(page);
    await expect(page.getByRole('textbox', { name: text('editor.header.titleLabel') })).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  }
  if (spaces) {
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
  }
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
}

async function expectFitsThePhone(page: Page) {
  const { scrollWidth, innerWidth, beyond } = await overflow(page);
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide: ${beyond.join(' | ')}`).toBeLessThanOrEqual(
    innerWidth,
  );
  expect(await wrappedHeaderLabels(page), `header labels wrapping on ${page.url()}`).toEqual([]);
}

// One phone page per worker for each side, walked from page to page: what every page shares (the
// app's scripts, fonts, pictures) loads once, as for a visitor, and the walk takes a fraction of the
// time fresh browser contexts would. Each page is still opened by its address.
const test = base.extend<{ demo: DemoSpace; page: Page }, { signedOut: Page; signedIn: Page }>({
  demo: async ({ request }, use) => use(await demoSpace(request)),
  signedOut: walkingPage({ viewport: phone }),
  page: async ({ signedOut }, use) => use(signedOut),
  // One account per worker, signed up through the provider's pages, with one draft of its own.
  signedIn: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ viewport: phone, baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await page.goto('/');
      await signUp(page, 'Pat Phone', newEmail('pat'));
      const created = await page.request.post('/api/sceneService/scene/metadata', {
        headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
        multipart: { title: 'Pocket gallery' },
      });
      expect(created.status()).toBe(201);
      await use(page);
      await context.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

test.use({ viewport: phone });
test.describe.configure({ timeout: 60_000 });

const mainRoutes = routes.filter((r) => r.host === 'any');
const districtRoutes = routes.filter((r) => r.host === 'district');

test.describe('signed out', () => {
  for (const route of mainRoutes) {
    for (const example of route.examples) {
      test(`${example} fits a phone`, async ({ page, demo }) => {
        await openPage(page, route, fillExample(example, demo), false, listsSpaces(example, false));
        await expectFitsThePhone(page);
      });
    }
  }
  for (const route of districtRoutes) {
    for (const example of ['/', ...route.examples]) {
      test(`district ${example} fits a phone`, async ({ page }) => {
        await openPage(page, route, `${districtOrigin('gallery')}${example}`, false);
        await expectFitsThePhone(page);
      });
    }
  }
});

/**
 * Pages of text whose body is the same signed in: the signed-in header they share is checked on
 * every other page (and on the first solution page), so they are walked signed out only.
 */
const sameSignedIn = new Set<RouteId>([
  'login',
  'terms',
  'termsProfessional',
  'termsDataProcessing',
  'privacy',
  'refund',
  'faqs',
  'guides',
  'guide',
  'blog',
  'blogPost',
  'glossary',
  'migration',
  'comingSoon',
  'spaceAccessDenied',
]);

test.describe('signed in', () => {
  // The header (Create Space and the account menu), the own profile with a draft, and the pages
  // that show more to a signed-in user.
  for (const route of mainRoutes.filter((r) => !sameSignedIn.has(r.id))) {
    for (const example of route.id === 'solution' ? route.examples.slice(0, 1) : route.examples) {
      test(`${example} fits a phone`, async ({ demo, signedIn }) => {
        await openPage(signedIn, route, fillExample(example, demo), true, listsSpaces(example, true));
        await expectFitsThePhone(signedIn);
      });
    }
  }
});
