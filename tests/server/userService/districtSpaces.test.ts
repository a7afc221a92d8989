import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { District } from '../../../contracts/districts';
import { DistrictSpaceRequest, districtSpaceMessages } from '../../../contracts/districtSpaces';
import type { Role } from '../../../contracts/roles';
import type { DatabaseHandle } from '../../../server/db';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { socialApi } from '../socialService/followHelpers';
import { form } from './helpers';

const pro: Role[] = ['premium-user'];

describe.each(testDatabases())('district hosting and promotion requests on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let social: ReturnType<typeof socialApi>;
  let scenes: ReturnType<typeof sceneApi>;
  let seq = 0;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, {
      ...issuer.env,
      BASE_DOMAIN: 'spaces.test',
      PUBLIC_ORIGIN: 'http://spaces.test:8080',
    });
    social = socialApi(t, issuer);
    scenes = sceneApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  async function people<const T extends string[]>(...labels: T): Promise<{ [K in keyof T]: string }> {
    const ids = labels.map((label) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 7)}`);
    await social.signUp(...ids);
    return ids as { [K in keyof T]: string };
  }
  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, as: string | null, json?: unknown) {
    const auth =
      as === null
        ? {}
        : await issuer.headersFor(as, { name: `Name of ${as}`, email: `${as}@example.com`, roles: pro });
    return t.app.inject({
      method,
      url: `/api/userService/district${url}`,
      headers: { ...auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
    });
  }
  async function district(owner: string, isPublic = true) {
    const body = form({
      title: 'Harbour Museum',
      subdomain: `harbour-${++seq}-${Math.random().toString(36).slice(2, 6)}`,
      public: String(isPublic),
      freeSpaceTemplateId: 'white-cube-s-standard',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/userService/district/districts',
      headers: {
        ...(await issuer.headersFor(owner, { name: owner, email: `${owner}@example.com`, roles: pro })),
        ...body.headers,
      },
      payload: body.payload,
    });
    if (res.statusCode !== 201) throw new Error(`district: ${res.statusCode} ${res.body}`);
    return District.parse(res.json());
  }
  async function join(d: District, owner: string, member: string) {
    const invitation = (await call('POST', `/${d.districtId}/invite`, owner)).json();
    const accepted = await call('POST', `/invitation/${invitation.invitationCode}/accept`, member);
    if (accepted.statusCode !== 200) throw new Error(`not joined: ${accepted.body}`);
  }
  const published = async (as: string, title: string) => {
    const id = await scenes.ready(as, title);
    await scenes.publishNow(id, as);
    return id;
  };
  const titlesIn = async (d: District, query: Record<string, string | number> = {}) =>
    ((await scenes.search(null, { districtId: d.districtId, ...query })).json().items as { title: string }[])
      .map((m) => m.title)
      .sort();

  it('hosts a member’s space once the owner accepts, and lists it in the space’s districts', async () => {
    const [owner, ben] = await people('owner', 'ben');
    const d = await district(owner);
    await join(d, owner, ben);
    const space = await published(ben, 'Ben’s harbour');

    const asked = await call('POST', `/${d.districtId}/spaceRequests`, ben, {
      sceneId: space,
      kind: 'hosting',
      message: 'For the autumn show',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = DistrictSpaceRequest.parse(asked.json());
    expect(request).toMatchObject({
      state: 'pending',
      kind: 'hosting',
      message: 'For the autumn show',
      requester: { userId: ben },
      scene: { sceneId: space, title: 'Ben’s harbour' },
    });
    // Not listed yet; asking twice is refused.
    expect(await titlesIn(d)).toEqual([]);
    const twice = await call('POST', `/${d.districtId}/spaceRequests`, ben, {
      sceneId: space,
      kind: 'hosting',
    });
    expect([twice.statusCode, twice.json().message]).toEqual([409, districtSpaceMessages.alreadyAsked]);

    // The owner sees it among the open requests, Ben sees his own; Ben cannot answer it.
    const open = (await call('GET', `/${d.districtId}/spaceRequests?kind=hosting`, owner)).json();
    expect(open.items.map((r: DistrictSpaceRequest) => r.requestId)).toEqual([request.requestId]);
    expect((await call('GET', `/${d.districtId}/spaceRequests`, ben)).json().total).toBe(1);
    expect(
      (await call('POST', `/${d.districtId}/spaceRequests/${request.requestId}/accept`, ben)).statusCode,
    ).toBe(403);

    // The owner is told, with a link to the district's Hosting Requests page.
    const told = (await social.notifications(owner)).json().items;
    expect(told[0]).toMatchObject({
      kind: 'districtRequest',
      actor: { userId: ben },
      link: `http://${d.subdomain}.spaces.test:8080/spaces/hosting-requests`,
      params: { context: 'hosting', district: 'Harbour Museum', space: 'Ben’s harbour' },
    });

    const accepted = await call('POST', `/${d.districtId}/spaceRequests/${request.requestId}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().state).toBe('accepted');
    expect((await social.notifications(ben)).json().items[0]).toMatchObject({
      kind: 'districtRequest',
      actor: { userId: owner },
      params: { context: 'accepted', space: 'Ben’s harbour' },
    });
    expect(await titlesIn(d)).toEqual(['Ben’s harbour']);
    expect((await scenes.metadata(space, ben)).json()).toMatchObject({
      publishedPublicDistricts: [d.districtId],
      publishedPrivateDistricts: [],
    });
    expect((await call('GET', `/info/${d.subdomain}`, null)).json().numOfSpaces).toBe(1);
    // Answered already.
    expect(
      (await call('POST', `/${d.districtId}/spaceRequests/${request.requestId}/decline`, owner)).statusCode,
    ).toBe(409);

    // The district turns private: the space lists it as a private district (to its owner only).
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/userService/district/${d.districtId}`,
      headers: {
        ...(await issuer.headersFor(owner, { name: owner, email: `${owner}@example.com`, roles: pro })),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ public: false }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await scenes.metadata(space, ben)).json()).toMatchObject({
      publishedPublicDistricts: [],
      publishedPrivateDistricts: [d.districtId],
    });

    // Unpublished, it leaves the district and every list.
    expect((await scenes.unpublish(space, ben)).statusCode).toBe(200);
    expect((await scenes.metadata(space, ben)).json()).toMatchObject({
      publishedPublicDistricts: [],
      publishedPrivateDistricts: [],
    });
    expect((await call('GET', `/${d.districtId}/spaceRequests?state=all`, owner)).json().total).toBe(0);
  });

  it('lets the owner decline, the member ask again, and either take a hosted space off', async () => {
    const [owner, ben] = await people('owner', 'ben');
    const d = await district(owner);
    await join(d, owner, ben);
    const space = await published(ben, 'Second try');
    const first = (
      await call('POST', `/${d.districtId}/spaceRequests`, ben, { sceneId: space, kind: 'hosting' })
    ).json();
    const declined = await call('POST', `/${d.districtId}/spaceRequests/${first.requestId}/decline`, owner);
    expect(declined.json().state).toBe('declined');
    expect(await titlesIn(d)).toEqual([]);
    expect((await call('GET', `/${d.districtId}/spaceRequests?state=declined`, ben)).json().total).toBe(1);

    const again = await call('POST', `/${d.districtId}/spaceRequests`, ben, {
      sceneId: space,
      kind: 'hosting',
    });
    expect([again.statusCode, again.json().state]).toEqual([201, 'pending']);
    await call('POST', `/${d.districtId}/spaceRequests/${first.requestId}/accept`, owner);
    expect(await titlesIn(d)).toEqual(['Second try']);
    // Ben takes it off again.
    expect((await call('DELETE', `/${d.districtId}/spaceRequests/${first.requestId}`, ben)).statusCode).toBe(
      204,
    );
    expect(await titlesIn(d)).toEqual([]);
    expect((await scenes.metadata(space, ben)).json().publishedPublicDistricts).toEqual([]);
  });

  it('promotes spaces the district lists: the owner at once, members by request', async () => {
    const [owner, ben] = await people('owner', 'ben');
    const d = await district(owner);
    await join(d, owner, ben);
    const [slot] = (await call('GET', `/${d.districtId}/slots`, owner)).json().items;
    const ownersSpace = await scenes.ready(owner, 'Owner’s court', undefined, pro);
    expect((await scenes.publish(ownersSpace, owner, { slotId: slot.slotId }, pro)).statusCode).toBe(200);
    const bens = await published(ben, 'Ben’s pier');

    // Not in the district yet: no promotion.
    const early = await call('POST', `/${d.districtId}/spaceRequests`, ben, {
      sceneId: bens,
      kind: 'promotion',
    });
    expect([early.statusCode, early.json().message]).toEqual([422, districtSpaceMessages.notInDistrict]);

    const direct = await call('POST', `/${d.districtId}/spaceRequests`, owner, {
      sceneId: ownersSpace,
      kind: 'promotion',
    });
    expect([direct.statusCode, direct.json().state]).toEqual([201, 'accepted']);
    expect(await titlesIn(d, { promoted: 'true' })).toEqual(['Owner’s court']);

    const hosting = (
      await call('POST', `/${d.districtId}/spaceRequests`, ben, { sceneId: bens, kind: 'hosting' })
    ).json();
    await call('POST', `/${d.districtId}/spaceRequests/${hosting.requestId}/accept`, owner);
    const promotion = (
      await call('POST', `/${d.districtId}/spaceRequests`, ben, { sceneId: bens, kind: 'promotion' })
    ).json();
    expect(promotion.state).toBe('pending');
    expect(await titlesIn(d, { promoted: 'true' })).toEqual(['Owner’s court']);
    await call('POST', `/${d.districtId}/spaceRequests/${promotion.requestId}/accept`, owner);
    expect(await titlesIn(d, { promoted: 'true' })).toEqual(['Ben’s pier', 'Owner’s court']);

    // The owner takes Ben's space off hosting: it leaves the Promoted list with it.
    expect(
      (await call('DELETE', `/${d.districtId}/spaceRequests/${hosting.requestId}`, owner)).statusCode,
    ).toBe(204);
    expect(await titlesIn(d, { promoted: 'true' })).toEqual(['Owner’s court']);
    expect(await titlesIn(d)).toEqual(['Owner’s court']);
  });

  it('refuses anonymous callers, strangers, other people’s spaces, drafts and bad bodies', async () => {
    const [owner, ben, cy, stranger] = await people('owner', 'ben', 'cy', 'stranger');
    const d = await district(owner);
    const hidden = await district(owner, false);
    await join(d, owner, ben);
    await join(d, owner, cy);
    const bens = await published(ben, 'Ben’s');
    const strangers = await published(stranger, 'Stranger’s');
    const draft = await scenes.ready(ben, 'Draft only');
    const path = `/${d.districtId}/spaceRequests`;

    expect((await call('POST', path, null, { sceneId: bens, kind: 'hosting' })).statusCode).toBe(401);
    expect((await call('GET', path, null)).statusCode).toBe(401);
    const outsider = await call('POST', path, stranger, { sceneId: strangers, kind: 'hosting' });
    expect([outsider.statusCode, outsider.json().message]).toEqual([403, districtSpaceMessages.membersOnly]);
    expect((await call('GET', path, stranger)).statusCode).toBe(403);
    // A private district does not let strangers know more than that.
    expect((await call('GET', `/${hidden.districtId}/spaceRequests`, stranger)).statusCode).toBe(403);
    expect((await call('GET', '/no-such-district/spaceRequests', ben)).statusCode).toBe(404);

    const notYours = await call('POST', path, cy, { sceneId: bens, kind: 'hosting' });
    expect([notYours.statusCode, notYours.json().message]).toEqual([403, districtSpaceMessages.notYours]);
    const notPublished = await call('POST', path, ben, { sceneId: draft, kind: 'hosting' });
    expect([notPublished.statusCode, notPublished.json().message]).toEqual([
      422,
      districtSpaceMessages.notPublished,
    ]);
    expect((await call('POST', path, ben, { sceneId: 'no-such-space', kind: 'hosting' })).statusCode).toBe(
      404,
    );
    const badKind = await call('POST', path, ben, { sceneId: bens, kind: 'sponsorship' });
    expect([badKind.statusCode, badKind.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const long = await call('POST', path, ben, { sceneId: bens, kind: 'hosting', message: 'x'.repeat(501) });
    expect([long.statusCode, long.json().details?.[0]?.message]).toEqual([
      400,
      districtSpaceMessages.messageMax,
    ]);

    // Cy cannot see, withdraw or answer Ben's request; the owner can.
    const bensAsk = (await call('POST', path, ben, { sceneId: bens, kind: 'hosting' })).json();
    expect((await call('GET', path, cy)).json().total).toBe(0);
    expect((await call('DELETE', `${path}/${bensAsk.requestId}`, cy)).statusCode).toBe(404);
    expect((await call('POST', `${path}/${bensAsk.requestId}/decline`, cy)).statusCode).toBe(403);
    expect((await call('POST', `${path}/${bensAsk.requestId}/decline`, stranger)).statusCode).toBe(403);
    expect((await call('POST', `${path}/${bensAsk.requestId}/decline`, owner)).statusCode).toBe(200);
    // Nothing was listed along the way.
    expect(await titlesIn(d)).toEqual([]);
  });
});
