import { type APIRequestContext, expect, test } from '@playwright/test';
import { demoSpace, expectAccessible, signIn, text } from './support';

// Direct messages as two members meet them: the studio writes to the school from its profile;
// the school sees the unread count in its header, reads and answers; the studio's open
// conversation shows the answer as it arrives. Later the school finds the conversation in the
// viewer's Chat › Direct tab.

// Two signed-in browsers, one of them a software-drawn viewer: slow on a busy machine.
test.describe.configure({ timeout: 180_000 });

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

  // In a space, the school chats with its creator from the creator's menu: the Chat panel opens
  // on its Direct tab with that conversation. The other conversations are in the same tab.
  const space = await demoSpace(request, 'Harbour Museum', 'Spring Salon 2025');
  await school.goto(`/viewer/${space.sceneId}`);
  const toolbar = school.getByRole('navigation', { name: text('viewer.sidebar.toolbar') });
  const info = school.getByRole('region', { name: text('viewer.sidebar.spaceInfo'), exact: true });
  if (!(await info.isVisible()))
    await toolbar.getByRole('button', { name: text('viewer.sidebar.spaceInfo'), exact: true }).click();
  await info.getByRole('button', { name: 'Harbour Museum of Modern Art', exact: true }).click();
  await school.getByRole('menuitem', { name: text('viewer.creator.chat'), exact: true }).click();
  const chat = school.getByRole('region', { name: text('viewer.sidebar.chat'), exact: true });
  await expect(chat.getByRole('tab', { name: text('viewer.chat.tabs.direct') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const museumLog = chat.getByRole('log', {
    name: fill('messages.log', { names: 'Harbour Museum of Modern Art' }),
  });
  await expect(museumLog).toBeVisible({ timeout: 30_000 });
  const question = `Is the salon open late? ${tag}`;
  await chat.getByRole('textbox', { name: text('messages.write') }).fill(question);
  await chat.getByRole('textbox', { name: text('messages.write') }).press('Enter');
  await expect(museumLog.getByText(question)).toBeVisible();
  await expectAccessible(school);
  // Greet and Invite write to the creator in the same conversation: the invitation's link leads to
  // this space (and the instance the school is in, once it is there).
  const creatorMenu = async () => {
    if (!(await info.isVisible()))
      await toolbar.getByRole('button', { name: text('viewer.sidebar.spaceInfo'), exact: true }).click();
    await info.getByRole('button', { name: 'Harbour Museum of Modern Art', exact: true }).click();
  };
  await creatorMenu();
  await school.getByRole('menuitem', { name: text('viewer.creator.greet'), exact: true }).click();
  await expect(
    museumLog.getByText(fill('viewer.creator.greetText', { title: 'Spring Salon 2025' })).last(),
  ).toBeVisible();
  await creatorMenu();
  await school.getByRole('menuitem', { name: text('viewer.creator.invite'), exact: true }).click();
  const invitation = museumLog
    .getByText(fill('viewer.creator.inviteText', { title: 'Spring Salon 2025', url: '' }))
    .last();
  await expect(invitation).toBeVisible();
  expect(await invitation.textContent()).toMatch(new RegExp(`/viewer/${space.sceneId}(\\?instance=\\d+)?$`));
  await chat.getByRole('button', { name: text('messages.back') }).click();
  await expect(
    chat.getByRole('button', {
      name: new RegExp(`^${fill('messages.with', { names: 'Studio Lindqvist' })}`),
    }),
  ).toBeVisible();
});
