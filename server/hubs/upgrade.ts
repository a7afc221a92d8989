import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { WebSocketServer } from 'ws';
import type { Connection, HubConnections, RegisteredHub } from './connections';
import { readConnectionToken } from './connectionTokens';
import { type Authenticate, guestUser, isGuest, newGuestId } from './hub';

const hubPathRe = /^\/hubs\/([a-z0-9-]+)\/?$/;

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

interface UpgradeOptions {
  hubs: Map<string, RegisteredHub>;
  connections: HubConnections;
  /** How long a negotiated token may wait for its socket. */
  negotiateTtlMs: number;
  authenticate: Authenticate;
  wss: WebSocketServer;
  /** Whether the server is shutting down (new sockets are refused). */
  stopping: () => boolean;
}

/**
 * The listener of the HTTP server's 'upgrade' event: a hub socket at /hubs/{hub} opens a
 * negotiated connection (`?id=`, the same user, negotiated with any node) or, with
 * skipNegotiation, a new one. Refusals are plain HTTP answers.
 */
export function upgradeListener(
  app: FastifyInstance,
  { hubs, connections, negotiateTtlMs, authenticate, wss, stopping }: UpgradeOptions,
) {
  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://hub');
    const match = hubPathRe.exec(url.pathname);
    if (!match) return false;
    socket.on('error', () => socket.destroy());
    const hub = hubs.get(match[1]);
    if (!hub) return refuseUpgrade(socket, 404, 'No such hub');
    if (stopping()) return refuseUpgrade(socket, 503, 'The server is shutting down');
    const id = url.searchParams.get('id');
    let auth = await authenticate(request.headers, url.searchParams);
    if ('error' in auth && auth.noKey && hub.definition.guests) {
      // A guest: the one its negotiated token names, or a new one (skipNegotiation).
      const claimed = id ? readConnectionToken(hub.definition.name, id, negotiateTtlMs)?.userId : undefined;
      auth = { user: guestUser(claimed && isGuest(claimed) ? claimed : newGuestId()) };
    }
    if ('error' in auth) {
      return refuseUpgrade(socket, 401, auth.error ?? 'Unauthorized', { 'WWW-Authenticate': 'Bearer' });
    }
    let connection: Connection;
    if (id) {
      // Negotiated on this node or another: the token tells which connection it opens.
      const claim = readConnectionToken(hub.definition.name, id, negotiateTtlMs);
      if (!claim) return refuseUpgrade(socket, 404, 'No connection with that id');
      if (claim.userId !== auth.user.userId) return refuseUpgrade(socket, 403, 'Not your connection');
      if (connections.tokenUsed(id)) return refuseUpgrade(socket, 409, 'The connection already has a socket');
      connection = connections.create(hub, auth.user, claim);
    } else {
      // skipNegotiation: a new connection of its own.
      connection = connections.create(hub, auth.user);
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (stopping()) {
        ws.close(1001);
        return;
      }
      connections.attach(connection, ws);
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
  return upgradeListener;
}
