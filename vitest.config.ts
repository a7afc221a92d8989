import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: the SPA's logic and views in jsdom, the server in node. Server tests open an
// in-memory PGlite per file and, when the throw-away PostgreSQL cluster is up, PostgreSQL too.
export default defineConfig({
  test: {
    // Vitest's default leaves one core idle; on a 2-core machine that runs every file in turn.
    // Server files spend much of their time waiting on PostgreSQL, Redis and child processes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/setupDom.ts'],
          // A view test of a busy page takes 1–2 s alone, and over 5 s (the default) while the
          // other worker runs a server file on the same two cores.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
