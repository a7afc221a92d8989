import { expect, test } from '@playwright/test';
import { expectAccessible, newEmail, signIn, text } from './support';

// Coming soon's notify-me (issue 24 §4): double opt-in by the mail's link, which the operator can
// read in the operator area when the platform has no SMTP server.

test('a visitor asks to be told on coming soon and confirms by the link in the mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('nina');
  await page.goto('/coming-soon');
  await expect(page.getByRole('heading', { level: 1, name: text('pages.comingSoon.heading') })).toBeVisible();
  const form = page.getByRole('form', { name: text('newsletter.form') });
  await form.getByRole('button', { name: text('comingSoon.notifyMe') }).click();
  await expect(form.getByText(text('validation.contact.email'))).toBeVisible();
  await form.getByLabel(text('comingSoon.email')).fill(email);
  await form.getByRole('button', { name: text('comingSoon.notifyMe') }).click();
  await expect(page.getByText(text('newsletter.sent'))).toBeVisible();
  await expectAccessible(page);

  // The mail, as the operator sees it: the confirmation link and the way out.
  const opsContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const ops = await opsContext.newPage();
  await ops.goto('/');
  await signIn(ops, 'demo@spaces.localhost', 'Harbour Museum of Modern Art');
  await ops.goto('/admin');
  await ops.getByLabel(text('operator.mail.recipient')).fill(email);
  await ops.getByRole('button', { name: text('operator.mail.search') }).click();
  await ops.getByRole('button', { name: 'Confirm your newsletter sign-up' }).click();
  const body = (await ops.getByRole('dialog').textContent()) ?? '';
  const confirm = body.match(/http:\/\/\S+\/api\/mailService\/newsletter\/confirm\?token=[\w-]+/)?.[0];
  expect(body).toMatch(/Unsubscribe: http:\/\/\S+\/newsletter\/unsubscribe\?token=/);
  expect(confirm).toBeTruthy();
  await opsContext.close();

  // Following it lands back on coming soon, which says so.
  await page.goto(confirm!);
  await expect(page).toHaveURL(/\/coming-soon\?newsletter=confirmed$/);
  await expect(
    page.getByRole('status').filter({ hasText: text('newsletter.outcome.confirmed') }),
  ).toBeVisible();
});

test('the migration page says what moves and asks about the move with the contact form', async ({ page }) => {
  await page.goto('/artsteps-migration');
  await expect(page.getByRole('heading', { level: 2, name: text('migration.stepsHeading') })).toBeVisible();
  await expect(page.getByText(text('migration.help'))).toBeVisible();
  const form = page.getByRole('form', { name: text('contact.form') });
  await expect(form.getByRole('combobox', { name: text('contact.inquiryType') })).toHaveText(
    text('contact.inquiry.migration'),
  );
  await expect(form.getByLabel(text('migration.messageLabel'))).toBeVisible();
  await expectAccessible(page);
});
