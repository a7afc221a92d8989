import { expect, type Page, test } from '@playwright/test';
import { accountButton, districtOrigin, newEmail, password, signUp, text } from './support';

// A 1x1 PNG for the profile picture.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
async function openDrawerItem(page: Page, name: string, item: string) {
  const drawer = page.getByRole('dialog');
  await expect(async () => {
    if (!(await drawer.isVisible())) await accountButton(page, name).click();
    await expect(drawer).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 15_000 });
  await drawer
    .getByRole('link', { name: item, exact: true })
    .or(drawer.getByRole('button', { name: item, exact: true }))
    .click();
}

async function signOut(page: Page, name: string) {
  // The app signs out with its ID token, so the provider does not ask again; it comes back home.
  await openDrawerItem(page, name, text('profile.menu.logOut'));
  await page.waitForURL((url) => url.pathname === '/');
  await expect(
    page.getByRole('banner').getByRole('button', { name: text('nav.login'), exact: true }),
  ).toBeVisible();
}

for (const host of ['main', 'district'] as const) {
  test(`create an account, edit the profile with a picture, sign out and in again (${host} host)`, async ({
    page,
  }) => {
    // A long journey (sign up, edit, sign out, a refused and a right sign-in): close to a minute
    // on a busy machine.
    test.setTimeout(120_000);
    const origin = host === 'main' ? '' : districtOrigin('gallery');
    const name = host === 'main' ? 'Ada Artist' : 'Gil Gallery';
    const email = newEmail(host);
    await page.goto(`${origin}/pricing`);
    await signUp(page, name, email);
    // Back on the page where sign-in started.
    await expect(page).toHaveURL(/\/pricing$/);

    await openDrawerItem(page, name, text('profile.menu.profile'));
    await expect(page).toHaveURL(/\/user\/[^/]+$/);
    const profileUrl = page.url();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    await page.getByRole('button', { name: text('profile.editInfo.title') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text('profile.fields.city')).fill('Lisbon');
    await dialog.getByLabel(text('profile.fields.bio')).fill('I build galleries.');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: text('common.actions.save') }).click();
    await expect(page.getByText(text('toasts.profileUpdated'))).toBeVisible();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: text('common.actions.cancel') }).click();

    await page.reload();
    await expect(page.getByText('Lisbon')).toBeVisible();
    await expect(page.getByText('I build galleries.')).toBeVisible();
    const avatar = page.getByRole('img', { name, exact: true });
    await expect(avatar).toHaveAttribute('src', /\/api\/fileService\/file\//);

    // The avatar other visitors see in live spaces: picked in Edit info, kept on the user.
    if (host === 'main') {
      await page.getByRole('button', { name: text('profile.editInfo.title') }).click();
      await dialog.getByRole('tab', { name: text('profile.editInfo.avatar.tab') }).click();
      await dialog.getByRole('radio', { name: text('profile.editInfo.avatar.shapes.tall') }).check();
      await dialog.getByRole('radio', { name: text('profile.editInfo.avatar.colours.teal') }).check();
      await expect(dialog.getByRole('img', { name: 'Tall avatar in Teal' })).toBeVisible();
      await dialog.getByRole('button', { name: text('common.actions.save') }).click();
      await expect(page.getByText(text('toasts.profileUpdated'))).toBeVisible();
      await page.reload();
      await page.getByRole('button', { name: text('profile.editInfo.title') }).click();
      await dialog.getByRole('tab', { name: text('profile.editInfo.avatar.tab') }).click();
      await expect(
        dialog.getByRole('radio', { name: text('profile.editInfo.avatar.colours.teal') }),
      ).toBeChecked();
      await expect(
        dialog.getByRole('radio', { name: text('profile.editInfo.avatar.shapes.tall') }),
      ).toBeChecked();
      await dialog.getByRole('button', { name: text('modal.close') }).click();
      await expect(dialog).toBeHidden();
    }

    await signOut(page, name);

    // A stranger sees the profile without edit controls.
    await page.goto(profileUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('button', { name: text('profile.editInfo.title') })).toHaveCount(0);

    await page
      .getByRole('banner')
      .getByRole('button', { name: text('nav.login'), exact: true })
      .click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Incorrect e-mail or password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(accountButton(page, name)).toBeVisible();
    await expect(page).toHaveURL(profileUrl);
    await expect(page.getByRole('button', { name: text('profile.editInfo.title') })).toBeVisible();
  });
}

test('sign in from a district host and come back to it', async ({ page }) => {
  const name = 'Dina District';
  await page.goto(`${districtOrigin('gallery')}/members`);
  await signUp(page, name, newEmail('dina'));
  await expect(page).toHaveURL(`${districtOrigin('gallery')}/members`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('pages.districtArea.members'));
});

test('delete the account: a wrong password is refused, the right one removes everything', async ({
  page,
}) => {
  const name = 'Del Eted';
  await page.goto('/');
  await signUp(page, name, newEmail('del'));
  await openDrawerItem(page, name, text('profile.menu.profile'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const profileUrl = page.url();

  await page.getByRole('button', { name: text('profile.editInfo.title') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: text('profile.editInfo.profileManagement') }).click();
  await dialog.getByLabel(text('profile.editInfo.currentPassword')).fill('not my password');
  await dialog.getByRole('button', { name: text('profile.editInfo.confirmDelete') }).click();
  await expect(dialog.getByText('Incorrect Password')).toBeVisible();

  await dialog.getByLabel(text('profile.editInfo.currentPassword')).fill(password);
  await dialog.getByRole('button', { name: text('profile.editInfo.confirmDelete') }).click();
  // The account is gone, and with it the session; the provider may still ask to confirm signing out.
  const signIn = page.getByRole('banner').getByRole('button', { name: text('nav.login'), exact: true });
  const confirm = page.getByRole('heading', { level: 1, name: 'Sign out of Spaces?' });
  await expect(signIn.or(confirm)).toBeVisible();
  if (await confirm.isVisible()) await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: text('nav.login'), exact: true }),
  ).toBeVisible();

  await page.goto(profileUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('errors.pageNotFound'));
});

test('settings: search visibility is saved on the user', async ({ page }) => {
  const name = 'Vera Visible';
  await page.goto('/settings');
  await signUp(page, name, newEmail('vera'));
  await expect(page).toHaveURL(/\/settings$/);
  const searchable = page.getByRole('switch', { name: text('settings.visibility.searchable') });
  await expect(searchable).toBeChecked();
  // The switch follows the saved record: it turns off once the change is stored.
  await searchable.click();
  await expect(searchable).not.toBeChecked();
  await expect(page.getByText(text('toasts.settingsSaved'))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: text('settings.visibility.searchable') })).not.toBeChecked();
});
