import { z } from 'zod';

/**
 * Whom a signed-in user blocked (platform.md §2.7: any visitor can mute or block another for
 * themselves). The viewer keeps mutes and guests' blocks in the browser; a block of a signed-in
 * user is also kept here, so that it holds on every device and in direct messages:
 * - nobody starts a conversation with someone who blocked them, or whom they blocked;
 * - in a conversation of two, neither writes while one blocks the other;
 * - in a larger one, the blocker neither receives nor reads what the blocked person writes.
 *
 * GET    /api/communicationInteractionService/blocks            BlocksAnswer (the caller's, latest first)
 * PUT    /api/communicationInteractionService/blocks/{userId}   blocks them → 204 (again: no change)
 * DELETE /api/communicationInteractionService/blocks/{userId}   lifts it → 204 (none: no change)
 */

/** The rules of blocks, in one table (the spec names none). */
export const blockRules = {
  /** Users one user may block (the spec names no limit; the browser remembers as many). */
  maxBlocks: 500,
} as const;

export const blockMessages = {
  self: 'You cannot block yourself',
  guest: 'Visitors without an account are blocked in this browser only',
  unknownUser: 'There is no such user',
  tooMany: `You can block at most ${blockRules.maxBlocks} people; unblock someone first`,
  /** Starting or writing in a conversation across a block (either way: it does not say which). */
  blocked: 'You cannot write to this person',
} as const;

export const BlocksAnswer = z
  .object({
    /** The user ids the caller blocked, latest first. */
    userIds: z.array(z.string()),
  })
  .meta({ id: 'BlocksAnswer' });
export type BlocksAnswer = z.infer<typeof BlocksAnswer>;
