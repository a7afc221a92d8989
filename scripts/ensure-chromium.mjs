// Browser tests use Debian's Chromium, never a browser download. Installs it when it is missing
// and we are allowed to (root); otherwise says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(`Chromium is missing at ${chromium}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
}
