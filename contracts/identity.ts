import { z } from 'zod';

/** Roles an access token carries, from the user's current plan (free when none). */
export const roles = ['free-user', 'pro-user', 'premium-user'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/** Highest role first: a user with several gets the highest tier. */
export const roleRank: Record<Role, number> = { 'free-user': 0, 'pro-user': 1, 'premium-user': 2 };

/** The path the SPA's sign-in returns to, on the main host and on every district host. */
export const authCallbackPath = '/authentication/callback';
