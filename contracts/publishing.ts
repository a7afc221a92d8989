import { z } from 'zod';
import type { Tier } from './roles';
import { SceneMetadata, sceneTagsMax } from './scenes';

/**
 * Publishing, slots, search and views (platform.md §2.4, §2.5, §3 'Publish form', 'Published slot
 * record', §7.3; districts-commerce-spaces.md §1 plan limits). The publish wizard, the Explore page
 * and the scene service read these schemas.
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
export const publishTagsMax = sceneTagsMax;
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
} as const;

/** What a visitor who may not see a private space is told (401 anonymous, 403 signed in). */
export const privateSpaceMessages = {
  signIn: 'Sign in to visit this 3D space',
  forbidden: "You don't have permission to access this 3D space",
} as const;

/** The cookie that tells anonymous visitors apart (views once per day, RELATED): httpOnly, 1 year. */
export const visitorCookieName = 'visitor_id';

/** GET publishedscene/metadata/many/{ids}: at most this many comma-separated ids. */
export const publishedManyMax = 100;

// ---------------------------------------------------------------------------------------------
// Slots

export const slotKinds = ['free', 'extra', 'district'] as const;
export const SlotKind = z.enum(slotKinds).meta({ id: 'SlotKind' });
export type SlotKind = z.infer<typeof SlotKind>;

/**
 * A publishing slot (platform.md §3 'Published slot record'): a place a published space occupies.
 * Plan slots ('free') come with the caller's plan; 'extra' slots are bought with credits;
 * 'district' slots belong to a district (the districts issue). `active` is false for plan slots
 * beyond what the current plan includes (after a downgrade): their space stays published, but
 * nothing new can be published into them.
 */
export const Slot = z
  .object({
    slotId: z.string(),
    kind: SlotKind,
    active: z.boolean(),
    ownerId: z.string(),
    districtId: z.string().nullable(),
    districtSubdomain: z.string().nullable(),
    districtSlot: z.boolean(),
    /** The district item / commerce product it was bought as (extra and district slots). */
    productId: z.string().nullable(),
    sceneId: z.string().nullable(),
    /** The occupying space's published title, when there is one. */
    title: z.string().nullable(),
    sceneMetadata: SceneMetadata.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Slot' });
export type Slot = z.infer<typeof Slot>;

export const SlotList = z.object({ items: z.array(Slot) }).meta({ id: 'SlotList' });
export type SlotList = z.infer<typeof SlotList>;

// ---------------------------------------------------------------------------------------------
// Publish

const idList = z.array(z.string().min(1).max(64)).max(500);

/**
 * POST sceneactions/{id}/publish (JSON). The space-info fields are saved before through PATCH
 * scene/metadata; this publishes the draft as it is then. Without `slotId` the answer is 422
 * 'Please assign your space to a slot to proceed.'. The ACL fields need the Standard plan
 * (403 otherwise) and replace the space's lists when given.
 */
export const PublishForm = z
  .object({
    slotId: z.string().min(1).max(64).optional(),
    publishedPublic: z.boolean().default(true).describe('Listed in Explore (true) or only by link'),
    privacyACLEnabled: z.boolean().optional(),
    userPrivacyACL: idList.optional(),
    groupPrivacyACL: idList.optional(),
    communicationACLEnabled: z.boolean().optional(),
    userCommunicationACL: idList.optional(),
    groupCommunicationACL: idList.optional(),
  })
  .strict()
  .meta({ id: 'PublishForm' });
export type PublishForm = z.input<typeof PublishForm>;

export const PublishAnswer = z.object({ metadata: SceneMetadata, slot: Slot }).meta({ id: 'PublishAnswer' });
export type PublishAnswer = z.infer<typeof PublishAnswer>;

// ---------------------------------------------------------------------------------------------
// Search (Explore)

export const exploreFilters = ['all', 'related', 'trending', 'history', 'favourites'] as const;
export const ExploreFilter = z.enum(exploreFilters);
export type ExploreFilter = z.infer<typeof ExploreFilter>;
/** Filters that need a signed-in caller (401 otherwise). */
export const signedInFilters: readonly ExploreFilter[] = ['history', 'favourites'];

export const exploreSorts = ['publishedAt', 'views', 'likes'] as const;
export const ExploreSort = z.enum(exploreSorts);
export type ExploreSort = z.infer<typeof ExploreSort>;

/**
 * GET publishedscene/metadata: published, visible spaces the caller may see (public ones listed in
 * Explore, private ones whose ACL names the caller, and the caller's own), newest first unless
 * sorted otherwise. `tags` is comma-separated; a space must carry all of them.
 */
export const PublishedSearchQuery = z.object({
  q: z.string().trim().max(100).optional().describe('Words in the title, description or tags'),
  tags: z.string().max(600).optional().describe('Comma-separated tags the space must all carry'),
  sort: ExploreSort.default('publishedAt'),
  filter: ExploreFilter.default('all'),
  ownerId: z.string().min(1).max(64).optional().describe("Only this user's spaces"),
  cp: z.coerce.number().int().min(0).max(10_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(100).default(explorePageSize).describe('Items per page'),
});
export type PublishedSearchQuery = z.input<typeof PublishedSearchQuery>;

export const PublishedScenePage = z
  .object({
    items: z.array(SceneMetadata),
    cp: z.number().int(),
    ipp: z.number().int(),
    /** Whether a next page has items. */
    hasMore: z.boolean(),
  })
  .meta({ id: 'PublishedScenePage' });
export type PublishedScenePage = z.infer<typeof PublishedScenePage>;

export const PublishedSceneList = z
  .object({ items: z.array(SceneMetadata) })
  .meta({ id: 'PublishedSceneList' });
export type PublishedSceneList = z.infer<typeof PublishedSceneList>;

/** POST sceneactions/{id}/unpublish: the space, a Draft again, and the slot it left (if any). */
export const UnpublishAnswer = z
  .object({ metadata: SceneMetadata, freedSlotId: z.string().nullable() })
  .meta({ id: 'UnpublishAnswer' });
export type UnpublishAnswer = z.infer<typeof UnpublishAnswer>;

/** POST publishedscene/{id}/view: counted once per visitor per day. */
export const ViewAnswer = z
  .object({ views: z.number().int(), counted: z.boolean() })
  .meta({ id: 'ViewAnswer' });
export type ViewAnswer = z.infer<typeof ViewAnswer>;

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
