/**
 * The route map (platform.md §2.1): one table that the router, the header, the footer and the
 * end-to-end tests all read. Pure data — no React here. Its paths and the parameters each page
 * accepts are contracts/routeMap.ts, which the server reads too (it answers 404 for other paths);
 * this adds what only the app needs.
 */

import { type RouteId, routeMap, type RoutePattern, solutionSlugs } from '../contracts/routeMap';

export {
  type DistrictCategory,
  districtCategories,
  isKnownSection,
  type ProfileCategory,
  profileCategories,
  type RouteId,
  type SolutionSlug,
  solutionSlugs,
} from '../contracts/routeMap';

export interface RouteDef extends RoutePattern {
  /** 'bare' pages (editor, viewer) render without header and footer. */
  chrome: 'full' | 'bare';
  /** Paths a test can visit to see this route. */
  examples: string[];
}

/**
 * What the app adds to each route of the map. Examples may name a demo space or user with
 * `:sceneId` and `:userId`: the end-to-end tests fill them in from the demo content.
 */
const pages: Record<RouteId, Pick<RouteDef, 'chrome' | 'examples'>> = {
  home: { chrome: 'full', examples: ['/'] },
  login: { chrome: 'full', examples: ['/login'] },
  contact: { chrome: 'full', examples: ['/contact-us'] },
  migration: { chrome: 'full', examples: ['/artsteps-migration'] },
  comingSoon: { chrome: 'full', examples: ['/coming-soon'] },
  explore: { chrome: 'full', examples: ['/explore'] },
  wallet: { chrome: 'full', examples: ['/wallet'] },
  settings: { chrome: 'full', examples: ['/settings'] },
  operator: { chrome: 'full', examples: ['/admin'] },
  terms: { chrome: 'full', examples: ['/terms-of-service'] },
  termsProfessional: { chrome: 'full', examples: ['/terms-of-service/professional-services-addendum'] },
  termsDataProcessing: { chrome: 'full', examples: ['/terms-of-service/data-processing-addendum'] },
  privacy: { chrome: 'full', examples: ['/privacy-notice'] },
  refund: { chrome: 'full', examples: ['/refund-policy'] },
  spaceAccessDenied: { chrome: 'full', examples: ['/space-access-denied'] },
  editorNew: { chrome: 'bare', examples: ['/curate'] },
  editor: { chrome: 'bare', examples: ['/curate/:sceneId'] },
  viewerEmbed: { chrome: 'bare', examples: ['/viewer/embed/:sceneId'] },
  viewer: { chrome: 'bare', examples: ['/viewer/:sceneId'] },
  user: {
    chrome: 'full',
    examples: [
      '/user',
      '/user/:userId',
      '/user/:userId/spaces',
      '/user/:userId/library',
      '/user/me/spaces/drafts',
    ],
  },
  pricing: { chrome: 'full', examples: ['/pricing'] },
  solution: { chrome: 'full', examples: solutionSlugs.map((slug) => `/solutions/${slug}`) },
  faqs: { chrome: 'full', examples: ['/resources/faqs'] },
  guides: { chrome: 'full', examples: ['/resources/guides'] },
  guide: { chrome: 'full', examples: ['/resources/guides/define-space'] },
  blog: { chrome: 'full', examples: ['/resources/blog'] },
  blogPost: { chrome: 'full', examples: ['/resources/blog/self-hosting-spaces-in-two-commands'] },
  glossary: { chrome: 'full', examples: ['/resources/glossary'] },
  districtArea: {
    chrome: 'full',
    examples: ['/spaces', '/spaces/drafts', '/library/images', '/members', '/members/invitations', '/groups'],
  },
};

// Pure: the first page's bundle, which reads only the helpers below, leaves the table out.
export const routes: RouteDef[] = /* @__PURE__ */ routeMap.map((route) => ({ ...route, ...pages[route.id] }));

/** The route a path belongs to for the layout's purposes (chrome, header rules). */
export function chromeOf(pathname: string): RouteDef['chrome'] {
  return /^\/(curate|viewer|dev)(\/|$)/.test(pathname) ? 'bare' : 'full';
}

export const isEditorPath = (pathname: string) => /^\/curate(\/|$)/.test(pathname);
export const isEmbedPath = (pathname: string) => pathname.includes('embed');
