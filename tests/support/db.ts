import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db';

/** The PostgreSQL database the global set-up migrates, that test databases are copied from. */
export const postgresTemplate = 't_migrated';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
}

/**
 * In-memory PGlite always; PostgreSQL too when the test cluster is up (a fresh database per call).
 * Both start as copies of the databases the global set-up migrated, unless `fresh` asks for empty
 * ones that open runs every migration on.
 */
export function testDatabases({ fresh = false } = {}): TestDatabase[] {
  const snapshot = fresh ? undefined : process.env.TEST_PGLITE_SNAPSHOT;
  const list: TestDatabase[] = [
    { name: 'pglite', open: () => openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: snapshot }) },
  ];
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (adminUrl) {
    list.push({
      name: 'postgres',
      async open() {
        const dbName = `t_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${dbName}${fresh ? '' : ` template ${postgresTemplate}`}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${dbName}`;
        const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
        return {
          ...handle,
          async close() {
            await handle.close();
            const a = new pg.Client({ connectionString: adminUrl });
            await a.connect();
            await a.query(`drop database if exists ${dbName} with (force)`);
            await a.end();
          },
        };
      },
    });
  }
  return list;
}
