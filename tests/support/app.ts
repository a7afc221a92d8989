import type { LiveServiceOptions } from '../../server/services/liveService';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  dataDir: string;
  close(): Promise<void>;
}

/** A tiny stand-in for the built SPA, so server tests do not need `npm run build`. */
export function fakeSpaDir(root: string): string {
  const dir = path.join(root, 'spa');
  mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Spaces</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'static', 'js', 'index.abc123.js'), 'console.log("app")');
  return dir;
}

/** The real app on a given database, with a temp DATA_DIR and a quiet logger. */
export async function buildTestApp(
  db: DatabaseHandle,
  env: Record<string, string> = {},
  options: {
    spaDir?: string | null;
    mail?: { pollMs?: number; retryDelaysMs?: readonly number[] };
    live?: LiveServiceOptions;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '8080',
    ...env,
  });
  const spaDir =
    options.spaDir === null ? path.join(dataDir, 'no-spa') : (options.spaDir ?? fakeSpaDir(dataDir));
  // Mail goes out when a test asks (app.mailSender.deliverDue()), unless it asks for polling.
  const app = await buildApp(config, {
    db,
    spaDir,
    logger: false,
    mail: options.mail ?? { pollMs: 0 },
    live: options.live,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
