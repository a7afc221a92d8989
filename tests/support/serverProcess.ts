import { type ChildProcess, spawn } from 'node:child_process';

/** The real server (server/main.ts) in its own process, listening on 127.0.0.1:`port`. */
export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output: () => string;
  /** A clean stop (SIGTERM): resolves with the exit code once it has exited. */
  stop(): Promise<number | null>;
  /** A crash (SIGKILL): resolves once it is gone (exit code null). */
  kill(): Promise<number | null>;
}

/**
 * Starts server/main.ts with `env` over the test's environment and waits until /readyz answers
 * 200 (at most 120 s: on a busy 2-core machine compiling the server alone takes 20 s, and a first
 * start with the demo content took over 60 s beside another browser test). The caller stops it
 * (SIGTERM for a clean stop, SIGKILL to crash it).
 */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      const end = (signal: NodeJS.Signals) => {
        child.kill(signal);
        return exited;
      };
      return { child, exited, output: () => output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
    }
    if (child.exitCode !== null) break;
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}
