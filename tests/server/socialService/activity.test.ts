import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishedScenePage } from '../../../contracts/publishing';
import type { DatabaseHandle } from '../../../server/db';
import { sceneFavourites, sceneHistory, sceneLikes, scenes as scenesTable } from '../../../server/db/schema';
import { createAccount } from '../../../server/identity/accounts';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { userApi } from '../userService/helpers';
import { reactionsApi } from './reactionHelpers';

const pro = ['premium-user'] as const;

describe.each(testDatabases())('favourites and history on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let scenes: ReturnType<typeof sceneApi>;
  let api: ReturnType<typeof reactionsApi>;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    scenes = sceneApi(t, issuer);
    api = reactionsApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  async function gallery(owner: string, titles: string[]) {
    const ids: string[] = [];
    for (const title of titles) {
      const id = await scenes.ready(owner, title, ['art', 'sea', 'light'], [...pro]);
      await scenes.publishNow(id, owner, {}, [...pro]);
      ids.push(id);
    }
    return ids;
  }
  const titlesOf = async (res: Awaited<ReturnType<typeof api.history>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return PublishedScenePage.parse(res.json()).items.map((m) => m.title);
  };

  it('adds and removes favourites, listed newest first in pages, and in MY FAVOURITES', async () => {
    const owner = newUser('owner');
    const me = newUser('me');
    await api.members(owner, me);
    const [a, b, c] = await gallery(owner, ['A', 'B', 'C']);
    for (const id of [b, a, c]) {
      const res = await api.favourite(id, me);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ sceneId: id, favourite: true, liked: false });
    }
    expect((await api.favourite(a, me)).statusCode).toBe(200); // again: nothing changes
    expect(await titlesOf(await api.favourites(me))).toEqual(['C', 'A', 'B']);
    const first = await api.favourites(me, { ipp: 2 });
    expect(first.json()).toMatchObject({ cp: 0, ipp: 2, hasMore: true });
    expect(await titlesOf(first)).toEqual(['C', 'A']);
    expect(await titlesOf(await api.favourites(me, { cp: 1, ipp: 2 }))).toEqual(['B']);
    expect((await api.reactions(a, me)).json()).toMatchObject({ favourite: true });

    const removed = await api.unfavourite(a, me);
    expect(removed.json()).toMatchObject({ favourite: false });
    expect(await titlesOf(await api.favourites(me))).toEqual(['C', 'B']);
    expect(
      PublishedScenePage.parse(
        (await scenes.search(me, { ownerId: owner, filter: 'favourites' })).json(),
      ).items.map((m) => m.title),
    ).toEqual(['C', 'B']);
    // Another user's favourites are theirs.
    const other = newUser('other');
    await api.members(other);
    expect(await titlesOf(await api.favourites(other))).toEqual([]);
  });

  it('validates pages and refuses anonymous callers, drafts and private spaces', async () => {
    const owner = newUser('owner');
    const stranger = newUser('stranger');
    await api.members(owner, stranger);
    const bad: Record<string, string | number>[] = [{ ipp: 0 }, { ipp: 101 }, { cp: -1 }, { cp: 'x' }];
    for (const query of bad) {
      for (const list of [api.favourites, api.history]) {
        const res = await list(stranger, query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    }
    const [id] = await gallery(owner, ['Open']);
    for (const res of [
      await api.favourites(null),
      await api.favourite(id, null),
      await api.unfavourite(id, null),
      await api.history(null),
      await api.visit(id, null),
      await api.clearHistory(null),
      await api.forget(id, null),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    const draft = await scenes.ready(owner, 'Draft', ['a', 'b', 'c'], [...pro]);
    expect((await api.favourite(draft, stranger)).statusCode).toBe(404);
    expect((await api.visit(draft, stranger)).statusCode).toBe(404);
    const privateId = await scenes.ready(owner, 'Private', ['a', 'b', 'c'], [...pro]);
    await scenes.publishNow(privateId, owner, { privacyACLEnabled: true, userPrivacyACL: [] }, [...pro]);
    expect((await api.favourite(privateId, stranger)).statusCode).toBe(403);
    expect((await api.visit(privateId, stranger)).statusCode).toBe(403);
    expect((await api.favourite(privateId, owner)).statusCode).toBe(200);
  });

  it('keeps one history entry per space, latest visit first; forgets one or all', async () => {
    const owner = newUser('owner');
    const me = newUser('me');
    await api.members(owner, me);
    const [a, b, c] = await gallery(owner, ['A', 'B', 'C']);
    for (const id of [a, b, c, a]) {
      const res = await api.visit(id, me);
      expect(res.statusCode, res.body).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await titlesOf(await api.history(me))).toEqual(['A', 'C', 'B']);
    const explore = await scenes.search(me, { ownerId: owner, filter: 'history' });
    expect(PublishedScenePage.parse(explore.json()).items.map((m) => m.title)).toEqual(['A', 'C', 'B']);

    const forgot = await api.forget(c, me);
    expect(forgot.json()).toEqual({ removed: 1 });
    expect(await titlesOf(await api.history(me))).toEqual(['A', 'B']);
    const cleared = await api.clearHistory(me);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ removed: 2 });
    expect(await titlesOf(await api.history(me))).toEqual([]);
  });

  it("leaves no likes, favourites or history behind when a space or a user's record goes", async () => {
    const owner = newUser('owner');
    await api.members(owner);
    // A real account with its user record, so that it can be deleted as its owner does.
    const password = 'correct horse battery staple';
    const { id: fan } = await createAccount(t.app.db, { email: `${newUser('fan')}@example.com`, password });
    expect((await userApi(t, issuer).create(fan, { name: 'Fan' })).statusCode).toBe(201);
    const [kept, gone] = await gallery(owner, ['Kept', 'Gone']);
    for (const id of [kept, gone]) {
      await api.like(id, fan);
      await api.favourite(id, fan);
      await api.visit(id, fan);
    }
    // Deleting the space: it leaves every list at once (soft delete) …
    expect((await scenes.remove(gone, owner)).statusCode).toBeLessThan(300);
    expect(await titlesOf(await api.favourites(fan))).toEqual(['Kept']);
    expect(await titlesOf(await api.history(fan))).toEqual(['Kept']);
    // … and its rows go with it when the purge removes it for good.
    await t.app.db.delete(scenesTable).where(eq(scenesTable.id, gone));
    const left = async (userId: string) => ({
      likes: await t.app.db.select().from(sceneLikes).where(eq(sceneLikes.userId, userId)),
      favourites: await t.app.db.select().from(sceneFavourites).where(eq(sceneFavourites.userId, userId)),
      history: await t.app.db.select().from(sceneHistory).where(eq(sceneHistory.userId, userId)),
    });
    const before = await left(fan);
    expect(
      [before.likes, before.favourites, before.history].map((rows) => rows.map((r) => r.sceneId)),
    ).toEqual([[kept], [kept], [kept]]);
    // Deleting the account takes theirs.
    expect((await userApi(t, issuer).remove(fan, fan, password)).statusCode).toBeLessThan(300);
    expect(await left(fan)).toEqual({ likes: [], favourites: [], history: [] });
  });
});
