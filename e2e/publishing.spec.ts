import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { editorTitle, fillSpaceInfo, next, openWizard, publish, wizard } from './publish';
import { accessTokenOf, newEmail, port, signIn, signUp, skipGuide, text, usePremade } from './support';

// Publishing as creators and visitors meet it: the publish wizard in the editor, Explore's search
// and tags, the share panel's embed code in a page of another site, private spaces, and the
// published snapshot that stays as it was while the draft changes.

test.describe.configure({ timeout: 300_000 });

test('publish through every wizard step, find the space on Explore, embed it on another site, and republish a changed draft', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Tidepool ${stamp}`;
  const tag = `tide${stamp}`;
  await page.goto('/');
  await signUp(page, 'Nell Publisher', newEmail('nell'));

  await page.goto('/curate');
  await skipGuide(page);
  await usePremade(page, 'White cube', 'S');
  await editorTitle(page).fill(title);
  await page.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  await expect(page).toHaveURL(/\/curate\/[^/]+$/, { timeout: 30_000 });
  const sceneId = page.url().split('/').pop()!;

  // The wizard, step by step.
  await openWizard(page);
  await next(page).click(); // nothing filled in yet: space info refuses
  await expect(wizard(page).getByText(/at least 3 tags/)).toBeVisible();
  await fillSpaceInfo(page, ['coast', 'harbour', tag], '#2a6f97');
  await next(page).click();
  // Placement: a new user's only slot, the free one, is already chosen.
  await expect(
    wizard(page).getByRole('radio', { name: new RegExp(text('publish.placement.freeSlot')) }),
  ).toBeChecked();
  await next(page).click();
  // Privacy and communication are Standard features: locked on the free plan, with a hint.
  await expect(wizard(page).getByRole('radio', { name: text('publish.privacy.selected') })).toBeDisabled();
  await expect(wizard(page).getByText(text('publish.privacy.standardOnly'))).toBeVisible();
  await next(page).click();
  await expect(
    wizard(page).getByRole('radio', { name: text('publish.communication.selected') }),
  ).toBeDisabled();
  await next(page).click();
  await publish(page).click(); // the publish step
  await expect(page.getByText(text('publish.published'))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('editor-state-badge')).toHaveText(text('editor.header.badge.published'));

  // The share panel opens with the link; its embed code, without sign-in.
  const share = page.getByRole('dialog', { name: text('share.title') });
  await expect(share).toBeVisible();
  await share.getByRole('button', { name: text('share.embed') }).click();
  const embed = page.getByRole('dialog', { name: text('share.embedTitle') });
  await expect(embed.getByRole('checkbox', { name: text('share.showSignIn') })).not.toBeChecked();
  const code = await embed.getByRole('textbox', { name: text('share.embedCode') }).inputValue();
  expect(code).toContain(`/viewer/embed/${sceneId}?showSignIn=0&amp;showCommunications=0`);
  expect(code).toMatch(/width="700" height="500"/);
  await page.keyboard.press('Escape');

  // Explore finds it by a word of its title and by its tag; its card opens it.
  await page.goto('/explore');
  await page.getByRole('searchbox', { name: text('explore.searchSpaces') }).fill(stamp);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await page.goto(`/explore?tags=${tag}`);
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await card.getByRole('link', { name: text('space.card.visitSpace') }).click();
  await expect(page).toHaveURL(new RegExp(`/viewer/${sceneId}\\?from=explore$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The embed code in a page of another site (127.0.0.1 against localhost): the space plays,
  // sign-in is hidden.
  const host: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Our museum</title><h1>Our museum</h1>${code}`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    const hostPort = (host.address() as AddressInfo).port;
    const other = await browser.newContext();
    const visitor = await other.newPage();
    await visitor.goto(`http://127.0.0.1:${hostPort}/`);
    const frame = visitor.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
    await expect(frame.getByTestId('viewer-page')).toHaveAttribute('data-show-sign-in', 'false');
    await expect(frame.getByTestId('viewer-sign-in')).toHaveCount(0);
    await expect(frame.getByRole('button', { name: /sign in/i })).toHaveCount(0);
    await other.close();
  } finally {
    host.close();
  }

  // The draft changes; visitors keep the published space until it is published again.
  await page.goto(`/curate/${sceneId}`);
  await expect(editorTitle(page)).toHaveValue(title);
  await editorTitle(page).fill(`${title} revised`);
  await page.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  await expect(page.getByTestId('editor-save-status')).toHaveText(text('editor.header.status.saved'), {
    timeout: 30_000,
  });
  const draft = await page.request.get(`/api/sceneService/scene/metadata/${sceneId}`, {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(((await draft.json()) as { title: string }).title).toBe(`${title} revised`);
  const published = await page.request.get(`/api/sceneService/publishedscene/metadata/${sceneId}`);
  expect(((await published.json()) as { title: string }).title).toBe(title);
  await openWizard(page);
  for (let step = 0; step < 4; step++) await next(page).click();
  await publish(page).click();
  await expect(page.getByText(text('publish.published'))).toBeVisible({ timeout: 30_000 });
  const republished = await page.request.get(`/api/sceneService/publishedscene/metadata/${sceneId}`);
  expect(((await republished.json()) as { title: string }).title).toBe(`${title} revised`);
});

