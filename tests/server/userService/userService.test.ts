import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarMessage } from '../../../contracts/avatars';
import { uploadRules } from '../../../contracts/files';
import type { DatabaseHandle } from '../../../server/db';
import { files, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { multipartBody } from '../fileService/multipart';
import { paddedPng, picturePart, png, userApi } from './helpers';

const fileUrlPattern = /^\/api\/fileService\/file\/[0-9a-f-]{36}$/;

describe.each(testDatabases())('user service on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof userApi>;
  let seq = 0;
  /** A fresh user id per test, so tests do not see each other's records. */
  const newId = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  async function signedUp(label: string, fields: Record<string, string> = {}) {
    const id = newId(label);
    const res = await api.create(id, { name: `${label} person`, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return id;
  }

  const fileCount = async () => Number((await t.app.db.select({ n: count() }).from(files))[0].n);
  const rowOf = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    api = userApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  describe('the first visit', () => {
    it('redirects to creation while there is no record, then answers the record', async () => {
      const id = newId('newcomer');
      const first = await api.my(id);
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('/api/userService/user');
      expect(first.json()).toEqual({
        code: 'NOT_FOUND',
        message: expect.stringMatching(/No user record yet/),
      });

      // A client that follows the redirect learns the same thing there.
      const followed = await t.app.inject({ url: '/api/userService/user', headers: await api.auth(id) });
      expect(followed.statusCode).toBe(404);
      expect(followed.json().code).toBe('NOT_FOUND');

      const created = await api.create(id, { name: 'Ada Lovelace' });
      expect(created.statusCode, created.body).toBe(201);
      const user = created.json();
      expect(user).toMatchObject({
        userId: id,
        name: 'Ada Lovelace',
        email: `${id}@example.com`,
        loginProvider: issuer.issuer,
        searchable: true,
        autoSave: true,
        hideContentLibrary: false,
        hideGroups: false,
        editorGuideSeen: false,
        active: true,
        roles: ['free-user'],
        socialMedia: [],
        profilePicture: null,
        coverPhoto: null,
        numOfFollowers: 0,
        numOfFollowing: 0,
        numPublishedSpaces: 0,
      });
      expect(new Date(user.signedUp).toISOString()).toBe(user.signedUp);

      const again = await api.my(id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        userId: id,
        name: 'Ada Lovelace',
        searchable: true,
        autoSave: true,
      });
      expect(again.json().lastLogin).toEqual(expect.any(String));
      const viaLocation = await t.app.inject({ url: '/api/userService/user', headers: await api.auth(id) });
      expect(viaLocation.statusCode).toBe(200);
      expect(viaLocation.json().userId).toBe(id);
    });

    it('refuses a second record for the same user', async () => {
      const id = await signedUp('twice');
      const res = await api.create(id, { name: 'Again' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
      expect((await rowOf(id)).name).toBe('twice person');
    });

    it('takes the name the sign-in gave when the form has none, and accepts JSON', async () => {
      const id = newId('json');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/userService/user',
        headers: {
          ...(await api.auth(id, { name: 'Grace Hopper', email: 'grace@example.com' })),
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ searchable: false, bio: 'Compilers' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Grace Hopper',
        email: 'grace@example.com',
        searchable: false,
        bio: 'Compilers',
      });
    });

    it('needs a name when the sign-in gave none', async () => {
      const res = await api.create(newId('nameless'), {}, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: '/name', message: 'This field is required' }],
      });
    });

    it('is for signed-in callers only', async () => {
      expect((await api.my(null)).statusCode).toBe(401);
      expect((await api.create(null, { name: 'Nobody' })).statusCode).toBe(401);
      const bad = await t.app.inject({
        url: '/api/userService/user/my',
        headers: { authorization: `Bearer ${await issuer.token({ sub: 'x' }, { audience: 'elsewhere' })}` },
      });
      expect(bad.statusCode).toBe(401);
    });
  });

  describe('profiles', () => {
    const profile = {
      name: 'Ada Lovelace',
      username: 'Ada.L',
      bio: 'First programmer',
      birthday: '1815-12-10',
      city: 'London',
      country: 'United Kingdom',
      gender: 'female',
      occupation: 'Mathematician',
      website: 'https://ada.example.com/about',
      socialMedia: JSON.stringify([
        { name: 'linkedin', url: 'https://www.linkedin.com/in/ada' },
        { name: 'twitter', url: 'https://twitter.com/ada' },
        { name: 'website', url: 'https://blog.example.org' },
      ]),
      searchable: 'false',
      autoSave: 'false',
      hideContentLibrary: 'true',
      hideGroups: 'true',
      editorGuideSeen: 'true',
      coverCrop: JSON.stringify({ x: 0, y: 25, width: 100, height: 50 }),
    };

    it('are changed by their owner, field by field', async () => {
      const id = await signedUp('owner');
      const res = await api.patch(id, id, { ...profile, birthday: '1990-12-10' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        userId: id,
        name: 'Ada Lovelace',
        username: 'ada.l',
        bio: 'First programmer',
        birthday: '1990-12-10',
        city: 'London',
        country: 'United Kingdom',
        gender: 'female',
        occupation: 'Mathematician',
        website: 'https://ada.example.com/about',
        socialMedia: [
          { name: 'linkedin', url: 'https://www.linkedin.com/in/ada' },
          { name: 'x', url: 'https://twitter.com/ada' },
          { name: 'website', url: 'https://blog.example.org' },
        ],
        searchable: false,
        autoSave: false,
        hideContentLibrary: true,
        hideGroups: true,
        editorGuideSeen: true,
        coverCrop: { x: 0, y: 25, width: 100, height: 50 },
      });

      // A later change touches only what it names; an empty value clears a field.
      const later = await api.patch(id, id, { city: 'Paris', bio: '' });
      expect(later.statusCode).toBe(200);
      expect(later.json()).toMatchObject({
        city: 'Paris',
        bio: null,
        country: 'United Kingdom',
        autoSave: false,
      });

      const json = await api.patchJson(id, id, { searchable: true, socialMedia: [] });
      expect(json.statusCode, json.body).toBe(200);
      expect(json.json()).toMatchObject({ searchable: true, socialMedia: [] });
    });

    it('show strangers the public part and their owner everything', async () => {
      const id = await signedUp('shown');
      expect((await api.patch(id, id, { ...profile, username: 'Ada.Shown' })).statusCode).toBe(200);

      for (const viewer of [null, newId('stranger')]) {
        const res = await api.get(id, viewer);
        expect(res.statusCode).toBe(200);
        const seen = res.json();
        expect(seen).toMatchObject({
          userId: id,
          name: 'Ada Lovelace',
          username: 'ada.shown',
          bio: 'First programmer',
          city: 'London',
          country: 'United Kingdom',
          occupation: 'Mathematician',
          website: 'https://ada.example.com/about',
          coverCrop: { x: 0, y: 25, width: 100, height: 50 },
          numOfFollowers: 0,
        });
        expect(seen.socialMedia).toHaveLength(3);
        for (const hidden of [
          'email',
          'birthday',
          'gender',
          'searchable',
          'autoSave',
          'editorGuideSeen',
          'roles',
          'loginProvider',
        ]) {
          expect(seen, hidden).not.toHaveProperty(hidden);
        }
      }

      const own = (await api.get(id, id)).json();
      expect(own).toMatchObject({
        email: `${id}@example.com`,
        birthday: '1815-12-10',
        gender: 'female',
        searchable: false,
        autoSave: false,
        roles: ['free-user'],
      });
    });

    it('answers 404 for an unknown user', async () => {
      const res = await api.get('nobody-here');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    });

    it('may be changed by their owner only', async () => {
      const id = await signedUp('guarded');
      const anonymous = await api.patch(id, null, { name: 'Mallory' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHORIZED');

      const stranger = await api.patch(id, newId('mallory'), { name: 'Mallory' });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'You are not authorized to perform this action',
      });
      expect((await api.get(id)).json().name).toBe('guarded person');

      const unknown = await api.patch('no-such-user', newId('mallory'), { name: 'Mallory' });
      expect(unknown.statusCode).toBe(404);
    });

    it('keep usernames unique whatever their case', async () => {
      const first = await signedUp('first');
      const second = await signedUp('second');
      const name = `unique_${seq}`;
      expect((await api.patch(first, first, { username: name })).statusCode).toBe(200);

      const res = await api.patch(second, second, { username: name.toUpperCase(), city: 'Rome' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'This username is already taken' });
      expect(await rowOf(second)).toMatchObject({ username: null, city: null });

      // Keeping one's own username is no conflict.
      expect((await api.patch(first, first, { username: name, city: 'Rome' })).statusCode).toBe(200);
    });
  });

  describe('avatars', () => {
    it('are picked by their owner, in a form or in JSON, and an empty value is the default again', async () => {
      const id = await signedUp('avatar');
      expect((await api.get(id, id)).json().avatar).toBeNull();

      const picked = await api.patch(id, id, { avatar: 'tall/teal' });
      expect(picked.statusCode, picked.body).toBe(200);
      expect(picked.json().avatar).toBe('tall/teal');
      expect((await api.get(id, id)).json().avatar).toBe('tall/teal');
      expect((await rowOf(id)).avatar).toBe('tall/teal');

      const json = await api.patchJson(id, id, { avatar: 'sturdy/plum' });
      expect(json.statusCode, json.body).toBe(200);
      expect((await api.get(id, id)).json().avatar).toBe('sturdy/plum');

      // Another field's change leaves it alone.
      expect((await api.patch(id, id, { city: 'Lima' })).json().avatar).toBe('sturdy/plum');

      const cleared = await api.patch(id, id, { avatar: '' });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect((await api.get(id, id)).json().avatar).toBeNull();

      expect((await api.patchJson(id, id, { avatar: 'classic/amber' })).statusCode).toBe(200);
      expect((await api.patchJson(id, id, { avatar: null })).json().avatar).toBeNull();
      expect((await api.patchJson(id, id, { avatar: '' })).json().avatar).toBeNull();
    });

    it.each([
      ['a form', 'form'],
      ['JSON', 'json'],
    ] as const)('refuses an unknown look in %s and changes nothing', async (_, kind) => {
      const id = await signedUp('odd-avatar');
      expect((await api.patch(id, id, { avatar: 'classic/sky' })).statusCode).toBe(200);
      const before = await rowOf(id);
      for (const avatar of ['huge/teal', 'tall/pink', 'tall', 'tall/teal/extra', 'x'.repeat(41)]) {
        const res =
          kind === 'form'
            ? await api.patch(id, id, { avatar, city: 'Valid City' })
            : await api.patchJson(id, id, { avatar, city: 'Valid City' });
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json();
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.details).toContainEqual({ path: '/avatar', message: avatarMessage });
        expect(body.message).toContain(avatarMessage);
      }
      expect(await rowOf(id)).toEqual(before);
      expect((await api.get(id, id)).json().avatar).toBe('classic/sky');
    });

    it('are changed by their owner only, and stay out of the public part', async () => {
      const id = await signedUp('avatar-guarded');
      const anonymous = await api.patch(id, null, { avatar: 'tall/teal' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHORIZED');

      const stranger = newId('mallory');
      for (const res of [
        await api.patch(id, stranger, { avatar: 'tall/teal' }),
        await api.patchJson(id, stranger, { avatar: 'tall/teal' }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          code: 'FORBIDDEN',
          message: 'You are not authorized to perform this action',
        });
      }
      expect((await rowOf(id)).avatar).toBeNull();
      expect((await api.get(id, id)).json().avatar).toBeNull();
      expect((await api.get(id, stranger)).json()).not.toHaveProperty('avatar');
    });
  });

  describe('validation', () => {
    const cases: [string, Record<string, string>, string, string][] = [
      ['an empty name', { name: '  ' }, '/name', 'This field is required'],
      ['a long name', { name: 'n'.repeat(101) }, '/name', 'It should contain no more than 100 characters'],
      ['a short username', { username: 'ab' }, '/username', 'It should contain at least 3 characters'],
      [
        'a username with spaces',
        { username: 'ada lovelace' },
        '/username',
        'A username may contain only letters, digits, dots, hyphens and underscores',
      ],
      ['a long bio', { bio: 'b'.repeat(1001) }, '/bio', 'It should contain no more than 1000 characters'],
      [
        'a birthday in the future',
        { birthday: '2999-01-01' },
        '/birthday',
        'The date of birth cannot be in the future',
      ],
      [
        'an impossible birthday',
        { birthday: '2001-02-30' },
        '/birthday',
        'Please provide a valid date (YYYY-MM-DD)',
      ],
      [
        'a birthday in another format',
        { birthday: '10/12/1990' },
        '/birthday',
        'Please provide a valid date (YYYY-MM-DD)',
      ],
      [
        'a website without scheme',
        { website: 'ada.example.com' },
        '/website',
        'Invalid url. Valid url example: https://example.com',
      ],
      [
        'an ftp website',
        { website: 'ftp://ada.example.com' },
        '/website',
        'Invalid url. Valid url example: https://example.com',
      ],
      [
        'a Facebook link elsewhere',
        { socialMedia: JSON.stringify([{ name: 'facebook', url: 'https://instagram.com/ada' }]) },
        '/socialMedia/0/url',
        'Please provide a valid Facebook url',
      ],
      [
        'a LinkedIn link that is no url',
        {
          socialMedia: JSON.stringify([
            { name: 'youtube', url: 'https://youtu.be/abc' },
            { name: 'linkedin', url: 'linkedin' },
          ]),
        },
        '/socialMedia/1/url',
        'Please provide a valid LinkedIn url',
      ],
      [
        'a look-alike host',
        { socialMedia: JSON.stringify([{ name: 'x', url: 'https://notx.com/ada' }]) },
        '/socialMedia/0/url',
        'Please provide a valid X url',
      ],
      [
        'an unknown network',
        { socialMedia: JSON.stringify([{ name: 'myspace', url: 'https://myspace.com/ada' }]) },
        '/socialMedia/0/name',
        'Choose one of: facebook, instagram, x, linkedin, youtube, tiktok, pinterest, behance, artstation, website',
      ],
      [
        'social links that are no JSON',
        { socialMedia: 'facebook.com/ada' },
        '/socialMedia',
        'Send the links as a JSON list of { name, url }',
      ],
      [
        'a crop outside the picture',
        { coverCrop: JSON.stringify({ x: 50, y: 0, width: 60, height: 100 }) },
        '/coverCrop',
        'The crop area must lie inside the picture',
      ],
      [
        'a crop beyond 100 percent',
        { coverCrop: JSON.stringify({ x: 0, y: 0, width: 120, height: 100 }) },
        '/coverCrop/width',
        'Use a number from 0 to 100',
      ],
      ['a flag that is not a boolean', { searchable: 'maybe' }, '/searchable', 'Use true or false'],
      ['an unknown field', { plan: 'pro' }, '/plan', 'Unknown field'],
      ['an e-mail change', { email: 'other@example.com' }, '/email', 'Unknown field'],
    ];

    it.each(cases)('refuses %s and changes nothing', async (_, fields, path, message) => {
      const id = await signedUp('strict');
      const before = await rowOf(id);
      const res = await api.patch(id, id, { city: 'Valid City', ...fields });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toContainEqual({ path, message });
      expect(body.message).toContain(message);
      expect(await rowOf(id)).toEqual(before);
    });

    it('reports every invalid field at once', async () => {
      const id = await signedUp('many');
      const res = await api.patch(id, id, {
        name: '',
        birthday: 'soon',
        website: 'nope',
        socialMedia: JSON.stringify([{ name: 'instagram', url: 'https://facebook.com/ada' }]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { path: '/name', message: 'This field is required' },
        { path: '/birthday', message: 'Please provide a valid date (YYYY-MM-DD)' },
        { path: '/website', message: 'Invalid url. Valid url example: https://example.com' },
        { path: '/socialMedia/0/url', message: 'Please provide a valid Instagram url' },
      ]);
    });

    it('refuses a field sent twice, and an unknown file part', async () => {
      const id = await signedUp('twice-field');
      const twice = multipartBody([
        { name: 'city', data: 'Oslo' },
        { name: 'city', data: 'Bergen' },
      ]);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/userService/user/${id}`,
        headers: { ...(await api.auth(id)), ...twice.headers },
        payload: twice.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ path: '/city', message: 'Send this field once' });

      const files0 = await fileCount();
      const odd = await api.patch(id, id, { city: 'Oslo' }, [picturePart('avatar', await png())]);
      expect(odd.statusCode).toBe(400);
      expect(odd.json().details).toContainEqual({ path: '/avatar', message: 'Unknown field' });
      expect(await fileCount()).toBe(files0);
      expect((await rowOf(id)).city).toBeNull();
    });

    it('refuses unknown fields in JSON too', async () => {
      const id = await signedUp('json-strict');
      const res = await api.patchJson(id, id, { name: 'Ok', generalRole: 'admin', plan: 'pro' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual(
        expect.arrayContaining([
          { path: '/generalRole', message: 'Unknown field' },
          { path: '/plan', message: 'Unknown field' },
        ]),
      );
      expect(await rowOf(id)).toMatchObject({ name: 'json-strict person', plan: 'free' });
    });
  });

  describe('pictures', () => {
    it('round-trip: the profile picture is stored, linked and served byte for byte', async () => {
      const id = await signedUp('pictured');
      const picture = await png('#2a9d8f', 64, 48);
      const res = await api.patch(id, id, { name: 'Pictured' }, [
        picturePart('profilePicture', picture, 'face.png'),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().profilePicture as string;
      expect(url).toMatch(fileUrlPattern);

      const seen = await api.get(id, newId('visitor'));
      expect(seen.json().profilePicture).toBe(url);

      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(picture)).toBe(true);

      const [row] = await t.app.db
        .select()
        .from(files)
        .where(eq(files.id, url.split('/').pop()!));
      expect(row).toMatchObject({
        ownerId: id,
        kind: 'picture',
        width: 64,
        height: 48,
        originalName: 'face.png',
      });
    });

    it('stores a cover photo with its crop, and leaves a replaced picture alone', async () => {
      const id = await signedUp('covered');
      const first = await api.patch(
        id,
        id,
        { coverCrop: JSON.stringify({ x: 0, y: 10, width: 100, height: 40 }) },
        [picturePart('coverPhoto', await png('#e76f51', 120, 40), 'cover.png')],
      );
      expect(first.statusCode, first.body).toBe(200);
      const firstUrl = first.json().coverPhoto as string;
      expect(firstUrl).toMatch(fileUrlPattern);
      expect(first.json().coverCrop).toEqual({ x: 0, y: 10, width: 100, height: 40 });

      const webp = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#264653' } })
        .webp()
        .toBuffer();
      const second = await api.patch(id, id, {}, [
        picturePart('coverPhoto', webp, 'cover.webp', 'image/webp'),
      ]);
      expect(second.statusCode).toBe(200);
      const secondUrl = second.json().coverPhoto as string;
      expect(secondUrl).not.toBe(firstUrl);
      expect((await t.app.inject({ url: secondUrl })).headers['content-type']).toBe('image/webp');
      expect((await t.app.inject({ url: firstUrl })).statusCode).toBe(200);

      // An empty value removes the picture from the profile.
      const removed = await api.patch(id, id, { coverPhoto: '' });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().coverPhoto).toBeNull();
    });

    it('takes both pictures in one form', async () => {
      const id = await signedUp('both');
      const face = await png('#aa0000', 10, 10);
      const cover = await png('#0000aa', 40, 10);
      const res = await api.patch(id, id, { name: 'Both' }, [
        picturePart('profilePicture', face, 'face.png'),
        picturePart('coverPhoto', cover, 'cover.png'),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const { profilePicture, coverPhoto } = res.json();
      expect((await t.app.inject({ url: profilePicture })).rawPayload.equals(face)).toBe(true);
      expect((await t.app.inject({ url: coverPhoto })).rawPayload.equals(cover)).toBe(true);

      // JSON null removes a picture.
      const removed = await api.patchJson(id, id, { profilePicture: null });
      expect(removed.json()).toMatchObject({ profilePicture: null, coverPhoto });
    });

    it('ignores an empty file input', async () => {
      const id = await signedUp('empty-input');
      const res = await api.patch(id, id, { city: 'Lyon' }, [
        {
          name: 'profilePicture',
          filename: '',
          contentType: 'application/octet-stream',
          data: Buffer.alloc(0),
        },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ city: 'Lyon', profilePicture: null });
    });

    it('refuses an oversize picture with 413 and changes nothing', async () => {
      const id = await signedUp('oversize');
      const files0 = await fileCount();
      const big = await paddedPng(uploadRules.picture.maxBytes + 1);
      const res = await api.patch(id, id, { name: 'Changed' }, [
        picturePart('profilePicture', big, 'huge.png'),
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The image huge.png you selected is larger than 8 MiB. Please try again with a smaller one',
      });
      expect(await rowOf(id)).toMatchObject({ name: 'oversize person', profilePictureId: null });
      expect(await fileCount()).toBe(files0);

      const cover = await api.patch(id, id, {}, [picturePart('coverPhoto', big, 'huge.png')]);
      expect(cover.statusCode).toBe(413);
      expect(cover.json().message).toBe(
        'File should be an image (jpg, jpeg, png, webp) and should not exceed 8 MiB',
      );
    });

    it('refuses a file that is not a picture with 415 and changes nothing', async () => {
      const id = await signedUp('wrong-type');
      const files0 = await fileCount();
      const res = await api.patch(id, id, { name: 'Changed' }, [
        picturePart('profilePicture', Buffer.from('just some text pretending'), 'notes.png'),
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The file notes.png is not an image! You should upload a jpg, jpeg, png, webp file.',
      });
      expect(await rowOf(id)).toMatchObject({ name: 'wrong-type person', profilePictureId: null });
      expect(await fileCount()).toBe(files0);
    });

    it('stores no picture when a text field is invalid', async () => {
      const id = await signedUp('half-valid');
      const files0 = await fileCount();
      const res = await api.patch(id, id, { birthday: '2999-12-31' }, [
        picturePart('profilePicture', await png('#123456')),
      ]);
      expect(res.statusCode).toBe(400);
      expect(await fileCount()).toBe(files0);
      expect((await rowOf(id)).profilePictureId).toBeNull();
    });

    it('can come with the new record', async () => {
      const id = newId('born-pictured');
      const picture = await png('#abcdef');
      const body = multipartBody([
        { name: 'name', data: 'With Face' },
        picturePart('profilePicture', picture),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/userService/user',
        headers: { ...(await api.auth(id)), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const served = await t.app.inject({ url: res.json().profilePicture });
      expect(served.rawPayload.equals(picture)).toBe(true);
    });
  });

  describe('search', () => {
    const tag = `Zephyr${Math.random().toString(36).slice(2, 7)}`;

    beforeAll(async () => {
      for (const [label, searchable] of [
        ['Anna', 'true'],
        ['Bruno', 'true'],
        ['Carla', 'false'],
        ['Dario', 'true'],
        ['Elena', 'true'],
      ] as const) {
        const id = newId(label.toLowerCase());
        const res = await api.create(id, { name: `${label} ${tag}`, searchable });
        expect(res.statusCode, res.body).toBe(201);
      }
      const byUsername = newId('handle');
      await api.create(byUsername, { name: 'Someone Else', username: `${tag}_handle`.toLowerCase() });
    });

    it('finds searchable users by part of their name or username, case-insensitively', async () => {
      const res = await api.search({ q: tag.toUpperCase() });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ cp: 0, ipp: 9, total: 5 });
      expect(body.items.map((u: { name: string }) => u.name)).toEqual([
        `Anna ${tag}`,
        `Bruno ${tag}`,
        `Dario ${tag}`,
        `Elena ${tag}`,
        'Someone Else',
      ]);
      for (const item of body.items) {
        expect(item).not.toHaveProperty('email');
        expect(item).not.toHaveProperty('searchable');
      }
    });

    it('pages the answer', async () => {
      const pages = [];
      for (let cp = 0; cp < 3; cp++) {
        const res = await api.search({ q: tag, cp, ipp: 2 });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ cp, ipp: 2, total: 5 });
        pages.push(res.json().items.map((u: { name: string }) => u.name));
      }
      expect(pages).toEqual([
        [`Anna ${tag}`, `Bruno ${tag}`],
        [`Dario ${tag}`, `Elena ${tag}`],
        ['Someone Else'],
      ]);
    });

    it('treats wildcard characters literally and bounds the page size', async () => {
      expect((await api.search({ q: '%' })).json().total).toBe(0);
      expect((await api.search({ q: tag, ipp: 51 })).statusCode).toBe(400);
      expect((await api.search({ q: tag, cp: -1 })).statusCode).toBe(400);
      expect((await api.search({ q: tag, ipp: 50 })).json().items).toHaveLength(5);
    });
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/api/userService/user/my',
      '/api/userService/user',
      '/api/userService/user/{id}',
      '/api/userService/users/search',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(doc.paths['/api/userService/user/{id}'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
  });
});
