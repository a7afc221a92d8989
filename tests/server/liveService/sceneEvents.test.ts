import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SceneEvent,
  sceneEventMessages,
  sceneEventRules,
  SceneEventsAnswer,
} from '../../../contracts/sceneEvents';
import type { DatabaseHandle } from '../../../server/db';
import { uuidv7 } from '../../../server/db/ids';
import { districtMembers, districts, scenes, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

const hour = 60 * 60 * 1000;
const at = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();

describe.each(testDatabases())('scheduled events of a space on $name', ({ open }) => {
  let db: DatabaseHandle;
  let issuer: TestIssuer;
  let t: TestApp;

  beforeAll(async () => {
    db = await open();
    issuer = await startTestIssuer();
    t = await buildTestApp(db, issuer.env);
    await db.db
      .insert(users)
      .values(['owner', 'stranger', 'dee', 'cai', 'visitor'].map((id) => ({ id, name: id })));
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    await db?.close();
  });

  async function space(values: Partial<typeof scenes.$inferInsert> = {}) {
    const id = uuidv7();
    await db.db
      .insert(scenes)
      .values({ id, ownerId: 'owner', creatorId: 'owner', title: 'Hall', state: 'Published', ...values });
    return id;
  }
  const path = (sceneId: string, eventId?: string) =>
    `/api/communicationInteractionService/scenes/${sceneId}/events${eventId ? `/${eventId}` : ''}`;
  const headers = async (userId: string | null) => (userId ? await issuer.headersFor(userId) : {});
  const list = async (sceneId: string, userId: string | null) =>
    t.app.inject({ method: 'GET', url: path(sceneId), headers: await headers(userId) });
  const add = async (sceneId: string, userId: string | null, body: object) =>
    t.app.inject({ method: 'POST', url: path(sceneId), headers: await headers(userId), payload: body });
  const cancel = async (sceneId: string, eventId: string, userId: string | null) =>
    t.app.inject({ method: 'DELETE', url: path(sceneId, eventId), headers: await headers(userId) });
  const event = (title: string, from: number, to: number) => ({ title, startsAt: at(from), endsAt: at(to) });

  it('lets the owner schedule events that every visitor sees, soonest first, live when on', async () => {
    const sceneId = await space();
    const later = await add(sceneId, 'owner', event('  Evening talk  ', 5 * hour, 6 * hour));
    expect(later.statusCode, later.body).toBe(201);
    const now = await add(sceneId, 'owner', event('Opening', -hour, hour));
    expect(now.statusCode, now.body).toBe(201);
    expect(SceneEvent.parse(later.json())).toMatchObject({ title: 'Evening talk', live: false, sceneId });

    for (const visitor of [null, 'stranger']) {
      const res = await list(sceneId, visitor);
      expect(res.statusCode, res.body).toBe(200);
      const answer = SceneEventsAnswer.parse(res.json());
      expect(answer.mayOrganise).toBe(false);
      expect(answer.events.map((e) => [e.title, e.live])).toEqual([
        ['Opening', true],
        ['Evening talk', false],
      ]);
    }
    expect(SceneEventsAnswer.parse((await list(sceneId, 'owner')).json()).mayOrganise).toBe(true);

    // Cancelled, it is gone for everyone.
    const gone = await cancel(sceneId, SceneEvent.parse(now.json()).eventId, 'owner');
    expect(gone.statusCode, gone.body).toBe(204);
    const after = SceneEventsAnswer.parse((await list(sceneId, null)).json());
    expect(after.events.map((e) => e.title)).toEqual(['Evening talk']);
  });

  it('refuses what is not an event, saying why, and keeps what was there', async () => {
    const sceneId = await space();
    expect((await add(sceneId, 'owner', event('Kept', hour, 2 * hour))).statusCode).toBe(201);
    const refusals: [object, number, string][] = [
      [{ ...event('', hour, 2 * hour) }, 400, 'VALIDATION_FAILED'],
      [
        { ...event('x'.repeat(sceneEventRules.titleMaxLength + 1), hour, 2 * hour) },
        400,
        'VALIDATION_FAILED',
      ],
      [{ title: 'No times' }, 400, 'VALIDATION_FAILED'],
      [{ title: 'Bad time', startsAt: 'tomorrow', endsAt: at(hour) }, 400, 'VALIDATION_FAILED'],
      [event('Backwards', 2 * hour, hour), 422, sceneEventMessages.endBeforeStart],
      [event('Over', -3 * hour, -2 * hour), 422, sceneEventMessages.over],
      [event('Too long', hour, hour + sceneEventRules.maxDurationMs + 1000), 422, sceneEventMessages.tooLong],
      [
        event('Too far', sceneEventRules.maxAheadMs + hour, sceneEventRules.maxAheadMs + 2 * hour),
        422,
        sceneEventMessages.tooFar,
      ],
    ];
    for (const [body, status, why] of refusals) {
      const res = await add(sceneId, 'owner', body);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 422) expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: why });
      else expect(res.json().code).toBe(why);
    }
    const kept = SceneEventsAnswer.parse((await list(sceneId, 'owner')).json());
    expect(kept.events.map((e) => e.title)).toEqual(['Kept']);

    // At most so many to come.
    for (let i = 1; i < sceneEventRules.maxUpcoming; i++)
      expect(
        (await add(sceneId, 'owner', event(`Talk ${i}`, (i + 2) * hour, (i + 3) * hour))).statusCode,
      ).toBe(201);
    const full = await add(sceneId, 'owner', event('One more', 90 * hour, 91 * hour));
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(sceneEventMessages.tooMany);
  });

  it('never passes the limit when organisers add at the same moment', async () => {
    const sceneId = await space();
    for (let i = 0; i < sceneEventRules.maxUpcoming - 2; i++)
      await add(sceneId, 'owner', event(`Talk ${i}`, (i + 1) * hour, (i + 2) * hour));
    const headers = await issuer.headersFor('owner');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: path(sceneId),
          headers,
          payload: event(`Rush ${i}`, 50 * hour, 51 * hour),
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    const listed = SceneEventsAnswer.parse((await list(sceneId, 'owner')).json());
    expect(listed.events).toHaveLength(sceneEventRules.maxUpcoming);
  });

  it('lets only organisers schedule and cancel: not a guest, a stranger, or any other visitor', async () => {
    const districtId = uuidv7();
    await db.db
      .insert(districts)
      .values({ id: districtId, ownerId: 'dee', title: 'Harbour', subdomain: `ev-${districtId.slice(-8)}` });
    await db.db.insert(districtMembers).values([
      { districtId, userId: 'dee', role: 'Owner' },
      { districtId, userId: 'cai', role: 'Creator' },
    ]);
    const sceneId = await space({ districtId });
    const own = SceneEvent.parse((await add(sceneId, 'owner', event('Owner’s', hour, 2 * hour))).json());

    const anonymous = await add(sceneId, null, event('Guest’s', hour, 2 * hour));
    expect(anonymous.statusCode).toBe(401);
    for (const who of ['stranger', 'visitor']) {
      const res = await add(sceneId, who, event('Not theirs', hour, 2 * hour));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: sceneEventMessages.notOrganiser });
      expect((await cancel(sceneId, own.eventId, who)).statusCode).toBe(403);
    }
    expect((await cancel(sceneId, own.eventId, null)).statusCode).toBe(401);

    // The district's Owner and Creator organise its spaces.
    for (const who of ['dee', 'cai']) {
      expect(SceneEventsAnswer.parse((await list(sceneId, who)).json()).mayOrganise).toBe(true);
      const res = await add(sceneId, who, event(`${who}’s`, 3 * hour, 4 * hour));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await cancel(sceneId, own.eventId, 'cai')).statusCode).toBe(204);
    expect((await cancel(sceneId, own.eventId, 'cai')).statusCode).toBe(404);
    const titles = SceneEventsAnswer.parse((await list(sceneId, 'stranger')).json()).events.map(
      (e) => e.title,
    );
    expect(titles).toEqual(['dee’s', 'cai’s']);

    // …but not a space outside the district.
    const elsewhere = await space();
    expect((await add(elsewhere, 'cai', event('Elsewhere', hour, 2 * hour))).statusCode).toBe(403);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const events = '/api/communicationInteractionService/scenes/{sceneId}/events';
    expect(Object.keys(paths[events]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`${events}/{eventId}`])).toEqual(['delete']);
  });

  it('shows nothing of a space the caller may not view', async () => {
    const hidden = await space({ visible: false });
    expect((await add(hidden, 'owner', event('Private view', hour, 2 * hour))).statusCode).toBe(201);
    expect((await list(hidden, 'stranger')).statusCode).toBe(403);
    const draft = await space({ state: 'Draft' });
    expect((await list(draft, null)).statusCode).toBe(404);
    expect((await list(uuidv7(), null)).statusCode).toBe(404);
    expect((await add(uuidv7(), 'owner', event('Nowhere', hour, 2 * hour))).statusCode).toBe(404);
  });

  it("shows a space's card the event on now, to those who may view the space", async () => {
    const open = await space();
    const privateSpace = await space({ privacyAclEnabled: true, userPrivacyAcl: ['dee'] });
    const quiet = await space();
    expect((await add(open, 'owner', event('Opening', -hour, hour))).statusCode).toBe(201);
    expect((await add(open, 'owner', event('Later', 2 * hour, 3 * hour))).statusCode).toBe(201);
    expect((await add(privateSpace, 'owner', event('Preview', -hour, hour))).statusCode).toBe(201);
    expect((await add(quiet, 'owner', event('Tomorrow', 24 * hour, 25 * hour))).statusCode).toBe(201);
    const live = async (userId: string | null) => {
      const res = await t.app.inject({
        url: `/api/communicationInteractionService/live?sceneIds=${open},${privateSpace},${quiet}`,
        headers: await headers(userId),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { scenes: { event: { title: string; endsAt: string } | null }[] }).scenes.map(
        (scene) => scene.event?.title ?? null,
      );
    };
    expect(await live(null)).toEqual(['Opening', null, null]);
    expect(await live('stranger')).toEqual(['Opening', null, null]);
    expect(await live('dee')).toEqual(['Opening', 'Preview', null]);
  });
});
