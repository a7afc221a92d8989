import { assign, emit, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** Hub key retry max 3 (platform.md §9). */
export const hubStartRetryMax = 3;

/** What is logged when a hub cannot be started (platform.md §8). */
export const hubConnectFailedMessage = 'Unable to connect to WS in hub';

/** The states the spec names (platform.md §4 'Hub connection states'). */
export type HubStatus = 'Connected' | 'Connecting' | 'Disconnected' | 'Reconnecting';

/** Why a start or a probe failed: `status` is the HTTP status when one answered (401: not signed in). */
export interface HubProblem {
  message: string;
  status?: number;
}

/** What the connection reports by itself (the SignalR client's onreconnecting/onreconnected/onclose). */
export type HubConnectionReport =
  | { type: 'hub.reconnecting' }
  | { type: 'hub.reconnected'; connectionId?: string | null }
  | { type: 'hub.closed' };

/** A message the server sent: its target (the method name, e.g. 'Wallet') and its arguments. */
export interface HubMessage {
  type: 'hub.received';
  target: string;
  args: unknown[];
}

export type HubConnectionEvent =
  { type: 'hub.start' } | { type: 'hub.stop' } | HubConnectionReport | HubMessage;

/** What the connection tells its listeners (`actor.on('hub.received', …)`): every server message. */
export type HubConnectionEmitted = HubMessage;

export interface HubConnectionContext {
  /** Starts retried after a failure (a HEAD probe of the key path before each). */
  retries: number;
  /** The last start failure; null once connected. */
  error: HubProblem | null;
  /** hub.start arrived while stopping: start again once stopped. */
  restart: boolean;
}

const problemOf = (error: unknown): HubProblem => {
  if (error && typeof error === 'object') {
    const { message, status } = error as { message?: unknown; status?: unknown };
    return {
      message: typeof message === 'string' ? message : String(error),
      ...(typeof status === 'number' ? { status } : {}),
    };
  }
  return { message: String(error) };
};

const isUnauthorized = (error: unknown) => problemOf(error).status === 401;

/**
 * One hub connection (notification, live-user, direct-message-group): disconnected → connecting →
 * connected ⇄ reconnecting → disconnected. A start refused with 401 stops silently; any other
 * failure probes the key path (HEAD) and retries, up to 3 times, then logs 'Unable to connect to
 * WS in hub' and stays disconnected (platform.md §7.6, §8). Once connected, the SignalR client's
 * automatic reconnect drives reconnecting/connected/disconnected through `watch`.
 *
 * Every message the server sends (`hub.received`, forwarded by `watch`) is emitted as it came, so
 * any actor of the app can listen to it (`system.get('notifications').on('hub.received', …)`).
 *
 * Actors (provided by the app's composition root with src/services/notificationHub.ts, fakes in
 * tests): `start`, `stop`, `probeKey`; `watch`, which forwards the client's reports and messages
 * for the machine's whole life; and `signInWatch`, which sends `hub.start` while someone is signed
 * in and `hub.stop` once nobody is (the hub is only for signed-in users).
 */
export const hubConnectionMachine = setup({
  types: {
    context: {} as HubConnectionContext,
    events: {} as HubConnectionEvent,
    emitted: {} as HubConnectionEmitted,
  },
  actors: {
    start: fromPromise<void>(async () => {
      throw new Error('start not provided');
    }),
    stop: fromPromise<void>(async () => {}),
    probeKey: fromPromise<void>(async () => {}),
    watch: fromCallback<HubConnectionEvent>(() => () => {}),
    signInWatch: fromCallback<HubConnectionEvent>(() => () => {}),
  },
  actions: {
    resetRetries: assign({ retries: 0, error: null }),
    logConnectFailed: (_, problem: HubProblem) => {
      console.error(hubConnectFailedMessage, problem.message);
    },
  },
  guards: {
    unauthorized: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
    mayRetry: ({ context }) => context.retries < hubStartRetryMax,
    restartWanted: ({ context }) => context.restart,
  },
}).createMachine({
  id: 'hubConnection',
  context: { retries: 0, error: null, restart: false },
  invoke: [
    { id: 'watch', src: 'watch' },
    { id: 'signInWatch', src: 'signInWatch' },
  ],
  on: {
    'hub.received': { actions: emit(({ event }) => event) },
  },
  initial: 'disconnected',
  states: {
    disconnected: {
      on: {
        'hub.start': { target: 'connecting', actions: 'resetRetries' },
      },
    },
    connecting: {
      invoke: {
        id: 'start',
        src: 'start',
        onDone: { target: 'connected', actions: assign({ error: null, retries: 0 }) },
        onError: [
          {
            guard: 'unauthorized',
            target: 'disconnected',
            actions: assign({ error: ({ event }) => problemOf(event.error) }),
          },
          {
            guard: 'mayRetry',
            target: 'probing',
            actions: assign({
              retries: ({ context }) => context.retries + 1,
              error: ({ event }) => problemOf(event.error),
            }),
          },
          {
            target: 'disconnected',
            actions: [
              assign({ error: ({ event }) => problemOf(event.error) }),
              { type: 'logConnectFailed', params: ({ event }) => problemOf(event.error) },
            ],
          },
        ],
      },
      on: { 'hub.stop': 'stopping' },
    },
    /** HEAD on the key path before a retry (the key may have been renewed meanwhile). */
    probing: {
      invoke: {
        id: 'probeKey',
        src: 'probeKey',
        onDone: 'connecting',
        onError: [
          {
            guard: 'unauthorized',
            target: 'disconnected',
            actions: assign({ error: ({ event }) => problemOf(event.error) }),
          },
          { target: 'connecting' },
        ],
      },
      on: { 'hub.stop': 'disconnected' },
    },
    connected: {
      on: {
        'hub.reconnecting': 'reconnecting',
        'hub.closed': 'disconnected',
        'hub.stop': 'stopping',
      },
    },
    reconnecting: {
      on: {
        'hub.reconnected': 'connected',
        'hub.closed': 'disconnected',
        'hub.stop': 'stopping',
      },
    },
    stopping: {
      entry: assign({ restart: false }),
      invoke: {
        id: 'stop',
        src: 'stop',
        onDone: [
          { guard: 'restartWanted', target: 'connecting', actions: 'resetRetries' },
          { target: 'disconnected' },
        ],
        onError: [
          { guard: 'restartWanted', target: 'connecting', actions: 'resetRetries' },
          { target: 'disconnected' },
        ],
      },
      on: {
        'hub.start': { actions: assign({ restart: true }) },
        'hub.stop': { actions: assign({ restart: false }) },
      },
      exit: assign({ restart: false }),
    },
  },
});

export type HubConnectionSnapshot = SnapshotFrom<typeof hubConnectionMachine>;

/** The spec's name of the state the connection is in. */
export function selectHubStatus(snapshot: HubConnectionSnapshot): HubStatus {
  if (snapshot.matches('connected')) return 'Connected';
  if (snapshot.matches('reconnecting')) return 'Reconnecting';
  if (snapshot.matches('connecting') || snapshot.matches('probing')) return 'Connecting';
  return 'Disconnected';
}
