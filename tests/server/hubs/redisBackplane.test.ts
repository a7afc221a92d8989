import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationHubPath, testCards } from '../../../contracts/marketplace';
import type { DatabaseHandle } from '../../../server/db';
import type { BackplaneMessage } from '../../../server/hubs';
import { RedisBackplane } from '../../../server/hubs/redisBackplane';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { redisInstalled, startRedis, type TestRedis } from '../../support/redis';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { marketApi } from '../marketplaceService/helpers';
import { hubClient, inbox, within } from './support';

/** Waits until `check` holds (a message over Redis arrives a moment later). */
async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!redisInstalled())('the Redis backplane (several server processes)', () => {
  let redis: TestRedis;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  describe('between two nodes', () => {
    let a: RedisBackplane;
    let b: RedisBackplane;
    beforeAll(async () => {
      a = new RedisBackplane({ url: redis.url });
      b = new RedisBackplane({ url: redis.url });
      await Promise.all([a.connect(), b.connect()]);
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
    });

    it('delivers what one node publishes to the handlers of another, until they stop', async () => {
      const got: BackplaneMessage[] = [];
      const stop = await a.subscribe('user:notification:ada', (m) => got.push(m));
      const message = { target: 'Wallet', arguments: [{ availableBalance: 500 }], except: ['c1'] };
      await b.publish('user:notification:ada', message);
      await b.publish('user:notification:bob', { target: 'Wallet', arguments: [{ availableBalance: 1 }] });
      await until(() => got.length === 1, 'the message');
      expect(got).toEqual([message]);
      expect(a.channelCount).toBe(1);

      await stop();
      expect(a.channelCount).toBe(0);
      await b.publish('user:notification:ada', message);
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toHaveLength(1);
    });

    it('keeps a channel while any local handler listens to it', async () => {
      const first: unknown[] = [];
      const second: unknown[] = [];
      const stopFirst = await a.subscribe('group:x', (m) => first.push(m));
      const stopSecond = await a.subscribe('group:x', (m) => second.push(m));
      await stopFirst();
      await b.publish('group:x', { target: 'T', arguments: [1] });
      await until(() => second.length === 1, 'the second handler');
      expect(first).toHaveLength(0);
      await stopSecond();
    });

    it('subscribes again by itself after Redis restarts', async () => {
      const got: unknown[] = [];
      const stop = await a.subscribe('user:notification:cy', (m) => got.push(m));
      await redis.kill();
      await redis.restart();
      // Publishing may fail while the publisher reconnects; keep trying as a service would.
      for (let i = 0; i < 50 && got.length === 0; i++) {
        await b.publish('user:notification:cy', { target: 'Wallet', arguments: [i] }).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(got.length).toBeGreaterThan(0);
      await stop();
    }, 30_000);
  });

  describe('two app instances sharing Redis', () => {
    let db: DatabaseHandle;
    let issuer: TestIssuer;
    let one: TestApp;
    let two: TestApp;
    let client: HubConnection | undefined;
    const others: HubConnection[] = [];
    const originOf = (t: TestApp) => {
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return `http://127.0.0.1:${address.port}`;
    };

    beforeAll(async () => {
      db = await testDatabases()[0].open();
      issuer = await startTestIssuer();
      one = await buildTestApp(db, { ...issuer.env, REDIS_URL: redis.url });
      two = await buildTestApp(db, { ...issuer.env, REDIS_URL: redis.url });
      await one.app.listen({ host: '127.0.0.1', port: 0 });
      await two.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await Promise.all(others.splice(0).map((c) => c.stop()));
      await client?.stop();
      await two?.close();
      await one?.close();
      await issuer?.close();
      await db?.close();
    });

    it('pushes to a user connected to one process what the other process sends (the official client)', async () => {
      const address = one.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const headers = await issuer.headersFor('dana');
      client = hubClient(`http://127.0.0.1:${address.port}${notificationHubPath}`, {
        token: () => headers.authorization.slice('Bearer '.length),
      });
      const wallet = inbox(client, 'Wallet');
      const subscription = inbox(client, 'Subscription');
      await within(client.start(), 5000, 'start');
      // The wallet changes on the other process (a purchase handled there).
      await two.app.marketplace.grant('dana', 300);
      expect(await wallet.next()).toEqual([{ availableBalance: 300 }]);
      await two.app.hubs.notifyUser('dana', 'Subscription', {
        eventType: 'subscription.activated',
        plan: 'pro',
      });
      expect(await subscription.next()).toEqual([{ eventType: 'subscription.activated', plan: 'pro' }]);
    });

    it('opens the socket on another node than the one that negotiated (no sticky sessions)', async () => {
      const headers = await issuer.headersFor('nomad');
      const roaming = hubClient(`${originOf(one)}${notificationHubPath}`, {
        token: () => headers.authorization.slice('Bearer '.length),
        socketOrigin: originOf(two),
      });
      others.push(roaming);
      const wallet = inbox(roaming, 'Wallet');
      await within(roaming.start(), 5000, 'start');
      const notification = (t: TestApp) => t.app.hubServer.hub('notification')!;
      expect(notification(two).localConnectionCount('nomad')).toBe(1);
      expect(notification(one).localConnectionCount('nomad')).toBe(0);
      // Pushes reach it from the node that negotiated and from the one that holds the socket.
      await one.app.marketplace.grant('nomad', 40);
      expect(await wallet.next()).toEqual([{ availableBalance: 40 }]);
      await two.app.marketplace.grant('nomad', 2);
      expect(await wallet.next()).toEqual([{ availableBalance: 42 }]);
    });
  });

  describe('while Redis is down', () => {
    let down: TestRedis;
    let db: DatabaseHandle;
    let issuer: TestIssuer;
    let one: TestApp;
    let two: TestApp;
    const clients: HubConnection[] = [];

    beforeAll(async () => {
      down = await startRedis();
      db = await testDatabases()[0].open();
      issuer = await startTestIssuer();
      one = await buildTestApp(db, { ...issuer.env, REDIS_URL: down.url });
      two = await buildTestApp(db, { ...issuer.env, REDIS_URL: down.url });
      await one.app.listen({ host: '127.0.0.1', port: 0 });
      await two.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await Promise.all(clients.splice(0).map((c) => c.stop()));
      await two?.close();
      await one?.close();
      await issuer?.close();
      await db?.close();
      await down?.stop();
    });

    const connect = async (t: TestApp, userId: string) => {
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const headers = await issuer.headersFor(userId);
      const client = hubClient(`http://127.0.0.1:${address.port}${notificationHubPath}`, {
        token: () => headers.authorization.slice('Bearer '.length),
      });
      clients.push(client);
      const inboxes = { wallet: inbox(client, 'Wallet'), subscription: inbox(client, 'Subscription') };
      await within(client.start(), 5000, 'start');
      return inboxes;
    };

    it('delivers on the node itself at once, keeps requests waiting for nothing, and lets clients catch up after', async () => {
      const buyer = await connect(one, 'buyer');
      const remote = await connect(two, 'remote');
      await down.kill();
      // Down for a while: reconnection attempts are seconds apart by now.
      await new Promise((r) => setTimeout(r, 3000));

      // A purchase with the test card on node one: it answers at once and its own push arrives.
      const market = marketApi(one, issuer);
      const secret = await market.open('buyer', { oneTimeItemId: ['credits-500'] });
      const started = Date.now();
      const paid = await market.confirm('buyer', secret, testCards.succeeds);
      const took = Date.now() - started;
      expect(paid.json()).toMatchObject({ status: 'succeeded' });
      expect(took).toBeLessThan(1000);
      expect(await buyer.wallet.next(2000)).toEqual([{ availableBalance: 500 }]);

      // A client connecting meanwhile is served, and reached, by its node.
      const late = await connect(one, 'late');
      await one.app.marketplace.grant('late', 3);
      expect(await late.wallet.next(2000)).toEqual([{ availableBalance: 3 }]);

      // The remote user's wallet changes on the other node: that push cannot get through now...
      await one.app.marketplace.grant('remote', 7);
      await new Promise((r) => setTimeout(r, 300));
      expect(remote.wallet.received).toEqual([]);

      // ...and once Redis is back, they catch up with their wallet and plan as they are now.
      await down.restart();
      expect(await remote.wallet.next(15_000)).toEqual([{ availableBalance: 7 }]);
      expect(await remote.subscription.next(5000)).toEqual([
        { eventType: 'subscription.updated', plan: 'free' },
      ]);

      // And pushes across nodes flow again (a grant every 100 ms until one gets through).
      const balances = () =>
        remote.wallet.received.map(([wallet]) => (wallet as { availableBalance: number }).availableBalance);
      for (let i = 0; i < 50 && !balances().some((b) => b > 7); i++) {
        await one.app.marketplace.grant('remote', 1);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(balances().some((b) => b > 7)).toBe(true);
    }, 30_000);
  });
});
