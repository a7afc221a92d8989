import {
  type ActorRefFrom,
  assign,
  cancel,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  sendTo,
  setup,
} from 'xstate';
import {
  type LiveInstanceEntered,
  type LiveRemoved,
  type LiveVisitor,
  moderationMessages,
} from '../../contracts/live';
import { type ChatMessage, isGuest } from '../../contracts/live';
import { emotes, type Pose } from '../../contracts/livePoses';
import { avatarCommand, blockCommand, blockedIn, messageFor, poseVisitorsAfter } from './liveAvatars';
import type { EngineCommand } from '../engine/protocol';
import { chatMachine, hubErrorText } from './chatMachine';
import type { VoiceMode } from './voiceMachine';
import { liveVoiceMachine, voiceEventOf, voiceIgnored, voiceMoved } from './liveVoice';
import { type HubConnectionEvent, hubConnectionMachine, type HubMessage } from './hubConnectionMachine';
import { type PartyEvent, partyTargets } from './partyMachine';
import type { PartyMove } from '../../contracts/parties';

export interface LiveVisitInput {
  sceneId: string;
  /** Whom the visitor muted or blocked for themselves before (this browser remembers it). */
  ignored?: IgnoredVisitors;
  /** Prefix of the ids of the visitor's chat messages (random per page: `newChatIdPrefix`). */
  chatIdPrefix?: string;
  /** The instance to join first (an invitation's; the server puts the visitor elsewhere if it is full or gone). */
  instanceId?: string;
  /** How the visitor talks, as this browser remembers it. */
  voice?: { mode?: VoiceMode; deviceId?: string | null };
}

/**
 * What a visitor chose for another, for themselves alone: 'mute' hides their chat messages (and
 * their voice); 'block' hides their avatar too.
 */
export type IgnoreKind = 'mute' | 'block';
export type IgnoredVisitors = Record<string, IgnoreKind>;

export interface LiveVisitContext {
  sceneId: string;
  /** The live-user hub connection (systemId `liveUser`). */
  hub: ActorRefFrom<typeof hubConnectionMachine>;
  /** The public chat of the visitor's instance (systemId `publicChat`). */
  chat: ActorRefFrom<typeof chatMachine>;
  /** The Event chat: everyone in the space while one of its events is on (systemId `eventChat`). */
  eventChat: ActorRefFrom<typeof chatMachine>;
  /** Voice: the nearest peers' connections and the microphone (systemId `voice`). */
  voice: ActorRefFrom<typeof liveVoiceMachine>;
  /** Whether the visitor's voice goes out now (their pose says so). */
  speaking: boolean;
  /** The visitor's user id, once they are in. */
  userId: string | null;
  /** The instance the visitor is in, kept while reconnecting so that they rejoin it. */
  instanceId: string | null;
  /** Who is in the visitor's instance (the visitor included). */
  visitors: LiveVisitor[];
  /** How many are in the space (all instances). */
  count: number;
  /** Whether chat and voice are open to the visitor here. */
  communication: boolean;
  /** Whether the visitor may mute, remove and ban others here (the owner, a district's Owners and Creators). */
  moderator: boolean;
  /** Why joining was refused. */
  error: string | null;
  /** The id of the visitor's own entries in the hub's poses. */
  poseId: number | null;
  /** Where the visitor stands (feet) and looks (degrees), as the engine last told. */
  stance: { position: [number, number, number]; yaw: number } | null;
  /** The emote the visitor plays (1–9, contracts/livePoses.ts), or 0. */
  emote: number;
  /** Whom the visitor muted or blocked for themselves, by user id. */
  ignored: IgnoredVisitors;
  /** Whose the pose ids named so far are (PoseVisitors), to leave out the blocked. */
  poseVisitors: Record<number, { userId: string; name: string; avatar: string | null }>;
}

/** How long an emote plays. */
export const emoteMs = 3000;

export type LiveVisitEvent =
  | { type: 'live.connected' }
  | { type: 'live.offline' }
  | { type: 'live.message'; target: string; args: unknown[] }
  /** The engine says where the visitor stands and looks (its `visitorMoved`). */
  | { type: 'live.moved'; position: [number, number, number]; yaw: number }
  /** The visitor plays an emote (1–9). */
  | { type: 'live.emote'; emote: number }
  | { type: 'live.emoteEnded' }
  /** The voice says whether the visitor is heard now. */
  | { type: 'live.speaking'; speaking: boolean }
  /** The space's owner mutes, unmutes, removes or bans another visitor. */
  | { type: 'live.moderate'; action: ModerationAction; userId: string }
  /** The visitor mutes or blocks another for themselves (null lifts it). */
  | { type: 'live.ignore'; userId: string; kind: IgnoreKind | null };

