import { type APIRequestContext, expect, test } from '@playwright/test';
import { demoSpace, expectAccessible, signIn, text } from './support';

// Direct messages as two members meet them: the studio writes to the school from its profile;
// the school sees the unread count in its header, reads and answers; the studio's open
// conversation shows the answer as it arrives. Later the school finds the conversation in the
// viewer's Chat › Direct tab.

test.describe.configure({ timeout: 120_000 });

async function userIdOf(request: APIRequestContext, name: string) {
  const found = await (
    await request.get(`/api/userService/users/search?q=${encodeURIComponent(name)}`)
  ).json();
  return (found as { items: { userId: string }[] }).items[0].userId;
}

const fill = (key: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text(key));

test('a member writes to another, who reads and answers; both see it live', async ({
  page,
  browser,
  request,
}) => {
  // Words of their own, so that a retry never reads an earlier try's.
  const tag = Date.now().toString(36);
  const hello = `Hello from the studio ${tag}`;
  const answer = `Thanks, see you at the fair ${tag}`;
  const schoolId = await userIdOf(request, 'Riverside Secondary School');

  await page.goto('/');
  await signIn(page, 'studio@spaces.localhost', 'Studio Lindqvist');
  await page.goto(`/user/${schoolId}`);
  await page
    .getByRole('button', { name: fill('messages.sendTo', { name: 'Riverside Secondary School' }) })
    .click();
  const studioWindow = page.getByRole('dialog', { name: text('messages.title') });
  const studioLog = studioWindow.getByRole('log', {
    name: fill('messages.log', { names: 'Riverside Secondary School' }),
  });
  await expect(studioLog).toBeVisible();
  await studioWindow.getByRole('textbox', { name: text('messages.write') }).fill(hello);
  await studioWindow.getByRole('textbox', { name: text('messages.write') }).press('Enter');
  await expect(studioLog.getByText(hello)).toBeVisible();

  const school = await (await browser.newContext()).newPage();
  await school.goto('/');
  await signIn(school, 'school@spaces.localhost', 'Riverside Secondary School');
  const messagesButton = school.getByRole('banner').getByRole('button', { name: /^Messages, \d+ unread$/ });
  await expect(messagesButton).toBeVisible({ timeout: 30_000 });
  await messagesButton.click();
  const schoolWindow = school.getByRole('dialog', { name: text('messages.title') });
  await schoolWindow
    .getByRole('button', { name: new RegExp(`^${fill('messages.with', { names: 'Studio Lindqvist' })}`) })
    .click();
  const schoolLog = schoolWindow.getByRole('log', {
    name: fill('messages.log', { names: 'Studio Lindqvist' }),
  });
  await expect(schoolLog.getByText(hello)).toBeVisible();
  await expectAccessible(school);
  await schoolWindow.getByRole('textbox', { name: text('messages.write') }).fill(answer);
  await schoolWindow.getByRole('button', { name: text('messages.send') }).click();
  await expect(schoolLog.getByText(answer)).toBeVisible();

  // The studio's open conversation shows the answer as it arrives, through the hub.
  await expect(studioLog.getByText(answer)).toBeVisible({ timeout: 15_000 });

  // In a space, the school finds the conversation in the Chat panel's Direct tab.
  const space = await demoSpace(request, 'Harbour Museum', 'Spring Salon 2025');
  await school.goto(`/viewer/${space.sceneId}`);
  await school
    .getByRole('navigation', { name: text('viewer.sidebar.toolbar') })
    .getByRole('button', { name: text('viewer.sidebar.chat'), exact: true })
    .click();
  await school.getByRole('tab', { name: text('viewer.chat.tabs.direct') }).click();
  const listed = school.getByRole('button', {
    name: new RegExp(`^${fill('messages.with', { names: 'Studio Lindqvist' })}`),
  });
  await expect(listed).toBeVisible({ timeout: 30_000 });
  await listed.click();
  await expect(
    school.getByRole('log', { name: fill('messages.log', { names: 'Studio Lindqvist' }) }).getByText(answer),
  ).toBeVisible();
});
