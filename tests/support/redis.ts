import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './postgresCluster';

/** Is Debian's redis-server installed? Without it the Redis tests are skipped, unless REQUIRE_REDIS=1 (CI). */
export function redisInstalled(): boolean {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
  if (!found && process.env.REQUIRE_REDIS === '1')
    throw new Error('Redis is required (REQUIRE_REDIS=1) but redis-server is not installed');
  return found;
}

export interface TestRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL): clients see a lost connection. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/** A throw-away redis-server on a free loopback port, in memory only (no files written). */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      if (await ping(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  };
  const halt = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => halt('SIGKILL'),
    restart: launch,
    stop: () => halt('SIGTERM'),
  };
}
