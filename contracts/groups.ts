import { z } from 'zod';

/**
 * Groups (platform.md §2.3 Connections › Groups, §2.5 group ACLs, §3 'Group: title, description,
 * image, members', §4 'hide groups', §7.2 groups paths), under the user service /api/userService.
 *
 * A user creates a group and owns it; they invite users, who accept or decline; members leave when
 * they like, the owner removes whom they like. Only members (the owner among them) count for a
 * space's group ACLs: an invitation not yet accepted lets nobody in.
 *
 * A district's groups (districts-commerce-spaces.md, issue 22 'Groups (All, Invitations)') are
 * groups with a `districtId`: an Owner of the district makes them (POST groups/group with
 * `districtId`), the district's Owners manage them (their `membership` is 'owner'), and only
 * members of the district may be invited. They are listed on the district's Groups page
 * (GET groups/district/{id}), not on their members' profiles, and count in spaces' group ACLs
 * like any other group.
 */

/** The limits of groups: the one table the server and the forms read. */
export const groupLimits = {
  titleMax: 80,
  descriptionMax: 1000,
  /** Groups one user may own. */
  ownedMax: 100,
  /** Members and open invitations of one group, together. */
  membersMax: 1000,
  /** Users one invitation call may name. */
  inviteMax: 50,
  /** Groups a space's ACL may name, per list. */
  aclMax: 50,
  /** Groups one district may have. */
  districtMax: 200,
} as const;

export const groupMessages = {
  titleRequired: 'Give the group a title',
  titleTooLong: `The title may have at most ${groupLimits.titleMax} characters`,
  descriptionTooLong: `The description may have at most ${groupLimits.descriptionMax} characters`,
  tooManyOwned: `You own ${groupLimits.ownedMax} groups already: delete one to create another`,
  full: `A group may have at most ${groupLimits.membersMax} members and invitations`,
  noSuchGroup: 'No such group',
  noInvitation: 'You have no invitation to this group',
  ownerLeaves: 'The owner cannot leave their own group: delete it instead',
  unknownUsers: 'Some of these users do not exist',
  notYourGroups: 'You may only choose groups you are a member of',
  notDistrictMember: "Only members of the district may be in the district's groups",
  districtOwnerOnly: 'Only an Owner of the district may manage its groups',
  districtFull: `A district may have at most ${groupLimits.districtMax} groups`,
} as const;

export const GroupIdParams = z.object({
  id: z.string().min(1).max(64).describe('Group id'),
});

export const GroupMemberParams = GroupIdParams.extend({
  userId: z.string().min(1).max(255).describe('The member (or invited user)'),
});

export const GroupTitle = z
  .string({ error: groupMessages.titleRequired })
  .trim()
  .min(1, groupMessages.titleRequired)
  .max(groupLimits.titleMax, groupMessages.titleTooLong);

export const GroupDescription = z
  .string()
  .trim()
  .max(groupLimits.descriptionMax, groupMessages.descriptionTooLong);

/** The fields of a new group (the `image` comes as a multipart picture part). */
export const GroupFields = z
  .object({
    title: GroupTitle,
    description: GroupDescription.default(''),
  })
  .strict();
export type GroupFields = z.infer<typeof GroupFields>;

/** A new group's fields, with the district it is made for (omitted: the caller's own group). */
export const GroupCreateFields = GroupFields.extend({
  districtId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "The district the group is made for (the caller must be one of its Owners); omit for one's own",
    ),
}).strict();
export type GroupCreateFields = z.infer<typeof GroupCreateFields>;

/** A change to a group: any of its fields; `image: null` (or an empty form value) removes the image. */
export const GroupChanges = z
  .object({
    title: GroupTitle.optional(),
    description: GroupDescription.optional(),
    image: z.null().optional(),
  })
  .strict();
export type GroupChanges = z.infer<typeof GroupChanges>;

/** What the caller is to a group. */
export const groupMemberships = ['owner', 'member', 'invited'] as const;
export const GroupMembership = z.enum(groupMemberships);
export type GroupMembership = z.infer<typeof GroupMembership>;

