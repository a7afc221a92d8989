import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser, LiveGrants, VerifyAccessToken } from '../identity/accessTokens';
import { guestPrefix, isGuest } from '../../contracts/live';
import type { Backplane } from './backplane';

/** What a hub is: what the plugins that add one write, and what the hub server offers them. */

/** Hubs live at `/hubs/{name}` (ARCHITECTURE.md: /hubs/live-user, /hubs/direct-message-group, /hubs/notification). */
export const hubsPrefix = '/hubs';

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
  /**
   * Whether a client without a key connects, as a guest (`guestUser`): a new guest id per
   * connection, a guest name, no roles. A key that is not valid is still refused.
   */
  guests?: boolean;
  /** Methods clients invoke; names match case-insensitively, as in SignalR. */
  methods?: Record<string, HubMethod>;
  /** After the handshake (per connection; a reconnect is a new connection of the same user). */
  onConnected?: (context: HubCallContext) => void | Promise<void>;
  /** After the socket closed, whatever the reason. */
  onDisconnected?: (context: HubCallContext, error?: Error) => void | Promise<void>;
  /**
   * After the backplane was interrupted, once it is back: these users may have missed messages
   * (those connected to this node missed what other nodes sent; those this node sent to did not
   * get it on other nodes). Send them what they need to be current again. Called in batches.
   */
  onCatchUp?: (userIds: string[], context: HubCatchUpContext) => void | Promise<void>;
}

export interface HubCatchUpContext {
  clients: HubClients;
  log: FastifyBaseLogger;
}

export interface Hub {
  readonly name: string;
  readonly clients: HubClients;
  /** Connections of `userId` open on this node. */
  localConnectionCount(userId?: string): number;
  /**
   * Sends to one connection if it is open on this node, without the backplane (for what each node
   * computes for its own connections); answers whether it was sent.
   */
  sendLocal(connectionId: string, target: string, ...args: unknown[]): boolean;
  /** What a method of this connection would know, if it is open on this node (to act for it). */
  localContext(connectionId: string): HubCallContext | undefined;
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
  /**
   * How often open connections are checked against their grants: a connection whose grant was
   * revoked (sign-out, password change, account deletion) is closed within this time.
   */
  grantCheckIntervalMs: number;
}

export const defaultHubTiming: HubTiming = {
  keepAliveIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  negotiateTtlMs: 30_000,
  grantCheckIntervalMs: 20_000,
};

export interface HubServerOptions {
  backplane?: Backplane;
  timing?: Partial<HubTiming>;
  /**
   * Verifies the hub key. By default the key is the caller's own API access token (GET
   * /api/communicationInteractionService/key echoes it), verified as the API verifies it
   * (`app.verifyAccessToken` of the auth plugin): any node of a cluster accepts it.
   */
  verifyToken?: VerifyAccessToken;
  /**
   * Which grants are still in force (default: the embedded provider's `app.liveGrants`); without
   * it, connections are not checked against their grants.
   */
  liveGrants?: LiveGrants;
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

/** Who a hub request is from: its user, or why it is refused (`noKey`: it brought no key at all). */
export type Authenticate = (
  headers: IncomingMessage['headers'],
  query: URLSearchParams,
) => Promise<{ readonly user: AuthUser } | { readonly error: string; readonly noKey?: boolean }>;

export { guestPrefix, isGuest };

/** The user a guest is: from its id (new with `newGuestId`), named 'Guest' and the id's last 4. */
export function guestUser(userId: string): AuthUser {
  return { userId, name: `Guest ${userId.slice(-4).toUpperCase()}`, roles: [] };
}

export const newGuestId = () => `${guestPrefix}${randomBytes(8).toString('hex')}`;