/** What an owner may do to a visitor, as the hub's methods name them. */
export const moderationActions = {
  mute: 'MuteVisitor',
  unmute: 'UnmuteVisitor',
  remove: 'RemoveVisitor',
  ban: 'BanVisitor',
} as const;
export type ModerationAction = keyof typeof moderationActions;

/** The hub messages this flow reads. */
export const liveTargets = [
  'LiveVisitorsInMySceneInstance',
  'LiveVisitorCountInMyScene',
  'ExitedInstance',
  'PublicMessage',
  'EventMessage',
  'Poses',
  'PoseVisitors',
  'PoseVisitorsLeft',
  'RemovedFromScene',
  'VoiceSignal',
  ...partyTargets,
] as const;
const read = new Set<string>(liveTargets);

/**
 * Reports the hub connection's changes (`live.connected` when it is connected, `live.offline` when
 * it stops being so) and forwards its live messages.
 */
const watchHub = fromCallback<LiveVisitEvent, { hub: ActorRefFrom<typeof hubConnectionMachine> }>(
  ({ sendBack, input }) => {
    let connected = false;
    const snapshots = input.hub.subscribe((snapshot) => {
      const now = snapshot.matches('connected');
      if (now === connected) return;
      connected = now;
      sendBack({ type: now ? 'live.connected' : 'live.offline' });
    });
    const messages = input.hub.on('hub.received', (message: HubMessage) => {
      if (read.has(message.target))
        sendBack({ type: 'live.message', target: message.target, args: message.args });
    });
    return () => {
      snapshots.unsubscribe();
      messages.unsubscribe();
    };
  },
);

/** The visitor's pose for the hub, from what the engine told, the emote playing and their voice. */
export const poseOf = (
  context: Pick<LiveVisitContext, 'stance' | 'emote'> & { speaking?: boolean },
): Pose | null =>
  context.stance && {
    x: context.stance.position[0],
    y: context.stance.position[1],
    z: context.stance.position[2],
    yaw: (context.stance.yaw * Math.PI) / 180,
    speaking: context.speaking ?? false,
    emote: context.emote,
  };

/**
 * A visit's presence in a space (platform.md §7.6): the live-user hub connection is its child
 * (Connected, Connecting, Reconnecting, Disconnected; it connects while someone is signed in). Once
 * connected the visitor joins the space (JoinScene) and is present: the instance's visitors and the
 * space's count follow the server's messages. A dropped connection makes the visit offline; when
 * it is back, the visitor rejoins the same instance when it still has room. A refusal (the space
 * is not theirs to visit) ends the visit's presence.
 *
 * Actors (provided by the viewer's flows with src/services/liveUserHub.ts, fakes in tests): `hub`
 * (the hub connection machine with its real actors), `join`, and `release`, whose cleanup closes
 * the connection when the visit ends.
 */