const isoTime = z.iso.datetime({ offset: true });

export const Group = z
  .object({
    groupId: z.string(),
    title: z.string(),
    description: z.string(),
    /** Where the group's image is served (/api/fileService/file/{id}), or null. */
    image: z.string().nullable(),
    owner: z.object({
      userId: z.string(),
      name: z.string(),
      profilePicture: z.string().nullable(),
    }),
    numOfMembers: z.number().int().nonnegative().describe('Members, the owner included (not invitations)'),
    /**
     * What the caller is to the group: null when they are none of these (or signed out). For a
     * district's group every Owner of the district is 'owner' (they manage it).
     */
    membership: GroupMembership.nullable(),
    /** The district the group belongs to (made by its Owner for its members); null for a user's own. */
    districtId: z.string().nullable(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof Group>;

export const groupPageMaxIpp = 50;

export const GroupPageQuery = z.object({
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(groupPageMaxIpp).default(12).describe('Items per page'),
  search: z.string().trim().max(100).default('').describe('Part of the title (case-insensitive)'),
});
export type GroupPageQuery = z.input<typeof GroupPageQuery>;

export const GroupPage = z
  .object({
    items: z.array(Group),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
    /** The user hides their groups from visitors (the list is then empty). */
    hidden: z.boolean(),
  })
  .meta({ id: 'GroupPage' });
export type GroupPage = z.infer<typeof GroupPage>;

export const GroupsManyQuery = z.object({
  ids: z
    .string()
    .max(64 * groupLimits.aclMax)
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter((id) => id.length > 0))
    .pipe(z.array(z.string().max(64)).max(groupLimits.aclMax))
    .describe('Group ids, comma-separated'),
});

/** The groups of `ids` the caller may see (unknown and hidden ones are left out). */
export const GroupList = z.object({ items: z.array(Group) }).meta({ id: 'GroupList' });
export type GroupList = z.infer<typeof GroupList>;

/** A member (or, for the owner, an invited user) of a group. */
export const GroupMember = z
  .object({
    userId: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    profilePicture: z.string().nullable(),
    role: z.enum(['owner', 'member']),
    status: z.enum(['member', 'invited']),
  })
  .meta({ id: 'GroupMember' });
export type GroupMember = z.infer<typeof GroupMember>;

export const GroupMemberPageQuery = z.object({
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(groupPageMaxIpp).default(12).describe('Items per page'),
});

/** The caller's open invitations, optionally to one district's groups only. */
export const GroupInvitationQuery = GroupMemberPageQuery.extend({
  districtId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("Only invitations to this district's groups (its Groups › Invitations)"),
});
export type GroupInvitationQuery = z.input<typeof GroupInvitationQuery>;

/** A district whose groups are listed. */
export const GroupDistrictParams = z.object({ id: z.string().min(1).max(64).describe('District id') });

export const GroupMemberPage = z
  .object({
    items: z.array(GroupMember),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'GroupMemberPage' });
export type GroupMemberPage = z.infer<typeof GroupMemberPage>;

export const InviteBody = z
  .object({
    userIds: z
      .array(z.string().min(1).max(255))
      .min(1, 'Name at least one user to invite')
      .max(groupLimits.inviteMax, `Invite at most ${groupLimits.inviteMax} users at a time`),
  })
  .strict();
export type InviteBody = z.infer<typeof InviteBody>;

/** What an invitation call did: who is invited now, and who was a member or invited already. */
export const InviteAnswer = z
  .object({
    invited: z.array(z.string()).describe('Users invited by this call (each told by a notification)'),
    already: z.array(z.string()).describe('Users who were members or invited already'),
  })
  .meta({ id: 'InviteAnswer' });
export type InviteAnswer = z.infer<typeof InviteAnswer>;

/** The profile path of a user's Groups (where a group invitation's notification leads). */
export const groupsPath = (userId: string) => `/user/${encodeURIComponent(userId)}/connections/groups`;
