import { type HubConnection, HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { MessagePackHubProtocol } from '@microsoft/signalr-protocol-msgpack';
import { WebSocket } from 'ws';

/** Where the SPA gets its hub key (platform.md §7.5). */
export const hubKeyPath = '/api/communicationInteractionService/key';

/** The SPA's way to a hub key: GET the key path at `base` with the user's API token. */
export const hubKeyOf = (base: string, headers: () => Promise<Record<string, string>>) => async () => {
  const res = await fetch(`${base}${hubKeyPath}`, { headers: await headers() });
  if (!res.ok) throw new Error(`key answered ${res.status}`);
  return ((await res.json()) as { key: string }).key;
};

/** Resolves with `promise`, or fails after `ms` naming what was awaited. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Collects what a client receives for `target`; `next()` waits for the next one. */
export function inbox(connection: HubConnection, target: string) {
  const received: unknown[][] = [];
  const waiters: ((args: unknown[]) => void)[] = [];
  connection.on(target, (...args: unknown[]) => {
    const waiter = waiters.shift();
    if (waiter) waiter(args);
    else received.push(args);
  });
  return {
    received,
    next(ms = 5000): Promise<unknown[]> {
      const queued = received.shift();
      if (queued) return Promise.resolve(queued);
      return within(new Promise((resolve) => waiters.push(resolve)), ms, `'${target}'`);
    },
  };
}

export interface ClientOptions {
  token: () => Promise<string> | string;
  reconnectDelays?: number[];
  skipNegotiation?: boolean;
  /**
   * Opens the socket at this origin (`http://host:port`) instead of the one negotiated with: as a
   * load balancer without sticky sessions may send the two requests to two nodes.
   */
  socketOrigin?: string;
  /** The MessagePack hub protocol instead of JSON. */
  protocol?: 'messagepack';
}

/** A WebSocket class that opens every socket at `origin`, whatever url it is given. */
function socketsTo(origin: string) {
  const target = new URL(origin);
  return class extends WebSocket {
    constructor(url: string | URL, ...rest: unknown[]) {
      const moved = new URL(url);
      moved.host = target.host;
      super(moved, ...(rest as [undefined]));
    }
  };
}

/** The official client, WebSockets only, as the SPA builds it. */
export function hubClient(url: string, options: ClientOptions): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(url, {
      accessTokenFactory: options.token,
      transport: HttpTransportType.WebSockets,
      skipNegotiation: options.skipNegotiation ?? false,
      ...(options.socketOrigin ? { WebSocket: socketsTo(options.socketOrigin) } : {}),
    })
    .configureLogging(LogLevel.None);
  if (options.protocol === 'messagepack') builder = builder.withHubProtocol(new MessagePackHubProtocol());
  if (options.reconnectDelays) builder = builder.withAutomaticReconnect(options.reconnectDelays);
  return builder.build();
}

/** Opens a raw socket; answers 'open' or the HTTP status that refused it. */
export function rawSocket(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const opened = within(
    new Promise<'open' | number>((resolve) => {
      socket.on('open', () => resolve('open'));
      socket.on('unexpected-response', (...args: unknown[]) => {
        const response = args[1] as { statusCode: number; resume(): void };
        response.resume();
        resolve(response.statusCode);
      });
      socket.on('error', () => resolve(-1));
    }),
    5000,
    'the socket to open',
  );
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(String(data));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = within(
    new Promise<number>((resolve) => socket.on('close', (code) => resolve(code))),
    10_000,
    'the socket to close',
  );
  /** Waits until a received frame matches. */
  const waitFor = (test: (frame: string) => boolean, ms = 5000, what = 'a frame') =>
    within(
      new Promise<string>((resolve) => {
        const check = () => {
          const found = frames.find(test);
          if (found) resolve(found);
          else waiters.push(check);
        };
        check();
      }),
      ms,
      what,
    );
  return { socket, opened, frames, waitFor, closed };
}
