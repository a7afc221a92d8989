import { z } from 'zod';
import { AvatarChoice } from './avatars';

/**
 * The user service's shared contract (platform.md §3 'User (session)' and 'User (full)', §7.2):
 * profile fields and their rules, the social networks a profile may link to, and what the server
 * answers. The SPA builds its profile forms from the same schemas.
 */

export const userServicePrefix = '/api/userService';

// ---------------------------------------------------------------------------------------------
// Messages (the text catalogue's wording, so the server and the forms say the same thing)

export const requiredMessage = 'This field is required';
export const maxCharsMessage = (n: number) => `It should contain no more than ${n} characters`;
export const minCharsMessage = (n: number) => `It should contain at least ${n} characters`;
export const invalidUrlMessage = 'Invalid url. Valid url example: https://example.com';
export const incorrectPasswordMessage = 'Incorrect Password';
export const usernameTakenMessage = 'This username is already taken';

// ---------------------------------------------------------------------------------------------
// Social networks

export interface SocialNetworkInfo {
  /** How the network is named to people, e.g. in 'Please provide a valid LinkedIn url'. */
  displayName: string;
  /**
   * Hosts a link to this network may have: the url's host must be one of these or a subdomain of
   * one (www.facebook.com, m.facebook.com). Empty: any http(s) url (a personal website).
   */
  hosts: readonly string[];
  /** Other names accepted for this network (stored under the main one). */
  aliases: readonly string[];
}

/** Every network a profile may link to: the one table the server and the SPA read. */
export const socialNetworks = {
  facebook: { displayName: 'Facebook', hosts: ['facebook.com', 'fb.com', 'fb.me'], aliases: [] },
  instagram: { displayName: 'Instagram', hosts: ['instagram.com', 'instagr.am'], aliases: [] },
  x: { displayName: 'X', hosts: ['x.com', 'twitter.com'], aliases: ['twitter'] },
  linkedin: { displayName: 'LinkedIn', hosts: ['linkedin.com', 'lnkd.in'], aliases: [] },
  youtube: { displayName: 'YouTube', hosts: ['youtube.com', 'youtu.be'], aliases: [] },
  tiktok: { displayName: 'TikTok', hosts: ['tiktok.com'], aliases: [] },
  pinterest: {
    displayName: 'Pinterest',
    hosts: [
      'pinterest.com',
      'pin.it',
      'pinterest.co.uk',
      'pinterest.ca',
      'pinterest.com.au',
      'pinterest.de',
      'pinterest.fr',
      'pinterest.es',
      'pinterest.it',
      'pinterest.jp',
    ],
    aliases: [],
  },
  behance: { displayName: 'Behance', hosts: ['behance.net'], aliases: [] },
  artstation: { displayName: 'ArtStation', hosts: ['artstation.com'], aliases: [] },
  website: { displayName: 'Website', hosts: [], aliases: [] },
} as const satisfies Record<string, SocialNetworkInfo>;

export type SocialNetwork = keyof typeof socialNetworks;
export const socialNetworkNames = Object.keys(socialNetworks) as [SocialNetwork, ...SocialNetwork[]];

/** The network a name stands for (case-insensitive, aliases included), or undefined. */
export function socialNetworkOf(name: string): SocialNetwork | undefined {
  const key = name.trim().toLowerCase();
  for (const network of socialNetworkNames) {
    const info: SocialNetworkInfo = socialNetworks[network];
    if (network === key || info.aliases.includes(key)) return network;
  }
  return undefined;
}

export const socialUrlMessage = (network: SocialNetwork) =>
  `Please provide a valid ${socialNetworks[network].displayName} url`;

/** An absolute http(s) url with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Whether `value` links to a page of `network` (for a network, a page beyond its home page). */
export function isValidSocialUrl(network: SocialNetwork, value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const { hosts }: SocialNetworkInfo = socialNetworks[network];
  if (hosts.length === 0) return true;
  const url = new URL(value);
  const host = url.hostname.toLowerCase();
  const known = hosts.some((h) => host === h || host.endsWith(`.${h}`));
  return known && url.pathname.replace(/\/+$/, '').length > 0;
}

