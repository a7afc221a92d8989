import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
  type WorkerInfo,
} from '@playwright/test';
import base from '../src/i18n/en.json' with { type: 'json' };
import commerce from '../src/i18n/parts/commerce.json' with { type: 'json' };
import exploreSpaces from '../src/i18n/parts/exploreSpaces.json' with { type: 'json' };
import publishWizard from '../src/i18n/parts/publishWizard.json' with { type: 'json' };
import sharing from '../src/i18n/parts/sharing.json' with { type: 'json' };
import viewerShell from '../src/i18n/parts/viewerShell.json' with { type: 'json' };
import viewerA11y from '../src/i18n/parts/viewerA11y.json' with { type: 'json' };
import comments from '../src/i18n/parts/comments.json' with { type: 'json' };
import insights from '../src/i18n/parts/insights.json' with { type: 'json' };
import social from '../src/i18n/parts/social.json' with { type: 'json' };
import spaceReactions from '../src/i18n/parts/spaceReactions.json' with { type: 'json' };
import districts from '../src/i18n/parts/districts.json' with { type: 'json' };
import districtShell from '../src/i18n/parts/districtShell.json' with { type: 'json' };
import groups from '../src/i18n/parts/groups.json' with { type: 'json' };
import districtGroups from '../src/i18n/parts/districtGroups.json' with { type: 'json' };
import districtLibrary from '../src/i18n/parts/districtLibrary.json' with { type: 'json' };
import sceneEvents from '../src/i18n/parts/sceneEvents.json' with { type: 'json' };
import party from '../src/i18n/parts/party.json' with { type: 'json' };
import avatar from '../src/i18n/parts/avatar.json' with { type: 'json' };
import dev from '../src/i18n/parts/dev.json' with { type: 'json' };
import operator from '../src/i18n/parts/operator.json' with { type: 'json' };
import contactForm from '../src/i18n/parts/contactForm.json' with { type: 'json' };
import resourcePages from '../src/i18n/parts/resourcePages.json' with { type: 'json' };
import migration from '../src/i18n/parts/migration.json' with { type: 'json' };
import newsletter from '../src/i18n/parts/newsletter.json' with { type: 'json' };
import assetUpload from '../src/i18n/parts/assetUpload.json' with { type: 'json' };
import directMessages from '../src/i18n/parts/directMessages.json' with { type: 'json' };
import voice from '../src/i18n/parts/voice.json' with { type: 'json' };

export const port = Number(process.env.E2E_PORT);
/** A district subdomain of the test server (`*.localhost` resolves to loopback in Chromium). */
export const districtOrigin = (name: string) => `http://${name}.localhost:${port}`;

type Tree = { [key: string]: string | Tree };
const merge = (into: Tree, extra: Tree): Tree => {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
};
/** The catalogue as the app has it: en.json with the feature parts laid over it (src/i18n/index.ts). */
const en = [
  publishWizard,
  exploreSpaces,
  sharing,
  commerce,
  viewerShell,
  viewerA11y,
  comments,
  social,
  spaceReactions,
  insights,
  districts,
  districtShell,
  groups,
  districtGroups,
  districtLibrary,
  sceneEvents,
  directMessages,
  voice,
  party,
  avatar,
  dev,
  operator,
  contactForm,
  resourcePages,
  migration,
  newsletter,
  assetUpload,
].reduce<Tree>((all, part) => merge(all, part as Tree), base);

/** Looks up a catalogue string by its dotted key. */
export function text(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  if (typeof value !== 'string') throw new Error(`No catalogue string at ${key}`);
  return value;
}

/** Fails on any serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // The page as it settles: a panel fading in is judged once its colours are its own.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `accessibility violations on ${page.url()}`).toEqual([]);
}

export const password = 'correct horse battery';
let counter = 0;
export const newEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.org`;

export const accountButton = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name: text('nav.accountMenu').replace('{{name}}', name) });

/** From the app, signs up through the provider's pages and comes back signed in. */
export async function signUp(page: Page, name: string, email: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: text('nav.login'), exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Sign-up, the provider's redirects and the session start: slow when the machine is busy.
  await expect(accountButton(page, name)).toBeVisible({ timeout: 30_000 });
  // The callback page hands over to the page sign-in started from.
  await expect(page).not.toHaveURL(/\/authentication\/callback/);
}

/** The signed-in user's access token, as the app keeps it. */
/** Signs in with a demo account (README, 'Demo content'). */
export async function signIn(page: Page, email: string, name: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: text('nav.login'), exact: true })
    .click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('spaces-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountButton(page, name)).toBeVisible({ timeout: 30_000 });
}

export async function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token: string }).access_token;
  });
}

/**
 * The editor page: closes the guide modal if it opened (it opens by itself on the user's first
 * editor visit only). Waits until the page has decided, from the user's record, whether to open it.
 */
