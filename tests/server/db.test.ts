import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../server/db/ids';
import { testDatabases } from '../support/db';

describe.each(testDatabases({ fresh: true }))('migrations on $name', ({ open }) => {
  it('create every table, and running them again changes nothing', async () => {
    const db = await open();
    try {
      const tables = (await db.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      )) as unknown as { rows: { table_name: string }[] };
      const names = tables.rows.map((r) => r.table_name);
      expect(names).toEqual(expect.arrayContaining(['applied_jobs', 'files', 'file_thumbnails']));
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)('PostgreSQL connections the server ends', () => {
  it('are dropped and replaced; the process goes on', async () => {
    const postgres = testDatabases().find((d) => d.name === 'postgres')!;
    const db = await postgres.open();
    try {
      const before = (await db.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      // An administrator ends the (now idle) pooled connection.
      const pid = before.rows[0].pid;
      const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      const after = (await db.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      expect(after.rows[0].pid).not.toBe(pid);
    } finally {
      await db.close();
    }
  });
});

describe('uuidv7 ids', () => {
  it('are RFC 9562 version 7 and sort by creation time', () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7())).size).toBe(1000);
  });
});
