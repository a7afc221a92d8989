import { z } from 'zod';
import type { Tier } from './roles';

/**
 * The scene service's shared contract (platform.md §3 'Scene metadata', §7.3;
 * districts-commerce-spaces.md §3 'Scene/space card data'): a space's metadata and what the
 * server answers. The editor page, the space cards and the server read the same schemas.
 */

export const sceneServicePrefix = '/api/sceneService';

// ---------------------------------------------------------------------------------------------
// Constants and messages

/** The editor title's length limit (districts-commerce-spaces.md §5): longer titles are not saved. */
export const sceneTitleMaxLength = 100;
export const sceneDescriptionMaxLength = 10_000;
export const sceneTagsMax = 10;
export const sceneTagMaxLength = 50;
export const photoGalleryMax = 10;
/** A content document's largest size in bytes (10 MB). */
export const sceneContentMaxBytes = 10 * 1024 * 1024;
/** How long a deleted space's files are kept before the periodic job removes them. */
export const deletedSceneRetentionDays = 30;

/**
 * Drafts a user may hold, per plan. The spec gives both 2 and 5 for the free plan
 * (platform.md §5 and §8 say 2, districts-commerce-spaces.md §1 and §9 say 5): we chose 5.
 * `null` is unlimited.
 */
export const draftLimits: Record<Tier, number | null> = {
  free: 5,
  standard: 20,
  pro: null,
};

export const draftLimitMessage = 'Draft Limit Reached';
export const saveSuccessMessage = 'Successfully saved scene!';
export const untitledSpacePrefix = 'Untitled space';

// ---------------------------------------------------------------------------------------------
// States

export const sceneStates = ['Draft', 'Published'] as const;
export const SceneState = z.enum(sceneStates).meta({ id: 'SceneState' });
export type SceneState = z.infer<typeof SceneState>;

// ---------------------------------------------------------------------------------------------
// Metadata

export const SceneIdParams = z.object({ id: z.string().min(1).max(64).describe('The scene id') });

export const SceneCreator = z
  .object({ userId: z.string(), name: z.string(), profilePicture: z.string().nullable() })
  .meta({ id: 'SceneCreator' });
export type SceneCreator = z.infer<typeof SceneCreator>;

