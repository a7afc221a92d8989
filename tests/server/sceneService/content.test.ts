import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPatchOf } from '../../../contracts/contentPatch';
import { emptySceneContent, parseSceneContent } from '../../../contracts/sceneContent';
import { sceneContentMaxBytes } from '../../../contracts/scenes';
import type { DatabaseHandle } from '../../../server/db';
import { sceneContentBlobs, scenes } from '../../../server/db/schema';
import { ContentChecker } from '../../../server/services/sceneService/content';
import { SceneService } from '../../../server/services/sceneService/service';
import type { BlobStore } from '../../../server/storage/blobStore';
import type { FilesystemBlobStore } from '../../../server/storage/filesystem';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { largeContent, sampleContent, sceneApi } from './helpers';

describe.each(testDatabases())('scene content on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;
  let service: SceneService;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const rowOf = async (id: string) => (await t.app.db.select().from(scenes).where(eq(scenes.id, id)))[0];
  /** The app's address on loopback (it starts listening the first time). */
  const addressOf = async (test: TestApp) => {
    const address = test.app.server.address();
    if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
    return test.app.listen({ host: '127.0.0.1', port: 0 });
  };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    api = sceneApi(t, issuer);
    service = new SceneService({ db: t.app.db, store: t.app.blobStore });
  });
  afterAll(async () => {
    await service?.close();
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  it('answers the empty document before the first save, then what was saved', async () => {
    const owner = newUser('saver');
    const sceneId = await api.draft(owner);
    const empty = await api.content(sceneId, owner);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(emptySceneContent());

    const content = sampleContent(3);
    const saved = await api.putContent(sceneId, owner, content);
    expect(saved.statusCode, saved.body).toBe(200);
    const { contentUpdatedAt } = saved.json();
    expect(new Date(contentUpdatedAt).toISOString()).toBe(contentUpdatedAt);
    const loaded = await api.content(sceneId, owner);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.headers['content-type']).toMatch(/^application\/json/);
    expect(loaded.json()).toEqual(content);
    const meta = await api.metadata(sceneId, owner);
    expect(meta.json().contentUpdatedAt).toBe(contentUpdatedAt);

    // The ETag is the stored blob's sha256: a client that has it gets 304.
    const etag = String(loaded.headers.etag);
    expect(etag).toBe(`"${(await rowOf(sceneId)).contentSha256}"`);
    const again = await api.content(sceneId, owner, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('stores a canonical document byte for byte, and normalises any other', async () => {
    const owner = newUser('bytes');
    const sceneId = await api.draft(owner);
    const pretty = JSON.stringify(sampleContent(2), null, 2);
    expect((await api.putContent(sceneId, owner, pretty)).statusCode).toBe(200);
    expect((await api.content(sceneId, owner)).body).toBe(pretty);

    // Version 1 (no ids, `url`), defaults missing and an unknown field: migrated, filled in, dropped.
    const v1 = {
      customSpace: { levels: [{ id: 'level-0' }] },
      pictures: [
        { url: '/demo/pictures/picture-001.jpg', width: 1, height: 1, transform: { position: [0, 1, 0] } },
      ],
      somethingElse: true,
    };
    const res = await api.putContent(sceneId, owner, v1);
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await api.content(sceneId, owner)).json();
    const expected = parseSceneContent(v1);
    expect(expected.ok).toBe(true);
    expect(stored).toEqual(expected.ok && expected.content);
    expect(stored.pictures[0]).toMatchObject({ id: 'pictures-0', fileUri: '/demo/pictures/picture-001.jpg' });
    expect(stored).not.toHaveProperty('somethingElse');
  });

  it('refuses invalid content with the issues, and keeps the previous content', async () => {
    const owner = newUser('invalid');
    const sceneId = await api.draft(owner);
    const good = sampleContent(1);
    await api.putContent(sceneId, owner, good);

    const bad = sampleContent(2);
    bad.pictures[0].width = -1;
    bad.pictures[1].id = bad.pictures[0].id;
    const res = await api.putContent(sceneId, owner, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details).toEqual(
      expect.arrayContaining([{ path: 'pictures.0.width', message: 'Must be greater than 0' }]),
    );

    for (const [body, message] of [
      ['{"version": 2,', /^The body is not valid JSON/],
      ['[1, 2, 3]', /^Scene content must be a JSON object$/],
      [JSON.stringify({ version: 99 }), /^Unsupported scene content version 99/],
      ['', /^The body is not valid JSON/],
    ] as const) {
      const r = await api.putContent(sceneId, owner, body);
      expect(r.statusCode, body).toBe(400);
      expect(r.json().message).toMatch(message);
    }
    const latin1 = Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]);
    expect((await api.putContent(sceneId, owner, latin1)).json().message).toBe('The body is not UTF-8 text');
    expect((await api.content(sceneId, owner)).json()).toEqual(good);
  });

  it('refuses texts their built-in fonts cannot draw, naming the characters, and stores nothing', async () => {
    const owner = newUser('glyphs');
    const sceneId = await api.draft(owner);
    const text = (id: string, value: string, font = 'Roboto') => ({
      id,
      text: value,
      font,
      transform: { position: [0, 1.5, -3] as [number, number, number] },
    });
    const good = sampleContent(1, { texts3d: [text('t0', 'Café à Zürich')] });
    expect((await api.putContent(sceneId, owner, good)).statusCode).toBe(200);
    const before = await rowOf(sceneId);

    const bad = sampleContent(1, {
      texts3d: [text('t0', 'Café à Zürich'), text('t1', 'Hi 😀 漢 😀'), text('t2', '漢字', 'Merriweather')],
    });
    // Both the canonical document and one the contract first normalises are checked.
    for (const body of [bad, { ...bad, texts3d: bad.texts3d.map(({ bold: _, ...t }) => t) }]) {
      const res = await api.putContent(sceneId, owner, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'TEXT_CHARACTERS_UNSUPPORTED',
        message: 'The following characters are not supported: 😀 漢 字',
        details: [
          { path: 'texts3d[1].text', id: 't1', characters: ['😀', '漢'] },
          { path: 'texts3d[2].text', id: 't2', characters: ['漢', '字'] },
        ],
      });
    }
    // A font of the space's own is not checked.
    const own = { ...bad, fonts: [{ family: 'Merriweather', uri: '/fonts/own.woff' }] };
    expect((await api.putContent(sceneId, owner, own)).statusCode).toBe(422);
    expect((await rowOf(sceneId)).contentSha256).toBe(before.contentSha256);
    expect((await api.content(sceneId, owner)).json()).toEqual(good);
    const allOwn = { ...own, texts3d: own.texts3d.filter((t) => t.id !== 't1') };
    const saved = await api.putContent(sceneId, owner, allOwn);
    expect(saved.statusCode).toBe(200);

    // An incremental save is checked too.
    const stored = (await api.content(sceneId, owner)).json() as typeof allOwn;
    const next = {
      ...stored,
      texts3d: stored.texts3d.map((t) => (t.id === 't0' ? { ...t, text: 'Ok ✨' } : t)),
    };
    const patched = await api.patchContent(
      sceneId,
      owner,
      contentPatchOf(stored, next),
      String(saved.headers.etag),
    );
    expect(patched.statusCode).toBe(422);
    expect(patched.json()).toMatchObject({
      code: 'TEXT_CHARACTERS_UNSUPPORTED',
      details: [{ id: 't0', characters: ['✨'] }],
    });
    expect((await api.content(sceneId, owner)).json()).toEqual(stored);
  });

  it('refuses a body over the limit with 413 and anything but JSON with 415', async () => {
    const owner = newUser('big');
    const sceneId = await api.draft(owner);
    const tooBig = Buffer.alloc(sceneContentMaxBytes + 1, 0x20);
    const res = await api.putContent(sceneId, owner, tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The scene content may be at most 10 MB',
    });

    const text = await t.app.inject({
      method: 'PUT',
      url: `/api/sceneService/scene/content/${sceneId}`,
      headers: { ...(await api.auth(owner)), 'content-type': 'text/plain' },
      payload: JSON.stringify(sampleContent(1)),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await rowOf(sceneId)).contentSha256).toBeNull();
  });

  it('lets only the owner save and read the draft content', async () => {
    const owner = newUser('content-owner');
    const stranger = newUser('content-stranger');
    const sceneId = await api.draft(owner);
    const content = sampleContent(1);
    expect((await api.putContent(sceneId, null, content)).statusCode).toBe(401);
    expect((await api.content(sceneId, null)).statusCode).toBe(401);
    expect((await api.putContent(sceneId, stranger, content)).statusCode).toBe(404);
    expect((await api.content(sceneId, stranger)).statusCode).toBe(404);
    expect((await api.putContent('unknown-scene', owner, content)).statusCode).toBe(404);
    await service.publishSnapshot(sceneId);
    expect((await api.putContent(sceneId, stranger, content)).statusCode).toBe(403);
    expect((await api.content(sceneId, stranger)).statusCode).toBe(403);
    expect((await rowOf(sceneId)).contentSha256).toBeNull();
  });

  it('checks a large document on the worker thread, valid or not', async () => {
    const owner = newUser('large');
    const sceneId = await api.draft(owner);
    const content = largeContent(3 * 1024 * 1024);
    const bytes = JSON.stringify(content);
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await api.putContent(sceneId, owner, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const loaded = await api.content(sceneId, owner);
    expect(loaded.body).toBe(bytes);

    content.pictures[2000].transform.position = [0, 0, 1e9];
    const bad = await api.putContent(sceneId, owner, content);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'pictures.2000.transform.position.2', message: expect.any(String) },
    ]);
    expect((await api.content(sceneId, owner)).body).toBe(bytes);
  });

  it('checks large documents on a worker thread', async () => {
    const checker = new ContentChecker({ inlineBelowBytes: 1024 });
    try {
      const document = largeContent(64 * 1024);
      const fileId = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b';
      document.pictures![0].fileUri = `/api/fileService/file/${fileId}`;
      const good = await checker.check(Buffer.from(JSON.stringify(document)));
      // Kept as received, with the files it names (found while the worker parsed it).
      expect(good).toMatchObject({ ok: true, normalized: null, fileIds: [fileId] });
      // Not canonical (a title to trim): normalised, with the files the normalised bytes name.
      document.pictures![0].title = '  Padded  ';
      const normalised = await checker.check(Buffer.from(JSON.stringify(document)));
      expect(normalised).toMatchObject({ ok: true, fileIds: [fileId] });
      expect(normalised.ok && normalised.normalized).toBeTruthy();
      const state = checker as unknown as { worker?: unknown; broken: boolean };
      expect(state.broken).toBe(false);
      expect(state.worker).toBeDefined();
      const bad = await checker.check(
        Buffer.from(JSON.stringify({ version: 2, pictures: 'many' }).padEnd(2048)),
      );
      expect(bad).toMatchObject({ ok: false, issues: [{ path: 'pictures' }] });
    } finally {
      await checker.close();
    }
  });

  it('checks on the calling thread when the worker cannot start', async () => {
    const checker = new ContentChecker({ inlineBelowBytes: 0 });
    // A worker that fails to boot (as if its module were missing) falls back to the main thread.
    (checker as unknown as { start: () => undefined }).start = () => undefined;
    const verdict = await checker.check(Buffer.from(JSON.stringify(sampleContent(1))));
    expect(verdict).toMatchObject({ ok: true, normalized: null });
    await checker.close();
  });

  describe('atomic saves', () => {
    it('keeps the previous content when the blob store fails halfway through a write', async () => {
      const owner = newUser('failing');
      const sceneId = await api.draft(owner);
      const before = sampleContent(2);
      expect((await api.putContent(sceneId, owner, before)).statusCode).toBe(200);
      const row = await rowOf(sceneId);

      const real = t.app.blobStore as FilesystemBlobStore;
      const failing: BlobStore = {
        kind: real.kind,
        get: (sha256, range) => real.get(sha256, range),
        stat: (sha256) => real.stat(sha256),
        delete: (sha256) => real.delete(sha256),
        ping: () => real.ping(),
        async put(source: Readable) {
          // Write part of the bytes through the real store's temp file path, then fail.
          let seen = 0;
          for await (const chunk of source) {
            seen += (chunk as Buffer).length;
            if (seen > 1024) break;
          }
          throw new Error('disk failed in the middle of a write');
        },
        async putBytes() {
          // Fails as a full disk would.
          throw new Error('disk failed in the middle of a write');
        },
      };
      const broken = new SceneService({ db: t.app.db, store: failing });
      try {
        const next = largeContent(400 * 1024);
        await expect(
          broken.saveContent(
            sceneId,
            { userId: owner, roles: ['free-user'] },
            Buffer.from(JSON.stringify(next)),
          ),
        ).rejects.toThrow('disk failed');
      } finally {
        await broken.close();
      }
      expect(await rowOf(sceneId)).toMatchObject({
        contentSha256: row.contentSha256,
        contentUpdatedAt: row.contentUpdatedAt,
      });
      expect((await api.content(sceneId, owner)).json()).toEqual(before);
      expect(readdirSync(path.join(t.dataDir, 'files', 'tmp'))).toEqual([]);
    });

    it('keeps a large body sent in small pieces whole: characters split between packets are kept, bytes that are not UTF-8 refused', async () => {
      const owner = newUser('unicode');
      const sceneId = await api.draft(owner);
      const address = await addressOf(t);
      const headers = await api.auth(owner);
      /** Sends `body` in 777-byte writes (most multi-byte characters end up split between two). */
      const sendInPieces = (body: Buffer) =>
        new Promise<{ status: number; json: { code?: string; message?: string } }>((resolve, reject) => {
          const req = request(
            `${address}/api/sceneService/scene/content/${sceneId}`,
            {
              method: 'PUT',
              headers: {
                ...headers,
                'content-type': 'application/json',
                'content-length': String(body.length),
              },
            },
            (res) => {
              const parts: Buffer[] = [];
              res.on('data', (c: Buffer) => parts.push(c));
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString()) }),
              );
            },
          );
          req.on('error', reject);
          let at = 0;
          const next = () => {
            if (at >= body.length) return void req.end();
            const piece = body.subarray(at, at + 777);
            at += 777;
            req.write(piece, () => setImmediate(next));
          };
          next();
        });
      const content = largeContent(400 * 1024);
      content.pictures.forEach((p, i) => (p.title = `Été à Kyōto 京都の夏 ${i} 🌅`));
      const good = await sendInPieces(Buffer.from(JSON.stringify(content)));
      expect(good.status, JSON.stringify(good.json)).toBe(200);
      expect((await api.content(sceneId, owner)).json()).toEqual(content);

      const latin1 = Buffer.from(
        JSON.stringify(largeContent(400 * 1024)).replace('Picture 7', 'Peinture été'),
        'latin1',
      );
      const bad = await sendInPieces(latin1);
      expect(bad).toEqual({
        status: 400,
        json: expect.objectContaining({ code: 'INVALID_ENCODING', message: 'The body is not UTF-8 text' }),
      });
      expect((await api.content(sceneId, owner)).json()).toEqual(content);
    });

    it('survives clients that go away at once, before their body has arrived', async () => {
      const owner = newUser('quitter');
      const sceneId = await api.draft(owner);
      const before = sampleContent(1);
      expect((await api.putContent(sceneId, owner, before)).statusCode).toBe(200);
      const address = await addressOf(t);
      const headers = await api.auth(owner);
      const chunk = Buffer.from(JSON.stringify(largeContent(64 * 1024)));
      for (let i = 0; i < 20; i++) {
        await new Promise<void>((resolve) => {
          const req = request(`${address}/api/sceneService/scene/content/${sceneId}`, {
            method: 'PUT',
            headers: {
              ...headers,
              'content-type': 'application/json',
              'content-length': String(chunk.length * 4),
            },
          });
          req.on('error', () => resolve());
          req.on('close', () => resolve());
          req.write(chunk, () => req.destroy());
        });
      }
      await new Promise((r) => setTimeout(r, 200));
      expect((await api.content(sceneId, owner)).json()).toEqual(before);
    });

    it('keeps the previous content when the client goes away in the middle of the body', async () => {
      const owner = newUser('aborting');
      const sceneId = await api.draft(owner);
      const before = sampleContent(2);
      expect((await api.putContent(sceneId, owner, before)).statusCode).toBe(200);
      const blobsBefore = (await t.app.db.select().from(sceneContentBlobs)).length;

      const address = await addressOf(t);
      const body = Buffer.from(JSON.stringify(largeContent(2 * 1024 * 1024)));
      const headers = await api.auth(owner);
      await new Promise<void>((resolve) => {
        const req = request(`${address}/api/sceneService/scene/content/${sceneId}`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) },
        });
        req.on('error', () => resolve());
        req.write(body.subarray(0, body.length >> 1), () => {
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 100);
        });
      });
      // Let the server notice the aborted request.
      await new Promise((r) => setTimeout(r, 200));
      expect((await api.content(sceneId, owner)).json()).toEqual(before);
      expect((await t.app.db.select().from(sceneContentBlobs)).length).toBe(blobsBefore);
    });
  });
});
