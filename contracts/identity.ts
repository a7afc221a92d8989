import { z } from 'zod';
import { roles } from './roles';

export { authCallbackPath, roleRank, roles, type Tier, tierOf } from './roles';

/** A role an access token may carry (contracts/roles.ts lists them). */
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;
