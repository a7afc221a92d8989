import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../tests/support/postgresCluster';
import { type ServerProcess, startServerProcess } from '../tests/support/serverProcess';

/**
 * A server of a test's own (same build and settings as the shared one, with the demo content), on
 * a free port and an empty data folder, for tests that stop or kill it: `start` starts it (again,
 * on the same data), `remove` deletes its data once it has stopped.
 */
export async function ownServer(label: string) {
  const port = await freePort();
  const dataDir = path.resolve('.tmp', `e2e-${label}-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const origin = `http://localhost:${port}`;
  const start = (): Promise<ServerProcess> =>
    startServerProcess(port, {
      DATA_DIR: dataDir,
      BASE_DOMAIN: 'localhost',
      PUBLIC_ORIGIN: origin,
      SEED_DEMO: 'true',
    });
  return { origin, start, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}
