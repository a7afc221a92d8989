import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../contracts/errors';
import { type ThumbnailWidth, thumbnailUrl, thumbnailWidths } from '../../contracts/files';
import { embedCode, embedHeight, embedUrl, embedWidth } from '../../contracts/publishing';
import { districtOf, type PageMatch } from '../../contracts/routeMap';
import type { SceneEvent } from '../../contracts/sceneEvents';
import type { SceneMetadata } from '../../contracts/scenes';
import { AppError, notFound } from '../errors';
import type { Caller } from '../http/caller';
import { apiTokenOf } from '../identity/accessTokens';
import { FileService } from '../services/fileService/service';
import { fileIdOfUrl } from '../services/sceneService/metadata';
import { upcomingEventsOf } from '../services/liveService/sceneEvents';
import { CmsService } from '../services/cmsService/service';
import { SceneService } from '../services/sceneService/service';
import type { Article } from '../../contracts/cms';
import { sitemapPages } from './sitemapPages';

/**
 * Link previews of published spaces (platform.md §2.8, §5 'Embed code'):
 * - the HTML of /viewer/{id} and /viewer/embed/{id} carries the space's title, description, Open
 *   Graph and Twitter card tags, a canonical link and oEmbed discovery links, so a pasted link
 *   unfurls in chats and social networks (their crawlers do not run the SPA);
 * - the other main-host pages of the sitemap carry a canonical link too (issue 24 §9);
 * - GET /oembed?url=…&format=json answers the embed iframe as an oEmbed 'rich' type (https://oembed.com).
 *
 * Only a space the anonymous public may see (published, visible, not private) is described;
 * anything else gets the plain page or a 404, so nothing leaks about drafts or private spaces.
 * The viewer page of a space that does not exist answers 404 (with the plain page, whose app
 * shows 'Page not found'): exactly where the API answers the same visitor 404, so a page's status
 * tells no more than the API does. Hidden and private spaces answer 200 and show access denied.
 */

const siteName = 'Spaces';
/** How long consumers may cache an oEmbed answer (seconds). */
const oembedCacheAgeSeconds = 3600;
const descriptionMaxLength = 300;

/** /viewer/{id} or /viewer/embed/{id} (a trailing slash allowed). */
const viewerPath = /^\/viewer\/(?:embed\/)?([^/]+)\/?$/;
/** A Host header worth building urls from: a name or an IPv6 literal, and a port. */
const plausibleHost = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const OEmbedQuery = z.object({
  url: z.string().min(1).max(2048).describe('The url of a space: /viewer/{id} or /viewer/embed/{id}'),
  format: z.string().max(16).default('json').describe('Only json is supported (xml answers 501)'),
  maxwidth: z.coerce.number().int().positive().optional(),
  maxheight: z.coerce.number().int().positive().optional(),
});

export const OEmbedAnswer = z
  .object({
    type: z.literal('rich'),
    version: z.literal('1.0'),
    title: z.string(),
    author_name: z.string(),
    author_url: z.string(),
    provider_name: z.string(),
    provider_url: z.string(),
    html: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    thumbnail_url: z.string().optional(),
    thumbnail_width: z.number().int().optional(),
    thumbnail_height: z.number().int().optional(),
    cache_age: z.number().int(),
  })
  .meta({ id: 'OEmbedAnswer' });
export type OEmbedAnswer = z.infer<typeof OEmbedAnswer>;

