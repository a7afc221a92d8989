import type { HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { uuidv7 } from '../../../server/db/ids';
import { scenes, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { hubClient, type ClientOptions, hubKeyOf, within } from './support';

export interface HubTestServer {
  db: DatabaseHandle;
  issuer: TestIssuer;
  t: TestApp;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Signed-in headers of `userId`. */
  headersFor(userId: string): Promise<Record<string, string>>;
  /**
   * The official client connected to the hub at `path` as `userId` (null: without a key, as a
   * guest), with `listen` run before it starts (to set its inboxes); stopped after the test.
   */
  connect<T>(
    path: string,
    userId: string | null,
    listen: (client: HubConnection) => T,
    options?: Omit<ClientOptions, 'token'>,
  ): Promise<{ client: HubConnection } & T>;
}

/**
 * A hub test's server, set up in the calling `describe`: the app listening on loopback with a test
 * issuer, on the first test database (or `open`), with users of the given ids (named Ana for
 * 'ana'); clients are stopped after each test, and everything is closed after all.
 */
export function hubTestServer(options: {
  users: string[];
  env?: Record<string, string>;
  app?: Parameters<typeof buildTestApp>[2];
  open?: () => Promise<DatabaseHandle>;
}): HubTestServer {
  const clients: HubConnection[] = [];
  const server = {
    base: '',
    headersFor: (userId: string) => server.issuer.headersFor(userId),
    async connect(path, userId, listen, clientOptions = {}) {
      const client = hubClient(`${server.base}${path}`, {
        ...clientOptions,
        token: userId === null ? () => '' : hubKeyOf(server.base, () => server.issuer.headersFor(userId)),
      });
      const extra = listen(client);
      clients.push(client);
      await within(client.start(), 5000, 'start');
      return { client, ...extra };
    },
  } as HubTestServer;

  beforeAll(async () => {
    server.db = await (options.open ?? testDatabases()[0].open)();
    server.issuer = await startTestIssuer();
    server.t = await buildTestApp(server.db, { ...server.issuer.env, ...options.env }, options.app);
    await server.t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    server.base = `http://127.0.0.1:${address.port}`;
    await server.db.db
      .insert(users)
      .values(options.users.map((id) => ({ id, name: `${id[0].toUpperCase()}${id.slice(1)}` })));
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  afterAll(async () => {
    await server.t?.close();
    await server.issuer?.close();
    await server.db?.close();
  });
  return server;
}

/** A published space of the user 'owner' (with `values` over the defaults); resolves with its id. */
export async function insertSpace(
  server: HubTestServer,
  title: string,
  values: Partial<typeof scenes.$inferInsert> = {},
) {
  const id = uuidv7();
  await server.db.db
    .insert(scenes)
    .values({ id, ownerId: 'owner', creatorId: 'owner', title, state: 'Published', ...values });
  return id;
}
