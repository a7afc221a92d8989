import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { chromiumArgs } from '../playwright.config';

/**
 * Runs a browser benchmark against the real server (built app, empty embedded database in a temp
 * folder, loopback only) in Debian's Chromium; `base` is the server's http://localhost:<port>.
 */
export async function withServerAndBrowser<T>(
  name: string,
  run: (base: string, browser: Browser) => Promise<T>,
  /** Puts what the benchmark needs into the fresh database first. */
  prepare?: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const app = await buildApp(config, { logger: false });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    await app.ready();
    await prepare?.(app);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    return await run(address.replace('127.0.0.1', 'localhost'), browser);
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
