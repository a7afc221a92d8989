import type { Role } from '../../../contracts/identity';

/**
 * The role an access token carries for a user's plan (platform.md §6): 'standard' is the
 * STANDARD tier ('pro-user'), 'pro' the PRO tier ('premium-user'); anything else is free.
 */
export function roleOfPlan(plan: string | null | undefined): Role {
  switch (plan?.trim().toLowerCase()) {
    case 'standard':
      return 'pro-user';
    case 'pro':
      return 'premium-user';
    default:
      return 'free-user';
  }
}
