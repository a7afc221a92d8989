import fp from 'fastify-plugin';
import { notificationHubTarget } from '../../../contracts/notifications';
import type { Hubs } from '../../hubs';
import { NotificationService } from './notificationService';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The notifications of every user: features tell people of what happened with
     * `app.notifications.notify(userId, kind, data)` (stored, and pushed live as `Notification`).
     */
    notifications: NotificationService;
  }
}

/**
 * Decorates the app with `notifications` (the NotificationService), for every service to call.
 * Register after the database and the hubs (pushes go through `app.hubs` when the app has them).
 */
export default fp(
  async (app) => {
    const service = new NotificationService({
      db: app.db,
      log: app.log,
      // The notification hub, when the app has one (looked up at each send).
      push: async (userId, payload) => {
        if (!app.hasDecorator('hubs')) return;
        const hubs = (app as unknown as { hubs?: Hubs }).hubs;
        await hubs?.notifyUser(userId, notificationHubTarget, payload);
      },
    });
    app.decorate('notifications', service);
    // After a backplane outage, the users who may have missed a push get their newest unread again.
    if (app.hasDecorator('hubs')) {
      const stop = app.hubs.onCatchUp((userIds) => service.catchUp(userIds));
      app.addHook('onClose', async () => {
        stop();
      });
    }
  },
  { name: 'notifications' },
);
