import { Redis } from 'ioredis';
import type { Backplane, BackplaneHandler, BackplaneMessage } from './backplane';

/** Every channel this app uses on a shared Redis starts with this, so other users of it are left alone. */
const redisChannelPrefix = 'spaces:hubs:';

/**
 * How long a publish or subscribe may take before it counts as failed (ms). Nothing waits on it
 * for long: sends are delivered on the node first and published in the background, and while
 * Redis is unreachable commands fail at once instead of queueing.
 */
export const redisCommandTimeoutMs = 1000;

/** Channels subscribed again per command after a reconnect. */
const resubscribeBatch = 500;

export interface RedisBackplaneOptions {
  /** redis:// or rediss:// URL (REDIS_URL). */
  url: string;
  /** Logs connection trouble (Redis reconnects by itself; subscriptions are renewed). */
  onError?: (error: Error) => void;
}

/**
 * The backplane for several server processes (ARCHITECTURE.md 'real-time hubs' at scale): Redis
 * pub/sub. One connection publishes, one subscribes; a channel is subscribed at Redis while at least
 * one local handler listens to it. While Redis is unreachable, publishing fails at once and
 * subscribing is left for later; once both connections are back, every channel is subscribed again
 * and the `onRestored` listeners are told, since what was published meanwhile is lost (the hubs
 * then let their clients catch up).
 */
export class RedisBackplane implements Backplane {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channels = new Map<string, Set<BackplaneHandler>>();
  /** Subscriptions being made or removed at Redis, per channel, so they happen in order. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly restoredListeners = new Set<() => void>();
  private readonly onError?: (error: Error) => void;
  /** Connected once (the start succeeded); losses before that are the start's failure. */
  private started = false;
  /** A connection was lost since the last time every channel was subscribed. */
  private interrupted = false;
  private restoring = false;
  private closed = false;

  constructor(options: RedisBackplaneOptions) {
    this.onError = options.onError;
    const connect = () =>
      new Redis(options.url, {
        lazyConnect: true,
        // Fail at once while Redis is unreachable rather than queue: nothing may wait on it.
        enableOfflineQueue: false,
        // A command cut off by a lost connection fails rather than arriving late, after the catch-up.
        maxRetriesPerRequest: 0,
        commandTimeout: redisCommandTimeoutMs,
        // Subscriptions are renewed here, so the listeners learn when they are complete.
        autoResubscribe: false,
        connectionName: 'spaces-hubs',
        retryStrategy: (times) => Math.min(times * 200, 2000),
      });
    this.pub = connect();
    this.sub = connect();
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: Error) => this.onError?.(error));
      client.on('close', () => {
        if (this.started && !this.closed) this.interrupted = true;
      });
      client.on('ready', () => void this.restore());
    }
    this.sub.on('message', (redisChannel: string, text: string) => {
      const handlers = this.channels.get(redisChannel.slice(redisChannelPrefix.length));
      if (!handlers || handlers.size === 0) return;
      let message: BackplaneMessage;
      try {
        message = JSON.parse(text) as BackplaneMessage;
      } catch {
        this.onError?.(new Error(`an unreadable backplane message on ${redisChannel}`));
        return;
      }
      for (const handler of [...handlers]) handler(message);
    });
  }

  /** Connects both clients (the server waits for this at start, so a wrong REDIS_URL fails early). */
  async connect(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.started = true;
  }

  /** Whether both connections to Redis are up. */
  get connected(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
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
    if (first) await this.inOrder(channel, () => this.atRedis('subscribe', channel));
    else await this.pending.get(channel);
    return async () => {
      const current = this.channels.get(channel);
      if (!current?.delete(own) || current.size > 0) return;
      this.channels.delete(channel);
      await this.inOrder(channel, () =>
        // A handler that arrived meanwhile keeps the channel.
        this.channels.has(channel) ? undefined : this.atRedis('unsubscribe', channel),
      );
    };
  }

  onRestored(listener: () => void): () => void {
    this.restoredListeners.add(listener);
    return () => this.restoredListeners.delete(listener);
  }

  /**
   * (Un)subscribes one channel at Redis. While Redis is unreachable there is nothing to do: the
   * connection that comes back has no subscriptions, and `restore` subscribes what is wanted then.
   */
  private async atRedis(command: 'subscribe' | 'unsubscribe', channel: string): Promise<void> {
    if (this.sub.status !== 'ready') return;
    try {
      await this.sub[command](redisChannelPrefix + channel);
    } catch (error) {
      this.onError?.(error as Error);
      if (command === 'subscribe') this.interrupted = true;
    }
  }

  /** Once both connections are back after a loss: every channel subscribed again, then the listeners told. */
  private async restore() {
    if (!this.interrupted || this.restoring || this.closed || !this.connected) return;
    this.restoring = true;
    this.interrupted = false;
    try {
      const channels = [...this.channels.keys()].map((channel) => redisChannelPrefix + channel);
      for (let i = 0; i < channels.length; i += resubscribeBatch) {
        await this.sub.subscribe(...channels.slice(i, i + resubscribeBatch));
      }
    } catch (error) {
      // Lost again: the next 'ready' tries again.
      this.interrupted = true;
      this.onError?.(error as Error);
    } finally {
      this.restoring = false;
    }
    if (this.interrupted) return void this.restore();
    for (const listener of [...this.restoredListeners]) listener();
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
    this.closed = true;
    this.channels.clear();
    this.restoredListeners.clear();
    await Promise.all(
      [this.pub, this.sub].map((c) =>
        c.status === 'ready'
          ? c.quit().then(
              () => undefined,
              () => c.disconnect(),
            )
          : c.disconnect(),
      ),
    );
  }
}
