import { z } from 'zod';
import {
  type DistrictFont,
  districtFontNames,
  type DistrictTheme,
  districtThemeNames,
} from './districtStyles';

export * from './districtStyles';

/**
 * Districts (districts-commerce-spaces.md §1–§9; platform.md §2.1–2.2, §3 'District', §4, §7.2):
 * an organisation's own environment on its own subdomain, with its logo and theme, members with
 * roles (Owner, Creator), slots to publish spaces into and premade spaces bought for it. Under the
 * user service /api/userService/district/….
 */

/** The one table of a district's rules and limits. */
export const districtRules = {
  titleMin: 2,
  titleMax: 50,
  subdomainMin: 2,
  subdomainMax: 50,
  subtitleMax: 120,
  descriptionMax: 2000,
  /** Slots a Pro district gets when it is made (districts-commerce-spaces.md §1, §9). */
  includedSlots: 4,
  /** Open invitations (links and e-mails) of one district. */
  invitationsMax: 200,
  /** Members of one district, the owner included. */
  membersMax: 5000,
  /** Social links a district may show. */
  socialLinksMax: 10,
} as const;

/**
 * Subdomains no district may take: the three the spec names (www, api, auth) and the names the
 * platform itself serves or may serve under (its paths, mail and documentation hosts).
 */
export const reservedSubdomains = [
  'www',
  'api',
  'auth',
  'oidc',
  'hubs',
  'files',
  'admin',
  'app',
  'static',
  'assets',
  'cdn',
  'mail',
  'smtp',
  'docs',
  'help',
  'support',
  'status',
  'blog',
  'dev',
  'localhost',
  'viewer',
  'editor',
] as const;

export const subdomainPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const districtMessages = {
  required: 'This field is required',
  titleMin: `It should contain at least ${districtRules.titleMin} characters`,
  titleMax: `It should contain no more than ${districtRules.titleMax} characters`,
  subdomainMin: `It should contain at least ${districtRules.subdomainMin} characters`,
  subdomainMax: `It should contain no more than ${districtRules.subdomainMax} characters`,
  subdomainPattern: 'Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.',
  reserved: (value: string) => `Subdomain cannot be "${value}"`,
  taken: "This district's title is already taken",
  noFreePremade: 'You need to select your free premade space in order to continue.',
  planRequired: 'Please select a subscription plan in order to proceed.',
  proRequired: 'Districts are part of the Pro plan: choose Pro to create one.',
  noAccess: "You don't have access to this District",
  notFound: 'This district does not exist',
  notOwner: 'Only the owner of the district may do this',
  invitationUnknown: 'This invitation link is not valid any more. Ask the district for a new one.',
  ownerStays: 'The owner of a district stays its owner',
  slotNotDistrict: 'This slot does not belong to the district',
  notMember: 'This user is not a member of the district',
  tooManyInvitations: `A district may have at most ${districtRules.invitationsMax} open invitations`,
} as const;

export const isReservedSubdomain = (value: string) =>
  (reservedSubdomains as readonly string[]).includes(value);

export const DistrictTitle = z
  .string({ error: districtMessages.required })
  .trim()
  .min(1, districtMessages.required)
  .min(districtRules.titleMin, districtMessages.titleMin)
  .max(districtRules.titleMax, districtMessages.titleMax);

/** A subdomain as typed: the pattern and length rules, then the reserved names. */
export const Subdomain = z
  .string({ error: districtMessages.required })
  .trim()
  .min(1, districtMessages.required)
  .min(districtRules.subdomainMin, districtMessages.subdomainMin)
  .max(districtRules.subdomainMax, districtMessages.subdomainMax)
  .regex(subdomainPattern, districtMessages.subdomainPattern)
  .refine((value) => !isReservedSubdomain(value), {
    error: (issue) => districtMessages.reserved(String(issue.input)),
  });

/** A form's true/false as a string ('true'/'false', platform.md) or a boolean (JSON). */
const FormFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** District form values (districts-commerce-spaces.md §3): what the wizard's general step posts. */
export const DistrictCreateFields = z
  .object({
    title: DistrictTitle,
    subdomain: Subdomain,
    public: FormFlag.default(true),
    visible: FormFlag.default(true),
    freeSpaceTemplateId: z
      .string({ error: districtMessages.noFreePremade })
      .min(1, districtMessages.noFreePremade)
      .max(80),
  })
  .strict();
export type DistrictCreateFields = z.infer<typeof DistrictCreateFields>;

/** What `styles` holds (a JSON string in the district data, districts-commerce-spaces.md §3). */
export const DistrictStyles = z
  .object({
    theme: z.enum(districtThemeNames as [DistrictTheme, ...DistrictTheme[]]).default('harbour'),
    fontFamily: z.enum(districtFontNames as [DistrictFont, ...DistrictFont[]]).default('sans'),
  })
  .strict();
