/**
 * Roles, tiers and the sign-in callback path: plain constants with no schema library, so the
 * SPA's first page can use them without loading zod (contracts/identity.ts adds the schemas).
 */

/** Roles an access token carries, from the user's current plan (free when none). */
export const roles = ['free-user', 'pro-user', 'premium-user'] as const;
export type Role = (typeof roles)[number];

/** Highest role first: a user with several gets the highest tier. */
export const roleRank: Record<Role, number> = { 'free-user': 0, 'pro-user': 1, 'premium-user': 2 };

/** The path the SPA's sign-in returns to, on the main host and on every district host. */
export const authCallbackPath = '/authentication/callback';

/** Plan tiers as the interface names them (platform.md §6). */
export type Tier = 'free' | 'standard' | 'pro';
const tierOfRole: Record<Role, Tier> = { 'free-user': 'free', 'pro-user': 'standard', 'premium-user': 'pro' };

const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);

/** The highest tier among the roles (premium over pro over free); free when there are none. */
export function tierOf(list: readonly string[] | undefined): Tier {
  let best: Role = 'free-user';
  for (const r of list ?? []) if (isRole(r) && roleRank[r] > roleRank[best]) best = r;
  return tierOfRole[best];
}
