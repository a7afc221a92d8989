import { createHash, randomBytes } from 'node:crypto';

/**
 * Negotiated connection tokens that any node can check, so a client may negotiate with one node
 * and open its socket on another (no sticky sessions). A token names its user and when it was
 * made, plus a random secret; the connection id is a hash of the hub and the whole token. Any node
 * reads the user and age from the token and derives the same id, and nobody can make a token for
 * a connection id they were not given (that would need a preimage of the hash), so no node has to
 * remember what it negotiated and no secret has to be shared between nodes.
 */

/** How far another node's clock may be ahead of this one's (a token made "in the future" by this much is still good). */
export const nodeClockSkewMs = 60_000;

const secretBytes = 24;
const b64 = (bytes: Buffer) => bytes.toString('base64url');

export interface ConnectionIdentity {
  connectionId: string;
  /** The secret of `?id=`: never sent to other clients. */
  token: string;
}

export interface TokenClaim extends ConnectionIdentity {
  userId: string;
  /** When the token stops opening a socket (ms since the epoch). */
  expiresAt: number;
}

/** The public id of the connection a token opens on `hub`. */
export function connectionIdOf(hub: string, token: string): string {
  return b64(createHash('sha256').update(`${hub}\n${token}`).digest()).slice(0, 22);
}

/** A new token for `userId` on `hub`, made at `now`. */
export function issueConnectionToken(hub: string, userId: string, now = Date.now()): ConnectionIdentity {
  const token = [b64(Buffer.from(userId, 'utf8')), now.toString(36), b64(randomBytes(secretBytes))].join('.');
  return { token, connectionId: connectionIdOf(hub, token) };
}

/**
 * What a token claims, or undefined when it is malformed, too old (`ttlMs` after it was made) or
 * made too far in the future.
 */
export function readConnectionToken(
  hub: string,
  token: string,
  ttlMs: number,
  now = Date.now(),
): TokenClaim | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]{32}$/.test(parts[2])) return undefined;
  const userId = Buffer.from(parts[0], 'base64url').toString('utf8');
  const madeAt = Number.parseInt(parts[1], 36);
  if (!userId || !Number.isSafeInteger(madeAt)) return undefined;
  if (madeAt > now + nodeClockSkewMs || now - madeAt > ttlMs) return undefined;
  return { userId, token, connectionId: connectionIdOf(hub, token), expiresAt: madeAt + ttlMs };
}
