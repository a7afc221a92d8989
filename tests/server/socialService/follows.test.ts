import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { follows } from '../../../server/db/schema';
import { createAccount } from '../../../server/identity/accounts';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { socialApi } from './followHelpers';

describe.each(testDatabases())('follows on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let social: ReturnType<typeof socialApi>;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    social = socialApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  it('follows and unfollows a user, and the profile counts follow', async () => {
    await social.signUp('ada', 'ben');
    expect((await social.follows('ben', 'ada')).json()).toEqual({
      userId: 'ada',
      following: false,
      numOfFollowers: 0,
    });

    const followed = await social.follow('ben', 'ada');
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ userId: 'ada', following: true, numOfFollowers: 1 });
    expect((await social.follows('ben', 'ada')).json().following).toBe(true);
    expect(await social.counts('ada')).toEqual({ numOfFollowers: 1, numOfFollowing: 0 });
    expect(await social.counts('ben')).toEqual({ numOfFollowers: 0, numOfFollowing: 1 });

    // Following again changes nothing.
    expect((await social.follow('ben', 'ada')).json().numOfFollowers).toBe(1);

    const unfollowed = await social.unfollow('ben', 'ada');
    expect(unfollowed.statusCode).toBe(200);
    expect(unfollowed.json()).toEqual({ userId: 'ada', following: false, numOfFollowers: 0 });
    expect(await social.counts('ada')).toEqual({ numOfFollowers: 0, numOfFollowing: 0 });
    expect(await social.counts('ben')).toEqual({ numOfFollowers: 0, numOfFollowing: 0 });
    // Unfollowing someone not followed is no error.
    expect((await social.unfollow('ben', 'ada')).statusCode).toBe(200);
  });

  it('lists followers and following as member cards, newest first, paged, for anyone', async () => {
    await social.signUp('star', 'fan-1', 'fan-2', 'fan-3');
    for (const fan of ['fan-1', 'fan-2', 'fan-3'])
      expect((await social.follow(fan, 'star')).statusCode).toBe(200);
    await social.follow('star', 'fan-2');

    const firstPage = await social.followers('star', null, '?cp=0&ipp=2');
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.json()).toEqual({
      items: [
        { userId: 'fan-3', name: 'Name of fan-3', username: null, profilePicture: null, following: false },
        { userId: 'fan-2', name: 'Name of fan-2', username: null, profilePicture: null, following: false },
      ],
      cp: 0,
      ipp: 2,
      total: 3,
    });
    const secondPage = (await social.followers('star', null, '?cp=1&ipp=2')).json();
    expect(secondPage.items.map((m: { userId: string }) => m.userId)).toEqual(['fan-1']);

    // Signed in, each card says whether the caller follows that member.
    const asStar = (await social.followers('star', 'star')).json();
    expect(asStar.items.map((m: { userId: string; following: boolean }) => [m.userId, m.following])).toEqual([
      ['fan-3', false],
      ['fan-2', true],
      ['fan-1', false],
    ]);

    const following = (await social.following('fan-1', 'fan-2')).json();
    expect(following).toMatchObject({ total: 1, items: [{ userId: 'star', following: true }] });
    expect((await social.following('star')).json().items.map((m: { userId: string }) => m.userId)).toEqual([
      'fan-2',
    ]);
  });

  it('refuses to follow oneself with a clear code', async () => {
    await social.signUp('narcissus');
    const res = await social.follow('narcissus', 'narcissus');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'SELF_FOLLOW', message: 'You cannot follow yourself' });
    expect(await social.counts('narcissus')).toEqual({ numOfFollowers: 0, numOfFollowing: 0 });
  });

  it('answers 404 for unknown users and 400 for invalid parameters', async () => {
    await social.signUp('lonely');
    expect((await social.follow('lonely', 'nobody-here')).json().code).toBe('NOT_FOUND');
    expect((await social.unfollow('lonely', 'nobody-here')).statusCode).toBe(404);
    expect((await social.follows('lonely', 'nobody-here')).statusCode).toBe(404);
    expect((await social.followers('nobody-here')).statusCode).toBe(404);
    expect((await social.following('nobody-here')).statusCode).toBe(404);
    // A caller without a user record cannot follow yet.
    const unrecorded = await social.follow('no-record-yet', 'lonely');
    expect(unrecorded.statusCode).toBe(404);
    expect(unrecorded.json().message).toMatch(/user record/);

    const tooMany = await social.followers('lonely', null, '?ipp=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('VALIDATION_FAILED');
    expect((await social.following('lonely', null, '?cp=-1')).statusCode).toBe(400);
  });

  it('asks anonymous callers to sign in to follow, and strangers only change their own follows', async () => {
    await social.signUp('owner-o', 'stranger-s', 'fan-f');
    for (const res of [
      await social.follow(null, 'owner-o'),
      await social.unfollow(null, 'owner-o'),
      await social.follows(null, 'owner-o'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    await social.follow('fan-f', 'owner-o');
    // A stranger's unfollow only removes the stranger's own follow (there is none): fan-f stays.
    expect((await social.unfollow('stranger-s', 'owner-o')).json()).toMatchObject({
      following: false,
      numOfFollowers: 1,
    });
    expect((await social.followers('owner-o', 'stranger-s')).json().items[0].userId).toBe('fan-f');
  });

  it('counts exactly under 50 concurrent follows and duplicate follows by one user', async () => {
    const target = 'popular';
    const fans = Array.from({ length: 50 }, (_, i) => `crowd-${i}`);
    await social.signUp(target, ...fans);
    const answers = await Promise.all([
      ...fans.map((fan) => social.follow(fan, target)),
      ...Array.from({ length: 10 }, () => social.follow('crowd-0', target)),
    ]);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(await social.counts(target)).toEqual({ numOfFollowers: 50, numOfFollowing: 0 });
    expect(await social.counts('crowd-0')).toEqual({ numOfFollowers: 0, numOfFollowing: 1 });
    expect((await social.followers(target, null, '?ipp=50')).json().total).toBe(50);

    // Concurrent unfollows and follows of half the crowd end as many as remain.
    await Promise.all([
      ...fans.slice(0, 25).map((fan) => social.unfollow(fan, target)),
      ...fans.slice(0, 25).map((fan) => social.unfollow(fan, target)),
    ]);
    expect((await social.counts(target)).numOfFollowers).toBe(25);
  });

  it("removes a deleted user's follows both ways", async () => {
    const password = 'correct horse battery staple';
    const { id: leaver } = await createAccount(t.app.db, { email: 'leaver@example.com', password });
    await social.signUp(leaver, 'keeper');
    await social.follow(leaver, 'keeper');
    await social.follow('keeper', leaver);
    expect(await social.counts('keeper')).toEqual({ numOfFollowers: 1, numOfFollowing: 1 });
    expect((await social.users.remove(leaver, leaver, password)).statusCode).toBe(204);
    expect(await social.counts('keeper')).toEqual({ numOfFollowers: 0, numOfFollowing: 0 });
    expect((await social.followers('keeper')).json().total).toBe(0);
    expect((await social.following('keeper')).json().total).toBe(0);
    const left = await t.app.db.select().from(follows);
    expect(left.filter((f) => f.followerId === leaver || f.followedUserId === leaver)).toEqual([]);
  });
});
