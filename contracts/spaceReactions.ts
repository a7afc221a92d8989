import { z } from 'zod';

/**
 * The social service's likes, favourites and history of spaces (platform.md §2.3 'Activity',
 * §2.4 MY FAVOURITES / MY HISTORY, §2.7 'Like', §7.5 'Social'), under /api/socialService.
 * Lists of spaces answer `PublishedScenePage` (contracts/publishing.ts), as Explore does.
 */

/** A space's likes as the caller sees them, and whether it is among the caller's favourites. */
export const SpaceReactions = z
  .object({
    sceneId: z.string(),
    /** How many users like the space. */
    likes: z.number().int().min(0),
    /** The caller likes it (false when signed out). */
    liked: z.boolean(),
    /** The caller keeps it among their favourites (false when signed out). */
    favourite: z.boolean(),
  })
  .meta({ id: 'SpaceReactions' });
export type SpaceReactions = z.infer<typeof SpaceReactions>;

/** Pages of favourites and history: `cp` from 0, `ipp` items (default 9, the infinite lists' page). */
export const ReactionListQuery = z.object({
  cp: z.coerce.number().int().min(0).max(10_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(100).default(9).describe('Items per page'),
});
export type ReactionListQuery = z.input<typeof ReactionListQuery>;

/** DELETE history: how many spaces left the history. */
export const HistoryCleared = z.object({ removed: z.number().int().min(0) }).meta({ id: 'HistoryCleared' });
export type HistoryCleared = z.infer<typeof HistoryCleared>;

/** What the social service answers people, in one place (server and tests share them). */
export const reactionMessages = {
  signIn: 'Sign in to like, keep favourites and see your history',
  noProfile: 'Your profile is not set up yet: open your profile page once, then try again',
  notPublished: 'This space is not published',
} as const;
