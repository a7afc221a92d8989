import fp from 'fastify-plugin';
import type { HubServerOptions } from './hub';
import hubServer from './hubServer';
import { notificationHub, type NotificationTarget, notificationTargets } from './notificationHub';
import { RedisBackplane } from './redisBackplane';

export { type Backplane, type BackplaneMessage, InProcessBackplane } from './backplane';
export { RedisBackplane } from './redisBackplane';
export { type Hub, type HubCallContext, type HubDefinition, HubError, type HubServer, isGuest } from './hub';
export { type NotificationTarget, notificationTargets } from './notificationHub';

/** Brings users up to date after they may have missed notifications (see `Hubs.onCatchUp`). */
export type NotificationCatchUp = (userIds: string[]) => Promise<void>;

/** What services call to reach users in real time (`app.hasDecorator('hubs')`). */
export interface Hubs {
  /**
   * Sends `target` with `payload` to every connection of `userId` on the notification hub. It
   * answers once this node's connections have it; other nodes get it through the backplane
   * without anyone waiting.
   */
  notifyUser(userId: string, target: NotificationTarget, payload: unknown): Promise<void>;
  /**
   * Adds what a service sends users who may have missed its notifications while the backplane
   * was down (their state as it is now); called once it is back. The answer removes it.
   */
  onCatchUp(catchUp: NotificationCatchUp): () => void;
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
    const catchUps = new Set<NotificationCatchUp>();
    const notification = app.hubServer.addHub({
      ...notificationHub,
      onCatchUp: async (userIds, { log }) => {
        for (const catchUp of catchUps) {
          await catchUp(userIds).catch((error: unknown) =>
            log.error({ err: error }, 'notification catch-up failed'),
          );
        }
      },
    });
    const hubs: Hubs = {
      async notifyUser(userId, target, payload) {
        if (!notificationTargets.includes(target)) throw new Error(`Unknown notification type '${target}'`);
        await notification.clients.user(userId, target, payload);
      },
      onCatchUp(catchUp) {
        catchUps.add(catchUp);
        return () => catchUps.delete(catchUp);
      },
    };
    app.decorate('hubs', hubs);
  },
  { name: 'hubs', dependencies: ['auth'] },
);
