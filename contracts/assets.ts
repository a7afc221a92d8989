import { z } from 'zod';
import { unsupportedCharactersMessage, unsupportedTextCharacters } from './fonts';
import type { Tier } from './roles';

/**
 * The asset library's shared contract (districts-commerce-spaces.md §3 'Asset form', 'Asset types';
 * platform.md §2.1 library subcategories, §7.4 myLibrary): what a creator's own pictures, videos,
 * models, texts, web views and sounds are, as the upload forms send them and the server answers.
 * Bytes are uploaded first to the file service; an asset refers to its files by id.
 * Field names are the spec's (interactive, transparent, licenseId, animationClip, videoLoop,
 * isPortrait, link).
 */

export const assetServicePrefix = '/api/assetService';

export const assetTypes = [
  'picture',
  'video',
  'model3d',
  'text3d',
  'hyperText',
  'webView3d',
  'audio',
] as const;
export const AssetType = z.enum(assetTypes, {
  error: `The asset type should be one of ${assetTypes.join(', ')}`,
});
export type AssetType = z.infer<typeof AssetType>;

/** Who may own assets: a user now; a district (its members manage them) with the districts work. */
export const assetOwnerKinds = ['user', 'district'] as const;
export type AssetOwnerKind = (typeof assetOwnerKinds)[number];

/** Licences a creator may put their asset under. */
export const licenses = [
  { id: 'all-rights-reserved', name: 'All rights reserved' },
  { id: 'cc0', name: 'CC0 (public domain)' },
  { id: 'cc-by-4.0', name: 'CC BY 4.0' },
  { id: 'cc-by-sa-4.0', name: 'CC BY-SA 4.0' },
  { id: 'cc-by-nd-4.0', name: 'CC BY-ND 4.0' },
  { id: 'cc-by-nc-4.0', name: 'CC BY-NC 4.0' },
  { id: 'cc-by-nc-sa-4.0', name: 'CC BY-NC-SA 4.0' },
  { id: 'cc-by-nc-nd-4.0', name: 'CC BY-NC-ND 4.0' },
] as const;
export type LicenseId = (typeof licenses)[number]['id'];
const licenseIds = licenses.map((l) => l.id) as [LicenseId, ...LicenseId[]];
export const defaultLicenseId: LicenseId = 'all-rights-reserved';

export const collisionModes = ['None', 'Simple', 'Precise'] as const;
export const fontStyles = ['Normal', 'Bold', 'Italic', 'Underline'] as const;
export const fontTransforms = ['LowerCase', 'UpperCase', 'SmallCaps'] as const;
export const textAlignments = ['Left', 'Center', 'Right', 'Justify'] as const;
/** A text asset's alignment as a placed 3D text has it (contracts/sceneObjects.ts). */
export const sceneTextAlignment = {
  Left: 'left',
  Center: 'center',
  Right: 'right',
  Justify: 'justify',
} as const satisfies Record<(typeof textAlignments)[number], string>;
export const modelFormats = ['GLTF', 'GLB', 'OBJ'] as const;

export const assetTitleMaxLength = 100;
export const assetDescriptionMaxLength = 2000;
export const assetTagMaxLength = 40;
export const assetTagsMax = 20;
export const textContentMaxLength = 2000;
export const defaultFontSize = 60;
/** The text box a new text asset gets (districts-commerce-spaces.md §9). */
export const defaultTextBoxSize: [number, number, number] = [3, 1, 0];

/**
 * Library storage per plan: the bytes of the files the owner's assets refer to (each file once).
 * One table; the server refuses a create or edit that would pass it (413 QUOTA_EXCEEDED).
 */
export const storageQuotaBytes: Record<Tier, number> = {
  free: 500 * 1024 ** 2,
  standard: 5 * 1024 ** 3,
  pro: 50 * 1024 ** 3,
};

// ---------------------------------------------------------------------------------------------
// Fields

const fileId = (what: string) =>
  z
    .string({ error: `Choose the ${what} to upload` })
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      `The ${what} is not an uploaded file`,
    )
    .describe(`File service id of the ${what}`);

