import { expect, type Page, test } from '@playwright/test';
import { demoSpace, expectAccessible, signIn, text } from './support';

// Two signed-in visitors open the same published space: each sees the other among the space's
// live visitors (an avatar each), they chat, and when one leaves the other is alone again.

test.describe.configure({ timeout: 180_000 });

async function openViewer(page: Page, sceneId: string) {
  await page.goto(`/viewer/${sceneId}`);
  await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
}

test('visitors of a space see each other live, and one leaving is seen', async ({ browser, request }) => {
  const space = await demoSpace(request);
  const museumContext = await browser.newContext();
  const museum = await museumContext.newPage();
  await museum.goto('/');
  await signIn(museum, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  await openViewer(museum, space.sceneId);

  const schoolContext = await browser.newContext();
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

  // Who is live is also what a space's card reads.
  const cards = await (
    await request.get(`/api/communicationInteractionService/live?sceneIds=${space.sceneId}`)
  ).json();
  expect(cards.scenes[0]).toMatchObject({ sceneId: space.sceneId, count: 2 });

  // They chat: the museum greets, the school sees it (as text) and answers.
  for (const page of [museum, school])
    await page.getByRole('button', { name: text('viewer.sidebar.chat') }).click();
  const greeting = 'Welcome to the <harbour> & its light';
  await museum.getByRole('textbox', { name: text('viewer.chat.placeholder') }).fill(greeting);
  await museum.getByRole('button', { name: text('viewer.chat.send') }).click();
  await expect(school.getByRole('log').getByText(greeting, { exact: true })).toBeVisible({ timeout: 10_000 });
  await school.getByRole('textbox', { name: text('viewer.chat.placeholder') }).fill('Thank you!');
  await school.keyboard.press('Enter');
  await expect(museum.getByRole('log').getByText('Thank you!')).toBeVisible({ timeout: 10_000 });
  await expect(museum.getByRole('log').getByText(greeting, { exact: true })).toBeVisible();
  await expectAccessible(museum);

  // The school leaves: the museum is alone again, and the row goes.
  await schoolContext.close();
  await expect(museum.getByTestId('viewer-live-visitors')).toBeHidden({ timeout: 20_000 });
  await museumContext.close();
});
