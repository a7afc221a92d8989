import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.string()).optional(),
});

/**
 * /healthz: the process is alive. /readyz: it can serve — the database and blob store answer.
 */
export default fp(
  async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/healthz',
      { schema: { tags: ['health'], response: { 200: Health } }, logLevel: 'warn' },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      { schema: { tags: ['health'], response: { 200: Health, 503: Health } }, logLevel: 'warn' },
      async (_request, reply) => {
        const checks: Record<string, string> = {};
        const run = async (name: string, check: () => Promise<void>) => {
          try {
            await check();
            checks[name] = 'ok';
          } catch (error) {
            app.log.warn({ err: error }, `readiness check ${name} failed`);
            checks[name] = 'failed';
          }
        };
        await Promise.all([run('database', app.dbPing), run('files', () => app.blobStore.ping())]);
        const ok = Object.values(checks).every((v) => v === 'ok');
        return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
      },
    );
  },
  { name: 'health', dependencies: ['db', 'blob-store'] },
);
