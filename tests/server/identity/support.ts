import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import { expect } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db';
import { fakeSpaDir } from '../../support/app';
import { freePort } from '../../support/postgresCluster';

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface LiveApp {
  app: App;
  port: number;
  origin: string;
  issuer: string;
  close(): Promise<void>;
}

/**
 * The real app listening on 127.0.0.1 with PUBLIC_ORIGIN http://localhost:<port>, as if behind one
 * proxy (TRUST_PROXY=1: each Browser's X-Forwarded-For is its address). `beforeReady` may add
 * test-only routes.
 */
export async function startApp(
  db: DatabaseHandle,
  options: { env?: Record<string, string>; beforeReady?: (app: App) => void; port?: number } = {},
): Promise<LiveApp> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'identity-test-'));
  const origin = `http://localhost:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    BASE_DOMAIN: 'localhost',
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    ...options.env,
  });
  const app = await buildApp(config, { db, spaDir: fakeSpaDir(dataDir), logger: false });
  options.beforeReady?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    port,
    origin,
    issuer: config.identity.issuer,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny browser: a cookie jar (with paths) and manual redirects, so each hop can be checked. */
export class Browser {
  private readonly cookies = new Map<string, { value: string; path: string }>();
  /** Sent as X-Forwarded-For: each browser is its own client IP for the rate limits. */
  constructor(readonly ip = `10.${rnd()}.${rnd()}.${rnd()}`) {}

  private cookieHeader(url: URL): string {
    return [...this.cookies]
      .filter(
        ([, c]) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/',
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attrs.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expires = attr('expires');
      const maxAge = attr('max-age');
      const gone = (expires && new Date(expires).getTime() < Date.now()) || maxAge === '0' || value === '';
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: attr('path') ?? '/' });
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  async request(
    url: string | URL,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const target = new URL(url);
    const headers: Record<string, string> = {
      accept: 'text/html',
      'x-forwarded-for': this.ip,
      ...init.headers,
    };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin ??= target.origin;
    }
    const res = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.store(res);
    return { res, url: target, text: await res.text() };
  }

  /**
   * Follows redirects on the provider's origin; stops at a page, or at a redirect to the app's
   * callback or to another origin (returned as `location`).
   */
  async follow(url: string | URL, init: Parameters<Browser['request']>[1] = {}) {
    let current = await this.request(url, init);
    const origin = current.url.origin;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.res.headers.get('location');
      if (!location || current.res.status < 300 || current.res.status >= 400) {
        return { ...current, location: undefined };
      }
      const next = new URL(location, current.url);
      if (next.origin !== origin || next.pathname === '/authentication/callback') {
        return { ...current, location: next };
      }
      current = await this.request(next);
    }
    throw new Error('too many redirects');
  }
}

const rnd = () => Math.floor(Math.random() * 250) + 1;

/** The action of the page's first form whose action contains `contains`. */
export function formAction(html: string, contains: string, base: string): URL {
  const actions = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  const action = actions.find((a) => a.includes(contains));
  if (!action) throw new Error(`no form with action containing ${contains} in:\n${html}`);
  return new URL(action, base);
}

/** A hidden input's value. */
export function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no hidden ${name}`);
  return match[1].replace(/&amp;/g, '&');
}

export interface Client {
  config: oidc.Configuration;
  start(redirectUri: string): Promise<{ url: URL; verifier: string; state: string }>;
}

/** An independent OpenID client (openid-client) discovering the embedded provider. */
export async function openidClient(live: LiveApp, origin?: string): Promise<Client> {
  const config = await oidc.discovery(new URL(live.issuer), 'web', undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  if (origin) {
    // Requests as a page on `origin` would make them: with that Origin header (CORS).
    config[oidc.customFetch] = (url, options) => {
      const headers = new Headers(options.headers as HeadersInit);
      headers.set('origin', origin);
      return fetch(url, { ...(options as RequestInit), headers });
    };
  }
  return {
    config,
    async start(redirectUri) {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      return { url, verifier, state };
    },
  };
}

/**
 * Starts an authorization at the provider and stops on the sign-in page. Returns the page and its
 * interaction URL.
 */
export async function openSignIn(live: LiveApp, browser: Browser, client: Client, redirectUri: string) {
  const auth = await client.start(redirectUri);
  const page = await browser.follow(auth.url);
  expect(page.res.status, page.text).toBe(200);
  expect(page.url.pathname).toMatch(/^\/interaction\/[^/]+$/);
  return { ...auth, page };
}

/** The whole sign-in: authorization, the sign-in form, back to the callback; returns the tokens. */
export async function signInWithCode(
  live: LiveApp,
  client: Client,
  credentials: { email: string; password: string },
  redirectUri = `${live.origin}/authentication/callback`,
  browser = new Browser(),
) {
  const { verifier, state, page } = await openSignIn(live, browser, client, redirectUri);
  const done = await browser.follow(formAction(page.text, '/login', live.origin), { form: credentials });
  expect(done.location?.href, done.text).toMatch(new RegExp(`^${redirectUri}\\?`));
  const tokens = await oidc.authorizationCodeGrant(client.config, done.location!, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { tokens, browser };
}