const SocialLink = z.object({ name: z.string().trim().min(1).max(40), url: z.url().max(500) }).strict();

/** A change of a district's general settings or appearance (owner only); pictures come as parts. */
export const DistrictChanges = z
  .object({
    title: DistrictTitle.optional(),
    public: FormFlag.optional(),
    visible: FormFlag.optional(),
    subtitle: z
      .string()
      .trim()
      .max(districtRules.subtitleMax, `At most ${districtRules.subtitleMax} characters`)
      .optional(),
    description: z
      .string()
      .trim()
      .max(districtRules.descriptionMax, `At most ${districtRules.descriptionMax} characters`)
      .optional(),
    socialMedia: z
      .union([
        z.array(SocialLink),
        z
          .string()
          .transform((text, ctx) => {
            try {
              return JSON.parse(text) as unknown;
            } catch {
              ctx.addIssue({ code: 'custom', message: 'Send the links as a JSON list of { name, url }' });
              return z.NEVER;
            }
          })
          .pipe(z.array(SocialLink)),
      ])
      .pipe(z.array(SocialLink).max(districtRules.socialLinksMax))
      .optional(),
    styles: z
      .union([
        DistrictStyles,
        z
          .string()
          .transform((text, ctx) => {
            try {
              return JSON.parse(text) as unknown;
            } catch {
              ctx.addIssue({ code: 'custom', message: 'Send styles as JSON: { theme, fontFamily }' });
              return z.NEVER;
            }
          })
          .pipe(DistrictStyles),
      ])
      .optional(),
    /** Empty removes the picture (the parts `photo` and `coverPhoto` set one). */
    photo: z.null().optional(),
    coverPhoto: z.null().optional(),
  })
  .strict();
export type DistrictChanges = z.infer<typeof DistrictChanges>;

export const districtRoles = ['Owner', 'Creator'] as const;
export const DistrictRole = z.enum(districtRoles);
export type DistrictRole = z.infer<typeof DistrictRole>;

const isoTime = z.iso.datetime({ offset: true });

/** District data as anyone who may see the district reads it (platform.md §3 'District'). */
export const District = z
  .object({
    districtId: z.string(),
    title: z.string(),
    subdomain: z.string(),
    public: z.boolean(),
    visible: z.boolean(),
    /** The logo (/api/fileService/file/{id}) or null. */
    photo: z.string().nullable(),
    coverPhoto: z.string().nullable(),
    subtitle: z.string(),
    description: z.string(),
    socialMedia: z.array(z.object({ name: z.string(), url: z.string() })),
    /** JSON text: { theme, fontFamily } (districts-commerce-spaces.md §3). */
    styles: z.string(),
    owner: z.object({ userId: z.string(), name: z.string(), profilePicture: z.string().nullable() }),
    freeSpaceTemplateId: z.string().nullable(),
    numOfMembers: z.number().int().nonnegative(),
    numOfSpaces: z.number().int().nonnegative().describe('Spaces published in its slots'),
    numOfFollowers: z.number().int().nonnegative(),
    /** What the caller is in it: null when not a member (or signed out). */
    districtUserRole: DistrictRole.nullable(),
    following: z.boolean().describe('The caller follows the district'),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: 'District' });
export type District = z.infer<typeof District>;

export const DistrictPageQuery = z.object({
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(50).default(9).describe('Items per page'),
  q: z.string().trim().max(100).default('').describe('Words of the title or subdomain'),
  sort: z.enum(['newest', 'title', 'followers', 'spaces']).default('newest'),
});
export type DistrictPageQuery = z.input<typeof DistrictPageQuery>;

export const DistrictPage = z
  .object({ items: z.array(District), cp: z.number().int(), ipp: z.number().int(), total: z.number().int() })
  .meta({ id: 'DistrictPage' });
export type DistrictPage = z.infer<typeof DistrictPage>;

export const SubdomainParams = z.object({ subdomain: z.string().min(1).max(80) });
export const DistrictIdParams = z.object({ id: z.string().min(1).max(64).describe('District id') });
export const DistrictMemberParams = DistrictIdParams.extend({ userId: z.string().min(1).max(255) });

/** Whether a subdomain can be taken (GET district/available/{subdomain}: 200, else 4xx). */
export const SubdomainAvailability = z
  .object({ subdomain: z.string(), available: z.literal(true) })
  .meta({ id: 'SubdomainAvailability' });

/** What the caller may do on a district's host (GET district/districtAccess/{subdomain}). */
export const DistrictAccess = z
  .object({
    districtId: z.string(),
    subdomain: z.string(),
    public: z.boolean(),
    access: z.boolean().describe('The caller may see the district (public, or a member of a private one)'),
    districtUserRole: DistrictRole.nullable(),
  })
  .meta({ id: 'DistrictAccess' });
