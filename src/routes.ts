/**
 * The route map (platform.md §2.1): one table that the router, the header, the footer and the
 * end-to-end tests all read. Pure data — no React here.
 */

export type RouteId =
  | 'home'
  | 'login'
  | 'contact'
  | 'migration'
  | 'comingSoon'
  | 'explore'
  | 'wallet'
  | 'settings'
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

export interface RouteDef {
  id: RouteId;
  /** wouter patterns, tried in order. */
  paths: string[];
  /** 'bare' pages (editor, viewer) render without header and footer. */
  chrome: 'full' | 'bare';
  /** Where the route exists: everywhere, or only on a district subdomain. */
  host: 'any' | 'district';
  /** Paths a test can visit to see this route. */
  examples: string[];
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
} as const satisfies Record<string, readonly string[]>;
export type DistrictCategory = keyof typeof districtCategories;

export const routes: RouteDef[] = [
  { id: 'home', paths: ['/'], chrome: 'full', host: 'any', examples: ['/'] },
  { id: 'login', paths: ['/login'], chrome: 'full', host: 'any', examples: ['/login'] },
  { id: 'contact', paths: ['/contact-us'], chrome: 'full', host: 'any', examples: ['/contact-us'] },
  {
    id: 'migration',
    paths: ['/artsteps-migration'],
    chrome: 'full',
    host: 'any',
    examples: ['/artsteps-migration'],
  },
  { id: 'comingSoon', paths: ['/coming-soon'], chrome: 'full', host: 'any', examples: ['/coming-soon'] },
  { id: 'explore', paths: ['/explore'], chrome: 'full', host: 'any', examples: ['/explore'] },
  { id: 'wallet', paths: ['/wallet'], chrome: 'full', host: 'any', examples: ['/wallet'] },
  { id: 'settings', paths: ['/settings'], chrome: 'full', host: 'any', examples: ['/settings'] },
  { id: 'terms', paths: ['/terms-of-service'], chrome: 'full', host: 'any', examples: ['/terms-of-service'] },
  {
    id: 'termsProfessional',
    paths: ['/terms-of-service/professional-services-addendum'],
    chrome: 'full',
    host: 'any',
    examples: ['/terms-of-service/professional-services-addendum'],
  },
  {
    id: 'termsDataProcessing',
    paths: ['/terms-of-service/data-processing-addendum'],
    chrome: 'full',
    host: 'any',
    examples: ['/terms-of-service/data-processing-addendum'],
  },
  { id: 'privacy', paths: ['/privacy-notice'], chrome: 'full', host: 'any', examples: ['/privacy-notice'] },
  { id: 'refund', paths: ['/refund-policy'], chrome: 'full', host: 'any', examples: ['/refund-policy'] },
  {
    id: 'spaceAccessDenied',
    paths: ['/space-access-denied'],
    chrome: 'full',
    host: 'any',
    examples: ['/space-access-denied'],
  },
  { id: 'editorNew', paths: ['/curate'], chrome: 'bare', host: 'any', examples: ['/curate'] },
  {
    id: 'editor',
    paths: ['/curate/:sceneId'],
    chrome: 'bare',
    host: 'any',
    examples: ['/curate/demo-scene'],
  },
  {
    id: 'viewerEmbed',
    paths: ['/viewer/embed/:sceneId'],
    chrome: 'bare',
    host: 'any',
    examples: ['/viewer/embed/demo-scene'],
  },
  {
    id: 'viewer',
    paths: ['/viewer/:sceneId'],
    chrome: 'bare',
    host: 'any',
    examples: ['/viewer/demo-scene'],
  },
  {
    id: 'user',
    paths: ['/user', '/user/:userId', '/user/:userId/:category', '/user/:userId/:category/:subcategory'],
    chrome: 'full',
    host: 'any',
    examples: ['/user', '/user/me/library', '/user/me/spaces/drafts'],
  },
  { id: 'pricing', paths: ['/pricing'], chrome: 'full', host: 'any', examples: ['/pricing'] },
  {
    id: 'solution',
    paths: ['/solutions/:slug'],
    chrome: 'full',
    host: 'any',
    examples: solutionSlugs.map((slug) => `/solutions/${slug}`),
  },
  { id: 'faqs', paths: ['/resources/faqs'], chrome: 'full', host: 'any', examples: ['/resources/faqs'] },
  {
    id: 'guides',
    paths: ['/resources/guides'],
    chrome: 'full',
    host: 'any',
    examples: ['/resources/guides'],
  },
  {
    id: 'guide',
    paths: ['/resources/guides/:resourceId'],
    chrome: 'full',
    host: 'any',
    examples: ['/resources/guides/getting-started'],
  },
  { id: 'blog', paths: ['/resources/blog'], chrome: 'full', host: 'any', examples: ['/resources/blog'] },
  {
    id: 'blogPost',
    paths: ['/resources/blog/:resourceId'],
    chrome: 'full',
    host: 'any',
    examples: ['/resources/blog/welcome'],
  },
  {
    id: 'glossary',
    paths: ['/resources/glossary'],
    chrome: 'full',
    host: 'any',
    examples: ['/resources/glossary'],
  },
  {
    id: 'districtArea',
    paths: ['/:category', '/:category/:subcategory'],
    chrome: 'full',
    host: 'district',
    examples: ['/spaces', '/spaces/drafts', '/library/images', '/members', '/members/invitations', '/groups'],
  },
];

/** Is this a category (and optional subcategory) of the given table? */
export function isKnownSection(
  table: Record<string, readonly string[]>,
  category: string | undefined,
  subcategory: string | undefined,
): boolean {
  if (category === undefined) return subcategory === undefined;
  const subs = table[category];
  if (!subs) return false;
  return subcategory === undefined || subs.includes(subcategory);
}

/** The route a path belongs to for the layout's purposes (chrome, header rules). */
export function chromeOf(pathname: string): RouteDef['chrome'] {
  return /^\/(curate|viewer|dev)(\/|$)/.test(pathname) ? 'bare' : 'full';
}

export const isEditorPath = (pathname: string) => /^\/curate(\/|$)/.test(pathname);
export const isEmbedPath = (pathname: string) => pathname.includes('embed');
