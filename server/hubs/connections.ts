import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AuthUser } from '../identity/accessTokens';
import type { Backplane } from './backplane';
import { CatchUp } from './catchUp';
import type { ConnectionIdentity } from './connectionTokens';
import { channelOf, FanOut } from './fanOut';
import {
  type HubCallContext,
  type HubClients,
  type HubDefinition,
  HubError,
  type HubMethod,
  type HubTiming,
} from './hub';
import {
  checkHandshake,
  type ClientMessage,
  type CompletionMessage,
  formatRecord,
  type HubProtocolName,
  MessageType,
  Outgoing,
  parseBinaryMessage,
  parseMessage,
  type ServerMessage,
  splitBinary,
  splitRecords,
} from './protocol';

/** Largest message a client may send (SignalR's default is 32 KiB). */
export const maxMessageBytes = 64 * 1024;
/** A client that lets this much pile up unsent is dropped rather than buffered forever. */
const maxBufferedBytes = 4 * 1024 * 1024;

export interface Connection {
  hub: RegisteredHub;
  connectionId: string;
  /** The secret of `?id=`; never sent to other clients. */
  token: string;
  user: AuthUser;
  /** handshaking (socket opening) → connecting (handshake read) → open (answered) → closed. */
  state: 'handshaking' | 'connecting' | 'open' | 'closed';
  createdAt: number;
  socket?: WebSocket;
  /** The hub protocol the client chose in its handshake. */
  protocol: HubProtocolName;
  buffer: string;
  /** An unfinished binary message (MessagePack). */
  binaryBuffer: Buffer;
  lastReceived: number;
  lastSent: number;
  /** Invocations run one after another, like SignalR's default of one parallel invocation. */
  queue: Promise<void>;
  channels: Set<string>;
  context?: HubCallContext;
}

export interface RegisteredHub {
  definition: HubDefinition;
  methods: Map<string, HubMethod>;
  clients: HubClients;
  /** Its open connections on this node, by connection id. */
  connections: Map<string, Connection>;
  log: FastifyBaseLogger;
}

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');

function rawBytes(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  return data;
}

/**
 * The connections of this node, from socket to close: the handshake, invocations (one at a time
 * per connection, with completions), groups, keep-alive, and Close. Negotiating keeps nothing
 * here (connectionTokens.ts): the socket may open on any node. Every send to a client goes through
 * the fan-out (fanOut.ts), so any node reaches any connection.
 */
export class HubConnections {
  /** Connections with a socket, by their secret token. */
  private readonly byToken = new Map<string, Connection>();
  /** Negotiated tokens that opened a socket here, until they expire: each opens one. */
  private readonly usedTokens = new Map<string, number>();
  private readonly fanOut: FanOut<Connection>;
  private readonly catchUp: CatchUp;

  constructor(
    backplane: Backplane,
    /** The registered hubs, by name. */
    hubs: ReadonlyMap<string, RegisteredHub>,
    log?: FastifyBaseLogger,
  ) {
    this.catchUp = new CatchUp(hubs, log);
    this.fanOut = new FanOut<Connection>(
      backplane,
      (connection, record) => this.sendRaw(connection, record),
      (hub, userId) => this.catchUp.remember(hub, userId),
    );
    // What was published while the backplane was down is lost: the hubs' users catch up.
    backplane.onRestored?.(() => void this.catchUp.run());
  }

  /** How a hub's methods and services send to its clients. */
  clientsOf(hubName: string): HubClients {
    return this.fanOut.clientsOf(hubName);
  }

  /** Whether a negotiated token already opened a socket on this node. */
  tokenUsed(token: string): boolean {
    return this.usedTokens.has(token);
  }

