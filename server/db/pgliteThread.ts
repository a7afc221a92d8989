import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded PGlite on its own thread (see pgliteWorker.ts). The server's threads talk to it
 * through MessagePorts carrying the PostgreSQL wire protocol, so the main thread uses the same
 * driver (node-postgres) as with PostgreSQL and never waits while a query runs.
 *
 * PGlite is one session, so the server keeps one connection to it (its prepared statements live in
 * the session). Should several connect, they take turns: each message runs to completion; a
 * connection inside a transaction block, or between the first message of an extended-protocol
 * batch and its Sync, has the session to itself until it is done (others queue). A connection that
 * goes away mid-transaction is rolled back and the session reset. Results are sent back once
 * PGlite has synced its files.
 */

export interface PgliteThreadData {
  dataDir: string;
}

export type ThreadRequest = { type: 'connect'; port: MessagePort } | { type: 'close' };
export type ThreadEvent = { type: 'ready' } | { type: 'closed' } | { type: 'failed'; error: string };

interface Connection {
  id: number;
  port: MessagePort;
  pending: Buffer;
  startup: boolean;
  /** Inside an extended-protocol batch (Parse/Bind/Execute… not yet followed by Sync). */
  unsynced: boolean;
  out: Buffer[];
  closed: boolean;
}

interface Item {
  conn: Connection;
  message: Buffer;
  startup: boolean;
}

const startupCodes = { protocol3: 196608, ssl: 80877103, gssenc: 80877104, cancel: 80877102 };

