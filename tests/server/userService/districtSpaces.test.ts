import { beforeAll, describe, expect, it } from 'vitest';
import type { District } from '../../../contracts/districts';
import { DistrictSpaceRequest, districtSpaceMessages } from '../../../contracts/districtSpaces';
import { testDatabases } from '../../support/db';
import { sceneApi } from '../sceneService/helpers';
import { districtApi, districtKit, pro } from './districtKit';

describe.each(testDatabases())('district hosting and promotion requests on $name', ({ open }) => {
  const { kit, people, made, join, ...k } = districtKit(open);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as: string | null, json?: unknown) =>
    k.call(method, `${districtApi}${url}`, as, json, pro);
  const district = (owner: string, isPublic = true) => made(owner, { public: String(isPublic) });
  let scenes: ReturnType<typeof sceneApi>;
  beforeAll(() => {
    scenes = sceneApi(kit.t, kit.issuer);
  });

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
    const told = (await kit.social.notifications(owner)).json().items;
    expect(told[0]).toMatchObject({
      kind: 'districtRequest',
      actor: { userId: ben },
      link: `http://${d.subdomain}.spaces.test:8080/spaces/hosting-requests`,
      params: { context: 'hosting', district: 'Harbour Museum', space: 'Ben’s harbour' },
    });

    const accepted = await call('POST', `/${d.districtId}/spaceRequests/${request.requestId}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().state).toBe('accepted');
    expect((await kit.social.notifications(ben)).json().items[0]).toMatchObject({
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
    const changed = await k.call('PATCH', `${districtApi}/${d.districtId}`, owner, { public: false }, pro);
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
