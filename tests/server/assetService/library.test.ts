import { randomBytes } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedAssetRetentionDays, storageQuotaBytes } from '../../../contracts/assets';
import type { Role } from '../../../contracts/identity';
import { deletedSceneRetentionDays } from '../../../contracts/scenes';
import type { DatabaseHandle } from '../../../server/db';
import { uuidv7 } from '../../../server/db/ids';
import { assetFileRefs, assets, files } from '../../../server/db/schema';
import { SceneService } from '../../../server/services/sceneService/service';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { fileForm } from '../fileService/multipart';
import { picturePart, png, sampleContent, sceneApi } from '../sceneService/helpers';

const base = '/api/assetService';
const mb = 1024 ** 2;
const day = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('asset library on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let scenesApi: ReturnType<typeof sceneApi>;
  let seq = 0;
  /** A fresh user id per test, so tests do not see each other's assets. */
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  const auth = async (as: string | null, roles: Role[] = ['free-user']) =>
    as === null ? {} : issuer.headersFor(as, { name: `Name of ${as}`, roles });

  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: string | null,
    body?: unknown,
    roles?: Role[],
  ) {
    return t.app.inject({
      method,
      url: `${base}${url}`,
      headers: {
        ...(await auth(as, roles)),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  }
  const create = (as: string | null, body: unknown, roles?: Role[]) =>
    call('POST', '/asset', as, body, roles);
  const getOne = (id: string, as: string | null) => call('GET', `/asset/${id}`, as);
  const edit = (id: string, as: string | null, body: unknown, roles?: Role[]) =>
    call('PUT', `/asset/${id}`, as, body, roles);
  const remove = (id: string, as: string | null) => call('DELETE', `/asset/${id}`, as);
  const library = (as: string | null, query = '') => call('GET', `/asset/myLibrary${query}`, as);
  const storage = (as: string | null, roles?: Role[]) => call('GET', '/asset/storage', as, undefined, roles);

  const assetCount = async () => Number((await t.app.db.select({ n: count() }).from(assets))[0].n);

  /** A file row as an upload leaves it (the library reads rows only; the bytes are not needed). */
  async function fileOf(ownerId: string, kind: string, size = 1000): Promise<string> {
    const id = uuidv7();
    await t.app.db.insert(files).values({
      id,
      sha256: randomBytes(32).toString('hex'),
      size,
      mimeType: 'application/octet-stream',
      kind,
      originalName: `${kind}.bin`,
      ownerId,
    });
    return id;
  }

  /** Uploads a real picture through the file service. */
  async function uploadPicture(as: string, colour = '#336699') {
    const form = fileForm('painting.png', await png(colour, 40, 30), 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fileService/file?kind=picture',
      headers: { ...form.headers, ...(await auth(as)) },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; url: string; size: number };
  }

  async function pictureAsset(owner: string, extra: Record<string, unknown> = {}, roles?: Role[]) {
    const fileId = await fileOf(owner, 'picture');
    const res = await create(owner, { type: 'picture', title: 'A picture', fileId, ...extra }, roles);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; updatedAt: string; fields: Record<string, unknown> };
  }

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, { SEED_DEMO: 'false', ...issuer.env });
    scenesApi = sceneApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  it('documents every library route and its answers in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const routes: [string, string, string[]][] = [
      ['/api/assetService/asset', 'post', ['201', '400', '401', '413']],
      ['/api/assetService/asset/myLibrary', 'get', ['200', '400', '401']],
      ['/api/assetService/asset/storage', 'get', ['200', '401']],
      ['/api/assetService/asset/{id}', 'get', ['200', '401', '404']],
      ['/api/assetService/asset/{id}', 'put', ['200', '400', '401', '404', '413']],
      ['/api/assetService/asset/{id}', 'delete', ['204', '401', '404']],
    ];
    for (const [path, method, statuses] of routes) {
      expect(Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort(), `${method} ${path}`).toEqual(
        statuses.sort(),
      );
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Asset', 'AssetForm', 'AssetPage', 'AssetStorage']),
    );
  });

  describe('creating an asset', () => {
    it('stores a picture uploaded to the file service, with the form defaults filled', async () => {
      const owner = newUser('painter');
      const picture = await uploadPicture(owner);
      const res = await create(owner, {
        type: 'picture',
        title: '  Sunset over the bay  ',
        description: 'Oil on canvas',
        tags: ['Sea', 'sunset', 'sea '],
        fileId: picture.id,
        width: 40,
        height: 30,
      });
      expect(res.statusCode, res.body).toBe(201);
      const asset = res.json();
      expect(asset).toMatchObject({
        type: 'picture',
        ownerKind: 'user',
        ownerId: owner,
        title: 'Sunset over the bay',
        description: 'Oil on canvas',
        tags: ['sea', 'sunset'],
        licenseId: 'all-rights-reserved',
        fileUrl: picture.url,
        thumbnailUrl: `/api/fileService/thumbnail/${picture.id}`,
        size: picture.size,
      });
      expect(asset.fields).toMatchObject({
        collisions: 'Precise',
        interactive: false,
        dropShadow: false,
        transparent: false,
        frames: false,
        width: 40,
        height: 30,
      });
      expect((await getOne(asset.id, owner)).json()).toEqual(asset);
      expect((await t.app.inject({ url: asset.fileUrl })).statusCode).toBe(200);
      expect((await storage(owner)).json()).toEqual({
        used: picture.size,
        limit: storageQuotaBytes.free,
        plan: 'free',
      });
    });

    it('takes every asset type with the fields of its type', async () => {
      const owner = newUser('maker');
      const thumbnailId = await fileOf(owner, 'picture', 500);
      const cases: [Record<string, unknown>, Record<string, unknown>][] = [
        [
          {
            type: 'video',
            fileId: await fileOf(owner, 'video'),
            duration: 12.5,
            autoplay: true,
            isPortrait: true,
          },
          { duration: 12.5, autoplay: true, videoLoop: false, popUp: false, isPortrait: true },
        ],
        [
          {
            type: 'model3d',
            fileId: await fileOf(owner, 'model'),
            thumbnailId,
            audioFileId: await fileOf(owner, 'audio'),
            animated: true,
            animationClip: 'Walk',
            triangleCount: 1200,
            meshCount: 3,
            materialCount: 2,
            textureCount: 1,
            animationClipCount: 4,
            defaultSize: [1, 2, 1],
            collisions: 'Simple',
          },
          {
            format: 'GLTF',
            provider: 'Source',
            animationClip: 'Walk',
            triangleCount: 1200,
            collisions: 'Simple',
          },
        ],
        [
          { type: 'text3d', content: 'Welcome', fontStyles: ['Bold', 'Bold'], fontTransform: 'UpperCase' },
          {
            fontSize: 60,
            collisions: 'None',
            defaultSize: [3, 1, 0],
            fontStyles: ['Bold'],
            colorTint: '#ffffff',
          },
        ],
        [
          { type: 'hyperText', content: 'Our shop', hyperText: 'https://shop.example.com/' },
          { hyperText: 'https://shop.example.com/', fontSize: 60 },
        ],
        [
          { type: 'webView3d', link: 'https://example.com/tour', screenId: 'lobby' },
          { link: 'https://example.com/tour', screenId: 'lobby' },
        ],
        [
          { type: 'audio', fileId: await fileOf(owner, 'audio'), duration: 3, loop: true },
          { duration: 3, loop: true, autoplay: false },
        ],
      ];
      for (const [input, expected] of cases) {
        const res = await create(owner, { title: `A ${String(input.type)}`, ...input });
        expect(res.statusCode, `${String(input.type)}: ${res.body}`).toBe(201);
        expect(res.json().type).toBe(input.type);
        expect(res.json().fields).toMatchObject(expected);
      }
      const texts = (await library(owner, '?type=text3d')).json();
      expect(texts.items.map((a: { fileUrl: string | null }) => a.fileUrl)).toEqual([null]);
      const model = (await library(owner, '?type=model3d')).json().items[0];
      expect(model.thumbnailUrl).toBe(`/api/fileService/thumbnail/${thumbnailId}`);
      expect(model.size).toBe(1000 + 500 + 1000);
    });

    it('refuses a form that is not valid with a message a person understands, storing nothing', async () => {
      const owner = newUser('careless');
      const fileId = await fileOf(owner, 'picture');
      const picture = { type: 'picture', title: 'Fine', fileId };
      const model = { type: 'model3d', title: 'Fine', fileId: await fileOf(owner, 'model') };
      const cases: [unknown, string][] = [
        [{ ...picture, title: '   ' }, 'Give the asset a title'],
        [{ type: 'picture', fileId }, 'Give the asset a title'],
        [{ ...picture, title: 'x'.repeat(101) }, 'The title is at most 100 characters'],
        [{ ...picture, type: 'sculpture' }, 'The asset type should be one of picture, video'],
        [{ title: 'No type', fileId }, 'The asset type should be one of'],
        [{ ...picture, licenseId: 'mine' }, 'The licence should be one of'],
        [{ ...picture, collisions: 'Sometimes' }, 'Collisions should be one of None, Simple, Precise'],
        [{ ...picture, fileId: undefined }, 'Choose the picture to upload'],
        [{ ...picture, fileId: '../../etc/passwd' }, 'The picture is not an uploaded file'],
        [{ ...picture, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'An asset has at most 20 tags'],
        [{ ...picture, tags: ['x'.repeat(41)] }, 'A tag is at most 40 characters'],
        [{ ...picture, defaultSize: [0, 0, 0] }, 'The default size cannot be zero in every direction'],
        [{ ...picture, defaultSize: [1, 2] }, 'The default size should be three numbers'],
        [
          { ...picture, externalLink: 'javascript:alert(1)' },
          'should be a web address starting with https://',
        ],
        [{ ...picture, width: -3 }, 'The width should be at least 1 pixel'],
        [{ ...picture, interactive: 'yes' }, 'Clickable should be true or false'],
        [{ ...picture, owner: 'someone-else' }, 'owner'],
        [{ ...model, triangleCount: -1 }, 'The number of triangles cannot be negative'],
        [{ ...model, meshCount: 1.5 }, 'The number of meshes should be a whole number'],
        [{ ...model, animationClip: 'Run' }, 'Only an animated model plays an animation clip'],
        [{ type: 'text3d', title: 'Empty', content: '' }, 'Write the text'],
        [
          { type: 'text3d', title: 'Red', content: 'Hi', colorTint: 'red' },
          'The colour should be like #ff8800',
        ],
        [{ type: 'hyperText', title: 'Link', content: 'Hi' }, 'Enter the link'],
        [{ type: 'webView3d', title: 'Page', link: 'ftp://example.com' }, 'starting with https://'],
        ['{"type": "picture", ', 'JSON'],
        [[1, 2, 3], 'The asset type should be one of'],
      ];
      const before = await assetCount();
      for (const [body, message] of cases) {
        const res = await create(owner, body);
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(res.json().message).toContain(message);
      }
      expect(await assetCount()).toBe(before);
    });

    it('refuses a body that is not JSON without storing anything', async () => {
      const owner = newUser('sender');
      const before = await assetCount();
      const plain = await t.app.inject({
        method: 'POST',
        url: `${base}/asset`,
        headers: { ...(await auth(owner)), 'content-type': 'text/plain' },
        payload: 'type=picture',
      });
      expect(plain.statusCode).toBe(400);
      expect(plain.json().code).toBe('VALIDATION_FAILED');
      const empty = await t.app.inject({ method: 'POST', url: `${base}/asset`, headers: await auth(owner) });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe('VALIDATION_FAILED');
      expect(await assetCount()).toBe(before);
    });

    it('takes only files the caller uploaded, of the kind the field needs', async () => {
      const owner = newUser('borrower');
      const stranger = newUser('lender');
      const theirs = await fileOf(stranger, 'picture');
      const video = await fileOf(owner, 'video');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ type: 'picture', fileId: theirs }, '/fileId', 'is not one you uploaded: upload it first'],
        [{ type: 'picture', fileId: uuidv7() }, '/fileId', 'is not one you uploaded'],
        [{ type: 'picture', fileId: video }, '/fileId', 'is a video, not a picture'],
        [
          { type: 'video', fileId: video, thumbnailId: await fileOf(owner, 'audio') },
          '/thumbnailId',
          'is a sound, not a picture',
        ],
        [{ type: 'audio', fileId: video }, '/fileId', 'is a video, not a sound'],
      ];
      const before = await assetCount();
      for (const [input, path, message] of cases) {
        const res = await create(owner, { title: 'Borrowed', ...input });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path }] });
        expect(res.json().message).toContain(message);
      }
      expect(await assetCount()).toBe(before);
    });

    it('answers 401 to an anonymous caller and stores nothing', async () => {
      const before = await assetCount();
      const res = await create(null, { type: 'text3d', title: 'Hello', content: 'Hello' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      expect(await assetCount()).toBe(before);
    });
  });

  describe('storage quota', () => {
    it("refuses what would pass the plan's storage, counting a file once however many assets use it", async () => {
      const owner = newUser('hoarder');
      const big = await fileOf(owner, 'model', 400 * mb);
      expect((await create(owner, { type: 'model3d', title: 'Big', fileId: big })).statusCode).toBe(201);
      // The same file again takes no more room.
      expect((await create(owner, { type: 'model3d', title: 'Big again', fileId: big })).statusCode).toBe(
        201,
      );
      expect((await storage(owner)).json()).toEqual({ used: 400 * mb, limit: 500 * mb, plan: 'free' });

      const before = await assetCount();
      const more = await fileOf(owner, 'video', 150 * mb);
      const res = await create(owner, { type: 'video', title: 'Too much', fileId: more });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'QUOTA_EXCEEDED',
        message:
          'Your library is full: your plan stores up to 500 MB. Delete assets or change your plan to upload more.',
        details: { used: 400 * mb, limit: 500 * mb, needed: 150 * mb },
      });
      expect(await assetCount()).toBe(before);

      // A pro plan holds it.
      const pro = await create(owner, { type: 'video', title: 'Fits', fileId: more }, ['premium-user']);
      expect(pro.statusCode, pro.body).toBe(201);
      expect((await storage(owner, ['premium-user'])).json()).toEqual({
        used: 550 * mb,
        limit: 50 * 1024 ** 3,
        plan: 'pro',
      });
      expect((await storage(owner, ['pro-user'])).json().limit).toBe(5 * 1024 ** 3);

      // Over the free quota now: an edit that does not grow the library is still allowed, one that does is not.
      const id = pro.json().id;
      expect((await edit(id, owner, { type: 'video', title: 'Renamed', fileId: more })).statusCode).toBe(200);
      const bigger = await fileOf(owner, 'video', 200 * mb);
      const grow = await edit(id, owner, { type: 'video', title: 'Bigger', fileId: bigger });
      expect(grow.statusCode).toBe(413);
      expect(grow.json().code).toBe('QUOTA_EXCEEDED');
      expect((await getOne(id, owner)).json().title).toBe('Renamed');

      // Deleting frees the room.
      expect((await remove(id, owner)).statusCode).toBe(204);
      expect((await storage(owner)).json().used).toBe(400 * mb);
    });

    it('lets only one of two simultaneous uploads take the last free room', async () => {
      const owner = newUser('racer');
      const first = await fileOf(owner, 'video', 300 * mb);
      const second = await fileOf(owner, 'video', 300 * mb);
      const answers = await Promise.all([
        create(owner, { type: 'video', title: 'One', fileId: first }),
        create(owner, { type: 'video', title: 'Two', fileId: second }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
      expect((await storage(owner)).json().used).toBe(300 * mb);
      expect((await library(owner)).json().total).toBe(1);
    });

    it('answers 401 to an anonymous caller', async () => {
      const res = await storage(null);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    });
  });

  describe('reading one asset', () => {
    it('shows the owner their asset and nobody else', async () => {
      const owner = newUser('owner');
      const asset = await pictureAsset(owner);
      expect((await getOne(asset.id, owner)).statusCode).toBe(200);
      const stranger = await getOne(asset.id, newUser('stranger'));
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual({ code: 'NOT_FOUND', message: 'No such asset' });
      expect((await getOne(asset.id, null)).statusCode).toBe(401);
      expect((await getOne('not-an-id', owner)).statusCode).toBe(404);
      expect((await getOne(uuidv7(), owner)).statusCode).toBe(404);
      expect((await getOne('x'.repeat(65), owner)).json().code).toBe('VALIDATION_FAILED');
    });
  });

  describe('editing', () => {
    it("replaces the owner's asset fields and moves it to the top of the library", async () => {
      const owner = newUser('editor');
      const first = await pictureAsset(owner, { title: 'First', tags: ['old'] });
      await pictureAsset(owner, { title: 'Second' });
      const thumbnailId = await fileOf(owner, 'picture', 300);
      const res = await edit(first.id, owner, {
        type: 'picture',
        title: 'First, renamed',
        tags: ['new'],
        fileId: first.fields.fileId,
        thumbnailId,
        licenseId: 'cc-by-4.0',
        frames: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        title: 'First, renamed',
        tags: ['new'],
        licenseId: 'cc-by-4.0',
        thumbnailUrl: `/api/fileService/thumbnail/${thumbnailId}`,
        size: 1300,
        fields: { frames: true },
      });
      expect(res.json().updatedAt >= first.updatedAt).toBe(true);
      expect((await library(owner)).json().items.map((a: { title: string }) => a.title)).toEqual([
        'First, renamed',
        'Second',
      ]);
    });

    it('refuses invalid fields, a change of type, strangers and anonymous callers, changing nothing', async () => {
      const owner = newUser('keeper');
      const asset = await pictureAsset(owner, { title: 'Keep me' });
      const before = (await getOne(asset.id, owner)).json();

      const invalid = await edit(asset.id, owner, {
        type: 'picture',
        title: '',
        fileId: asset.fields.fileId,
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toContain('Give the asset a title');

      const retyped = await edit(asset.id, owner, { type: 'text3d', title: 'Now text', content: 'Hi' });
      expect(retyped.statusCode).toBe(400);
      expect(retyped.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/type' }] });
      expect(retyped.json().message).toBe(
        'This asset is a picture; its type cannot change. Upload a new asset instead.',
      );

      const stranger = newUser('stranger');
      const theirs = await edit(asset.id, stranger, {
        type: 'picture',
        title: 'Mine now',
        fileId: await fileOf(stranger, 'picture'),
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().code).toBe('NOT_FOUND');

      const anonymous = await edit(asset.id, null, {
        type: 'picture',
        title: 'Anyone',
        fileId: asset.fields.fileId,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await edit(uuidv7(), owner, { type: 'text3d', title: 'T', content: 'T' })).statusCode).toBe(
        404,
      );

      expect((await getOne(asset.id, owner)).json()).toEqual(before);
    });
  });

  describe('deleting', () => {
    it('lets only the owner delete, and frees the storage', async () => {
      const owner = newUser('tidy');
      const asset = await pictureAsset(owner);
      const stranger = await remove(asset.id, newUser('stranger'));
      expect(stranger.statusCode).toBe(404);
      expect((await remove(asset.id, null)).statusCode).toBe(401);
      expect((await getOne(asset.id, owner)).statusCode).toBe(200);

      expect((await remove(asset.id, owner)).statusCode).toBe(204);
      expect((await getOne(asset.id, owner)).statusCode).toBe(404);
      expect((await library(owner)).json()).toMatchObject({ items: [], total: 0 });
      expect((await storage(owner)).json().used).toBe(0);
      expect((await remove(asset.id, owner)).statusCode).toBe(404);
    });

    it('keeps a space that placed the asset working: its file stays', async () => {
      const owner = newUser('exhibitor');
      const picture = await uploadPicture(owner, '#aa3300');
      const created = await create(owner, { type: 'picture', title: 'Hung', fileId: picture.id });
      const sceneId = await scenesApi.draft(owner, 'Gallery');
      const content = sampleContent(1);
      content.pictures[0].fileUri = picture.url;
      expect((await scenesApi.putContent(sceneId, owner, content)).statusCode).toBe(200);

      expect((await remove(created.json().id, owner)).statusCode).toBe(204);
      expect((await scenesApi.content(sceneId, owner)).json()).toEqual(content);
      const served = await t.app.inject({ url: picture.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBe(picture.size);
    });

    it("keeps a purged space's picture that a library asset uses", async () => {
      const owner = newUser('reuser');
      const sceneCreated = await scenesApi.create(owner, { title: 'Has a cover' }, [
        picturePart('coverPhoto', await png('#1133bb', 21, 21)),
      ]);
      const { sceneId, metadata } = sceneCreated.json();
      const coverId = String(metadata.coverPhotoUri).split('/').pop()!;
      const asset = await create(owner, { type: 'picture', title: 'The cover', fileId: coverId });
      expect(asset.statusCode, asset.body).toBe(201);

      expect((await scenesApi.remove(sceneId, owner)).statusCode).toBe(204);
      const service = new SceneService({ db: t.app.db, store: t.app.blobStore });
      try {
        await service.purgeDeletedScenes(new Date(Date.now() + (deletedSceneRetentionDays + 1) * day));
      } finally {
        await service.close();
      }
      expect((await t.app.inject({ url: metadata.coverPhotoUri })).statusCode).toBe(200);
      expect((await getOne(asset.json().id, owner)).json().size).toBeGreaterThan(0);
      expect(
        await t.app.db.select().from(assetFileRefs).where(eq(assetFileRefs.fileId, coverId)),
      ).toHaveLength(1);
    });
  });

  describe('purging deleted assets', () => {
    it('removes them after the retention period with the files nothing else shows', async () => {
      const owner = newUser('clearer');
      const alone = await uploadPicture(owner, '#120001');
      const shown = await uploadPicture(owner, '#120002');
      const shared = await uploadPicture(owner, '#120003');
      const made = async (fileId: string) => {
        const res = await create(owner, { type: 'picture', title: 'To go', fileId });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      };
      const gone = [await made(alone.id), await made(shown.id), await made(shared.id)];
      const kept = await made(shared.id);
      const sceneId = await scenesApi.draft(owner, 'Shows one');
      const content = sampleContent(1);
      content.pictures[0].fileUri = shown.url;
      expect((await scenesApi.putContent(sceneId, owner, content)).statusCode).toBe(200);
      for (const id of gone) expect((await remove(id, owner)).statusCode).toBe(204);
      const aloneSha = (await t.app.db.select().from(files).where(eq(files.id, alone.id)))[0].sha256;

      const service = new SceneService({ db: t.app.db, store: t.app.blobStore });
      const purgeAfter = (days: number) => service.purgeDeletedScenes(new Date(Date.now() + days * day));
      try {
        await purgeAfter(deletedAssetRetentionDays - 1);
        expect(await t.app.db.select().from(assets).where(inArray(assets.id, gone))).toHaveLength(3);
        expect((await t.app.inject({ url: alone.url })).statusCode).toBe(200);

        const report = await purgeAfter(deletedAssetRetentionDays + 1);
        expect(report.assets).toBeGreaterThanOrEqual(3);
        expect(await t.app.db.select().from(assets).where(inArray(assets.id, gone))).toEqual([]);
        // The file only the deleted asset named is gone, bytes and all...
        expect(await t.app.db.select().from(files).where(eq(files.id, alone.id))).toEqual([]);
        expect(await t.app.blobStore.stat(aloneSha)).toBeNull();
        // ...the one a space shows and the one a live asset uses stay.
        expect((await t.app.inject({ url: shown.url })).statusCode).toBe(200);
        expect((await scenesApi.content(sceneId, owner)).json()).toEqual(content);
        expect((await t.app.inject({ url: shared.url })).statusCode).toBe(200);
        expect((await getOne(kept, owner)).json().size).toBe(shared.size);
      } finally {
        await service.close();
      }
    });
  });

  describe('myLibrary', () => {
    it('pages the caller’s assets, newest change first, with type, search and tags', async () => {
      const owner = newUser('collector');
      const stranger = newUser('neighbour');
      await pictureAsset(stranger, { title: 'Harbour at night', tags: ['sea'] });
      await pictureAsset(owner, { title: 'Harbour at dawn', tags: ['sea', 'morning'] });
      await pictureAsset(owner, {
        title: 'Forest',
        description: 'Tall pines by the HARBOUR road',
        tags: ['land'],
      });
      await create(owner, { type: 'text3d', title: '100% sale', content: 'Sale', tags: ['Sea'] });
      await create(owner, { type: 'text3d', title: 'Welcome', content: 'Welcome' });

      const page0 = (await library(owner, '?ipp=3')).json();
      expect(page0).toMatchObject({ cp: 0, ipp: 3, total: 4 });
      expect(page0.items.map((a: { title: string }) => a.title)).toEqual(['Welcome', '100% sale', 'Forest']);
      const page1 = (await library(owner, '?ipp=3&cp=1')).json();
      expect(page1.items.map((a: { title: string }) => a.title)).toEqual(['Harbour at dawn']);

      const titles = async (query: string) => {
        const res = await library(owner, query);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().items.map((a: { title: string }) => a.title);
      };
      expect(await titles('?type=picture')).toEqual(['Forest', 'Harbour at dawn']);
      expect(await titles('?search=harbour')).toEqual(['Forest', 'Harbour at dawn']);
      expect(await titles('?search=harbour%20dawn')).toEqual(['Harbour at dawn']);
      expect(await titles('?search=100%25')).toEqual(['100% sale']);
      expect(await titles('?search=%25')).toEqual(['100% sale']);
      expect(await titles('?search=_')).toEqual([]);
      expect(await titles('?tags=sea')).toEqual(['100% sale', 'Harbour at dawn']);
      expect(await titles('?tags=SEA,morning')).toEqual(['Harbour at dawn']);
      expect(await titles('?tags=sea&tags=morning&type=text3d')).toEqual([]);
      expect((await library(owner, '?tags=sea&ipp=1')).json().total).toBe(2);
      expect((await library(newUser('empty'))).json()).toEqual({ items: [], cp: 0, ipp: 9, total: 0 });
    });

    it('refuses a bad query with 400 and anonymous callers with 401', async () => {
      const owner = newUser('asker');
      for (const query of ['?ipp=0', '?ipp=101', '?cp=-1', '?type=sculpture', `?search=${'x'.repeat(201)}`]) {
        const res = await library(owner, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      expect((await library(owner, '?type=sculpture')).json().message).toContain(
        'The asset type should be one of picture',
      );
      const anonymous = await library(null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHORIZED');
    });
  });
});
