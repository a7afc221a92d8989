import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import type { TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { buildSocialTestApp } from './helpers';
import { reactionsApi } from './reactionHelpers';

// Likes share the per-user rate limits of limits.ts with comments and reports.
describe.each(testDatabases())('the like rate limit on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildSocialTestApp(db, issuer.env, {
      rateLimits: {
        comment: { max: 5, perSeconds: 3600 },
        like: { max: 2, perSeconds: 3600 },
        report: { max: 3, perSeconds: 3600 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  it('a user who likes too quickly is told when to try again, and the count does not move', async () => {
    const scenes = sceneApi(t, issuer);
    const likes = reactionsApi(t, issuer);
    await likes.members('quick-liker');
    const spaces: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      // One owner each: a free plan publishes one space.
      const sceneId = await scenes.ready(`owner-${title}`, title);
      await scenes.publishNow(sceneId, `owner-${title}`);
      spaces.push(sceneId);
    }
    expect((await likes.like(spaces[0], 'quick-liker')).statusCode).toBe(200);
    expect((await likes.like(spaces[1], 'quick-liker')).statusCode).toBe(200);
    const third = await likes.like(spaces[2], 'quick-liker');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await likes.reactions(spaces[2], 'quick-liker')).json()).toMatchObject({
      likes: 0,
      liked: false,
    });
  });
});
