import { expect, test } from '@playwright/test';
import {
  accessTokenOf,
  accountButton,
  demoSpace,
  expectAccessible,
  newEmail,
  signIn,
  signUp,
  text,
} from './support';

// The operator area (issue 24 §7): with no SMTP server, a forgotten password is reset by the
// link in the mail the operator opens in /admin. Someone without the role is told the area is not theirs.

test('a forgotten password is reset by the mail the operator reads in the operator area', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const baseURL = test.info().project.use.baseURL;
  const email = newEmail('rosa');

  // Rosa has an account; the operator area is not for her.
  const rosaContext = await browser.newContext({ baseURL });
  const rosa = await rosaContext.newPage();
  await rosa.goto('/');
  await signUp(rosa, 'Rosa Reset', email);
  await rosa.goto('/admin');
  await expect(rosa.getByText(text('operator.denied'))).toBeVisible();
  await rosaContext.close();

  // In another browser she has forgotten her password and asks for a link.
  const againContext = await browser.newContext({ baseURL });
  const again = await againContext.newPage();
  await again.goto('/');
  await again
    .getByRole('banner')
    .getByRole('button', { name: text('nav.login'), exact: true })
    .click();
  await again.getByRole('link', { name: 'Forgot password?' }).click();
  await again.getByLabel('E-mail').fill(email);
  await again.getByRole('button', { name: 'Send reset link' }).click();
  await expect(again.getByText(/If an account exists for that e-mail/)).toBeVisible();

  // The operator finds the mail and opens it.
  const opsContext = await browser.newContext({ baseURL });
  const ops = await opsContext.newPage();
  await ops.goto('/');
  await signIn(ops, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  await ops.goto('/admin');
  await expect(ops.getByRole('heading', { level: 1, name: text('pages.operator.title') })).toBeVisible();
  await ops.getByLabel(text('operator.mail.recipient')).fill(email);
  await ops.getByRole('button', { name: text('operator.mail.search') }).click();
  const table = ops.getByRole('table', { name: text('operator.mail.table') });
  // The header, and Rosa's two mails: the confirmation of her address at sign-up and the reset link.
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('button', { name: 'Confirm your e-mail address for Spaces' })).toBeVisible();
  await expectAccessible(ops);
  await table.getByRole('button', { name: 'Reset your Spaces password' }).click();
  const dialog = ops.getByRole('dialog', { name: 'Reset your Spaces password' });
  await expect(dialog.getByText(`To: ${email}`)).toBeVisible();
  await expectAccessible(ops);
  const link = dialog.getByRole('document').getByRole('link', { name: /\/oidc-account\/reset\// });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^http:\/\/localhost:\d+\/oidc-account\/reset\/[^/]+$/);
  await dialog.getByRole('button', { name: text('operator.mail.close') }).click();

  // The link, opened in Rosa's browser, sets a new password she then signs in with.
  await again.goto(href!);
  await again.getByLabel('New password', { exact: true }).fill('a brand new password');
  await again.getByLabel('Confirm new password').fill('a brand new password');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await expect(again.getByText('Your password has been changed.')).toBeVisible();
  await again.goto('/');
  await again
    .getByRole('banner')
    .getByRole('button', { name: text('nav.login'), exact: true })
    .click();
  await again.getByLabel('E-mail').fill(email);
  await again.getByLabel('Password', { exact: true }).fill('a brand new password');
  await again.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountButton(again, 'Rosa Reset')).toBeVisible({ timeout: 30_000 });
  await againContext.close();

  // The operator finds Rosa among the users and disables her account: she can no longer sign in.
  await ops.getByRole('tab', { name: text('operator.users.tab') }).click();
  await ops.getByLabel(text('operator.users.query')).fill(email);
  await ops.getByRole('button', { name: text('operator.users.search'), exact: true }).click();
  const users = ops.getByRole('table', { name: text('operator.users.table') });
  await expect(users.getByRole('row')).toHaveCount(2);
  await expectAccessible(ops);
  await users.getByRole('button', { name: 'Disable Rosa Reset' }).click();
  await ops
    .getByRole('dialog', { name: 'Disable Rosa Reset?' })
    .getByRole('button', { name: text('operator.users.disable') })
    .click();
  await expect(ops.getByRole('status').getByText("Rosa Reset's account is disabled.")).toBeVisible();
  await expect(users.getByText(text('operator.users.inactive'))).toBeVisible();
  const lockedContext = await browser.newContext({ baseURL });
  const locked = await lockedContext.newPage();
  await locked.goto('/');
  await locked
    .getByRole('banner')
    .getByRole('button', { name: text('nav.login'), exact: true })
    .click();
  await locked.getByLabel('E-mail').fill(email);
  await locked.getByLabel('Password', { exact: true }).fill('a brand new password');
  await locked.getByRole('button', { name: 'Sign in' }).click();
  await expect(locked.getByText(/This account has been disabled by an operator/)).toBeVisible();
  await lockedContext.close();
  await opsContext.close();
});

