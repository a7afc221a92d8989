import type { HubConnection } from '@microsoft/signalr';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationHubPath } from '../../../contracts/marketplace';
import type { DatabaseHandle } from '../../../server/db';
import { HubError } from '../../../server/hubs';
import { issueConnectionToken } from '../../../server/hubs/connectionTokens';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { hubClient, hubKeyOf, hubKeyPath, inbox, rawSocket, within } from './support';

const keyPath = hubKeyPath;

describe('notification hub with the official SignalR client', () => {
  let db: DatabaseHandle;
  let issuer: TestIssuer;
  let t: TestApp;
  let base = '';
  let port = 0;
  const clients: HubConnection[] = [];

  async function start(listenPort = 0) {
    t = await buildTestApp(db, issuer.env);
    t.app.hubServer.addHub({
      name: 'test-echo',
      methods: {
        Add: (_context, a, b) => Number(a) + Number(b),
        WhoAmI: (context) => context.user.userId,
        Fail: () => {
          throw new HubError('not today');
        },
        Crash: () => {
          throw new Error('secret detail');
        },
        Shout: async (context, text) => {
          await context.clients.user(context.user.userId, 'Echo', `${String(text)}!`);
        },
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: listenPort });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    port = address.port;
    base = `http://127.0.0.1:${port}`;
  }

  /** The SPA's way: the key from the key route, then the hub with it. */
  const keyOf = (userId: string) => hubKeyOf(base, () => issuer.headersFor(userId));

  async function connect(
    userId: string,
    options: { reconnectDelays?: number[]; hub?: string; protocol?: 'messagepack' } = {},
  ) {
    const client = hubClient(`${base}${options.hub ?? notificationHubPath}`, {
      token: keyOf(userId),
      reconnectDelays: options.reconnectDelays,
      protocol: options.protocol,
    });
    clients.push(client);
    await within(client.start(), 5000, 'start');
    return client;
  }

  beforeAll(async () => {
    db = await testDatabases()[0].open();
    issuer = await startTestIssuer();
    await start();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    await db?.close();
  });

  it('gives the signed-in caller a key (GET and HEAD) and refuses anonymous callers', async () => {
    const anonymous = await t.app.inject({ url: keyPath });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const headers = await issuer.headersFor('alice');
    const res = await t.app.inject({ url: keyPath, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: headers.authorization.slice('Bearer '.length) });
    expect(res.headers['cache-control']).toBe('no-store');
    const head = await t.app.inject({ method: 'HEAD', url: keyPath, headers });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: keyPath })).statusCode).toBe(401);
  });

  it('answers negotiate with a WebSockets-only connection, and 401 without a valid token', async () => {
    const url = `${base}${notificationHubPath}/negotiate?negotiateVersion=1`;
    const none = await fetch(url, { method: 'POST' });
    expect(none.status).toBe(401);
    const bad = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    const expired = await issuer.token({ sub: 'alice' }, { expiresIn: Math.floor(Date.now() / 1000) - 10 });
    expect(
      (await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${expired}` } })).status,
    ).toBe(401);

    const ok = await fetch(url, { method: 'POST', headers: await issuer.headersFor('alice') });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
    const unknownHub = await fetch(`${base}/hubs/nope/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: await issuer.headersFor('alice'),
    });
    expect(unknownHub.status).toBe(404);
  });

  it('answers CORS for the app origins only, with credentials and the SignalR headers', async () => {
    const url = `${base}${notificationHubPath}/negotiate?negotiateVersion=1`;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-requested-with,x-signalr-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-signalr-user-agent/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-requested-with/);
    const district = await fetch(url, {
      method: 'POST',
      headers: { origin: 'http://gallery.localhost:8080', ...(await issuer.headersFor('alice')) },
    });
    expect(district.headers.get('access-control-allow-origin')).toBe('http://gallery.localhost:8080');
    const evil = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("delivers notifyUser to that user's connections only", async () => {
    const alice = await connect('alice');
    const bob = await connect('bob');
    const aliceWallet = inbox(alice, 'Wallet');
    const bobWallet = inbox(bob, 'Wallet');
    expect(alice.state).toBe(HubConnectionState.Connected);

    await t.app.hubs.notifyUser('alice', 'Wallet', { availableBalance: 150 });
    expect(await aliceWallet.next()).toEqual([{ availableBalance: 150 }]);
    // A later message to Bob arrives first in his inbox: he never got Alice's.
    await t.app.hubs.notifyUser('bob', 'Wallet', { availableBalance: 7 });
    expect(await bobWallet.next()).toEqual([{ availableBalance: 7 }]);
    expect(bobWallet.received).toEqual([]);
    expect(aliceWallet.received).toEqual([]);
    await expect(t.app.hubs.notifyUser('alice', 'Bogus' as never, {})).rejects.toThrow(/Unknown/);
  });

  it('delivers to every connection of one user (tabs, devices)', async () => {
    const tab1 = await connect('carol');
    const tab2 = await connect('carol');
    expect(tab1.connectionId).not.toBe(tab2.connectionId);
    const one = inbox(tab1, 'Subscription');
    const two = inbox(tab2, 'Subscription');
    const payload = { eventType: 'subscription.activated', plan: 'pro' };
    await t.app.hubs.notifyUser('carol', 'Subscription', payload);
    expect(await one.next()).toEqual([payload]);
    expect(await two.next()).toEqual([payload]);
    expect(t.app.hubServer.hub('notification')?.localConnectionCount('carol')).toBe(2);
  });

  it('invokes hub methods with results, errors and fire-and-forget sends', async () => {
    const client = await connect('dave', { hub: '/hubs/test-echo' });
    expect(await within(client.invoke('Add', 2, 3), 5000, 'Add')).toBe(5);
    expect(await within(client.invoke('whoami'), 5000, 'WhoAmI')).toBe('dave');
    await expect(client.invoke('Fail')).rejects.toThrow(/not today/);
    const crash = client.invoke('Crash');
    await expect(crash).rejects.toThrow(/unexpected error/);
    await expect(crash).rejects.not.toThrow(/secret/);
    await expect(client.invoke('NoSuchMethod')).rejects.toThrow(/does not exist/);
    const echo = inbox(client, 'Echo');
    await client.send('Shout', 'hello');
    expect(await echo.next()).toEqual(['hello!']);
    expect(client.state).toBe(HubConnectionState.Connected);
  });

  it('refuses an unknown socket id (404), a second socket on one id (409) and a token of another user (403)', async () => {
    const headers = await issuer.headersFor('erin');
    const ws = `ws://127.0.0.1:${port}${notificationHubPath}`;
    expect(await rawSocket(`${ws}?id=unknown`, headers).opened).toBe(404);
    expect(await rawSocket(`${ws}?id=x`).opened).toBe(401);
    // A token negotiated too long ago (with this node or any other) opens nothing.
    const stale = issueConnectionToken('notification', 'erin', Date.now() - 60_000).token;
    expect(await rawSocket(`${ws}?id=${encodeURIComponent(stale)}`, headers).opened).toBe(404);

    const negotiate = await fetch(`${base}${notificationHubPath}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers,
    });
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    expect(await rawSocket(`${ws}?id=${connectionToken}`, await issuer.headersFor('frank')).opened).toBe(403);
    const first = rawSocket(`${ws}?id=${encodeURIComponent(connectionToken)}`, headers);
    expect(await first.opened).toBe('open');
    expect(await rawSocket(`${ws}?id=${encodeURIComponent(connectionToken)}`, headers).opened).toBe(409);
    // Browsers pass the key as access_token; the handshake answers {} then messages flow.
    first.socket.send('{"protocol":"json","version":1}\x1e');
    expect(await first.waitFor((f) => f.startsWith('{}\x1e'))).toBe('{}\x1e');
    await t.app.hubs.notifyUser('erin', 'Notification', { text: 'hi' });
    const frame = await first.waitFor((f) => f.includes('"Notification"'));
    expect(JSON.parse(frame.slice(0, -1))).toEqual({
      type: 1,
      target: 'Notification',
      arguments: [{ text: 'hi' }],
    });
    first.socket.close();

    const query = rawSocket(`${ws}?access_token=${encodeURIComponent(headers.authorization.slice(7))}`);
    expect(await query.opened).toBe('open');
    // Two records in one frame: the handshake and a ping.
    query.socket.send('{"protocol":"json","version":1}\x1e{"type":6}\x1e');
    await query.waitFor((f) => f.startsWith('{}'));
    query.socket.close();
  });

  it('answers a bad handshake with an error and closes', async () => {
    const headers = await issuer.headersFor('gina');
    const raw = rawSocket(`ws://127.0.0.1:${port}${notificationHubPath}`, headers);
    expect(await raw.opened).toBe('open');
    raw.socket.send('{"protocol":"protobuf","version":1}\x1e');
    const answer = await raw.waitFor((f) => f.includes('error'));
    expect(JSON.parse(answer.slice(0, -1))).toEqual({ error: expect.stringMatching(/protobuf/) });
    await raw.closed;
    const old = rawSocket(`ws://127.0.0.1:${port}${notificationHubPath}`, headers);
    expect(await old.opened).toBe('open');
    old.socket.send('{"protocol":"messagepack","version":2}\x1e');
    const refused = await old.waitFor((f) => f.includes('error'));
    expect(JSON.parse(refused.slice(0, -1))).toEqual({ error: expect.stringMatching(/version 2/) });
    await old.closed;
  });

  it('closes a MessagePack connection that sends what is not a message', async () => {
    const headers = await issuer.headersFor('noor');
    for (const garbage of [
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      Buffer.from([0x02, 0xc1, 0xc1]),
    ]) {
      const raw = rawSocket(`ws://127.0.0.1:${port}${notificationHubPath}`, headers);
      expect(await raw.opened).toBe('open');
      raw.socket.send('{"protocol":"messagepack","version":1}\x1e');
      await raw.waitFor((f) => f === '{}\x1e');
      raw.socket.send(garbage);
      await raw.closed;
      // The last frame is a binary Close naming the problem.
      expect(raw.frames.at(-1)).toMatch(/invalid message/);
    }
  });

  it('speaks MessagePack with a client that chooses it', async () => {
    const echo = await connect('mia', { protocol: 'messagepack', hub: '/hubs/test-echo' });
    expect(await echo.invoke('Add', 2, 3)).toBe(5);
    expect(await echo.invoke('WhoAmI')).toBe('mia');
    await expect(echo.invoke('Fail')).rejects.toThrow(/HubException: not today/);
    await expect(echo.invoke('Crash')).rejects.toThrow(/unexpected error/);
    await expect(echo.invoke('Nope')).rejects.toThrow(/does not exist/);
    // A large argument travels whole, and comes back as an event.
    const echoes = inbox(echo, 'Echo');
    const big = 'é'.repeat(20_000);
    await echo.invoke('Shout', big);
    expect(await echoes.next()).toEqual([`${big}!`]);

    const client = await connect('mia', { protocol: 'messagepack' });
    const wallet = inbox(client, 'Wallet');
    await t.app.hubs.notifyUser('mia', 'Wallet', { availableBalance: 12.5, note: 'été ✓' });
    expect(await wallet.next()).toEqual([{ availableBalance: 12.5, note: 'été ✓' }]);
    // A JSON client of the same user gets the same notification.
    const json = await connect('mia');
    const jsonWallet = inbox(json, 'Wallet');
    const both = inbox(client, 'Wallet');
    await t.app.hubs.notifyUser('mia', 'Wallet', { availableBalance: 3 });
    expect(await jsonWallet.next()).toEqual([{ availableBalance: 3 }]);
    expect(await both.next()).toEqual([{ availableBalance: 3 }]);
  });

  it('connects with skipNegotiation', async () => {
    const client = hubClient(`${base}${notificationHubPath}`, {
      token: keyOf('hank'),
      skipNegotiation: true,
    });
    clients.push(client);
    await within(client.start(), 5000, 'start');
    const wallet = inbox(client, 'Wallet');
    await t.app.hubs.notifyUser('hank', 'Wallet', { availableBalance: 1 });
    expect(await wallet.next()).toEqual([{ availableBalance: 1 }]);
  });

  it('reconnects automatically after a server restart and receives again', async () => {
    const client = await connect('ivy', { reconnectDelays: [0, 100, 200, 400, 800, 1000, 1000, 1000] });
    const firstId = client.connectionId;
    const wallet = inbox(client, 'Wallet');
    const reconnecting = new Promise<void>((resolve) => client.onreconnecting(() => resolve()));
    const reconnected = new Promise<string | undefined>((resolve) =>
      client.onreconnected((id) => resolve(id)),
    );

    const oldPort = port;
    await t.close();
    await within(reconnecting, 5000, 'onreconnecting');
    await start(oldPort);
    const newId = await within(reconnected, 10_000, 'onreconnected');
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(firstId);
    expect(client.state).toBe(HubConnectionState.Connected);
    await t.app.hubs.notifyUser('ivy', 'Wallet', { availableBalance: 42 });
    expect(await wallet.next()).toEqual([{ availableBalance: 42 }]);
  });
});
