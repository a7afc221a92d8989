import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type Database, type DatabaseHandle, openDatabase } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    dbPing: () => Promise<void>;
    /** Called should the embedded database stop by itself (main.ts then ends the process). */
    onDatabaseFailure: (listener: (error: Error) => void) => void;
    /** Runs `work` under the lock nodes sharing the database take to migrate and seed (DatabaseHandle). */
    withStartupLock: DatabaseHandle['withStartupLock'];
  }
}

/**
 * The database decorator. A test may hand in an already open handle (one per test file); it then
 * stays open when the app closes, because the test owns it.
 */
export default fp<{ config: Config; handle?: DatabaseHandle }>(
  async (app, { config, handle }) => {
    const owned = !handle;
    const h =
      handle ??
      (await openDatabase({
        databaseUrl: config.DATABASE_URL,
        pgliteDir: path.join(config.dataDir, 'pglite'),
      }));
    app.decorate('db', h.db);
    app.decorate('dbKind', h.kind);
    app.decorate('dbPing', h.ping);
    app.decorate('onDatabaseFailure', (listener: (error: Error) => void) => h.onFailure?.(listener));
    app.decorate('withStartupLock', h.withStartupLock);
    if (owned) app.addHook('onClose', async () => h.close());
  },
  { name: 'db' },
);