test('a private space is refused to a stranger and shown to the selected user', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const guestName = `Vera Guest ${stamp}`;
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/');
  await signUp(guest, guestName, newEmail('vera'));

  // The school's demo account is on the Standard plan: it may choose who views a space.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await signIn(owner, 'school@spaces.localhost', 'Riverside Secondary School');
  // A run that failed half-way may have left its space in the account's spare slot: take it down.
  const auth = { authorization: `Bearer ${await accessTokenOf(owner)}` };
  const mine = (await (
    await owner.request.get('/api/sceneService/scene/metadata/my?ipp=100', { headers: auth })
  ).json()) as { items: { sceneId: string; title: string }[] };
  for (const left of mine.items.filter((s) => s.title.startsWith('Parents evening'))) {
    await owner.request.post(`/api/sceneService/sceneactions/${left.sceneId}/delete`, { headers: auth });
  }
  await owner.goto('/curate');
  await skipGuide(owner);
  await usePremade(owner, 'Loft', 'S');
  await editorTitle(owner).fill(`Parents evening ${stamp}`);
  await owner.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  await expect(owner).toHaveURL(/\/curate\/[^/]+$/, { timeout: 30_000 });
  const sceneId = owner.url().split('/').pop()!;

  await openWizard(owner);
  await fillSpaceInfo(owner, ['school', 'parents', 'evening'], '#8a5a44');
  await next(owner).click();
  // The demo account's spare slot: the one not holding a space.
  await wizard(owner).getByRole('radio', { disabled: false }).first().check();
  await next(owner).click();
  await wizard(owner)
    .getByRole('radio', { name: text('publish.privacy.selected') })
    .check();
  await wizard(owner)
    .getByRole('searchbox', { name: text('publish.access.searchUsers') })
    .fill(guestName);
  await wizard(owner)
    .getByRole('option', { name: new RegExp(guestName) })
    .click();
  await wizard(owner)
    .getByRole('button', { name: text('kit.dualList.add'), exact: true })
    .click();
  await expect(
    wizard(owner)
      .getByRole('listbox', { name: text('kit.dualList.selected') })
      .getByRole('option', { name: new RegExp(guestName) }),
  ).toBeVisible();
  await next(owner).click();
  await next(owner).click();
  await publish(owner).click();
  await expect(owner.getByText(text('publish.published'))).toBeVisible({ timeout: 30_000 });

  // Reopened later, the wizard shows the selected guest by name (the space stores only user ids).
  await owner.goto(`/curate/${sceneId}`);
  await expect(editorTitle(owner)).toHaveValue(`Parents evening ${stamp}`);
  await openWizard(owner);
  await next(owner).click();
  await next(owner).click();
  await expect(
    wizard(owner)
      .getByRole('listbox', { name: text('kit.dualList.selected') })
      .getByRole('option', { name: new RegExp(guestName) }),
  ).toBeVisible();
  await owner.keyboard.press('Escape');
  await expect(wizard(owner)).toBeHidden();

  // A stranger is refused; the selected guest gets in.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto('/');
  await signUp(stranger, 'Stan Stranger', newEmail('stan'));
  await stranger.goto(`/viewer/${sceneId}`);
  await expect(stranger).toHaveURL(/\/space-access-denied$/);
  await guest.goto(`/viewer/${sceneId}`);
  await expect(guest.getByRole('heading', { name: `Parents evening ${stamp}` })).toBeVisible();

  // The owner takes it down again, so the demo account's slot is free for the next run.
  await owner.request.post(`/api/sceneService/sceneactions/${sceneId}/delete`, {
    headers: { authorization: `Bearer ${await accessTokenOf(owner)}` },
  });
  await Promise.all([guestContext.close(), ownerContext.close(), strangerContext.close()]);
});

