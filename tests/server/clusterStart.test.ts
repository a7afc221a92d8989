import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/postgresCluster';
import { type ServerProcess, startServerProcess } from '../support/serverProcess';

/**
 * Several server processes started at the same moment on one new PostgreSQL database (a cluster's
 * first deployment, or every node restarting at once): each must come up, the migrations run once
 * and the demo content is seeded once.
 */

const adminUrl = process.env.TEST_POSTGRES_URL;
const nodeCount = 3;
/** The guides' screenshots the content seed stores, once, beside the demo's four files. */
const guidePictures = readdirSync(
  path.resolve(__dirname, '../../server/services/cmsService/seed/media'),
).filter((name) => name.endsWith('.png')).length;

describe.skipIf(!adminUrl)('nodes started together on an empty database (PostgreSQL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-start-'));
  const dbName = `cluster_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string;
  const nodes: ServerProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('brings every node up and seeds the demo content once', async () => {
    const ports = await Promise.all(Array.from({ length: nodeCount }, () => freePort()));
    // One file store for all, as a shared volume or bucket would be.
    const started = await Promise.allSettled(
      ports.map((port) =>
        startServerProcess(port, {
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          SEED_DEMO: 'true',
          LOG_LEVEL: 'info',
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    const failures = started.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);

    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.status).toBe(200);
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const count = async (query: string) => Number((await client.query(query)).rows[0].n);
      expect(await count('select count(*) as n from users')).toBe(3);
      expect(await count("select count(*) as n from scenes where state = 'Published'")).toBe(12);
      expect(await count('select count(*) as n from files where owner_id is null')).toBe(4 + guidePictures);
      expect(await count('select count(*) as n from subscriptions')).toBe(2);
      // One signing key and one cookie secret: a session one node signed is good on every other.
      expect(await count("select count(*) as n from identity_keys where kind = 'signing'")).toBe(1);
      expect(await count("select count(*) as n from identity_keys where kind = 'cookie'")).toBe(1);
      const jobs = (await client.query('select name from applied_jobs order by name')).rows.map(
        (r) => r.name,
      );
      expect(jobs).toEqual([...new Set(jobs)]);
      expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
    const seeded = nodes.filter((node) => node.output().includes('demo spaces seeded'));
    expect(seeded).toHaveLength(1);
  }, 150_000);
});
