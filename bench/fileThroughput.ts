import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { FilesystemBlobStore } from '../server/storage/filesystem';
import { startTestIssuer } from '../tests/support/tokens';
import type { BenchResult } from './types';

interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
}) => Promise<AutocannonResult>;

const connections = 50;
const seconds = 4;
const rounds = 2;

/** A ~100 KB PNG of noise (it barely compresses, so its size is what we ask for). */
async function sampleFile(): Promise<Buffer> {
  return sharp({
    create: {
      width: 190,
      height: 175,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 64 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function multipart(name: string, bytes: Buffer) {
  const boundary = '----bench-boundary-7d0c1e';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );

/**
 * Downloads of a ~100 KB file through the whole app (GET /api/fileService/file/{id}: routing,
 * security headers, hooks, database lookup, streaming from the blob store) against a bare
 * node:http server streaming the same blob file with the same headers. Autocannon runs in a worker
 * thread, 50 connections, alternating bare/app rounds. Ratio = app req/s ÷ bare req/s.
 */
export async function benchFileThroughput(): Promise<BenchResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-files-'));
  // Uploads need a signed-in user: a loopback issuer signs the uploader's token.
  const issuer = await startTestIssuer();
  const config = loadConfig({
    ...issuer.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  });
  const db = await openDatabase({ pgliteDir: 'memory://' });
  const app = await buildApp(config, { db, spaDir: path.join(dataDir, 'no-spa'), logger: false });
  const bare = createServer();
  try {
    const bytes = await sampleFile();
    const auth = await issuer.headersFor('bench-uploader');
    const upload = await app.inject({
      method: 'POST',
      url: '/api/fileService/file?kind=picture',
      ...(({ headers, payload }) => ({ headers: { ...headers, ...auth }, payload }))(
        multipart('bench.png', bytes),
      ),
    });
    if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.statusCode} ${upload.body}`);
    const { url } = upload.json() as { url: string };
    const probe = await app.inject({ url });
    const blobPath = (app.blobStore as FilesystemBlobStore).pathOf(String(probe.headers.etag).slice(1, -1));
    const headers: Record<string, string> = {};
    for (const h of [
      'content-type',
      'content-length',
      'etag',
      'cache-control',
      'accept-ranges',
      'x-content-type-options',
      'content-disposition',
    ]) {
      headers[h] = String(probe.headers[h]);
    }
    bare.on('request', (_req, res) => {
      res.writeHead(200, headers);
      createReadStream(blobPath).pipe(res);
    });

    const barePort = await listen(bare);
    const appAddress = await app.listen({ host: '127.0.0.1', port: 0 });
    const targets = { bare: `http://127.0.0.1:${barePort}/file`, app: `${appAddress}${url}` };

    // The servers share this thread; the load comes from a worker thread. Besides req/s, the
    // main thread's busy time per request says what each server costs when the client is the limit.
    const run = async (target: string, duration: number) => {
      const before = performance.eventLoopUtilization();
      const r = await autocannon({ url: target, connections, duration, workers: 1 });
      const busy = performance.eventLoopUtilization(before).active;
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${target}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      return { requests: r.requests.total, seconds: duration, busyMs: busy };
    };
    // Warm up both (JIT, connection pools), then alternate so drift affects both alike.
    await run(targets.bare, 1);
    await run(targets.app, 1);
    const totals = {
      bare: { requests: 0, seconds: 0, busyMs: 0 },
      app: { requests: 0, seconds: 0, busyMs: 0 },
    };
    for (let i = 0; i < rounds; i++) {
      for (const side of ['bare', 'app'] as const) {
        const r = await run(targets[side], seconds);
        totals[side].requests += r.requests;
        totals[side].seconds += r.seconds;
        totals[side].busyMs += r.busyMs;
      }
    }
    const rps = (side: 'bare' | 'app') => totals[side].requests / totals[side].seconds;
    const usPerRequest = (side: 'bare' | 'app') =>
      ((totals[side].busyMs * 1000) / totals[side].requests).toFixed(0);
    return {
      name: `file download (${(bytes.length / 1024).toFixed(0)} KB, ${connections} connections) app vs bare node:http`,
      ratio: rps('app') / rps('bare'),
      goal: { min: 0.7 },
      details:
        `app ${rps('app').toFixed(0)} req/s, bare node:http ${rps('bare').toFixed(0)} req/s ` +
        `(${rounds}×${seconds} s each); server thread busy ${usPerRequest('app')} µs/req (app) vs ` +
        `${usPerRequest('bare')} µs/req (bare)`,
    };
  } finally {
    bare.close();
    bare.closeAllConnections();
    await app.close();
    await db.close();
    await issuer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
