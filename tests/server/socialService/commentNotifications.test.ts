import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import type { TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { socialApi as followsApi } from './followHelpers';
import { buildSocialTestApp, socialApi } from './helpers';

// Comments tell people through the notification service the app is built with (no test hook).
describe.each(testDatabases())('comment notifications on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildSocialTestApp(db, issuer.env, {});
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const kindsOf = async (userId: string) => {
    const res = await followsApi(t, issuer).notifications(userId);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { kind: string; link: string; params: Record<string, string> }[]).map(
      (n) => ({ kind: n.kind, link: n.link, title: n.params.spaceTitle }),
    );
  };

  it("a comment tells the space's owner; a reply tells the author answered; nobody hears of their own", async () => {
    const scenes = sceneApi(t, issuer);
    const comments = socialApi(t, issuer);
    await followsApi(t, issuer).signUp('owner-n', 'visitor-n');
    const sceneId = await scenes.ready('owner-n', 'Harbour prints');
    await scenes.publishNow(sceneId, 'owner-n');

    const first = await comments.comment(sceneId, 'visitor-n', 'Lovely light in the second room.');
    const link = `/viewer/${sceneId}`;
    expect(await kindsOf('owner-n')).toEqual([{ kind: 'comment', link, title: 'Harbour prints' }]);

    await comments.comment(sceneId, 'owner-n', 'Thank you!', first);
    expect(await kindsOf('visitor-n')).toEqual([{ kind: 'reply', link, title: 'Harbour prints' }]);
    // The owner's own reply is not news to the owner.
    expect(await kindsOf('owner-n')).toHaveLength(1);
  });
});
