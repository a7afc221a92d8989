/**
 * Fan-out between API nodes. A hub publishes "send this to user X" on a channel; every node that
 * holds a connection of user X subscribes to that channel and delivers to its own sockets.
 * In one process the in-process backplane is enough; several nodes need a shared one (Redis pub/sub
 * behind this same interface, ARCHITECTURE.md 'real-time hubs' at scale).
 */

/** What travels on a channel: a hub invocation for the client, plus who must not get it. */
export interface BackplaneMessage {
  target: string;
  arguments: unknown[];
  /** Connection ids to skip (e.g. the sender). */
  except?: string[];
  /** The node that sent it (it has delivered to its own connections already). */
  origin?: string;
}

export type BackplaneHandler = (message: BackplaneMessage) => void;

export interface Backplane {
  /**
   * Delivers `message` to every subscriber of `channel`, on every node. JSON-serialisable only.
   * Fails (soon) when the message could not be handed over, e.g. while a shared backplane is down.
   */
  publish(channel: string, message: BackplaneMessage): Promise<void>;
  /**
   * Starts receiving `channel`; the answer stops it. Never fails: while a shared backplane is
   * down it answers at once and the channel is subscribed when it is back.
   */
  subscribe(channel: string, handler: BackplaneHandler): Promise<() => Promise<void>>;
  /**
   * Calls `listener` each time the backplane is back after an interruption, with every channel
   * subscribed again: what was published meanwhile is lost. The answer stops the calls.
   */
  onRestored?(listener: () => void): () => void;
  /** True when there is no other node to reach (what is shared only between nodes need not be sent). */
  readonly alone?: boolean;
  close(): Promise<void>;
}

/**
 * The one-process backplane. Messages go through JSON like they would over the network, and are
 * delivered on a later microtask so callers never re-enter a handler synchronously.
 */
export class InProcessBackplane implements Backplane {
  readonly alone = true;
  private readonly channels = new Map<string, Set<BackplaneHandler>>();

  async publish(channel: string, message: BackplaneMessage): Promise<void> {
    const handlers = this.channels.get(channel);
    if (!handlers || handlers.size === 0) return;
    const text = JSON.stringify(message);
    queueMicrotask(() => {
      for (const handler of [...handlers]) handler(JSON.parse(text) as BackplaneMessage);
    });
  }

  async subscribe(channel: string, handler: BackplaneHandler): Promise<() => Promise<void>> {
    let handlers = this.channels.get(channel);
    if (!handlers) this.channels.set(channel, (handlers = new Set()));
    const own = (message: BackplaneMessage) => handler(message);
    handlers.add(own);
    return async () => {
      handlers.delete(own);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) this.channels.delete(channel);
    };
  }

  /** Channels with at least one subscriber (tests and diagnostics). */
  get channelCount(): number {
    return this.channels.size;
  }

  async close(): Promise<void> {
    this.channels.clear();
  }
}
