import { expect, type Page, test } from '@playwright/test';
import { editorTitle, fillSpaceInfo, next, openWizard, publish, wizard } from './publish';
import { expectAccessible, newEmail, signIn, signUp, skipGuide, text, usePremade } from './support';

// Three people in three browsers: the museum (a Pro demo account) makes a group and invites Ben;
// Ben hears of it under his bell and accepts; the museum publishes a space open to the group only;
// Ben gets in, Cy (in no group) is refused.

test.describe.configure({ timeout: 300_000 });

const bell = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: unread
      ? text('notifications.bellUnread_other').replace('{{count}}', String(unread))
      : text('notifications.bell'),
  });

async function newPerson(browser: import('@playwright/test').Browser, name: string, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signUp(page, name, newEmail(label));
  return { context, page };
}

test('a creator opens a space to a group: its member gets in, a stranger is refused', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const benName = `Ben Member ${stamp}`;
  const groupTitle = `Patrons ${stamp}`;
  const spaceTitle = `Patrons preview ${stamp}`;
  const ben = await newPerson(browser, benName, 'ben');
  const cy = await newPerson(browser, `Cy Stranger ${stamp}`, 'cy');

  const museumContext = await browser.newContext();
  const museum = await museumContext.newPage();
  await museum.goto('/');
  await signIn(museum, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');

  // The museum makes a group under Profile › Connections › Groups and invites Ben by name.
  await museum.goto('/user/me/connections/groups');
  await museum.getByRole('button', { name: text('groups.new') }).click();
  const form = museum.getByRole('dialog', { name: text('groups.new') });
  await form.getByLabel(text('groups.fields.title')).fill(groupTitle);
  await form.getByLabel(text('groups.fields.description')).fill('Friends who see exhibitions first.');
  await form.getByRole('button', { name: text('groups.create') }).click();
  const group = museum.getByRole('dialog', { name: groupTitle });
  await expect(group).toBeVisible({ timeout: 30_000 });
  await expect(group.getByText(text('groups.members_one').replace('{{count}}', '1'))).toBeVisible();
  await expectAccessible(museum);
  await group.getByLabel(text('groups.invitePeople')).fill(benName);
  await museum.getByRole('option', { name: benName }).click();
  await group.getByRole('button', { name: text('groups.invite'), exact: true }).click();
  await expect(
    group
      .getByRole('list', { name: text('groups.membersList').replace('{{title}}', groupTitle) })
      .getByText(benName),
  ).toBeVisible();
  await group.getByRole('button', { name: text('modal.close') }).click();

  // Ben hears of it, follows the notification to his groups, and accepts.
  await expect(bell(ben.page, 1)).toBeVisible({ timeout: 30_000 });
  await bell(ben.page, 1).click();
  await ben.page
    .getByText(
      text('notifications.kinds.groupInvitation')
        .replace('{{actor}}', 'Harbour Museum of Modern Art')
        .replace('{{groupTitle}}', groupTitle),
    )
    .click();
  await expect(ben.page).toHaveURL(/\/connections\/groups$/);
  const invitations = ben.page.getByRole('region', { name: text('groups.invitations') });
  await invitations
    .getByRole('button', { name: text('groups.open').replace('{{title}}', groupTitle) })
    .click();
  const invited = ben.page.getByRole('dialog', { name: groupTitle });
  await invited.getByRole('button', { name: text('groups.accept'), exact: true }).click();
  await expect(invited.getByRole('button', { name: text('groups.leave') })).toBeVisible();
  await expect(invited.getByText(text('groups.members_other').replace('{{count}}', '2'))).toBeVisible();
  await invited.getByRole('button', { name: text('modal.close') }).click();
  await expect(invitations).toHaveCount(0);

  // The museum publishes a space that only the group may view, choosing it in the wizard.
  await museum.goto('/curate');
  await skipGuide(museum);
  await usePremade(museum, 'Loft', 'S');
  await editorTitle(museum).fill(spaceTitle);
  await museum.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  await expect(museum).toHaveURL(/\/curate\/[^/]+$/, { timeout: 30_000 });
  const sceneId = museum.url().split('/').pop()!;
  await openWizard(museum);
  await fillSpaceInfo(museum, ['patrons', 'preview', 'prints'], '#3a5a7a');
  await next(museum).click();
  await wizard(museum).getByRole('radio', { disabled: false }).first().check();
  await next(museum).click();
  await wizard(museum)
    .getByRole('radio', { name: text('publish.privacy.selected') })
    .check();
  await wizard(museum)
    .getByRole('button', { name: text('publish.access.groups'), exact: true })
    .click();
  await wizard(museum)
    .getByRole('searchbox', { name: text('publish.access.searchGroups') })
    .fill(groupTitle);
  await wizard(museum)
    .getByRole('option', { name: new RegExp(groupTitle) })
    .click();
  await wizard(museum)
    .getByRole('button', { name: text('kit.dualList.add'), exact: true })
    .click();
  await expect(
    wizard(museum)
      .getByRole('listbox', { name: text('kit.dualList.selected') })
      .getByRole('option', { name: new RegExp(groupTitle) }),
  ).toBeVisible();
  await next(museum).click();
  await next(museum).click();
  await publish(museum).click();
  await expect(museum.getByText(text('publish.published'))).toBeVisible({ timeout: 30_000 });

  // Cy is in no group: refused. Ben is in the group: he sees the space.
  await cy.page.goto(`/viewer/${sceneId}`);
  await expect(cy.page).toHaveURL(/\/space-access-denied$/);
  await ben.page.goto(`/viewer/${sceneId}`);
  await expect(ben.page.getByRole('heading', { name: spaceTitle })).toBeVisible({ timeout: 30_000 });

  await Promise.all([ben.context.close(), cy.context.close(), museumContext.close()]);
});
