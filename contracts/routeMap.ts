import { authCallbackPath } from './roles';

/**
 * The route map (platform.md §2.1) as both sides read it: the SPA's router renders these pages,
 * and the server answers 404 for every other page path (with the same index.html, whose router
 * then shows 'Page not found'). Plain data and one matcher, no schema library: the SPA's first
 * page uses it without loading zod. src/routes.ts adds what only the app needs (chrome, examples).
 */

/** Labels that never name a district. */
const reservedLabels = new Set(['www', 'api', 'app']);

/**
 * The district a host name belongs to, or null on the main host: `<name>.<BASE_DOMAIN>` shows
 * district `<name>` (platform.md §2.1–2.2). The app and the server both read hosts with it.
 */
export function districtOf(hostname: string, baseDomain: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const base = baseDomain.toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  if (!base || !host.endsWith(`.${base}`)) return null;
  const label = host.slice(0, -(base.length + 1));
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) return null;
  return reservedLabels.has(label) ? null : label;
}

export const solutionSlugs = [
  'retail-and-ecommerce',
  'marketing-and-brands',
  'museums-and-galleries',
  'art-and-creative-work',
  'events-and-live-shows',
  'learning-and-training',
] as const;
export type SolutionSlug = (typeof solutionSlugs)[number];

/** Profile area categories and their subcategories (platform.md §2.1). */
export const profileCategories = {
  spaces: ['published', 'drafts'],
  library: ['images', 'videos', '3d-models', '3d-texts', '3d-hypertexts', 'webviews'],
  activity: ['history', 'favorites'],
  connections: ['followers', 'following', 'groups'],
  districts: ['what-is-district', 'my-districts', 'others-districts', 'following-districts'],
} as const satisfies Record<string, readonly string[]>;
export type ProfileCategory = keyof typeof profileCategories;

/** District area categories on a subdomain (platform.md §2.1). */
export const districtCategories = {
  spaces: ['published', 'drafts', 'hosting-requests'],
  library: ['images', 'videos', '3d-models', '3d-texts', 'hypertexts'],
  members: ['all', 'invitations'],
  groups: ['all', 'invitations'],
  /** The Owners' District Settings (platform.md §2.1: General, Appearance; paths chosen here). */
  settings: ['general', 'appearance'],
} as const satisfies Record<string, readonly string[]>;
export type DistrictCategory = keyof typeof districtCategories;

/** Is this a category (and optional subcategory) of the given table? */
export function isKnownSection(
  table: Record<string, readonly string[]>,
  category: string | undefined,
  subcategory: string | undefined,
): boolean {
  if (category === undefined) return subcategory === undefined;
  const subs = table[category];
  if (!Object.hasOwn(table, category) || !subs) return false;
  return subcategory === undefined || subs.includes(subcategory);
}

export type RouteId =
  | 'home'
  | 'login'
  | 'contact'
  | 'migration'
  | 'comingSoon'
  | 'explore'
  | 'wallet'
  | 'settings'
  | 'operator'
  | 'terms'
  | 'termsProfessional'
  | 'termsDataProcessing'
  | 'privacy'
  | 'refund'
  | 'spaceAccessDenied'
  | 'editorNew'
  | 'editor'
  | 'viewerEmbed'
  | 'viewer'
  | 'user'
  | 'pricing'
  | 'solution'
  | 'faqs'
  | 'guides'
  | 'guide'
  | 'blog'
  | 'blogPost'
  | 'glossary'
  | 'districtArea';

export type RouteParams = Record<string, string | undefined>;

export interface RoutePattern {
  id: RouteId;
  /** wouter patterns, tried in order. */
  paths: readonly string[];
  /** Where the route exists: everywhere, or only on a district subdomain. */
  host: 'any' | 'district';
  /** Parameter values the page renders; it shows 'Page not found' for the others. */
  accepts?: (params: RouteParams) => boolean;
}

