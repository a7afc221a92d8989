import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../../server/storage/blobStore';
import { FilesystemBlobStore } from '../../../server/storage/filesystem';
import { S3BlobStore } from '../../../server/storage/s3';
import { type LocalS3, startLocalS3 } from './s3rver';

/** toEqual walks a Buffer byte by byte (40 s for 3 MB); compare them whole, and say where they differ. */
function expectBytes(actual: Buffer, expected: Buffer) {
  expect(actual.length).toBe(expected.length);
  const at = actual.findIndex((byte, i) => byte !== expected[i]);
  expect(at, 'the first byte that differs').toBe(-1);
}

interface StoreFixture {
  store: BlobStore;
  /** Where the store keeps a write in progress: it must be empty whenever no write is running. */
  tempDir: string;
  close(): Promise<void>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A source that sends `chunks` and then fails, as an upload does when the client goes away. */
function failingSource(chunks: Buffer[]): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i < chunks.length) this.push(chunks[i++]);
      else setImmediate(() => this.destroy(new Error('connection reset')));
    },
  });
}

/** The behaviour every BlobStore must have; run against each implementation. */
function blobStoreContract(name: string, setup: () => Promise<StoreFixture>) {
  describe(`${name} blob store`, () => {
    let f: StoreFixture;
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.close();
    });

    it('stores bytes under their sha256 and reads them back', async () => {
      const bytes = randomBytes(200_000);
      const info = await f.store.put(Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]));
      expect(info).toEqual({ sha256: sha256(bytes), size: bytes.length });
      expectBytes(await readAll(await f.store.get(info.sha256)), bytes);
      expect(await f.store.stat(info.sha256)).toEqual(info);
      expect(readdirSync(f.tempDir)).toEqual([]);
    });

    it('reads inclusive byte ranges', async () => {
      const bytes = Buffer.from('0123456789abcdefghij');
      const { sha256: key } = await f.store.put(Readable.from([bytes]));
      expect((await readAll(await f.store.get(key, { start: 0, end: 0 }))).toString()).toBe('0');
      expect((await readAll(await f.store.get(key, { start: 5, end: 9 }))).toString()).toBe('56789');
      expect((await readAll(await f.store.get(key, { start: 10, end: 19 }))).toString()).toBe('abcdefghij');
    });

    it('keeps one copy of identical content', async () => {
      const bytes = randomBytes(10_000);
      const a = await f.store.put(Readable.from([bytes]));
      const b = await f.store.put(Readable.from([bytes]));
      expect(b).toEqual(a);
      expectBytes(await readAll(await f.store.get(a.sha256)), bytes);
      expect(readdirSync(f.tempDir)).toEqual([]);
    });

    it('stores an empty blob', async () => {
      const info = await f.store.put(Readable.from([]));
      expect(info).toEqual({ sha256: sha256(Buffer.alloc(0)), size: 0 });
      expect(await f.store.stat(info.sha256)).toEqual(info);
    });

    it('deletes, and answers unknown keys with null or NOT_FOUND', async () => {
      const { sha256: key } = await f.store.put(Readable.from([randomBytes(1000)]));
      await f.store.delete(key);
      expect(await f.store.stat(key)).toBeNull();
      await expect(f.store.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await f.store.delete(key); // deleting twice is fine
      for (const bad of ['../../etc/passwd', 'ABC', '']) {
        expect(await f.store.stat(bad)).toBeNull();
        await expect(f.store.get(bad)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('leaves nothing behind when the source fails midway', async () => {
      const sent = [randomBytes(64 * 1024), randomBytes(64 * 1024)];
      await expect(f.store.put(failingSource(sent))).rejects.toThrow('connection reset');
      expect(readdirSync(f.tempDir)).toEqual([]);
      expect(await f.store.stat(sha256(Buffer.concat(sent)))).toBeNull();
    });

    it('streams a blob of several MiB intact', async () => {
      const bytes = randomBytes(5 * 1024 * 1024 + 3);
      const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
        bytes.subarray(i * 65536, (i + 1) * 65536),
      );
      const info = await f.store.put(Readable.from(chunks));
      expect(info.size).toBe(bytes.length);
      const back = await readAll(await f.store.get(info.sha256));
      expect(sha256(back)).toBe(info.sha256);
      const tail = await readAll(
        await f.store.get(info.sha256, { start: bytes.length - 10, end: bytes.length - 1 }),
      );
      expect(tail).toEqual(bytes.subarray(bytes.length - 10));
    });

    it('stores bytes in memory under the key the caller hashed, once', async () => {
      const bytes = randomBytes(300_000);
      const key = sha256(bytes);
      expect(await f.store.putBytes(bytes, key)).toEqual({ sha256: key, size: bytes.length });
      expectBytes(await readAll(await f.store.get(key)), bytes);
      // Stored already: nothing is written again.
      expect(await f.store.putBytes(bytes, key)).toEqual({ sha256: key, size: bytes.length });
      expect(readdirSync(f.tempDir)).toEqual([]);
    });

    it('answers ping', async () => {
      await expect(f.store.ping()).resolves.toBeUndefined();
    });
  });
}

blobStoreContract('filesystem', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'blobs-fs-'));
  const store = await new FilesystemBlobStore(path.join(dir, 'files')).init();
  return {
    store,
    tempDir: store.tmpDir,
    async close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

blobStoreContract('S3 (s3rver)', async () => {
  const s3: LocalS3 = await startLocalS3();
  const dir = mkdtempSync(path.join(tmpdir(), 'blobs-s3-'));
  const spoolDir = path.join(dir, 'spool');
  const store = await new S3BlobStore({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'us-east-1',
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    spoolDir,
  }).init();
  return {
    store,
    tempDir: spoolDir,
    async close() {
      await store.close();
      await s3.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('filesystem blob store layout', () => {
  it('keeps blobs at <root>/<aa>/<bb>/<sha256>', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blobs-layout-'));
    try {
      const store = await new FilesystemBlobStore(path.join(dir, 'files')).init();
      const bytes = Buffer.from('layout');
      const { sha256: key } = await store.put(Readable.from([bytes]));
      expect(store.pathOf(key)).toBe(path.join(dir, 'files', key.slice(0, 2), key.slice(2, 4), key));
      expect(readdirSync(path.join(dir, 'files', key.slice(0, 2), key.slice(2, 4)))).toEqual([key]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('filesystem blob writer (bytes written as they arrive)', () => {
  let dir: string;
  let store: FilesystemBlobStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'blobs-writer-'));
    store = await new FilesystemBlobStore(path.join(dir, 'files')).init();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the pieces in place as one blob under the key it is given', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const writer = store.openWriter();
    for (let at = 0; at < bytes.length; at += 700_001) writer.write(bytes.subarray(at, at + 700_001));
    const info = await writer.finish(sha256(bytes));
    expect(info).toEqual({ sha256: sha256(bytes), size: bytes.length });
    expectBytes(await readAll(await store.get(info.sha256)), bytes);
    expect(readdirSync(store.tmpDir)).toEqual([]);

    // The same bytes again: the stored blob stays, the new file goes.
    const again = store.openWriter();
    again.write(bytes);
    expect(await again.finish(sha256(bytes))).toEqual(info);
    expect(readdirSync(store.tmpDir)).toEqual([]);
  });

  it('leaves nothing behind when aborted, or when a write fails', async () => {
    const writer = store.openWriter();
    writer.write(randomBytes(100_000));
    await writer.abort();
    expect(readdirSync(store.tmpDir)).toEqual([]);

    // The temp folder is gone (a full or broken disk): the file cannot be made, and finish says so.
    rmSync(store.tmpDir, { recursive: true });
    const failing = store.openWriter();
    failing.write(randomBytes(10));
    await expect(failing.finish('0'.repeat(64))).rejects.toThrow(/ENOENT/);
    expect(await store.stat('0'.repeat(64))).toBeNull();
    await store.init();
    expect(readdirSync(store.tmpDir)).toEqual([]);
  });
});
