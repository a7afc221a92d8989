import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../server/db';
import { postgresTemplate } from './db';
import { startCluster } from './postgresCluster';

/**
 * Starts a throw-away PostgreSQL cluster for the server tests, so every migration and query runs on
 * PostgreSQL as well as on PGlite. Without Debian's postgresql the PostgreSQL cases are skipped,
 * unless REQUIRE_POSTGRES=1 (CI), which makes that a failure.
 *
 * It also migrates one database of each kind once, for the tests to start from: a PGlite tarball
 * (creating a PGlite takes about 6 s, loading one under 1 s) and a PostgreSQL template database.
 * tests/server/db.test.ts still migrates empty ones.
 */
export default async function setup() {
  const folder = await mkdtemp(path.join(tmpdir(), 'spaces-test-db-'));
  const pgliteDir = path.join(folder, 'pglite');
  await (await openDatabase({ pgliteDir })).close();
  const migrated = await PGlite.create(pgliteDir);
  const snapshot = path.join(folder, 'migrated.tar');
  await writeFile(snapshot, Buffer.from(await (await migrated.dumpDataDir('none')).arrayBuffer()));
  await migrated.close();
  process.env.TEST_PGLITE_SNAPSHOT = snapshot;
  const cleanUp = () => rm(folder, { recursive: true, force: true });

  const cluster = await startCluster();
  if (!cluster) {
    if (process.env.REQUIRE_POSTGRES === '1')
      throw new Error('PostgreSQL is required (REQUIRE_POSTGRES=1) but not installed');
    console.warn(
      'PostgreSQL is not installed: PostgreSQL test cases are skipped (apt-get install postgresql)',
    );
    return cleanUp;
  }
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${postgresTemplate}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${postgresTemplate}`;
  await (await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' })).close();
  process.env.TEST_POSTGRES_URL = cluster.url;
  return async () => {
    await cluster.stop();
    await cleanUp();
  };
}
