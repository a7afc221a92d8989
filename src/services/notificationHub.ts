import type { HubConnection } from '@microsoft/signalr';
import { HTTPError, type KyInstance } from 'ky';
import { type AnyActorRef, fromCallback, fromPromise } from 'xstate';
import { notificationHubPath } from '../../contracts/hubs';
import type { HubConnectionEvent, HubProblem } from '../machines/hubConnectionMachine';

/** The hubs' key (platform.md §7.5), relative to the API client's /api prefix. */
export const hubKeyPath = 'communicationInteractionService/key';

/** The notification events (platform.md §7.6). */
export const notificationTargets = ['Wallet', 'Subscription', 'Notification'] as const;
export type NotificationTarget = (typeof notificationTargets)[number];

/** An error with the HTTP status that caused it, when one did (the machine stops silently on 401). */
export class HubConnectError extends Error implements HubProblem {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HubConnectError';
  }
}

/** The status in any error on the way: ky's HTTPError, SignalR's HttpError, or its message "Status code '401'". */
function statusOf(error: unknown): number | undefined {
  if (error instanceof HTTPError) return error.response.status;
  if (error && typeof error === 'object') {
    const { statusCode, status } = error as { statusCode?: unknown; status?: unknown };
    if (typeof statusCode === 'number') return statusCode;
    if (typeof status === 'number') return status;
  }
  const match = /Status code '(\d{3})'/.exec(error instanceof Error ? error.message : String(error));
  return match ? Number(match[1]) : undefined;
}

/**
 * The notification hub's SignalR connection (WebSockets only, automatic reconnect, the key from
 * GET /api/communicationInteractionService/key fetched again on every connect and reconnect) as
 * the real actors of hubConnectionMachine: `start`, `stop`, `probeKey`, and `watch`, which reports
 * the connection's changes and every message of `targets` (`hub.received`). The SignalR client is
 * loaded with the first connection (only signed-in visitors need it), so it stays out of the first
 * visit's scripts.
 */
export function notificationHubActors(
  api: KyInstance,
  url: string = notificationHubPath,
  targets: readonly string[] = notificationTargets,
) {
  return hubConnection(api, url, targets).actors;
}

/**
 * A hub's SignalR connection as above: the machine's `actors`, `invoke` (a hub method, once
 * connected) and `close` (stops the connection whatever the machine is doing).
 */
/**
 * How long a dropped hub connection waits before its next try, by how long it has been trying
 * (null: it gives up and closes). Every 1–2 s for the first minute, so that visitors are back
 * within seconds of a server's restart; then every 5–10 s for ten minutes. The spread keeps a
 * thousand visitors from all coming back in the same instant.
 */
export function reconnectDelayMs(elapsedMs: number, random: () => number = Math.random): number | null {
  if (elapsedMs < 60_000) return 1000 + Math.round(random() * 1000);
  if (elapsedMs < 600_000) return 5000 + Math.round(random() * 5000);
  return null;
}

export function hubConnection(
  api: KyInstance,
  url: string,
  targets: readonly string[],
  /**
   * A hub open to guests: when this answers true at a connection's start (nobody is signed in in
   * the actor system), the visitor connects without a key, and the key is not asked for.
   */
  options: { asGuest?: (system: { get(systemId: string): AnyActorRef | undefined }) => boolean } = {},
) {
  /** Whether the current connection is a guest's (decided at each start). */
  let guest = false;
  /** The key fetch's own failure: a 401 there means the session is gone. */
  let keyFailure: HubConnectError | null = null;
  let connection: HubConnection | undefined;

  const listeners = new Set<(event: HubConnectionEvent) => void>();
  const report = (event: HubConnectionEvent) => listeners.forEach((listener) => listener(event));

  async function connectionOf(): Promise<HubConnection> {
    if (connection) return connection;
    const { HubConnectionBuilder, HttpTransportType, LogLevel } = await import('@microsoft/signalr');
    if (connection) return connection;
    const built = new HubConnectionBuilder()
      .withUrl(url, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: async () => {
          if (guest) return '';
          try {
            const { key } = await api.get(hubKeyPath).json<{ key: string }>();
            keyFailure = null;
            return key;
          } catch (error) {
            keyFailure = new HubConnectError(
              `The hub key is not available: ${String(error)}`,
              statusOf(error),
            );
            throw keyFailure;
          }
        },
      })
      .withAutomaticReconnect({
        nextRetryDelayInMilliseconds: ({ elapsedMilliseconds }) => reconnectDelayMs(elapsedMilliseconds),
      })
      // The machine logs what the spec asks; a 401 must stay silent.
      .configureLogging(LogLevel.None)
      .build();
    built.onreconnecting(() => report({ type: 'hub.reconnecting' }));
    built.onreconnected((connectionId) => report({ type: 'hub.reconnected', connectionId }));
    built.onclose(() => report({ type: 'hub.closed' }));
    for (const target of targets)
      built.on(target, (...args: unknown[]) => report({ type: 'hub.received', target, args }));
    connection = built;
    return built;
  }

  const actors = {
    start: fromPromise<void>(async ({ system }) => {
      keyFailure = null;
      guest = options.asGuest?.(system) ?? false;
      try {
        await (await connectionOf()).start();
      } catch (error) {
        if (keyFailure) throw keyFailure;
        throw new HubConnectError(error instanceof Error ? error.message : String(error), statusOf(error));
      }
    }),
    stop: fromPromise<void>(async () => connection?.stop()),
    probeKey: fromPromise<void>(async ({ signal }) => {
      try {
        await api.head(hubKeyPath, { signal });
      } catch (error) {
        throw new HubConnectError(`The hub key probe failed: ${String(error)}`, statusOf(error));
      }
    }),
    watch: fromCallback<HubConnectionEvent>(({ sendBack }) => {
      listeners.add(sendBack);
      return () => listeners.delete(sendBack);
    }),
  };
  return {
    actors,
    invoke<T>(method: string, ...args: unknown[]): Promise<T> {
      if (!connection) return Promise.reject(new HubConnectError('The hub is not connected'));
      return connection.invoke<T>(method, ...args);
    },
    /** Sends to a hub method without waiting for an answer; nothing when not connected. */
    send(method: string, ...args: unknown[]) {
      if (connection?.state === 'Connected') connection.send(method, ...args).catch(() => {});
    },
    async close() {
      await connection?.stop();
    },
  };
}

/** Bytes as base64 text (how the JSON hub protocol carries them). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}
