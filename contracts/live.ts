import { z } from 'zod';

/**
 * The live-user hub (platform.md §7.6): who is in which space right now. A space runs in
 * instances; an instance holds up to `liveInstanceCap` visitors and the next visitor opens a new
 * one, unless they join a friend's instance that has room.
 *
 * Methods (client → server): JoinScene(sceneId, options?), ExitCurrentScene(),
 * SendPublicMessage(text, clientId?) (to everyone in the sender's instance; with the client's own
 * id for the message, `c-<clientId>` is its id, and a message sent again with it is taken once),
 * SendEventMessage(text, clientId?) (likewise, to everyone in the space, every instance, while one
 * of its scheduled events is on: the Event chat), SendVoiceSignal(toUserId, signal) (voice peer to
 * peer: contracts/voice.ts), RequestVoiceToken() (voice through LiveKit: contracts/voice.ts).
 * Events (server → client):
 * - MyUserId(userId) once connected;
 * - EnteredInstance(LiveInstanceEntered) to the visitor who joined;
 * - LiveVisitorsInMySceneInstance(LiveVisitor[]) to everyone of the instance when it changes;
 * - LiveVisitorCountInMyScene(LiveSceneCount) to everyone in the space when its count changes;
 * - LiveVisitorCountPerSceneInstance(LiveInstanceCount[]) likewise, instance by instance;
 * - ExitedInstance(LiveInstanceExited) to the visitor who left (or was moved);
 * - TotalLiveVisitors(number) to every connection when the platform's total changes;
 * - PublicMessage(ChatMessage) to everyone in the instance, the sender included;
 * - EventMessage(ChatMessage, with its eventId) to everyone in the space, the sender included;
 * - VoiceSignal(VoiceSignalReceived) to the visitor another one signals (contracts/voice.ts);
 * - JoinedGroup, LeftGroup, PartyInvited and PartyMove about the user's party (contracts/parties.ts).
 */

export const liveUserHubPath = '/hubs/live-user';

/** Guests' user ids start with this (user ids are uuids: no user's does). */
export const guestPrefix = 'guest-';

export const isGuest = (userId: string) => userId.startsWith(guestPrefix);

/**
 * The presence constants, in one table (the spec names none of them):
 * - instanceCap: visitors in one instance (LIVE_INSTANCE_CAP overrides it);
 * - countsEveryMs: counts are sent at most this often per space (joins and exits are batched).
 */
export const liveDefaults = {
  instanceCap: 1000,
  countsEveryMs: 250,
  /** Characters in one chat message. */
  messageMaxLength: 500,
  /** Chat messages one connection may send per window (then it waits). */
  messagesPerWindow: 8,
  /** How long public chat is kept, for visitors who join or come back (their instance's). */
  chatHistoryMs: 10 * 60_000,
  /** At most this many of those messages are given on joining. */
  chatHistoryCount: 50,
  messageWindowMs: 10_000,
} as const;

export const LiveVisitor = z
  .object({
    userId: z.string(),
    name: z.string(),
    /** Their profile picture's url, when they have one. */
    profilePicture: z.string().nullable(),
    /**
     * The avatar they picked in their profile, as shape/colour (contracts/avatars.ts `avatarLookOf`
     * reads it); null for guests and for users who picked none (the default look).
     */
    avatar: z.string().nullable(),
  })
  .meta({ id: 'LiveVisitor' });
export type LiveVisitor = z.infer<typeof LiveVisitor>;

export const JoinSceneOptions = z
  .object({
    /** Join this instance of the space (when it has room; else the usual choice is made). */
    instanceId: z.string().max(64).optional(),
    /** Join the instance this visitor is in (when they are in the space and it has room). */
    friendUserId: z.string().max(200).optional(),
  })
  .strict();
export type JoinSceneOptions = z.infer<typeof JoinSceneOptions>;

