import type { FastifyInstance } from 'fastify';
import { PublishingService } from './publishing';
import actionRoutes from './routes/actions';
import type { SceneRoutesOptions } from './routes/common';
import contentRoutes from './routes/content';
import metadataRoutes from './routes/metadata';
import publishedRoutes from './routes/published';
import slotRoutes from './routes/slots';
import { PublishedSearch } from './search';
import { SceneService } from './service';
import { SlotService } from './slots';
import { SceneViews } from './views';

export interface SceneServiceRoutesOptions {
  /** How often the purge of deleted spaces runs (default hourly; the first run a minute after start). */
  purgeEveryMs?: number;
}

/**
 * The scene service (platform.md §7.3; districts-commerce-spaces.md §4, §7): drafts, their
 * metadata, pictures and content, the draft limit, visibility, delete, duplicate, the published
 * snapshot, slots, publishing and Explore. Registered under /api/sceneService. Runs the purge of
 * deleted spaces periodically.
 */
export default async function sceneServiceRoutes(app: FastifyInstance, options: SceneServiceRoutesOptions) {
  const service = new SceneService({ db: app.db, store: app.blobStore, log: app.log });
  const slots = new SlotService(app.db);
  const parts: SceneRoutesOptions = {
    service,
    slots,
    publishing: new PublishingService(service, slots),
    search: new PublishedSearch(service),
    views: new SceneViews(service),
  };

  // The purge of deleted spaces: while the server runs, never twice at once, stopped on close.
  let purging: Promise<unknown> | undefined;
  const purge = () => {
    purging ??= service
      .purgeDeletedScenes(new Date())
      .catch((error: unknown) => app.log.error({ err: error }, 'purge of deleted spaces failed'))
      .finally(() => (purging = undefined));
  };
  const first = setTimeout(purge, 60_000);
  const every = setInterval(purge, options.purgeEveryMs ?? 60 * 60 * 1000);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await purging;
    await service.close();
  });

  await app.register(metadataRoutes, parts);
  await app.register(contentRoutes, parts);
  await app.register(publishedRoutes, parts);
  await app.register(slotRoutes, parts);
  await app.register(actionRoutes, parts);
}
