import fp from 'fastify-plugin';
import hubServer, { type HubServerOptions } from './hubServer';
import { notificationHub, type NotificationTarget, notificationTargets } from './notificationHub';

export { type Backplane, type BackplaneMessage, InProcessBackplane } from './backplane';
export { type Hub, type HubCallContext, type HubDefinition, HubError, type HubServer } from './hubServer';
export { type NotificationTarget, notificationTargets } from './notificationHub';

/** What services call to reach users in real time (`app.hasDecorator('hubs')`). */
export interface Hubs {
  /** Sends `target` with `payload` to every connection of `userId` on the notification hub. */
  notifyUser(userId: string, target: NotificationTarget, payload: unknown): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    hubs: Hubs;
  }
}

/**
 * The real-time hubs: the SignalR-compatible hub server (server/hubs/hubServer.ts) with the
 * notification hub at /hubs/notification, and `app.hubs` for services. Register after auth.
 */
export default fp<HubServerOptions>(
  async (app, options) => {
    await app.register(hubServer, options);
    const notification = app.hubServer.addHub(notificationHub);
    const hubs: Hubs = {
      async notifyUser(userId, target, payload) {
        if (!notificationTargets.includes(target)) throw new Error(`Unknown notification type '${target}'`);
        await notification.clients.user(userId, target, payload);
      },
    };
    app.decorate('hubs', hubs);
  },
  { name: 'hubs', dependencies: ['auth'] },
);
