import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedSceneRetentionDays, draftLimits, SceneMetadataPage } from '../../../contracts/scenes';
import type { DatabaseHandle } from '../../../server/db';
import { files, sceneContentBlobs, sceneFileRefs, scenes, users } from '../../../server/db/schema';
import { SceneService } from '../../../server/services/sceneService/service';
import { PublishedScenePage } from '../../../contracts/publishing';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { picturePart, png, sampleContent, sceneApi } from './helpers';

const day = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.now() + days * day);

describe.each(testDatabases())('spaces over their life on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;
  let service: SceneService;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const rowOf = async (id: string) => (await t.app.db.select().from(scenes).where(eq(scenes.id, id)))[0];
  const fileIdOf = (url: string) => url.split('/').pop()!;
  const fileRow = async (url: string) =>
    (
      await t.app.db
        .select()
        .from(files)
        .where(eq(files.id, fileIdOf(url)))
    )[0];

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

  describe('my spaces', () => {
    it("lists the caller's spaces, newest change first, by state and page", async () => {
      const owner = newUser('lister');
      const other = newUser('someone');
      const ids: string[] = [];
      for (const title of ['One', 'Two', 'Three', 'Four']) ids.push(await api.draft(owner, title));
      await api.draft(other, 'Not mine');
      await service.publishSnapshot(ids[1]);
      // Changing a space moves it to the front.
      await api.patch(ids[0], owner, { description: 'Touched' });

      const all = await api.my(owner);
      expect(all.statusCode).toBe(200);
      const page = SceneMetadataPage.parse(all.json());
      expect(page.items.map((m) => m.title)).toEqual(['One', 'Four', 'Three', 'Two']);
      expect(page).toMatchObject({ cp: 0, ipp: 9, total: 4 });
      for (const m of page.items) expect(m.ownerId).toBe(owner);

      const drafts = (await api.my(owner, { state: 'Draft' })).json();
      expect(drafts.items.map((m: { title: string }) => m.title)).toEqual(['One', 'Four', 'Three']);
      expect(drafts.total).toBe(3);
      const published = (await api.my(owner, { state: 'Published' })).json();
      expect(published.items.map((m: { title: string }) => m.title)).toEqual(['Two']);

      const second = (await api.my(owner, { cp: 1, ipp: 3 })).json();
      expect(second).toMatchObject({ cp: 1, ipp: 3, total: 4 });
      expect(second.items.map((m: { title: string }) => m.title)).toEqual(['Two']);
      const beyond = (await api.my(owner, { cp: 5, ipp: 3 })).json();
      expect(beyond).toMatchObject({ items: [], total: 4 });
      expect((await api.my(newUser('nobody'))).json()).toMatchObject({ items: [], total: 0 });

      // Deleted spaces are never listed.
      await api.remove(ids[2], owner);
      expect((await api.my(owner)).json().total).toBe(3);

      expect((await api.my(null)).statusCode).toBe(401);
      expect((await api.my(owner, { ipp: 0 })).statusCode).toBe(400);
      expect((await api.my(owner, { ipp: 101 })).statusCode).toBe(400);
      expect((await api.my(owner, { state: 'Deleted' })).statusCode).toBe(400);
    });

    it("lists a user's published, visible spaces to anyone, as published", async () => {
      const owner = newUser('exhibitor');
      const [shown, hidden, draft, gone] = [
        await api.draft(owner, 'Shown'),
        await api.draft(owner, 'Hidden'),
        await api.draft(owner, 'Still a draft'),
        await api.draft(owner, 'Deleted'),
      ];
      for (const sceneId of [shown, hidden, gone]) await service.publishSnapshot(sceneId);
      await api.visibility(hidden, owner, 'false');
      await api.remove(gone, owner);
      // A draft edit after publishing does not show until it is published again.
      await api.patch(shown, owner, { title: 'Renamed in the draft' });
      await api.draft(newUser('neighbour'), 'Not theirs');

      const list = (query: Record<string, string | number>) =>
        t.app.inject({
          url: `/api/sceneService/publishedscene/metadata?${new URLSearchParams(
            Object.entries(query).map(([k, v]) => [k, String(v)]),
          )}`,
        });
      const res = await list({ ownerId: owner });
      expect(res.statusCode).toBe(200);
      const page = PublishedScenePage.parse(res.json());
      expect(page.items.map((m) => [m.sceneId, m.title, m.state])).toEqual([[shown, 'Shown', 'Published']]);
      expect(page).toMatchObject({ cp: 0, ipp: 9, hasMore: false });
      void draft;
      expect((await list({ ownerId: owner, cp: 1 })).json()).toMatchObject({ items: [], hasMore: false });
      // Without ownerId it is Explore's search: every listed space.
      expect((await list({})).statusCode).toBe(200);
      expect((await list({ ownerId: owner, ipp: 0 })).statusCode).toBe(400);
    });
  });

  describe('the draft limit', () => {
    it(`refuses a free user's draft number ${draftLimits.free! + 1}, and the check agrees`, async () => {
      const owner = newUser('free');
      const limit = draftLimits.free!;
      for (let i = 0; i < limit; i++) {
        const check = await api.draftsLimit(owner);
        expect(check.statusCode).toBe(200);
        expect(check.json()).toEqual({ allowed: true, drafts: i, limit });
        await api.draft(owner, `Draft ${i}`);
      }
      const check = await api.draftsLimit(owner);
      expect(check.statusCode).toBe(422);
      expect(check.json()).toEqual({
        code: 'BUSINESS_RULE',
        message: 'Draft Limit Reached',
        details: { drafts: limit, limit },
      });
      const refused = await api.create(owner, { title: 'One too many' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'BUSINESS_RULE', message: 'Draft Limit Reached' });
      const mine = await t.app.db.select().from(scenes).where(eq(scenes.ownerId, owner));
      expect(mine).toHaveLength(limit);

      // Duplicating would make another draft: refused too.
      expect((await api.duplicate(mine[0].id, owner)).statusCode).toBe(422);

      // A published space is no draft, nor is a deleted one.
      await service.publishSnapshot(mine[0].id);
      expect((await api.draftsLimit(owner)).json()).toEqual({ allowed: true, drafts: limit - 1, limit });
      await api.draft(owner, 'Fits again');
      expect((await api.draftsLimit(owner)).statusCode).toBe(422);
      expect((await api.remove(mine[1].id, owner)).statusCode).toBe(204);
      expect((await api.draftsLimit(owner)).statusCode).toBe(200);
    });

    it('follows the plan in the roles: standard 20, pro unlimited', async () => {
      const standard = newUser('standard');
      for (let i = 0; i < draftLimits.free!; i++) await api.draft(standard, `S${i}`, ['pro-user']);
      expect((await api.draftsLimit(standard, ['free-user'])).statusCode).toBe(422);
      const check = await api.draftsLimit(standard, ['free-user', 'pro-user']);
      expect(check.json()).toEqual({ allowed: true, drafts: draftLimits.free, limit: draftLimits.standard });
      expect((await api.create(standard, { title: 'More' }, [], ['pro-user'])).statusCode).toBe(201);
      const pro = await api.draftsLimit(standard, ['premium-user']);
      expect(pro.json()).toEqual({ allowed: true, drafts: draftLimits.free! + 1, limit: null });
      expect((await api.draftsLimit(null)).statusCode).toBe(401);
    });

    it('holds when drafts are created at the same moment', async () => {
      const owner = newUser('racer');
      const results = await Promise.all(
        Array.from({ length: draftLimits.free! + 3 }, (_, i) => api.create(owner, { title: `Race ${i}` })),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(draftLimits.free!);
      expect(results.filter((r) => r.statusCode === 422)).toHaveLength(3);
    });
  });

  describe('deleting', () => {
    it('hides the space everywhere at once; only the owner may', async () => {
      const owner = newUser('deleter');
      const stranger = newUser('not-owner');
      const sceneId = await api.draft(owner, 'Doomed');
      await api.putContent(sceneId, owner, sampleContent(1));
      expect((await api.remove(sceneId, null)).statusCode).toBe(401);
      expect((await api.remove(sceneId, stranger)).statusCode).toBe(404);
      const published = await api.draft(owner, 'Published');
      await service.publishSnapshot(published);
      expect((await api.remove(published, stranger)).statusCode).toBe(403);

      const done = await api.remove(sceneId, owner);
      expect(done.statusCode).toBe(204);
      expect(done.body).toBe('');
      expect((await api.metadata(sceneId, owner)).statusCode).toBe(404);
      expect((await api.content(sceneId, owner)).statusCode).toBe(404);
      expect((await api.putContent(sceneId, owner, sampleContent(1))).statusCode).toBe(404);
      expect((await api.patch(sceneId, owner, { title: 'Back?' })).statusCode).toBe(404);
      expect((await api.duplicate(sceneId, owner)).statusCode).toBe(404);
      expect((await api.remove(sceneId, owner)).statusCode).toBe(404);
      expect((await api.my(owner)).json().items.map((m: { sceneId: string }) => m.sceneId)).toEqual([
        published,
      ]);

      expect((await api.remove(published, owner)).statusCode).toBe(204);
      expect((await api.publishedMetadata(published, stranger)).statusCode).toBe(404);
      expect((await api.publishedContent(published, null)).statusCode).toBe(404);
    });

    it(`keeps the files and content ${deletedSceneRetentionDays} days, then removes what nothing else uses`, async () => {
      const owner = newUser('purged');
      const friend = newUser('friend');
      const sharedBytes = await png('#0a0a0a', 20, 20);
      const ownBytes = await png('#fafafa', 21, 21);
      const created = await api.create(owner, { title: 'To purge' }, [
        picturePart('coverPhoto', ownBytes),
        picturePart('photoGallery', sharedBytes),
      ]);
      const { sceneId, metadata } = created.json();
      const cover = await fileRow(metadata.coverPhotoUri);
      const gallery = await fileRow(metadata.photoGallery[0]);
      // A thumbnail is a blob of its own.
      const thumb = await t.app.inject({ url: metadata.thumbnailUri });
      const thumbSha = String(thumb.headers.etag).replace(/"/g, '');
      // Another user's picture with the same bytes shares the blob, through a file of its own.
      const theirs = await api.create(friend, { title: 'Same bytes' }, [
        picturePart('coverPhoto', sharedBytes),
      ]);
      const theirFile = await fileRow(theirs.json().metadata.coverPhotoUri);
      expect(theirFile.sha256).toBe(gallery.sha256);
      await api.putContent(sceneId, owner, sampleContent(4));
      const contentSha = (await rowOf(sceneId)).contentSha256!;

      expect((await api.remove(sceneId, owner)).statusCode).toBe(204);
      expect(await service.purgeDeletedScenes(later(deletedSceneRetentionDays - 1))).toMatchObject({
        scenes: 0,
      });
      expect(await rowOf(sceneId)).toBeDefined();
      expect(await t.app.blobStore.stat(contentSha)).not.toBeNull();
      expect((await t.app.inject({ url: metadata.coverPhotoUri })).statusCode).toBe(200);

      const report = await service.purgeDeletedScenes(later(deletedSceneRetentionDays + 1));
      expect(report.scenes).toBeGreaterThanOrEqual(1);
      expect(await rowOf(sceneId)).toBeUndefined();
      expect(await t.app.db.select().from(sceneFileRefs).where(eq(sceneFileRefs.sceneId, sceneId))).toEqual(
        [],
      );
      // Its own files and blobs are gone...
      expect(
        await t.app.db
          .select()
          .from(files)
          .where(inArray(files.id, [cover.id, gallery.id])),
      ).toEqual([]);
      expect(await t.app.blobStore.stat(cover.sha256)).toBeNull();
      expect(await t.app.blobStore.stat(thumbSha)).toBeNull();
      expect(await t.app.blobStore.stat(contentSha)).toBeNull();
      expect(
        await t.app.db.select().from(sceneContentBlobs).where(eq(sceneContentBlobs.sha256, contentSha)),
      ).toEqual([]);
      // ...the bytes another file shares stay.
      expect(await t.app.blobStore.stat(gallery.sha256)).not.toBeNull();
      const still = await t.app.inject({ url: theirs.json().metadata.coverPhotoUri });
      expect(still.statusCode).toBe(200);
      expect(still.rawPayload.equals(sharedBytes)).toBe(true);
    });

    it("keeps a deleted space's picture that another space's content or a user's profile shows", async () => {
      const owner = newUser('lender');
      const created = await api.create(owner, { title: 'Lends its pictures' }, [
        picturePart('coverPhoto', await png('#bb1111', 22, 22)),
        picturePart('photoGallery', await png('#11bb11', 23, 23)),
      ]);
      const { sceneId, metadata } = created.json();
      const other = await api.draft(owner, 'Shows the cover');
      const shown = sampleContent(1);
      shown.pictures[0].fileUri = metadata.coverPhotoUri;
      expect((await api.putContent(other, owner, shown)).statusCode).toBe(200);
      await t.app.db
        .insert(users)
        .values({ id: owner, name: 'Lender', profilePictureId: fileIdOf(metadata.photoGallery[0]) });

      await api.remove(sceneId, owner);
      await service.purgeDeletedScenes(later(deletedSceneRetentionDays + 1));
      expect(await rowOf(sceneId)).toBeUndefined();
      expect((await t.app.inject({ url: metadata.coverPhotoUri })).statusCode).toBe(200);
      expect((await t.app.inject({ url: metadata.photoGallery[0] })).statusCode).toBe(200);
      expect((await api.content(other, owner)).json()).toEqual(shown);
    });

    it('removes content blobs no space points at any more once they are old enough', async () => {
      const owner = newUser('resaver');
      const sceneId = await api.draft(owner);
      await api.putContent(sceneId, owner, sampleContent(5));
      const first = (await rowOf(sceneId)).contentSha256!;
      const refused = sampleContent(1);
      refused.pictures[0].width = 0;
      expect((await api.putContent(sceneId, owner, refused)).statusCode).toBe(400);
      // The refused bytes were written while they were checked: they are garbage to collect.
      const refusedSha = createHash('sha256').update(JSON.stringify(refused)).digest('hex');
      expect(await t.app.blobStore.stat(refusedSha)).not.toBeNull();
      await api.putContent(sceneId, owner, sampleContent(6));
      const second = (await rowOf(sceneId)).contentSha256!;
      expect(second).not.toBe(first);

      await service.purgeDeletedScenes(new Date());
      expect(await t.app.blobStore.stat(first)).not.toBeNull(); // Within the grace period.
      await service.purgeDeletedScenes(later(1));
      expect(await t.app.blobStore.stat(first)).toBeNull();
      expect(await t.app.blobStore.stat(refusedSha)).toBeNull();
      expect(await t.app.blobStore.stat(second)).not.toBeNull();
      expect((await api.content(sceneId, owner)).json()).toEqual(sampleContent(6));
    });
  });

  describe('duplicating', () => {
    it('makes a new draft that shares files and content, and outlives the original', async () => {
      const owner = newUser('copier');
      const stranger = newUser('copycat');
      const created = await api.create(
        owner,
        { title: 'x'.repeat(98), description: 'Original', tags: 'a,b' },
        [picturePart('coverPhoto', await png('#a1b2c3', 25, 25))],
      );
      const { sceneId, metadata } = created.json();
      const content = sampleContent(3);
      await api.putContent(sceneId, owner, content);
      await service.publishSnapshot(sceneId);

      expect((await api.duplicate(sceneId, null)).statusCode).toBe(401);
      expect((await api.duplicate(sceneId, stranger)).statusCode).toBe(403);
      const draft = await api.draft(owner, 'Private draft');
      expect((await api.duplicate(draft, stranger)).statusCode).toBe(404);

      const res = await api.duplicate(sceneId, owner);
      expect(res.statusCode, res.body).toBe(201);
      const copy = res.json();
      expect(copy.sceneId).not.toBe(sceneId);
      expect(copy.metadata).toMatchObject({
        title: `${'x'.repeat(98)} (`.slice(0, 100).trim(),
        description: 'Original',
        tags: ['a', 'b'],
        state: 'Draft',
        visible: true,
        ownerId: owner,
        publishedAt: null,
        coverPhotoUri: metadata.coverPhotoUri,
      });
      expect(copy.metadata.title).toHaveLength(100);
      expect((await api.duplicate(draft, owner)).json().metadata.title).toBe('Private draft (copy)');
      expect((await rowOf(copy.sceneId)).contentSha256).toBe((await rowOf(sceneId)).contentSha256);
      expect((await api.content(copy.sceneId, owner)).json()).toEqual(content);

      await api.remove(sceneId, owner);
      await service.purgeDeletedScenes(later(deletedSceneRetentionDays + 1));
      expect(await rowOf(sceneId)).toBeUndefined();
      expect((await api.content(copy.sceneId, owner)).json()).toEqual(content);
      const cover = await t.app.inject({ url: copy.metadata.coverPhotoUri });
      expect(cover.statusCode).toBe(200);
      expect((await api.metadata(copy.sceneId, owner)).json().coverPhotoUri).toBe(metadata.coverPhotoUri);
    });
  });

  describe('the published snapshot', () => {
    it('is separate from the draft, readable by anyone while visible', async () => {
      const owner = newUser('publisher');
      const stranger = newUser('visitor');
      const sceneId = await api.draft(owner, 'Exhibition');
      const first = sampleContent(2);
      await api.putContent(sceneId, owner, first);
      for (const as of [owner, stranger, null]) {
        expect((await api.publishedMetadata(sceneId, as)).statusCode).toBe(404);
        expect((await api.publishedContent(sceneId, as)).statusCode).toBe(404);
      }
      expect((await api.publishedMetadata('unknown', owner)).statusCode).toBe(404);

      await service.publishSnapshot(sceneId);
      const second = sampleContent(7);
      await api.putContent(sceneId, owner, second);
      await api.patch(sceneId, owner, { title: 'Exhibition, reworked' });

      for (const as of [owner, stranger, null]) {
        const meta = await api.publishedMetadata(sceneId, as);
        expect(meta.statusCode).toBe(200);
        expect(meta.json()).toMatchObject({
          sceneId,
          title: 'Exhibition',
          state: 'Published',
          publishedPublic: true,
        });
        const content = await api.publishedContent(sceneId, as);
        expect(content.statusCode).toBe(200);
        expect(content.json()).toEqual(first);
      }
      expect((await api.content(sceneId, owner)).json()).toEqual(second);

      await api.visibility(sceneId, owner, 'false');
      expect((await api.publishedMetadata(sceneId, stranger)).statusCode).toBe(403);
      expect((await api.publishedContent(sceneId, null)).statusCode).toBe(403);
      expect((await api.publishedContent(sceneId, owner)).statusCode).toBe(200);

      // Publishing again takes the draft as it is now.
      await api.visibility(sceneId, owner, 'true');
      await service.publishSnapshot(sceneId);
      expect((await api.publishedContent(sceneId, stranger)).json()).toEqual(second);
      expect((await api.publishedMetadata(sceneId, stranger)).json().title).toBe('Exhibition, reworked');
    });

    it('answers the empty document for a space published before any save', async () => {
      const owner = newUser('early');
      const sceneId = await api.draft(owner, 'Early');
      await service.publishSnapshot(sceneId);
      const res = await api.publishedContent(sceneId, null);
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBe(2);
    });
  });
});
