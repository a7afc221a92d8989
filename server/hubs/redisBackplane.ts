import { Redis } from 'ioredis';
import type { Backplane, BackplaneHandler, BackplaneMessage } from './backplane';

/** Every channel this app uses on a shared Redis starts with this, so other users of it are left alone. */
const redisChannelPrefix = 'spaces:hubs:';

export interface RedisBackplaneOptions {
  /** redis:// or rediss:// URL (REDIS_URL). */
  url: string;
  /** Logs connection trouble (Redis reconnects by itself; subscriptions are renewed). */
  onError?: (error: Error) => void;
}

/**
 * The backplane for several server processes (ARCHITECTURE.md 'real-time hubs' at scale): Redis
 * pub/sub. One connection publishes, one subscribes; a channel is subscribed at Redis while at least
 * one local handler listens to it. After a lost connection ioredis reconnects and subscribes to the
 * same channels again; what was published meanwhile is lost, as with any pub/sub (the SPA refetches
 * on reconnect).
 */
export class RedisBackplane implements Backplane {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channels = new Map<string, Set<BackplaneHandler>>();
  /** Subscriptions being made or removed at Redis, per channel, so they happen in order. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(options: RedisBackplaneOptions) {
    const connect = () =>
      new Redis(options.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 2,
        connectionName: 'spaces-hubs',
        retryStrategy: (times) => Math.min(times * 200, 2000),
      });
    this.pub = connect();
    this.sub = connect();
    for (const client of [this.pub, this.sub]) client.on('error', (error: Error) => options.onError?.(error));
    this.sub.on('message', (redisChannel: string, text: string) => {
      const handlers = this.channels.get(redisChannel.slice(redisChannelPrefix.length));
      if (!handlers || handlers.size === 0) return;
      let message: BackplaneMessage;
      try {
        message = JSON.parse(text) as BackplaneMessage;
      } catch {
        options.onError?.(new Error(`an unreadable backplane message on ${redisChannel}`));
        return;
      }
      for (const handler of [...handlers]) handler(message);
    });
  }

  /** Connects both clients (the server waits for this at start, so a wrong REDIS_URL fails early). */
  async connect(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
  }

  async publish(channel: string, message: BackplaneMessage): Promise<void> {
    await this.pub.publish(redisChannelPrefix + channel, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: BackplaneHandler): Promise<() => Promise<void>> {
    let handlers = this.channels.get(channel);
    if (!handlers) this.channels.set(channel, (handlers = new Set()));
    const own = (message: BackplaneMessage) => handler(message);
    const first = handlers.size === 0;
    handlers.add(own);
    if (first) await this.inOrder(channel, () => this.sub.subscribe(redisChannelPrefix + channel));
    else await this.pending.get(channel);
    return async () => {
      const current = this.channels.get(channel);
      if (!current?.delete(own) || current.size > 0) return;
      this.channels.delete(channel);
      await this.inOrder(channel, () =>
        // A handler that arrived meanwhile keeps the channel.
        this.channels.has(channel) ? undefined : this.sub.unsubscribe(redisChannelPrefix + channel),
      );
    };
  }

  private inOrder(channel: string, step: () => Promise<unknown> | undefined): Promise<unknown> {
    const previous = this.pending.get(channel) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(step);
    this.pending.set(channel, next);
    void next.finally(() => {
      if (this.pending.get(channel) === next) this.pending.delete(channel);
    });
    return next;
  }

  /** Channels with at least one local handler (tests and diagnostics). */
  get channelCount(): number {
    return this.channels.size;
  }

  async close(): Promise<void> {
    this.channels.clear();
    await Promise.all([this.pub, this.sub].map((c) => c.quit().catch(() => c.disconnect())));
  }
}
