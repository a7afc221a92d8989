import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded PGlite on its own thread (see pgliteWorker.ts). The server's threads talk to it
 * through MessagePorts carrying the PostgreSQL wire protocol, so the main thread uses the same
 * driver (node-postgres) as with PostgreSQL and never waits while a query runs.
 *
 * PGlite is one session; the server's connections take turns on it: each message runs to
 * completion; a connection inside a transaction block, or between the first message of an
 * extended-protocol batch and its Sync, has the session to itself until it is done (others queue).
 * Named prepared statements live in the session, so each connection's names are made its own
 * (prefixed with its id) on the way in. Several connections keep the thread busy while the main
 * thread reads an answer and sends the next query. A connection that goes away mid-transaction is
 * rolled back; its statements are deallocated (the session is reset when no other is open).
 * Results are sent back once PGlite has synced its files.
 */

export interface PgliteThreadData {
  dataDir: string;
  /** A tarball from PGlite's dumpDataDir to start from (see DatabaseOptions.pgliteSnapshot). */
  snapshot?: string;
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
  /** The named prepared statements this connection made (their session names). */
  statements: Set<string>;
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

/** Reads the NUL-terminated string at `at`: its text and where it ends (past the NUL). */
function readCString(buf: Buffer, at: number): [string, number] {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
}

/**
 * The message with the connection's statement names made its own: a named statement of Parse,
 * Bind, Describe 'S' and Close 'S' becomes `c{id}_{name}` (the unnamed one stays shared: it only
 * lives within a batch, which has the session to itself).
 */
function ownStatementNames(conn: Connection, message: Buffer): Buffer {
  const type = String.fromCharCode(message[0]);
  let nameAt: number;
  if (type === 'P') nameAt = 5;
  else if (type === 'B')
    nameAt = readCString(message, 5)[1]; // after the portal's name
  else if ((type === 'D' || type === 'C') && message[5] === 0x53 /* 'S' */) nameAt = 6;
  else return message;
  const [name, end] = readCString(message, nameAt);
  if (name === '') return message;
  const own = `c${conn.id}_${name}`;
  if (type === 'P') conn.statements.add(own);
  if (type === 'C') conn.statements.delete(own);
  const body = Buffer.concat([message.subarray(5, nameAt), Buffer.from(`${own}\0`), message.subarray(end)]);
  return backendMessage(type, body);
}

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
  const db = await PGlite.create(
    data.dataDir,
    data.snapshot ? { loadDataDir: new Blob([await readFile(data.snapshot)]) } : undefined,
  );
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
          let type = String.fromCharCode(message[0]);
          if (type === 'X') continue; // Terminate: the port closing ends the connection
          // The rest of its batch that has arrived goes with it, up to its Sync: PGlite runs the
          // messages of one call in turn, as a server reads them from a socket, and each call has
          // a cost of its own (a query of the extended protocol is four messages).
          const batch = [ownStatementNames(conn, message)];
          for (let j = 0; type !== 'S' && type !== 'Q' && j < queue.length;) {
            const next = queue[j];
            if (next.conn !== conn) {
              j++;
              continue;
            }
            const nextType = String.fromCharCode(next.message[0]);
            if (next.startup || nextType === 'X') break;
            queue.splice(j, 1);
            batch.push(ownStatementNames(conn, next.message));
            type = nextType;
          }
          const answer = db.execProtocolRawSync(
            new Uint8Array(batch.length === 1 ? batch[0] : Buffer.concat(batch)),
          );
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

  const open = new Set<Connection>();

  /**
   * A connection went away: what it left open is undone (a batch without its Sync, a transaction)
   * and its prepared statements are deallocated; with no other connection open the session is
   * reset, so the next connection finds it as new.
   */
  function release(conn: Connection) {
    const wasOpen = !conn.closed;
    conn.closed = true;
    open.delete(conn);
    if (!wasOpen || closing) return;
    // Its batch or transaction is cut short only if it holds the session (otherwise it has none).
    if (owner === conn) {
      if (conn.unsynced) db.execProtocolRawSync(syncMessage);
      if (db.isInTransaction()) db.execProtocolRawSync(simpleQuery('ROLLBACK'));
      owner = null;
    }
    if (open.size === 0) db.execProtocolRawSync(simpleQuery('DISCARD ALL'));
    else
      for (const name of conn.statements)
        db.execProtocolRawSync(simpleQuery(`DEALLOCATE "${name.replaceAll('"', '""')}"`));
    conn.statements.clear();
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
        statements: new Set(),
      };
      open.add(conn);
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
