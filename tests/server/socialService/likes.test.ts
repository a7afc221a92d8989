import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishedScenePage } from '../../../contracts/publishing';
import { SpaceReactions } from '../../../contracts/spaceReactions';
import type { DatabaseHandle } from '../../../server/db';
import { sceneDailyStats, sceneLikes } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { reactionsApi } from './reactionHelpers';

const pro = ['premium-user'] as const;

describe.each(testDatabases())('likes of spaces on $name', ({ open }) => {
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

  async function published(owner: string, title = 'Liked space', body: Record<string, unknown> = {}) {
    const id = await scenes.ready(owner, title, ['art', 'sea', 'light'], [...pro]);
    await scenes.publishNow(id, owner, body, [...pro]);
    return id;
  }
  const reactionsOf = async (sceneId: string, as: string | null) => {
    const res = await api.reactions(sceneId, as);
    expect(res.statusCode, res.body).toBe(200);
    return SpaceReactions.parse(res.json());
  };

  it('likes once per user, unlikes, and the count cards and Explore show follows', async () => {
    const owner = newUser('owner');
    const [ann, bob] = [newUser('ann'), newUser('bob')];
    await api.members(owner, ann, bob);
    const id = await published(owner);
    expect(await reactionsOf(id, null)).toEqual({ sceneId: id, likes: 0, liked: false, favourite: false });

    const liked = await api.like(id, ann);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json()).toEqual({ sceneId: id, likes: 1, liked: true, favourite: false });
    // Liking again changes nothing.
    expect((await api.like(id, ann)).json()).toMatchObject({ likes: 1, liked: true });
    expect((await api.like(id, bob)).json()).toMatchObject({ likes: 2, liked: true });
    expect(await reactionsOf(id, ann)).toMatchObject({ likes: 2, liked: true });
    expect(await reactionsOf(id, null)).toMatchObject({ likes: 2, liked: false });

    // The space's card (published metadata) carries the same count.
    expect((await scenes.publishedMetadata(id)).json().likes).toBe(2);

    const unliked = await api.unlike(id, ann);
    expect(unliked.statusCode).toBe(200);
    expect(unliked.json()).toMatchObject({ likes: 1, liked: false });
    // Taking back a like that is not there changes nothing.
    expect((await api.unlike(id, ann)).json()).toMatchObject({ likes: 1, liked: false });
    expect((await scenes.publishedMetadata(id)).json().likes).toBe(1);
  });

  it('refuses anonymous likes, drafts, unknown, hidden and private spaces', async () => {
    const owner = newUser('owner');
    const stranger = newUser('stranger');
    const guest = newUser('guest');
    await api.members(owner, stranger, guest);
    const id = await published(owner);

    const anonymous = await api.like(id, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await api.unlike(id, null)).statusCode).toBe(401);

    const draft = await scenes.ready(owner, 'Draft', ['a', 'b', 'c'], [...pro]);
    for (const as of [stranger, owner]) {
      const res = await api.like(draft, as);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await api.reactions(draft, stranger)).statusCode).toBe(404);
    expect((await api.like('no-such-space', stranger)).statusCode).toBe(404);

    const privateId = await published(owner, 'Private', {
      privacyACLEnabled: true,
      userPrivacyACL: [guest],
    });
    expect((await api.like(privateId, stranger)).statusCode).toBe(403);
    expect((await api.reactions(privateId, null)).statusCode).toBe(401);
    expect((await api.like(privateId, guest)).json()).toMatchObject({ likes: 1, liked: true });
    // The owner may like their own space.
    expect((await api.like(privateId, owner)).json()).toMatchObject({ likes: 2, liked: true });

    expect((await scenes.visibility(id, owner, 'false')).statusCode).toBe(200);
    expect((await api.like(id, stranger)).statusCode).toBe(403);
  });

  it('asks a signed-in user without a user record to set up their profile', async () => {
    const owner = newUser('owner');
    await api.members(owner);
    const id = await published(owner);
    const res = await api.like(id, newUser('unregistered'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/profile/);
    expect((await reactionsOf(id, null)).likes).toBe(0);
  });

  it('counts 200 concurrent likes of 200 users plus 20 repeats of one user as exactly 200', async () => {
    const owner = newUser('owner');
    const fans = Array.from({ length: 200 }, () => newUser('fan'));
    await api.members(owner, ...fans);
    const id = await published(owner);
    const answers = await Promise.all([
      ...fans.map((fan) => api.like(id, fan)),
      ...Array.from({ length: 20 }, () => api.like(id, fans[0])),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect((await reactionsOf(id, null)).likes).toBe(200);
    expect((await scenes.publishedMetadata(id)).json().likes).toBe(200);
    const rows = await t.app.db.select().from(sceneLikes).where(eq(sceneLikes.sceneId, id));
    expect(rows).toHaveLength(200);
    const [today] = await t.app.db.select().from(sceneDailyStats).where(eq(sceneDailyStats.sceneId, id));
    expect(today.likes).toBe(200);
  });

  it('sorts Explore by likes and ranks likes in TRENDING above a single visit', async () => {
    const owner = newUser('ranker');
    const fans = Array.from({ length: 3 }, () => newUser('fan'));
    await api.members(owner, ...fans);
    const few = await published(owner, 'Few');
    const many = await published(owner, 'Many');
    const none = await published(owner, 'None');
    for (const fan of fans) await api.like(many, fan);
    await api.like(few, fans[0]);
    const titles = async (query: Record<string, string>) =>
      PublishedScenePage.parse((await scenes.search(null, { ownerId: owner, ...query })).json()).items.map(
        (m) => m.title,
      );
    expect(await titles({ sort: 'likes' })).toEqual(['Many', 'Few', 'None']);
    // One visit of None, one like of Few: the like weighs more.
    await scenes.view(none, newUser('visitor'));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the search's 1 s cache
    expect(await titles({ filter: 'trending' })).toEqual(['Many', 'Few', 'None']);
  });

  it('documents its paths in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/socialService/reactions/{id}',
        '/api/socialService/likes/{id}',
        '/api/socialService/favourites',
        '/api/socialService/favourites/{id}',
        '/api/socialService/history',
        '/api/socialService/history/{id}',
      ]),
    );
    expect(Object.keys(doc.paths['/api/socialService/likes/{id}'])).toEqual(['post', 'delete']);
  });
});
