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
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; 'memory://' keeps it in memory (tests). */
  pgliteDir: string;
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
    return onPool(pool, { kind: 'postgres', close: () => pool.end() });
  }
  const { PgliteThread } = await import('./pgliteWorker');
  if (!options.pgliteDir.startsWith('memory://')) await mkdir(options.pgliteDir, { recursive: true });
  const thread = await PgliteThread.start(options.pgliteDir);
  const pool = thread.pool();
  return onPool(pool, {
    kind: 'pglite',
    close: async () => {
      await pool.end().catch(() => undefined);
      await thread.close();
    },
    onFailure: (listener) => thread.onFailure(listener),
  });
}

/** Drizzle on a node-postgres pool, migrated; `rest.close` ends everything should that fail. */
async function onPool(
  pool: Pool,
  rest: Pick<DatabaseHandle, 'kind' | 'close' | 'onFailure'>,
): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  try {
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
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
