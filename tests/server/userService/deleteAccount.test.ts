import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { files, publishSlots, scenes, users } from '../../../server/db/schema';
import { createAccount, findAccountById, verifyPassword } from '../../../server/identity/accounts';
import { type AccountDirectory, UserService } from '../../../server/services/userService/service';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { picturePart, png, userApi } from './helpers';

const password = 'correct horse battery staple';

describe.each(testDatabases())('deleting an account on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof userApi>;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    api = userApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  /** A real local account with its user record. */
  async function member(email: string) {
    const { id } = await createAccount(t.app.db, { email, password });
    const res = await api.create(id, { name: email.split('@')[0] });
    expect(res.statusCode, res.body).toBe(201);
    return id;
  }

  async function setPicture(id: string, field: 'profilePicture' | 'coverPhoto', bytes: Buffer) {
    const res = await api.patch(id, id, {}, [picturePart(field, bytes)]);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json()[field] as string;
    const [row] = await t.app.db
      .select()
      .from(files)
      .where(eq(files.id, url.split('/').pop()!));
    return { url, sha256: row.sha256 };
  }

  it('needs the password, from the owner only, and removes everything with it', async () => {
    const id = await member('leaving@example.com');
    const other = await member('staying@example.com');
    const shared = await png('#111111', 20, 20);
    const own = await setPicture(id, 'profilePicture', await png('#ff0000', 30, 30));
    const cover = await setPicture(id, 'coverPhoto', shared);
    const othersPicture = await setPicture(other, 'profilePicture', shared);
    expect(othersPicture.sha256).toBe(cover.sha256);
    // A thumbnail is stored as a blob of its own.
    expect((await t.app.inject({ url: own.url.replace('/file/', '/thumbnail/') })).statusCode).toBe(200);

    const anonymous = await api.remove(id, null, password);
    expect(anonymous.statusCode).toBe(401);

    const stranger = await api.remove(id, other, password);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('You are not authorized to perform this action');

    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/userService/user/${id}`,
      headers: { ...(await api.auth(id)), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');

    const wrong = await api.remove(id, id, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Incorrect Password' });

    // Nothing is removed by the refusals.
    expect((await api.get(id)).statusCode).toBe(200);
    expect((await t.app.inject({ url: own.url })).statusCode).toBe(200);
    expect(await findAccountById(t.app.db, id)).toBeDefined();
    expect(await t.app.blobStore.stat(own.sha256)).not.toBeNull();

    // A published space of theirs.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/sceneService/scene/metadata',
      headers: { ...(await api.auth(id)), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nLeaving show\r\n--x--\r\n',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sceneId = created.json().sceneId as string;
    await t.app.db.insert(publishSlots).values({ id: `slot-${id}`, ownerId: id, kind: 'extra', sceneId });
    await t.app.db.update(scenes).set({ state: 'Published' }).where(eq(scenes.id, sceneId));

    const done = await api.remove(id, id, password);
    expect(done.statusCode, done.body).toBe(204);
    // The space is gone for everyone, its slot too.
    const [gone] = await t.app.db.select().from(scenes).where(eq(scenes.id, sceneId));
    expect(gone.deletedAt).not.toBeNull();
    expect(
      (await t.app.inject({ url: `/api/sceneService/publishedscene/metadata/${sceneId}` })).statusCode,
    ).toBe(404);
    expect(await t.app.db.select().from(publishSlots).where(eq(publishSlots.ownerId, id))).toEqual([]);
    expect(done.body).toBe('');

    expect((await api.get(id)).statusCode).toBe(404);
    expect((await api.my(id)).statusCode).toBe(302);
    expect(await t.app.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await t.app.db.select().from(files).where(eq(files.ownerId, id))).toEqual([]);
    expect(await t.app.blobStore.stat(own.sha256)).toBeNull();
    expect((await t.app.inject({ url: own.url })).statusCode).toBe(404);
    expect(await findAccountById(t.app.db, id)).toBeUndefined();
    expect(await verifyPassword(t.app.db, id, password)).toBe(false);

    // Bytes another user's file shares stay.
    expect(await t.app.blobStore.stat(cover.sha256)).not.toBeNull();
    const stillThere = await t.app.inject({ url: othersPicture.url });
    expect(stillThere.statusCode).toBe(200);
    expect(stillThere.rawPayload.equals(shared)).toBe(true);
    expect((await api.get(other)).statusCode).toBe(200);
  });

  it('leaves no stored thumbnail behind', async () => {
    const id = await member('thumbs@example.com');
    const picture = await setPicture(id, 'profilePicture', await png('#00aa55', 400, 300));
    const thumbUrl = picture.url.replace('/file/', '/thumbnail/');
    const thumb = await t.app.inject({ url: thumbUrl });
    expect(thumb.statusCode).toBe(200);
    const thumbSha = String(thumb.headers.etag).replace(/"/g, '');
    expect(await t.app.blobStore.stat(thumbSha)).not.toBeNull();

    expect((await api.remove(id, id, password)).statusCode).toBe(204);
    expect(await t.app.blobStore.stat(thumbSha)).toBeNull();
    expect(await t.app.blobStore.stat(picture.sha256)).toBeNull();
  });

  it('checks passwords with the account directory it is given', async () => {
    const calls: string[] = [];
    const directory: AccountDirectory = {
      async verifyPassword(accountId, given) {
        calls.push(`verify ${accountId} ${given}`);
        return given === 'open sesame';
      },
      async deleteAccount(accountId) {
        calls.push(`delete ${accountId}`);
      },
    };
    const service = new UserService({
      db: t.app.db,
      store: t.app.blobStore,
      accounts: directory,
      loginProvider: 'https://accounts.example.com',
    });
    const caller = { userId: 'elsewhere-user', roles: ['free-user' as const] };
    const created = await service.create(caller, { changes: { name: 'From elsewhere' }, pictures: {} });
    expect(created.loginProvider).toBe('https://accounts.example.com');

    await expect(service.remove(caller.userId, caller, 'guess')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Incorrect Password',
    });
    expect(await service.find(caller.userId)).toBeDefined();
    await service.remove(caller.userId, caller, 'open sesame');
    expect(await service.find(caller.userId)).toBeUndefined();
    expect(calls).toEqual([
      'verify elsewhere-user guess',
      'verify elsewhere-user open sesame',
      'delete elsewhere-user',
    ]);
  });

  it('answers 404 to a stranger for an unknown user', async () => {
    const res = await api.remove('nobody-at-all', 'someone', password);
    expect(res.statusCode).toBe(404);
  });
});