export const SocialNetworkName = z.preprocess(
  (v) => (typeof v === 'string' ? (socialNetworkOf(v) ?? v) : v),
  z.enum(socialNetworkNames, { error: `Choose one of: ${socialNetworkNames.join(', ')}` }),
);

export const SocialMediaLink = z
  .object({
    name: SocialNetworkName,
    url: z.string({ error: requiredMessage }).trim().max(2048, maxCharsMessage(2048)),
  })
  .superRefine((link, ctx) => {
    if (!isValidSocialUrl(link.name, link.url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: socialUrlMessage(link.name) });
    }
  })
  .meta({ id: 'SocialMediaLink' });
export type SocialMediaLink = z.output<typeof SocialMediaLink>;

// ---------------------------------------------------------------------------------------------
// Profile fields and their rules

export const userFieldLimits = {
  name: 100,
  username: { min: 3, max: 30 },
  bio: 1000,
  city: 100,
  country: 100,
  gender: 50,
  occupation: 100,
  website: 2048,
  socialMedia: 10,
} as const;

/** Blank text is "no value". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, maxCharsMessage(max)).nullable());

const Name = z
  .string({ error: requiredMessage })
  .trim()
  .min(1, requiredMessage)
  .max(userFieldLimits.name, maxCharsMessage(userFieldLimits.name));

/** Stored in lower case, so that it is unique whatever the case it is typed in. */
const Username = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .toLowerCase()
    .min(userFieldLimits.username.min, minCharsMessage(userFieldLimits.username.min))
    .max(userFieldLimits.username.max, maxCharsMessage(userFieldLimits.username.max))
    .regex(/^[a-z0-9._-]+$/, 'A username may contain only letters, digits, dots, hyphens and underscores')
    .nullable(),
);

/** The latest calendar date anywhere on Earth right now (UTC+14), as YYYY-MM-DD. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

const Birthday = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : undefined;
      if (!match || !date || date.toISOString().slice(0, 10) !== value) {
        ctx.addIssue({ code: 'custom', message: 'Please provide a valid date (YYYY-MM-DD)' });
      } else if (value > latestToday()) {
        ctx.addIssue({ code: 'custom', message: 'The date of birth cannot be in the future' });
      }
    })
    .nullable(),
);

const Website = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(userFieldLimits.website, maxCharsMessage(userFieldLimits.website))
    .refine(isHttpUrl, invalidUrlMessage)
    .nullable(),
);

export const SocialMediaList = z
  .array(SocialMediaLink, { error: 'Send the links as a JSON list of { name, url }' })
  .max(userFieldLimits.socialMedia, `Add at most ${userFieldLimits.socialMedia} links`)
  .superRefine((links, ctx) => {
    const seen = new Set<string>();
    links.forEach((link, i) => {
      if (seen.has(link.name)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'name'],
          message: `Add only one ${socialNetworks[link.name].displayName} link`,
        });
      }
      seen.add(link.name);
    });
  });

const percent = z
  .number({ error: 'Use a number from 0 to 100' })
  .min(0, 'Use a number from 0 to 100')
  .max(100, 'Use a number from 0 to 100');

/** Where the cover photo is positioned: the visible area, in percent of the picture. */
export const CoverCrop = z
  .object(
    { x: percent, y: percent, width: percent, height: percent },
    { error: 'Send the crop area as { x, y, width, height }' },
  )
  .refine((c) => c.width > 0 && c.height > 0, 'The crop area cannot be empty')
  .refine(
    (c) => c.x + c.width <= 100.0001 && c.y + c.height <= 100.0001,
    'The crop area must lie inside the picture',
  )
  .meta({ id: 'CoverCrop' });
export type CoverCrop = z.output<typeof CoverCrop>;

