import { expect, type Page, test } from '@playwright/test';
import { demoSpace, expectAccessible, signIn, text } from './support';

// A space's scheduled events as its owner and a visitor meet them: the museum schedules a late
// opening that is on now; a guest sees it 'Live now' in the Events panel, and no longer once the
// museum cancels it.

// Two viewers drawn by the software renderer the other tests' pages share: slow on a busy machine.
test.describe.configure({ timeout: 300_000 });

const panelButton = (page: Page) =>
  page
    .getByRole('navigation', { name: text('viewer.sidebar.toolbar') })
    .getByRole('button', { name: text('viewer.sidebar.events'), exact: true });
const chatButton = (page: Page) =>
  page
    .getByRole('navigation', { name: text('viewer.sidebar.toolbar') })
    .getByRole('button', { name: text('viewer.sidebar.chat'), exact: true });
const panel = (page: Page) => page.getByRole('region', { name: text('viewer.sidebar.events'), exact: true });

/** A `datetime-local` value `minutes` from now, in the browser's time zone. */
const localIn = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const at = Date.now() + m * 60_000;
    return new Date(at - new Date(at).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, minutes);

test('the owner schedules an event that visitors see live, then cancels it', async ({
  page,
  browser,
  request,
}) => {
  // Its own title, so that a retry never meets the event of an earlier try.
  const title = `Late opening ${Date.now().toString(36)}`;
  const space = await demoSpace(request, 'Harbour Museum', 'Spring Salon 2025');
  await page.goto('/');
  await signIn(page, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  await page.goto(`/viewer/${space.sceneId}`);
  await panelButton(page).click();
  const form = panel(page).getByRole('form', { name: text('viewer.events.schedule') });
  await form.getByRole('textbox', { name: text('viewer.events.title') }).fill(title);
  await form.getByLabel(text('viewer.events.starts')).fill(await localIn(page, -10));
  await form.getByLabel(text('viewer.events.ends')).fill(await localIn(page, 120));
  await form.getByRole('button', { name: text('viewer.events.add') }).click();
  const mine = panel(page).getByRole('listitem').filter({ hasText: title });
  await expect(mine.getByText(text('viewer.events.live'))).toBeVisible();
  await expectAccessible(page);

  // A guest in another browser sees it on, and cannot change it.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/viewer/${space.sceneId}`);
  await panelButton(guest).click();
  const seen = panel(guest).getByRole('listitem').filter({ hasText: title });
  await expect(seen.getByText(text('viewer.events.live'))).toBeVisible({ timeout: 30_000 });
  await expect(panel(guest).getByRole('form')).toHaveCount(0);

  // While it is on, the space has an Event chat: the guest says hello, the museum reads it.
  const hello = `Hello from a guest at ${title}`;
  await chatButton(guest).click();
  await guest.getByRole('tab', { name: text('viewer.chat.tabs.event') }).click();
  await expect(guest.getByRole('heading', { name: new RegExp(title) })).toBeVisible({ timeout: 30_000 });
  await guest.getByRole('textbox', { name: text('viewer.chat.placeholder') }).fill(hello);
  await guest.getByRole('button', { name: text('viewer.chat.send') }).click();
  await chatButton(page).click();
  await page.getByRole('tab', { name: text('viewer.chat.tabs.event') }).click();
  await expect(page.getByRole('log').getByText(hello)).toBeVisible({ timeout: 30_000 });
  // Not the public chat of their instance.
  await page.getByRole('tab', { name: text('viewer.chat.tabs.public') }).click();
  await expect(page.getByText(hello)).toHaveCount(0);
  await panelButton(page).click();
  await panelButton(guest).click();
  await expect(seen).toBeVisible({ timeout: 30_000 });

  await mine.getByRole('button', { name: text('viewer.events.cancel').replace('{{title}}', title) }).click();
  await expect(mine).toHaveCount(0);
  // The guest opens the panel again: the list is read again, without it.
  await panelButton(guest).click();
  await expect(panel(guest)).toBeHidden();
  await panelButton(guest).click();
  // Read (no events, or only those of an earlier try), and this one is not among them.
  const read = panel(guest).getByText(text('viewer.events.empty')).or(panel(guest).getByRole('listitem'));
  await expect(read.first()).toBeVisible({ timeout: 30_000 });
  await expect(seen).toHaveCount(0);
  await guest.context().close();
});