/** A chat message (platform.md §3 'Chat message'; the alignment is the reader's: theirs right). */
export const ChatMessage = z
  .object({
    id: z.string(),
    text: z.string(),
    /** When the server received it (ISO 8601). */
    time: z.string(),
    user: z.object({ id: z.string(), name: z.string(), profilePicture: z.string().nullable() }),
    sceneId: z.string(),
    instanceId: z.string(),
    /** Set on a message of the Event chat: the scheduled event it was said during. */
    eventId: z.string().optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const LiveInstanceEntered = z.object({
  /** The visitor's own user id. */
  userId: z.string(),
  sceneId: z.string(),
  instanceId: z.string(),
  /** Who is in the instance, the visitor included (the first `poseDefaults.listedVisitors` by name). */
  visitors: z.array(LiveVisitor),
  /** Whether chat and voice are open to this visitor in this space (its communication ACL). */
  communication: z.boolean(),
  /** The id of this visitor's own entries in Poses (contracts/livePoses.ts). */
  poseId: z.number().int(),
  /**
   * Whether this visitor may mute, remove and ban others here: the space's owner, and the
   * district's Owners and Creators for a space of a district.
   */
  moderator: z.boolean(),
  /** The instance's public chat of the last minutes (`chatHistoryMs`), oldest first. */
  recentMessages: z.array(ChatMessage),
  /** The Event chat of the space's event on now, of the last minutes, oldest first. */
  eventMessages: z.array(ChatMessage).optional(),
});
export type LiveInstanceEntered = z.infer<typeof LiveInstanceEntered>;

export const LiveInstanceExited = z.object({ sceneId: z.string(), instanceId: z.string() });
export type LiveInstanceExited = z.infer<typeof LiveInstanceExited>;

export const LiveInstanceCount = z.object({ instanceId: z.string(), count: z.number().int() });
export type LiveInstanceCount = z.infer<typeof LiveInstanceCount>;

export const LiveSceneCount = z.object({ sceneId: z.string(), count: z.number().int() });
export type LiveSceneCount = z.infer<typeof LiveSceneCount>;

/** Who is live in each of some spaces (GET /api/communicationInteractionService/live). */
export const LiveScenesQuery = z.object({
  sceneIds: z
    .string()
    .max(2000)
    .describe('Space ids, comma-separated (at most 50)')
    .transform((text) => [...new Set(text.split(',').filter(Boolean))])
    .pipe(z.array(z.string().max(64)).max(50)),
});

export const LiveScene = z
  .object({
    sceneId: z.string(),
    count: z.number().int(),
    /** The first few visitors (the card shows 2 avatars and '+N'). */
    visitors: z.array(LiveVisitor),
    /** The space's scheduled event that is on now (the card says so), or null. */
    event: z.object({ title: z.string(), endsAt: z.iso.datetime({ offset: true }) }).nullable(),
  })
  .meta({ id: 'LiveScene' });
export type LiveScene = z.infer<typeof LiveScene>;

export const LiveScenesAnswer = z.object({ scenes: z.array(LiveScene) }).meta({ id: 'LiveScenesAnswer' });
export type LiveScenesAnswer = z.infer<typeof LiveScenesAnswer>;

// The space cards' constants live apart, so that pages of cards load no schema.
export { liveAvatarsShown, liveCardsEveryMs } from './liveCards';

/** The chat's refusals (the hub's error text; the SPA shows them as they are). */
export const chatMessages = {
  notPresent: 'Join the space before you chat',
  disabled: 'Communications are disabled',
  empty: 'Write a message first',
  tooLong: `A message has at most ${liveDefaults.messageMaxLength} characters`,
  tooFast: 'You are sending messages too fast; wait a moment',
  muted: 'The owner of this space has muted you here',
  noEvent: 'No event of this space is on now; its Event chat opens when one starts',
} as const;

/**
 * Moderation on the live-user hub (the space's owner only): MuteVisitor / UnmuteVisitor (no chat
 * in the space), RemoveVisitor (out of the space now; they may come back), BanVisitor /
 * UnbanVisitor (out, and may not enter again), each `(sceneId, userId)`. The visitor removed gets
 * RemovedFromScene(LiveRemoved) on each of their connections in the space.
 */
export const moderationMessages = {
  notOwner: 'Only the owner of this space, or of its district, may do that',
  notYourself: 'You cannot do that to yourself',
  ownerProtected: 'No one may do that to the owner of this space',
  banned: 'The owner of this space does not let you in',
  removed: 'The owner of this space asked you to leave',
  arguments: 'Give the id of the space and of the visitor',
} as const;

export const LiveRemoved = z.object({ sceneId: z.string(), banned: z.boolean() });
export type LiveRemoved = z.infer<typeof LiveRemoved>;
