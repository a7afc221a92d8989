import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The driver-neutral database handle every service uses. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on the database (the callback's argument of `db.transaction`). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction on it. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** 'pglite' (embedded, the default) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database only: `listener` is called should it stop by itself (see PgliteThread). */
  onFailure?(listener: (error: Error) => void): void;
  /**
   * Runs `work` while this node holds the startup lock, which every node sharing the database
   * takes around migrating and seeding, so nodes started together do those one after another and
   * the later ones find them done. The embedded database has one process: `work` just runs.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * The key of the PostgreSQL advisory lock nodes hold while they migrate and seed ('SPACES' in
 * ASCII). A session lock: a node that dies holding it releases it with its connection.
 */
export const startupLockKey = 0x535041434553;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; 'memory://' keeps it in memory (tests). */
  pgliteDir: string;
  /**
   * A tarball of PGlite's files (its `dumpDataDir`) to start an in-memory database from instead of
   * an empty cluster: creating one costs PGlite about 6 s, loading a migrated one under 1 s. The
   * server tests open some sixty databases from one made by their global set-up.
   */
  pgliteSnapshot?: string;
}

/**
 * Opens the database, runs every pending migration, and returns a handle. Both kinds are reached
 * through node-postgres: PostgreSQL over its socket, the embedded PGlite on its own thread.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, an administrator, a failover) is dropped by
    // the pool and the next query opens a new one; without a listener the error would end the
    // process instead.
    pool.on('error', () => undefined);
    return onPool(pool, {
      kind: 'postgres',
      close: () => pool.end(),
      withStartupLock: (work) => withAdvisoryLock(pool, startupLockKey, work),
    });
  }
  const { PgliteThread } = await import('./pgliteWorker');
  if (!options.pgliteDir.startsWith('memory://')) await mkdir(options.pgliteDir, { recursive: true });
  const thread = await PgliteThread.start(options.pgliteDir, options.pgliteSnapshot);
  const pool = thread.pool();
  return onPool(pool, {
    kind: 'pglite',
    close: async () => {
      await pool.end().catch(() => undefined);
      await thread.close();
    },
    onFailure: (listener) => thread.onFailure(listener),
    withStartupLock: (work) => work(),
  });
}

/** Runs `work` holding the session advisory lock `key` on a connection of its own. */
async function withAdvisoryLock<T>(pool: Pool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch((error: Error) => {
        // Closing the connection releases the lock too.
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Drizzle on a node-postgres pool, migrated under the startup lock; `rest.close` ends everything
 * should that fail.
 */
async function onPool(
  pool: Pool,
  rest: Pick<DatabaseHandle, 'kind' | 'close' | 'onFailure' | 'withStartupLock'>,
): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  try {
    const db = drizzle(pool, { schema });
    await rest.withStartupLock(() => migrate(db, { migrationsFolder }));
    return {
      db: db as unknown as Database,
      ping: async () => void (await db.execute(sql`select 1`)),
      ...rest,
    };
  } catch (error) {
    await rest.close();
    throw error;
  }
}
