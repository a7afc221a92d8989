import { startCluster } from './postgresCluster';

/**
 * Starts a throw-away PostgreSQL cluster for the server tests, so every migration and query runs on
 * PostgreSQL as well as on PGlite. Without Debian's postgresql the PostgreSQL cases are skipped,
 * unless REQUIRE_POSTGRES=1 (CI), which makes that a failure.
 */
export default async function setup() {
  const cluster = await startCluster();
  if (!cluster) {
    if (process.env.REQUIRE_POSTGRES === '1')
      throw new Error('PostgreSQL is required (REQUIRE_POSTGRES=1) but not installed');
    console.warn(
      'PostgreSQL is not installed: PostgreSQL test cases are skipped (apt-get install postgresql)',
    );
    return;
  }
  process.env.TEST_POSTGRES_URL = cluster.url;
  return () => cluster.stop();
}
