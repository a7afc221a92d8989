import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCompaction } from '../../../server/services/sceneService/contentVersions';
import { contentPatchOf } from '../../../contracts/contentPatch';
import type { SceneContent } from '../../../contracts/sceneContent';
import type { DatabaseHandle } from '../../../server/db';
import { sceneContentPatches, scenes } from '../../../server/db/schema';
import { SceneService } from '../../../server/services/sceneService/service';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { largeContent, sampleContent, sceneApi } from './helpers';

describe.each(testDatabases())('versions of a draft’s content on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;
  let service: SceneService;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const patchesOf = async (id: string) =>
    t.app.db.select().from(sceneContentPatches).where(eq(sceneContentPatches.sceneId, id));
  const rowOf = async (id: string) => (await t.app.db.select().from(scenes).where(eq(scenes.id, id)))[0];

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

  /** A draft with `content` saved, and the version it is at. */
  async function saved(owner: string, content: SceneContent) {
    const sceneId = await api.draft(owner);
    const put = await api.putContent(sceneId, owner, content);
    expect(put.statusCode, put.body).toBe(200);
    return { sceneId, etag: String(put.headers.etag) };
  }

  const renamed = (content: SceneContent, index: number, title: string) => {
    const next = structuredClone(content);
    next.pictures[index].title = title;
    return next;
  };

  it('names each saved version: the ETag of a read is the If-Match of the next save', async () => {
    const owner = newUser('writer');
    const content = sampleContent(3);
    const { sceneId, etag } = await saved(owner, content);
    const read = await api.content(sceneId, owner);
    expect(read.headers.etag).toBe(etag);
    const put = await api.putContent(sceneId, owner, renamed(content, 0, 'Second'), { 'if-match': etag });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().etag).not.toBe(etag.slice(1, -1));
    expect(put.headers.etag).toBe(`"${put.json().etag}"`);
    expect((await api.content(sceneId, owner)).headers.etag).toBe(put.headers.etag);
  });

  it('refuses a full save made on a replaced version with 409 STALE_CONTENT and keeps the newer content', async () => {
    const owner = newUser('two-windows');
    const content = sampleContent(3);
    const { sceneId, etag } = await saved(owner, content);
    // Window A saves first.
    const first = await api.putContent(sceneId, owner, renamed(content, 0, 'From A'), { 'if-match': etag });
    expect(first.statusCode).toBe(200);
    // Window B still has the old version.
    const second = await api.putContent(sceneId, owner, renamed(content, 1, 'From B'), { 'if-match': etag });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'STALE_CONTENT',
      details: { currentEtag: first.json().etag },
    });
    expect(
      (await api.content(sceneId, owner)).json().pictures.map((p: { title: string }) => p.title),
    ).toEqual(['From A', 'Picture 1', 'Picture 2']);
    // Keep mine: B saves on the current version.
    const mine = await api.putContent(sceneId, owner, renamed(content, 1, 'From B'), {
      'if-match': first.headers.etag as string,
    });
    expect(mine.statusCode).toBe(200);
  });

  it('applies an incremental save to its version, and names the new one', async () => {
    const owner = newUser('patcher');
    const content = sampleContent(4);
    const { sceneId, etag } = await saved(owner, content);
    const next = renamed(content, 2, 'Only this changed');
    const patch = contentPatchOf(content, next);
    const res = await api.patchContent(sceneId, owner, patch, etag);
    expect(res.statusCode, res.body).toBe(200);
    const read = await api.content(sceneId, owner);
    expect(read.json()).toEqual(next);
    expect(read.headers.etag).toBe(res.headers.etag);
    expect(read.headers.etag).not.toBe(etag);
    // A second change on the new version.
    const third = renamed(next, 0, 'And this');
    const again = await api.patchContent(
      sceneId,
      owner,
      contentPatchOf(next, third),
      res.headers.etag as string,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await api.content(sceneId, owner)).json()).toEqual(third);
    // 304 for the version the editor has.
    expect(
      (await api.content(sceneId, owner, { 'if-none-match': String(again.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it('refuses an incremental save on a replaced version, without If-Match, or whose result is not valid content', async () => {
    const owner = newUser('careful');
    const content = sampleContent(2);
    const { sceneId, etag } = await saved(owner, content);
    const moved = await api.patchContent(
      sceneId,
      owner,
      contentPatchOf(content, renamed(content, 0, 'A')),
      etag,
    );
    expect(moved.statusCode).toBe(200);
    const stale = await api.patchContent(
      sceneId,
      owner,
      contentPatchOf(content, renamed(content, 1, 'B')),
      etag,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE_CONTENT',
      details: { currentEtag: moved.json().etag },
    });
    const unconditional = await api.patchContent(sceneId, owner, { set: { startingRotation: 90 } });
    expect(unconditional.statusCode).toBe(400);
    const current = String(moved.headers.etag);
    const invalid = await api.patchContent(sceneId, owner, { set: { startingRotation: 999 } }, current);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
    expect(invalid.json().details[0].path).toBe('startingRotation');
    const duplicate = await api.patchContent(
      sceneId,
      owner,
      { lists: { texts3d: { upsert: [{ id: 'picture-0', text: 'Same id as a picture' }] } } },
      current,
    );
    expect(duplicate.statusCode).toBe(400);
    const badOrder = await api.patchContent(
      sceneId,
      owner,
      { lists: { pictures: { order: ['picture-0'] } } },
      current,
    );
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().details[0].path).toBe('/lists/pictures/order');
    // None of the refusals changed anything.
    expect((await api.content(sceneId, owner)).json()).toEqual(renamed(content, 0, 'A'));
    expect((await api.content(sceneId, owner)).headers.etag).toBe(current);
  });

  it('lets exactly one of two saves made at once on the same version through', async () => {
    const owner = newUser('race');
    const content = sampleContent(2);
    const { sceneId, etag } = await saved(owner, content);
    const a = renamed(content, 0, 'Window A');
    const b = renamed(content, 1, 'Window B');
    const answers = await Promise.all([
      api.patchContent(sceneId, owner, contentPatchOf(content, a), etag),
      api.putContent(sceneId, owner, b, { 'if-match': etag }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!;
    const read = await api.content(sceneId, owner);
    expect(read.headers.etag).toBe(winner.headers.etag);
    expect([a, b]).toContainEqual(read.json());
  });

  it('lets only the owner make an incremental save', async () => {
    const owner = newUser('owner');
    const content = sampleContent(1);
    const { sceneId, etag: first } = await saved(owner, content);
    // The owner's own edit: its version is what the server has at hand for the next one.
    const own = await api.patchContent(sceneId, owner, { set: { startingRotation: 10 } }, first);
    expect(own.statusCode).toBe(200);
    const etag = (own.json() as { etag: string }).etag;
    const patch = { set: { startingRotation: 45 } };
    expect((await api.patchContent(sceneId, null, patch, etag)).statusCode).toBe(401);
    const stranger = newUser('stranger');
    expect([403, 404]).toContain((await api.patchContent(sceneId, stranger, patch, etag)).statusCode);
    expect((await api.patchContent('no-such-space', owner, patch, etag)).statusCode).toBe(404);
    const after = await api.content(sceneId, owner);
    expect(after.json().startingRotation).toBe(10);
    expect(after.headers.etag).toBe(`"${etag}"`);
  });

  it('folds incremental saves into one blob after enough of them, keeping the version name', async () => {
    const owner = newUser('many-edits');
    let content = sampleContent(3);
    const first = await saved(owner, content);
    const { sceneId } = first;
    let { etag } = first;
    const blobBefore = (await rowOf(sceneId)).contentSha256;
    for (let i = 0; i < contentCompaction.patches; i++) {
      const next = renamed(content, i % 3, `Edit ${i}`);
      const res = await api.patchContent(sceneId, owner, contentPatchOf(content, next), etag);
      expect(res.statusCode, res.body).toBe(200);
      etag = String(res.headers.etag);
      content = next;
    }
    await service.compactContent(sceneId);
    expect(await patchesOf(sceneId)).toEqual([]);
    const row = await rowOf(sceneId);
    expect(row.contentSha256).not.toBe(blobBefore);
    const read = await api.content(sceneId, owner);
    expect(read.json()).toEqual(content);
    expect(read.headers.etag).toBe(etag);
    // The editor's version still matches after the fold.
    const after = await api.patchContent(sceneId, owner, { set: { startingRotation: 10 } }, etag);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('publishes and duplicates the content with its incremental saves, and a full save folds them away', async () => {
    const owner = newUser('publisher');
    const content = sampleContent(2);
    const { sceneId, etag } = await saved(owner, content);
    const next = renamed(content, 1, 'Edited before publishing');
    const patched = await api.patchContent(sceneId, owner, contentPatchOf(content, next), etag);
    expect(patched.statusCode).toBe(200);
    const copy = await api.duplicate(sceneId, owner);
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await api.content(copy.json().sceneId, owner)).json()).toEqual(next);
    await service.publishSnapshot(sceneId);
    expect((await api.publishedContent(sceneId, owner)).json()).toEqual(next);
    const full = await api.putContent(sceneId, owner, content, { 'if-match': String(patched.headers.etag) });
    expect(full.statusCode).toBe(200);
    expect(await patchesOf(sceneId)).toEqual([]);
    expect((await api.content(sceneId, owner)).json()).toEqual(content);
  });

  it('sends a few hundred bytes for one edit of a 5 MB space', async () => {
    const owner = newUser('big');
    const content = largeContent(5 * 1024 * 1024);
    const { sceneId, etag } = await saved(owner, content);
    const next = renamed(content, 4321, 'One title changed');
    const patch = contentPatchOf(content, next);
    expect(JSON.stringify(patch).length).toBeLessThan(4096);
    const res = await api.patchContent(sceneId, owner, patch, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.content(sceneId, owner)).json().pictures[4321].title).toBe('One title changed');
  });
});
