import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { scenes, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { multipartBody } from '../fileService/multipart';
import { sampleContent } from '../sceneService/helpers';

/** `Café` with its é as a lone Latin-1 byte, and a byte that is never UTF-8. */
const notUtf8 = (text: string) =>
  Buffer.concat([Buffer.from(text), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0xff])]);

describe('request bodies', () => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let seq = 0;
  const newUser = () => `bodies-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const auth = (userId: string) => issuer.headersFor(userId, { name: 'Body Tester', email: 'b@example.com' });
  const json = { 'content-type': 'application/json' };
  const scenesOf = (ownerId: string) => t.app.db.select().from(scenes).where(eq(scenes.ownerId, ownerId));

  const createScene = async (as: string | null, payload: Buffer | string, type = json) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sceneService/scene/metadata',
      headers: { ...(as ? await auth(as) : {}), ...type },
      payload,
    });
  const patchUser = async (id: string, payload: Buffer | string, headers: Record<string, string> = json) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/userService/user/${id}`,
      headers: { ...(await auth(id)), ...headers },
      payload,
    });
  const putContent = async (sceneId: string, as: string, payload: Buffer | string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/sceneService/scene/content/${sceneId}`,
      headers: { ...(await auth(as)), ...json },
      payload,
    });

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await testDatabases()[0].open();
    t = await buildTestApp(db, issuer.env);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  describe('that are not UTF-8', () => {
    it('refuses a JSON body with INVALID_ENCODING and creates nothing', async () => {
      const owner = newUser();
      const bad = Buffer.concat([Buffer.from('{"title":"'), notUtf8('My '), Buffer.from('"}')]);
      const res = await createScene(owner, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_ENCODING',
        message: 'The body is not UTF-8 text',
      });
      expect(await scenesOf(owner)).toEqual([]);

      // The same title in UTF-8 is taken as it is.
      const good = await createScene(owner, JSON.stringify({ title: 'My Café' }));
      expect(good.statusCode).toBe(201);
      expect((await scenesOf(owner)).map((s) => s.title)).toEqual(['My Café']);
      // Nobody signed in: the body is refused before anything else looks at it, and nothing is made.
      expect((await createScene(null, bad)).json().code).toBe('INVALID_ENCODING');
      expect((await createScene(null, JSON.stringify({ title: 'x' }))).statusCode).toBe(401);
    });

    it('refuses a multipart text field with INVALID_ENCODING, naming the field', async () => {
      const owner = newUser();
      const bad = multipartBody([
        { name: 'title', data: notUtf8('My ') },
        { name: 'description', data: 'fine' },
      ]);
      const res = await createScene(owner, bad.payload, bad.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_ENCODING',
        message: 'The field title is not UTF-8 text',
        details: [{ path: '/title', message: 'Not UTF-8 text' }],
      });
      expect(await scenesOf(owner)).toEqual([]);

      const good = multipartBody([{ name: 'title', data: 'My Café' }]);
      expect((await createScene(owner, good.payload, good.headers)).statusCode).toBe(201);
      expect((await scenesOf(owner)).map((s) => s.title)).toEqual(['My Café']);

      // The profile form too; its name stays as it was.
      const user = newUser();
      await t.app.db.insert(users).values({ id: user, name: 'Before' });
      const profile = multipartBody([{ name: 'name', data: notUtf8('Ren') }]);
      const refused = await patchUser(user, profile.payload, profile.headers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_ENCODING', details: [{ path: '/name' }] });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user));
      expect(row.name).toBe('Before');
    });

    it('refuses a content save that is not UTF-8, and keeps the content it had', async () => {
      const owner = newUser();
      const { sceneId } = (await createScene(owner, JSON.stringify({ title: 'Saved' }))).json();
      expect((await putContent(sceneId, owner, JSON.stringify(sampleContent(1)))).statusCode).toBe(200);
      const text = JSON.stringify(sampleContent(1)).replace('Picture 0', 'Picture \u0000');
      const bad = Buffer.from(text.replace('\u0000', 'X'));
      bad[bad.indexOf('Picture X') + 8] = 0xff;
      const res = await putContent(sceneId, owner, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_ENCODING');
      const stored = await t.app.inject({
        url: `/api/sceneService/scene/content/${sceneId}`,
        headers: await auth(owner),
      });
      expect(stored.json().pictures[0].title).toBe('Picture 0');
      // Someone else's space is not found, whatever the body.
      expect((await putContent(sceneId, newUser(), bad)).statusCode).toBe(404);
    });
  });

  describe('that are not acceptable JSON', () => {
    it('names a __proto__ key and where it is, instead of calling the body invalid JSON', async () => {
      const user = newUser();
      await t.app.db.insert(users).values({ id: user, name: 'Proto' });
      const top = await patchUser(user, '{"name":"Mallory","__proto__":{"isAdmin":true}}');
      expect(top.statusCode).toBe(400);
      expect(top.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The key "__proto__" is not accepted',
        details: [{ path: '/__proto__', message: 'This key is not accepted' }],
      });
      const nested = await patchUser(user, '{"socialMedia":[{"name":"x","\\u005f_proto__":{}}]}');
      expect(nested.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The key "__proto__" is not accepted (in /socialMedia/0)',
      });
      const ctor = await patchUser(user, '{"name":"M","constructor":{"prototype":{"isAdmin":true}}}');
      expect(ctor.json().message).toBe('The key "constructor.prototype" is not accepted');
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user));
      expect(row.name).toBe('Proto');

      // A value that merely mentions them is fine.
      const fine = await patchUser(user, JSON.stringify({ name: '__proto__ constructor prototype' }));
      expect(fine.statusCode).toBe(200);
    });

    it('says why a body is not JSON, and that an empty one is empty', async () => {
      const user = newUser();
      const broken = await patchUser(user, '{"name": "Ann",}');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().code).toBe('VALIDATION_FAILED');
      expect(broken.json().message).toMatch(/^The body is not valid JSON: .+/);
      const empty = await patchUser(user, '');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/^The body is empty/);
    });
  });

  it('says which range a scene content number must be in', async () => {
    const owner = newUser();
    const { sceneId } = (await createScene(owner, JSON.stringify({ title: 'Turned' }))).json();
    const res = await putContent(
      sceneId,
      owner,
      JSON.stringify({ ...sampleContent(1), startingRotation: 999 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Must be between 0 and 360',
      details: [{ path: 'startingRotation', message: 'Must be between 0 and 360' }],
    });
  });
});
