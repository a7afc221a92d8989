import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { avatarMessage } from '../../contracts/avatars';
import type { UserFull } from '../../contracts/users';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { ProfileView } from '../../src/views/pages/profile';
import { AppToasts, json, renderInApp } from '../support/spa';

const user: SessionUser = { userId: 'u2', name: 'Bob', roles: ['free-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'u2', name: 'Bob', searchable: true, autoSave: true };

const record = (avatar: string | null): UserFull => ({
  userId: 'u2',
  name: 'Bob',
  username: null,
  bio: null,
  city: null,
  country: null,
  occupation: null,
  website: null,
  socialMedia: [],
  profilePicture: null,
  coverPhoto: null,
  coverCrop: null,
  signedUp: '2026-01-01T00:00:00.000Z',
  numOfFollowers: 0,
  numOfFollowing: 0,
  numPublishedSpaces: 0,
  email: 'bob@example.com',
  birthday: null,
  gender: null,
  searchable: true,
  autoSave: true,
  hideContentLibrary: false,
  hideGroups: false,
  editorGuideSeen: true,
  active: true,
  avatar,
  generalRole: null,
  loginProvider: null,
  privateSpaceInvitationCode: null,
  lastLogin: null,
  roles: ['free-user'],
});

/** A fake user service holding Bob's record; PATCHes are kept as the form's entries. */
function fakeUsers(avatar: string | null, refuse = false) {
  let stored = record(avatar);
  const saved: Record<string, string>[] = [];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/userService/user/u2' && request.method === 'GET') return json(stored);
    if (path === '/api/userService/user/u2' && request.method === 'PATCH') {
      const form = Object.fromEntries(
        [...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]),
      );
      saved.push(form);
      if (refuse)
        return json(
          {
            code: 'VALIDATION_FAILED',
            message: avatarMessage,
            details: [{ path: '/avatar', message: avatarMessage }],
          },
          400,
        );
      stored = { ...stored, avatar: form.avatar || null };
      return json(stored);
    }
    return json({ items: [], cp: 0, ipp: 9, hasMore: false, total: 0 });
  };
  return { fetch, saved };
}

async function openAvatarTab() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit info' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('tab', { name: 'Avatar' }));
  return dialog;
}

describe('the profile’s Avatar tab', () => {
  it('picks a shape and a colour, previews them, and saves them as shape/colour', async () => {
    const users = fakeUsers(null);
    await renderInApp(
      <>
        <ProfileView userId="u2" />
        <AppToasts />
      </>,
      { user, profile, fetch: users.fetch },
    );
    const dialog = await openAvatarTab();

    const shapes = within(dialog).getByRole('radiogroup', { name: 'Shape' });
    const colours = within(dialog).getByRole('radiogroup', { name: 'Colour' });
    expect(
      within(shapes)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['classic', 'tall', 'sturdy']);
    expect(within(colours).getAllByRole('radio')).toHaveLength(8);
    // Nothing picked yet: the default is on, and the preview shows the classic figure.
    expect(within(dialog).getByRole('checkbox', { name: 'Use the default' })).toBeChecked();
    expect(within(dialog).getByRole('img', { name: /^Classic avatar in / })).toBeInTheDocument();

    await userEvent.click(within(shapes).getByRole('radio', { name: 'Tall' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Use the default' })).not.toBeChecked();
    await userEvent.click(within(colours).getByRole('radio', { name: 'Teal' }));
    expect(within(colours).getByRole('radio', { name: 'Teal' })).toBeChecked();
    expect(within(dialog).getByRole('img', { name: 'Tall avatar in teal' })).toBeInTheDocument();

    // The keyboard moves through the swatches.
    within(colours).getByRole('radio', { name: 'Teal' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(colours).getByRole('radio', { name: 'Sky' })).toHaveFocus();
    expect(within(dialog).getByRole('img', { name: 'Tall avatar in sky' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: 'Tall avatar in teal' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(users.saved).toEqual([{ avatar: 'tall/teal' }]));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
  });

  it('starts from the stored choice, and goes back to the default with an empty value', async () => {
    const users = fakeUsers('sturdy/plum');
    await renderInApp(<ProfileView userId="u2" />, { user, profile, fetch: users.fetch });
    const dialog = await openAvatarTab();
    expect(within(dialog).getByRole('radio', { name: 'Sturdy' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Plum' })).toBeChecked();
    expect(within(dialog).getByRole('img', { name: 'Sturdy avatar in plum' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use the default' }));
    expect(within(dialog).getByRole('img', { name: /^Classic avatar in / })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(users.saved).toEqual([{ avatar: '' }]));
  });

  it('shows what the server refused', async () => {
    const users = fakeUsers(null, true);
    await renderInApp(<ProfileView userId="u2" />, { user, profile, fetch: users.fetch });
    const dialog = await openAvatarTab();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Coral' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(users.saved).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(avatarMessage);
    expect(within(dialog).getAllByText(avatarMessage).length).toBeGreaterThanOrEqual(1);
  });
});