export const liveVisitMachine = setup({
  types: {
    input: {} as LiveVisitInput,
    context: {} as LiveVisitContext,
    events: {} as LiveVisitEvent,
  },
  actors: {
    hub: hubConnectionMachine,
    chat: chatMachine,
    eventChat: chatMachine,
    voice: liveVoiceMachine,
    watchHub,
    join: fromPromise<LiveInstanceEntered, { sceneId: string; instanceId: string | null }>(async () => {
      throw new Error('join not provided');
    }),
    release: fromCallback<HubConnectionEvent>(() => () => {}),
    /**
     * Whom the signed-in visitor blocked, as the server keeps it (from any browser); none for a
     * guest (the flows provide it).
     */
    recallBlocks: fromPromise<string[]>(async () => []),
  },
  actions: {
    /** Sends a command to the page's engine (the flows provide it). */
    toEngine: (_, _params: { command: EngineCommand }) => {},
    /** Sends the visitor's pose to the hub, without waiting (the flows provide it). */
    sendPose: (_, _params: { pose: Pose | null }) => {},
    /**
     * Reads whom the visitor muted or blocked on earlier visits into `ignored` (the flows provide it
     * from what this browser remembers; `rememberIgnored` keeps it).
     */
    recallIgnored: assign({}),
    /** Keeps whom the visitor muted or blocked for the next visits (the flows provide it). */
    rememberIgnored: (_, _params: { ignored: IgnoredVisitors }) => {},
    /**
     * Tells the server that a signed-in visitor blocked (or no longer blocks) another signed-in one,
     * so that the block holds in direct messages too (the flows provide it).
     */
    shareBlock: (_, _params: { userId: string; blocked: boolean }) => {},
    /** Asks the hub to moderate a visitor (the server checks that the caller owns the space). */
    moderate: (_, _params: { sceneId: string; action: ModerationAction; userId: string }) => {},
    /** Passes the hub's party news on to the party's flow (the flows provide it). */
    toParty: (_, _params: { event: PartyEvent }) => {},
  },
}).createMachine({
  id: 'liveVisit',
  context: ({ input, spawn }) => ({
    sceneId: input.sceneId,
    hub: spawn('hub', { id: 'hub', systemId: 'liveUser' }),
    chat: spawn('chat', {
      id: 'chat',
      systemId: 'publicChat',
      input: { sceneId: input.sceneId, idPrefix: input.chatIdPrefix },
    }),
    eventChat: spawn('eventChat', {
      id: 'eventChat',
      systemId: 'eventChat',
      // Its own ids: a message's id is kept by the server across both chats.
      input: { sceneId: input.sceneId, idPrefix: `${input.chatIdPrefix ?? ''}e` },
    }),
    voice: spawn('voice', { id: 'voice', systemId: 'voice', input: input.voice ?? {} }),
    speaking: false,
    userId: null,
    instanceId: input.instanceId ?? null,
    visitors: [],
    count: 0,
    communication: false,
    moderator: false,
    error: null,
    poseId: null,
    stance: null,
    emote: 0,
    ignored: { ...input.ignored },
    poseVisitors: {},
  }),
  entry: 'recallIgnored',
  invoke: [
    { id: 'watchHub', src: 'watchHub', input: ({ context }) => ({ hub: context.hub }) },
    { id: 'release', src: 'release' },
    {
      id: 'recallBlocks',
      src: 'recallBlocks',
      onDone: {
        actions: [
          // Those blocked elsewhere are hidden here too.
          enqueueActions(({ context, event, enqueue }) => {
            for (const userId of event.output) {
              if (context.ignored[userId] === 'block' || userId === context.userId) continue;
              const command = blockCommand(context, userId, true);
              if (command) enqueue({ type: 'toEngine', params: { command } });
            }
          }),
          assign({
            ignored: ({ context, event }) => ({
              ...context.ignored,
              ...Object.fromEntries(
                event.output
                  .filter((userId) => userId !== context.userId)
                  .map((userId) => [userId, 'block' as const]),
              ),
            }),
          }),
          sendTo(
            ({ context }) => context.voice,
            ({ context }) => voiceIgnored(context),
          ),
        ],
      },
    },
  ],
  on: {
    'live.moved': {
      actions: [
        assign({ stance: ({ event }) => ({ position: event.position, yaw: event.yaw }) }),
        sendTo(
          ({ context }) => context.voice,
          ({ event }) => voiceMoved(event),
        ),
      ],
    },
    'live.speaking': { actions: assign({ speaking: ({ event }) => event.speaking }) },
    'live.ignore': {
      guard: ({ context, event }) => event.userId !== context.userId && event.userId.length > 0,
      actions: [
        // Blocking hides the avatar at once; lifting a block brings it back, named. Between two
        // signed-in people the server keeps it too (for direct messages).
        enqueueActions(({ context, event, enqueue }) => {
          const blocked = event.kind === 'block';
          const command = blockCommand(context, event.userId, blocked);
          if (command) enqueue({ type: 'toEngine', params: { command } });
          const changed = (context.ignored[event.userId] === 'block') !== blocked;
          if (changed && context.userId && !isGuest(context.userId) && !isGuest(event.userId))
            enqueue({ type: 'shareBlock', params: { userId: event.userId, blocked } });
        }),
        assign({
          ignored: ({ context, event }) => {
            const { [event.userId]: _, ...rest } = context.ignored;
            return event.kind ? { ...rest, [event.userId]: event.kind } : rest;
          },
        }),
        { type: 'rememberIgnored', params: ({ context }) => ({ ignored: context.ignored }) },
        sendTo(
          ({ context }) => context.voice,
          ({ context }) => voiceIgnored(context),
        ),
      ],
    },
    'live.message': [
      {
        // A muted or blocked visitor's messages do not reach this visitor's chats.
        guard: ({ context, event }) =>
          (event.target === 'PublicMessage' || event.target === 'EventMessage') &&
          !context.ignored[(event.args[0] as ChatMessage | undefined)?.user?.id ?? ''],
        actions: sendTo(
          ({ context, event }) =>
            (event as { target: string }).target === 'EventMessage' ? context.eventChat : context.chat,
          ({ event }) => ({
            type: 'chat.received' as const,
            message: (event as { args: unknown[] }).args[0] as ChatMessage,
          }),
        ),
      },
      {
        // The party's news; a leader's move carries the space this visitor is in.
        guard: ({ event }) => (partyTargets as readonly string[]).includes(event.target),
        actions: {
          type: 'toParty',
          params: ({ context, event }) => ({
            event:
              (event as { target: string }).target === 'PartyMove'
                ? {
                    type: 'party.moved' as const,
                    move: (event as { args: unknown[] }).args[0] as PartyMove,
                    currentSceneId: context.sceneId,
                  }
                : { type: 'party.news' as const },
          }),
        },
      },
    ],
  },
  initial: 'offline',
  states: {
    offline: {
      on: { 'live.connected': 'joining' },
    },
    joining: {
      invoke: {
        id: 'join',
        src: 'join',
        input: ({ context }) => ({ sceneId: context.sceneId, instanceId: context.instanceId }),
        onDone: {
          target: 'present',
          actions: [
            assign(({ event }) => ({
              userId: event.output.userId,
              instanceId: event.output.instanceId,
              visitors: event.output.visitors,
              count: Math.max(1, event.output.visitors.length),
              communication: event.output.communication,
              moderator: event.output.moderator,
              poseId: event.output.poseId,
              error: null,
            })),
            // What was said in the instance meanwhile (the chat shows each message once).
            enqueueActions(({ context, event, enqueue }) => {
              for (const message of event.output.recentMessages ?? [])
                if (!context.ignored[message.user.id])
                  enqueue.sendTo(context.chat, { type: 'chat.received', message });
              for (const message of event.output.eventMessages ?? [])
                if (!context.ignored[message.user.id])
                  enqueue.sendTo(context.eventChat, { type: 'chat.received', message });
            }),
          ],
        },
        onError: {
          target: 'refused',
          actions: assign({
            error: ({ event }) => hubErrorText(event.error),
          }),
        },
      },
      on: { 'live.offline': 'offline' },
    },
    present: {
      entry: [
        // Both chats are open, or both disabled (the space's communication ACL).
        enqueueActions(({ context, enqueue }) => {
          const type = context.communication ? ('chat.available' as const) : ('chat.disabled' as const);
          for (const chat of [context.chat, context.eventChat])
            enqueue.sendTo(chat, { type, userId: context.userId ?? '' });
          // Voice too: the space's communication ACL holds for it.
          enqueue.sendTo(context.voice, voiceIgnored(context));
          enqueue.sendTo(
            context.voice,
            context.communication
              ? { type: 'voice.available', userId: context.userId ?? '' }
              : { type: 'voice.disabled' },
          );
        }),
        // The others see the visitor where they stand at once, not only once they move.
        { type: 'sendPose', params: ({ context }) => ({ pose: poseOf(context) }) },
      ],
      exit: [
        sendTo(({ context }) => context.chat, { type: 'chat.unavailable' as const }),
        sendTo(({ context }) => context.eventChat, { type: 'chat.unavailable' as const }),
        sendTo(({ context }) => context.voice, { type: 'voice.unavailable' as const }),
        { type: 'toEngine', params: { command: { channel: 'Viewer', method: 'clearAvatars', payload: {} } } },
      ],
      on: {
        'live.offline': { target: 'offline', actions: assign({ visitors: [], count: 0 }) },
        'live.moved': {
          actions: [
            assign({ stance: ({ event }) => ({ position: event.position, yaw: event.yaw }) }),
            sendTo(
              ({ context }) => context.voice,
              ({ event }) => voiceMoved(event),
            ),
            { type: 'sendPose', params: ({ context }) => ({ pose: poseOf(context) }) },
          ],
        },
        'live.speaking': {
          guard: ({ context, event }) => context.speaking !== event.speaking,
          actions: [
            assign({ speaking: ({ event }) => event.speaking }),
            { type: 'sendPose', params: ({ context }) => ({ pose: poseOf(context) }) },
          ],
        },
        'live.emote': {
          guard: ({ event }) =>
            Number.isInteger(event.emote) && event.emote >= 1 && event.emote <= emotes.length,
          actions: [
            assign({ emote: ({ event }) => event.emote }),
            cancel('emoteEnd'),
            raise({ type: 'live.emoteEnded' }, { delay: emoteMs, id: 'emoteEnd' }),
            { type: 'sendPose', params: ({ context }) => ({ pose: poseOf(context) }) },
          ],
        },
        'live.moderate': {
          guard: ({ context, event }) => event.userId !== context.userId && event.action in moderationActions,
          actions: {
            type: 'moderate',
            params: ({ context, event }) => ({
              sceneId: context.sceneId,
              action: event.action,
              userId: event.userId,
            }),
          },
        },
        'live.emoteEnded': {
          actions: [
            assign({ emote: 0 }),
            { type: 'sendPose', params: ({ context }) => ({ pose: poseOf(context) }) },
          ],
        },
        'live.message': [
          {
            // The space's owner took the visitor out (and may have banned them).
            guard: ({ context, event }) =>
              (messageFor(event, 'RemovedFromScene') as LiveRemoved | undefined)?.sceneId === context.sceneId,
            target: 'refused',
            actions: assign({
              visitors: [],
              count: 0,
              instanceId: null,
              error: ({ event }) =>
                (messageFor(event, 'RemovedFromScene') as LiveRemoved).banned
                  ? moderationMessages.banned
                  : moderationMessages.removed,
            }),
          },
          {
            guard: ({ context, event }) => avatarCommand(event, context.poseId, blockedIn(context)) !== null,
            actions: [
              // Where the others are, for the voice (before a leaver's name is forgotten).
              enqueueActions(({ context, event, enqueue }) => {
                const heard = voiceEventOf(event, context.poseVisitors, context.poseId);
                if (heard) enqueue.sendTo(context.voice, heard);
              }),
              // Named first, so that a blocked visitor's first pose is already known as theirs.
              assign({
                poseVisitors: ({ context, event }) => poseVisitorsAfter(context.poseVisitors, event),
              }),
              {
                type: 'toEngine',
                params: ({ context, event }) => ({
                  command: avatarCommand(event, context.poseId, blockedIn(context))!,
                }),
              },
            ],
          },
          {
            // A WebRTC signal from another visitor, for the voice.
            guard: ({ event }) => messageFor(event, 'VoiceSignal') !== undefined,
            actions: enqueueActions(({ context, event, enqueue }) => {
              const signal = voiceEventOf(event, context.poseVisitors, context.poseId);
              if (signal) enqueue.sendTo(context.voice, signal);
            }),
          },
          {
            // Every name is kept, also of those left out (blocked), so that unblocking finds them.
            guard: ({ event }) =>
              Array.isArray(messageFor(event, 'PoseVisitors')) ||
              Array.isArray(messageFor(event, 'PoseVisitorsLeft')),
            actions: assign({
              poseVisitors: ({ context, event }) => poseVisitorsAfter(context.poseVisitors, event),
            }),
          },
          {
            guard: ({ event }) => Array.isArray(messageFor(event, 'LiveVisitorsInMySceneInstance')),
            actions: assign({
              visitors: ({ event }) => messageFor(event, 'LiveVisitorsInMySceneInstance') as LiveVisitor[],
            }),
          },
          {
            guard: ({ context, event }) =>
              (messageFor(event, 'LiveVisitorCountInMyScene') as { sceneId?: string } | undefined)
                ?.sceneId === context.sceneId,
            actions: assign({
              count: ({ event }) =>
                (messageFor(event, 'LiveVisitorCountInMyScene') as { count: number }).count,
            }),
          },
        ],
      },
    },
    /** The server would not let the visitor in (the message says why). */
    refused: {},
  },
});

export type LiveVisitActor = ActorRefFrom<typeof liveVisitMachine>;
export type LiveVoiceActor = ActorRefFrom<typeof liveVoiceMachine>;
