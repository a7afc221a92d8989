import type { Tier } from './roles';

/**
 * Publishing's rules and constants without schemas (no zod), so pages on a first visit (home,
 * Explore) can read them without loading the schema library. contracts/publishing.ts re-exports
 * everything here.
 */

// ---------------------------------------------------------------------------------------------
// Constants (one table each; where the spec is silent the value is our choice)

/** Publishing slots each plan includes (districts-commerce-spaces.md §1: free 1, standard 1, pro 4). */
export const publishSlotsByTier: Record<Tier, number> = {
  free: 1,
  standard: 1,
  pro: 4,
};

/**
 * The credit price of one extra slot. The spec says the price exists but not its value
 * (platform.md §9): we chose 100 credits. Buying one goes through the commerce flow.
 */
export const extraSlotPriceCoin = 100;

/** Tags a published space must have (platform.md §5: keyword list min 3, max 10). */
export const publishTagsMin = 3;
/** At most this many tags (the same limit as a draft's tags, contracts/scenes.ts sceneTagsMax). */
export const publishTagsMax = 10;
/** A keyword is added when at least this long and a comma or semicolon is typed. */
export const keywordMinLength = 2;

/** Explore's page size (platform.md §9: infinite list page size 9). */
export const explorePageSize = 9;
/** Explore's search box waits this long after the last keystroke (ms). */
export const exploreSearchDebounceMs = 300;
/** TRENDING counts views and likes over this many days. */
export const trendingDays = 7;

export const publishSteps = ['spaceInfo', 'placement', 'privacy', 'communication', 'publish'] as const;
export type PublishStep = (typeof publishSteps)[number];

export const publishMessages = {
  noSlotAssigned: 'Please assign your space to a slot to proceed.',
  noSlotAvailable: 'There is no available slot.',
  insufficientCredits: 'Insufficient credits to publish. Select a credit package to proceed.',
  tooFewTags: `It should contain at least ${publishTagsMin} tags`,
  tooManyTags: `It should contain no more than ${publishTagsMax} tags`,
  tagExists: 'Tag already exists',
  notSaved: 'Save the space before publishing it.',
  slotTaken: 'This slot holds another space. Choose another slot.',
  planRequired: 'Choosing who may view or communicate needs the Standard plan or higher.',
  titleRequired: 'Give your space a title before publishing it.',
  noSuchSlot: 'This slot does not exist or is not yours.',
  slotInactive: 'This slot is not part of your current plan: nothing new can be published into it.',
  notPublished: 'This space is not published.',
  onlyExtraSlotsDeleted: 'Only extra slots can be deleted; plan and district slots stay.',
  slotInUse: 'A space is published in this slot. Unpublish it before deleting the slot.',
} as const;

/** What a visitor who may not see a private space is told (401 anonymous, 403 signed in). */
export const privateSpaceMessages = {
  signIn: 'Sign in to visit this 3D space',
  forbidden: "You don't have permission to access this 3D space",
} as const;

/** What the owner of a space an operator hid after a report is told when they try to show it. */
export const hiddenByOperatorMessage =
  'An operator of this platform hid this space after a report. Contact them to have it shown again.';

/** The cookie that tells anonymous visitors apart (views once per day, RELATED): httpOnly, 1 year. */
export const visitorCookieName = 'visitor_id';

/** GET publishedscene/metadata/many/{ids}: at most this many comma-separated ids. */
export const publishedManyMax = 100;

export const exploreFilters = ['all', 'related', 'trending', 'history', 'favourites'] as const;
export type ExploreFilterName = (typeof exploreFilters)[number];
/** Filters that need a signed-in caller (401 otherwise). */
export const signedInFilters: readonly ExploreFilterName[] = ['history', 'favourites'];
export const exploreSorts = ['publishedAt', 'views', 'likes'] as const;

// ---------------------------------------------------------------------------------------------
// Embedding and link previews (platform.md §5 'Embed code')

export const embedWidth = 700;
export const embedHeight = 500;

/** /viewer/{id} → /viewer/embed/{id}?showSignIn=1|0&showCommunications=1|0. */
export function embedUrl(
  viewerUrl: string,
  flags: { showSignIn: boolean; showCommunications: boolean },
): string {
  const url = new URL(viewerUrl);
  url.pathname = url.pathname.replace('/viewer/', '/viewer/embed/');
  // An embed is its own source of visits: a share link's marker does not go with it.
  url.searchParams.delete('from');
  url.searchParams.set('showSignIn', flags.showSignIn ? '1' : '0');
  url.searchParams.set('showCommunications', flags.showCommunications ? '1' : '0');
  return url.toString();
}

const attr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The copyable iframe code: 700×500, no border. */
export function embedCode(src: string, title: string): string {
  return (
    `<iframe src="${attr(src)}" width="${embedWidth}" height="${embedHeight}" ` +
    `style="border:0" frameborder="0" title="${attr(title)}" ` +
    `allow="fullscreen; autoplay; xr-spatial-tracking; microphone" allowfullscreen></iframe>`
  );
}
