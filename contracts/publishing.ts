import { z } from 'zod';
import {
  explorePageSize,
  exploreFilters,
  exploreSorts,
  publishMessages,
  publishTagsMax,
  publishTagsMin,
} from './publishingRules';
import { isEmptyTitle, photoGalleryMax, sceneDescription, SceneMetadata, sceneTitle } from './scenes';

export * from './publishingRules';

/**
 * Publishing, slots, search and views (platform.md §2.4, §2.5, §3 'Publish form', 'Published slot
 * record', §7.3; districts-commerce-spaces.md §1 plan limits). The publish wizard, the Explore page
 * and the scene service read these schemas.
 */

// ---------------------------------------------------------------------------------------------
// What a published space needs (platform.md §5): one set of rules for the wizard and the server

/** A published space's title: not empty (an automatic 'Untitled space …' counts as empty). */
export const publishedTitle = sceneTitle.refine(
  (title) => !isEmptyTitle(title),
  publishMessages.titleRequired,
);

/** A published space's keywords: 3 to 10. */
export const publishedTags = z
  .array(z.string())
  .min(publishTagsMin, publishMessages.tooFewTags)
  .max(publishTagsMax, publishMessages.tooManyTags);

/** What the scene service checks of a space before it publishes it. */
export const PublishableScene = z.object({ title: publishedTitle, tags: publishedTags });

/**
 * The publish wizard's 'Space info' step (platform.md §3 'Publish form', §5): the publishable
 * fields, and the pictures as the step has them — a cover photo (a new file or the stored one) is
 * required, and the gallery holds at most 10.
 */
export const PublishSpaceInfoRules = PublishableScene.extend({
  description: sceneDescription,
  /** A cover photo is there (a new file, or the one the space has). */
  coverPhoto: z.literal(true, 'Required'),
  /** How many gallery pictures (kept and new). */
  photoGallery: z.number().int().max(photoGalleryMax, `At most ${photoGalleryMax} pictures`),
});
export type PublishSpaceInfoRules = z.infer<typeof PublishSpaceInfoRules>;

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

export const ExploreFilter = z.enum(exploreFilters);
export type ExploreFilter = z.infer<typeof ExploreFilter>;

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
  districtId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('Only the spaces the district lists: those in its slots and those it hosts'),
  promoted: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe("With districtId: only the spaces the district promotes (its home's Promoted list)"),
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
