import { z } from 'zod';

/**
 * Follows (platform.md §2.3 Connections › Followers and Following, §2.7 follow a creator, §3
 * numOfFollowers / numOfFollowing), under the social service /api/socialService.
 */

export const socialServicePrefix = '/api/socialService';

/** What a follow points at: a user, or a district (the districts feature uses the same table). */
export const followTargetKinds = ['user', 'district'] as const;
export type FollowTargetKind = (typeof followTargetKinds)[number];

export const selfFollowMessage = 'You cannot follow yourself';

export const FollowUserParams = z.object({
  userId: z.string().min(1).max(255).describe('The user followed (or whose lists are read)'),
});

/** Whether the caller follows the user, and how many followers the user has now. */
export const FollowState = z
  .object({
    userId: z.string(),
    following: z.boolean().describe('The caller follows this user'),
    numOfFollowers: z.number().int().nonnegative().describe('Users who follow this user, now'),
  })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof FollowState>;

/** A member card (platform.md §9, §3): who a person is, with a link to their profile. */
export const MemberCard = z
  .object({
    userId: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    /** Where the profile picture is served (/api/fileService/file/{id}), or null. */
    profilePicture: z.string().nullable(),
    following: z.boolean().describe('The caller follows this member (false when signed out)'),
  })
  .meta({ id: 'MemberCard' });
export type MemberCard = z.infer<typeof MemberCard>;

export const memberPageMaxIpp = 50;

export const MemberPageQuery = z.object({
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(memberPageMaxIpp).default(12).describe('Items per page'),
});
export type MemberPageQuery = z.input<typeof MemberPageQuery>;

/** A page of members, newest follow first. */
export const MemberPage = z
  .object({
    items: z.array(MemberCard),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'MemberPage' });
export type MemberPage = z.infer<typeof MemberPage>;

export const FollowDistrictParams = z.object({
  districtId: z.string().min(1).max(64).describe('The district followed'),
});

/** Whether the caller follows the district, and how many follow it now. */
export const DistrictFollowState = z
  .object({
    districtId: z.string(),
    following: z.boolean(),
    numOfFollowers: z.number().int().nonnegative(),
  })
  .meta({ id: 'DistrictFollowState' });
export type DistrictFollowState = z.infer<typeof DistrictFollowState>;
