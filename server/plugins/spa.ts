import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  appOnlyPaths,
  devPagePaths,
  districtOf,
  isOneOf,
  matchPage,
  type PageMatch,
} from '../../contracts/routeMap';
import type { Config } from '../config';
import { districts } from '../db/schema';

/** Paths the SPA never owns: unknown ones there answer a JSON 404, not the app. */
const serverPaths = /^\/(api|oidc|oidc-account|interaction|hubs|files|healthz|readyz|oembed)(\/|$)/;

/** What a plugin says about one page of the route map before index.html is sent. */
export interface PageDescription {
  /** index.html as this page sends it (e.g. with a space's link preview). */
  html: string;
  /** False when what the path names does not exist (a space's viewer): the page answers 404. */
  found: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Describes one page request of the route map. A plugin registered before this one may
     * decorate it; every page of the map is otherwise served unchanged, with 200.
     */
    describePage?: (request: FastifyRequest, page: PageMatch, html: string) => Promise<PageDescription>;
  }
}

/** Whether a district has this subdomain (the database may be missing in tests of the SPA alone). */
async function districtExists(app: FastifyInstance, subdomain: string): Promise<boolean> {
  if (!app.hasDecorator('db')) return true;
  const [row] = await app.db
    .select({ id: districts.id })
    .from(districts)
    .where(eq(districts.subdomain, subdomain.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built SPA (dist/spa) on the main host and on every `<name>.BASE_DOMAIN` host, with
 * history fallback: any GET for a page path answers index.html, and the SPA's router decides what
 * it shows. The status follows the route map (contracts/routeMap.ts), so no 'Page not found' is
 * a soft 404: 200 for its pages on that host, 404 for any other path and for a page whose subject
 * does not exist (`describePage`). Hashed assets are cached for a year; index.html is revalidated
 * on every visit.
 */
export default fp<{ config: Config; spaDir: string }>(
  async (app, { config, spaDir }) => {
    const indexPath = path.join(spaDir, 'index.html');
    const built = existsSync(indexPath);
    let indexHtml: string | undefined;
    // Builds made with SPACES_DEV_PAGES=true say so in index.html (rsbuild.config.ts).
    let devPages = false;
    if (built) {
      indexHtml = readFileSync(indexPath, 'utf8').replace(
        '<head>',
        `<head><meta name="base-domain" content="${escapeAttr(config.BASE_DOMAIN)}">` +
          `<meta name="oidc-authority" content="${escapeAttr(config.identity.issuer)}">` +
          `<meta name="oidc-client-id" content="${escapeAttr(config.identity.clientId)}">` +
          `<meta name="oidc-roles-claim" content="${escapeAttr(config.identity.rolesClaim)}">`,
      );
      devPages = /<meta name="spaces-dev-pages" content="true">/.test(indexHtml);
      await app.register(fastifyStatic, {
        root: spaDir,
        prefix: '/',
        wildcard: false,
        index: false,
        decorateReply: false,
        // The build writes .br and .gz copies (scripts/compress-build.mjs): sent to browsers that
        // accept them, with Vary: Accept-Encoding.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const immutable = /[/\\]static[/\\]/.test(filePath);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          );
        },
      });
    } else {
      app.log.warn({ spaDir }, 'the web app is not built; run `npm run build`');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0];
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !serverPaths.test(pathname) &&
        !/\.[a-z0-9]{1,8}$/i.test(pathname);
      if (!wantsPage) {
        return reply
          .status(404)
          .send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}` });
      }
      if (!indexHtml) {
        return reply
          .status(503)
          .send({ code: 'UNAVAILABLE', message: 'The web app has not been built yet: run `npm run build`.' });
      }
      const district = districtOf(request.hostname, config.BASE_DOMAIN);
      // A subdomain no district has: the app says 'This district does not exist', with a 404.
      const districtKnown = district === null || (await districtExists(app, district));
      const page = matchPage(pathname, { district: district !== null });
      const { html, found } =
        page && app.describePage
          ? await app.describePage(request, page, indexHtml)
          : {
              html: indexHtml,
              found:
                page !== null ||
                isOneOf(appOnlyPaths, pathname) ||
                (devPages && isOneOf(devPagePaths, pathname)),
            };
      return reply
        .status(found && districtKnown ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  },
  { name: 'spa' },
);
