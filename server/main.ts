import { buildApp, startupStep } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemoContent } from './db/seed';
import { seedCmsContent } from './services/cmsService/seed';

/** Boots the platform: config, app, demo seed on first start, listen, graceful shutdown. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  // The embedded database cannot come back by itself: end, so the supervisor starts the server anew.
  app.onDatabaseFailure((error) => {
    app.log.fatal({ err: error }, 'the embedded database stopped; the server exits');
    process.exit(1);
  });
  // Nodes started together seed one after another: the later ones find the seed done.
  await startupStep(app.log, 'help content', () => app.withStartupLock(() => seedCmsContent(app)));
  if (config.SEED_DEMO)
    await startupStep(app.log, 'demo content', () => app.withStartupLock(() => seedDemoContent(app)));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await startupStep(app.log, 'listening', () => app.listen({ host: config.HOST, port: config.PORT }));
  app.log.info(
    `Platform ready at ${config.publicOrigin} (database: ${app.dbKind}, files: ${app.blobStore.kind})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
