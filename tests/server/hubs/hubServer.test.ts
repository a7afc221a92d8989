import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type BackplaneMessage, InProcessBackplane } from '../../../server/hubs';
import hubServer from '../../../server/hubs/hubServer';
import { rawSocket, within } from './support';

/** The hub server alone, with a fake key check ("Bearer user:<id>") and short keep-alive timings. */
async function startServer() {
  const app = Fastify({ logger: false });
  await app.register(hubServer, {
    timing: { keepAliveIntervalMs: 150, clientTimeoutMs: 600, handshakeTimeoutMs: 500 },
    verifyToken: async (token) => {
      if (!token.startsWith('user:')) throw new Error('bad');
      return { userId: token.slice(5), roles: ['free-user'] };
    },
  });
  app.hubServer.addHub({ name: 'plain' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `ws://127.0.0.1:${address.port}/hubs/plain` };
}

describe('hub server keep-alive', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('pings a client it has been silent to, and drops a client that sends nothing', async () => {
    const server = await startServer();
    app = server.app;
    const raw = rawSocket(server.url, { authorization: 'Bearer user:kim' });
    expect(await raw.opened).toBe('open');
    raw.socket.send('{"protocol":"json","version":1}\x1e');
    await raw.waitFor((f) => f === '{}\x1e');
    await raw.waitFor((f) => f === '{"type":6}\x1e', 2000, 'a ping');
    const close = await raw.waitFor((f) => f.includes('"type":7'), 3000, 'Close');
    expect(JSON.parse(close.slice(0, -1))).toEqual({ type: 7, error: expect.stringMatching(/timeout/) });
    await raw.closed;
  });

  it('keeps a client that pings', async () => {
    const server = await startServer();
    app = server.app;
    const raw = rawSocket(server.url, { authorization: 'Bearer user:lou' });
    expect(await raw.opened).toBe('open');
    raw.socket.send('{"protocol":"json","version":1}\x1e');
    const pinger = setInterval(() => raw.socket.send('{"type":6}\x1e'), 100);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    clearInterval(pinger);
    expect(raw.frames.some((f) => f.includes('"type":7'))).toBe(false);
    expect(raw.socket.readyState).toBe(1);
  });

  it('closes a socket that never sends the handshake', async () => {
    const server = await startServer();
    app = server.app;
    const raw = rawSocket(server.url, { authorization: 'Bearer user:max' });
    expect(await raw.opened).toBe('open');
    await raw.closed;
  });

  it('invites clients to reconnect when the server shuts down', async () => {
    const server = await startServer();
    app = server.app;
    const raw = rawSocket(server.url, { authorization: 'Bearer user:ned' });
    expect(await raw.opened).toBe('open');
    raw.socket.send('{"protocol":"json","version":1}\x1e');
    await raw.waitFor((f) => f === '{}\x1e');
    await within(server.app.close(), 5000, 'close');
    app = undefined;
    expect(raw.frames).toContain('{"type":7,"allowReconnect":true}\x1e');
    await raw.closed;
  });
});

