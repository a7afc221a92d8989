/**
 * Makes a user an operator of this platform (issue 24 §7): `npm run admin -- --email you@example.org`.
 * The user must have signed up. It opens the same database as the server (DATABASE_URL, else the
 * embedded one in DATA_DIR); stop a server using the embedded database first, since only one
 * process may open it. ADMIN_EMAIL does the same on every start of the server.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { AdminService } from '../server/services/adminService/service';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true });
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error('Usage: npm run admin -- --email you@example.org');
    return 2;
  }
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const granted = await new AdminService(handle.db).grantOperator(email);
    if (!granted) {
      console.error(`No user has the e-mail ${email}. Sign up with it first, then run this again.`);
      return 1;
    }
    console.log(`${email} is an operator: the operator area is at ${config.publicOrigin}/admin`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
