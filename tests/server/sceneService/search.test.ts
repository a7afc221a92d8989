import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishedSceneList, PublishedScenePage } from '../../../contracts/publishing';
import type { DatabaseHandle } from '../../../server/db';
import { sceneFavourites, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { reactionsApi } from '../socialService/reactionHelpers';
import { sceneApi } from './helpers';

const pro = ['premium-user'] as const;

describe.each(testDatabases())('Explore search on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    api = sceneApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  /** Publishes spaces for one pro owner (4 slots); answers their ids in order. */
  async function gallery(owner: string, spaces: { title: string; tags: string[]; description?: string }[]) {
    const ids: string[] = [];
    for (const s of spaces) {
      const id = await api.ready(owner, s.title, s.tags, [...pro]);
      if (s.description) await api.patchJson(id, owner, { description: s.description });
      await api.publishNow(id, owner, {}, [...pro]);
      ids.push(id);
    }
    return ids;
  }

  const page = async (as: string | null, query: Record<string, string | number>) => {
    const res = await api.search(as, query);
    expect(res.statusCode, res.body).toBe(200);
    return PublishedScenePage.parse(res.json());
  };
  const titles = async (as: string | null, query: Record<string, string | number>) =>
    (await page(as, query)).items.map((m) => m.title);

  it('finds words in titles, descriptions and tags, the last word as a prefix, any case', async () => {
    const owner = newUser('museum');
    await gallery(owner, [
      { title: 'Harbour Lights', tags: ['sea', 'night', 'photo'] },
      {
        title: 'Quiet Garden',
        tags: ['plants', 'calm', 'green'],
        description: 'Moss and STONES by the harbour',
      },
      { title: 'Ceramics shop', tags: ['pottery', 'shop', 'handmade'] },
    ]);
    const q = (text: string) => titles(null, { ownerId: owner, q: text });
    expect(await q('harb')).toEqual(['Quiet Garden', 'Harbour Lights']);
    expect(await q('HARBOUR lig')).toEqual(['Harbour Lights']);
    expect(await q('stone')).toEqual(['Quiet Garden']);
    expect(await q('potter')).toEqual(['Ceramics shop']);
    expect(await q('garden pottery')).toEqual([]);
    expect(await q('  ,;  ')).toHaveLength(3);
  });

  it('filters by tags, every one required', async () => {
    const owner = newUser('tagger');
    await gallery(owner, [
      { title: 'One', tags: ['red', 'blue', 'green'] },
      { title: 'Two', tags: ['red', 'blue', 'yellow'] },
      { title: 'Three', tags: ['red', 'black', 'white'] },
    ]);
    expect(await titles(null, { ownerId: owner, tags: 'red' })).toEqual(['Three', 'Two', 'One']);
    expect(await titles(null, { ownerId: owner, tags: 'red, blue' })).toEqual(['Two', 'One']);
    expect(await titles(null, { ownerId: owner, tags: 'blue,yellow,red' })).toEqual(['Two']);
    expect(await titles(null, { ownerId: owner, tags: 'purple' })).toEqual([]);
  });

  it('sorts by publication, views and likes, and pages with hasMore', async () => {
    const owner = newUser('sorter');
    const [a, b, c] = await gallery(owner, [
      { title: 'A', tags: ['x1', 'y1', 'z1'] },
      { title: 'B', tags: ['x1', 'y1', 'z1'] },
      { title: 'C', tags: ['x1', 'y1', 'z1'] },
    ]);
    for (const visitor of ['v1', 'v2', 'v3']) await api.view(b, newUser(visitor));
    await api.view(a, newUser('v4'));
    await api.publishNow(a, owner, {}, [...pro]); // published again: the newest now
    void c;
    expect(await titles(null, { ownerId: owner })).toEqual(['A', 'C', 'B']);
    expect(await titles(null, { ownerId: owner, sort: 'views' })).toEqual(['B', 'A', 'C']);
    const byViews = await page(null, { ownerId: owner, sort: 'views' });
    expect(byViews.items.map((m) => m.views)).toEqual([3, 1, 0]);
    // No likes yet: equal, newest id first.
    expect(await titles(null, { ownerId: owner, sort: 'likes' })).toEqual(['C', 'B', 'A']);

    const first = await page(null, { ownerId: owner, ipp: 2 });
    expect(first).toMatchObject({ cp: 0, ipp: 2, hasMore: true });
    expect(first.items.map((m) => m.title)).toEqual(['A', 'C']);
    const second = await page(null, { ownerId: owner, ipp: 2, cp: 1 });
    expect(second).toMatchObject({ cp: 1, ipp: 2, hasMore: false });
    expect(second.items.map((m) => m.title)).toEqual(['B']);
    expect((await page(null, { ownerId: owner, ipp: 3 })).hasMore).toBe(false);
  });

  it('refuses bad queries with details', async () => {
    const bad: Record<string, string | number>[] = [
      { sort: 'name' },
      { filter: 'best' },
      { ipp: 0 },
      { ipp: 101 },
      { cp: -1 },
    ];
    for (const query of bad) {
      const res = await api.search(null, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) });
    }
    expect((await api.search(null, { q: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it("shows a signed-in user's history, most recent first, and their favourites", async () => {
    const owner = newUser('historian');
    const [a, b, c] = await gallery(owner, [
      { title: 'A', tags: ['h1', 'h2', 'h3'] },
      { title: 'B', tags: ['h1', 'h2', 'h3'] },
      { title: 'C', tags: ['h1', 'h2', 'h3'] },
    ]);
    const me = newUser('me');
    // A user record, as signing up makes: history and favourites belong to it.
    await t.app.db.insert(users).values({ id: me, name: 'Me' });
    const history = reactionsApi(t, issuer);
    for (const id of [b, a, b]) {
      expect((await history.visit(id, me)).statusCode).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 5));
    } // B visited again: most recent
    expect(await titles(me, { ownerId: owner, filter: 'history' })).toEqual(['B', 'A']);
    expect(await titles(newUser('else'), { ownerId: owner, filter: 'history' })).toEqual([]);
    expect((await api.search(null, { filter: 'history' })).statusCode).toBe(401);

    await t.app.db.insert(sceneFavourites).values([
      { userId: me, sceneId: c },
      { userId: me, sceneId: a },
    ]);
    expect(await titles(me, { ownerId: owner, filter: 'favourites' })).toEqual(['C', 'A']);
    expect((await api.search(null, { filter: 'favourites' })).statusCode).toBe(401);
  });

  it('ranks trending by recent views and likes; related follows what the visitor viewed', async () => {
    const owner = newUser('trends');
    const [quiet, busy, sea, harbour] = await gallery(owner, [
      { title: 'Quiet', tags: ['forest', 'calm', 'green'] },
      { title: 'Busy', tags: ['city', 'night', 'lights'] },
      { title: 'Sea', tags: ['sea', 'boats', 'blue'] },
      { title: 'Harbour', tags: ['sea', 'boats', 'city'] },
    ]);
    for (let i = 0; i < 3; i++) await api.view(busy, newUser('fan'));
    await api.view(sea, newUser('fan'));
    void quiet;
    expect((await titles(null, { ownerId: owner, filter: 'trending' })).slice(0, 2)).toEqual(['Busy', 'Sea']);

    // An anonymous visitor who opened Sea: spaces sharing its tags, Sea itself left out.
    const viewed = await api.view(sea, null);
    const cookie = String(viewed.headers['set-cookie']).split(';')[0];
    const related = await api.search(null, { ownerId: owner, filter: 'related' }, { cookie });
    expect(related.json().items.map((m: { title: string }) => m.title)).toEqual(['Harbour']);
    // A signed-in visitor's own history: most tags in common first.
    const reader = newUser('reader');
    await api.view(harbour, reader);
    expect(await titles(reader, { ownerId: owner, filter: 'related' })).toEqual(['Sea', 'Busy']);
    // No history: like trending.
    expect((await titles(null, { ownerId: owner, filter: 'related' })).slice(0, 2)).toEqual(['Busy', 'Sea']);
  });

  it('leaves out hidden, deleted and unpublished spaces', async () => {
    const owner = newUser('tidy');
    const [shown, hidden, gone, back] = await gallery(owner, [
      { title: 'Shown', tags: ['t1', 't2', 't3'] },
      { title: 'Hidden', tags: ['t1', 't2', 't3'] },
      { title: 'Deleted', tags: ['t1', 't2', 't3'] },
      { title: 'Unpublished', tags: ['t1', 't2', 't3'] },
    ]);
    // Read once: now in the short cache, which these changes must empty at once.
    expect(await titles(null, { ownerId: owner })).toHaveLength(4);
    await api.visibility(hidden, owner, 'false');
    await api.remove(gone, owner);
    await api.unpublish(back, owner);
    expect(await titles(null, { ownerId: owner })).toEqual(['Shown']);
    expect(await titles(owner, { ownerId: owner })).toEqual(['Shown']);
    void shown;
  });

  it('serves repeated anonymous searches from the cache, and new publications at once', async () => {
    const owner = newUser('cached');
    await gallery(owner, [{ title: 'First', tags: ['c1', 'c2', 'c3'] }]);
    const first = await api.search(null, { ownerId: owner });
    const second = await api.search(null, { ownerId: owner });
    expect(first.headers['x-search-cache']).toBe('miss');
    expect(second.headers['x-search-cache']).toBe('hit');
    expect(second.json()).toEqual(first.json());
    await gallery(owner, [{ title: 'Second', tags: ['c1', 'c2', 'c3'] }]);
    expect(await titles(null, { ownerId: owner })).toEqual(['Second', 'First']);
  });

  describe('many by id', () => {
    it('answers in the asked order, leaving out what does not exist or may not be seen', async () => {
      const owner = newUser('many');
      const [a, b] = await gallery(owner, [
        { title: 'A', tags: ['m1', 'm2', 'm3'] },
        { title: 'B', tags: ['m1', 'm2', 'm3'] },
      ]);
      const draft = await api.draft(owner, 'Draft');
      const res = await api.many([b, 'unknown', draft, a, b]);
      expect(res.statusCode, res.body).toBe(200);
      expect(PublishedSceneList.parse(res.json()).items.map((m) => m.title)).toEqual(['B', 'A']);

      const tooMany = Array.from({ length: 101 }, (_, i) => `id-${i}`);
      const refused = await api.many(tooMany);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/ids' }] });
      const hundred = await api.many([
        ...Array.from({ length: 99 }, (_, i) => `0190aaaa-0000-7000-8000-${String(i).padStart(12, '0')}`),
        a,
      ]);
      expect(hundred.statusCode).toBe(200);
      expect(hundred.json().items.map((m: { title: string }) => m.title)).toEqual(['A']);
    });
  });
});