const Flag = z.boolean({ error: 'Use true or false' });

/** The editable profile fields, typed: what a JSON body carries and what the profile forms hold. */
const profileFields = {
  name: Name,
  username: Username,
  bio: optionalText(userFieldLimits.bio),
  birthday: Birthday,
  city: optionalText(userFieldLimits.city),
  country: optionalText(userFieldLimits.country),
  gender: optionalText(userFieldLimits.gender),
  occupation: optionalText(userFieldLimits.occupation),
  website: Website,
  socialMedia: SocialMediaList,
  searchable: Flag,
  autoSave: Flag,
  hideContentLibrary: Flag,
  hideGroups: Flag,
  editorGuideSeen: Flag,
  coverCrop: z.preprocess(blankToNull, CoverCrop.nullable()),
  /** shape/colour (contracts/avatars.ts); null or empty for the default. */
  avatar: AvatarChoice,
};

/** The two pictures of a profile; each is a file part of the form (kind picture). */
export const userPictureFields = ['profilePicture', 'coverPhoto'] as const;
export type UserPictureField = (typeof userPictureFields)[number];

/**
 * A JSON body for PATCH (and POST): any of the editable fields; `null` for a picture removes it.
 * Unknown fields are refused.
 */
export const UserProfileChanges = z
  .strictObject({
    ...profileFields,
    profilePicture: z.null({ error: 'Send the picture as a file part of a multipart form, or null' }),
    coverPhoto: z.null({ error: 'Send the picture as a file part of a multipart form, or null' }),
  })
  .partial()
  .meta({ id: 'UserProfileChanges' });
export type UserProfileChanges = z.output<typeof UserProfileChanges>;

/** Form text to JSON: a text field holding JSON (socialMedia, coverCrop). */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const flagText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim().toLowerCase();
  if (t === 'true' || t === '1' || t === 'on') return true;
  if (t === 'false' || t === '0' || t === 'off') return false;
  return v;
};
const formFlag = z.preprocess(flagText, Flag);
const removePicture = z.literal('', {
  error: 'Send the picture as a file part, or an empty value to remove it',
});

/**
 * The multipart text fields of PATCH /user/{id} (and POST /user): the editable fields as form text.
 * Booleans are 'true' or 'false'; socialMedia and coverCrop are JSON; an empty value clears a field
 * (name excepted); an empty `profilePicture` or `coverPhoto` text value removes that picture.
 */
export const UserPatch = z
  .strictObject({
    ...profileFields,
    socialMedia: z.preprocess((v) => jsonText(v) ?? [], SocialMediaList),
    searchable: formFlag,
    autoSave: formFlag,
    hideContentLibrary: formFlag,
    hideGroups: formFlag,
    editorGuideSeen: formFlag,
    coverCrop: z.preprocess(jsonText, CoverCrop.nullable()),
    profilePicture: removePicture.transform(() => null),
    coverPhoto: removePicture.transform(() => null),
  })
  .partial()
  .meta({ id: 'UserPatch' });
export type UserPatch = z.input<typeof UserPatch>;
/** What both a form and a JSON body come to once validated. */
export type UserChanges = z.output<typeof UserPatch>;

/** POST /user takes the same fields; `name` defaults to the name the sign-in gave. */
export const UserCreate = UserPatch.meta({ id: 'UserCreate' });

/** The form as the API documents it: the text fields plus the two file parts. */
export const UserPatchForm = z
  .object({
    ...Object.fromEntries(Object.keys(UserPatch.shape).map((k) => [k, z.string().optional()])),
    profilePicture: z
      .string()
      .meta({ format: 'binary' })
      .optional()
      .describe('A picture file (jpg, jpeg, png, webp; at most 8 MiB); an empty text value removes it'),
    coverPhoto: z
      .string()
      .meta({ format: 'binary' })
      .optional()
      .describe('A picture file (jpg, jpeg, png, webp; at most 8 MiB); an empty text value removes it'),
  })
  .describe(
    'multipart/form-data. Text fields: name, username, bio, birthday (YYYY-MM-DD), city, country, gender, ' +
      'occupation, website, socialMedia (JSON list of { name, url }), searchable, autoSave, ' +
      'hideContentLibrary, hideGroups, editorGuideSeen ("true"/"false"), coverCrop (JSON { x, y, width, height } in percent), ' +
      'avatar (shape/colour, for example tall/teal; empty for the default). ' +
      'A JSON body with the same fields typed is accepted too.',
  );

