import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import { liveGrantIds, purgeExpired } from './adapter';
import { keyResolver, loadIdentityKeys, publicJwk } from './keys';
import { appOrigins } from './origins';
import { createProvider } from './provider';
import identityRoutes from './routes';
import { userinfoPath, userinfoRoutes } from './userinfo';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded OpenID Provider, when it runs (no OIDC_ISSUER). */
    identityProvider?: Provider;
  }
}

export { createAccount, deleteAccount, findAccountByEmail, verifyPassword } from './accounts';
export { rotateCookieSecret, rotateSigningKey } from './keys';

const purgeEveryMs = 60 * 60 * 1000;

/**
 * The embedded OpenID Provider at /oidc (issuer PUBLIC_ORIGIN/oidc) with its sign-in pages at
 * /interaction/:uid and account pages at /oidc-account/*. Not mounted when OIDC_ISSUER names an
 * external provider; the auth plugin then verifies that issuer's tokens instead.
 */
export default fp(
  async (app) => {
    const { config } = app;
    if (!config.identity.embedded) return;

    // Nodes started together make one set of keys: the later ones read what the first made.
    const keys = await app.withStartupLock(() => loadIdentityKeys(app.db));
    const origins = appOrigins(config.publicOrigin, config.BASE_DOMAIN);
    const provider = createProvider({ config, db: app.db, origins, keys, log: app.log });

    // API tokens are verified against the same keys, read from the database, no HTTP round trip.
    app.decorate('identityKeys', keyResolver(app.db, keys.signing.map(publicJwk)));
    app.decorate('liveGrants', (grantIds: readonly string[]) => liveGrantIds(app.db, grantIds));
    app.decorate('identityProvider', provider);

    if (!app.hasDecorator('use')) await app.register(middie);
    const handle = provider.callback();
    // The provider answers everything below /oidc but its UserInfo endpoint, which is ours (userinfo.ts).
    app.use('/oidc', (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      if (req.url === userinfoPath || req.url === `${userinfoPath}/`) return next();
      void handle(req, res);
    });
    await app.register(userinfoRoutes, {
      db: app.db,
      origins,
      rolesClaim: config.identity.rolesClaim,
      prefix: '/oidc',
    });

    await app.register(identityRoutes, {
      provider,
      db: app.db,
      origins,
      clientId: config.identity.clientId,
      maxAttempts: config.AUTH_ATTEMPTS_PER_WINDOW,
    });

    const purge = () =>
      purgeExpired(app.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not purge expired identity rows'),
      );
    const timer = setInterval(() => void purge(), purgeEveryMs);
    timer.unref();
    app.addHook('onReady', async () => {
      await purge();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'identity', dependencies: ['db'] },
);