/** Text safe inside an attribute value or an element (quotes, tags and entities escaped). */
export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** The space id of a viewer path, or undefined. */
function sceneIdOfPath(pathname: string): string | undefined {
  const match = viewerPath.exec(pathname);
  if (!match) return undefined;
  try {
    const id = decodeURIComponent(match[1]);
    return id.length > 0 && id.length <= 64 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The iframe width and height within the consumer's limits, keeping the 700×500 ratio. */
function embedSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  const scale = Math.min(1, (maxwidth ?? embedWidth) / embedWidth, (maxheight ?? embedHeight) / embedHeight);
  return {
    width: Math.max(1, Math.floor(embedWidth * scale)),
    height: Math.max(1, Math.floor(embedHeight * scale)),
  };
}

interface Preview {
  space: SceneMetadata;
  /** The space's scheduled events on now or to come. */
  events: SceneEvent[];
  origin: string;
  /** The canonical viewer url: `${origin}/viewer/{id}`. */
  canonical: string;
}

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url}`);

/** The head tags describing a space; every value escaped. */
function previewTags({ space, origin, canonical, events }: Preview): string {
  const title = space.title;
  const description = (space.description.trim() || `A 3D space by ${space.creator.name}`).slice(
    0,
    descriptionMaxLength,
  );
  const image = space.coverPhotoUri ? absolute(origin, space.coverPhotoUri) : null;
  const oembed = (format: string) => `${origin}/oembed?url=${encodeURIComponent(canonical)}&format=${format}`;
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  return [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed('json'))}" ` +
      `title="${escapeHtml(title)}">`,
    `<script type="application/ld+json">${jsonForScript(structuredData(space, canonical, description, image))}</script>`,
    ...(events.length
      ? [
          `<script type="application/ld+json">${jsonForScript(events.map((event) => eventData(event, space, canonical)))}</script>`,
        ]
      : []),
  ].join('');
}

/**
 * The space for search engines (https://schema.org/CreativeWork): what it is, who made it, when it
 * was published and updated, and its cover.
 */
export function structuredData(
  space: SceneMetadata,
  canonical: string,
  description: string,
  image: string | null,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    '@id': canonical,
    name: space.title,
    description,
    url: canonical,
    ...(image ? { image } : {}),
    author: { '@type': 'Person', name: space.creator.name },
    ...(space.publishedAt ? { datePublished: space.publishedAt } : {}),
    dateModified: space.updatedAt,
    ...(space.tags.length ? { keywords: space.tags.join(', ') } : {}),
    isAccessibleForFree: true,
  };
}

/**
 * A scheduled event of the space (https://schema.org/ExhibitionEvent): online, in the space, which
 * is the work it features.
 */
export function eventData(event: SceneEvent, space: SceneMetadata, canonical: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ExhibitionEvent',
    name: event.title,
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: canonical },
    organizer: { '@type': 'Person', name: space.creator.name },
    workFeatured: { '@id': canonical },
    isAccessibleForFree: true,
  };
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, whatever the strings hold. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** index.html with the space's title, its description replaced and the preview tags added. */
/** The page with a canonical link in its head. */
const withCanonical = (html: string, canonical: string) =>
  html.replace(/<\/head>/i, () => `<link rel="canonical" href="${escapeHtml(canonical)}"></head>`);

