import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../../contracts/marketplace';
import { freePort } from '../../support/postgresCluster';
import { startServerProcess } from '../../support/serverProcess';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

/**
 * The real server process on PostgreSQL, killed with SIGKILL between a payment and its fulfilment:
 * the test holds the buyer's wallet row locked, so the fulfilment transaction is stopped part-way
 * (its processed-event row and session update written, not committed) when the process dies.
 * Started again on the same database, the payment is fulfilled exactly once:
 * - the built-in provider's charged checkout by the billing job's replay at start;
 * - a Stripe payment by Stripe's redelivery of the same signed event (and again: nothing more).
 */

const adminUrl = process.env.TEST_POSTGRES_URL;
const webhookSecret = 'whsec_crash_test';
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_offline',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
};

describe.skipIf(!adminUrl)('a payment whose server is killed before fulfilment commits (PostgreSQL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-crash-'));
  const dbName = `crash_${randomBytes(5).toString('hex')}`;
  const buyer = 'crash-buyer';
  let databaseUrl: string;
  let issuer: TestIssuer;
  let port: number;
  let auth: Record<string, string>;
  let sql: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    issuer = await startTestIssuer();
    port = await freePort();
    auth = await issuer.headersFor(buyer, { name: 'Crash buyer', email: 'crash-buyer@example.com' });
  });
  afterAll(async () => {
    await sql?.end().catch(() => undefined);
    await issuer?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (stripe: boolean) =>
    startServerProcess(port, {
      ...issuer.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...(stripe ? stripeEnv : {}),
    });
  const api = (p: string) => `http://127.0.0.1:${port}/api/marketplaceService${p}`;
  const post = (p: string, body: unknown) =>
    fetch(api(p), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const balance = async () => {
    const res = await fetch(api('/wallet'), { headers: auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as { availableBalance: number }).availableBalance;
  };
  const ledgerSum = async () =>
    Number(
      (await sql.query('select coalesce(sum(amount), 0) as s from credit_ledger where user_id = $1', [buyer]))
        .rows[0].s,
    );
  const paymentsCount = async () =>
    Number((await sql.query('select count(*) as n from payments where user_id = $1', [buyer])).rows[0].n);

  /** Holds the buyer's wallet row until the returned release is called. */
  async function lockWallet() {
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query('begin');
    const locked = await holder.query('select balance from credit_balances where user_id = $1 for update', [
      buyer,
    ]);
    expect(locked.rowCount).toBe(1);
    return async () => {
      await holder.query('rollback');
      await holder.end();
    };
  }

  /** Waits until a server connection is blocked on a lock: the fulfilment is part-way. */
  async function waitForBlockedFulfilment() {
    for (let i = 0; i < 200; i++) {
      const { rows } = await sql.query(
        `select count(*) as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
        [dbName],
      );
      if (Number(rows[0].n) > 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the fulfilment never reached the wallet');
  }

  async function eventually(read: () => Promise<number>, want: number) {
    let last = await read();
    for (let i = 0; i < 200 && last !== want; i++) {
      await new Promise((r) => setTimeout(r, 100));
      last = await read();
    }
    return last;
  }

  it('fulfils once after the restart: the test card by replay, a Stripe payment by redelivery', async () => {
    // 1. The built-in provider. A first bundle makes the wallet.
    let server = await start(false);
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      const open = async (item: string) => {
        const res = await post('/checkoutSession', { oneTimeItemId: [item] });
        expect(res.status).toBe(200);
        return ((await res.json()) as { clientSecret: string }).clientSecret;
      };
      const first = await open('credits-100');
      expect((await post('/testCheckout/confirm', card(first))).status).toBe(200);
      expect(await balance()).toBe(100);

      const secret = await open('credits-500');
      const release = await lockWallet();
      const paying = post('/testCheckout/confirm', card(secret)).catch(() => undefined);
      await waitForBlockedFulfilment();
      const status = await sql.query('select status from checkout_sessions where client_secret = $1', [
        secret,
      ]);
      expect(status.rows[0].status).toBe('paid');
      expect(await server.kill()).toBeNull();
      await paying;
      await release();
      expect(
        Number(
          (await sql.query('select balance from credit_balances where user_id = $1', [buyer])).rows[0]
            .balance,
        ),
      ).toBe(100);

      server = await start(false);
      expect(await eventually(balance, 600)).toBe(600);
      expect(await ledgerSum()).toBe(600);
      expect(await paymentsCount()).toBe(2);
      // The card confirmed again (the buyer retrying) changes nothing.
      expect(
        ((await (await post('/testCheckout/confirm', card(secret))).json()) as { status: string }).status,
      ).toBe('succeeded');
      expect(await balance()).toBe(600);
      expect(await server.stop()).toBe(0);
    } catch (error) {
      server.child.kill('SIGKILL');
      throw error;
    }

    // 2. Stripe: a checkout opened at Stripe and paid there; its webhook is being applied.
    server = await start(true);
    try {
      await sql.query(
        `insert into checkout_sessions (id, user_id, provider, provider_session_id, client_secret, items, currency, amount)
         values ('crash-stripe-session', $1, 'stripe', 'cs_test_crash', 'cs_test_crash_secret', $2, 'eur', 3499)`,
        [buyer, JSON.stringify([{ productId: 'credits-1000', quantity: 1 }])],
      );
      const payload = JSON.stringify({
        id: 'evt_crash_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_test_crash',
            object: 'checkout.session',
            payment_status: 'paid',
            // No payment intent: the server would ask Stripe's API for the card (tests stay offline).
            client_reference_id: buyer,
          },
        },
      });
      const stripe = new Stripe('sk_test_offline');
      const deliver = () =>
        fetch(api('/webhook'), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
          },
          body: payload,
        });

      const release = await lockWallet();
      const delivering = deliver().catch(() => undefined);
      await waitForBlockedFulfilment();
      expect(await server.kill()).toBeNull();
      await delivering;
      await release();
      expect(await ledgerSum()).toBe(600);

      server = await start(true);
      const replayed = await deliver();
      expect(replayed.status).toBe(200);
      expect(await replayed.json()).toEqual({ received: true, applied: true });
      expect(await balance()).toBe(1600);
      const again = await deliver();
      expect(await again.json()).toEqual({ received: true, applied: false });
      expect(await balance()).toBe(1600);
      expect(await ledgerSum()).toBe(1600);
      expect(await paymentsCount()).toBe(3);
      expect(await server.stop()).toBe(0);
    } catch (error) {
      server.child.kill('SIGKILL');
      throw error;
    }
  }, 180_000);
});

const card = (clientSecret: string) => ({
  clientSecret,
  cardNumber: testCards.succeeds,
  expiry: '12/34',
  cvc: '123',
});

describe('payments in flight when the server is killed (embedded PGlite on disk)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-crash-pglite-'));
  const buyer = 'crash-buyer-pglite';
  const checkouts = 24;
  let issuer: TestIssuer;
  let port: number;
  let auth: Record<string, string>;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    port = await freePort();
    auth = await issuer.headersFor(buyer, { name: 'Crash buyer', email: 'crash-pglite@example.com' });
  });
  afterAll(async () => {
    await issuer?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (p: string) => `http://127.0.0.1:${port}/api/marketplaceService${p}`;
  const post = (p: string, body: unknown) =>
    fetch(api(p), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(api(p), { headers: auth });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  it('fulfils every charged checkout exactly once, whatever moment the kill hit', async () => {
    const start = () => startServerProcess(port, { ...issuer.env, DATA_DIR: dataDir });
    let server = await start();
    const secrets: string[] = [];
    let succeeded = 0;
    try {
      for (let i = 0; i < checkouts; i++) {
        const res = await post('/checkoutSession', { oneTimeItemId: ['credits-100'] });
        expect(res.status).toBe(200);
        secrets.push(((await res.json()) as { clientSecret: string }).clientSecret);
      }
      // Every card confirmed at once; the server is killed once a few have succeeded.
      let killed = false;
      await Promise.all(
        secrets.map(async (secret) => {
          const res = await post('/testCheckout/confirm', card(secret)).catch(() => undefined);
          if (res?.ok && ((await res.json()) as { status: string }).status === 'succeeded') succeeded++;
          if (succeeded >= 3 && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        }),
      );
      await server.exited;
      // The kill came with payments still in flight.
      expect(succeeded).toBeLessThan(checkouts);
    } catch (error) {
      server.child.kill('SIGKILL');
      throw error;
    }

    server = await start();
    try {
      // What was confirmed before the kill is there (and the billing job replays what was charged).
      const wallet = await get<{ availableBalance: number }>('/wallet');
      expect(wallet.availableBalance).toBeGreaterThanOrEqual(100 * succeeded);
      // The buyer tries every card again: nothing is charged twice, nothing is lost.
      for (const secret of secrets) {
        const res = await post('/testCheckout/confirm', card(secret));
        expect(((await res.json()) as { status: string }).status).toBe('succeeded');
      }
      expect((await get<{ availableBalance: number }>('/wallet')).availableBalance).toBe(100 * checkouts);
      const history = await get<{ items: { amount: number; status: string }[] }>(`/payments?ipp=100`);
      expect(history.items).toHaveLength(checkouts);
      expect(history.items.every((p) => p.status === 'paid' && p.amount === 499)).toBe(true);
      expect(await server.stop()).toBe(0);
    } catch (error) {
      server.child.kill('SIGKILL');
      throw error;
    }
  }, 180_000);
});