  private sendRaw(connection: Connection, message: Outgoing) {
    const socket = connection.socket;
    if (connection.state !== 'open' || !socket || socket.readyState !== 1) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      connection.hub.log.warn({ connectionId: connection.connectionId }, 'hub client too slow; dropped');
      socket.terminate();
      return;
    }
    connection.lastSent = Date.now();
    socket.send(message.for(connection.protocol));
  }

  /**
   * Sends to one connection of this node only, without the backplane: for traffic each node
   * computes for its own connections (live poses). Answers whether the connection is here and open.
   */
  sendLocal(hub: RegisteredHub, connectionId: string, target: string, args: unknown[]): boolean {
    const connection = hub.connections.get(connectionId);
    if (!connection || connection.state !== 'open') return false;
    this.send(connection, { type: MessageType.Invocation, target, arguments: args });
    return true;
  }

  /** The call context of an open connection of this node. */
  localContext(hub: RegisteredHub, connectionId: string): HubCallContext | undefined {
    const connection = hub.connections.get(connectionId);
    return connection?.state === 'open' ? this.contextOf(connection) : undefined;
  }

  private send(connection: Connection, message: ServerMessage) {
    this.sendRaw(connection, new Outgoing(message));
  }

  /** Sends Close (optionally inviting a reconnect) and closes the socket. */
  closeWith(connection: Connection, close: { error?: string; allowReconnect?: boolean }) {
    if (connection.state === 'open') this.send(connection, { type: MessageType.Close, ...close });
    connection.socket?.close(1000);
  }

  /**
   * A connection about to get its socket: one negotiated (with the id and token negotiate gave,
   * usable until `expiresAt`) or, with skipNegotiation, a new one.
   */
  create(
    hub: RegisteredHub,
    user: AuthUser,
    negotiated?: ConnectionIdentity & { expiresAt: number },
  ): Connection {
    const now = Date.now();
    if (negotiated) this.usedTokens.set(negotiated.token, negotiated.expiresAt);
    const connection: Connection = {
      hub,
      connectionId: negotiated?.connectionId ?? randomId(16),
      token: negotiated?.token ?? randomId(32),
      user,
      state: 'handshaking',
      createdAt: now,
      protocol: 'json',
      buffer: '',
      binaryBuffer: Buffer.alloc(0),
      lastReceived: now,
      lastSent: now,
      queue: Promise.resolve(),
      channels: new Set(),
    };
    this.byToken.set(connection.token, connection);
    return connection;
  }

  private contextOf(connection: Connection): HubCallContext {
    connection.context ??= {
      connectionId: connection.connectionId,
      user: connection.user,
      clients: connection.hub.clients,
      addToGroup: async (group) => {
        if (connection.state === 'closed') return;
        await this.fanOut.join(channelOf.group(connection.hub.definition.name, group), connection);
      },
      removeFromGroup: (group) =>
        this.fanOut.leave(channelOf.group(connection.hub.definition.name, group), connection),
      log: connection.hub.log.child({
        connectionId: connection.connectionId,
        userId: connection.user.userId,
      }),
    };
    return connection.context;
  }

  private enqueue(connection: Connection, work: () => Promise<void>) {
    connection.queue = connection.queue.then(work).catch((error: unknown) => {
      connection.hub.log.error(
        { err: error, connectionId: connection.connectionId },
        'hub connection failed',
      );
      this.closeWith(connection, { error: 'Connection closed with an error.' });
    });
  }

  private async open(connection: Connection) {
    const { hub } = connection;
    const name = hub.definition.name;
    hub.connections.set(connection.connectionId, connection);
    // Subscribed before the handshake answer: once the client's start() resolves, it receives.
    await Promise.all([
      this.fanOut.join(channelOf.user(name, connection.user.userId), connection),
      this.fanOut.join(channelOf.connection(name, connection.connectionId), connection),
      this.fanOut.join(channelOf.all(name), connection),
    ]);
    if (connection.state !== 'connecting') return;
    connection.state = 'open';
    // The handshake's answer is JSON whatever the protocol.
    connection.lastSent = Date.now();
    connection.socket?.send(formatRecord({}));
    try {
      await hub.definition.onConnected?.(this.contextOf(connection));
    } catch (error) {
      hub.log.error({ err: error, connectionId: connection.connectionId }, 'hub onConnected failed');
      this.closeWith(connection, { error: 'Connection closed with an error.' });
    }
  }

  private async close(connection: Connection, error?: Error) {
    const wasOpen = connection.state === 'open';
    connection.state = 'closed';
    this.byToken.delete(connection.token);
    connection.hub.connections.delete(connection.connectionId);
    await Promise.all([...connection.channels].map((channel) => this.fanOut.leave(channel, connection)));
    if (!wasOpen) return;
    try {
      await connection.hub.definition.onDisconnected?.(this.contextOf(connection), error);
    } catch (hookError) {
      connection.hub.log.error({ err: hookError }, 'hub onDisconnected failed');
    }
  }

  private async invoke(connection: Connection, message: ClientMessage) {
    const { invocationId } = message;
    const reply = (completion: Omit<CompletionMessage, 'type' | 'invocationId'>) => {
      if (invocationId !== undefined)
        this.send(connection, { type: MessageType.Completion, invocationId, ...completion });
    };
    const target = typeof message.target === 'string' ? message.target : '';
    const method = connection.hub.methods.get(target.toLowerCase());
    if (!method) return reply({ error: `Failed to invoke '${target}' because it does not exist.` });
    if (message.streamIds?.length) return reply({ error: 'Client-to-server streaming is not supported.' });
    const args = Array.isArray(message.arguments) ? message.arguments : [];
    try {
      const result = await method(this.contextOf(connection), ...args);
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

  private onHandshake(connection: Connection, record: string) {
    const answer = checkHandshake(record);
    if ('error' in answer) {
      connection.socket?.send(formatRecord({ error: answer.error }));
      connection.socket?.close(1000);
      return;
    }
    connection.protocol = answer.protocol;
    connection.state = 'connecting';
    this.enqueue(connection, () => this.open(connection));
  }

  private onMessage(connection: Connection, message: ClientMessage | null) {
    if (!message) {
      this.closeWith(connection, {
        error: 'Connection closed with an error. InvalidDataException: invalid message.',
      });
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
        this.enqueue(connection, () => this.invoke(connection, message));
        break;
      case MessageType.StreamInvocation:
        if (message.invocationId) {
          this.send(connection, {
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

  /** Binary frames of a MessagePack connection: complete messages are handled, the rest kept. */
  private onBinary(connection: Connection, bytes: Buffer) {
    const split = splitBinary(
      connection.binaryBuffer.length ? Buffer.concat([connection.binaryBuffer, bytes]) : bytes,
    );
    if (!split) {
      this.closeWith(connection, {
        error: 'Connection closed with an error. InvalidDataException: invalid message length.',
      });
      return;
    }
    connection.binaryBuffer = Buffer.from(split.rest);
    if (split.rest.length > maxMessageBytes) {
      this.closeWith(connection, { error: 'The message is too large.' });
      return;
    }
    for (const message of split.messages) {
      if (connection.state === 'closed') return;
      this.onMessage(connection, parseBinaryMessage(message));
    }
  }

  /** Gives a connection its socket: the handshake comes next. */
  attach(connection: Connection, socket: WebSocket) {
    connection.socket = socket;
    connection.state = 'handshaking';
    connection.lastReceived = Date.now();
    socket.on('message', (data: RawData) => {
      connection.lastReceived = Date.now();
      const bytes = rawBytes(data);
      if (connection.protocol === 'messagepack' && connection.state !== 'handshaking') {
        this.onBinary(connection, bytes);
        return;
      }
      const { records, rest } = splitRecords(connection.buffer + bytes.toString('utf8'));
      connection.buffer = rest;
      if (rest.length > maxMessageBytes) {
        this.closeWith(connection, { error: 'The message is too large.' });
        return;
      }
      for (const record of records) {
        if (connection.state === 'closed') return;
        if (connection.state === 'handshaking') this.onHandshake(connection, record);
        else this.onMessage(connection, parseMessage(record));
      }
    });
    socket.on('error', (error: Error) => {
      connection.hub.log.debug({ err: error, connectionId: connection.connectionId }, 'hub socket error');
    });
    socket.on('close', () => {
      this.enqueue(connection, () => this.close(connection));
    });
  }

  /**
   * Keep-alive and clean-up, run every tick: expired tokens are forgotten, sockets that never send
   * the handshake are closed (connections whose socket never opened forgotten), open clients that
   * said nothing for too long are dropped, and those sent nothing for a while are pinged.
   */
  tick(timing: HubTiming, now = Date.now()) {
    for (const [token, expiresAt] of this.usedTokens) if (expiresAt < now) this.usedTokens.delete(token);
    for (const connection of this.byToken.values()) {
      if (connection.state === 'handshaking' && now - connection.lastReceived > timing.handshakeTimeoutMs) {
        if (connection.socket) connection.socket.close(1000);
        else this.byToken.delete(connection.token);
      } else if (connection.state === 'open') {
        if (now - connection.lastReceived > timing.clientTimeoutMs) {
          this.closeWith(connection, {
            error: 'Server timeout elapsed without receiving a message from the client.',
          });
        } else if (now - connection.lastSent >= timing.keepAliveIntervalMs) {
          this.send(connection, { type: MessageType.Ping });
        }
      }
    }
  }

  /** Connections with a socket that is not closed yet (to close them on shutdown). */
  withSockets(): Connection[] {
    return [...this.byToken.values()].filter((c) => c.socket && c.state !== 'closed');
  }

  /** Closes every connection (their onDisconnected run) and forgets them. */
  async closeAll() {
    await Promise.allSettled([...this.byToken.values()].map((connection) => this.close(connection)));
    this.byToken.clear();
    this.usedTokens.clear();
  }
}
