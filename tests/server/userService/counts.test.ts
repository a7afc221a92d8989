import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../contracts/identity';
import type { DatabaseHandle } from '../../../server/db';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { userApi } from './helpers';

describe.each(testDatabases())("a user's counts on $name", ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let users: ReturnType<typeof userApi>;
  let scenes: ReturnType<typeof sceneApi>;
  const pro: Role[] = ['premium-user'];

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    users = userApi(t, issuer);
    scenes = sceneApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  /** The counts on the profile (anyone's view), on the owner's own record, and in Explore › Creators. */
  async function counts(userId: string, name: string) {
    const profile = (await users.get(userId)).json();
    const own = (await users.my(userId)).json();
    const found = (await users.search({ q: name }))
      .json()
      .items.find((u: { userId: string }) => u.userId === userId);
    const pick = (u: Record<string, number>) => ({
      numPublishedSpaces: u.numPublishedSpaces,
      numOfFollowers: u.numOfFollowers,
      numOfFollowing: u.numOfFollowing,
    });
    expect(pick(own)).toEqual(pick(profile));
    expect(pick(found)).toEqual(pick(profile));
    return pick(profile);
  }

  it('counts the spaces anyone can find, kept right on publish, unpublish, hide and delete', async () => {
    const creator = 'counted-creator';
    const name = 'Counted Creator Gallery';
    expect((await users.create(creator, { name })).statusCode).toBe(201);
    expect(await counts(creator, name)).toEqual({
      numPublishedSpaces: 0,
      numOfFollowers: 0,
      numOfFollowing: 0,
    });

    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await scenes.ready(creator, `Counted ${i}`, ['art', 'sea', 'light'], pro);
      await scenes.publishNow(id, creator, {}, pro);
      ids.push(id);
    }
    // A draft and a space published for people with the link only are not on the profile.
    await scenes.draft(creator, 'Still a draft', pro);
    const unlisted = await scenes.ready(creator, 'By link only', ['art', 'sea', 'light'], pro);
    await scenes.publishNow(unlisted, creator, { publishedPublic: false }, pro);
    expect((await counts(creator, name)).numPublishedSpaces).toBe(3);

    expect((await scenes.unpublish(ids[0], creator, pro)).statusCode).toBe(200);
    expect((await counts(creator, name)).numPublishedSpaces).toBe(2);

    expect((await scenes.visibility(ids[1], creator, 'false')).statusCode).toBe(200);
    expect((await counts(creator, name)).numPublishedSpaces).toBe(1);
    expect((await scenes.visibility(ids[1], creator, 'true')).statusCode).toBe(200);
    expect((await counts(creator, name)).numPublishedSpaces).toBe(2);

    expect((await scenes.remove(ids[2], creator)).statusCode).toBe(204);
    expect((await counts(creator, name)).numPublishedSpaces).toBe(1);

    // Publishing again counts it again.
    await scenes.publishNow(ids[0], creator, {}, pro);
    expect(await counts(creator, name)).toEqual({
      numPublishedSpaces: 2,
      numOfFollowers: 0,
      numOfFollowing: 0,
    });
  });

  it('counts each creator of a search page on their own', async () => {
    const a = 'page-creator-a';
    const b = 'page-creator-b';
    await users.create(a, { name: 'Pagecount Alpha' });
    await users.create(b, { name: 'Pagecount Beta' });
    for (let i = 0; i < 2; i++) {
      const id = await scenes.ready(a, `Alpha ${i}`, ['art', 'sea', 'light'], pro);
      await scenes.publishNow(id, a, {}, pro);
    }
    const found = (await users.search({ q: 'Pagecount' })).json().items as {
      name: string;
      numPublishedSpaces: number;
    }[];
    expect(found.map((u) => [u.name, u.numPublishedSpaces])).toEqual([
      ['Pagecount Alpha', 2],
      ['Pagecount Beta', 0],
    ]);
  });
});
