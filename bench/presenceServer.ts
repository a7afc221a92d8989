// The server process of bench/presence.ts: the real app on an embedded database in a temp folder,
// loopback only, with one published space. It tells its parent where it listens (IPC) and answers
// 'stats' with its CPU time and memory, so the benchmark measures the server alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { uuidv7 } from '../server/db/ids';
import { scenes, users } from '../server/db/schema';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-presence-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
});
const app = await buildApp(config, { spaDir: path.join(dataDir, 'no-spa') });
await app.ready();
// Processes of one benchmark share the space's id (BENCH_SCENE_ID), each in its own database.
const sceneId = process.env.BENCH_SCENE_ID ?? uuidv7();
await app.db.insert(users).values({ id: 'bench-owner', name: 'Owner' });
await app.db.insert(scenes).values({
  id: sceneId,
  ownerId: 'bench-owner',
  creatorId: 'bench-owner',
  title: 'A crowd',
  state: 'Published',
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });

process.on('message', (message: { type: string; userIds?: string[]; collect?: boolean }) => {
  if (message.type === 'users')
    void app.db
      .insert(users)
      .values(message.userIds!.map((id) => ({ id, name: id.replace('bench-', 'Visitor ') })))
      .onConflictDoNothing()
      .then(() => process.send!({ type: 'users' }));
  if (message.type === 'stats') {
    // What is kept, not what waits to be collected.
    if (message.collect) (globalThis as { gc?: () => void }).gc?.();
    process.send!({
      type: 'stats',
      cpu: process.cpuUsage(),
      rss: process.memoryUsage().rss,
      // What the server's own objects and buffers hold (the JavaScript heap and Node's buffers).
      heap: process.memoryUsage().heapUsed + process.memoryUsage().external,
      at: Date.now(),
    });
  }
  if (message.type === 'stop')
    void app.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
process.send!({ type: 'ready', base: address, sceneId });