export const SceneMetadata = z
  .object({
    sceneId: z.string(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    state: SceneState,
    visible: z.boolean(),
    adultContent: z.boolean(),
    comments: z.boolean().describe('Whether visitors may comment'),
    ownerId: z.string(),
    creatorId: z.string(),
    creator: SceneCreator,
    /** File service urls. */
    coverPhotoUri: z.string().nullable(),
    thumbnailUri: z.string().nullable(),
    photoGallery: z.array(z.string()),
    audioUri: z.string().nullable(),
    districtId: z.string().nullable(),
    districtSubdomain: z.string().nullable(),
    publishedPublicDistricts: z
      .array(z.string())
      .describe('The public districts that list the published space: its slot’s, and those hosting it'),
    publishedPrivateDistricts: z
      .array(z.string())
      .describe('The private districts that list it (shown to its owner only)'),
    publishedPublic: z.boolean(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** When the content was last stored (null: never saved). */
    contentUpdatedAt: z.string().nullable(),
    likes: z.number().int(),
    views: z.number().int(),
    commentCount: z.number().int(),
    privacyACLEnabled: z.boolean(),
    userPrivacyACL: z.array(z.string()),
    groupPrivacyACL: z.array(z.string()),
    communicationACLEnabled: z.boolean(),
    userCommunicationACL: z.array(z.string()),
    groupCommunicationACL: z.array(z.string()),
  })
  .meta({ id: 'SceneMetadata' });
export type SceneMetadata = z.infer<typeof SceneMetadata>;

const tagList = z
  .array(z.string().trim().min(1).max(sceneTagMaxLength, `A tag is at most ${sceneTagMaxLength} characters`))
  .max(sceneTagsMax, `It should contain no more than ${sceneTagsMax} tags`);

/** A space's title: trimmed, at most 100 characters (districts-commerce-spaces.md §5). */
export const sceneTitle = z
  .string()
  .trim()
  .max(sceneTitleMaxLength, `It should contain no more than ${sceneTitleMaxLength} characters`);

/** A space's description: at most 10,000 characters. */
export const sceneDescription = z
  .string()
  .max(sceneDescriptionMaxLength, `It should contain no more than ${sceneDescriptionMaxLength} characters`);

/**
 * The editable metadata fields (POST and PATCH scene/metadata). In multipart forms `tags` may be
 * repeated fields or one comma- or semicolon-separated value, booleans are 'true'/'false'; the
 * pictures travel as the file parts `coverPhoto` and `photoGallery` (repeatable).
 */
export const SceneMetadataFields = z
  .object({
    title: sceneTitle,
    description: sceneDescription,
    tags: tagList,
    adultContent: z.boolean(),
    comments: z.boolean(),
    audioUri: z.string().max(2048).nullable(),
    /** Clears the cover photo when true (a new one replaces it without this). */
    removeCoverPhoto: z.boolean(),
    /** Gallery urls to keep, in order; new gallery files are appended after them. */
    photoGallery: z.array(z.string().max(2048)).max(photoGalleryMax),
  })
  .partial()
  .strict()
  .meta({ id: 'SceneMetadataFields' });
export type SceneMetadataFields = z.infer<typeof SceneMetadataFields>;

export const CreateSceneAnswer = z
  .object({ sceneId: z.string(), metadata: SceneMetadata })
  .meta({ id: 'CreateSceneAnswer' });
export type CreateSceneAnswer = z.infer<typeof CreateSceneAnswer>;

export const VisibilityForm = z.object({ visible: z.boolean() }).strict();

// ---------------------------------------------------------------------------------------------
// Lists

export const MyScenesQuery = z.object({
  state: SceneState.optional().describe('Only drafts or only published spaces'),
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(100).default(9).describe('Items per page'),
});
export type MyScenesQuery = z.infer<typeof MyScenesQuery>;

export const PublishedByQuery = z.object({
  ownerId: z.string().min(1).max(64).describe('Whose published spaces'),
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(100).default(9).describe('Items per page'),
});
export type PublishedByQuery = z.infer<typeof PublishedByQuery>;

export const SceneMetadataPage = z
  .object({
    items: z.array(SceneMetadata),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'SceneMetadataPage' });
export type SceneMetadataPage = z.infer<typeof SceneMetadataPage>;

export const DraftsLimitAnswer = z
  .object({
    allowed: z.boolean(),
    drafts: z.number().int(),
    /** null: unlimited. */
    limit: z.number().int().nullable(),
  })
  .meta({ id: 'DraftsLimitAnswer' });
export type DraftsLimitAnswer = z.infer<typeof DraftsLimitAnswer>;

// ---------------------------------------------------------------------------------------------
// Titles

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** 'Untitled space 2026-11-23 14:05' in local time: the title a space saved without one gets. */
export function untitledTitle(now: Date = new Date()): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${untitledSpacePrefix} ${date} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

const untitledPattern = /^Untitled space \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** Whether a title counts as empty: blank, or an automatic 'Untitled space …' title. */
export function isEmptyTitle(title: string | null | undefined): boolean {
  const t = (title ?? '').trim();
  return t.length === 0 || untitledPattern.test(t);
}

/** The title to save: the typed one, or a fresh automatic one when it counts as empty. */
export function titleToSave(title: string | null | undefined, now: Date = new Date()): string {
  return isEmptyTitle(title) ? untitledTitle(now) : (title ?? '').trim();
}

// ---------------------------------------------------------------------------------------------
// Content

/** What PUT scene/content/{id} answers. */
export const SaveContentAnswer = z
  .object({
    contentUpdatedAt: z.string().describe('When the content was stored (ISO 8601)'),
    etag: z
      .string()
      .describe("The stored version's name: the If-Match of the next save (also the ETag header)"),
  })
  .meta({ id: 'SaveContentAnswer' });
export type SaveContentAnswer = z.infer<typeof SaveContentAnswer>;
