/**
 * What space cards show of who is live in their spaces (contracts/live.ts LiveScene), kept free of
 * schemas: pages of cards are among the first a visitor loads.
 */

/** How many visitors a live-visitors row shows as avatars before '+N' (platform.md §9). */
export const liveAvatarsShown = 2;

/**
 * How often a page of space cards asks again who is live in its spaces (the spec is silent; a
 * card's count is a hint, and a page left open should not poll hard).
 */
export const liveCardsEveryMs = 30_000;