test('home shows published demo spaces; a space link carries its card for chats and CMSs', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const row = page.getByRole('region', { name: text('explore.row.heading') });
  await expect(row.getByRole('article').first()).toBeVisible();
  const first = row.getByRole('article').first();
  const link = await first.getByRole('link', { name: text('space.card.visitSpace') }).getAttribute('href');
  const sceneId = link!.split('/').pop()!;

  const html = await (await request.get(`/viewer/${sceneId}`)).text();
  expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
  expect(html).toContain(`<link rel="canonical" href="http://localhost:${port}/viewer/${sceneId}"`);
  const discovery = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html);
  expect(discovery).not.toBeNull();
  const oembed = await request.get(discovery![1].replace(/&amp;/g, '&'));
  expect(oembed.status()).toBe(200);
  const answer = (await oembed.json()) as Record<string, unknown>;
  expect(answer).toMatchObject({ type: 'rich', version: '1.0', width: 700, height: 500 });
  expect(answer.html).toContain(`/viewer/embed/${sceneId}`);
});

test('a free user with no slot left buys an extra one with credits from the wizard', async ({ page }) => {
  await page.goto('/');
  await signUp(page, 'Esme Extra', newEmail('esme'));
  // The free plan's one slot already holds a space.
  const auth = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const first = await page.request.post('/api/sceneService/scene/metadata', {
    headers: auth,
    multipart: { title: 'First show', tags: 'one,two,three' },
  });
  const firstId = ((await first.json()) as { sceneId: string }).sceneId;
  await page.request.put(`/api/sceneService/scene/content/${firstId}`, { headers: auth, data: {} });
  const slots = (await (
    await page.request.get('/api/sceneService/slot/available', { headers: auth })
  ).json()) as {
    items: { slotId: string }[];
  };
  const published = await page.request.post(`/api/sceneService/sceneactions/${firstId}/publish`, {
    headers: auth,
    data: { slotId: slots.items[0].slotId },
  });
  expect(published.status(), await published.text()).toBe(200);

  await page.goto('/curate');
  await skipGuide(page);
  await usePremade(page, 'Atrium', 'S');
  await editorTitle(page).fill('Second show');
  await page.getByRole('button', { name: text('editor.header.save'), exact: true }).click();
  await expect(page).toHaveURL(/\/curate\/[^/]+$/, { timeout: 30_000 });
  await openWizard(page);
  await fillSpaceInfo(page, ['two', 'rooms', 'more'], '#6a994e');
  await next(page).click();

  // No credits yet: the wizard offers bundles that cover the slot, and the card checkout.
  await wizard(page)
    .getByRole('button', { name: /Add an extra slot for 100 credits/ })
    .click();
  await expect(wizard(page).getByText(text('publish.errors.insufficientCredits'))).toBeVisible();
  await wizard(page)
    .getByRole('button', { name: /^100 credits/ })
    .click();
  await wizard(page).getByRole('button', { name: 'Buy credits' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await checkout.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await checkout.getByRole('textbox', { name: 'CVC' }).fill('123');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(checkout.getByText('Payment completed')).toBeVisible({ timeout: 30_000 });
  await checkout.getByRole('button', { name: 'Close' }).click();
  // Paid for, the slot is bought and chosen; the space publishes into it.
  await expect(
    wizard(page).getByRole('radio', { name: new RegExp(text('publish.placement.extraSlot')) }),
  ).toBeChecked({ timeout: 30_000 });
  for (let step = 0; step < 3; step++) await next(page).click();
  await publish(page).click();
  await expect(page.getByText(text('publish.published'))).toBeVisible({ timeout: 30_000 });
  const wallet = await page.request.get('/api/marketplaceService/wallet', { headers: auth });
  expect(((await wallet.json()) as { availableBalance: number }).availableBalance).toBe(0);

  // Taken down again, the extra slot is empty, and its owner deletes it from the wizard.
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Close' }).click();
  const secondId = new URL(page.url()).pathname.split('/').pop()!;
  const unpublished = await page.request.post(`/api/sceneService/sceneactions/${secondId}/unpublish`, {
    headers: auth,
  });
  expect(unpublished.status(), await unpublished.text()).toBe(200);
  await openWizard(page);
  await next(page).click();
  const extraSlot = text('publish.placement.extraSlot');
  await wizard(page)
    .getByRole('button', { name: `Delete ${extraSlot}` })
    .click();
  const question = page.getByRole('dialog', { name: `Delete ${extraSlot}?` });
  await expect(question).toContainText('The 100 credits it cost are not refunded.');
  await question.getByRole('button', { name: text('publish.placement.deleteConfirm') }).click();
  await expect(wizard(page).getByRole('radio', { name: new RegExp(extraSlot) })).toHaveCount(0);
  await expect(wizard(page).getByText(text('publish.errors.noSlot'))).toBeVisible();
  const left = await page.request.get('/api/sceneService/slot/my', { headers: auth });
  expect(((await left.json()) as { items: { kind: string }[] }).items.map((s) => s.kind)).toEqual(['free']);
});
