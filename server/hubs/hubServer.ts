import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer } from 'ws';
import { hubTokenOf } from '../identity/accessTokens';
import { appOrigins } from '../identity/origins';
import { InProcessBackplane } from './backplane';
import { HubConnections, maxMessageBytes, type RegisteredHub } from './connections';
import {
  type Authenticate,
  defaultHubTiming,
  type Hub,
  type HubServer,
  type HubServerOptions,
  type HubTiming,
} from './hub';
import { negotiateRoutes } from './negotiate';
import { upgradeListener } from './upgrade';

/**
 * The hub server: SignalR's JSON hub protocol over WebSockets for the official @microsoft/signalr
 * client (negotiate, `?id=` sockets, skipNegotiation, handshake, invocations with completions,
 * keep-alive, Close with allowReconnect on shutdown). A connection negotiated with any node may
 * open here; a send reaches this node's connections at once and the others through the backplane,
 * and after a backplane outage the hubs' users catch up.
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
    const connections = new HubConnections(backplane, hubs, app.log);
    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: maxMessageBytes,
      perMessageDeflate: false,
      clientTracking: false,
    });
    let stopping = false;

    const authenticate: Authenticate = async (headers, query) => {
      const token = hubTokenOf({ authorization: headers.authorization }, query);
      if (!token) return { error: 'Sign in to connect' } as const;
      try {
        return { user: await verifyToken(token) } as const;
      } catch {
        return { error: 'The hub key is not valid' } as const;
      }
    };

    negotiateRoutes(app, { hubs, authenticate, origins });
    const onUpgrade = upgradeListener(app, {
      hubs,
      connections,
      negotiateTtlMs: timing.negotiateTtlMs,
      authenticate,
      wss,
      stopping: () => stopping,
    });
    app.server.on('upgrade', onUpgrade);

    // Keep-alive and clean-up.
    const tickMs = Math.max(10, Math.min(1000, Math.floor(timing.keepAliveIntervalMs / 3)));
    const ticker = setInterval(() => connections.tick(timing), tickMs);
    ticker.unref();

    app.addHook('preClose', async () => {
      stopping = true;
      clearInterval(ticker);
      const open = connections.withSockets();
      const closed = open.map(
        (connection) =>
          new Promise<void>((resolve) => {
            const socket = connection.socket!;
            if (socket.readyState === 3) return resolve();
            socket.once('close', () => resolve());
            // Clients reconnect (to this node once restarted, or to another one).
            connections.closeWith(connection, { allowReconnect: true });
          }),
      );
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
      await Promise.race([Promise.all(closed), timeout]);
      for (const connection of open) connection.socket?.terminate();
      app.server.off('upgrade', onUpgrade);
    });
    app.addHook('onClose', async () => {
      await connections.closeAll();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await backplane.close();
    });

    const hubOf = (registered: RegisteredHub): Hub => ({
      name: registered.definition.name,
      clients: registered.clients,
      localConnectionCount: (userId) =>
        [...registered.connections].filter((c) => userId === undefined || c.user.userId === userId).length,
    });
    const server: HubServer = {
      backplane,
      addHub(definition) {
        if (!/^[a-z0-9-]+$/.test(definition.name)) throw new Error(`Bad hub name '${definition.name}'`);
        if (hubs.has(definition.name)) throw new Error(`Hub '${definition.name}' is already registered`);
        const registered: RegisteredHub = {
          definition,
          methods: new Map(Object.entries(definition.methods ?? {}).map(([k, m]) => [k.toLowerCase(), m])),
          clients: connections.clientsOf(definition.name),
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
    app.decorate('hubServer', server);
  },
  { name: 'hub-server' },
);
