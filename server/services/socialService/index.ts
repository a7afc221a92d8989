import type { FastifyInstance } from 'fastify';
import favouriteRoutes from './favourites';
import historyRoutes from './history';
import likeRoutes from './likes';
import { SpaceReactionsService } from './reactions';

/**
 * The social service (platform.md §7.5), registered under /api/socialService: each area's routes
 * in their own file.
 */
export default async function socialService(app: FastifyInstance) {
  const reactions = new SpaceReactionsService(app.db);
  await app.register(likeRoutes, { reactions });
  await app.register(favouriteRoutes, { reactions });
  await app.register(historyRoutes, { reactions });
}
