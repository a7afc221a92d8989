import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseAvatar } from '../../../contracts/avatars';
import { fileUrl } from '../../../contracts/files';
import {
  type ChatMessage,
  chatMessages,
  JoinSceneOptions,
  liveDefaults,
  type LiveInstanceEntered,
  type LiveInstanceExited,
  type LiveRemoved,
  moderationMessages,
  liveUserHubPath,
  type LiveVisitor,
} from '../../../contracts/live';
import { bytesOf, poseDefaults } from '../../../contracts/livePoses';
import {
  VoiceConfig,
  voiceDefaults,
  voiceMessages,
  type VoiceSignalReceived,
  VoiceSignalSent,
} from '../../../contracts/voice';
import type { Executor } from '../../db';
import { AppError } from '../../errors';
import { type HubCallContext, HubError, isGuest } from '../../hubs';
import type { Caller } from '../../http/caller';
import { aclAdmits, readAccess } from '../sceneService/access';
import type { SceneRow } from '../sceneService/metadata';
import { creatorOf, findScene } from '../sceneService/queries';
import { LiveInstances, type Presence, type SceneShare } from './instances';
import { LivePoses } from './livePoses';
import { eventRoom, forgetOldMessages, keepMessage, recentMessages, wasKept } from './chatHistory';
import { LivekitVoice } from './livekit';
import { isModerated, mayModerate, type ModerationKind, setModeration } from './moderation';
import { liveScenesRoute } from './liveScenes';
import { liveEventOf, sceneEventRoutes } from './sceneEvents';
import { PartyMoves } from './partyMoves';
import { partyOfUser } from '../communicationService/parties';
import { SendWindow } from '../../support/sendWindow';

export interface LiveServiceOptions {
  /** Visitors in one instance (default LIVE_INSTANCE_CAP, else contracts/live.ts). */
  instanceCap?: number;
  /** Counts are sent at most this often per space (default contracts/live.ts). */
  countsEveryMs?: number;
  /** How often this process shares its whole presence with the others (default 5 s). */
  shareEveryMs?: number;
  /** Visitors whose pose changes are sent every tick (default LIVE_NEAR_COUNT, else contracts/livePoses.ts). */
  nearCount?: number;
}

/** The backplane channel on which the processes of a cluster share who is where. */
const presenceChannel = 'live:presence';
/** The channel on which an owner's removal reaches every process. */
const moderationChannel = 'live:moderation';
/** A chat message's id from its sender (SendPublicMessage's second argument). */
const clientIdPattern = /^[A-Za-z0-9-]{1,64}$/;

interface RemovalMessage {
  sceneId: string;
  userId: string;
  banned: boolean;
}

interface ShareMessage {
  node: string;
  whole: boolean;
  scenes: Record<string, SceneShare>;
}

const hubName = liveUserHubPath.split('/').at(-1)!;
const sceneGroup = (sceneId: string) => `live-scene:${sceneId}`;
const instanceGroup = (p: Pick<Presence, 'sceneId' | 'instanceId'>) =>
  `live-instance:${p.sceneId}:${p.instanceId}`;

/** Runs each keyed job at most once per `everyMs` (the last call's job wins). */
class Coalescer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly jobs = new Map<string, () => Promise<unknown>>();

  constructor(
    private readonly everyMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  schedule(key: string, job: () => Promise<unknown>) {
    this.jobs.set(key, job);
    if (this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      const run = this.jobs.get(key);
      this.jobs.delete(key);
      void run?.().catch(this.onError);
    }, this.everyMs);
    timer.unref();
    this.timers.set(key, timer);
  }

  stop() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.jobs.clear();
  }
}

/** Whether chat and voice are open to the caller in the space (its communication ACL). */
const mayCommunicate = (db: Executor, row: SceneRow, caller: Caller | null) =>
  row.ownerId === caller?.userId ||
  !row.communicationAclEnabled ||
  aclAdmits(db, row.userCommunicationAcl, row.groupCommunicationAcl, caller);

/** A refusal the calling client may read. */
const refusal = (error: unknown) =>
  error instanceof AppError ? new HubError(error.message) : (error as Error);