function withPreview(html: string, preview: Preview): string {
  const title = `<title>${escapeHtml(`${preview.space.title} | ${siteName}`)}</title>`;
  // Function replacers: a title holding `$&` must not be read as a replacement pattern.
  const withoutOld = html
    .replace(/<title>[\s\S]*?<\/title>/i, () => '')
    .replace(/<meta\s+name=["']description["'][^>]*>/gi, () => '');
  return withoutOld.replace(/<\/head>/i, () => `${title}${previewTags(preview)}</head>`);
}

/** A published guide or blog post for search engines and link previews (schema.org Article). */
export function articleData(article: Article, canonical: string, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description || undefined,
    url: canonical,
    mainEntityOfPage: canonical,
    datePublished: article.date,
    dateModified: article.updatedDate ?? article.date,
    ...(article.author ? { author: { '@type': 'Person', name: article.author.name } } : {}),
    ...(article.thumbnail ? { image: absolute(origin, article.thumbnail) } : {}),
    keywords: article.tags.length ? article.tags.join(', ') : undefined,
    articleSection: article.category?.title,
    timeRequired: `PT${article.readingDuration}M`,
    publisher: { '@type': 'Organization', name: siteName, url: origin },
  };
}

/** index.html with an article's title, description, preview tags and structured data. */
function withArticle(html: string, article: Article, origin: string, canonical: string): string {
  const description = (article.description.trim() || article.title).slice(0, descriptionMaxLength);
  const image = article.thumbnail ? absolute(origin, article.thumbnail) : null;
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(`${article.title} | ${siteName}`)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', article.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'article:published_time', article.date),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    `<script type="application/ld+json">${jsonForScript(articleData(article, canonical, origin))}</script>`,
  ].join('');
  const withoutOld = html
    .replace(/<title>[\s\S]*?<\/title>/i, () => '')
    .replace(/<meta\s+name=["']description["'][^>]*>/gi, () => '');
  return withoutOld.replace(/<\/head>/i, () => `${tags}</head>`);
}

export default fp(
  async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { config } = app;
    // Their own instances over the shared database and store (the services' plugins keep theirs
    // encapsulated); only public read methods are called.
    const scenes = new SceneService({ db: app.db, store: app.blobStore, log: app.log });
    const files = new FileService(app.db, app.blobStore);
    const cms = new CmsService(app.db);
    app.addHook('onClose', async () => scenes.close());

    /**
     * The configured public origin (PUBLIC_ORIGIN), else the request's: its protocol (Fastify reads
     * X-Forwarded-Proto only because the app trusts its proxy) and Host.
     */
    const originOf = (request: FastifyRequest): string => {
      if (config.PUBLIC_ORIGIN || !plausibleHost.test(request.host)) return config.publicOrigin;
      return `${request.protocol}://${request.host}`;
    };

    const isPublic = (space: SceneMetadata) =>
      space.state === 'Published' && space.visible && !space.privacyACLEnabled;

    /** The space if the anonymous public may see it, else null (drafts, hidden, private, unknown). */
    const publicSpace = async (sceneId: string): Promise<SceneMetadata | null> => {
      try {
        const space = await scenes.publishedMetadata(sceneId, null);
        return isPublic(space) ? space : null;
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) return null;
        throw error;
      }
    };

    /**
     * The visitor of a page, from the `access_token` cookie the app keeps while signed in (pages
     * carry no Authorization header); anonymous when there is none or it does not verify.
     */
    const visitorOf = async (request: FastifyRequest): Promise<Caller | null> => {
      try {
        const token = apiTokenOf(request);
        return token ? await app.verifyAccessToken(token) : null;
      } catch {
        return null;
      }
    };

    /**
     * What a viewer page shows, read as the app will read it: the published space (or with
     * ?draft=true the draft, which only its owner may see), 'missing' where the API answers 404, and
     * 'refused' where it answers 401 or 403 (a hidden or private space: it exists, and the API says
     * so to anyone who asks).
     */
    const viewerSubject = async (
      request: FastifyRequest,
      sceneId: string,
    ): Promise<SceneMetadata | 'refused' | 'missing'> => {
      const draft = new URLSearchParams(request.url.split('?')[1] ?? '').get('draft') === 'true';
      try {
        return draft
          ? await scenes.metadata(sceneId, await visitorOf(request))
          : await scenes.publishedMetadata(sceneId, null);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        return error.statusCode === 404 ? 'missing' : 'refused';
      }
    };

    /**
     * Viewer pages: 404 for a space that does not exist, and a link preview for one the anonymous
     * public may see (a draft preview gets none).
     */
    /**
     * The address search engines should keep for a main-host page of the sitemap: its path without
     * a query (so /explore?q=… is /explore); null for any other page.
     */
    const canonicalOf = (request: FastifyRequest): string | null => {
      if (districtOf(request.hostname, config.BASE_DOMAIN) !== null) return null;
      const path = request.url.split('?')[0].replace(/(.)\/+$/, '$1');
      return (sitemapPages as readonly string[]).includes(path) ? `${originOf(request)}${path}` : null;
    };

    app.decorate('describePage', async (request: FastifyRequest, page: PageMatch, html: string) => {
      const sceneId = page.id === 'viewer' || page.id === 'viewerEmbed' ? page.params.sceneId : undefined;
      const articleSlug = page.id === 'guide' || page.id === 'blogPost' ? page.params.resourceId : undefined;
      if (articleSlug && districtOf(request.hostname, config.BASE_DOMAIN) === null) {
        try {
          const article = await cms.article(page.id === 'guide' ? 'guide' : 'blog', articleSlug, false);
          const origin = originOf(request);
          return { html: withArticle(html, article, origin, `${origin}${article.url}`), found: true };
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 404) return { html, found: false };
          request.log.error({ err: error, slug: articleSlug }, 'article preview failed');
          return { html, found: true };
        }
      }
      if (!sceneId) {
        const canonical = canonicalOf(request);
        return { html: canonical ? withCanonical(html, canonical) : html, found: true };
      }
      try {
        const subject = await viewerSubject(request, sceneId);
        if (subject === 'missing') return { html, found: false };
        if (subject === 'refused' || subject.state === 'Draft' || !isPublic(subject)) {
          return { html, found: true };
        }
        const origin = originOf(request);
        const canonical = `${origin}/viewer/${encodeURIComponent(subject.sceneId)}`;
        const events = await upcomingEventsOf(app.db, subject.sceneId);
        return { html: withPreview(html, { space: subject, origin, canonical, events }), found: true };
      } catch (error) {
        // The page still works without its preview.
        request.log.error({ err: error, sceneId }, 'link preview failed');
        return { html, found: true };
      }
    });

    /** The cover as an oEmbed thumbnail: its real size, or a thumbnail within the limits. */
    const thumbnailOf = async (
      space: SceneMetadata,
      origin: string,
      limits: { maxwidth?: number; maxheight?: number },
    ): Promise<Pick<OEmbedAnswer, 'thumbnail_url' | 'thumbnail_width' | 'thumbnail_height'>> => {
      const fileId = space.coverPhotoUri ? fileIdOfUrl(space.coverPhotoUri) : undefined;
      if (!fileId) return {};
      const file = await files.find(fileId).catch(() => null);
      if (!file?.width || !file.height) return {};
      const scale = Math.min(
        1,
        (limits.maxwidth ?? file.width) / file.width,
        (limits.maxheight ?? file.height) / file.height,
      );
      if (scale >= 1) {
        return {
          thumbnail_url: absolute(origin, space.coverPhotoUri!),
          thumbnail_width: file.width,
          thumbnail_height: file.height,
        };
      }
      // The largest stored thumbnail width that fits (thumbnails keep the picture's ratio).
      const fitting = [...thumbnailWidths].reverse().find((w) => w <= file.width! * scale);
      if (!fitting) return {};
      return {
        thumbnail_url: absolute(origin, thumbnailUrl(fileId, fitting as ThumbnailWidth)),
        thumbnail_width: fitting,
        thumbnail_height: Math.max(1, Math.round((file.height * fitting) / file.width)),
      };
    };

    app.register(async (scope) => {
      // Any site may read oEmbed answers (GET only, no credentials).
      scope.addHook('onSend', async (_request, reply, payload) => {
        reply.header('access-control-allow-origin', '*');
        reply.header('access-control-allow-methods', 'GET');
        return payload;
      });
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/oembed',
        {
          schema: {
            tags: ['sharing'],
            summary: 'oEmbed of a published space (type rich)',
            querystring: OEmbedQuery,
            response: { 200: OEmbedAnswer, 400: ErrorBody, 404: ErrorBody, 501: ErrorBody },
          },
        },
        async (request, reply) => {
          const { url, format, maxwidth, maxheight } = request.query;
          if (format !== 'json') {
            // No code of our own fits 501; oEmbed consumers read the status.
            return reply
              .status(501)
              .send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only format=json is supported' });
          }
          const origin = originOf(request);
          let target: URL;
          try {
            target = new URL(url);
          } catch {
            throw notFound('Not a url of this site');
          }
          const ours = new Set([new URL(origin).host, new URL(config.publicOrigin).host]);
          const sceneId = sceneIdOfPath(target.pathname);
          if (!/^https?:$/.test(target.protocol) || !ours.has(target.host) || !sceneId) {
            throw notFound('Not a space of this site');
          }
          const space = await publicSpace(sceneId);
          if (!space) throw notFound('No such space');

          const canonical = `${origin}/viewer/${encodeURIComponent(space.sceneId)}`;
          const size = embedSize(maxwidth, maxheight);
          const code = embedCode(
            embedUrl(canonical, { showSignIn: false, showCommunications: false }),
            space.title,
          )
            // embedCode is always 700×500; the consumer's limits may ask for less.
            .replace(
              `width="${embedWidth}" height="${embedHeight}"`,
              `width="${size.width}" height="${size.height}"`,
            );
          return {
            type: 'rich' as const,
            version: '1.0' as const,
            title: space.title,
            author_name: space.creator.name,
            author_url: `${origin}/user/${encodeURIComponent(space.creator.userId)}`,
            provider_name: siteName,
            provider_url: origin,
            html: code,
            width: size.width,
            height: size.height,
            ...(await thumbnailOf(space, origin, { maxwidth, maxheight })),
            cache_age: oembedCacheAgeSeconds,
          };
        },
      );
    });
  },
  { name: 'linkPreview', dependencies: ['db', 'blob-store'] },
);
