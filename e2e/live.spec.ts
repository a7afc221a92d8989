import { chromium, expect, type Page, test } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import { demoSpace, expectAccessible, signIn, text } from './support';

// Two signed-in visitors open the same published space: each sees the other among the space's
// live visitors (an avatar each), they chat, one walks ahead and the other sees their avatar with
// its name tag, then its emote; when one leaves the other is alone again; a visitor who is not
// signed in comes as a guest, and the owner removes them.

// Two browsers drawing in software on 2 busy cores: the whole walk takes 2.5–4.5 minutes in CI.
test.describe.configure({ timeout: 420_000 });
// Other visitors are shown (the suite hides them elsewhere, playwright.config.ts), in a space of
// the museum's that no other test opens, so that the visitors counted are this test's own.
test.use({ storageState: { cookies: [], origins: [] } });
const spaceTitle = 'The Sculpture Court';

async function openViewer(page: Page, sceneId: string) {
  await page.goto(`/viewer/${sceneId}`);
  await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
}

test('visitors of a space see each other live, and one leaving is seen', async ({ browser, request }) => {
  const space = await demoSpace(request, 'Harbour Museum', spaceTitle);
  const museumContext = await browser.newContext();
  const museum = await museumContext.newPage();
  await museum.goto('/');
  await signIn(museum, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  await openViewer(museum, space.sceneId);

  // The school is on another device: its own browser, whose page is in front and draws frames
  // while the museum moves (a page behind another in one browser draws none).
  const schoolBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const schoolContext = await schoolBrowser.newContext({ baseURL: test.info().project.use.baseURL });
  const school = await schoolContext.newPage();
  await school.goto('/');
  await signIn(school, 'school@spaces.localhost', 'Riverside Secondary School');
  await openViewer(school, space.sceneId);

  const label = `${text('viewer.sidebar.liveVisitors')}: 2`;
  for (const page of [museum, school]) {
    const live = page.getByRole('group', { name: label });
    await expect(live).toBeVisible({ timeout: 20_000 });
    await expect(live.getByRole('img', { name: 'Harbour Museum of Modern Art' })).toHaveCount(1);
    await expect(live.getByRole('img', { name: 'Riverside Secondary School' })).toHaveCount(1);
  }
  await expectAccessible(school);

  // Who is live shows on the space's card too: on Explore, the two of them.
  const explore = await museumContext.newPage();
  await explore.goto(`/explore?q=${encodeURIComponent(spaceTitle)}`);
  const card = explore.getByRole('article', { name: spaceTitle });
  await expect(
    card.getByRole('img', { name: text('space.card.liveNow_other').replace('{{formatted}}', '2') }),
  ).toBeVisible({ timeout: 20_000 });
  await expectAccessible(explore);
  await explore.close();
  await museum.bringToFront();

  // They chat: the museum greets, the school sees it (as text) and answers.
  for (const page of [museum, school])
    await page.getByRole('button', { name: text('viewer.sidebar.chat') }).click();
  // Each attempt says its own words: a retry joins the same instance and reads what the last
  // attempt said there in the last 10 minutes.
  const attempt = `#${test.info().retry + 1}`;
  const greeting = `Welcome to the <harbour> & its light ${attempt}`;
  const thanks = `Thank you! ${attempt}`;
  const fromGuest = `Hello from a guest ${attempt}`;
  const unheard = `Can you hear me? ${attempt}`;
  await museum.getByRole('textbox', { name: text('viewer.chat.placeholder') }).fill(greeting);
  await museum.getByRole('button', { name: text('viewer.chat.send') }).click();
  await expect(school.getByRole('log').getByText(greeting, { exact: true })).toBeVisible({ timeout: 10_000 });
  await school.getByRole('textbox', { name: text('viewer.chat.placeholder') }).fill(thanks);
  await school.keyboard.press('Enter');
  await expect(museum.getByRole('log').getByText(thanks)).toBeVisible({ timeout: 10_000 });
  await expect(museum.getByRole('log').getByText(greeting, { exact: true })).toBeVisible();
  await expectAccessible(museum);

  // The museum walks ahead; the school, who looks the same way from the same start, sees the
  // museum's avatar and name in front of them.
  await expect(school.getByTestId('avatar-tags')).toHaveAttribute('data-avatars', '1');
  const tag = school.getByTestId('avatar-tag').filter({ hasText: 'Harbour Museum of Modern Art' });
  // A page drawing in software on a busy machine takes few steps in 1.5 s: the museum walks on
  // until the school sees it ahead.
  await expect(async () => {
    await museum
      .locator('canvas')
      .first()
      .click({ position: { x: 5, y: 5 } });
    await museum.keyboard.down('w');
    await museum.waitForTimeout(1500);
    await museum.keyboard.up('w');
    await expect(tag).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 45_000 });
  // Near, the museum is the rigged figure, not an impostor.
  await expect(school.getByTestId('avatar-tags')).toHaveAttribute('data-figures', '1', { timeout: 15_000 });
  // The museum waves: the school sees it on the avatar, whose figure plays the Wave clip. A wave
  // lasts 3 s; a page drawing in software on a busy machine may miss one, so the museum waves again
  // until the school sees it.
  await museum.getByRole('button', { name: text('viewer.sidebar.emotes') }).click();
  await expect(async () => {
    await museum.getByRole('button', { name: text('viewer.emotes.wave') }).click();
    await expect(tag).toContainText('Wave', { timeout: 5_000 });
    await expect(school.getByTestId('avatar-tags')).toHaveAttribute('data-playing', 'Wave', {
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(museum);
  // The school hides the other visitors in its settings, and shows them again.
  await school.getByRole('button', { name: text('viewer.sidebar.settings') }).click();
  const showVisitors = school.getByLabel(text('viewer.settings.showVisitors'));
  await showVisitors.uncheck();
  await expect(school.getByTestId('avatar-tags')).toBeHidden();
  await showVisitors.check();
  await expect(tag).toBeVisible();

  // The school leaves: the museum is alone again, and the row goes.
  await schoolContext.close();
  await expect(museum.getByTestId('viewer-live-visitors')).toBeHidden({ timeout: 20_000 });

  // A visitor who is not signed in comes as a guest: counted, named 'Guest …', and may chat.
  const guestContext = await schoolBrowser.newContext({ baseURL: test.info().project.use.baseURL });
  const guest = await guestContext.newPage();
  await openViewer(guest, space.sceneId);
  const withGuest = museum.getByRole('group', { name: `${text('viewer.sidebar.liveVisitors')}: 2` });
  await expect(withGuest).toBeVisible({ timeout: 20_000 });
  await expect(withGuest.getByRole('img', { name: /^Guest [0-9A-F]{4}$/ })).toHaveCount(1);
  await guest.getByRole('button', { name: text('viewer.sidebar.chat') }).click();
  await expect(guest.getByText(text('viewer.chat.signIn'))).toBeVisible();
  await guest.getByRole('textbox', { name: text('viewer.chat.placeholder') }).fill(fromGuest);
  await guest.keyboard.press('Enter');
  await museum.getByRole('button', { name: text('viewer.sidebar.chat') }).click();
  await expect(museum.getByRole('log').getByText(fromGuest)).toBeVisible({ timeout: 10_000 });
  await expectAccessible(guest);

  // The museum mutes the guest for itself: what the guest says no longer reaches it.
  await museum.getByRole('button', { name: text('viewer.liveVisitors.list') }).click();
  const here = museum.getByRole('dialog', { name: text('viewer.liveVisitors.list') });
  await expect(here.getByText('Harbour Museum of Modern Art')).toBeVisible();
  // Nothing to do to itself.
  await expect(here.getByRole('button', { name: /Harbour Museum of Modern Art$/ })).toHaveCount(0);
  const guestActions = here.getByRole('button', { name: /^Actions for Guest/ });
  await guestActions.click();
  await expectAccessible(museum);
  await museum.getByRole('menuitem', { name: text('viewer.ignore.mute') }).click();
  await expect(here.getByText(text('viewer.ignore.muted'))).toBeVisible();
  await museum.keyboard.press('Escape');
  await expect(here).toBeHidden();
  await guest.getByRole('textbox', { name: text('viewer.chat.placeholder') }).fill(unheard);
  await guest.keyboard.press('Enter');
  await expect(guest.getByRole('log').getByText(unheard)).toBeVisible({ timeout: 10_000 });
  await museum.waitForTimeout(1000);
  const museumLog = museum.getByRole('log');
  await expect(museumLog.getByText(fromGuest)).toBeVisible();
  await expect(museumLog.getByText(unheard)).toHaveCount(0);

  // The museum owns the space: it removes the guest, who is told, and is alone again.
  await museum.getByRole('button', { name: text('viewer.liveVisitors.list') }).click();
  await guestActions.click();
  await museum.getByRole('menuitem', { name: text('viewer.moderation.remove') }).click();
  await expect(
    guest.getByRole('alert').filter({ hasText: 'The owner of this space asked you to leave' }),
  ).toBeVisible({
    timeout: 10_000,
  });
  await museum.keyboard.press('Escape');
  await expect(museum.getByTestId('viewer-live-visitors')).toBeHidden({ timeout: 20_000 });
  await guestContext.close();
  await museumContext.close();
  await schoolBrowser.close();
});
