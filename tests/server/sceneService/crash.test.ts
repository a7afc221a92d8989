import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSceneContent } from '../../../contracts/sceneContent';
import { freePort } from '../../support/postgresCluster';
import { startServerProcess } from '../../support/serverProcess';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { largeContent, sampleContent } from './helpers';

/**
 * The real server process on an on-disk PGlite and file store, killed with SIGKILL in the middle of
 * a content save, then started again on the same data: the previous content must load intact.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'scene-crash-'));
const owner = 'crash-owner';
let issuer: TestIssuer;
let port: number;
let auth: Record<string, string>;

beforeAll(async () => {
  issuer = await startTestIssuer();
  port = await freePort();
  auth = await issuer.headersFor(owner, { name: 'Crash owner' });
});
afterAll(async () => {
  await issuer?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = () => startServerProcess(port, { ...issuer.env, DATA_DIR: dataDir });

const api = (p: string) => `http://127.0.0.1:${port}/api/sceneService${p}`;

async function loadContent(sceneId: string) {
  const res = await fetch(api(`/scene/content/${sceneId}`), { headers: auth });
  expect(res.status).toBe(200);
  const text = await res.text();
  const parsed = parseSceneContent(JSON.parse(text));
  expect(parsed.ok).toBe(true);
  return text;
}

/**
 * Starts a PUT of `body`, sends `sendBytes` of it (all when undefined), then calls `then` while the
 * request is still open. The request's own outcome is ignored (the server is killed).
 */
function startPut(sceneId: string, body: Buffer, sendBytes: number, then: () => void) {
  return new Promise<void>((resolve) => {
    const req = request(api(`/scene/content/${sceneId}`), {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.write(body.subarray(0, sendBytes), () => {
      then();
      setTimeout(resolve, 2000);
    });
  });
}

describe('a content save killed with SIGKILL', () => {
  it('leaves the previous content intact and loadable, mid-body and right after the body', async () => {
    let server = await startServer();
    let sceneId: string;
    let before: string;
    try {
      const created = await fetch(api('/scene/metadata'), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Crash test' }),
      });
      expect(created.status).toBe(201);
      sceneId = ((await created.json()) as { sceneId: string }).sceneId;
      const first = await fetch(api(`/scene/content/${sceneId}`), {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(sampleContent(3)),
      });
      expect(first.status).toBe(200);
      before = await loadContent(sceneId);

      // 1. Killed while the body is arriving.
      const big = Buffer.from(JSON.stringify(largeContent(8 * 1024 * 1024)));
      await startPut(sceneId, big, big.length >> 1, () => server.child.kill('SIGKILL'));
      await server.exited;
    } catch (error) {
      server.child.kill('SIGKILL');
      throw error;
    }

    server = await startServer();
    try {
      expect(await loadContent(sceneId)).toBe(before);

      // 2. Killed once the whole body is sent, while the server checks, stores and commits it.
      const other = Buffer.from(JSON.stringify(largeContent(6 * 1024 * 1024)));
      await startPut(sceneId, other, other.length, () => setTimeout(() => server.child.kill('SIGKILL'), 30));
      await server.exited;
    } catch (error) {
      server.child.kill('SIGKILL');
      throw error;
    }

    server = await startServer();
    try {
      // Either the save was committed before the kill or it was not: the content is one of the two, whole.
      const after = await loadContent(sceneId);
      const other = JSON.stringify(largeContent(6 * 1024 * 1024));
      expect([before, other]).toContain(after);
      // No half-written blob was left where blobs live (only in the temp folder, swept later).
      const filesDir = path.join(dataDir, 'files');
      for (const dir of readdirSync(filesDir).filter((d) => d !== 'tmp')) {
        for (const sub of readdirSync(path.join(filesDir, dir))) {
          for (const name of readdirSync(path.join(filesDir, dir, sub)))
            expect(name).toMatch(/^[0-9a-f]{64}$/);
        }
      }
      expect(await server.stop()).toBe(0);
    } catch (error) {
      server.child.kill('SIGKILL');
      throw error;
    }
  }, 180_000);
});
