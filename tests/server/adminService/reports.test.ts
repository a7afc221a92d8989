import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ReportPage, ReportSettled } from '../../../contracts/operator';
import { hiddenByOperatorMessage } from '../../../contracts/publishingRules';
import type { DatabaseHandle } from '../../../server/db';
import { socialReports, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { socialApi } from '../socialService/helpers';

const base = '/api/adminService';

describe.each(testDatabases())('reports in the operator area on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let scenesApi: ReturnType<typeof sceneApi>;
  let social: ReturnType<typeof socialApi>;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    await db.db
      .insert(users)
      .values({ id: 'ops-r', name: 'Olu Operator', email: 'ops-r@example.org', generalRole: 'admin' })
      .onConflictDoNothing();
    t = await buildTestApp(db, issuer.env);
    scenesApi = sceneApi(t, issuer);
    social = socialApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, as: string | null) =>
    t.app.inject({ method, url: `${base}${url}`, headers: as ? await issuer.headersFor(as) : {} });

  /** A published space with a comment, reported twice (the comment) and once (the space). */
  async function reportedSpace() {
    const owner = newUser('owner');
    const sceneId = await scenesApi.ready(owner, 'Pier at dusk');
    await scenesApi.publishNow(sceneId, owner);
    const troll = newUser('troll');
    const commentId = await social.comment(sceneId, troll, 'Buy cheap followers at example.com');
    const [rex, rae] = [newUser('rex'), newUser('rae')];
    const ids: Record<string, string> = {};
    for (const [who, body] of [
      [rex, { sceneId, commentId, reason: 'spam', text: 'An advert' }],
      [rae, { sceneId, commentId, reason: 'spam', text: '' }],
      [rex, { sceneId, reason: 'copyright', text: 'These are <b>my</b> photos' }],
    ] as const) {
      const res = await social.report(who, body);
      expect(res.statusCode, res.body).toBe(201);
      ids[`${who}:${'commentId' in body ? 'comment' : 'space'}`] = res.json().reportId;
    }
    return {
      owner,
      sceneId,
      commentId,
      onComment: ids[`${rex}:comment`]!,
      secondOnComment: ids[`${rae}:comment`]!,
      onSpace: ids[`${rex}:space`]!,
    };
  }

  const openReports = async () => {
    const res = await call('GET', '/reports?ipp=100', 'ops-r');
    expect(res.statusCode, res.body).toBe(200);
    return ReportPage.parse(res.json());
  };

  it('refuses the anonymous and users without the operator role', async () => {
    const { onComment } = await reportedSpace();
    for (const [method, url] of [
      ['GET', '/reports'],
      ['POST', `/reports/${onComment}/dismiss`],
      ['POST', `/reports/${onComment}/hide`],
    ] as const) {
      expect((await call(method, url, null)).statusCode).toBe(401);
      const res = await call(method, url, newUser('stranger'));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // Nothing was settled by the refused calls.
    const [row] = await db.db.select().from(socialReports).where(eq(socialReports.id, onComment));
    expect(row!.resolvedAt).toBeNull();
  });

  it('lists open reports with the space and comment as they are, and validates the query', async () => {
    const r = await reportedSpace();
    const page = await openReports();
    const mine = page.items.filter((item) => item.space.sceneId === r.sceneId);
    expect(mine.map((item) => item.id)).toEqual([r.onComment, r.secondOnComment, r.onSpace]);
    expect(mine[0]).toMatchObject({
      reason: 'spam',
      text: 'An advert',
      space: { title: 'Pier at dusk', ownerId: r.owner, hiddenByOperator: false },
      comment: { commentId: r.commentId, body: 'Buy cheap followers at example.com', hidden: false },
      resolution: null,
    });
    expect(mine[2]).toMatchObject({ reason: 'copyright', text: 'These are <b>my</b> photos', comment: null });
    for (const query of ['state=closed', 'ipp=0', 'cp=-1']) {
      const res = await call('GET', `/reports?${query}`, 'ops-r');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('dismisses a report with every open one about the same comment, once', async () => {
    const r = await reportedSpace();
    const res = await call('POST', `/reports/${r.onComment}/dismiss`, 'ops-r');
    expect(res.statusCode, res.body).toBe(200);
    const settled = ReportSettled.parse(res.json());
    expect(settled.settled).toBe(2);
    expect(settled.report).toMatchObject({ resolution: 'dismissed', resolverName: 'Olu Operator' });
    expect(settled.report.comment?.hidden).toBe(false);
    // The comment still shows to visitors; the space's own report is still open.
    const comments = await social.list(r.sceneId, null);
    expect(comments.json().items.map((c: { body: string }) => c.body)).toContain(
      'Buy cheap followers at example.com',
    );
    const open = (await openReports()).items.filter((item) => item.space.sceneId === r.sceneId);
    expect(open.map((item) => item.id)).toEqual([r.onSpace]);
    const settledPage = ReportPage.parse(
      (await call('GET', '/reports?state=settled&ipp=100', 'ops-r')).json(),
    );
    expect(settledPage.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([r.onComment, r.secondOnComment]),
    );

    const again = await call('POST', `/reports/${r.secondOnComment}/hide`, 'ops-r');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'An operator has already settled this report',
    });
    expect((await call('POST', '/reports/no-such-report/dismiss', 'ops-r')).statusCode).toBe(404);
  });

  it('hides a reported comment from visitors and writes it to the audit log', async () => {
    const r = await reportedSpace();
    const res = await call('POST', `/reports/${r.secondOnComment}/hide`, 'ops-r');
    expect(res.statusCode, res.body).toBe(200);
    expect(ReportSettled.parse(res.json())).toMatchObject({
      settled: 2,
      report: { resolution: 'hidden', comment: { hidden: true } },
    });
    const visitor = await social.list(r.sceneId, null);
    expect(visitor.json().items.map((c: { body: string }) => c.body)).not.toContain(
      'Buy cheap followers at example.com',
    );
    // The space's owner still sees it, marked, and cannot show it again.
    const mine = await social.list(r.sceneId, r.owner);
    expect(mine.json().items.find((c: { commentId: string }) => c.commentId === r.commentId)).toMatchObject({
      hidden: true,
      hiddenByOperator: true,
    });
    const unhide = await social.hide(r.commentId, r.owner, 'unhide');
    expect(unhide.statusCode).toBe(422);
    expect(unhide.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'An operator hid this comment after a report; it cannot be shown again',
    });
    expect((await social.list(r.sceneId, null)).json().items).toHaveLength(0);
    const audit = AuditPage.parse((await call('GET', '/audit?ipp=100', 'ops-r')).json());
    expect(audit.items.find((entry) => entry.target === `comment:${r.commentId}`)).toMatchObject({
      action: 'report.hidden',
      actorId: 'ops-r',
      details: { reason: 'spam', space: 'Pier at dusk', reports: 2 },
    });
  });

  it('hides a reported space from everyone but its owner, who cannot show it again', async () => {
    const r = await reportedSpace();
    expect((await scenesApi.publishedMetadata(r.sceneId, null)).statusCode).toBe(200);
    const res = await call('POST', `/reports/${r.onSpace}/hide`, 'ops-r');
    expect(res.statusCode, res.body).toBe(200);
    expect(ReportSettled.parse(res.json())).toMatchObject({
      settled: 1,
      report: { resolution: 'hidden', space: { hiddenByOperator: true } },
    });
    expect((await scenesApi.publishedMetadata(r.sceneId, null)).statusCode).toBe(403);
    expect((await scenesApi.publishedMetadata(r.sceneId, newUser('visitor'))).statusCode).toBe(403);
    expect((await scenesApi.publishedMetadata(r.sceneId, r.owner)).statusCode).toBe(200);
    const show = await scenesApi.visibility(r.sceneId, r.owner, 'true');
    expect(show.statusCode).toBe(403);
    expect(show.json()).toMatchObject({ code: 'FORBIDDEN', message: hiddenByOperatorMessage });
    // Only an operator shows it again; then its owner decides as before.
    expect((await call('POST', `/spaces/${r.sceneId}/show`, r.owner)).statusCode).toBe(403);
    expect((await call('POST', `/spaces/${r.sceneId}/show`, null)).statusCode).toBe(401);
    const shown = await call('POST', `/spaces/${r.sceneId}/show`, 'ops-r');
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await scenesApi.publishedMetadata(r.sceneId, null)).statusCode).toBe(200);
    const twice = await call('POST', `/spaces/${r.sceneId}/show`, 'ops-r');
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'No operator has hidden this space',
    });
    expect((await call('POST', '/spaces/no-such-space/show', 'ops-r')).statusCode).toBe(404);
    expect((await scenesApi.visibility(r.sceneId, r.owner, 'false')).statusCode).toBe(200);
    expect((await scenesApi.visibility(r.sceneId, r.owner, 'true')).statusCode).toBe(200);
    const audit = AuditPage.parse((await call('GET', '/audit?ipp=100', 'ops-r')).json());
    expect(audit.items.filter((e) => e.target === `space:${r.sceneId}`).map((e) => e.action)).toEqual([
      'space.shown',
      'report.hidden',
    ]);
    // The comment's reports are another matter: still open.
    const open = (await openReports()).items.filter((item) => item.space.sceneId === r.sceneId);
    expect(open.map((item) => item.id)).toEqual([r.onComment, r.secondOnComment]);
    expect(open[0]!.space.hiddenByOperator).toBe(false);
  });
});
