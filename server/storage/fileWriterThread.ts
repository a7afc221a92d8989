import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

/**
 * The thread that writes blobs as they arrive (see ThreadBlobWriter in filesystem.ts). Each message
 * runs to completion, in order, with the plain synchronous file calls: a body's pieces go to its
 * temp file as soon as they are posted, and finishing it (fsync, rename into place, fsync of the
 * folder) is one trip, whatever the main thread is busy with meanwhile.
 */

export type WriterOp =
  | { op: 'open'; id: number; tmp: string }
  | { op: 'write'; id: number; bytes: Uint8Array }
  | { op: 'finish'; id: number; target: string }
  | { op: 'abort'; id: number };

export type WriterAnswer = { id: number; error?: string; code?: string };

const pieceBytes = 1024 * 1024;

interface Open {
  tmp: string;
  fd: number | null;
  error: NodeJS.ErrnoException | null;
}

const files = new Map<number, Open>();

function closeQuietly(file: Open) {
  if (file.fd === null) return;
  try {
    closeSync(file.fd);
  } catch {
    // Nothing more to do with it.
  }
  file.fd = null;
}

/** Makes a rename durable. Best effort: some platforms cannot open or fsync a folder. */
function fsyncFolder(dir: string) {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // The rename itself is still atomic.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

function handle(message: WriterOp): WriterAnswer | null {
  if (message.op === 'open') {
    const file: Open = { tmp: message.tmp, fd: null, error: null };
    files.set(message.id, file);
    try {
      file.fd = openSync(message.tmp, 'wx', 0o644);
    } catch (error) {
      file.error = error as NodeJS.ErrnoException;
    }
    return null;
  }
  const file = files.get(message.id);
  if (!file) return message.op === 'write' ? null : { id: message.id, error: 'No such write' };
  if (message.op === 'write') {
    if (file.error || file.fd === null) return null;
    const { bytes } = message;
    try {
      for (let offset = 0; offset < bytes.byteLength;) {
        const length = Math.min(pieceBytes, bytes.byteLength - offset);
        offset += writeSync(file.fd, bytes, offset, length);
      }
    } catch (error) {
      file.error = error as NodeJS.ErrnoException;
    }
    return null;
  }
  files.delete(message.id);
  if (message.op === 'abort' || file.error || file.fd === null) {
    closeQuietly(file);
    rmSync(file.tmp, { force: true });
    if (message.op === 'abort') return { id: message.id };
    const error = file.error;
    return { id: message.id, error: error?.message ?? 'The file was not written', code: error?.code };
  }
  try {
    fsyncSync(file.fd);
    closeQuietly(file);
    // A blob stored already is simply replaced: the same bytes under the same name.
    const dir = path.dirname(message.target);
    try {
      renameSync(file.tmp, message.target);
    } catch (error) {
      if (!isMissing(error)) throw error;
      mkdirSync(dir, { recursive: true });
      renameSync(file.tmp, message.target);
    }
    fsyncFolder(dir);
    return { id: message.id };
  } catch (error) {
    closeQuietly(file);
    rmSync(file.tmp, { force: true });
    const failure = error as NodeJS.ErrnoException;
    return { id: message.id, error: failure.message, code: failure.code };
  }
}

parentPort?.on('message', (message: WriterOp) => {
  const answer = handle(message);
  if (answer) parentPort?.postMessage(answer);
});
