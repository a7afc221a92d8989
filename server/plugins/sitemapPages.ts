import { solutionSlugs } from '../../contracts/routeMap';

/**
 * Pages of the route map (contracts/routeMap.ts) worth a search engine's visit: the sitemap lists
 * them (seo.ts), and each carries a canonical link to its address without a query (linkPreview.ts).
 */
export const sitemapPages = [
  '/',
  '/explore',
  '/pricing',
  ...solutionSlugs.map((slug) => `/solutions/${slug}`),
  '/contact-us',
  '/resources/faqs',
  '/resources/guides',
  '/resources/blog',
  '/resources/glossary',
  '/terms-of-service',
  '/terms-of-service/professional-services-addendum',
  '/terms-of-service/data-processing-addendum',
  '/privacy-notice',
  '/refund-policy',
] as const;