test("a visitor's message from the contact page reaches the operator", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = newEmail('cleo');
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: text('contact.form') });
  // Sent empty, each required field says what it needs; the company is optional.
  await form.getByRole('button', { name: text('contact.send') }).click();
  for (const key of ['firstName', 'lastName', 'email', 'inquiryType', 'country', 'message'])
    await expect(form.getByText(text(`validation.contact.${key}`))).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel(text('contact.firstName')).fill('Cleo');
  await form.getByLabel(text('contact.lastName')).fill('Curator');
  await form.getByLabel(text('contact.email')).fill('not an address');
  await form.getByLabel(text('contact.email')).blur();
  await expect(form.getByText(text('validation.contact.emailInvalid'))).toBeVisible();
  await form.getByLabel(text('contact.email')).fill(email);
  await form.getByRole('combobox', { name: text('contact.inquiryType') }).click();
  await page.getByRole('option', { name: text('contact.inquiry.migration') }).click();
  await form.getByRole('combobox', { name: text('contact.country') }).click();
  await page.getByRole('option', { name: 'Portugal' }).click();
  await form
    .getByLabel(text('contact.message'))
    .fill('Our <b>forty</b> exhibitions live on Artsteps. Can they move?');
  await form.getByRole('button', { name: text('contact.send') }).click();
  await expect(page.getByText(text('contact.sent'))).toBeVisible();

  // The operator reads it, as text, with who wrote and how to answer.
  const opsContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const ops = await opsContext.newPage();
  await ops.goto('/');
  await signIn(ops, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  await ops.goto('/admin');
  const subject = 'Contact form: Moving from Artsteps from Cleo Curator';
  await ops
    .getByRole('table', { name: text('operator.mail.table') })
    .getByRole('button', { name: subject })
    .first()
    .click();
  const dialog = ops.getByRole('dialog', { name: subject });
  await expect(dialog.getByText(`E-mail: ${email}`)).toBeVisible();
  await expect(dialog.getByText('Country: Portugal')).toBeVisible();
  await expect(
    dialog.getByText('Our <b>forty</b> exhibitions live on Artsteps.', { exact: false }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: text('operator.mail.close') }).click();
  // Cleo got a confirmation.
  await ops.getByLabel(text('operator.mail.recipient')).fill(email);
  await ops.getByRole('button', { name: text('operator.mail.search') }).click();
  await expect(ops.getByRole('button', { name: 'We received your message' })).toBeVisible();
  // The audit log names what the operators did: the platform made this account an operator.
  await ops.getByRole('tab', { name: text('operator.audit.tab') }).click();
  await expect(ops).toHaveURL(/\/admin\?tab=audit$/);
  await expect(
    ops
      .getByRole('table', { name: text('operator.audit.table') })
      .getByText(text('operator.audit.actions.user_operatorGranted')),
  ).toBeVisible();
  await expectAccessible(ops);
  await opsContext.close();
});