export async function skipGuide(page: Page) {
  const decided = page.locator('[data-guide]:not([data-guide="deciding"])');
  await expect(decided).toHaveCount(1);
  if ((await decided.getAttribute('data-guide')) !== 'open') return;
  const guide = page.getByTestId('editor-guide');
  await expect(guide).toBeVisible();
  await page.getByRole('button', { name: text('editor.guide.skip') }).click();
  await expect(guide).toBeHidden();
}

/** The editor's Define Space step: Premade, the size, and the family's card, whose 3D preview opens. */
export async function openRoomPreview(page: Page, family: string, size: string) {
  // The choice follows the engine's first report, which may land just after the click.
  const premade = page.getByRole('radio', { name: text('dev.editor.space.premade') });
  await expect(async () => {
    await premade.check();
    await expect(page.getByLabel(text('dev.editor.space.size'))).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.getByLabel(text('dev.editor.space.size')).click();
  await page.getByRole('option', { name: size, exact: true }).click();
  await page.getByRole('button', { name: text('editor.rooms.open').replace('{{room}}', family) }).click();
  return page.getByRole('dialog', { name: new RegExp(`^${family} `) });
}

/**
 * The editor's Define Space step: a premade room of the given family and size, chosen from its card
 * and used from its 3D preview.
 */
export async function usePremade(page: Page, family: string, size: string) {
  const preview = await openRoomPreview(page, family, size);
  await preview.getByRole('button', { name: text('dev.editor.space.useTemplate') }).click();
  await expect(preview).toBeHidden();
}

/**
 * Add Content: drags a picture from the content panel onto the wall in front of the walking camera,
 * `x` of the way across the 3D view.
 */
export async function hangPicture(page: Page, name: string, x = 0.5) {
  await page.getByRole('tab', { name: new RegExp(text('editor.steps.addContent')) }).click();
  await page.getByRole('button', { name: text('dev.editor.history.walk') }).click();
  const box = (await page.getByTestId('engine-box').boundingBox())!;
  await page
    .getByRole('listitem', { name, exact: true })
    .dragTo(page.getByTestId('engine-box'), { targetPosition: { x: box.width * x, y: box.height * 0.45 } });
}

/** The editor's list of the objects placed in the space. */
export const placedObjects = (page: Page) =>
  page.getByRole('listbox', { name: text('dev.editor.objects.list') }).getByRole('option');

/** A published demo space of the seed (README, 'Demo content') and its owner. */
export interface DemoSpace {
  sceneId: string;
  title: string;
  ownerId: string;
  ownerName: string;
}

/**
 * A published space of a demo user of the seed, found by the user's display name: the one with
 * `title`, or the first.
 */
export async function demoSpace(
  request: APIRequestContext,
  ownerName = 'Harbour Museum',
  title?: string,
): Promise<DemoSpace> {
  const users = await (
    await request.get(`/api/userService/users/search?q=${encodeURIComponent(ownerName)}`)
  ).json();
  const [owner] = (users as { items: { userId: string; name: string }[] }).items;
  const spaces = await (
    await request.get(`/api/sceneService/publishedscene/metadata?ownerId=${owner.userId}`)
  ).json();
  const { items } = spaces as { items: { sceneId: string; title: string }[] };
  const space = title === undefined ? items[0] : items.find((s) => s.title === title);
  if (!space) throw new Error(`No published space "${title}" of ${ownerName}`);
  return { sceneId: space.sceneId, title: space.title, ownerId: owner.userId, ownerName: owner.name };
}

/** A route map example (src/routes.ts) with its `:sceneId` and `:userId` set to demo content. */
export const fillExample = (example: string, demo: DemoSpace) =>
  example
    .replace(':sceneId', encodeURIComponent(demo.sceneId))
    .replace(':userId', encodeURIComponent(demo.ownerId));

/**
 * Collects the page's Content-Security-Policy violation reports from its next navigation on (the
 * `securitypolicyviolation` events of every document, and the console lines of the ones reported
 * elsewhere, e.g. in workers). Read the list once the page has done its work.
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const reports: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = reports;
    document.addEventListener('securitypolicyviolation', (e) =>
      reports.push(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
    ...fromConsole,
  ];
}

/**
 * A worker-scoped fixture: one page per worker with the project's address and stored state (and
 * `options`), for specs that walk many pages. What the pages share (the app's scripts, fonts,
 * pictures) loads once, as for a visitor; each page is still opened by its address.
 */
export function walkingPage(options: BrowserContextOptions = {}) {
  return [
    async ({ browser }: { browser: Browser }, use: (page: Page) => Promise<void>, workerInfo: WorkerInfo) => {
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        storageState: workerInfo.project.use.storageState as BrowserContextOptions['storageState'],
        ...options,
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' as const },
  ] as [
    (
      fixtures: { browser: Browser },
      use: (page: Page) => Promise<void>,
      workerInfo: WorkerInfo,
    ) => Promise<void>,
    { scope: 'worker' },
  ];
}
