import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { appOrigins } from '../identity/origins';
import { type AuthUser, hubTokenOf, type VerifyAccessToken } from '../identity/accessTokens';
import { type Backplane, type BackplaneMessage, InProcessBackplane } from './backplane';
import {
  checkHandshake,
  type ClientMessage,
  type CompletionMessage,
  formatRecord,
  MessageType,
  parseMessage,
  type ServerMessage,
  splitRecords,
} from './protocol';

/** Hubs live at `/hubs/{name}` (ARCHITECTURE.md: /hubs/live-user, /hubs/direct-message-group, /hubs/notification). */
export const hubsPrefix = '/hubs';
const hubPathRe = /^\/hubs\/([a-z0-9-]+)\/?$/;

/** An error whose message the calling client may read (other errors reach it as a generic message). */
export class HubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubError';
  }
}

/** Sends to clients of one hub, on every node (through the backplane). */
export interface HubClients {
  /** Every connection of `userId` (all their tabs and devices). */
  user(userId: string, target: string, ...args: unknown[]): Promise<void>;
  /** One connection. Prefer `user`: a reconnecting client gets a new connection id. */
  connection(connectionId: string, target: string, ...args: unknown[]): Promise<void>;
  /** Every member of a group, but the connections in `except`. */
  group(group: string, target: string, args: unknown[], except?: string[]): Promise<void>;
  /** Every connection of the hub. */
  all(target: string, args: unknown[], except?: string[]): Promise<void>;
}

/** What a method or lifecycle hook knows about its caller, and how it reaches others. */
export interface HubCallContext {
  connectionId: string;
  user: AuthUser;
  clients: HubClients;
  /** Adds this connection to a group (membership ends with the connection). */
  addToGroup(group: string): Promise<void>;
  removeFromGroup(group: string): Promise<void>;
  log: FastifyBaseLogger;
}

/** A hub method: its answer is the invocation's result (JSON); a thrown HubError's message reaches the caller. */
export type HubMethod = (context: HubCallContext, ...args: unknown[]) => unknown;

export interface HubDefinition {
  /** The path segment: the hub answers at `/hubs/{name}`. */
  name: string;
  /** Methods clients invoke; names match case-insensitively, as in SignalR. */
  methods?: Record<string, HubMethod>;
  /** After the handshake (per connection; a reconnect is a new connection of the same user). */
  onConnected?: (context: HubCallContext) => void | Promise<void>;
  /** After the socket closed, whatever the reason. */
  onDisconnected?: (context: HubCallContext, error?: Error) => void | Promise<void>;
}

export interface Hub {
  readonly name: string;
  readonly clients: HubClients;
  /** Connections of `userId` open on this node. */
  localConnectionCount(userId?: string): number;
}

export interface HubTiming {
  /** The server pings a client it has sent nothing to for this long (SignalR default 15 s). */
  keepAliveIntervalMs: number;
  /** A client that sent nothing for this long is dropped (SignalR default 30 s). */
  clientTimeoutMs: number;
  /** Time allowed for the handshake once the socket is open. */
  handshakeTimeoutMs: number;
  /** Time allowed between negotiate and opening the socket. */
  negotiateTtlMs: number;
}

export const defaultHubTiming: HubTiming = {
  keepAliveIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  negotiateTtlMs: 30_000,
};

/** Largest message a client may send (SignalR's default is 32 KiB). */
const maxMessageBytes = 64 * 1024;
/** A client that lets this much pile up unsent is dropped rather than buffered forever. */
const maxBufferedBytes = 4 * 1024 * 1024;

export interface HubServerOptions {
  backplane?: Backplane;
  timing?: Partial<HubTiming>;
  /**
   * Verifies the hub key. By default the key is the caller's own API access token (GET
   * /api/communicationInteractionService/key echoes it), verified as the API verifies it
   * (`app.verifyAccessToken` of the auth plugin): any node of a cluster accepts it.
   */
  verifyToken?: VerifyAccessToken;
}

export interface HubServer {
  /** Adds a hub; may be called by any plugin before or after the server listens. */
  addHub(definition: HubDefinition): Hub;
  hub(name: string): Hub | undefined;
  readonly backplane: Backplane;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SignalR-compatible hub server (server/hubs). */
    hubServer: HubServer;
  }
}

