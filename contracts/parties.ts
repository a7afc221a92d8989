import { z } from 'zod';

/**
 * Parties (platform.md §2.7 Party: created time, participants, invitations; §7.5 parties and party
 * invitations): a few signed-in visitors who go round spaces together. The one who makes a party
 * leads it; the leader invites, and when the leader goes to another space (through a portal or
 * otherwise), the members who were in the space with them follow, into the leader's instance.
 *
 * GET    /api/communicationInteractionService/parties/mine                           PartyAnswer: the caller's party and the invitations they received
 * POST   /api/communicationInteractionService/parties                                → 201 Party (the caller leads it)
 * POST   /api/communicationInteractionService/parties/mine/invitations               PartyInvitationInput → 201 PartyInvitation (the leader; someone in no party makes one)
 * DELETE /api/communicationInteractionService/parties/mine/invitations/{id}          the leader takes an invitation back → 204
 * POST   /api/communicationInteractionService/parties/mine/leave                     → 204 (a leader who leaves hands the party to the longest member)
 * DELETE /api/communicationInteractionService/parties/mine/members/{userId}          the leader removes a member → 204
 * POST   /api/communicationInteractionService/partyInvitations/{id}/accept           → 200 Party (leaving the party the caller was in)
 * POST   /api/communicationInteractionService/partyInvitations/{id}/decline          → 204
 *
 * Live-user hub events (contracts/live.ts), to the people concerned, every tab:
 * - JoinedGroup(Party) to the members when someone joins, and to the one who joined;
 * - LeftGroup(PartyLeft) to the members and to the one who left or was removed;
 * - PartyInvited(PartyInvitation) to the one invited;
 * - PartyMove(PartyMove) to the members when the leader enters another space.
 */

/** The rules of parties, in one table (the spec names none of them; these are our choices). */
export const partyRules = {
  /** People in one party, the leader included. */
  maxMembers: 8,
  /** An invitation not answered within this time lapses. */
  invitationMs: 60 * 60_000,
  /** Invitations a party may have waiting at once. */
  maxPendingInvitations: 20,
  /** How long after leaving a space a leader's move still takes the members who were there. */
  moveWindowMs: 60_000,
} as const;

/** Refusals' messages (BUSINESS_RULE 422, 403 or 404). */
export const partyMessages = {
  guests: 'Sign in to be in a party',
  none: 'You are not in a party',
  already: 'You are in a party already; leave it first',
  leaderOnly: 'Only the party leader can do this',
  full: `A party has at most ${partyRules.maxMembers} people`,
  self: 'You are in your party already',
  member: 'They are in your party already',
  invited: 'They are invited already',
  tooManyInvitations: 'Your party has too many invitations waiting',
  unknownUser: 'There is no such user',
  blocked: 'You cannot invite this person',
  noInvitation: 'This invitation is no longer open',
  notMember: 'They are not in your party',
} as const;

export const PartyUser = z
  .object({ id: z.string(), name: z.string(), profilePicture: z.string().nullable() })
  .meta({ id: 'PartyUser' });
export type PartyUser = z.infer<typeof PartyUser>;

export const PartyMember = z
  .object({ user: PartyUser, joinedAt: z.string(), leader: z.boolean() })
  .meta({ id: 'PartyMember' });
export type PartyMember = z.infer<typeof PartyMember>;

export const PartyInvitation = z
  .object({
    invitationId: z.string(),
    partyId: z.string(),
    from: PartyUser,
    to: PartyUser,
    createdAt: z.string(),
    /** After this it lapses (ISO 8601). */
    expiresAt: z.string(),
  })
  .meta({ id: 'PartyInvitation' });
export type PartyInvitation = z.infer<typeof PartyInvitation>;

export const Party = z
  .object({
    partyId: z.string(),
    createdAt: z.string(),
    leaderId: z.string(),
    /** Leader first, then by when they joined. */
    members: z.array(PartyMember),
    /** The party's invitations still open. */
    invitations: z.array(PartyInvitation),
  })
  .meta({ id: 'Party' });
export type Party = z.infer<typeof Party>;

export const PartyAnswer = z
  .object({
    party: Party.nullable(),
    /** Open invitations the caller received, latest first. */
    invitations: z.array(PartyInvitation),
  })
  .meta({ id: 'PartyAnswer' });
export type PartyAnswer = z.infer<typeof PartyAnswer>;

export const PartyInvitationInput = z.object({ userId: z.string().min(1).max(200) });
export type PartyInvitationInput = z.infer<typeof PartyInvitationInput>;

/** LeftGroup's argument. */
export const PartyLeft = z.object({
  partyId: z.string(),
  userId: z.string(),
  /** The party ended (its last member left). */
  ended: z.boolean(),
  /** Who leads now (when the leader left). */
  leaderId: z.string().nullable(),
});
export type PartyLeft = z.infer<typeof PartyLeft>;

/** PartyMove's argument: the leader entered `sceneId`, instance `instanceId`, from `fromSceneId`. */
export const PartyMove = z.object({
  partyId: z.string(),
  leaderId: z.string(),
  leaderName: z.string(),
  fromSceneId: z.string(),
  sceneId: z.string(),
  instanceId: z.string(),
});
export type PartyMove = z.infer<typeof PartyMove>;
