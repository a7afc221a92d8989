import { constants, createReadStream } from 'node:fs';
import { access, type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../errors';
import { type BlobInfo, type BlobStore, type BlobWriter, type ByteRange, isBlobKey } from './blobStore';

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
 * A temp file written as bytes arrive (see BlobWriter): the writes go down one after another in
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
    dir: string,
  ) {
    this.tmp = path.join(dir, `${randomUUID()}${tempSuffix}`);
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
    await handle?.close().catch(() => undefined);
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
    return new FileBlobWriter(this, this.tmpDir);
  }

  /**
   * Puts a complete, fsynced temp file in place as the blob `sha256` (and makes the rename durable),
   * or removes it when that blob is stored already.
   */
  async placeTemp(tmp: string, sha256: string, size: number): Promise<BlobInfo> {
    const target = this.pathOf(sha256);
    try {
      if (await this.stat(sha256)) {
        await rm(tmp, { force: true });
      } else {
        const dir = path.dirname(target);
        await mkdir(dir, { recursive: true });
        await rename(tmp, target);
        await fsyncDir(dir);
      }
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