/** In the router's order: the first pattern that matches decides the page. */
export const routeMap: readonly RoutePattern[] = [
  { id: 'home', paths: ['/'], host: 'any' },
  { id: 'login', paths: ['/login'], host: 'any' },
  { id: 'contact', paths: ['/contact-us'], host: 'any' },
  { id: 'migration', paths: ['/artsteps-migration'], host: 'any' },
  { id: 'comingSoon', paths: ['/coming-soon'], host: 'any' },
  { id: 'explore', paths: ['/explore'], host: 'any' },
  { id: 'wallet', paths: ['/wallet'], host: 'any' },
  { id: 'settings', paths: ['/settings'], host: 'any' },
  { id: 'operator', paths: ['/admin'], host: 'any' },
  { id: 'terms', paths: ['/terms-of-service'], host: 'any' },
  { id: 'termsProfessional', paths: ['/terms-of-service/professional-services-addendum'], host: 'any' },
  { id: 'termsDataProcessing', paths: ['/terms-of-service/data-processing-addendum'], host: 'any' },
  { id: 'privacy', paths: ['/privacy-notice'], host: 'any' },
  { id: 'refund', paths: ['/refund-policy'], host: 'any' },
  { id: 'spaceAccessDenied', paths: ['/space-access-denied'], host: 'any' },
  { id: 'editorNew', paths: ['/curate'], host: 'any' },
  { id: 'editor', paths: ['/curate/:sceneId'], host: 'any' },
  { id: 'viewerEmbed', paths: ['/viewer/embed/:sceneId'], host: 'any' },
  { id: 'viewer', paths: ['/viewer/:sceneId'], host: 'any' },
  {
    id: 'user',
    paths: ['/user', '/user/:userId', '/user/:userId/:category', '/user/:userId/:category/:subcategory'],
    host: 'any',
    accepts: ({ category, subcategory }) => isKnownSection(profileCategories, category, subcategory),
  },
  { id: 'pricing', paths: ['/pricing'], host: 'any' },
  {
    id: 'solution',
    paths: ['/solutions/:slug'],
    host: 'any',
    accepts: ({ slug }) => (solutionSlugs as readonly (string | undefined)[]).includes(slug),
  },
  { id: 'faqs', paths: ['/resources/faqs'], host: 'any' },
  { id: 'guides', paths: ['/resources/guides'], host: 'any' },
  { id: 'guide', paths: ['/resources/guides/:resourceId'], host: 'any' },
  { id: 'blog', paths: ['/resources/blog'], host: 'any' },
  { id: 'blogPost', paths: ['/resources/blog/:resourceId'], host: 'any' },
  { id: 'glossary', paths: ['/resources/glossary'], host: 'any' },
  {
    id: 'districtArea',
    paths: ['/:category', '/:category/:subcategory'],
    host: 'district',
    accepts: ({ category, subcategory }) => isKnownSection(districtCategories, category, subcategory),
  },
];

/** Pages of the app outside the map: where sign-in comes back to. */
export const appOnlyPaths = [authCallbackPath] as const;
/** Development pages: only in builds made with SPACES_DEV_PAGES=true (README, 'Scripts'). */
export const devPagePaths = ['/dev/engine'] as const;

/** A page of the map, with its parameters. */
export interface PageMatch {
  id: RouteId;
  params: RouteParams;
}

/**
 * A pattern as wouter reads it (regexparam): `:name` is one path segment, matching ignores case
 * and allows one trailing slash.
 */
function compile(pattern: string): { keys: string[]; regexp: RegExp } {
  const keys: string[] = [];
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      keys.push(segment.slice(1));
      return '/([^/]+?)';
    })
    .join('');
  return { keys, regexp: new RegExp(`^${source}/?$`, 'i') };
}

let compiledMap: { route: RoutePattern; patterns: ReturnType<typeof compile>[] }[] | undefined;
/** Compiled on first use, so a bundle that never matches a path does not pay for it. */
const compiled = () =>
  (compiledMap ??= routeMap.map((route) => ({ route, patterns: route.paths.map(compile) })));

/** The router reads the path with its escapes decoded (a malformed one as it is). */
function decoded(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/**
 * The page of the map a path shows on the main host or on a district host, or null when the app
 * shows 'Page not found' there: no pattern matches, or the first that does refuses its parameters
 * (an unknown solution, profile section or district section).
 */
export function matchPage(pathname: string, { district }: { district: boolean }): PageMatch | null {
  const path = decoded(pathname);
  for (const { route, patterns } of compiled()) {
    if (route.host === 'district' && !district) continue;
    for (const { keys, regexp } of patterns) {
      const found = regexp.exec(path);
      if (!found) continue;
      const params: RouteParams = Object.fromEntries(keys.map((key, i) => [key, found[i + 1]]));
      return !route.accepts || route.accepts(params) ? { id: route.id, params } : null;
    }
  }
  return null;
}

/** Whether the path is one of the given pages outside the map (same matching as the router). */
export function isOneOf(paths: readonly string[], pathname: string): boolean {
  const path = decoded(pathname);
  return paths.some((p) => compile(p).regexp.test(path));
}