const webLink = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .max(2048, `The ${what} is at most 2048 characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, `The ${what} should be a web address starting with https://`);

const tag = z
  .string({ error: 'A tag should be text' })
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty')
  .max(assetTagMaxLength, `A tag is at most ${assetTagMaxLength} characters`);

/** Tags, trimmed and lower-cased, each once. */
export const AssetTags = z
  .array(tag, { error: 'Tags should be a list of words' })
  .max(assetTagsMax, `An asset has at most ${assetTagsMax} tags`)
  .transform((tags) => [...new Set(tags)]);

const count = (what: string) =>
  z
    .number({ error: `The number of ${what} should be a number` })
    .int(`The number of ${what} should be a whole number`)
    .min(0, `The number of ${what} cannot be negative`)
    .max(100_000_000, `The number of ${what} is too large`);

const pixels = (what: string) =>
  z
    .number({ error: `The ${what} should be a number of pixels` })
    .int(`The ${what} should be a whole number of pixels`)
    .min(1, `The ${what} should be at least 1 pixel`)
    .max(65_535, `The ${what} is at most 65535 pixels`);

const duration = z
  .number({ error: 'The duration should be a number of seconds' })
  .min(0, 'The duration cannot be negative')
  .max(86_400, 'The duration is at most 24 hours');

const flag = (what: string, byDefault = false) =>
  z.boolean({ error: `${what} should be true or false` }).default(byDefault);

const size = z
  .number({ error: 'Each size should be a number of metres' })
  .min(0, 'A size cannot be negative')
  .max(1000, 'A size is at most 1000 metres');

const modelSide = z
  .number({ error: "Each side of the model's size should be a number of metres" })
  .min(0, "A side of the model's size cannot be negative")
  .max(1_000_000, "A side of the model's size is at most 1000 km");

/** Width, height and depth in metres that the item gets when placed. */
export const DefaultSize = z
  .tuple([size, size, size], { error: 'The default size should be three numbers: width, height and depth' })
  .refine(([x, y, z]) => x > 0 || y > 0 || z > 0, 'The default size cannot be zero in every direction');

/** Fields every asset has. */
const common = {
  title: z
    .string({ error: 'Give the asset a title' })
    .trim()
    .min(1, 'Give the asset a title')
    .max(assetTitleMaxLength, `The title is at most ${assetTitleMaxLength} characters`),
  description: z
    .string({ error: 'The description should be text' })
    .max(assetDescriptionMaxLength, `The description is at most ${assetDescriptionMaxLength} characters`)
    .default(''),
  tags: AssetTags.default([]),
  licenseId: z
    .enum(licenseIds, { error: `The licence should be one of ${licenseIds.join(', ')}` })
    .default(defaultLicenseId),
  thumbnailId: fileId('thumbnail').optional(),
  defaultSize: DefaultSize.optional(),
  interactive: flag('Clickable'),
  collisions: z
    .enum(collisionModes, { error: `Collisions should be one of ${collisionModes.join(', ')}` })
    .default('Precise'),
  dropShadow: flag('Drop shadow'),
  transparent: flag('Transparency'),
  externalLink: webLink('external link').optional(),
};

const textFields = {
  content: z
    .string({ error: 'Write the text' })
    .min(1, 'Write the text')
    .max(textContentMaxLength, `The text is at most ${textContentMaxLength} characters`),
  fontFamily: z.string().trim().min(1).max(100, 'The font name is at most 100 characters').optional(),
  fontSize: z
    .number({ error: 'The font size should be a number' })
    .min(1, 'The font size is at least 1')
    .max(500, 'The font size is at most 500')
    .default(defaultFontSize),
  fontStyles: z
    .array(z.enum(fontStyles, { error: `A font style is one of ${fontStyles.join(', ')}` }))
    .max(fontStyles.length)
    .transform((styles) => [...new Set(styles)])
    .default(['Normal']),
  fontTransform: z
    .enum(fontTransforms, { error: `The font transform is one of ${fontTransforms.join(', ')}` })
    .optional(),
  colorTint: z
    .string({ error: 'The colour should be like #ff8800' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'The colour should be like #ff8800')
    .default('#ffffff'),
  alignments: z
    .enum(textAlignments, { error: `The alignment is one of ${textAlignments.join(', ')}` })
    .default('Center'),
  outline: flag('Outline'),
  collisions: z
    .enum(collisionModes, { error: `Collisions should be one of ${collisionModes.join(', ')}` })
    .default('None'),
  defaultSize: DefaultSize.default(defaultTextBoxSize),
};

export const PictureAssetInput = z
  .object({
    type: z.literal('picture'),
    ...common,
    fileId: fileId('picture'),
    width: pixels('width').optional(),
    height: pixels('height').optional(),
    frames: flag('Frames'),
  })
  .strict();

export const VideoAssetInput = z
  .object({
    type: z.literal('video'),
    ...common,
    fileId: fileId('video'),
    width: pixels('width').optional(),
    height: pixels('height').optional(),
    duration: duration.optional(),
    frames: flag('Frames'),
    autoplay: flag('Autoplay'),
    videoLoop: flag('Loop'),
    popUp: flag('Pop-up'),
    isPortrait: flag('Portrait'),
  })
  .strict();

export const Model3dAssetInput = z
  .object({
    type: z.literal('model3d'),
    ...common,
    fileId: fileId('3D model'),
    audioFileId: fileId('sound').optional(),
    format: z
      .enum(modelFormats, { error: `The format is one of ${modelFormats.join(', ')}` })
      .default('GLTF'),
    provider: z.string().trim().min(1).max(100, 'The provider is at most 100 characters').default('Source'),
    imposter: flag('Imposter'),
    animated: flag('Animated'),
    animationClip: z.string().trim().min(1, 'Choose an animation clip').max(200).optional(),
    animationClipCount: count('animation clips').default(0),
    /** The model's own width, height and depth in metres, as the intake measured it. */
    modelSize: z
      .tuple([modelSide, modelSide, modelSide], {
        error: "The model's size should be three numbers: width, height and depth",
      })
      .optional(),
    triangleCount: count('triangles').default(0),
    meshCount: count('meshes').default(0),
    materialCount: count('materials').default(0),
    textureCount: count('textures').default(0),
  })
  .strict()
  .refine((m) => m.animated || m.animationClip === undefined, {
    path: ['animationClip'],
    message: 'Only an animated model plays an animation clip',
  });

/**
 * platform.md §5: a text whose built-in font cannot draw some of its characters is refused, naming
 * each once (a font of the creator's own is not checked: only its file knows what it draws).
 */
function drawableContent(text: { content: string; fontFamily?: string }, ctx: z.RefinementCtx) {
  const found = unsupportedTextCharacters(text.content, text.fontFamily);
  if (found.length > 0)
    ctx.addIssue({ code: 'custom', path: ['content'], message: unsupportedCharactersMessage(found) });
}

export const Text3dAssetInput = z
  .object({ type: z.literal('text3d'), ...common, ...textFields })
  .strict()
  .superRefine(drawableContent);

export const HyperTextAssetInput = z
  .object({ type: z.literal('hyperText'), ...common, ...textFields, hyperText: webLink('link') })
  .strict()
  .superRefine(drawableContent);

export const WebView3dAssetInput = z
  .object({
    type: z.literal('webView3d'),
    ...common,
    link: webLink('web page address'),
    screenId: z.string().trim().min(1).max(100).optional(),
    width: pixels('width').optional(),
    height: pixels('height').optional(),
  })
  .strict();

export const AudioAssetInput = z
  .object({
    type: z.literal('audio'),
    ...common,
    fileId: fileId('sound'),
    duration: duration.optional(),
    autoplay: flag('Autoplay'),
    loop: flag('Loop'),
  })
  .strict();

/** The form of one asset (create and edit): the fields of its type. */
export const AssetInput = z
  .discriminatedUnion(
    'type',
    [
      PictureAssetInput,
      VideoAssetInput,
      Model3dAssetInput,
      Text3dAssetInput,
      HyperTextAssetInput,
      WebView3dAssetInput,
      AudioAssetInput,
    ],
    { error: `The asset type should be one of ${assetTypes.join(', ')}` },
  )
  .meta({ id: 'AssetForm' });
export type AssetInput = z.infer<typeof AssetInput>;
export type AssetInputOf<T extends AssetType> = Extract<AssetInput, { type: T }>;

/** The fields of an asset's form that name uploaded files. */
export const assetFileFields = ['fileId', 'thumbnailId', 'audioFileId'] as const;

/**
 * How long a deleted asset's row is kept before the purge removes it and those of its files that
 * no space, user or other asset refers to.
 */
export const deletedAssetRetentionDays = 30;

/** Which file-service kind each file field of each asset type must be. */
export const assetFileKinds = {
  picture: { fileId: 'picture' },
  video: { fileId: 'video' },
  model3d: { fileId: 'model', audioFileId: 'audio' },
  text3d: {},
  hyperText: {},
  webView3d: {},
  audio: { fileId: 'audio' },
} as const;

// ---------------------------------------------------------------------------------------------
// Answers

export const AssetIdParams = z.object({ id: z.string().min(1).max(64).describe('The asset id') });

/** A stored asset: its form's fields and what the server adds. */
export const Asset = z
  .object({
    id: z.string(),
    type: AssetType,
    ownerKind: z.enum(assetOwnerKinds),
    ownerId: z.string(),
    /** Who added it: the owner, or in a district's library the member (who may change it). */
    creatorId: z.string().optional(),
    /**
     * The asset's form, as its type has it (defaults filled): what the edit form starts from.
     * Parse it with AssetInput; it is not declared as that here because the answer would then be
     * encoded back through the form's trimming transforms.
     */
    fields: z.record(z.string(), z.unknown()),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    licenseId: z.string(),
    /** Where the main file is served (none for texts and web views). */
    fileUrl: z.string().nullable(),
    /** The thumbnail: the chosen one, else a picture's own. */
    thumbnailUrl: z.string().nullable(),
    /** Bytes of the asset's files. */
    size: z.number().int().nonnegative(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Asset' });
export type Asset = z.infer<typeof Asset>;

const tagsQuery = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(/[,;]/)).filter((t) => t.trim() !== ''))
  .pipe(z.array(tag).max(assetTagsMax, `Filter by at most ${assetTagsMax} tags`));

export const MyLibraryQuery = z.object({
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(100).default(9).describe('Items per page'),
  type: AssetType.optional().describe('Only assets of this type'),
  search: z
    .string()
    .trim()
    .max(200, 'Search for at most 200 characters')
    .optional()
    .describe('Words found in the title or description'),
  tags: tagsQuery
    .optional()
    .describe('Only assets with every one of these tags (repeated, or comma-separated)'),
});
export type MyLibraryQuery = z.infer<typeof MyLibraryQuery>;

export const AssetPage = z
  .object({ items: z.array(Asset), cp: z.number().int(), ipp: z.number().int(), total: z.number().int() })
  .meta({ id: 'AssetPage' });
export type AssetPage = z.infer<typeof AssetPage>;

export const AssetStorage = z
  .object({
    used: z.number().int().nonnegative().describe('Bytes of the files the library refers to'),
    limit: z.number().int().positive().describe("The plan's quota in bytes"),
    plan: z.enum(['free', 'standard', 'pro']),
  })
  .meta({ id: 'AssetStorage' });
export type AssetStorage = z.infer<typeof AssetStorage>;

/** A district's library (GET/POST /asset/district/{districtId}). */
export const DistrictLibraryParams = z.object({
  districtId: z.string().min(1).max(64).describe('The district whose library it is'),
});
/** One asset of a district's library (GET/PUT/DELETE /asset/district/{districtId}/{id}). */
export const DistrictAssetParams = DistrictLibraryParams.extend(AssetIdParams.shape);

/** Why a district's library refuses a signed-in caller (403 FORBIDDEN). */
export const districtLibraryMessages = {
  membersOnly: 'Only members of this district see its library.',
  notYours: 'Only its creator or an Owner of the district may change this asset.',
  quotaExceeded: (limit: number) =>
    `This district's library is full: its owner's plan stores up to ${formatBytes(limit)}. Delete assets or ask the owner to change plan.`,
};

export const quotaExceededMessage = (limit: number) =>
  `Your library is full: your plan stores up to ${formatBytes(limit)}. Delete assets or change your plan to upload more.`;

/** 524288000 → '500 MB'; 5368709120 → '5 GB'. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
