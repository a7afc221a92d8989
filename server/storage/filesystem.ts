import { constants, createReadStream } from 'node:fs';
import { access, type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Worker } from 'node:worker_threads';
import { notFound } from '../errors';
import { startWorkerModule } from '../support/workerThread';
import { type BlobInfo, type BlobStore, type BlobWriter, type ByteRange, isBlobKey } from './blobStore';
import type { WriterAnswer, WriterOp } from './fileWriterThread';

/** Temp files this old are leftovers of a crashed process and are swept on start. */
const staleTempMs = 60 * 60 * 1000;
const tempSuffix = '.part';
const writePieceBytes = 1024 * 1024;

export interface TempFile extends BlobInfo {
  path: string;
}

/**
 * Streams `source` into a new file in `dir`, hashing as it goes, and fsyncs it. On any error (the
 * source failing midway included) the temp file is removed and the source destroyed, then the
 * error is rethrown: nothing is left behind.
 */
export async function writeTempFile(source: Readable, dir: string): Promise<TempFile> {
  const tmp = path.join(dir, `${randomUUID()}${tempSuffix}`);
  const hash = createHash('sha256');
  let size = 0;
  let handle: FileHandle | undefined;
  try {
    handle = await open(tmp, 'wx', 0o644);
    const file = handle;
    // Large chunks go down in pieces of at most a megabyte (one large write was measured several
    // times slower), each hashed while it is being written.
    const writeRange = async (buffer: Buffer, start: number, end: number) => {
      for (let offset = start; offset < end;) {
        offset += (await file.write(buffer, offset, end - offset)).bytesWritten;
      }
    };
    const writeAll = async (buffer: Buffer) => {
      for (let offset = 0; offset < buffer.length;) {
        const end = Math.min(buffer.length, offset + writePieceBytes);
        const writing = writeRange(buffer, offset, end);
        hash.update(buffer.subarray(offset, end));
        await writing;
        offset = end;
      }
    };
    const sink = new Writable({
      highWaterMark: 256 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        writeAll(chunk).then(() => callback(), callback);
      },
      final(callback) {
        file.sync().then(() => callback(), callback);
      },
    });
    await pipeline(source, sink);
    await handle.close();
    handle = undefined;
    return { path: tmp, sha256: hash.digest('hex'), size };
  } catch (error) {
    source.destroy();
    await handle?.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Writes bytes in memory to a new file in `dir` (pieces of at most a megabyte) and fsyncs it. */
async function writeBytesTempFile(bytes: Uint8Array, dir: string): Promise<string> {
  const tmp = path.join(dir, `${randomUUID()}${tempSuffix}`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(tmp, 'wx', 0o644);
    for (let offset = 0; offset < bytes.length;) {
      const end = Math.min(bytes.length, offset + writePieceBytes);
      offset += (await handle.write(bytes, offset, end - offset)).bytesWritten;
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    return tmp;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw error;
  }
}

/**
 * A temp file written as bytes arrive through the thread pool (when the writer thread cannot be
 * started; see BlobWriter): the writes go down one after another in
 * pieces of at most a megabyte; `finish` waits for them, fsyncs and renames the file into place.
 */
class FileBlobWriter implements BlobWriter {
  private readonly tmp: string;
  private readonly opening: Promise<FileHandle>;
  private queue: Promise<void>;
  private size = 0;
  private failed: unknown = null;

  constructor(
    private readonly store: FilesystemBlobStore,
    tmp: string,
  ) {
    this.tmp = tmp;
    this.opening = open(this.tmp, 'wx', 0o644);
    this.queue = this.opening.then(
      () => undefined,
      (error: unknown) => void (this.failed = error),
    );
  }

  write(bytes: Uint8Array) {
    this.size += bytes.length;
    this.queue = this.queue.then(async () => {
      if (this.failed) return;
      try {
        const file = await this.opening;
        for (let offset = 0; offset < bytes.length;) {
          const end = Math.min(bytes.length, offset + writePieceBytes);
          offset += (await file.write(bytes, offset, end - offset)).bytesWritten;
        }
      } catch (error) {
        this.failed = error;
      }
    });
  }

  async finish(sha256: string): Promise<BlobInfo> {
    await this.queue;
    try {
      if (this.failed) throw this.failed;
      const file = await this.opening;
      await file.sync();
      await file.close();
      return await this.store.placeTemp(this.tmp, sha256, this.size);
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  async abort(): Promise<void> {
    await this.queue;
    await this.opening.then((file) => file.close()).catch(() => undefined);
    await rm(this.tmp, { force: true });
  }
}

/**
 * The writer thread (fileWriterThread.ts), shared by every store of the process: started on first
 * use, restarted after it dies. Answers null when it cannot be started (the writes then go through
 * the thread pool, see FileBlobWriter).
 */
class WriterThread {
  private worker: Worker | undefined;
  private broken = false;
  private seq = 0;
  private readonly waiting = new Map<number, (answer: WriterAnswer) => void>();

  private start(): Worker | null {
    if (this.worker) return this.worker;
    if (this.broken) return null;
    let worker: Worker;
    try {
      worker = startWorkerModule(import.meta.url, 'fileWriterThread', null);
    } catch {
      this.broken = true;
      return null;
    }
    worker.unref();
    const fail = (reason: string) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, answer] of this.waiting) answer({ id, error: reason });
      this.waiting.clear();
    };
    worker.on('message', (message: WriterAnswer & { bootError?: string }) => {
      if (message.bootError) {
        this.broken = true;
        fail(message.bootError);
        void worker.terminate();
        return;
      }
      const answer = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      answer?.(message);
    });
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`the writer thread exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  /** Opens `tmp` on the thread: the id to write to, or null when the thread cannot be used. */
  open(tmp: string): number | null {
    const worker = this.start();
    if (!worker) return null;
    const id = ++this.seq;
    worker.postMessage({ op: 'open', id, tmp } satisfies WriterOp);
    return id;
  }

  write(id: number, bytes: Uint8Array) {
    this.worker?.postMessage({ op: 'write', id, bytes } satisfies WriterOp);
  }

  /** Finishes (fsync, rename into `target`, fsync of its folder) or aborts a write; rejects on failure. */
  end(op: { op: 'finish'; id: number; target: string } | { op: 'abort'; id: number }): Promise<void> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('the writer thread stopped'));
    return new Promise((resolve, reject) => {
      this.waiting.set(op.id, (answer) => {
        if (!answer.error) return resolve();
        reject(Object.assign(new Error(answer.error), answer.code ? { code: answer.code } : {}));
      });
      worker.postMessage(op satisfies WriterOp);
    });
  }
}

const writerThread = new WriterThread();

/**
 * A temp file written as bytes arrive, on the writer thread: each piece goes to the file as soon
 * as it is posted (shared memory is not copied), and finishing is one trip to the thread, so it
 * does not wait for the main thread's turns between the steps.
 */
class ThreadBlobWriter implements BlobWriter {
  private size = 0;

  constructor(
    private readonly store: FilesystemBlobStore,
    private readonly id: number,
    private readonly tmp: string,
  ) {}

  write(bytes: Uint8Array) {
    this.size += bytes.byteLength;
    writerThread.write(this.id, bytes);
  }

  async finish(sha256: string): Promise<BlobInfo> {
    try {
      await writerThread.end({ op: 'finish', id: this.id, target: this.store.pathOf(sha256) });
    } catch (error) {
      await rm(this.tmp, { force: true });
      throw error;
    }
    return { sha256, size: this.size };
  }

  async abort(): Promise<void> {
    await writerThread.end({ op: 'abort', id: this.id }).catch(() => rm(this.tmp, { force: true }));
  }
}

/** Removes temp files older than `staleTempMs`: what a crash in the middle of a write left. */
export async function sweepTempFiles(dir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith(tempSuffix)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > staleTempMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Makes a rename durable. Best effort: some platforms cannot open or fsync a directory. */
async function fsyncDir(dir: string) {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // The rename itself is still atomic.
  } finally {
    // Durable once synced: closing need not be waited for.
    void handle?.close().catch(() => undefined);
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Blobs as files under `root`, content-addressed: `<root>/<aa>/<bb>/<sha256>`. A write goes to
 * `<root>/tmp` first and is renamed into place once complete and fsynced, so a crash or an aborted
 * upload never leaves a half-written blob.
 */
export class FilesystemBlobStore implements BlobStore {
  readonly kind = 'filesystem' as const;
  readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  /** Creates the folders and sweeps leftovers of a crash. */
  async init(): Promise<this> {
    await mkdir(this.tmpDir, { recursive: true });
    await sweepTempFiles(this.tmpDir);
    return this;
  }

  /** Where a blob lives on disk. */
  pathOf(sha256: string): string {
    if (!isBlobKey(sha256)) throw notFound('No such blob');
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async put(source: Readable): Promise<BlobInfo> {
    await mkdir(this.tmpDir, { recursive: true });
    const temp = await writeTempFile(source, this.tmpDir);
    const { sha256, size } = temp;
    const target = this.pathOf(sha256);
    try {
      if (
        await stat(target).then(
          () => true,
          () => false,
        )
      ) {
        await rm(temp.path, { force: true });
      } else {
        const dir = path.dirname(target);
        await mkdir(dir, { recursive: true });
        await rename(temp.path, target);
        await fsyncDir(dir);
      }
    } catch (error) {
      await rm(temp.path, { force: true });
      throw error;
    }
    return { sha256, size };
  }

  async putBytes(bytes: Uint8Array, sha256: string): Promise<BlobInfo> {
    if (await this.stat(sha256)) return { sha256, size: bytes.length };
    return this.placeTemp(await writeBytesTempFile(bytes, this.tmpDir), sha256, bytes.length);
  }

  openWriter(): BlobWriter {
    const tmp = path.join(this.tmpDir, `${randomUUID()}${tempSuffix}`);
    const id = writerThread.open(tmp);
    return id === null ? new FileBlobWriter(this, tmp) : new ThreadBlobWriter(this, id, tmp);
  }

  /**
   * Puts a complete, fsynced temp file in place as the blob `sha256` and makes the rename durable.
   * A blob stored already is simply replaced: the same bytes under the same name (readers keep the
   * file they opened). Each step is a trip through the thread pool, so the folder is made only when
   * the rename says it is missing.
   */
  async placeTemp(tmp: string, sha256: string, size: number): Promise<BlobInfo> {
    const target = this.pathOf(sha256);
    const dir = path.dirname(target);
    try {
      try {
        await rename(tmp, target);
      } catch (error) {
        if (!isMissing(error)) throw error;
        await mkdir(dir, { recursive: true });
        await rename(tmp, target);
      }
      await fsyncDir(dir);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { sha256, size };
  }

  async get(sha256: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.pathOf(sha256), {
      start: range?.start,
      end: range?.end,
      highWaterMark: 128 * 1024,
    });
    // Answer NOT_FOUND here rather than fail midway through a response: wait for the file to open.
    await new Promise<void>((resolve, reject) => {
      const onReady = () => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        stream.off('ready', onReady);
        reject(isMissing(error) ? notFound('No such blob') : error);
      };
      stream.once('ready', onReady).once('error', onError);
    });
    return stream;
  }

  async stat(sha256: string): Promise<BlobInfo | null> {
    if (!isBlobKey(sha256)) return null;
    try {
      const info = await stat(this.pathOf(sha256));
      return { sha256, size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(sha256: string): Promise<void> {
    if (!isBlobKey(sha256)) return;
    await rm(this.pathOf(sha256), { force: true });
  }

  async ping(): Promise<void> {
    await access(this.tmpDir, constants.R_OK | constants.W_OK);
  }
}
