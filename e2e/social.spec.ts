import { expect, type Page, test } from '@playwright/test';
import { accessTokenOf, newEmail, signUp, text } from './support';

// Two people in two browsers: Ben visits Ada's published space, follows her from its Space info,
// likes it, keeps it among his favourites and comments; Ada hears of it under her bell as it
// happens and answers; Ben hears of the answer. Ben's Activity and Explore › MY FAVOURITES list
// the space, and Ada's Insights count his visit.

test.describe.configure({ timeout: 240_000 });

/** Publishes a space through the API as the signed-in user of `page`; answers its id. */
async function publishSpace(page: Page, title: string): Promise<string> {
  const auth = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const created = await page.request.post('/api/sceneService/scene/metadata', {
    headers: auth,
    multipart: { title, tags: 'prints,harbour,light', description: 'Prints of the harbour at dawn.' },
  });
  const sceneId = ((await created.json()) as { sceneId: string }).sceneId;
  await page.request.put(`/api/sceneService/scene/content/${sceneId}`, { headers: auth, data: {} });
  const slots = (await (
    await page.request.get('/api/sceneService/slot/available', { headers: auth })
  ).json()) as {
    items: { slotId: string }[];
  };
  const published = await page.request.post(`/api/sceneService/sceneactions/${sceneId}/publish`, {
    headers: auth,
    data: { slotId: slots.items[0].slotId },
  });
  expect(published.status(), await published.text()).toBe(200);
  return sceneId;
}

const bell = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: unread
      ? text('notifications.bellUnread_other').replace('{{count}}', String(unread))
      : text('notifications.bell'),
  });

async function openSpaceInfo(page: Page, sceneId: string) {
  await page.goto(`/viewer/${sceneId}`);
  await expect(page.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Space info' }).click();
}

test('a visitor follows, likes, keeps and comments on a space; its creator hears of it live and answers', async ({
  browser,
}) => {
  const adaContext = await browser.newContext();
  const ada = await adaContext.newPage();
  await ada.goto('/');
  await signUp(ada, 'Ada Artist', newEmail('ada'));
  const title = `Harbour prints ${Date.now()}`;
  const sceneId = await publishSpace(ada, title);
  await ada.goto('/');
  await expect(bell(ada, 0)).toBeVisible();

  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  await ben.goto('/');
  await signUp(ben, 'Ben Visitor', newEmail('ben'));
  await openSpaceInfo(ben, sceneId);
  await ben
    .getByRole('button', { name: text('follows.followName').replace('{{name}}', 'Ada Artist') })
    .click();
  await expect(
    ben.getByRole('button', { name: text('follows.unfollowName').replace('{{name}}', 'Ada Artist') }),
  ).toBeVisible();
  await ben.getByRole('button', { name: text('spaceReactions.likeLabel') }).click();
  await expect(ben.getByRole('button', { name: text('spaceReactions.unlikeLabel') })).toBeVisible();
  await ben.getByRole('button', { name: text('spaceReactions.favourite') }).click();
  await expect(ben.getByRole('button', { name: text('spaceReactions.unfavourite') })).toBeVisible();
  await ben.getByLabel(text('viewer.comments.add')).fill('The light in the second print is wonderful.');
  await ben.getByRole('button', { name: text('viewer.comments.post'), exact: true }).click();
  await expect(ben.getByText('The light in the second print is wonderful.')).toBeVisible();

  // Ada, on another page all along, sees both arrive under her bell.
  await expect(bell(ada, 2)).toBeVisible({ timeout: 30_000 });
  await bell(ada, 2).click();
  await expect(ada.getByText('Ben Visitor started following you')).toBeVisible();
  await ada.getByText('Ben Visitor commented on your space').click();
  await expect(ada).toHaveURL(new RegExp(`/viewer/${sceneId}`));
  await expect(ada.getByTestId('viewer-page')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  await ada.getByRole('button', { name: 'Space info' }).click();
  await ada
    .getByRole('button', { name: text('viewer.comments.reply'), exact: true })
    .first()
    .click();
  const reply = ada.getByLabel(text('viewer.comments.addReply'));
  await reply.fill('Thank you, Ben!');
  // The reply form's own button (after its Cancel) sends it.
  await reply
    .locator('xpath=ancestor::*[.//button[normalize-space()="Cancel"]][1]')
    .getByRole('button', { name: text('viewer.comments.reply'), exact: true })
    .click();
  await expect(ada.getByText('Thank you, Ben!')).toBeVisible();

  // Ben hears of the answer (the viewer has no header: he finds it under his bell after).
  await ben.goto('/');
  await expect(bell(ben, 1)).toBeVisible({ timeout: 30_000 });

  // Ben's Activity and Explore's MY FAVOURITES list the space.
  await ben.goto('/user/me/activity/favorites');
  await expect(ben.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  await ben.goto('/user/me/activity/history');
  await expect(ben.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  await ben.goto('/explore');
  await ben.getByRole('button', { name: text('explore.filters.myFavourites') }).click();
  await expect(ben.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });

  // Ada's Insights count Ben's visit (her own is left out).
  await ada.goto('/user/me/spaces/published');
  await ada
    .getByRole('button', { name: text('space.actions.insights') })
    .first()
    .click();
  const insights = ada.getByRole('dialog');
  await expect(insights).toBeVisible();
  await expect(insights.getByText(text('insights.loading'))).toHaveCount(0, { timeout: 30_000 });
  // One visit: Ben's (a dt of the figure 'Visits' followed by its dd).
  await expect(
    insights.locator('dt', { hasText: text('insights.visits') }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('1');

  await adaContext.close();
  await benContext.close();
});
