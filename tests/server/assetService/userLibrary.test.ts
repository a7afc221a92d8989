import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetPage } from '../../../contracts/assets';
import type { DatabaseHandle } from '../../../server/db';
import { uuidv7 } from '../../../server/db/ids';
import { files, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

const base = '/api/assetService';

describe.each(testDatabases())("a user's Content library on $name", ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

  const headers = async (as: string | null) =>
    as === null ? {} : issuer.headersFor(as, { name: `Name of ${as}`, roles: ['free-user'] });

  async function userLibrary(userId: string, as: string | null, query = '') {
    return t.app.inject({
      method: 'GET',
      url: `${base}/asset/user/${encodeURIComponent(userId)}${query}`,
      headers: await headers(as),
    });
  }

  /** A user with a picture, a video and a 3D text in their library. */
  async function owner(options: { hidden?: boolean } = {}) {
    const id = newUser('creator');
    await t.app.db.insert(users).values({ id, name: `Name of ${id}` });
    if (options.hidden)
      await t.app.db.update(users).set({ hideContentLibrary: true }).where(eq(users.id, id));
    const created: string[] = [];
    for (const [type, kind] of [
      ['picture', 'picture'],
      ['video', 'video'],
      ['text3d', null],
    ] as const) {
      let fileId: string | undefined;
      if (kind) {
        fileId = uuidv7();
        await t.app.db.insert(files).values({
          id: fileId,
          sha256: randomBytes(32).toString('hex'),
          size: 1000,
          mimeType: 'application/octet-stream',
          kind,
          originalName: `${kind}.bin`,
          ownerId: id,
        });
      }
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/asset`,
        headers: { ...(await headers(id)), 'content-type': 'application/json' },
        payload: JSON.stringify({
          type,
          title: `A ${type}`,
          ...(fileId ? { fileId } : { content: 'Hello' }),
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push((res.json() as { id: string }).id);
    }
    return { id, created };
  }

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, { SEED_DEMO: 'false', ...issuer.env });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  it('shows anybody the library, newest first, one type at a time and page by page', async () => {
    const { id, created } = await owner();
    const anonymous = await userLibrary(id, null);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const page = anonymous.json() as AssetPage;
    expect(page.total).toBe(3);
    expect(page.items.map((asset) => asset.id)).toEqual([...created].reverse());
    expect(page.items.every((asset) => asset.ownerId === id)).toBe(true);

    const pictures = (await userLibrary(id, newUser('stranger'), '?type=picture')).json() as AssetPage;
    expect(pictures.items.map((asset) => asset.type)).toEqual(['picture']);
    expect(pictures.total).toBe(1);

    const second = (await userLibrary(id, null, '?cp=1&ipp=2')).json() as AssetPage;
    expect(second).toMatchObject({ cp: 1, ipp: 2, total: 3 });
    expect(second.items.map((asset) => asset.id)).toEqual([created[0]]);
  });

  it("lists only that user's assets", async () => {
    const first = await owner();
    const second = await owner();
    const page = (await userLibrary(first.id, second.id)).json() as AssetPage;
    expect(page.items.map((asset) => asset.id).sort()).toEqual([...first.created].sort());
  });

  it('hides a hidden library from strangers and anonymous visitors, not from its owner', async () => {
    const { id, created } = await owner({ hidden: true });
    for (const visitor of [null, newUser('stranger')]) {
      const res = await userLibrary(id, visitor);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ items: [], cp: 0, ipp: 9, total: 0 });
    }
    const own = (await userLibrary(id, id)).json() as AssetPage;
    expect(own.items.map((asset) => asset.id).sort()).toEqual([...created].sort());
  });

  it('answers 404 for a user who does not exist', async () => {
    const res = await userLibrary(newUser('nobody'), null);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a query that is not valid', async () => {
    const { id } = await owner();
    for (const query of ['?type=sculpture', '?ipp=0', '?cp=-1', '?ipp=101']) {
      const res = await userLibrary(id, null, query);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