interface Connection {
  hub: RegisteredHub;
  connectionId: string;
  /** The secret of `?id=`; never sent to other clients. */
  token: string;
  user: AuthUser;
  /** negotiated → handshaking (socket open) → connecting (handshake read) → open (answered) → closed. */
  state: 'negotiated' | 'handshaking' | 'connecting' | 'open' | 'closed';
  createdAt: number;
  socket?: WebSocket;
  buffer: string;
  lastReceived: number;
  lastSent: number;
  /** Invocations run one after another, like SignalR's default of one parallel invocation. */
  queue: Promise<void>;
  channels: Set<string>;
  context?: HubCallContext;
}

interface RegisteredHub {
  definition: HubDefinition;
  methods: Map<string, HubMethod>;
  clients: HubClients;
  connections: Set<Connection>;
  log: FastifyBaseLogger;
}

interface Membership {
  members: Set<Connection>;
  unsubscribe: Promise<() => Promise<void>>;
}

const channelOf = {
  user: (hub: string, userId: string) => `hub:${hub}:user:${encodeURIComponent(userId)}`,
  connection: (hub: string, id: string) => `hub:${hub}:conn:${id}`,
  group: (hub: string, group: string) => `hub:${hub}:group:${encodeURIComponent(group)}`,
  all: (hub: string) => `hub:${hub}:all`,
};

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Refuses an upgrade request with a plain HTTP answer. */
function refuseUpgrade(
  socket: Duplex,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (!socket.writable) return void socket.destroy();
  const reason =
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      409: 'Conflict',
      503: 'Service Unavailable',
    }[status] ?? 'Error';
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(message)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${message}`);
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * The hub server: SignalR's JSON hub protocol over WebSockets for the official @microsoft/signalr
 * client (negotiate, `?id=` sockets, skipNegotiation, handshake, invocations with completions,
 * keep-alive, Close with allowReconnect on shutdown). Connections are indexed by user, and every
 * send goes through the backplane so any node reaches any connection.
 */
export default fp<HubServerOptions>(
  async (app: FastifyInstance, options) => {
    const timing: HubTiming = { ...defaultHubTiming, ...options.timing };
    const backplane = options.backplane ?? new InProcessBackplane();
    const verifyToken = options.verifyToken ?? app.verifyAccessToken;
    if (!verifyToken) throw new Error('The hub server needs the auth plugin or a verifyToken option');
    const origins = appOrigins(
      app.config?.publicOrigin ?? 'http://localhost',
      app.config?.BASE_DOMAIN ?? 'localhost',
    );
    const hubs = new Map<string, RegisteredHub>();
    /** Negotiated and open connections, by their secret token. */
    const byToken = new Map<string, Connection>();
    const memberships = new Map<string, Membership>();
    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: maxMessageBytes,
      perMessageDeflate: false,
      clientTracking: false,
    });
    let stopping = false;

    // ---- fan-out -----------------------------------------------------------------------------

    const deliver = (channel: string, message: BackplaneMessage) => {
      const membership = memberships.get(channel);
      if (!membership) return;
      const except = new Set(message.except ?? []);
      const record = formatRecord({
        type: MessageType.Invocation,
        target: message.target,
        arguments: message.arguments,
      });
      for (const connection of membership.members) {
        if (!except.has(connection.connectionId)) sendRaw(connection, record);
      }
    };

    async function join(channel: string, connection: Connection) {
      let membership = memberships.get(channel);
      if (!membership) {
        membership = {
          members: new Set(),
          unsubscribe: backplane.subscribe(channel, (message) => deliver(channel, message)),
        };
        memberships.set(channel, membership);
      }
      membership.members.add(connection);
      connection.channels.add(channel);
      await membership.unsubscribe;
    }

    async function leave(channel: string, connection: Connection) {
      connection.channels.delete(channel);
      const membership = memberships.get(channel);
      if (!membership) return;
      membership.members.delete(connection);
      if (membership.members.size > 0) return;
      memberships.delete(channel);
      await (
        await membership.unsubscribe
      )();
    }

    function clientsOf(name: string): HubClients {
      const send = (channel: string, target: string, args: unknown[], except?: string[]) =>
        backplane.publish(channel, { target, arguments: args, ...(except?.length ? { except } : {}) });
      return {
        user: (userId, target, ...args) => send(channelOf.user(name, userId), target, args),
        connection: (id, target, ...args) => send(channelOf.connection(name, id), target, args),
        group: (group, target, args, except) => send(channelOf.group(name, group), target, args, except),
        all: (target, args, except) => send(channelOf.all(name), target, args, except),
      };
    }

    // ---- sending -----------------------------------------------------------------------------

    function sendRaw(connection: Connection, record: string) {
      const socket = connection.socket;
      if (connection.state !== 'open' || !socket || socket.readyState !== 1) return;
      if (socket.bufferedAmount > maxBufferedBytes) {
        connection.hub.log.warn({ connectionId: connection.connectionId }, 'hub client too slow; dropped');
        socket.terminate();
        return;
      }
      connection.lastSent = Date.now();
      socket.send(record);
    }

    const send = (connection: Connection, message: ServerMessage) =>
      sendRaw(connection, formatRecord(message));

    /** Sends Close (optionally inviting a reconnect) and closes the socket. */
    function closeWith(connection: Connection, close: { error?: string; allowReconnect?: boolean }) {
      if (connection.state === 'open') send(connection, { type: MessageType.Close, ...close });
      connection.socket?.close(1000);
    }

    // ---- connections ---------------------------------------------------------------------------

    function newConnection(hub: RegisteredHub, user: AuthUser): Connection {
      const now = Date.now();
      const connection: Connection = {
        hub,
        connectionId: randomId(16),
        token: randomId(32),
        user,
        state: 'negotiated',
        createdAt: now,
        buffer: '',
        lastReceived: now,
        lastSent: now,
        queue: Promise.resolve(),
        channels: new Set(),
      };
      byToken.set(connection.token, connection);
      return connection;
    }

    function contextOf(connection: Connection): HubCallContext {
      connection.context ??= {
        connectionId: connection.connectionId,
        user: connection.user,
        clients: connection.hub.clients,
        addToGroup: async (group) => {
          if (connection.state === 'closed') return;
          await join(channelOf.group(connection.hub.definition.name, group), connection);
        },
        removeFromGroup: (group) => leave(channelOf.group(connection.hub.definition.name, group), connection),
        log: connection.hub.log.child({
          connectionId: connection.connectionId,
          userId: connection.user.userId,
        }),
      };
      return connection.context;
    }

    function enqueue(connection: Connection, work: () => Promise<void>) {
      connection.queue = connection.queue.then(work).catch((error: unknown) => {
        connection.hub.log.error(
          { err: error, connectionId: connection.connectionId },
          'hub connection failed',
        );
        closeWith(connection, { error: 'Connection closed with an error.' });
      });
    }

    async function openConnection(connection: Connection) {
      const { hub } = connection;
      const name = hub.definition.name;
      hub.connections.add(connection);
      // Subscribed before the handshake answer: once the client's start() resolves, it receives.
      await Promise.all([
        join(channelOf.user(name, connection.user.userId), connection),
        join(channelOf.connection(name, connection.connectionId), connection),
        join(channelOf.all(name), connection),
      ]);
      if (connection.state !== 'connecting') return;
      connection.state = 'open';
      sendRaw(connection, formatRecord({}));
      try {
        await hub.definition.onConnected?.(contextOf(connection));
      } catch (error) {
        hub.log.error({ err: error, connectionId: connection.connectionId }, 'hub onConnected failed');
        closeWith(connection, { error: 'Connection closed with an error.' });
      }
    }

    async function closeConnection(connection: Connection, error?: Error) {
      const wasOpen = connection.state === 'open';
      connection.state = 'closed';
      byToken.delete(connection.token);
      connection.hub.connections.delete(connection);
      await Promise.all([...connection.channels].map((channel) => leave(channel, connection)));
      if (!wasOpen) return;
      try {
        await connection.hub.definition.onDisconnected?.(contextOf(connection), error);
      } catch (hookError) {
        connection.hub.log.error({ err: hookError }, 'hub onDisconnected failed');
      }
    }

    async function invoke(connection: Connection, message: ClientMessage) {
      const { invocationId } = message;
      const reply = (completion: Omit<CompletionMessage, 'type' | 'invocationId'>) => {
        if (invocationId !== undefined)
          send(connection, { type: MessageType.Completion, invocationId, ...completion });
      };
      const target = typeof message.target === 'string' ? message.target : '';
      const method = connection.hub.methods.get(target.toLowerCase());
      if (!method) return reply({ error: `Failed to invoke '${target}' because it does not exist.` });
      if (message.streamIds?.length) return reply({ error: 'Client-to-server streaming is not supported.' });
      const args = Array.isArray(message.arguments) ? message.arguments : [];
      try {
        const result = await method(contextOf(connection), ...args);
        reply(result === undefined ? {} : { result });
      } catch (error) {
        if (!(error instanceof HubError)) {
          connection.hub.log.error({ err: error, target }, 'hub method failed');
        }
        reply({
          error:
            error instanceof HubError
              ? `An error occurred invoking '${target}' on the server. HubException: ${error.message}`
              : `An unexpected error occurred invoking '${target}' on the server.`,
        });
      }
    }

    function onRecord(connection: Connection, record: string) {
      if (connection.state === 'handshaking') {
        const problem = checkHandshake(record);
        if (problem) {
          connection.socket?.send(formatRecord({ error: problem }));
          connection.socket?.close(1000);
          return;
        }
        connection.state = 'connecting';
        enqueue(connection, () => openConnection(connection));
        return;
      }
      const message = parseMessage(record);
      if (!message) {
        closeWith(connection, {
          error: 'Connection closed with an error. InvalidDataException: invalid message.',
        });
        return;
      }
      switch (message.type) {
        case MessageType.Invocation:
          enqueue(connection, () => invoke(connection, message));
          break;
        case MessageType.StreamInvocation:
          if (message.invocationId) {
            send(connection, {
              type: MessageType.Completion,
              invocationId: message.invocationId,
              error: 'Streaming hub methods are not supported.',
            });
          }
          break;
        case MessageType.Close:
          connection.socket?.close(1000);
          break;
        default:
          // Ping, CancelInvocation, StreamItem, Ack, Sequence: nothing to do (lastReceived is updated).
          break;
      }
    }

    function attach(connection: Connection, socket: WebSocket) {
      connection.socket = socket;
      connection.state = 'handshaking';
      connection.lastReceived = Date.now();
      socket.on('message', (data: RawData) => {
        connection.lastReceived = Date.now();
        const { records, rest } = splitRecords(connection.buffer + rawText(data));
        connection.buffer = rest;
        if (rest.length > maxMessageBytes) {
          closeWith(connection, { error: 'The message is too large.' });
          return;
        }
        for (const record of records) {
          if (connection.state === 'closed') return;
          onRecord(connection, record);
        }
      });
      socket.on('error', (error: Error) => {
        connection.hub.log.debug({ err: error, connectionId: connection.connectionId }, 'hub socket error');
      });
      socket.on('close', () => {
        enqueue(connection, () => closeConnection(connection));
      });
    }

    // ---- HTTP: negotiate -------------------------------------------------------------------

    function cors(request: FastifyRequest, reply: FastifyReply) {
      const origin = request.headers.origin;
      if (!origin || !origins.isAppOrigin(origin)) return;
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
    }

    const unauthorized = (reply: FastifyReply, message: string) =>
      reply.status(401).header('www-authenticate', 'Bearer').send({ code: 'UNAUTHORIZED', message });

    async function authenticate(headers: IncomingMessage['headers'], query: URLSearchParams) {
      const token = hubTokenOf({ authorization: headers.authorization }, query);
      if (!token) return { error: 'Sign in to connect' } as const;
      try {
        return { user: await verifyToken(token) } as const;
      } catch {
        return { error: 'The hub key is not valid' } as const;
      }
    }

    app.options<{ Params: { hub: string } }>(
      `${hubsPrefix}/:hub/negotiate`,
      { schema: { hide: true } },
      async (request, reply) => {
        cors(request, reply);
        reply.header('access-control-allow-methods', 'POST, OPTIONS');
        reply.header(
          'access-control-allow-headers',
          'authorization, content-type, x-requested-with, x-signalr-user-agent',
        );
        reply.header('access-control-max-age', '600');
        return reply.status(204).send();
      },
    );

    app.post<{ Params: { hub: string } }>(
      `${hubsPrefix}/:hub/negotiate`,
      { schema: { hide: true } },
      async (request, reply) => {
        cors(request, reply);
        reply.header('cache-control', 'no-store');
        const hub = hubs.get(request.params.hub);
        if (!hub) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such hub' });
        const query = new URL(request.url, 'http://hub').searchParams;
        const auth = await authenticate(request.headers, query);
        if ('error' in auth) return unauthorized(reply, auth.error ?? 'Sign in to connect');
        if (query.get('negotiateVersion') !== '1') {
          // Version 0 clients use the public connectionId as the socket id: not offered.
          return reply.send({ error: 'This server requires negotiateVersion=1.' });
        }
        const connection = newConnection(hub, auth.user);
        return reply.send({
          negotiateVersion: 1,
          connectionId: connection.connectionId,
          connectionToken: connection.token,
          availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
        });
      },
    );

    // ---- WebSocket upgrade ----------------------------------------------------------------

    async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const url = new URL(request.url ?? '/', 'http://hub');
      const match = hubPathRe.exec(url.pathname);
      if (!match) return false;
      socket.on('error', () => socket.destroy());
      const hub = hubs.get(match[1]);
      if (!hub) return refuseUpgrade(socket, 404, 'No such hub');
      if (stopping) return refuseUpgrade(socket, 503, 'The server is shutting down');
      const auth = await authenticate(request.headers, url.searchParams);
      if ('error' in auth) {
        return refuseUpgrade(socket, 401, auth.error ?? 'Unauthorized', { 'WWW-Authenticate': 'Bearer' });
      }
      const id = url.searchParams.get('id');
      let connection: Connection;
      if (id) {
        const found = byToken.get(id);
        if (!found || found.hub !== hub) return refuseUpgrade(socket, 404, 'No connection with that id');
        if (found.state !== 'negotiated')
          return refuseUpgrade(socket, 409, 'The connection already has a socket');
        if (found.user.userId !== auth.user.userId) return refuseUpgrade(socket, 403, 'Not your connection');
        connection = found;
        connection.user = auth.user;
      } else {
        // skipNegotiation: a new connection of its own.
        connection = newConnection(hub, auth.user);
      }
      connection.state = 'handshaking';
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (stopping) {
          ws.close(1001);
          return;
        }
        attach(connection, ws);
      });
    }

    const upgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      onUpgrade(request, socket, head).then(
        (handled) => {
          // Nobody else listens for upgrades: refuse paths that are not hubs rather than leave them hanging.
          if (handled === false && app.server.listenerCount('upgrade') === 1)
            refuseUpgrade(socket, 404, 'Not found');
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'hub upgrade failed');
          socket.destroy();
        },
      );
    };
    app.server.on('upgrade', upgradeListener);

    // ---- keep-alive and clean-up ------------------------------------------------------------

    const tickMs = Math.max(10, Math.min(1000, Math.floor(timing.keepAliveIntervalMs / 3)));
    const ticker = setInterval(() => {
      const now = Date.now();
      for (const connection of byToken.values()) {
        if (connection.state === 'negotiated' && now - connection.createdAt > timing.negotiateTtlMs) {
          byToken.delete(connection.token);
        } else if (
          connection.state === 'handshaking' &&
          now - connection.lastReceived > timing.handshakeTimeoutMs
        ) {
          connection.socket?.close(1000);
        } else if (connection.state === 'open') {
          if (now - connection.lastReceived > timing.clientTimeoutMs) {
            closeWith(connection, {
              error: 'Server timeout elapsed without receiving a message from the client.',
            });
          } else if (now - connection.lastSent >= timing.keepAliveIntervalMs) {
            send(connection, { type: MessageType.Ping });
          }
        }
      }
    }, tickMs);
    ticker.unref();

    // ---- shutdown ------------------------------------------------------------------------------

    app.addHook('preClose', async () => {
      stopping = true;
      clearInterval(ticker);
      const open = [...byToken.values()].filter((c) => c.socket && c.state !== 'closed');
      const closed = open.map(
        (connection) =>
          new Promise<void>((resolve) => {
            const socket = connection.socket!;
            if (socket.readyState === 3) return resolve();
            socket.once('close', () => resolve());
            // Clients reconnect (to this node once restarted, or to another one).
            closeWith(connection, { allowReconnect: true });
          }),
      );
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
      await Promise.race([Promise.all(closed), timeout]);
      for (const connection of open) connection.socket?.terminate();
      app.server.off('upgrade', upgradeListener);
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...byToken.values()].map((connection) => closeConnection(connection)));
      byToken.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await backplane.close();
    });

    // ---- hubs ------------------------------------------------------------------------------

    const server: HubServer = {
      backplane,
      addHub(definition) {
        if (!/^[a-z0-9-]+$/.test(definition.name)) throw new Error(`Bad hub name '${definition.name}'`);
        if (hubs.has(definition.name)) throw new Error(`Hub '${definition.name}' is already registered`);
        const registered: RegisteredHub = {
          definition,
          methods: new Map(Object.entries(definition.methods ?? {}).map(([k, m]) => [k.toLowerCase(), m])),
          clients: clientsOf(definition.name),
          connections: new Set(),
          log: app.log.child({ hub: definition.name }),
        };
        hubs.set(definition.name, registered);
        return hubOf(registered);
      },
      hub(name) {
        const registered = hubs.get(name);
        return registered && hubOf(registered);
      },
    };
    const hubOf = (registered: RegisteredHub): Hub => ({
      name: registered.definition.name,
      clients: registered.clients,
      localConnectionCount: (userId) =>
        [...registered.connections].filter((c) => userId === undefined || c.user.userId === userId).length,
    });
    app.decorate('hubServer', server);
  },
  { name: 'hub-server' },
);
