import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer } from 'ws';
import { type AuthUser, hubTokenOf } from '../identity/accessTokens';
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

/** Why a connection of a revoked grant is refused or closed (the client does not reconnect). */
const sessionEnded = 'Your session has ended; sign in again.';

/**
 * The hub server: SignalR's JSON hub protocol over WebSockets for the official @microsoft/signalr
 * client (negotiate, `?id=` sockets, skipNegotiation, handshake, invocations with completions,
 * keep-alive, Close with allowReconnect on shutdown). A connection negotiated with any node may
 * open here; a send reaches this node's connections at once and the others through the backplane,
 * and after a backplane outage the hubs' users catch up. A connection whose grant is revoked
 * (sign-out, password change, account deletion) is closed within `grantCheckIntervalMs`.
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

    // Resolved on use: the embedded provider decorates it after this plugin may have been made.
    const liveGrants = () => options.liveGrants ?? app.liveGrants;
    /** The grants among `users` still in force (all of them when there is nothing to check against). */
    const grantsInForce = async (users: AuthUser[]): Promise<(grantId: string) => boolean> => {
      const check = liveGrants();
      const ids = [...new Set(users.flatMap((u) => (u.grantId ? [u.grantId] : [])))];
      if (!check || ids.length === 0) return () => true;
      const live = await check(ids);
      return (grantId) => live.has(grantId);
    };

    const authenticate: Authenticate = async (headers, query) => {
      const token = hubTokenOf({ authorization: headers.authorization }, query);
      if (!token) return { error: 'Sign in to connect', noKey: true } as const;
      let user: AuthUser;
      try {
        user = await verifyToken(token);
      } catch {
        return { error: 'The hub key is not valid' } as const;
      }
      // Checked afresh (the verification may be remembered for a while): a revoked grant opens nothing.
      if (user.grantId && !(await grantsInForce([user]))(user.grantId)) {
        return { error: sessionEnded } as const;
      }
      return { user } as const;
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

    /** Closes the open connections whose grant was revoked since they opened. */
    let lastGrantCheck = Date.now();
    let checkingGrants = false;
    const checkGrants = async () => {
      const open = connections.withSockets().filter((c) => c.state === 'open' && c.user.grantId);
      if (open.length === 0) return;
      const inForce = await grantsInForce(open.map((c) => c.user));
      for (const connection of open) {
        if (connection.state === 'open' && !inForce(connection.user.grantId!)) {
          connections.closeWith(connection, { error: sessionEnded });
        }
      }
    };

    // Keep-alive, clean-up and grant checks.
    const tickMs = Math.max(10, Math.min(1000, Math.floor(timing.keepAliveIntervalMs / 3)));
    const ticker = setInterval(() => {
      const now = Date.now();
      connections.tick(timing, now);
      // A clock set back must not put the checks off until it has caught up again.
      if (now < lastGrantCheck) lastGrantCheck = now;
      if (checkingGrants || now - lastGrantCheck < timing.grantCheckIntervalMs) return;
      lastGrantCheck = now;
      checkingGrants = true;
      checkGrants()
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not check hub connections’ grants'))
        .finally(() => (checkingGrants = false));
    }, tickMs);
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
        [...registered.connections.values()].filter((c) => userId === undefined || c.user.userId === userId)
          .length,
      sendLocal: (connectionId, target, ...args) =>
        connections.sendLocal(registered, connectionId, target, args),
      localContext: (connectionId) => connections.localContext(registered, connectionId),
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
          connections: new Map(),
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
