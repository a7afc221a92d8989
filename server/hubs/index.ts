import fp from 'fastify-plugin';
import type { HubServerOptions } from './hub';
import hubServer from './hubServer';
import { notificationHub, type NotificationTarget, notificationTargets } from './notificationHub';
import { RedisBackplane } from './redisBackplane';

export { type Backplane, type BackplaneMessage, InProcessBackplane } from './backplane';
export { RedisBackplane } from './redisBackplane';
export { type Hub, type HubCallContext, type HubDefinition, HubError, type HubServer } from './hub';
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
 * notification hub at /hubs/notification, and `app.hubs` for services. Register after auth. With
 * REDIS_URL set, sends travel through Redis pub/sub so that every process reaches every connection.
 */
export default fp<HubServerOptions>(
  async (app, options) => {
    let backplane = options.backplane;
    const redisUrl = app.config?.REDIS_URL;
    if (!backplane && redisUrl) {
      // Several server processes: sends reach users connected to any of them, through Redis.
      const redis = new RedisBackplane({
        url: redisUrl,
        onError: (error) => app.log.warn({ err: error }, 'hub backplane (Redis)'),
      });
      await redis.connect();
      backplane = redis;
    }
    await app.register(hubServer, { ...options, backplane });
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