export type DistrictAccess = z.infer<typeof DistrictAccess>;

/** A member of a district as its members list shows them (the Manage members modal). */
export const DistrictMember = z
  .object({
    userId: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    profilePicture: z.string().nullable(),
    /** The login e-mail (shown to the owner only, else null). */
    email: z.string().nullable(),
    role: DistrictRole,
    /** Slots of the district allocated to the member. */
    allocatedSlots: z.number().int().nonnegative(),
    joinedAt: isoTime,
  })
  .meta({ id: 'DistrictMember' });
export type DistrictMember = z.infer<typeof DistrictMember>;

export const DistrictMemberPage = z
  .object({
    items: z.array(DistrictMember),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'DistrictMemberPage' });
export type DistrictMemberPage = z.infer<typeof DistrictMemberPage>;

export const MemberPageQuery = z.object({
  cp: z.coerce.number().int().min(0).max(100_000).default(0),
  ipp: z.coerce.number().int().min(1).max(50).default(20),
});

/** A change of a member (owner only): their role, or the number of slots allocated to them. */
export const DistrictMemberChange = z.object({ role: DistrictRole.optional() }).strict();

/** An invitation: a link anyone with it may use, or one for an e-mail address (used once). */
export const DistrictInviteBody = z
  .object({ email: z.email('Give a valid e-mail address').max(320).optional() })
  .strict();

export const DistrictInvitation = z
  .object({
    invitationCode: z.string(),
    /** The district's address with ?invitation_code=…, to send. */
    link: z.string(),
    email: z.string().nullable(),
    role: DistrictRole,
    uses: z.number().int().nonnegative(),
    createdAt: isoTime,
  })
  .meta({ id: 'DistrictInvitation' });
export type DistrictInvitation = z.infer<typeof DistrictInvitation>;

export const DistrictInvitationList = z
  .object({ items: z.array(DistrictInvitation) })
  .meta({ id: 'DistrictInvitationList' });

export const InvitationCodeParams = z.object({ code: z.string().min(8).max(64) });

/** A slot of a district, with who may publish into it and what it holds. */
export const DistrictSlot = z
  .object({
    slotId: z.string(),
    districtSlot: z.literal(true),
    allocatedTo: z.object({ userId: z.string(), name: z.string() }).nullable(),
    sceneMetadata: z.object({ sceneId: z.string(), title: z.string() }).nullable(),
  })
  .meta({ id: 'DistrictSlot' });
export type DistrictSlot = z.infer<typeof DistrictSlot>;

export const DistrictSlotList = z.object({ items: z.array(DistrictSlot) }).meta({ id: 'DistrictSlotList' });

export const SlotAllocationParams = DistrictIdParams.extend({ slotId: z.string().min(1).max(64) });
export const SlotAllocationBody = z
  .object({
    userId: z
      .string()
      .min(1)
      .max(255)
      .nullable()
      .describe('The member who may publish into it; null: only the owner'),
  })
  .strict();

/** The address of a district's host: `<subdomain>.<base domain>` on the public origin's scheme and port. */
export function districtOrigin(publicOrigin: string, baseDomain: string, subdomain: string): string {
  const url = new URL(publicOrigin);
  return `${url.protocol}//${subdomain}.${baseDomain}${url.port ? `:${url.port}` : ''}`;
}

/** What a district can buy with credits (districts-commerce-spaces.md §3 'District item'). */
export const DistrictItem = z
  .object({
    districtItemId: z.string(),
    /** 'slot', or 'spaceTemplate' for a premade space. */
    type: z.enum(['slot', 'spaceTemplate']),
    spaceTemplateId: z.string().nullable(),
    priceCoin: z.number().int().nonnegative(),
  })
  .meta({ id: 'DistrictItem' });
export type DistrictItem = z.infer<typeof DistrictItem>;

export const DistrictItemList = z.object({ items: z.array(DistrictItem) }).meta({ id: 'DistrictItemList' });
export type DistrictItemList = z.infer<typeof DistrictItemList>;

/** What a district has bought (and the premade space its plan gave it, `free`). */
export const PurchasedDistrictItem = z
  .object({
    districtItemId: z.string(),
    type: z.enum(['slot', 'spaceTemplate']),
    spaceTemplateId: z.string().nullable(),
    quantity: z.number().int().nonnegative(),
    free: z.boolean(),
  })
  .meta({ id: 'PurchasedDistrictItem' });
export type PurchasedDistrictItem = z.infer<typeof PurchasedDistrictItem>;

export const PurchasedDistrictItemList = z
  .object({ items: z.array(PurchasedDistrictItem) })
  .meta({ id: 'PurchasedDistrictItemList' });
export type PurchasedDistrictItemList = z.infer<typeof PurchasedDistrictItemList>;
