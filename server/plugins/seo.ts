import { and, desc, eq, ne } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { articleUrl } from '../../contracts/cms';
import { districtOrigin } from '../../contracts/districts';
import { authCallbackPath } from '../../contracts/roles';
import { cmsArticles, districts, publishedScenes, scenes } from '../db/schema';
import { visibleTo } from '../services/sceneService/published';
import { toIsoTime } from '../support/time';
// Its escaping of text is XML's too (numeric references included).
import { escapeHtml } from './linkPreview';
import { sitemapPages } from './sitemapPages';

/**
 * For search engines (issue 24 §9): /robots.txt and /sitemap.xml (https://www.sitemaps.org).
 *
 * The sitemap lists the main site's public pages that have content, every published space the
 * anonymous public may see (published, visible, not private, not deleted) at its viewer address
 * with its last update, and the home of every public, visible district on its own host. Articles
 * join it with the resources pages. Addresses are absolute, on the configured public origin
 * (PUBLIC_ORIGIN), never on the request's Host. robots.txt keeps crawlers out of the API, the
 * editor, embeds and sign-in, and names the sitemap.
 */

export { sitemapPages };

/** One sitemap holds at most 50,000 addresses (sitemaps.org); spaces come latest updated first. */
export const sitemapMaxUrls = 50_000;

/** Paths no crawler should walk: the API and hubs, the editor, embeds and sign-in. */
export const robotsDisallowed = [
  '/api/',
  '/hubs/',
  '/curate',
  '/viewer/embed/',
  '/login',
  '/oidc',
  authCallbackPath,
];

export default fp(
  async (app) => {
    const origin = app.config.publicOrigin;

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
      const lines = [
        'User-agent: *',
        ...robotsDisallowed.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(lines.join('\n'));
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const spaces = await app.db
        .select({ id: scenes.id, updatedAt: scenes.updatedAt })
        .from(publishedScenes)
        .innerJoin(scenes, eq(scenes.id, publishedScenes.sceneId))
        .where(and(visibleTo(null), eq(scenes.publishedPublic, true)))
        .orderBy(desc(scenes.updatedAt), desc(scenes.id))
        .limit(sitemapMaxUrls - sitemapPages.length);
      const homes = await app.db
        .select({ subdomain: districts.subdomain })
        .from(districts)
        .where(and(eq(districts.public, true), eq(districts.visible, true)))
        .orderBy(districts.subdomain)
        .limit(Math.max(0, sitemapMaxUrls - sitemapPages.length - spaces.length));
      // Published guides and blog posts (the legal documents are in sitemapPages).
      const articles = await app.db
        .select({
          kind: cmsArticles.kind,
          slug: cmsArticles.slug,
          date: cmsArticles.date,
          updated: cmsArticles.updatedDate,
        })
        .from(cmsArticles)
        .where(and(eq(cmsArticles.status, 'published'), ne(cmsArticles.kind, 'document')))
        .orderBy(desc(cmsArticles.date), cmsArticles.slug)
        .limit(Math.max(0, sitemapMaxUrls - sitemapPages.length - spaces.length - homes.length));
      const url = (loc: string, lastmod?: string) =>
        `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...sitemapPages.map((path) => url(`${origin}${path}`)),
        ...spaces.map((space) =>
          url(`${origin}/viewer/${encodeURIComponent(space.id)}`, toIsoTime(space.updatedAt)),
        ),
        ...homes.map((home) => url(`${districtOrigin(origin, app.config.BASE_DOMAIN, home.subdomain)}/`)),
        ...articles.map((a) => url(`${origin}${articleUrl(a.kind, a.slug)}`, a.updated ?? a.date)),
        '</urlset>',
        '',
      ].join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(body);
    });
  },
  { name: 'seo', dependencies: ['db'] },
);
