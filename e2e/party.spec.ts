import { expect, type Page, test } from '@playwright/test';
import { demoSpace, expectAccessible, signIn, text } from './support';

// A party as two members meet it: in a space, the museum invites the school from "Who is here";
// the school joins from its Party panel, which shows when the party was made, its participants
// and its invitations. When the museum, the leader, goes to another space, the school's viewer
// follows it there, into the same instance, and the two are together again.

// Two signed-in viewers drawing in software: slow on a busy machine.
test.describe.configure({ timeout: 240_000 });

async function openViewer(page: Page, sceneId: string) {
  await page.goto(`/viewer/${sceneId}`);
  await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
}

const fill = (key: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text(key));

async function openPanel(page: Page, label: string) {
  const region = page.getByRole('region', { name: label, exact: true });
  if (!(await region.isVisible()))
    await page
      .getByRole('navigation', { name: text('viewer.sidebar.toolbar') })
      .getByRole('button', { name: label, exact: true })
      .click();
  await expect(region).toBeVisible();
  return region;
}

test('a leader invites a visitor to a party, and the party follows the leader to another space', async ({
  browser,
  request,
}) => {
  // Spaces no other test opens, so that the visitors counted are this test's own.
  const market = await demoSpace(request, 'Harbour Museum', 'Museum Shop Winter Market');
  const ceramics = await demoSpace(request, 'Studio Lindqvist', 'Kiln & Co. Ceramics');

  const museum = await (await browser.newContext()).newPage();
  await museum.goto('/');
  await signIn(museum, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  const school = await (await browser.newContext()).newPage();
  await school.goto('/');
  await signIn(school, 'school@spaces.localhost', 'Riverside Secondary School');
  await openViewer(museum, market.sceneId);
  await openViewer(school, market.sceneId);
  const together = `${text('viewer.sidebar.liveVisitors')}: 2`;
  await expect(museum.getByRole('group', { name: together })).toBeVisible({ timeout: 30_000 });
  // A party left over from an earlier try is left first.
  for (const page of [museum, school]) {
    const panel = await openPanel(page, text('viewer.sidebar.party'));
    const start = panel.getByRole('button', { name: text('viewer.party.create') });
    const leave = panel.getByRole('button', { name: text('viewer.party.leave') });
    await expect(start.or(leave)).toBeVisible({ timeout: 15_000 });
    if (await leave.isVisible()) await leave.click();
    await expect(start).toBeVisible({ timeout: 15_000 });
  }

  // The museum invites the school from "Who is here".
  await museum.getByRole('button', { name: text('viewer.liveVisitors.list') }).click();
  const here = museum.getByRole('dialog', { name: text('viewer.liveVisitors.list') });
  await here.getByRole('button', { name: /^Actions for Riverside Secondary School/ }).click();
  await museum.getByRole('menuitem', { name: text('viewer.party.invite') }).click();
  await museum.keyboard.press('Escape');
  const museumParty = await openPanel(museum, text('viewer.sidebar.party'));
  await expect(
    museumParty.getByText(fill('viewer.party.waitingFor', { name: 'Riverside Secondary School' })),
  ).toBeVisible({ timeout: 15_000 });

  // The school sees the invitation in its Party panel, and joins.
  const schoolParty = await openPanel(school, text('viewer.sidebar.party'));
  await expect(
    schoolParty.getByText(fill('viewer.party.invitedBy', { name: 'Harbour Museum of Modern Art' })),
  ).toBeVisible({ timeout: 15_000 });
  await schoolParty.getByRole('button', { name: text('viewer.party.accept') }).click();
  await expect(
    schoolParty.getByText(fill('viewer.party.you', { name: 'Riverside Secondary School' })),
  ).toBeVisible({ timeout: 15_000 });
  await expect(schoolParty.getByText('Harbour Museum of Modern Art')).toBeVisible();
  await expect(schoolParty.getByText(text('viewer.party.leader'), { exact: true })).toBeVisible();
  await expect(schoolParty.getByRole('switch', { name: text('viewer.party.follow') })).toBeChecked();
  await expectAccessible(school);
  // The leader's panel follows through the hub: the school is a participant, no longer invited.
  await expect(
    museumParty.getByRole('button', {
      name: fill('viewer.party.remove', { name: 'Riverside Secondary School' }),
    }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(museumParty.getByText(text('viewer.party.noInvitations'))).toBeVisible();

  // The leader goes to the studio's space; the school's viewer follows, into the leader's instance.
  await openViewer(museum, ceramics.sceneId);
  await expect(school).toHaveURL(new RegExp(`/viewer/${ceramics.sceneId}\\?instance=\\d+$`), {
    timeout: 30_000,
  });
  await expect(school.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  for (const page of [museum, school])
    await expect(page.getByRole('group', { name: together })).toBeVisible({ timeout: 30_000 });

  // The school leaves the party; the leader's panel shows it alone.
  const again = await openPanel(school, text('viewer.sidebar.party'));
  await again.getByRole('button', { name: text('viewer.party.leave') }).click();
  await expect(again.getByRole('button', { name: text('viewer.party.create') })).toBeVisible({
    timeout: 15_000,
  });
  const leaderNow = await openPanel(museum, text('viewer.sidebar.party'));
  await expect(
    leaderNow.getByText(fill('viewer.party.you', { name: 'Harbour Museum of Modern Art' })),
  ).toBeVisible();
  await expect(leaderNow.getByText('Riverside Secondary School')).toHaveCount(0, { timeout: 15_000 });
  await leaderNow.getByRole('button', { name: text('viewer.party.leave') }).click();
  await expect(leaderNow.getByRole('button', { name: text('viewer.party.create') })).toBeVisible({
    timeout: 15_000,
  });
});
