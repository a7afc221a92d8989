import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsLimits, SpaceInsights, VisitStarted } from '../../../contracts/insights';
import type { DatabaseHandle } from '../../../server/db';
import {
  insightDayOpens,
  insightDays,
  insightOpens,
  insightSalts,
  insightVisits,
  scenes,
} from '../../../server/db/schema';
import { InsightsService } from '../../../server/services/insightsService/service';
import { utcDay } from '../../../server/support/time';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';

const events = '/api/insightsService/events';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/141.0 Safari/537.36';

describe.each(testDatabases())('space insights on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  let address = 0;
  /** A fresh address for each test, so the per-address limit of one test does not reach another. */
  const newAddress = () => `198.51.100.${++address}`;

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

  const send = (body: unknown, from: { ip: string; ua?: string; type?: string }) =>
    t.app.inject({
      method: 'POST',
      url: events,
      remoteAddress: from.ip,
      headers: { 'content-type': from.type ?? 'application/json', 'user-agent': from.ua ?? firefox },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const startVisit = async (sceneId: string, from: { ip: string; ua?: string }, source = 'direct') => {
    const res = await send({ type: 'visit.started', sceneId, source }, from);
    expect(res.statusCode, res.body).toBe(200);
    return VisitStarted.parse(res.json()).visitId;
  };
  const read = async (sceneId: string, as: string | null, query = '') =>
    t.app.inject({
      url: `/api/insightsService/insights/${encodeURIComponent(sceneId)}${query}`,
      headers: await api.auth(as),
    });
  const published = async (owner: string, title = 'Insightful') => {
    const id = await api.ready(owner, title);
    await api.publishNow(id, owner);
    return id;
  };

  it('counts visits, unique visitors per day, time spent, opened works and sources', async () => {
    const owner = newUser('owner');
    const sceneId = await published(owner);
    const ip = newAddress();
    const first = await startVisit(sceneId, { ip }, 'explore');
    const again = await startVisit(sceneId, { ip }, 'share');
    const other = await startVisit(sceneId, { ip, ua: chrome }, 'embed');

    expect((await send({ type: 'visit.heartbeat', visitId: first, seconds: 20 }, { ip })).statusCode).toBe(
      204,
    );
    // What navigator.sendBeacon sends: the JSON as text/plain.
    const beacon = await send(JSON.stringify({ type: 'visit.ended', visitId: again, seconds: 40 }), {
      ip,
      type: 'text/plain;charset=UTF-8',
    });
    expect(beacon.statusCode, beacon.body).toBe(204);
    // Time only grows: an older, smaller report changes nothing.
    await send({ type: 'visit.heartbeat', visitId: again, seconds: 10 }, { ip });
    // A report cannot claim more time than has passed since the visit started.
    await send({ type: 'visit.ended', visitId: other, seconds: 3600 }, { ip });

    const open = (visitId: string, kind: string, objectId: string) =>
      send({ type: 'object.opened', visitId, kind, objectId }, { ip });
    expect((await open(first, 'artwork', 'picture-0')).statusCode).toBe(204);
    expect((await open(first, 'artwork', 'picture-0')).statusCode).toBe(204);
    await open(again, 'artwork', 'picture-0');
    await open(again, 'artwork', 'video-9');
    await open(other, 'infoPoint', 'point-1');

    const res = await read(sceneId, owner);
    expect(res.statusCode, res.body).toBe(200);
    const insights = SpaceInsights.parse(res.json());
    const today = utcDay();
    expect(insights.to).toBe(today);
    expect(insights.days).toHaveLength(insightsLimits.defaultRangeDays);
    expect(insights.days.at(-1)).toMatchObject({ day: today, visits: 3, uniqueVisitors: 2 });
    expect(insights.totals).toMatchObject({ visits: 3, uniqueVisitors: 2 });
    // 20, 40 and at most 60 (the slack over the few milliseconds since it started): median 40.
    expect(insights.totals.medianSeconds).toBe(40);
    expect(insights.sources).toEqual({ direct: 0, embed: 1, explore: 1, share: 1 });
    expect(insights.topArtworks).toEqual([
      { objectId: 'picture-0', kind: 'artwork', title: 'Picture 0', opens: 2 },
      { objectId: 'video-9', kind: 'artwork', title: null, opens: 1 },
    ]);
    expect(insights.topInfoPoints).toEqual([
      { objectId: 'point-1', kind: 'infoPoint', title: null, opens: 1 },
    ]);
    const [capped] = await db.db
      .select({ seconds: insightVisits.seconds })
      .from(insightVisits)
      .where(eq(insightVisits.id, other));
    expect(capped.seconds).toBeLessThanOrEqual(61);
  });

  it("does not count the signed-in owner's own visits", async () => {
    const owner = newUser('owner');
    const sceneId = await published(owner);
    const own = await t.app.inject({
      method: 'POST',
      url: events,
      remoteAddress: newAddress(),
      headers: { ...(await api.auth(owner)), 'content-type': 'application/json', 'user-agent': firefox },
      payload: JSON.stringify({ type: 'visit.started', sceneId, source: 'direct' }),
    });
    expect(own.statusCode, own.body).toBe(204);
    const visitor = await t.app.inject({
      method: 'POST',
      url: events,
      remoteAddress: newAddress(),
      headers: { ...(await api.auth(newUser('visitor'))), 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'visit.started', sceneId, source: 'direct' }),
    });
    expect(visitor.statusCode).toBe(200);
    const insights = SpaceInsights.parse((await read(sceneId, owner)).json());
    expect(insights.totals.visits).toBe(1);
  });

  it('never stores the address or the browser', async () => {
    const owner = newUser('owner');
    const sceneId = await published(owner);
    const ip = '203.0.113.77';
    const ua = 'Mozilla/5.0 UniqueBrowserMarker/9.9';
    const visitId = await startVisit(sceneId, { ip, ua });
    await send({ type: 'object.opened', visitId, kind: 'artwork', objectId: 'picture-0' }, { ip, ua });
    await send({ type: 'visit.ended', visitId, seconds: 5 }, { ip, ua });
    await new InsightsService(db.db, t.app.blobStore).rollUp(new Date(Date.now() + 86_400_000));
    const stored = JSON.stringify(
      await Promise.all(
        [insightVisits, insightOpens, insightDays, insightDayOpens, insightSalts].map((table) =>
          db.db.select().from(table),
        ),
      ),
    );
    expect(stored).toContain(sceneId);
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain('UniqueBrowserMarker');
    const set = (await send({ type: 'visit.started', sceneId, source: 'direct' }, { ip, ua })).headers[
      'set-cookie'
    ];
    expect(set).toBeUndefined();
  });

  it('refuses events that are not valid, for spaces that are not published, or too many', async () => {
    const owner = newUser('owner');
    const sceneId = await published(owner);
    const draft = await api.draft(owner, 'Draft');
    const ip = newAddress();
    const status = async (body: unknown, type?: string) => (await send(body, { ip, type })).statusCode;

    expect(await status({ type: 'visit.started', sceneId, source: 'newsletter' })).toBe(400);
    expect(await status({ type: 'visit.started', source: 'direct' })).toBe(400);
    expect(await status({ type: 'visit.clicked', sceneId })).toBe(400);
    expect(await status('{"type":')).toBe(400);
    expect(await status({ type: 'visit.heartbeat', visitId: 'x', seconds: -1 })).toBe(400);
    expect(await status({ type: 'object.opened', visitId: 'x', kind: 'artwork', objectId: '' })).toBe(400);
    expect(await status({ type: 'object.opened', visitId: 'x', kind: 'door', objectId: 'a' })).toBe(400);
    const big = await send(
      { type: 'visit.started', sceneId, source: 'direct', pad: 'x'.repeat(4000) },
      { ip },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');

    expect(await status({ type: 'visit.started', sceneId: 'no-such-space', source: 'direct' })).toBe(404);
    expect(await status({ type: 'visit.started', sceneId: draft, source: 'direct' })).toBe(404);
    const hider = newUser('hider');
    const hidden = await published(hider, 'Hidden');
    expect((await api.visibility(hidden, hider, 'false')).statusCode).toBe(200);
    expect(await status({ type: 'visit.started', sceneId: hidden, source: 'direct' })).toBe(404);
    expect(await status({ type: 'visit.heartbeat', visitId: 'no-such-visit', seconds: 3 })).toBe(404);
    expect(await status({ type: 'object.opened', visitId: 'no-such', kind: 'artwork', objectId: 'a' })).toBe(
      404,
    );

    const flood = newAddress();
    const answers: number[] = [];
    for (let i = 0; i <= insightsLimits.eventsPerMinute; i++) {
      answers.push(
        (await send({ type: 'visit.heartbeat', visitId: 'v', seconds: 1 }, { ip: flood })).statusCode,
      );
    }
    expect(answers.slice(0, -1).every((s) => s === 404)).toBe(true);
    const limited = await send({ type: 'visit.started', sceneId, source: 'direct' }, { ip: flood });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another address is not held back.
    expect(await status({ type: 'visit.started', sceneId, source: 'direct' })).toBe(200);
  });

  it("answers a space's insights to its owner only", async () => {
    const owner = newUser('owner');
    const sceneId = await published(owner);
    const draft = await api.draft(owner, 'Draft');
    expect((await read(sceneId, null)).statusCode).toBe(401);
    const stranger = await read(sceneId, newUser('stranger'));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('FORBIDDEN');
    expect((await read(draft, newUser('stranger'))).statusCode).toBe(404);
    expect((await read('no-such-space', owner)).statusCode).toBe(404);

    const empty = SpaceInsights.parse((await read(sceneId, owner, '?from=2026-01-01&to=2026-01-07')).json());
    expect(empty.days.map((d) => d.day)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
    expect(empty.totals).toEqual({ visits: 0, uniqueVisitors: 0, medianSeconds: null });
    expect(empty.topArtworks).toEqual([]);

    expect((await read(sceneId, owner, '?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await read(sceneId, owner, '?from=2024-01-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await read(sceneId, owner, '?from=yesterday')).statusCode).toBe(400);
  });

  it('rotates the salt every day: a visitor counts once a day, and again the next day', async () => {
    const owner = newUser('owner');
    const sceneId = await published(owner);
    let now = new Date('2030-03-10T09:00:00Z');
    const service = new InsightsService(db.db, t.app.blobStore, () => now);
    const visitor = { address: newAddress(), userAgent: firefox };
    const a = (await service.start(sceneId, 'direct', visitor))!;
    now = new Date('2030-03-10T18:00:00Z');
    const b = (await service.start(sceneId, 'direct', visitor))!;
    await service.spent(a.visitId, 30);
    await service.opened(b.visitId, 'artwork', 'picture-0');
    now = new Date('2030-03-11T08:00:00Z');
    const c = (await service.start(sceneId, 'explore', visitor))!;
    await service.spent(c.visitId, 50);

    const hashes = await db.db
      .select({ id: insightVisits.id, hash: insightVisits.visitorHash })
      .from(insightVisits)
      .where(eq(insightVisits.sceneId, sceneId));
    const hashOf = (id: string) => hashes.find((h) => h.id === id)!.hash;
    expect(hashOf(a.visitId)).toBe(hashOf(b.visitId));
    expect(hashOf(c.visitId)).not.toBe(hashOf(a.visitId));
    // The day before's salt is gone as soon as a new day's is made.
    expect(
      (await db.db.select({ day: insightSalts.day }).from(insightSalts)).map((s) => s.day),
    ).not.toContain('2030-03-10');

    // A visit takes reports for a day after it started, then no more.
    now = new Date('2030-03-11T09:30:00Z');
    await expect(service.spent(a.visitId, 90)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.opened(a.visitId, 'artwork', 'picture-1')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const report = await service.rollUp(now);
    expect(report.days).toBeGreaterThanOrEqual(1);
    const [rolled] = await db.db.select().from(insightDays).where(eq(insightDays.sceneId, sceneId));
    expect(rolled).toMatchObject({
      day: '2030-03-10',
      visits: 2,
      uniqueVisitors: 1,
      timedVisits: 1,
      totalSeconds: 30,
      medianSeconds: 30,
      direct: 2,
      explore: 0,
    });
    const caller = { userId: owner } as Parameters<InsightsService['insights']>[1];
    const both = await service.insights(sceneId, caller, { from: '2030-03-10', to: '2030-03-11' });
    expect(both.days).toEqual([
      { day: '2030-03-10', visits: 2, uniqueVisitors: 1, medianSeconds: 30 },
      { day: '2030-03-11', visits: 1, uniqueVisitors: 1, medianSeconds: 50 },
    ]);
    expect(both.totals).toEqual({ visits: 3, uniqueVisitors: 2, medianSeconds: 40 });
    expect(both.sources).toEqual({ direct: 2, embed: 0, explore: 1, share: 0 });
    expect(both.topArtworks).toEqual([
      { objectId: 'picture-0', kind: 'artwork', title: 'Picture 0', opens: 1 },
    ]);

    // 31 days on: the raw visits are deleted, the daily figures stay.
    now = new Date('2030-04-11T10:00:00Z');
    const later = await service.rollUp(now);
    expect(later.deletedVisits).toBeGreaterThanOrEqual(2);
    const left = await db.db.select().from(insightVisits).where(eq(insightVisits.sceneId, sceneId));
    expect(left.map((v) => v.day)).toEqual([]);
    expect(await db.db.select().from(insightOpens).where(eq(insightOpens.sceneId, sceneId))).toEqual([]);
    const kept = await service.insights(sceneId, caller, { from: '2030-03-10', to: '2030-03-11' });
    expect(kept.days).toEqual(both.days);
    expect(kept.totals).toMatchObject({ visits: 3, uniqueVisitors: 2 });
    expect(kept.totals.medianSeconds === 30 || kept.totals.medianSeconds === 50).toBe(true);
    expect(kept.topArtworks).toEqual(both.topArtworks);
    expect(await db.db.select().from(insightSalts)).toEqual([]);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/insightsService/events', '/api/insightsService/insights/{id}']),
    );
    expect(Object.keys(doc.paths['/api/insightsService/events'].post.responses)).toEqual(
      expect.arrayContaining(['200', '204', '400', '404', '413', '429']),
    );
  });

  it('leaves nothing behind when a space is removed for good', async () => {
    const owner = newUser('owner');
    const sceneId = await published(owner);
    const ip = newAddress();
    const visitId = await startVisit(sceneId, { ip });
    await send({ type: 'object.opened', visitId, kind: 'artwork', objectId: 'picture-0' }, { ip });
    await new InsightsService(db.db, t.app.blobStore).rollUp(new Date(Date.now() + 86_400_000));
    expect(await db.db.select().from(insightDays).where(eq(insightDays.sceneId, sceneId))).toHaveLength(1);
    // What the purge of deleted spaces does once their retention is over.
    await db.db.delete(scenes).where(eq(scenes.id, sceneId));
    for (const table of [insightVisits, insightOpens, insightDays, insightDayOpens]) {
      expect(await db.db.select().from(table).where(eq(table.sceneId, sceneId))).toEqual([]);
    }
  });
});
