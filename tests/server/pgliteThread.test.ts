import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db';
import { PgliteThread } from '../../server/db/pgliteWorker';
import { users } from '../../server/db/schema';

/** A second pool on the same thread: a client that is not the server's one connection. */
function extraPool(thread: PgliteThread, max = 1) {
  const pool = thread.pool();
  (pool.options as { max: number }).max = max;
  return pool;
}

describe('the embedded PGlite on its own thread', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  // In memory, from the global set-up's snapshot: creating a cluster costs PGlite about 6 s.
  async function start(dir = 'memory://') {
    const thread = await PgliteThread.start(
      dir,
      dir === 'memory://' ? process.env.TEST_PGLITE_SNAPSHOT : undefined,
    );
    cleanup.push(() => thread.close());
    return thread;
  }

  it('answers queries through node-postgres, errors included, and goes on after an error', async () => {
    const thread = await start();
    const pool = thread.pool();
    cleanup.push(() => pool.end());
    const { rows } = await pool.query<{ n: number; t: string }>('select $1::int + 1 as n, $2::text as t', [
      41,
      'é ✓',
    ]);
    expect(rows).toEqual([{ n: 42, t: 'é ✓' }]);
    await expect(pool.query('select no_such_column')).rejects.toMatchObject({ code: '42703' });
    await expect(pool.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it("keeps one client's transaction to itself: another client waits for the commit", async () => {
    const thread = await start();
    const a = extraPool(thread);
    const b = extraPool(thread);
    cleanup.push(
      () => a.end(),
      () => b.end(),
    );
    await a.query('create table counter (n int)');
    await a.query('insert into counter values (0)');
    const tx = await a.connect();
    await tx.query('begin');
    await tx.query('update counter set n = n + 1');
    // B's read and write queue behind A's transaction instead of running inside it.
    const read = b.query<{ n: number }>('select n from counter');
    const write = b.query('update counter set n = n + 10');
    await new Promise((r) => setTimeout(r, 100));
    await tx.query('rollback');
    tx.release();
    expect((await read).rows).toEqual([{ n: 0 }]);
    await write;
    expect((await a.query('select n from counter')).rows).toEqual([{ n: 10 }]);
  });

  it('rolls back the transaction of a client that goes away, and lets the next one in', async () => {
    const thread = await start();
    const a = extraPool(thread);
    const b = extraPool(thread);
    cleanup.push(() => b.end());
    await b.query('create table notes (text text)');
    const tx = await a.connect();
    await tx.query('begin');
    await tx.query(`insert into notes values ('never committed')`);
    await tx.query({ name: 'named_statement', text: 'select count(*)::int as n from notes' });
    const waiting = b.query<{ n: number }>('select count(*)::int as n from notes');
    tx.release(new Error('the request was aborted')); // destroys the connection mid-transaction
    await a.end();
    expect((await waiting).rows).toEqual([{ n: 0 }]);
    // The session was reset: a new connection may prepare a statement of the same name.
    const c = extraPool(thread);
    cleanup.push(() => c.end());
    const again = await c.query({ name: 'named_statement', text: 'select 2 as n' });
    expect(again.rows).toEqual([{ n: 2 }]);
  });

  it("keeps each client's prepared statements its own, and drops them when it goes away", async () => {
    const thread = await start();
    const a = extraPool(thread);
    const b = extraPool(thread);
    cleanup.push(() => b.end());
    // The same name, two texts, interleaved: each client gets its own statement's answers.
    const asks = Array.from({ length: 6 }, (_, i) =>
      (i % 2 ? b : a).query<{ who: string; n: number }>({
        name: 'my_spaces',
        text: i % 2 ? "select 'b' as who, $1::int * 2 as n" : "select 'a' as who, $1::int + 1 as n",
        values: [i],
      }),
    );
    expect((await Promise.all(asks)).map((r) => r.rows[0])).toEqual([
      { who: 'a', n: 1 },
      { who: 'b', n: 2 },
      { who: 'a', n: 3 },
      { who: 'b', n: 6 },
      { who: 'a', n: 5 },
      { who: 'b', n: 10 },
    ]);
    const prepared = async () =>
      (await b.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n;
    expect(await prepared()).toBe(2);
    await a.end();
    // A's statement is gone with A; B's still answers.
    await vi.waitFor(async () => expect(await prepared()).toBe(1));
    const again = await b.query({
      name: 'my_spaces',
      text: "select 'b' as who, $1::int * 2 as n",
      values: [21],
    });
    expect(again.rows).toEqual([{ who: 'b', n: 42 }]);
  });

  it('keeps its data on disk across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    const first = await openDatabase({ pgliteDir: dir });
    await first.db.insert(users).values({ id: 'kept-user', name: 'Kept' });
    await first.close();
    const second = await openDatabase({ pgliteDir: dir });
    try {
      const rows = await second.db.select().from(users);
      expect(rows.map((r) => r.name)).toEqual(['Kept']);
    } finally {
      await second.close();
    }
  });

  it('fails queries with a clear error, instead of hanging, once the thread is gone', async () => {
    const thread = await start();
    const pool = thread.pool();
    await thread.close();
    await expect(pool.query('select 1')).rejects.toThrow(/embedded database/);
    await pool.end();
  });

  it('serves many queries at once in order, each with its own answer', async () => {
    const thread = await start();
    const pool = thread.pool();
    cleanup.push(() => pool.end());
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        pool.query<{ i: number; s: string }>({
          name: 'echo',
          text: 'select $1::int as i, repeat($2::text, 1000) as s',
          values: [i, String(i % 10)],
        }),
      ),
    );
    answers.forEach((answer, i) => {
      expect(answer.rows[0].i).toBe(i);
      expect(answer.rows[0].s).toBe(String(i % 10).repeat(1000));
    });
  });

  it('opens and closes in a script with nothing else to do (the process waits for it)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-script-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    const script = path.join(dir, 'script.mts');
    const db = pathToFileURL(path.resolve('server/db/index.ts')).href;
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(db)};\n` +
        `const handle = await openDatabase({ pgliteDir: ${JSON.stringify(path.join(dir, 'data'))} });\n` +
        `console.log('opened');\nawait handle.close();\nconsole.log('closed');\n`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout.trim().split('\n')).toEqual(['opened', 'closed']);
    expect(run.status).toBe(0);
  });

  it('answers a startup and a query that arrive together, as a raw client would send them', async () => {
    const thread = await start();
    const { port1, port2 } = new MessageChannel();
    cleanup.push(async () => port1.close());
    thread.send({ type: 'connect', port: port2 }, [port2]);
    const received: Buffer[] = [];
    port1.on('message', (chunk: Uint8Array) => received.push(Buffer.from(chunk)));
    const cstring = (text: string) => Buffer.from(`${text}\0`);
    const params = Buffer.concat([
      cstring('user'),
      cstring('app'),
      cstring('database'),
      cstring('app'),
      Buffer.from([0]),
    ]);
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8 + params.length, 0);
    startup.writeInt32BE(196608, 4);
    const sql = cstring('select 40 + 2 as answer');
    const query = Buffer.alloc(5);
    query.write('Q', 0);
    query.writeInt32BE(4 + sql.length, 1);
    port1.postMessage(Buffer.concat([startup, params, query, sql]));
    // Two ReadyForQuery messages ('Z', length 5, idle): one after the startup, one after the query.
    const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
    const count = (all: Buffer) => {
      let n = 0;
      for (let at = all.indexOf(ready); at >= 0; at = all.indexOf(ready, at + 1)) n++;
      return n;
    };
    await vi.waitFor(() => expect(count(Buffer.concat(received))).toBe(2));
    const answer = Buffer.concat(received).toString('latin1');
    expect(answer.startsWith('R\0\0\0\x08\0\0\0\0')).toBe(true); // AuthenticationOk
    expect(answer).toContain('answer'); // the row description
    expect(answer).toContain('42'); // the row
  });

  it('reports a thread that stops by itself, once, and not one that is closed', async () => {
    const crashing = await start();
    const failures: Error[] = [];
    crashing.onFailure((error) => failures.push(error));
    const pool = crashing.pool();
    cleanup.push(() => pool.end());
    await pool.query('select 1');
    // A request the thread cannot handle throws there: the thread ends, as if PGlite had aborted.
    crashing.send({ type: 'connect' } as never);
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(failures[0].message).toMatch(/embedded database/);
    await expect(pool.query('select 1')).rejects.toThrow();

    const closed = await start();
    const none: Error[] = [];
    closed.onFailure((error) => none.push(error));
    await closed.close();
    expect(none).toEqual([]);
  });
});
