import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import pg from 'pg';
import { startWorkerModule } from '../support/workerThread';
import type { PgliteThreadData, ThreadEvent, ThreadRequest } from './pgliteThread';

/**
 * The embedded database for the server: PGlite on a worker thread (pgliteThread.ts), reached by
 * node-postgres over in-process MessagePorts instead of sockets. The server's thread only sends
 * and decodes protocol messages while PGlite plans and runs queries beside it, and the server uses
 * one driver (node-postgres) whichever database it runs on.
 */

/** A connection's byte stream to the PGlite thread, shaped like the net.Socket node-postgres uses. */
class PortStream extends Duplex {
  private port: MessagePort | undefined;

  constructor(private readonly thread: PgliteThread) {
    super();
  }

  connect(): this {
    if (this.thread.failure) {
      process.nextTick(() => this.destroy(this.thread.failure));
      return this;
    }
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    port1.on('message', (chunk: Uint8Array) =>
      this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
    );
    port1.on('close', () => this.destroy());
    this.thread.send({ type: 'connect', port: port2 }, [port2]);
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (!this.port) return callback(new Error('The embedded database connection is closed'));
    this.port.postMessage(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.port?.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    const port = this.port;
    this.port = undefined;
    port?.close();
    callback(error);
  }
}

/** The PGlite thread: started once, reports readiness, failure and closing. */
/** Connections to the embedded database: enough to keep its thread busy under load. */
export const pgliteConnections = 4;

export class PgliteThread {
  failure: Error | undefined;
  private readonly worker: Worker;
  private closed: Promise<void> | undefined;
  private readonly listeners = new Set<(event: ThreadEvent) => void>();
  private readonly failureListeners = new Set<(error: Error) => void>();
  private closing = false;

  private constructor(dataDir: string, snapshot?: string) {
    this.worker = startWorkerModule(import.meta.url, 'pgliteThread', {
      dataDir,
      snapshot,
    } satisfies PgliteThreadData);
    this.worker.on('message', (event: ThreadEvent | { bootError: string }) => {
      if ('bootError' in event)
        return this.fail(new Error(`The embedded database did not start: ${event.bootError}`));
      if (event.type === 'failed')
        return this.fail(new Error(`The embedded database failed: ${event.error}`));
      for (const listener of this.listeners) listener(event);
    });
    this.worker.on('error', (error) =>
      this.fail(new Error(`The embedded database failed: ${error.message}`, { cause: error })),
    );
    this.worker.on('exit', (code) =>
      this.fail(new Error(`The embedded database thread ended (code ${code})`)),
    );
  }

  /**
   * Starts PGlite on its thread with its files in `dataDir` ('memory://' keeps them in memory),
   * from the tarball `snapshot` of another's files when given.
   */
  static async start(dataDir: string, snapshot?: string): Promise<PgliteThread> {
    const thread = new PgliteThread(dataDir, snapshot);
    await thread.next('ready');
    // From now on the pool's connections keep the process alive while they work, not the thread.
    thread.worker.unref();
    return thread;
  }

  send(request: ThreadRequest, transfer: MessagePort[] = []) {
    this.worker.postMessage(request, transfer);
  }

  /**
   * A node-postgres pool of a few connections to this thread. PGlite runs one query at a time, but
   * with several connections the next query is already waiting on the thread while the main
   * thread reads an answer (each connection's prepared statements are its own: see pgliteThread).
   */
  pool(): pg.Pool {
    const pool = new pg.Pool({
      max: pgliteConnections,
      idleTimeoutMillis: 0,
      stream: () => new PortStream(this) as unknown as import('node:net').Socket,
    } as pg.PoolConfig);
    pool.on('error', () => undefined); // a connection lost while idle is replaced on next use
    return pool;
  }

  /**
   * Calls `listener` once should the thread end or fail other than by `close()` (PGlite aborted):
   * every query fails from then on, so the server had better be restarted.
   */
  onFailure(listener: (error: Error) => void) {
    this.failureListeners.add(listener);
  }

  /** Closes PGlite (its files complete on disk) and ends the thread. */
  close(): Promise<void> {
    this.closing = true;
    this.closed ??= (async () => {
      if (!this.failure) {
        this.worker.ref(); // PGlite completes its files before the process may end
        const done = this.next('closed');
        this.send({ type: 'close' });
        await done.catch(() => undefined);
      }
      await this.worker.terminate();
    })();
    return this.closed;
  }

  private next(type: ThreadEvent['type']): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      const listener = (event: ThreadEvent) => {
        if (event.type !== type && event.type !== 'failed') return;
        this.listeners.delete(listener);
        if (event.type === 'failed') reject(this.failure ?? new Error(event.error));
        else resolve();
      };
      this.listeners.add(listener);
      this.worker.once('exit', () => {
        this.listeners.delete(listener);
        reject(this.failure ?? new Error('The embedded database thread ended'));
      });
    });
  }

  private fail(error: Error) {
    const first = !this.failure;
    this.failure ??= error;
    if (first && !this.closing) for (const listener of this.failureListeners) listener(error);
    for (const listener of this.listeners) listener({ type: 'failed', error: error.message });
  }
}
