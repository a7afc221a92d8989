import { z } from 'zod';

/**
 * Direct messages (platform.md §2.7 Chat › Direct, §7.5 direct message groups and messages, §7.6
 * the direct-message-group hub): signed-in users write to one another in groups of two or more,
 * kept, readable later from the header's Messages button.
 *
 * GET  /api/communicationInteractionService/directMessageGroups                       the caller's groups, latest first
 * POST /api/communicationInteractionService/directMessageGroups                       DirectMessageGroupInput → 201 (or 200: the pair's group)
 * GET  /api/communicationInteractionService/directMessageGroups/{groupId}/messages    a page, oldest first (?before=messageId)
 * POST /api/communicationInteractionService/directMessageGroups/{groupId}/messages    DirectMessageInput → 201 DirectMessage
 * POST /api/communicationInteractionService/directMessageGroups/{groupId}/read        marks the group read → 204
 *
 * Hub /hubs/direct-message-group (signed-in users only): method SendDirectMessageGroupMessage
 * (groupId, text, clientId?) → the message's id; events NewDirectMessageGroup(DirectMessageGroup)
 * to each member when a group they are in is made, NewDirectMessageGroupMessage(DirectMessage) to
 * each member (every tab) when one is written.
 */

export const directMessageHubPath = '/hubs/direct-message-group';

/** The rules of direct messages, in one table (the spec names none of them). */
export const directMessageRules = {
  /** Characters in one message (as the public chat). */
  textMaxLength: 500,
  /** People in one group, the one who makes it included. */
  maxMembers: 10,
  titleMaxLength: 80,
  /** Messages per page of a group. */
  pageSize: 30,
  /** Groups the list answers (the latest). */
  listMax: 50,
  /** Messages one user may send per window, in all groups (then they wait). */
  messagesPerWindow: 10,
  messageWindowMs: 10_000,
} as const;

/** Refusals' messages (BUSINESS_RULE 422, or the hub's error). */
export const directMessageMessages = {
  empty: 'Write a message first',
  tooLong: `A message has at most ${directMessageRules.textMaxLength} characters`,
  tooFast: 'You are sending messages too fast; wait a moment',
  notMember: 'You are not in this conversation',
  unknownUser: 'Someone you picked has no account here any more',
  nobody: 'Pick someone to write to',
  tooMany: `A conversation has at most ${directMessageRules.maxMembers} people`,
  guests: 'Sign in to send direct messages',
} as const;

export const DirectMessageUser = z
  .object({ id: z.string(), name: z.string(), profilePicture: z.string().nullable() })
  .meta({ id: 'DirectMessageUser' });
export type DirectMessageUser = z.infer<typeof DirectMessageUser>;

export const DirectMessage = z
  .object({
    id: z.string(),
    groupId: z.string(),
    text: z.string(),
    /** When the server received it (ISO 8601). */
    time: z.string(),
    user: DirectMessageUser,
  })
  .meta({ id: 'DirectMessage' });
export type DirectMessage = z.infer<typeof DirectMessage>;

export const DirectMessageGroup = z
  .object({
    groupId: z.string(),
    /** A name given to the group, or null (the members' names stand for it). */
    title: z.string().nullable(),
    createdAt: z.string(),
    /** Everyone in it, the caller included. */
    members: z.array(DirectMessageUser),
    lastMessage: DirectMessage.nullable(),
    /** Messages from others since the caller last read the group. */
    unread: z.number().int(),
  })
  .meta({ id: 'DirectMessageGroup' });
export type DirectMessageGroup = z.infer<typeof DirectMessageGroup>;

export const DirectMessageGroupsAnswer = z
  .object({
    groups: z.array(DirectMessageGroup),
    /** Unread messages in all the caller's groups. */
    unread: z.number().int(),
  })
  .meta({ id: 'DirectMessageGroupsAnswer' });
export type DirectMessageGroupsAnswer = z.infer<typeof DirectMessageGroupsAnswer>;

export const DirectMessageGroupInput = z.object({
  /** The others (the caller is in it anyway). With one other, their existing pair is answered. */
  userIds: z
    .array(z.string().min(1).max(200))
    .min(1, directMessageMessages.nobody)
    .max(directMessageRules.maxMembers - 1, directMessageMessages.tooMany),
  title: z.string().trim().max(directMessageRules.titleMaxLength).optional(),
});
export type DirectMessageGroupInput = z.infer<typeof DirectMessageGroupInput>;

export const DirectMessageInput = z.object({
  text: z.string(),
  /** The sender's id for this message: sent again (its answer was lost), it is taken once. */
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .optional(),
});
export type DirectMessageInput = z.infer<typeof DirectMessageInput>;

export const DirectMessagesPage = z
  .object({
    /** Oldest first. */
    messages: z.array(DirectMessage),
    /** Older messages exist (ask with before = the first one's id). */
    more: z.boolean(),
  })
  .meta({ id: 'DirectMessagesPage' });
export type DirectMessagesPage = z.infer<typeof DirectMessagesPage>;
