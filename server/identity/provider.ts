import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { authCallbackPath } from '../../contracts/identity';
import type { Config } from '../config';
import type { Database } from '../db';
import { grantClaim } from './accessTokens';
import { accountClaims } from './accounts';
import { drizzleAdapter } from './adapter';
import type { PrivateJwk } from './keys';
import type { AppOrigins } from './origins';
import { escapeHtml, layout, messagePage, signOutPage } from './pages';

/** Lifetimes, in seconds. */
const ttl = {
  accessToken: 900,
  authorizationCode: 60,
  idToken: 3600,
  interaction: 3600,
  session: 14 * 24 * 3600,
  grant: 14 * 24 * 3600,
  refreshToken: 14 * 24 * 3600,
};

/** Where the provider sends the browser to sign in; the routes in routes.ts answer there. */
const interactionPath = (uid: string) => `/interaction/${uid}`;

export interface ProviderOptions {
  config: Config;
  db: Database;
  origins: AppOrigins;
  keys: { signing: PrivateJwk[]; cookies: string[] };
  log: FastifyBaseLogger;
}

/** Provider error pages: a short message in the app's style, never a stack trace. */
function errorPage(out: { error: string; error_description?: string }, home: string): string {
  const description = out.error_description ?? 'Something went wrong while signing in.';
  return layout(
    'Something went wrong',
    `<h1>Something went wrong</h1>
<div class="alert error" role="alert">${escapeHtml(description)}</div>
<p class="muted">Error code: ${escapeHtml(out.error)}</p>
<a class="button secondary" href="${escapeHtml(home)}/">Back to Spaces</a>`,
  );
}

/**
 * The embedded OpenID Provider: authorization code + PKCE for the SPA (a public client), refresh
 * tokens for silent renew, and RS256 JWT access tokens for the API audience carrying name, e-mail
 * and the roles of the user's plan. Storage is the database (adapter.ts), keys too (keys.ts).
 */
export function createProvider({ config, db, origins, keys, log }: ProviderOptions): Provider {
  const { issuer, clientId, audience, rolesClaim } = config.identity;
  const home = origins.main;
  // Resource indicators must be absolute URIs; the token's `aud` is the configured audience anyway.
  const resource = URL.canParse(audience) ? audience : `${home}/api`;

  const configuration: Configuration = {
    adapter: drizzleAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Spaces',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${home}${authCallbackPath}`],
        post_logout_redirect_uris: [home],
      },
    ],
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookies,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', rolesClaim],
    },
    // name, e-mail and roles go into the ID token too, so the SPA has them without a userinfo call.
    conformIdTokenClaims: false,
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const claims = await accountClaims(db, sub);
      if (!claims) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: claims.email,
            email_verified: claims.emailVerified,
            name: claims.name,
            [rolesClaim]: claims.roles,
          };
        },
      };
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const claims = await accountClaims(db, accountId);
      if (!claims) return undefined;
      // The grant, so that the API and the hubs refuse the token once it is revoked (accessTokens.ts).
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return {
        name: claims.name,
        email: claims.email,
        [rolesClaim]: claims.roles,
        ...(grantId ? { [grantClaim]: grantId } : {}),
      };
    },
    // Public clients get refresh tokens too (they rotate on every use), for silent renew.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Our own client needs no consent screen: grant what it asks for, and the API.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const client = oidc.client;
      const accountId = oidc.account?.accountId ?? oidc.session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId =
        (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        oidc.session?.grantIdFor(client.clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (grant && (grant.accountId !== accountId || grant.clientId !== client.clientId)) grant = undefined;
      if (client.clientId !== clientId) return grant;
      grant ??= new oidc.provider.Grant({ accountId, clientId: client.clientId });
      const scopes = [...oidc.requestParamOIDCScopes];
      if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
      const claims = [...oidc.requestParamClaims];
      if (claims.length > 0) grant.addOIDCClaims(claims);
      for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
        grant.addResourceScope(indicator, server.scope);
      }
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => origins.isAppOrigin(origin),
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) =>
          oneOf ? (oneOf.includes(resource) ? resource : oneOf[0]) : resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ttl.accessToken,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          // Signing out from the app (it sends the ID token it holds) needs no second confirmation;
          // a sign-out link from anywhere else still asks.
          ctx.body = signOutPage({ form, confirmSilently: Boolean(ctx.oidc.params?.id_token_hint) });
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage({
            title: 'Signed out',
            message: 'You have been signed out.',
            link: { href: `${home}/`, label: 'Back to Spaces' },
          });
        },
      },
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ttl.accessToken,
      AuthorizationCode: ttl.authorizationCode,
      IdToken: ttl.idToken,
      Interaction: ttl.interaction,
      Session: ttl.session,
      Grant: ttl.grant,
      RefreshToken(ctx, token, client) {
        // A rotated refresh token keeps the lifetime of the one it replaces.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) {
          return rotated.remainingTTL;
        }
        return ttl.refreshToken;
      },
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(out, home);
    },
  };

  const provider = new Provider(issuer, configuration);
  // Behind a trusted proxy (TRUST_PROXY) secure cookies and URLs follow its X-Forwarded-* headers.
  provider.proxy = config.TRUST_PROXY !== false;

  // Redirects to the callback path on any single-label subdomain of BASE_DOMAIN (districts), which
  // the library's exact-match list cannot express.
  const redirectUriAllowed = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: InstanceType<typeof provider.Client>, uri) {
    return redirectUriAllowed.call(this, uri) || (this.clientId === clientId && origins.isCallback(uri));
  };
  const postLogoutAllowed = provider.Client.prototype.postLogoutRedirectUriAllowed;
  provider.Client.prototype.postLogoutRedirectUriAllowed = function (
    this: InstanceType<typeof provider.Client>,
    uri,
  ) {
    return postLogoutAllowed.call(this, uri) || (this.clientId === clientId && origins.isPostLogout(uri));
  };

  provider.on('server_error', (_ctx: unknown, error: Error) =>
    log.error({ err: error }, 'identity provider error'),
  );
  // Koa's own last-resort handler: log instead of printing to stderr.
  (provider as unknown as EventEmitter).on('error', (error: Error) =>
    log.error({ err: error }, 'identity provider failure'),
  );
  return provider;
}
