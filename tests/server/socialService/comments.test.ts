import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Comment, CommentPage, commentMessages, ReportAnswer } from '../../../contracts/comments';
import type { DatabaseHandle } from '../../../server/db';
import { sceneComments, scenes, socialRateEvents, socialReports, users } from '../../../server/db/schema';
import type { CommentCreatedEvent } from '../../../server/services/socialService';
import type { TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { buildSocialTestApp, socialApi } from './helpers';

describe.each(testDatabases())('comments and reports on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let scenesApi: ReturnType<typeof sceneApi>;
  let api: ReturnType<typeof socialApi>;
  const created: CommentCreatedEvent[] = [];
  let failNotifications = false;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildSocialTestApp(db, issuer.env, {
      rateLimits: {
        comment: { max: 5, perSeconds: 3600 },
        like: { max: 5, perSeconds: 3600 },
        report: { max: 3, perSeconds: 3600 },
      },
      onCommentCreated: (event) => {
        if (failNotifications) throw new Error('the notification service is down');
        created.push(event);
      },
    });
    scenesApi = sceneApi(t, issuer);
    api = socialApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  /** A published space of a new owner; `fields` change its Space info first (e.g. comments off). */
  async function publishedSpace(fields: Record<string, unknown> = {}, publish: Record<string, unknown> = {}) {
    const owner = newUser('owner');
    const sceneId = await scenesApi.ready(owner, 'Commented space');
    if (Object.keys(fields).length > 0) {
      const res = await scenesApi.patchJson(sceneId, owner, fields);
      expect(res.statusCode, res.body).toBe(200);
    }
    await scenesApi.publishNow(
      sceneId,
      owner,
      publish,
      Object.keys(publish).length ? ['pro-user'] : undefined,
    );
    return { owner, sceneId };
  }

  const page = async (sceneId: string, as: string | null, query: Record<string, number> = {}) => {
    const res = await api.list(sceneId, as, query);
    expect(res.statusCode, res.body).toBe(200);
    return CommentPage.parse(res.json());
  };

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/socialService/comments/scene/{sceneId}',
        '/api/socialService/comments/{commentId}',
        '/api/socialService/comments/{commentId}/hide',
        '/api/socialService/comments/{commentId}/unhide',
        '/api/socialService/reports',
      ]),
    );
    expect(Object.keys(doc.paths['/api/socialService/comments/scene/{sceneId}'])).toEqual(['get', 'post']);
  });

  it('posts a comment that everyone who sees the space reads, with its author', async () => {
    const { sceneId } = await publishedSpace();
    const visitor = newUser('visitor');
    const res = await api.post(sceneId, visitor, { body: '  What a light in the second room!  ' });
    expect(res.statusCode, res.body).toBe(201);
    const comment = Comment.parse(res.json());
    expect(comment).toMatchObject({
      sceneId,
      parentCommentId: null,
      body: 'What a light in the second room!',
      edited: false,
      hiddenByOperator: false,
      hidden: false,
      childComments: [],
      user: { userId: visitor, name: `Name of ${visitor}`, username: null, profilePicture: null },
    });

    const anonymous = await page(sceneId, null);
    expect(anonymous.items.map((c) => c.body)).toEqual(['What a light in the second room!']);
    expect(anonymous).toMatchObject({ total: 1, commentCount: 1, commentsEnabled: true, cp: 0 });
    // The space's cards and info count it.
    expect((await scenesApi.publishedMetadata(sceneId)).json().commentCount).toBe(1);
    expect((await scenesApi.many([sceneId])).json().items[0].commentCount).toBe(1);
  });

  it('refuses empty, too long and anonymous comments, and unknown or unpublished spaces', async () => {
    const { owner, sceneId } = await publishedSpace();
    const someone = newUser('someone');
    for (const body of [
      { body: '' },
      { body: '   \n ' },
      { body: 'x'.repeat(2001) },
      {},
      { body: 'hi', extra: 1 },
    ]) {
      const res = await api.post(sceneId, someone, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await api.post(sceneId, someone, { body: 'x'.repeat(2000) })).statusCode).toBe(201);
    const anonymous = await api.post(sceneId, null, { body: 'Hello' });
    expect(anonymous.statusCode).toBe(401);
    expect((await api.post('no-such-space', someone, { body: 'Hello' })).statusCode).toBe(404);
    expect((await api.list('no-such-space', null)).statusCode).toBe(404);

    const draft = await scenesApi.draft(owner, 'Not published yet');
    expect((await api.post(draft, owner, { body: 'Hello' })).statusCode).toBe(404);
    expect((await api.post(draft, someone, { body: 'Hello' })).statusCode).toBe(404);
    expect((await api.list(draft, owner)).statusCode).toBe(404);
  });

  it("keeps a private space's comments to those invited", async () => {
    const guest = newUser('guest');
    const { owner, sceneId } = await publishedSpace(
      {},
      { privacyACLEnabled: true, userPrivacyACL: [guest], publishedPublic: false },
    );
    await api.comment(sceneId, guest, 'Thanks for the invitation');
    expect((await page(sceneId, owner)).total).toBe(1);
    expect((await api.list(sceneId, null)).statusCode).toBe(401);
    const stranger = newUser('stranger');
    expect((await api.list(sceneId, stranger)).statusCode).toBe(403);
    expect((await api.post(sceneId, stranger, { body: 'Let me in' })).statusCode).toBe(403);
  });

  it('answers COMMENTS_OFF when the publish form turned comments off, and still lists older ones', async () => {
    const { owner, sceneId } = await publishedSpace({ comments: false });
    const res = await api.post(sceneId, newUser('visitor'), { body: 'Hello?' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'COMMENTS_OFF', message: commentMessages.commentsOff });
    expect((await api.post(sceneId, owner, { body: 'Even me?' })).json().code).toBe('COMMENTS_OFF');
    expect(await page(sceneId, null)).toMatchObject({ items: [], total: 0, commentsEnabled: false });
  });

  it('threads replies one level deep, oldest first, and tells the notification listener', async () => {
    const { owner, sceneId } = await publishedSpace();
    const [ann, bob, cy] = [newUser('ann'), newUser('bob'), newUser('cy')];
    const first = await api.comment(sceneId, ann, 'First!');
    const second = await api.comment(sceneId, bob, 'Second thread');
    const reply = await api.comment(sceneId, bob, 'Answering Ann', first);
    // A reply to a reply joins the thread of its top-level comment.
    const res = await api.post(sceneId, cy, { body: 'Answering Bob', parentCommentId: reply });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().parentCommentId).toBe(first);

    const { items, commentCount, total } = await page(sceneId, null);
    expect(items.map((c) => c.commentId)).toEqual([second, first]);
    expect(items[1].childComments.map((r) => [r.body, r.parentCommentId])).toEqual([
      ['Answering Ann', first],
      ['Answering Bob', first],
    ]);
    expect(items[1].replyCount).toBe(2);
    expect(items[0].childComments).toEqual([]);
    expect({ total, commentCount }).toEqual({ total: 2, commentCount: 4 });

    const events = created.filter((e) => e.sceneId === sceneId);
    expect(events).toEqual([
      { sceneId, sceneOwnerId: owner, commentId: first, authorId: ann, parentAuthorId: null },
      { sceneId, sceneOwnerId: owner, commentId: second, authorId: bob, parentAuthorId: null },
      { sceneId, sceneOwnerId: owner, commentId: reply, authorId: bob, parentAuthorId: ann },
      { sceneId, sceneOwnerId: owner, commentId: res.json().commentId, authorId: cy, parentAuthorId: bob },
    ]);

    // Replying to a comment of another space, or to none, is refused.
    const other = await publishedSpace();
    const elsewhere = await api.post(other.sceneId, cy, { body: 'Wrong thread', parentCommentId: first });
    expect(elsewhere.statusCode).toBe(404);
    expect((await api.post(sceneId, cy, { body: 'x', parentCommentId: 'nope' })).statusCode).toBe(404);

    // A failing listener never fails the comment.
    failNotifications = true;
    try {
      expect((await api.post(sceneId, cy, { body: 'Still posted' })).statusCode).toBe(201);
    } finally {
      failNotifications = false;
    }
  });

  it('lets only the author edit, marking the comment edited', async () => {
    const { owner, sceneId } = await publishedSpace();
    const author = newUser('author');
    const id = await api.comment(sceneId, author, 'Typo hre');
    const before = (await page(sceneId, null)).items[0];

    expect((await api.edit(id, null, { body: 'x' })).statusCode).toBe(401);
    for (const who of [owner, newUser('stranger')]) {
      const res = await api.edit(id, who, { body: 'Not mine' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(commentMessages.onlyAuthorEdits);
    }
    expect((await api.edit(id, author, { body: '' })).statusCode).toBe(400);
    expect((await api.edit('no-such-comment', author, { body: 'x' })).statusCode).toBe(404);

    // The same text again changes nothing.
    expect(Comment.parse((await api.edit(id, author, { body: ' Typo hre ' })).json()).edited).toBe(false);
    const res = await api.edit(id, author, { body: 'Typo here' });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await page(sceneId, null)).items[0];
    expect(after).toMatchObject({ body: 'Typo here', edited: true, createdAt: before.createdAt });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
  });

  it("deletes a comment for its author or the space's owner, a thread with its replies", async () => {
    const { owner, sceneId } = await publishedSpace();
    const [author, replier, stranger] = [newUser('author'), newUser('replier'), newUser('stranger')];
    const thread = await api.comment(sceneId, author, 'A thread');
    await api.comment(sceneId, replier, 'A reply', thread);
    const lone = await api.comment(sceneId, replier, 'Alone');
    const mine = await api.comment(sceneId, stranger, 'Mine');

    expect((await api.remove(thread, null)).statusCode).toBe(401);
    const refused = await api.remove(thread, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(commentMessages.onlyAuthorOrOwnerDeletes);
    expect((await api.remove(mine, stranger)).statusCode).toBe(204);
    expect((await api.remove(lone, owner)).statusCode).toBe(204);
    expect((await page(sceneId, null)).commentCount).toBe(2);
    expect((await api.remove(thread, author)).statusCode).toBe(204);
    expect(await page(sceneId, null)).toMatchObject({ items: [], commentCount: 0 });
    expect(await db.db.select().from(sceneComments).where(eq(sceneComments.sceneId, sceneId))).toEqual([]);
    expect((await api.remove(thread, author)).statusCode).toBe(404);
  });

  it('lets the owner hide comments from everyone else, and show them again', async () => {
    const { owner, sceneId } = await publishedSpace();
    const [author, other] = [newUser('author'), newUser('other')];
    const rude = await api.comment(sceneId, author, 'Something rude');
    await api.comment(sceneId, other, 'An answer to it', rude);
    const kind = await api.comment(sceneId, other, 'Something kind');

    for (const who of [author, other]) expect((await api.hide(rude, who)).statusCode).toBe(403);
    expect((await api.hide(rude, null)).statusCode).toBe(401);
    const res = await api.hide(rude, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hidden).toBe(true);

    for (const who of [null, author, other]) {
      const seen = await page(sceneId, who);
      expect(seen.items.map((c) => c.commentId)).toEqual([kind]);
      expect(seen.commentCount).toBe(1);
    }
    expect((await scenesApi.publishedMetadata(sceneId)).json().commentCount).toBe(1);
    const ownerView = await page(sceneId, owner);
    expect(ownerView.items.map((c) => [c.commentId, c.hidden])).toEqual([
      [kind, false],
      [rude, true],
    ]);
    expect(ownerView.items[1].childComments).toHaveLength(1);
    // Nobody else answers or reports a hidden comment.
    expect((await api.post(sceneId, other, { body: 'x', parentCommentId: rude })).statusCode).toBe(404);

    expect((await api.hide(rude, owner, 'unhide')).json().hidden).toBe(false);
    expect((await page(sceneId, null)).commentCount).toBe(3);
  });

  it('pages threads newest first', async () => {
    const { sceneId } = await publishedSpace();
    const authors = [newUser('a'), newUser('b'), newUser('c')];
    const bodies: string[] = [];
    for (let i = 0; i < 12; i++) {
      bodies.push(`Comment ${i}`);
      await api.comment(sceneId, authors[i % 3], `Comment ${i}`);
    }
    const newestFirst = [...bodies].reverse();
    const first = await page(sceneId, null, { cp: 0, ipp: 5 });
    expect(first.items.map((c) => c.body)).toEqual(newestFirst.slice(0, 5));
    expect(first.total).toBe(12);
    expect((await page(sceneId, null, { cp: 2, ipp: 5 })).items.map((c) => c.body)).toEqual(
      newestFirst.slice(10),
    );
    expect((await api.list(sceneId, null, { ipp: 0 })).statusCode).toBe(400);
    expect((await api.list(sceneId, null, { ipp: 51 })).statusCode).toBe(400);
  });

  it('slows down a user who comments too quickly, saying when to try again', async () => {
    const { sceneId } = await publishedSpace();
    const quick = newUser('quick');
    for (let i = 0; i < 5; i++) await api.comment(sceneId, quick, `Comment ${i}`);
    const res = await api.post(sceneId, quick, { body: 'One more' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(res.json().message).toMatch(/try again in \d+ minutes/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    // Others are not slowed down.
    expect((await api.post(sceneId, newUser('calm'), { body: 'Hello' })).statusCode).toBe(201);
  });

  it('lets no more comments through than the limit when they arrive at once', async () => {
    const { sceneId } = await publishedSpace();
    const eager = newUser('eager');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post(sceneId, eager, { body: `At once ${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await page(sceneId, null)).commentCount).toBe(5);
  });

  it('stores reports of spaces and comments for the operator, once per reporter', async () => {
    const { sceneId } = await publishedSpace();
    const [author, reporter] = [newUser('author'), newUser('reporter')];
    const comment = await api.comment(sceneId, author, 'Buy cheap watches');

    const space = await api.report(reporter, { sceneId, reason: 'copyright', text: 'My photos' });
    expect(space.statusCode, space.body).toBe(201);
    const again = await api.report(reporter, { sceneId, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(ReportAnswer.parse(again.json())).toEqual({ reportId: space.json().reportId, created: false });
    const onComment = await api.report(reporter, { sceneId, commentId: comment, reason: 'spam' });
    expect(onComment.statusCode).toBe(201);

    const stored = await db.db.select().from(socialReports).where(eq(socialReports.reporterId, reporter));
    expect(stored.map((r) => [r.commentId, r.reason, r.text]).sort()).toEqual(
      [
        [null, 'copyright', 'My photos'],
        [comment, 'spam', ''],
      ].sort(),
    );

    expect((await api.report(null, { sceneId, reason: 'spam' })).statusCode).toBe(401);
    for (const body of [
      { sceneId, reason: 'boring' },
      { sceneId, reason: 'other', text: 'x'.repeat(1001) },
      { reason: 'spam' },
    ]) {
      const res = await api.report(reporter, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.report(reporter, { sceneId: 'nope', reason: 'spam' })).statusCode).toBe(404);
    const other = await publishedSpace();
    const mismatch = await api.report(reporter, {
      sceneId: other.sceneId,
      commentId: comment,
      reason: 'spam',
    });
    expect(mismatch.statusCode).toBe(404);

    // Reports have their own rate limit (3 in this app).
    await api.report(reporter, { sceneId: other.sceneId, reason: 'other' });
    const limited = await api.report(reporter, {
      sceneId: other.sceneId,
      commentId: undefined,
      reason: 'hate',
    });
    expect(limited.statusCode).toBe(200);
    const third = await publishedSpace();
    const refused = await api.report(reporter, { sceneId: third.sceneId, reason: 'spam' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it("removes a user's comments, reports and counts with their account, and a space's with the space", async () => {
    const { owner, sceneId } = await publishedSpace();
    const [leaving, staying] = [newUser('leaving'), newUser('staying')];
    const theirs = await api.comment(sceneId, leaving, 'Goodbye');
    await api.comment(sceneId, staying, 'Answer to the leaver', theirs);
    const kept = await api.comment(sceneId, staying, 'I stay');
    await api.report(leaving, { sceneId, commentId: kept, reason: 'spam' });
    await api.report(staying, { sceneId, commentId: theirs, reason: 'spam' });

    await db.db.delete(users).where(eq(users.id, leaving));
    const left = await page(sceneId, null);
    expect(left.items.map((c) => c.commentId)).toEqual([kept]);
    expect(left.commentCount).toBe(1);
    expect((await scenesApi.my(owner)).json().items[0].commentCount).toBe(1);
    expect(await db.db.select().from(socialReports).where(eq(socialReports.sceneId, sceneId))).toEqual([]);
    expect(await db.db.select().from(socialRateEvents).where(eq(socialRateEvents.userId, leaving))).toEqual(
      [],
    );

    // A deleted space's comments are gone from reach at once, and from the database when it is purged.
    await api.report(staying, { sceneId, reason: 'other' });
    expect((await scenesApi.remove(sceneId, owner)).statusCode).toBe(204);
    expect((await api.list(sceneId, null)).statusCode).toBe(404);
    expect((await api.post(sceneId, staying, { body: 'Hello?' })).statusCode).toBe(404);
    await db.db.delete(scenes).where(eq(scenes.id, sceneId));
    expect(
      await db.db
        .select()
        .from(sceneComments)
        .where(inArray(sceneComments.id, [kept, theirs])),
    ).toEqual([]);
    expect(await db.db.select().from(socialReports).where(eq(socialReports.sceneId, sceneId))).toEqual([]);
  });
});
