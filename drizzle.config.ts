import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new SQL migration after a schema change. Migrations use
// nothing newer than PostgreSQL 15 so that they run on PGlite and on Debian's PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
