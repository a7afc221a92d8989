import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One real server (production build, embedded database in a temp folder) on a free loopback port,
// driven by Debian's Chromium. The port is chosen once and shared with the workers via the env.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
const port = Number(process.env.E2E_PORT);
const dataDir = path.resolve('.tmp', `e2e-${port}`);

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export default defineConfig({
  testDir: 'e2e',
  // Journeys of a dozen pages: a 2-core machine drawing in software needs more than 30 s for some.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // Every viewer page is a live visitor of its space, and the demo space is open in many tests
    // at once: with the others' avatars hidden ('Show other visitors' off), one test's walk does
    // not make every other page draw frames on the shared software renderer. e2e/live.spec.ts
    // shows them. The viewer starts at the Lowest graphics quality, which draws a frame about three
    // times faster in software (a tour by keyboard: 66 s at High, 22 s at Lowest); the tests that
    // are about graphics quality choose theirs (e2e/engine.spec.ts, e2e/viewerShell.spec.ts).
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://localhost:${port}`,
          localStorage: [
            {
              name: 'spaces.viewer.graphics',
              value: JSON.stringify({ showVisitors: false, graphicsQuality: 0 }),
            },
          ],
        },
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BASE_DOMAIN: 'localhost',
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // Every test signs up from this one address: more than the default 10 per 15 minutes.
      AUTH_ATTEMPTS_PER_WINDOW: '200',
      // The museum's demo account is the platform's operator (the operator area's journey).
      ADMIN_EMAIL: 'demo@spaces.localhost',
    },
  },
});
