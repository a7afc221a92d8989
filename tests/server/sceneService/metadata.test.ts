import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoGalleryMax, SceneMetadata, sceneTitleMaxLength } from '../../../contracts/scenes';
import type { DatabaseHandle } from '../../../server/db';
import { files, scenes, users } from '../../../server/db/schema';
import { SceneService } from '../../../server/services/sceneService/service';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { multipartBody } from '../fileService/multipart';
import { paddedPng, picturePart, png, sceneApi } from './helpers';

const fileUrlPattern = /^\/api\/fileService\/file\/[0-9a-f-]{36}$/;

describe.each(testDatabases())('scene metadata on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;
  let service: SceneService;
  let seq = 0;
  /** A fresh user id per test, so tests do not see each other's spaces. */
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const fileCount = async () => Number((await t.app.db.select({ n: count() }).from(files))[0].n);

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    api = sceneApi(t, issuer);
    service = new SceneService({ db: t.app.db, store: t.app.blobStore });
  });
  afterAll(async () => {
    await service?.close();
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  describe('creating a draft', () => {
    it('takes the multipart form with its pictures and answers the new draft', async () => {
      const owner = newUser('maker');
      await t.app.db.insert(users).values({ id: owner, name: 'Maker Person' });
      const cover = await png('#336699', 64, 48);
      const res = await api.create(
        owner,
        {
          title: '  My gallery  ',
          description: 'Paintings of the sea',
          tags: 'sea, art;light',
          adultContent: 'true',
          comments: 'false',
          audioUri: '',
        },
        [
          picturePart('coverPhoto', cover, 'cover.png'),
          picturePart('photoGallery', await png('#aa0000'), 'one.png'),
          picturePart('photoGallery', await png('#00aa00'), 'two.png'),
        ],
      );
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json();
      expect(answer.sceneId).toEqual(expect.any(String));
      const m = SceneMetadata.parse(answer.metadata);
      expect(m).toMatchObject({
        sceneId: answer.sceneId,
        title: 'My gallery',
        description: 'Paintings of the sea',
        tags: ['sea', 'art', 'light'],
        state: 'Draft',
        visible: true,
        adultContent: true,
        comments: false,
        audioUri: null,
        ownerId: owner,
        creatorId: owner,
        creator: { userId: owner, name: 'Maker Person', profilePicture: null },
        publishedAt: null,
        contentUpdatedAt: null,
        likes: 0,
        views: 0,
        commentCount: 0,
        privacyACLEnabled: false,
        userPrivacyACL: [],
        groupPrivacyACL: [],
        communicationACLEnabled: false,
        userCommunicationACL: [],
        groupCommunicationACL: [],
        districtId: null,
        publishedPublic: false,
      });
      expect(m.coverPhotoUri).toMatch(fileUrlPattern);
      expect(m.thumbnailUri).toBe(m.coverPhotoUri!.replace('/file/', '/thumbnail/'));
      expect(m.photoGallery).toHaveLength(2);
      for (const url of m.photoGallery) expect(url).toMatch(fileUrlPattern);
      expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);

      const served = await t.app.inject({ url: m.coverPhotoUri! });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(cover)).toBe(true);
      expect((await t.app.inject({ url: m.thumbnailUri! })).statusCode).toBe(200);
      const [file] = await t.app.db
        .select()
        .from(files)
        .where(eq(files.id, m.coverPhotoUri!.split('/').pop()!));
      expect(file).toMatchObject({
        ownerId: owner,
        kind: 'picture',
        originalName: 'cover.png',
        width: 64,
        height: 48,
      });
    });

    it('names an untitled space after the date and time, and takes JSON', async () => {
      const owner = newUser('json');
      const res = await api.createJson(owner, { description: 'No title', tags: ['a', 'b', 'A'] });
      expect(res.statusCode, res.body).toBe(201);
      const m = res.json().metadata;
      expect(m.title).toMatch(/^Untitled space \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(m.tags).toEqual(['a', 'b']);
      expect(m.creator).toEqual({ userId: owner, name: '', profilePicture: null });

      // An automatic title counts as empty: it is made again.
      const again = await api.create(owner, { title: 'Untitled space 2020-01-01 10:00' });
      expect(again.json().metadata.title).not.toBe('Untitled space 2020-01-01 10:00');
      // Repeated tag fields are taken as they are.
      const repeated = await api.create(owner, { title: 'Tags', tags: ['one', 'two, three'] });
      expect(repeated.json().metadata.tags).toEqual(['one', 'two, three']);
    });

    it('is for signed-in callers only', async () => {
      const res = await api.create(null, { title: 'Nobody' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    });

    it('reports every invalid field, and writes nothing', async () => {
      const owner = newUser('invalid');
      const before = await fileCount();
      const res = await api.create(
        owner,
        {
          title: 'x'.repeat(sceneTitleMaxLength + 1),
          adultContent: 'maybe',
          tags: Array.from({ length: 11 }, (_, i) => `tag${i}`),
          color: 'blue',
        },
        [picturePart('coverPhoto', await png())],
      );
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      const paths = body.details.map((d: { path: string }) => d.path).sort();
      expect(paths).toEqual(['/adultContent', '/color', '/tags', '/title']);
      expect(body.details).toContainEqual({
        path: '/title',
        message: 'It should contain no more than 100 characters',
      });
      expect(body.details).toContainEqual({
        path: '/tags',
        message: 'It should contain no more than 10 tags',
      });
      expect(body.details).toContainEqual({ path: '/color', message: 'Unknown field' });
      expect(await fileCount()).toBe(before);
      const mine = await t.app.db.select().from(scenes).where(eq(scenes.ownerId, owner));
      expect(mine).toEqual([]);

      const json = await api.createJson(owner, { title: 'Fine', comments: 'yes' });
      expect(json.statusCode).toBe(400);
      expect(json.json().details[0].path).toBe('/comments');
      const twice = await api.create(owner, { title: ['One', 'Two'] });
      expect(twice.json().details).toEqual([{ path: '/title', message: 'Send this field once' }]);
    });

    it('refuses an oversize picture with 413 and a non-picture with 415, with the messages of the spec', async () => {
      const owner = newUser('pictures');
      const before = await fileCount();
      const big = await paddedPng(8_388_608 + 10);
      const cover = await api.create(owner, { title: 'Big' }, [picturePart('coverPhoto', big, 'huge.png')]);
      expect(cover.statusCode).toBe(413);
      expect(cover.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'File should be an image (jpg, jpeg, png, webp) and should not exceed 8 MiB',
      });
      const gallery = await api.create(owner, { title: 'Big' }, [
        picturePart('photoGallery', big, 'huge.png'),
      ]);
      expect(gallery.statusCode).toBe(413);
      expect(gallery.json().message).toBe(
        'The image huge.png you selected is larger than 8 MiB. Please try again with a smaller one',
      );
      const text = Buffer.from('just some words, not a picture');
      const wrong = await api.create(owner, { title: 'Text' }, [
        picturePart('photoGallery', text, 'notes.png', 'image/png'),
      ]);
      expect(wrong.statusCode).toBe(415);
      expect(wrong.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The file notes.png is not an image! You should upload a jpg, jpeg, png, webp file.',
      });
      const wrongCover = await api.create(owner, {}, [
        picturePart('coverPhoto', text, 'notes.txt', 'text/plain'),
      ]);
      expect(wrongCover.statusCode).toBe(415);
      expect(wrongCover.json().message).toBe(
        'File should be an image (jpg, jpeg, png, webp) and should not exceed 8 MiB',
      );
      expect(await fileCount()).toBe(before);
      expect(await t.app.db.select().from(scenes).where(eq(scenes.ownerId, owner))).toEqual([]);
    });

    it(`takes at most ${photoGalleryMax} gallery pictures`, async () => {
      const owner = newUser('gallery');
      const picture = await png('#123456', 8, 8);
      const parts = Array.from({ length: photoGalleryMax + 1 }, (_, i) =>
        picturePart('photoGallery', picture, `p${i}.png`),
      );
      const res = await api.create(owner, { title: 'Too many' }, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { path: '/photoGallery', message: `It should contain no more than ${photoGalleryMax} pictures` },
      ]);
    });
  });

  describe('changing a draft', () => {
    it('changes only the fields sent; pictures are replaced, removed, kept and appended', async () => {
      const owner = newUser('editor');
      const created = await api.create(owner, { title: 'Before', description: 'Keep me', tags: 'one' }, [
        picturePart('coverPhoto', await png('#111111')),
        picturePart('photoGallery', await png('#222222')),
        picturePart('photoGallery', await png('#333333')),
      ]);
      const { sceneId, metadata } = created.json();
      const [first, second] = metadata.photoGallery as string[];

      const renamed = await api.patch(sceneId, owner, { title: 'After', adultContent: 'true' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        title: 'After',
        description: 'Keep me',
        tags: ['one'],
        adultContent: true,
        coverPhotoUri: metadata.coverPhotoUri,
        photoGallery: [first, second],
      });
      expect(new Date(renamed.json().updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(metadata.updatedAt).getTime(),
      );

      const newCover = await png('#444444');
      const pictures = await api.patch(sceneId, owner, { photoGallery: [second] }, [
        picturePart('coverPhoto', newCover),
        picturePart('photoGallery', await png('#555555')),
      ]);
      expect(pictures.statusCode, pictures.body).toBe(200);
      const changed = pictures.json();
      expect(changed.coverPhotoUri).not.toBe(metadata.coverPhotoUri);
      expect(changed.photoGallery).toHaveLength(2);
      expect(changed.photoGallery[0]).toBe(second);
      expect((await t.app.inject({ url: changed.coverPhotoUri })).rawPayload.equals(newCover)).toBe(true);

      const cleared = await api.patchJson(sceneId, owner, { removeCoverPhoto: true, photoGallery: [] });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({ coverPhotoUri: null, thumbnailUri: null, photoGallery: [] });

      const appended = await api.patch(sceneId, owner, {}, [
        picturePart('photoGallery', await png('#666666')),
      ]);
      expect(appended.json().photoGallery).toHaveLength(1);
    });

    it('keeps only pictures of this space or of the owner in the gallery', async () => {
      const owner = newUser('keeper');
      const stranger = newUser('other');
      const theirs = await api.create(stranger, { title: 'Theirs' }, [
        picturePart('coverPhoto', await png('#777777')),
      ]);
      const theirCover = theirs.json().metadata.coverPhotoUri as string;
      const sceneId = await api.draft(owner, 'Mine');
      const res = await api.patch(sceneId, owner, {
        photoGallery: [theirCover, 'https://example.com/x.png'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { path: '/photoGallery/1', message: 'Expected a picture url of the file service' },
      ]);
      const notMine = await api.patchJson(sceneId, owner, { photoGallery: [theirCover] });
      expect(notMine.json().details).toEqual([
        { path: '/photoGallery/0', message: 'Not one of your pictures' },
      ]);

      // A picture the owner uploaded to the file service may join the gallery.
      const body = multipartBody([picturePart('file', await png('#888888'))]);
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/fileService/file?kind=picture',
        headers: { ...(await api.auth(owner)), ...body.headers },
        payload: body.payload,
      });
      expect(upload.statusCode).toBe(201);
      const kept = await api.patch(sceneId, owner, { photoGallery: upload.json().url });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().photoGallery).toEqual([upload.json().url]);
    });

    it('may be done by the owner only: 401, 404 for a draft, 403 for a published space', async () => {
      const owner = newUser('owner');
      const stranger = newUser('stranger');
      const sceneId = await api.draft(owner, 'Private');
      expect((await api.patch(sceneId, null, { title: 'X' })).statusCode).toBe(401);
      const hidden = await api.patch(sceneId, stranger, { title: 'X' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('NOT_FOUND');
      expect((await api.patch('no-such-space', owner, { title: 'X' })).statusCode).toBe(404);
      await service.publishSnapshot(sceneId);
      const published = await api.patch(sceneId, stranger, { title: 'X' });
      expect(published.statusCode).toBe(403);
      expect(published.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'You are not authorized to perform this action',
      });
      expect((await api.metadata(sceneId, owner)).json().title).toBe('Private');
    });
  });

  describe('reading metadata', () => {
    it('shows the owner the draft, others only a published, visible space', async () => {
      const owner = newUser('reader-owner');
      const stranger = newUser('reader');
      const sceneId = await api.draft(owner, 'First title');
      expect((await api.metadata(sceneId, owner)).statusCode).toBe(200);
      expect((await api.metadata(sceneId, stranger)).statusCode).toBe(404);
      expect((await api.metadata(sceneId, null)).statusCode).toBe(404);
      expect((await api.metadata('unknown', owner)).statusCode).toBe(404);

      await service.publishSnapshot(sceneId);
      await api.patch(sceneId, owner, { title: 'Draft title' });
      const visitor = await api.metadata(sceneId, stranger);
      expect(visitor.statusCode).toBe(200);
      // Visitors see the published snapshot; the owner their draft.
      expect(visitor.json()).toMatchObject({ title: 'First title', state: 'Published', visible: true });
      expect(visitor.json().publishedAt).toEqual(expect.any(String));
      expect((await api.metadata(sceneId, null)).json().title).toBe('First title');
      expect((await api.metadata(sceneId, owner)).json()).toMatchObject({
        title: 'Draft title',
        state: 'Published',
      });

      const hidden = await api.visibility(sceneId, owner, 'false');
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json().visible).toBe(false);
      expect((await api.metadata(sceneId, stranger)).statusCode).toBe(403);
      expect((await api.metadata(sceneId, null)).statusCode).toBe(403);
      expect((await api.metadata(sceneId, owner)).statusCode).toBe(200);
    });
  });

  describe('visibility', () => {
    it('is set by the owner with a form or JSON, and checked', async () => {
      const owner = newUser('vis');
      const stranger = newUser('vis-stranger');
      const sceneId = await api.draft(owner, 'Seen');
      const json = await t.app.inject({
        method: 'PATCH',
        url: `/api/sceneService/scene/metadata/${sceneId}/visibility`,
        headers: { ...(await api.auth(owner)), 'content-type': 'application/json' },
        payload: JSON.stringify({ visible: false }),
      });
      expect(json.statusCode, json.body).toBe(200);
      expect(json.json().visible).toBe(false);
      expect((await api.visibility(sceneId, owner, 'true')).json().visible).toBe(true);

      const bad = await api.visibility(sceneId, owner, 'perhaps');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([{ path: '/visible', message: 'Expected true or false' }]);
      expect((await api.visibility(sceneId, null, 'false')).statusCode).toBe(401);
      expect((await api.visibility(sceneId, stranger, 'false')).statusCode).toBe(404);
      await service.publishSnapshot(sceneId);
      expect((await api.visibility(sceneId, stranger, 'false')).statusCode).toBe(403);
    });
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/sceneService/scene/metadata',
      '/api/sceneService/scene/metadata/my',
      '/api/sceneService/scene/metadata/draftsLimit',
      '/api/sceneService/scene/metadata/{id}',
      '/api/sceneService/scene/metadata/{id}/visibility',
      '/api/sceneService/scene/content/{id}',
      '/api/sceneService/sceneactions/{id}/delete',
      '/api/sceneService/sceneactions/{id}/duplicate',
      '/api/sceneService/publishedscene/metadata/{id}',
      '/api/sceneService/publishedscene/content/{id}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
