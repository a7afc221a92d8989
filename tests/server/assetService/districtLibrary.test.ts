import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Asset,
  type AssetPage,
  type AssetStorage,
  districtLibraryMessages,
  storageQuotaBytes,
} from '../../../contracts/assets';
import { District, districtMessages } from '../../../contracts/districts';
import type { Role } from '../../../contracts/roles';
import type { DatabaseHandle } from '../../../server/db';
import { uuidv7 } from '../../../server/db/ids';
import { files, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { socialApi } from '../socialService/followHelpers';
import { form } from '../userService/helpers';

const base = '/api/assetService';
const pro: Role[] = ['premium-user'];
const mb = 1024 ** 2;

describe.each(testDatabases())("a district's library on $name", ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let social: ReturnType<typeof socialApi>;
  let seq = 0;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, { SEED_DEMO: 'false', ...issuer.env });
    social = socialApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  /** Signed-up users, one per label, fresh in each test. */
  async function people<const T extends string[]>(...labels: T): Promise<{ [K in keyof T]: string }> {
    const ids = labels.map((label) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 7)}`);
    await social.signUp(...ids);
    return ids as { [K in keyof T]: string };
  }

  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: string | null,
    json?: unknown,
  ) {
    const auth = as === null ? {} : await issuer.headersFor(as, { name: `Name of ${as}`, roles: pro });
    return t.app.inject({
      method,
      url,
      headers: { ...auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { payload: typeof json === 'string' ? json : JSON.stringify(json) }),
    });
  }

  /** A district made by `owner` (a Pro user) through the user service, with `creators` joined by invitation. */
  async function district(owner: string, ...creators: string[]): Promise<District> {
    const body = form({
      title: 'Harbour Museum',
      subdomain: `harbour-${++seq}-${Math.random().toString(36).slice(2, 6)}`,
      public: 'true',
      freeSpaceTemplateId: 'white-cube-s-standard',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/userService/district/districts',
      headers: {
        ...(await issuer.headersFor(owner, { name: `Name of ${owner}`, roles: pro })),
        ...body.headers,
      },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = District.parse(res.json());
    for (const creator of creators) {
      const invite = await call('POST', `/api/userService/district/${made.districtId}/invite`, owner);
      expect(invite.statusCode, invite.body).toBe(200);
      const code = invite.json().invitationCode as string;
      const accepted = await call('POST', `/api/userService/district/invitation/${code}/accept`, creator);
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    return made;
  }

  /** A file row as an upload leaves it (the library reads rows only). */
  async function fileOf(ownerId: string, kind: string, size = 1000): Promise<string> {
    const id = uuidv7();
    await t.app.db.insert(files).values({
      id,
      sha256: randomBytes(32).toString('hex'),
      size,
      mimeType: 'application/octet-stream',
      kind,
      originalName: `${kind}.bin`,
      ownerId,
    });
    return id;
  }

  const library = (d: District) => `${base}/asset/district/${d.districtId}`;
  const list = (d: District, as: string | null, query = '') => call('GET', `${library(d)}${query}`, as);
  const titles = async (d: District, as: string) => {
    const res = await list(d, as);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as AssetPage).items.map((a) => a.title).sort();
  };
  async function upload(d: District, as: string, title: string, size = 1000): Promise<Asset> {
    const fileId = await fileOf(as, 'picture', size);
    const res = await call('POST', library(d), as, { type: 'picture', title, fileId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Asset;
  }

  it('documents the district library routes and their refusals in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const routes: [string, string, string[]][] = [
      ['/api/assetService/asset/district/{districtId}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/assetService/asset/district/{districtId}', 'post', ['201', '400', '401', '403', '404', '413']],
      ['/api/assetService/asset/district/{districtId}/storage', 'get', ['200', '401', '403', '404']],
      ['/api/assetService/asset/district/{districtId}/{id}', 'get', ['200', '401', '403', '404']],
      [
        '/api/assetService/asset/district/{districtId}/{id}',
        'put',
        ['200', '400', '401', '403', '404', '413'],
      ],
      ['/api/assetService/asset/district/{districtId}/{id}', 'delete', ['204', '401', '403', '404']],
    ];
    for (const [path, method, statuses] of routes) {
      expect(Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort(), `${method} ${path}`).toEqual(
        statuses.sort(),
      );
    }
  });

  it('lets the owner upload into the district library and list it; the storage is the owner plan’s', async () => {
    const [owner] = await people('owner');
    const d = await district(owner);
    const asset = await upload(d, owner, 'Harbour at dawn', 2000);
    expect(asset).toMatchObject({
      ownerKind: 'district',
      ownerId: d.districtId,
      creatorId: owner,
      title: 'Harbour at dawn',
      size: 2000,
    });
    expect(await titles(d, owner)).toEqual(['Harbour at dawn']);
    const one = await call('GET', `${library(d)}/${asset.id}`, owner);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: asset.id, ownerKind: 'district' });
    // Filters work as in one's own library.
    expect((await list(d, owner, '?type=video')).json().total).toBe(0);
    expect((await list(d, owner, '?search=dawn')).json().total).toBe(1);

    // The limit is that of the district owner's plan (users.plan), whoever asks.
    const storage = await call('GET', `${library(d)}/storage`, owner);
    expect(storage.json()).toEqual({
      used: 2000,
      limit: storageQuotaBytes.free,
      plan: 'free',
    } satisfies AssetStorage);
    await t.app.db.update(users).set({ plan: 'standard' }).where(eq(users.id, owner));
    expect((await call('GET', `${library(d)}/storage`, owner)).json()).toMatchObject({
      limit: storageQuotaBytes.standard,
      plan: 'standard',
    });
  });

  it("counts a member's uploads against the district owner's plan, not the member's", async () => {
    const [owner, ben] = await people('owner', 'ben');
    const d = await district(owner, ben);
    // Ben's token says premium (50 GB), the owner's plan is free (500 MB).
    await upload(d, ben, 'Almost full', 400 * mb);
    const fileId = await fileOf(ben, 'picture', 200 * mb);
    const refused = await call('POST', library(d), ben, { type: 'picture', title: 'Too much', fileId });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: districtLibraryMessages.quotaExceeded(storageQuotaBytes.free),
      details: { used: 400 * mb, limit: storageQuotaBytes.free, needed: 200 * mb },
    });
    // Ben's own library is a pool of its own and stays empty.
    expect((await call('GET', `${base}/asset/storage`, ben)).json()).toMatchObject({ used: 0 });
  });

  it("lets a creator upload and list, delete their own asset but not the owner's", async () => {
    const [owner, ben] = await people('owner', 'ben');
    const d = await district(owner, ben);
    const owners = await upload(d, owner, 'Owner’s map');
    const bens = await upload(d, ben, 'Ben’s boat');
    expect(bens).toMatchObject({ ownerKind: 'district', ownerId: d.districtId, creatorId: ben });
    expect(await titles(d, ben)).toEqual(['Ben’s boat', 'Owner’s map']);
    expect(await titles(d, owner)).toEqual(['Ben’s boat', 'Owner’s map']);

    const notHis = await call('DELETE', `${library(d)}/${owners.id}`, ben);
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json()).toMatchObject({ code: 'FORBIDDEN', message: districtLibraryMessages.notYours });
    const edit = await call('PUT', `${library(d)}/${owners.id}`, ben, {
      type: 'picture',
      title: 'Renamed by Ben',
      fileId: owners.fields.fileId,
    });
    expect(edit.statusCode).toBe(403);
    expect(await titles(d, owner)).toEqual(['Ben’s boat', 'Owner’s map']);

    expect((await call('DELETE', `${library(d)}/${bens.id}`, ben)).statusCode).toBe(204);
    expect(await titles(d, ben)).toEqual(['Owner’s map']);
    expect((await call('GET', `${library(d)}/${bens.id}`, ben)).statusCode).toBe(404);
  });

  it("lets the owner edit and delete a creator's asset, keeping its files", async () => {
    const [owner, ben] = await people('owner', 'ben');
    const d = await district(owner, ben);
    const bens = await upload(d, ben, 'Ben’s boat');
    // The file is Ben's upload; the Owner may keep it on the asset.
    const edited = await call('PUT', `${library(d)}/${bens.id}`, owner, {
      type: 'picture',
      title: 'Ben’s boat, framed',
      fileId: bens.fields.fileId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Ben’s boat, framed', creatorId: ben, size: 1000 });
    expect((await call('DELETE', `${library(d)}/${bens.id}`, owner)).statusCode).toBe(204);
    expect(await titles(d, ben)).toEqual([]);
  });

  it('refuses the anonymous with 401 and signed-in strangers with 403; an unknown district is 404', async () => {
    const [owner, eve] = await people('owner', 'eve');
    const d = await district(owner);
    const asset = await upload(d, owner, 'Private sketch');
    const fileId = await fileOf(eve, 'picture');
    const picture = { type: 'picture', title: 'Intruder', fileId };

    for (const [method, url, body] of [
      ['GET', library(d), undefined],
      ['POST', library(d), picture],
      ['GET', `${library(d)}/storage`, undefined],
      ['GET', `${library(d)}/${asset.id}`, undefined],
      ['PUT', `${library(d)}/${asset.id}`, picture],
      ['DELETE', `${library(d)}/${asset.id}`, undefined],
    ] as const) {
      const anonymous = await call(method, url, null, body);
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      const stranger = await call(method, url, eve, body);
      expect(stranger.statusCode, `${method} ${url} stranger`).toBe(403);
      expect(stranger.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: districtLibraryMessages.membersOnly,
      });
    }
    expect(await titles(d, owner)).toEqual(['Private sketch']);

    const unknown = await call('GET', `${base}/asset/district/${uuidv7()}`, eve);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: districtMessages.notFound });
  });

  it("keeps the district's assets out of its members' own libraries, and theirs out of it", async () => {
    const [owner, ben] = await people('owner', 'ben');
    const d = await district(owner, ben);
    const inDistrict = await upload(d, ben, 'District boat');
    const ownFile = await fileOf(ben, 'picture');
    const own = await call('POST', `${base}/asset`, ben, {
      type: 'picture',
      title: 'My boat',
      fileId: ownFile,
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = (own.json() as Asset).id;

    const mine = (await call('GET', `${base}/asset/myLibrary`, ben)).json() as AssetPage;
    expect(mine.items.map((a) => a.title)).toEqual(['My boat']);
    expect((await call('GET', `${base}/asset/myLibrary`, owner)).json().total).toBe(0);
    const profile = (await call('GET', `${base}/asset/user/${ben}`, null)).json() as AssetPage;
    expect(profile.items.map((a) => a.title)).toEqual(['My boat']);
    expect(await titles(d, ben)).toEqual(['District boat']);

    // Each library's calls reach only its own assets.
    expect((await call('GET', `${base}/asset/${inDistrict.id}`, ben)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/asset/${inDistrict.id}`, ben)).statusCode).toBe(404);
    expect((await call('GET', `${library(d)}/${ownId}`, ben)).statusCode).toBe(404);
    expect((await call('DELETE', `${library(d)}/${ownId}`, owner)).statusCode).toBe(404);
    expect((await call('GET', `${base}/asset/storage`, ben)).json()).toMatchObject({ used: 1000 });
  });

  it('answers bad input with the stable validation errors and changes nothing', async () => {
    const [owner, ben] = await people('owner', 'ben');
    const d = await district(owner, ben);
    const asset = await upload(d, ben, 'Boat');

    const noTitle = await call('POST', library(d), ben, {
      type: 'picture',
      title: '',
      fileId: asset.fields.fileId,
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().code).toBe('VALIDATION_FAILED');

    const badType = await call('POST', library(d), ben, { type: 'painting', title: 'Boat' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().code).toBe('VALIDATION_FAILED');

    const malformed = await call('POST', library(d), ben, '{"type":');
    expect(malformed.statusCode).toBe(400);

    // A file someone else uploaded cannot be named, even by a fellow member.
    const ownersFile = await fileOf(owner, 'picture');
    const notHers = await call('POST', library(d), ben, {
      type: 'picture',
      title: 'Borrowed',
      fileId: ownersFile,
    });
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/fileId' }] });

    const retyped = await call('PUT', `${library(d)}/${asset.id}`, ben, {
      type: 'text3d',
      title: 'Boat',
      content: 'Boat',
    });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/type' }] });

    const badPage = await list(d, ben, '?ipp=0');
    expect(badPage.statusCode).toBe(400);
    const longId = await call('GET', `${base}/asset/district/${'x'.repeat(65)}`, ben);
    expect(longId.statusCode).toBe(400);
    expect(longId.json().code).toBe('VALIDATION_FAILED');

    expect(await titles(d, ben)).toEqual(['Boat']);
  });
});