/**
 * The fields of a change as form entries, for a FormData (booleans as 'true'/'false', lists and
 * objects as JSON, a cleared value as '').
 */
export function userPatchFormEntries(changes: Partial<UserChanges>): [string, string][] {
  return Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [
      k,
      v === null ? '' : typeof v === 'string' ? v : typeof v === 'boolean' ? String(v) : JSON.stringify(v),
    ]);
}

// ---------------------------------------------------------------------------------------------
// Answers

const isoTime = z.iso.datetime({ offset: true });

/** What anyone may see of a user. */
export const UserPublic = z
  .object({
    userId: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    bio: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    occupation: z.string().nullable(),
    website: z.string().nullable(),
    socialMedia: z.array(z.object({ name: z.string(), url: z.string() })),
    /** Where the profile picture is served (/api/fileService/file/{id}), or null. */
    profilePicture: z.string().nullable(),
    coverPhoto: z.string().nullable(),
    coverCrop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
    signedUp: isoTime,
    numOfFollowers: z.number().int().nonnegative().describe('Users who follow them'),
    numOfFollowing: z.number().int().nonnegative().describe('Users they follow'),
    numPublishedSpaces: z
      .number()
      .int()
      .nonnegative()
      .describe('Their published spaces anyone can find: listed in Explore, visible and not private'),
  })
  .meta({ id: 'UserPublic' });
export type UserPublic = z.infer<typeof UserPublic>;

/** The whole record, for its owner: the session fields (userId, name, searchable, autoSave, roles) and the rest. */
export const UserFull = UserPublic.extend({
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.string().nullable(),
  searchable: z.boolean(),
  autoSave: z.boolean(),
  hideContentLibrary: z.boolean(),
  hideGroups: z.boolean(),
  /** The editor's guide was closed once: it opens by itself on the first visit only. */
  editorGuideSeen: z.boolean(),
  active: z.boolean(),
  /** The avatar picked in the profile, as shape/colour (contracts/avatars.ts); null for the default. */
  avatar: z.string().nullable(),
  generalRole: z.string().nullable(),
  loginProvider: z.string().nullable(),
  privateSpaceInvitationCode: z.string().nullable(),
  lastLogin: isoTime.nullable(),
  /** The caller's roles, from the access token. */
  roles: z.array(z.string()),
}).meta({ id: 'UserFull' });
export type UserFull = z.infer<typeof UserFull>;

export const UserIdParams = z.object({ id: z.string().min(1).max(255).describe('User id') });

export const userSearchMaxIpp = 50;

export const UserSearchQuery = z.object({
  q: z.string().trim().max(100).default('').describe('Part of a name or username (case-insensitive)'),
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(userSearchMaxIpp).default(9).describe('Items per page'),
});
export type UserSearchQuery = z.input<typeof UserSearchQuery>;

export const UserSearchAnswer = z
  .object({
    items: z.array(UserPublic),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'UserSearchAnswer' });
export type UserSearchAnswer = z.infer<typeof UserSearchAnswer>;

export const DeleteUserBody = z.object({
  password: z
    .string({ error: 'The current password is needed to delete the account' })
    .min(1, 'The current password is needed to delete the account')
    .max(1024),
});
export type DeleteUserBody = z.infer<typeof DeleteUserBody>;

/** One invalid field in a VALIDATION_FAILED answer's `details` (path like '/socialMedia/0/url'). */
export const FieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;