/** A backplane that can be "down": publishing fails, and `restore()` brings it back. */
class FlakyBackplane extends InProcessBackplane {
  down = false;
  private readonly listeners = new Set<() => void>();
  override async publish(channel: string, message: BackplaneMessage): Promise<void> {
    if (this.down) throw new Error('the backplane is down');
    return super.publish(channel, message);
  }
  onRestored(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  restore() {
    this.down = false;
    for (const listener of this.listeners) listener();
  }
}

describe('hub server while its backplane is down', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('delivers to its own connections, and lets its users and those it failed to reach catch up after', async () => {
    const backplane = new FlakyBackplane();
    app = Fastify({ logger: false });
    await app.register(hubServer, {
      backplane,
      verifyToken: async (token) => ({ userId: token.slice(5), roles: ['free-user'] }),
    });
    const caughtUp: string[][] = [];
    const hub = app.hubServer.addHub({
      name: 'plain',
      onCatchUp: (userIds) => void caughtUp.push([...userIds].sort()),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const raw = rawSocket(`ws://127.0.0.1:${address.port}/hubs/plain`, { authorization: 'Bearer user:here' });
    expect(await raw.opened).toBe('open');
    raw.socket.send('{"protocol":"json","version":1}\x1e');
    await raw.waitFor((f) => f === '{}\x1e');

    backplane.down = true;
    await within(hub.clients.user('here', 'Hello', 1), 500, 'the send');
    await raw.waitFor((f) => f.includes('"Hello"'), 1000, 'the local delivery');
    await hub.clients.user('elsewhere', 'Hello', 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(caughtUp).toEqual([]);

    backplane.restore();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(caughtUp).toEqual([['elsewhere', 'here']]);
    // Told once: a second restore catches up those connected here only.
    backplane.restore();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(caughtUp).toEqual([['elsewhere', 'here'], ['here']]);
    raw.socket.close();
  });
});

describe('hub connections of revoked grants', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** Keys are "user:<id>:<grant>"; `live` says which grants are in force. */
  async function startWithGrants(live: Set<string>) {
    const server = Fastify({ logger: false });
    await server.register(hubServer, {
      timing: { grantCheckIntervalMs: 100 },
      verifyToken: async (token) => {
        const [kind, userId, grantId] = token.split(':');
        if (kind !== 'user') throw new Error('bad');
        return { userId, roles: ['free-user'], grantId };
      },
      liveGrants: async (ids) => new Set(ids.filter((id) => live.has(id))),
    });
    server.hubServer.addHub({ name: 'plain' });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    app = server;
    return `ws://127.0.0.1:${address.port}/hubs/plain`;
  }

  async function connect(url: string, key: string) {
    const raw = rawSocket(url, { authorization: `Bearer ${key}` });
    expect(await raw.opened).toBe('open');
    raw.socket.send('{"protocol":"json","version":1}\x1e');
    await raw.waitFor((f) => f === '{}\x1e');
    return raw;
  }

  it('closes the connections of a revoked grant, and only those', async () => {
    const live = new Set(['grant-a', 'grant-b']);
    const url = await startWithGrants(live);
    const revoked = await connect(url, 'user:ann:grant-a');
    const kept = await connect(url, 'user:ann:grant-b');
    live.delete('grant-a');
    const close = await revoked.waitFor((f) => f.includes('"type":7'), 2000, 'Close');
    // No allowReconnect: the client stops instead of coming back with the same key.
    expect(JSON.parse(close.slice(0, -1))).toEqual({
      type: 7,
      error: 'Your session has ended; sign in again.',
    });
    await revoked.closed;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kept.socket.readyState).toBe(1);
    expect(kept.frames.some((f) => f.includes('"type":7'))).toBe(false);
  });

  it('refuses to open a connection for a revoked grant', async () => {
    const url = await startWithGrants(new Set(['grant-c']));
    expect(await rawSocket(url, { authorization: 'Bearer user:bo:grant-c' }).opened).toBe('open');
    expect(await rawSocket(url, { authorization: 'Bearer user:bo:grant-gone' }).opened).toBe(401);
  });
});

describe('in-process backplane', () => {
  it('delivers to subscribers of a channel until they unsubscribe', async () => {
    const backplane = new InProcessBackplane();
    const got: unknown[] = [];
    const stop = await backplane.subscribe('a', (m) => got.push(m));
    await backplane.subscribe('b', () => got.push('wrong'));
    await backplane.publish('a', { target: 'T', arguments: [1] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(got).toEqual([{ target: 'T', arguments: [1] }]);
    await stop();
    expect(backplane.channelCount).toBe(1);
    await backplane.publish('a', { target: 'T', arguments: [2] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(got).toHaveLength(1);
  });
});
