import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { appOrigins } from '../identity/origins';

/** Paths that other sites may frame: the embedded viewer only. */
const frameablePath = /^\/viewer\/embed\//;

/**
 * The identity provider's pages: their forms (sign in, sign out) end in a redirect to the app's
 * callback on the main host or on a district host, and form-action applies to that redirect too.
 */
const identityPagePath = /^\/(oidc|interaction|oidc-account)(\/|$)/i;

const directives = {
  defaultSrc: ["'self'"],
  // blob: lets the 3D engine's workers load their code (text layout); only our own scripts can
  // create blob: URLs, so this opens nothing to other origins.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'blob:'],
  // emotion (MUI) injects style elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:', 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:', 'blob:', 'data:'],
  workerSrc: ["'self'", 'blob:'],
  childSrc: ["'self'", 'blob:'],
  // Web views and YouTube videos placed in spaces are pages of other sites (https only).
  frameSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The headers helmet sets for `options`, worked out once: they are the same for every response
 * (no per-request nonces), and building them per request was a noticeable part of small requests.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as never, recorder as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/**
 * Security headers everywhere: a CSP that allows the SPA, blob: and data: images, wasm and workers;
 * framing refused (X-Frame-Options DENY, frame-ancestors 'none') except on /viewer/embed/*.
 */
export default fp(
  async (app) => {
    // Pages on district hosts talk to the OpenID Provider on its own origin (discovery, tokens).
    const issuerOrigin = app.config ? new URL(app.config.identity.issuer).origin : undefined;
    const connectSrc = [...directives.connectSrc, ...(issuerOrigin ? [issuerOrigin] : [])];
    const headers = helmetHeaders({
      contentSecurityPolicy: { directives: { ...directives, connectSrc } },
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
      // Files and thumbnails may be shown by embedding pages on other origins.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      strictTransportSecurity: false,
    });
    // On the raw response, as helmet does: the provider at /oidc answers without Fastify's reply.
    app.addHook('onRequest', async (_request, reply) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      reply.raw.removeHeader('x-powered-by');
    });
    const { main, districtSource } = appOrigins(
      app.config?.publicOrigin ?? 'http://localhost',
      app.config?.BASE_DOMAIN ?? 'localhost',
    );
    const identityFormAction = `form-action 'self' ${main} ${districtSource}`;
    // Set on the raw response: the provider at /oidc answers without going through Fastify's reply.
    app.addHook('onRequest', async (request, reply) => {
      if (!identityPagePath.test(request.url.split('?')[0])) return;
      const csp = reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.raw.setHeader('content-security-policy', csp.replace("form-action 'self'", identityFormAction));
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const pathname = request.url.split('?')[0];
      if (frameablePath.test(pathname)) {
        reply.removeHeader('x-frame-options');
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string') {
          reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
        }
      }
      return payload;
    });
  },
  { name: 'security' },
);