/**
 * Live presence (platform.md §7.6): the live-user hub at /hubs/live-user and who is live in which
 * spaces (GET /api/communicationInteractionService/live). Public chat goes to everyone in the
 * sender's instance, as text, not kept: those who come later do not see what was said before. A visitor joins a space they may view
 * (the space's read access, as the viewer's); they are put in an instance (contracts/live.ts);
 * the instance's members and the space's counts are sent to those in the space, coalesced, and
 * the platform's total to every connection.
 *
 * Each server process holds the presence of its own connections and shares it with the others
 * through the hubs' backplane, so visitors connected to different processes are in the same
 * instances and see each other (with REDIS_URL).
 */
export default async function liveService(instance: FastifyInstance, options: LiveServiceOptions = {}) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const cap = options.instanceCap ?? app.config?.LIVE_INSTANCE_CAP ?? liveDefaults.instanceCap;
  const shareEveryMs = options.shareEveryMs ?? 5_000;
  const live = new LiveInstances(cap, shareEveryMs * 3);
  const nearCount = options.nearCount ?? app.config?.LIVE_NEAR_COUNT ?? poseDefaults.nearCount;
  const later = new Coalescer(options.countsEveryMs ?? liveDefaults.countsEveryMs, (error) =>
    app.log.warn({ err: error }, 'live presence could not be sent'),
  );

  // The processes of a cluster share who is where through the hubs' backplane (Redis with
  // REDIS_URL): each space's share as it changes, and everything every few seconds, so that a
  // process that starts learns it and one that stops is forgotten.
  const node = randomUUID();
  const { backplane } = app.hubServer;
  const share = (scenes: Record<string, SceneShare>, whole: boolean) =>
    backplane
      .publish(presenceChannel, {
        target: 'share',
        arguments: [{ node, whole, scenes } satisfies ShareMessage],
        origin: node,
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'live presence could not be shared'));
  const shareAll = () =>
    share(Object.fromEntries(live.localScenes().map((sceneId) => [sceneId, live.shareOf(sceneId)])), true);
  const stopListening = await backplane.subscribe(presenceChannel, (message) => {
    const shared = message.arguments[0] as ShareMessage | undefined;
    if (!shared || shared.node === node) return;
    for (const sceneId of live.applyShare(shared.node, shared.scenes, shared.whole)) refresh(sceneId);
    refreshTotal();
  });
  const stopModeration = await backplane.subscribe(moderationChannel, (message) => {
    const removal = message.arguments[0] as RemovalMessage | undefined;
    if (message.origin === node || !removal) return;
    void removeHere(removal).catch((error: unknown) => app.log.warn({ err: error }, 'a removal failed'));
  });
  // A party follows its leader from space to space (contracts/parties.ts).
  const partyMoves = new PartyMoves(
    (userId) => partyOfUser(app.db, userId),
    (userId, move) => hub.clients.user(userId, 'PartyMove', move),
    async (userId, sceneId) => {
      try {
        await readAccess(app.db, await findScene(app.db, sceneId), { userId, roles: [] });
        return !(await isModerated(app.db, sceneId, userId, 'ban'));
      } catch {
        return false;
      }
    },
  );

  const heartbeat = setInterval(() => {
    sends.forgetOld();
    partyMoves.forgetOld();
    // The history's old messages go about once a minute.
    if (Math.random() < shareEveryMs / 60_000)
      void forgetOldMessages(app.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'old chat messages could not be forgotten'),
      );
    void shareAll();
    for (const sceneId of live.expireShares()) refresh(sceneId);
    refreshTotal();
  }, shareEveryMs);
  heartbeat.unref();
  void shareAll();
  const poses = await LivePoses.start(app, {
    node,
    interest: { ...poseDefaults, nearCount },
    ttlMs: shareEveryMs * 3,
    shareEveryMs,
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    later.stop();
    await poses.stop();
    await stopListening();
    await stopModeration();
  });

  // The chat's rate limit: per user, so that neither another tab nor leaving and coming back
  // starts a new window.
  const sends = new SendWindow(liveDefaults.messagesPerWindow, liveDefaults.messageWindowMs);
  // Voice signals' rate, per user the same way.
  const signals = new SendWindow(voiceDefaults.signalsPerWindow, voiceDefaults.signalWindowMs);
  // Voice through LiveKit, when this server has one (contracts/voice.ts `livekitVoice`).
  const livekit = LivekitVoice.fromConfig(app.config);

  const profileOf = async ({ userId, name }: Caller): Promise<LiveVisitor> => {
    if (isGuest(userId)) return { userId, name: name ?? 'Guest', profilePicture: null, avatar: null };
    const row = await creatorOf(app.db, userId);
    return {
      userId,
      name: row?.name?.trim() || 'Visitor',
      profilePicture: row?.profilePictureId ? fileUrl(row.profilePictureId) : null,
      // Only a look we know is passed on (contracts/avatars.ts); anything else is the default.
      avatar: row?.avatar && parseAvatar(row.avatar) ? row.avatar : null,
    };
  };

  const hub = app.hubServer.addHub({
    name: hubName,
    // Visitors who are not signed in take part as guests (platform.md §7.6, issue 'live presence').
    guests: true,
    methods: {
      JoinScene: async (context, sceneId, rawOptions) => {
        if (typeof sceneId !== 'string' || sceneId.length === 0 || sceneId.length > 64)
          throw new HubError('JoinScene needs the id of a space');
        const parsed = JoinSceneOptions.safeParse(rawOptions ?? {});
        if (!parsed.success) throw new HubError('JoinScene options are instanceId and friendUserId');
        let row: SceneRow | undefined;
        let communication: boolean;
        // A guest is an anonymous visitor: what a signed-out visitor may see, and no access list names them.
        const caller = isGuest(context.user.userId) ? null : context.user;
        try {
          row = await findScene(app.db, sceneId);
          await readAccess(app.db, row, caller);
          communication = await mayCommunicate(app.db, row!, caller);
          if (await isModerated(app.db, sceneId, context.user.userId, 'ban'))
            throw new HubError(moderationMessages.banned);
        } catch (error) {
          throw refusal(error);
        }
        const visitor = await profileOf(context.user);
        const { presence, left } = live.join(
          context.connectionId,
          visitor,
          sceneId,
          parsed.data,
          communication,
        );
        if (left) await departed(context, left);
        if (!isGuest(context.user.userId))
          await partyMoves
            .entered(visitor, sceneId, presence.instanceId)
            .catch((error: unknown) => app.log.warn({ err: error }, 'a party move failed'));
        await context.addToGroup(sceneGroup(sceneId));
        await context.addToGroup(instanceGroup(presence));
        const entered: LiveInstanceEntered = {
          userId: context.user.userId,
          sceneId,
          instanceId: presence.instanceId,
          visitors: listed(sceneId, presence.instanceId),
          communication,
          poseId: poses.join(context.connectionId, presence, visitor),
          moderator: await mayModerate(app.db, row!, context.user.userId),
          recentMessages: await recentMessages(app.db, sceneId, presence.instanceId),
          eventMessages: await eventHistory(sceneId),
        };
        await context.clients.connection(context.connectionId, 'EnteredInstance', entered);
        changed(presence);
        return entered;
      },
      SendPose: (context, raw) => {
        const bytes = bytesOf(raw);
        if (!bytes || !poses.move(context.connectionId, bytes))
          throw new HubError('SendPose needs a pose (8 bytes) from a visitor in a space');
        return null;
      },
      MuteVisitor: (context, sceneId, userId) => moderate(context, sceneId, userId, 'mute', true),
      UnmuteVisitor: (context, sceneId, userId) => moderate(context, sceneId, userId, 'mute', false),
      BanVisitor: (context, sceneId, userId) => moderate(context, sceneId, userId, 'ban', true),
      UnbanVisitor: (context, sceneId, userId) => moderate(context, sceneId, userId, 'ban', false),
      RemoveVisitor: async (context, sceneId, userId) => {
        await ownerOf(context, sceneId, userId);
        await offVoice(sceneId as string, userId as string);
        await removeEverywhere({ sceneId: sceneId as string, userId: userId as string, banned: false });
        return null;
      },
      ExitCurrentScene: async (context) => {
        const left = live.leave(context.connectionId);
        if (left) await departed(context, left);
        return null;
      },
      SendPublicMessage: async (context, rawText, rawClientId) => {
        const { presence, message, again } = await takeMessage(context, rawText, rawClientId);
        if (again) return message.id;
        // Kept first: whoever joins or comes back reads it; taken already, it is not sent again.
        if (!(await keepMessage(app.db, message))) return message.id;
        await hub.clients.group(instanceGroup(presence), 'PublicMessage', [message]);
        return message.id;
      },
      // Voice peer to peer (contracts/voice.ts): an offer, answer, candidate or goodbye to another
      // visitor of the caller's instance, on whichever process they are.
      SendVoiceSignal: async (context, rawTo, rawSignal) => {
        const presence = talking(context, voiceMessages.notPresent);
        const signal = VoiceSignalSent.safeParse(rawSignal);
        if (typeof rawTo !== 'string' || !rawTo || rawTo.length > 200 || !signal.success)
          throw new HubError(voiceMessages.arguments);
        if (rawTo === context.user.userId) throw new HubError(voiceMessages.notYourself);
        if (!live.visitorsIn(presence.sceneId, presence.instanceId).some((v) => v.userId === rawTo))
          throw new HubError(voiceMessages.notHere);
        if (!signals.take(context.user.userId)) throw new HubError(voiceMessages.tooFast);
        // Whom the owner muted may not talk either (a goodbye still ends a call).
        if (
          signal.data.kind !== 'bye' &&
          (await isModerated(app.db, presence.sceneId, context.user.userId, 'mute'))
        )
          throw new HubError(chatMessages.muted);
        const received: VoiceSignalReceived = {
          ...signal.data,
          from: context.user.userId,
          sceneId: presence.sceneId,
          instanceId: presence.instanceId,
        };
        await hub.clients.user(rawTo, 'VoiceSignal', received);
        return null;
      },
      // Voice through LiveKit: a token to the room of the caller's instance, for a visitor who may
      // talk there (the communication ACL, and not muted by the owner).
      RequestVoiceToken: async (context) => {
        const presence = talking(context, voiceMessages.notPresent);
        if (!livekit) throw new HubError(voiceMessages.notLivekit);
        if (await isModerated(app.db, presence.sceneId, context.user.userId, 'mute'))
          throw new HubError(chatMessages.muted);
        return livekit.token({
          identity: context.user.userId,
          name: presence.visitor.name,
          sceneId: presence.sceneId,
          instanceId: presence.instanceId,
        });
      },
      SendEventMessage: async (context, rawText, rawClientId) => {
        // Refused with no event on before the message counts against the sender's rate.
        const { presence, message, again } = await takeMessage(
          context,
          rawText,
          rawClientId,
          async (sceneId) => {
            const event = await liveEventOf(app.db, sceneId);
            if (!event) throw new HubError(chatMessages.noEvent);
            return { eventId: event.eventId };
          },
        );
        if (again || !(await keepMessage(app.db, message))) return message.id;
        // Everyone at the event: every instance of the space, on every process.
        await hub.clients.group(sceneGroup(presence.sceneId), 'EventMessage', [message]);
        return message.id;
      },
    },
    onConnected: async (context) => {
      await context.clients.connection(context.connectionId, 'MyUserId', context.user.userId);
      await context.clients.connection(context.connectionId, 'TotalLiveVisitors', live.total());
    },
    onDisconnected: (context) => {
      poses.leave(context.connectionId);
      const left = live.leave(context.connectionId);
      // The connection's groups end with it.
      if (left) {
        partyMoves.left(context.user.userId, left.sceneId);
        changed(left);
      }
    },
  });

  /**
   * Where the caller is, when they may chat and talk there: refused with `notPresent` outside a
   * space, and with 'Communications are disabled' where its communication ACL leaves them out.
   */
  function talking(context: HubCallContext, notPresent: string): Presence {
    const presence = live.whereIs(context.connectionId);
    if (!presence) throw new HubError(notPresent);
    if (!presence.communication) throw new HubError(chatMessages.disabled);
    return presence;
  }

  /**
   * A chat message from a visitor present in a space where they may communicate: checked (text,
   * rate, the owner's mute) and made. `again` when the client sent it before and it was taken then.
   */
  async function takeMessage(
    context: HubCallContext,
    rawText: unknown,
    rawClientId: unknown,
    /**
     * The room's own condition, checked before the message counts against the sender's rate; what
     * it answers goes into the message (the Event chat's event).
     */
    roomOpen?: (sceneId: string) => Promise<Pick<ChatMessage, 'eventId'>>,
  ) {
    const presence = talking(context, chatMessages.notPresent);
    const text = typeof rawText === 'string' ? rawText.trim() : '';
    if (!text) throw new HubError(chatMessages.empty);
    if ([...text].length > liveDefaults.messageMaxLength) throw new HubError(chatMessages.tooLong);
    // A message sent again (its answer was lost with the connection) is taken once.
    const id =
      typeof rawClientId === 'string' && clientIdPattern.test(rawClientId) ? `c-${rawClientId}` : null;
    const { visitor } = presence;
    const message: ChatMessage = {
      id: id ?? randomUUID(),
      text,
      time: new Date().toISOString(),
      user: { id: visitor.userId, name: visitor.name, profilePicture: visitor.profilePicture },
      sceneId: presence.sceneId,
      instanceId: presence.instanceId,
    };
    if (id && (await wasKept(app.db, id))) return { presence, message, again: true };
    const room = await roomOpen?.(presence.sceneId);
    if (!sends.take(context.user.userId)) throw new HubError(chatMessages.tooFast);
    if (await isModerated(app.db, presence.sceneId, context.user.userId, 'mute'))
      throw new HubError(chatMessages.muted);
    return { presence, message: { ...message, ...room }, again: false };
  }

  /** The Event chat of the space's event on now, of the last minutes (none when none is on). */
  async function eventHistory(sceneId: string): Promise<ChatMessage[]> {
    const event = await liveEventOf(app.db, sceneId);
    return event ? recentMessages(app.db, sceneId, eventRoom(event.eventId)) : [];
  }

  /**
   * Checks that the caller moderates the space (mayModerate) and acts on someone else than
   * themselves or the space's owner; the space.
   */
  async function ownerOf(context: HubCallContext, sceneId: unknown, userId: unknown) {
    if (
      typeof sceneId !== 'string' ||
      typeof userId !== 'string' ||
      !sceneId ||
      !userId ||
      userId.length > 200
    )
      throw new HubError(moderationMessages.arguments);
    const row = await findScene(app.db, sceneId);
    if (!row || row.deletedAt || !(await mayModerate(app.db, row, context.user.userId)))
      throw new HubError(moderationMessages.notOwner);
    if (userId === context.user.userId) throw new HubError(moderationMessages.notYourself);
    if (userId === row.ownerId) throw new HubError(moderationMessages.ownerProtected);
    return row;
  }

  async function moderate(
    context: HubCallContext,
    sceneId: unknown,
    userId: unknown,
    kind: ModerationKind,
    on: boolean,
  ) {
    await ownerOf(context, sceneId, userId);
    const values = { sceneId: sceneId as string, userId: userId as string, kind, by: context.user.userId };
    await setModeration(app.db, values, on);
    if (on) await offVoice(values.sceneId, values.userId);
    // A ban takes the visitor out at once, on whichever process they are.
    if (kind === 'ban' && on)
      await removeEverywhere({ sceneId: values.sceneId, userId: values.userId, banned: true });
    return null;
  }

  /**
   * Takes a muted, removed or banned visitor out of the LiveKit rooms of the space's instances they
   * are in (on any process): their token is refused from now on, but a room they are in would
   * keep them. Peer to peer, their signals are refused instead.
   */
  async function offVoice(sceneId: string, userId: string) {
    if (!livekit) return;
    await livekit
      .remove(userId, sceneId, live.instancesWith(sceneId, userId))
      .catch((error: unknown) => app.log.warn({ err: error }, 'a visitor could not be taken out of voice'));
  }

  /** Takes a user's connections out of a space, on every process. */
  async function removeEverywhere(removal: RemovalMessage) {
    await removeHere(removal);
    await backplane
      .publish(moderationChannel, { target: 'remove', arguments: [removal], origin: node })
      .catch((error: unknown) => app.log.warn({ err: error }, 'a removal could not be shared'));
  }

  /** Takes the user's connections of this process out of the space; they are told why. */
  async function removeHere({ sceneId, userId, banned }: RemovalMessage) {
    for (const presence of live.presencesOf(userId, sceneId)) {
      const { connectionId } = presence;
      live.leave(connectionId);
      const removed: LiveRemoved = { sceneId, banned };
      hub.sendLocal(connectionId, 'RemovedFromScene', removed);
      const context = hub.localContext(connectionId);
      if (context) await departed(context, presence);
      else {
        poses.leave(connectionId);
        changed(presence);
      }
    }
  }

  /** After a connection left `where`: it is told, leaves the groups, and the others are updated. */
  async function departed(context: HubCallContext, where: Presence) {
    poses.leave(context.connectionId);
    partyMoves.left(context.user.userId, where.sceneId);
    await context.removeFromGroup(instanceGroup(where));
    if (live.whereIs(context.connectionId)?.sceneId !== where.sceneId)
      await context.removeFromGroup(sceneGroup(where.sceneId));
    const exited: LiveInstanceExited = { sceneId: where.sceneId, instanceId: where.instanceId };
    await context.clients.connection(context.connectionId, 'ExitedInstance', exited);
    changed(where);
  }

  /** Someone of this process came to or left `where`: shared, and the space and total sent again soon. */
  function changed(where: Pick<Presence, 'sceneId'>) {
    const { sceneId } = where;
    later.schedule(`share:${sceneId}`, () => share({ [sceneId]: live.shareOf(sceneId) }, false));
    refresh(sceneId);
    refreshTotal();
  }

  /**
   * Sends the space's instances their visitors and the space its counts, soon. One process sends
   * for each space (the first, in id order, of those with visitors there), so nobody gets the same
   * news twice.
   */
  function refresh(sceneId: string) {
    later.schedule(`scene:${sceneId}`, async () => {
      if (live.firstNodeIn(sceneId, node) !== node) return;
      const counts = live.instanceCounts(sceneId);
      for (const { instanceId } of counts)
        await hub.clients.group(instanceGroup({ sceneId, instanceId }), 'LiveVisitorsInMySceneInstance', [
          listed(sceneId, instanceId),
        ]);
      const { count } = live.sceneSummary(sceneId, 0);
      await hub.clients.group(sceneGroup(sceneId), 'LiveVisitorCountInMyScene', [{ sceneId, count }]);
      await hub.clients.group(sceneGroup(sceneId), 'LiveVisitorCountPerSceneInstance', [counts]);
    });
  }

  /** The visitors an instance's list names (the first by name; the counts say how many). */
  function listed(sceneId: string, instanceId: string) {
    return live.visitorsIn(sceneId, instanceId).slice(0, poseDefaults.listedVisitors);
  }

  /** Sends everyone the platform's total soon (from the first process, in id order). */
  function refreshTotal() {
    later.schedule('total', async () => {
      if (live.firstNode(node) !== node) return;
      await hub.clients.all('TotalLiveVisitors', [live.total()]);
    });
  }

  sceneEventRoutes(app);

  app.get(
    '/voice',
    {
      schema: {
        tags: ['communication'],
        summary: 'How visitors talk',
        description:
          'Peer to peer WebRTC, signalled through the live-user hub (SendVoiceSignal, VoiceSignal), or, ' +
          'with LIVEKIT_URL, through that LiveKit server (RequestVoiceToken on the hub): ' +
          'the STUN and TURN servers to use (ICE_SERVERS) and how many speakers one visitor hears at once.',
        response: { 200: VoiceConfig },
      },
    },
    async (): Promise<VoiceConfig> =>
      livekit?.voiceConfig() ?? {
        mode: 'p2p',
        iceServers: app.config?.ICE_SERVERS ?? [],
        maxPeers: voiceDefaults.maxPeers,
      },
  );

  liveScenesRoute(app, live);
}