test("the home page's contact form loads as it comes into view and sends like the contact page's", async ({
  page,
}) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: text('pages.home.contactHeading') });
  await section.scrollIntoViewIfNeeded();
  const form = section.getByRole('form', { name: text('contact.form') });
  await form.getByLabel(text('contact.firstName')).fill('Hana');
  await form.getByLabel(text('contact.lastName')).fill('Home');
  await form.getByLabel(text('contact.email')).fill(newEmail('hana'));
  await form.getByRole('combobox', { name: text('contact.inquiryType') }).click();
  await page.getByRole('option', { name: text('contact.inquiry.migration') }).click();
  await form.getByRole('combobox', { name: text('contact.country') }).click();
  await page.getByRole('option', { name: 'Japan' }).click();
  await form.getByLabel(text('contact.message')).fill('A classroom of thirty: where do we start?');
  await expectAccessible(page);
  await form.getByRole('button', { name: text('contact.send') }).click();
  await expect(section.getByText(text('contact.sent'))).toBeVisible();
});

test('the operator hides a reported comment, and visitors no longer see it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL;
  const space = await demoSpace(request, 'Studio Lindqvist');
  const stamp = Date.now();
  const body = `Cheap followers at example.com ${stamp}`;

  // Tom comments on a demo space; Rae reports his comment.
  const as = async (name: string) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await signUp(page, name, newEmail(name.split(' ')[0]!.toLowerCase()));
    return { context, headers: { authorization: `Bearer ${await accessTokenOf(page)}` } };
  };
  const tom = await as('Tom Troll');
  const posted = await request.post(`/api/socialService/comments/scene/${space.sceneId}`, {
    headers: tom.headers,
    data: { body },
  });
  expect(posted.status()).toBe(201);
  const { commentId } = (await posted.json()) as { commentId: string };
  const rae = await as(`Rae Reporter ${stamp}`);
  const reported = await request.post('/api/socialService/reports', {
    headers: rae.headers,
    data: { sceneId: space.sceneId, commentId, reason: 'spam', text: 'An advert, not a comment' },
  });
  expect(reported.status()).toBe(201);

  // The operator reads the report with the comment quoted, and hides the comment.
  const opsContext = await browser.newContext({ baseURL });
  const ops = await opsContext.newPage();
  await ops.goto('/');
  await signIn(ops, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  await ops.goto('/admin');
  await ops.getByRole('tab', { name: text('operator.reports.tab') }).click();
  await expect(ops).toHaveURL(/\/admin\?tab=reports$/);
  // Open reports are oldest first, ten a page: the e2e database is new, so Rae's is on the first.
  const report = ops.getByRole('article', { name: new RegExp(`Rae Reporter ${stamp}`) });
  await expect(report.getByText(body)).toBeVisible();
  await expect(report.getByText('An advert, not a comment')).toBeVisible();
  await expectAccessible(ops);
  await report.getByRole('button', { name: text('operator.reports.hideComment') }).click();
  const dialog = ops.getByRole('dialog', { name: text('operator.reports.confirmComment') });
  await dialog.getByRole('button', { name: text('operator.reports.hideComment') }).click();
  await expect(ops.getByRole('status').getByText('Hidden, and 1 report settled.')).toBeVisible();
  await expect(report).toBeHidden();

  // Visitors no longer see it; the audit log says who hid it.
  const comments = await request.get(`/api/socialService/comments/scene/${space.sceneId}?ipp=50`);
  expect(comments.status()).toBe(200);
  expect(((await comments.json()) as { items: { body: string }[] }).items.map((c) => c.body)).not.toContain(
    body,
  );
  await ops.getByRole('tab', { name: text('operator.audit.tab') }).click();
  await expect(
    ops
      .getByRole('table', { name: text('operator.audit.table') })
      .getByRole('row', { name: new RegExp(`comment:${commentId}`) })
      .getByText(text('operator.audit.actions.report_hidden')),
  ).toBeVisible();
  await Promise.all([tom.context.close(), rae.context.close(), opsContext.close()]);
});
