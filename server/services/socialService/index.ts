import type { FastifyInstance } from 'fastify';
import followRoutes from './followRoutes';
import notificationRoutes from './notificationRoutes';

/**
 * The social service (platform.md §7.5), under /api/socialService: follows and notifications
 * (each area in its own file).
 */
export default async function socialService(app: FastifyInstance) {
  await app.register(followRoutes);
  await app.register(notificationRoutes);
}
