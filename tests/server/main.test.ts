import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/postgresCluster';

const dataDir = mkdtempSync(path.join(tmpdir(), 'main-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Polls /readyz; false once the process has ended or after `tries`. */
async function waitUntilReady(port: number, tries: number, child: { exitCode: number | null }) {
  for (let i = 0; i < tries && child.exitCode === null; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return true;
  }
  return false;
}

describe('the server process', () => {
  it('refuses to start on a bad setting and names the variable', async () => {
    const s = startServer({ PORT: 'eighty' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/PORT/);
  });

  it('starts on the embedded database, seeds demo content once, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const s = startServer({ PORT: String(port) });
    let ready = false;
    // Up to 60 s: compiling and migrating takes a busy 2-core machine 30 s.
    for (let i = 0; i < 400 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 150));
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    }
    expect(ready).toBe(true);
    expect(s.output()).toContain('demo content seeded');
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('shutting down');

    // A second start finds the seed already applied and keeps the data.
    const again = startServer({ PORT: String(port) });
    for (let i = 0; i < 400; i++) {
      await new Promise((r) => setTimeout(r, 150));
      if (
        await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
    }
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toContain('demo content seeded');
  }, 150_000);

  it('starts even when the machine stalls for longer than a plugin may take by default', async () => {
    // A stall of the whole process (SIGSTOP: no CPU at all) while the embedded database is being
    // created and migrated, longer than Fastify's default plugin timeout of 10 s.
    const stallMs = 11_000;
    const freshDir = mkdtempSync(path.join(tmpdir(), 'main-test-slow-'));
    const port = await freePort();
    const s = startServer({ PORT: String(port), DATA_DIR: freshDir, SEED_DEMO: 'false' });
    try {
      const pgliteDir = path.join(freshDir, 'pglite');
      for (let i = 0; i < 3000 && !existsSync(pgliteDir) && s.child.exitCode === null; i++) {
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(existsSync(pgliteDir), s.output()).toBe(true);
      s.child.kill('SIGSTOP');
      await new Promise((r) => setTimeout(r, stallMs));
      s.child.kill('SIGCONT');

      expect(await waitUntilReady(port, 300, s.child), s.output()).toBe(true);
      expect(s.child.exitCode).toBeNull();
      // Each step said when it was ready, and how long it took.
      expect(s.output()).toMatch(/start-up: database ready/);
      expect(s.output()).toMatch(/start-up: listening ready/);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    } finally {
      s.child.kill('SIGKILL');
      rmSync(freshDir, { recursive: true, force: true });
    }
  }, 120_000);
});