/** One backend message: type byte, then int32 length (counting itself), then the body. */
function backendMessage(type: string, body: Buffer): Buffer {
  const message = Buffer.alloc(5 + body.length);
  message[0] = type.charCodeAt(0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

const cString = (...parts: string[]) => Buffer.from(parts.map((p) => `${p}\0`).join(''));

/** What a server answers to a startup message: trust authentication, the usual settings, ready. */
function startupAnswer(serverVersion: string): Buffer {
  const settings: [string, string][] = [
    ['server_version', serverVersion],
    ['server_encoding', 'UTF8'],
    ['client_encoding', 'UTF8'],
    ['DateStyle', 'ISO, MDY'],
    ['integer_datetimes', 'on'],
    ['standard_conforming_strings', 'on'],
    ['TimeZone', 'UTC'],
  ];
  return Buffer.concat([
    backendMessage('R', Buffer.alloc(4)), // AuthenticationOk
    ...settings.map(([name, value]) => backendMessage('S', cString(name, value))),
    backendMessage('K', Buffer.alloc(8)), // BackendKeyData (cancelling is not supported)
    backendMessage('Z', Buffer.from('I')), // ReadyForQuery, idle
  ]);
}

/** A frontend simple Query message (same framing as a backend message). */
const simpleQuery = (text: string) => new Uint8Array(backendMessage('Q', cString(text)));
const syncMessage = new Uint8Array(backendMessage('S', Buffer.alloc(0)));

/** Splits what arrived on a connection into whole protocol messages. */
function frame(conn: Connection): Item[] {
  const items: Item[] = [];
  const buf = conn.pending;
  let at = 0;
  for (;;) {
    const rest = buf.length - at;
    if (conn.startup) {
      if (rest < 8) break;
      const length = buf.readInt32BE(at);
      if (rest < length) break;
      items.push({ conn, message: buf.subarray(at, at + length), startup: true });
      // After an encryption request the client sends its startup message; after that, messages.
      if (buf.readInt32BE(at + 4) === startupCodes.protocol3) conn.startup = false;
      at += length;
      continue;
    }
    if (rest < 5) break;
    const length = 1 + buf.readInt32BE(at + 1);
    if (rest < length) break;
    items.push({ conn, message: buf.subarray(at, at + length), startup: false });
    at += length;
  }
  conn.pending = at === buf.length ? Buffer.alloc(0) : Buffer.from(buf.subarray(at));
  return items;
}

async function main(data: PgliteThreadData) {
  const port = parentPort!;
  const db = await PGlite.create(data.dataDir);
  const version = (await db.query<{ v: string }>('show server_version')).rows[0]?.v ?? '17';
  const queue: Item[] = [];
  let owner: Connection | null = null;
  let running = false;
  let closing = false;
  let nextId = 1;

  /** Runs queued messages (the owner's first) until none can run; then answers each connection. */
  async function run() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const touched = new Set<Connection>();
        for (let i = 0; i < queue.length;) {
          const item = queue[i];
          if (owner && item.conn !== owner && !owner.closed) {
            i++;
            continue;
          }
          queue.splice(i, 1);
          i = 0;
          const { conn, message } = item;
          if (conn.closed) continue;
          if (item.startup) {
            const code = message.readInt32BE(4);
            if (code === startupCodes.ssl || code === startupCodes.gssenc) {
              conn.out.push(Buffer.from('N')); // no encryption: the client goes on with a startup
            } else if (code === startupCodes.protocol3) {
              conn.out.push(startupAnswer(version));
            } else {
              conn.port.close(); // a cancel request, or an unknown protocol
            }
            touched.add(conn);
            continue;
          }
          const type = String.fromCharCode(message[0]);
          if (type === 'X') continue; // Terminate: the port closing ends the connection
          const answer = db.execProtocolRawSync(new Uint8Array(message));
          if (answer.length > 0)
            conn.out.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
          touched.add(conn);
          if (type === 'S' || type === 'Q') conn.unsynced = false;
          else if ('PBDEHCF'.includes(type)) conn.unsynced = true;
          owner = conn.unsynced || db.isInTransaction() ? conn : null;
        }
        if (touched.size === 0) break;
        await db.syncToFs();
        for (const conn of touched) {
          if (conn.closed || conn.out.length === 0) continue;
          const chunk = conn.out.length === 1 ? conn.out[0] : Buffer.concat(conn.out);
          conn.out = [];
          conn.port.postMessage(chunk);
        }
      }
    } finally {
      running = false;
    }
  }

  const schedule = () => {
    if (!running) setImmediate(() => void run().catch(fail));
  };

  function fail(error: unknown) {
    port.postMessage({
      type: 'failed',
      error: String((error as Error)?.stack ?? error),
    } satisfies ThreadEvent);
    process.exit(1);
  }

  /**
   * A connection went away: what it left open is undone (a batch without its Sync, a transaction)
   * and the session is reset (its prepared statements deallocated), so the next connection finds
   * the session as new.
   */
  function release(conn: Connection) {
    const wasOpen = !conn.closed;
    conn.closed = true;
    if (owner === conn) owner = null;
    if (!wasOpen || closing) return;
    if (conn.unsynced) db.execProtocolRawSync(syncMessage);
    if (db.isInTransaction()) db.execProtocolRawSync(simpleQuery('ROLLBACK'));
    db.execProtocolRawSync(simpleQuery('DISCARD ALL'));
    schedule();
  }

  port.on('message', (request: ThreadRequest) => {
    if (request.type === 'connect') {
      const conn: Connection = {
        id: nextId++,
        port: request.port,
        pending: Buffer.alloc(0),
        startup: true,
        unsynced: false,
        out: [],
        closed: false,
      };
      conn.port.on('message', (chunk: Uint8Array) => {
        if (conn.closed || closing) return;
        const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        conn.pending = conn.pending.length === 0 ? bytes : Buffer.concat([conn.pending, bytes]);
        queue.push(...frame(conn));
        schedule();
      });
      conn.port.on('close', () => release(conn));
    } else if (request.type === 'close') {
      closing = true;
      void (async () => {
        while (running) await new Promise((resolve) => setImmediate(resolve));
        await db.close();
        port.postMessage({ type: 'closed' } satisfies ThreadEvent);
      })().catch(fail);
    }
  });
  port.postMessage({ type: 'ready' } satisfies ThreadEvent);
}

main((workerData as { data: PgliteThreadData }).data).catch((error: unknown) => {
  parentPort?.postMessage({
    type: 'failed',
    error: String((error as Error)?.stack ?? error),
  } satisfies ThreadEvent);
});
