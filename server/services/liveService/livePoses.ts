import type { FastifyInstance } from 'fastify';
import { type LivePoseVisitor, poseDefaults } from '../../../contracts/livePoses';
import type { LiveVisitor } from '../../../contracts/live';
import type { Hub } from '../../hubs';
import type { Presence } from './instances';
import { type InterestOptions, PoseRoom } from './poses';

/** The backplane channel on which the processes of a cluster share their visitors' poses. */
const posesChannel = 'live:poses';

/** What one process shares of one instance in a tick. */
interface RoomShare {
  /** Changed poses: entries (id + pose), base64. */
  entries?: string;
  /** Who is here (all of this process's visitors in the instance, on `whole` shares). */
  visitors?: LivePoseVisitor[];
  /** Pose ids that left. */
  left?: number[];
}

interface PosesShare {
  node: string;
  whole: boolean;
  rooms: Record<string, RoomShare>;
}

const roomKey = (p: Pick<Presence, 'sceneId' | 'instanceId'>) => `${p.sceneId}:${p.instanceId}`;
const base64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

export interface LivePosesOptions {
  node: string;
  interest: InterestOptions;
  /** A process not heard from for this long is forgotten. */
  ttlMs: number;
  /** How often every process shares everyone it has (so that one that starts learns them). */
  shareEveryMs: number;
  hubName?: string;
}

/**
 * The poses of the live-user hub's visitors: one PoseRoom per instance, ticked every
 * `poseDefaults.tickMs`. Each tick every visitor of this process is sent, straight to its socket
 * (not through the backplane), what its interest wants; and this process's changes are shared on
 * the backplane, one message per part of a tick (so a pose crosses to the other processes within
 * about 10 ms), so every process knows every pose of the instances it serves.
 */
export class LivePoses {
  private readonly rooms = new Map<string, PoseRoom>();
  private readonly where = new Map<string, string>();
  /** Pose ids that left since the last share, by room. */
  private leftSince = new Map<string, number[]>();
  /** Per room, the version of this process's poses last shared. */
  private readonly shared = new Map<string, number>();
  /** When each other process was last heard. */
  private readonly heard = new Map<string, number>();
  private calls = 0;
  private lastWhole = 0;
  private timer?: NodeJS.Timeout;
  private stopListening?: () => Promise<void>;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly hub: () => Hub | undefined,
    private readonly options: LivePosesOptions,
  ) {}

  static async start(app: FastifyInstance, options: LivePosesOptions) {
    const poses = new LivePoses(app, () => app.hubServer.hub(options.hubName ?? 'live-user'), options);
    poses.stopListening = await app.hubServer.backplane.subscribe(posesChannel, (message) =>
      poses.apply(message.arguments[0] as PosesShare | undefined),
    );
    poses.timer = setInterval(() => poses.tick(), poseDefaults.tickMs / poseDefaults.tickParts);
    poses.timer.unref();
    return poses;
  }

  async stop() {
    clearInterval(this.timer);
    await this.stopListening?.();
  }

  /** A visitor of this process entered an instance: answers their pose id. */
  join(connectionId: string, presence: Presence, visitor: LiveVisitor): number {
    this.leave(connectionId);
    const key = roomKey(presence);
    let room = this.rooms.get(key);
    if (!room) this.rooms.set(key, (room = new PoseRoom(this.options.interest, poseDefaults.tickParts)));
    this.where.set(connectionId, key);
    return room.addLocal(connectionId, visitor);
  }

  /** A visitor of this process moved; false when they are in no instance or the bytes are no pose. */
  move(connectionId: string, pose: Uint8Array): boolean {
    const key = this.where.get(connectionId);
    return key !== undefined && !!this.rooms.get(key)?.setLocalPose(connectionId, pose);
  }

  leave(connectionId: string) {
    const key = this.where.get(connectionId);
    if (key === undefined) return;
    this.where.delete(connectionId);
    const room = this.rooms.get(key);
    const poseId = room?.removeLocal(connectionId);
    if (poseId !== undefined) this.leftSince.set(key, [...(this.leftSince.get(key) ?? []), poseId]);
  }

  private tick() {
    const { tickParts } = poseDefaults;
    const call = this.calls++;
    const tickNumber = Math.floor(call / tickParts);
    const part = call % tickParts;
    const hub = this.hub();
    try {
      for (const [key, room] of this.rooms) {
        if (hub && room.hasReceivers)
          for (const output of room.tick(tickNumber, part)) {
            // Who the ids are comes before their poses, and departures after.
            if (output.visitors) hub.sendLocal(output.connectionId, 'PoseVisitors', output.visitors);
            if (output.poses) hub.sendLocal(output.connectionId, 'Poses', output.poses);
            if (output.left) hub.sendLocal(output.connectionId, 'PoseVisitorsLeft', output.left);
          }
        else room.tick(tickNumber, part);
        if (room.size === 0) this.rooms.delete(key);
      }
      // Shared every part of a tick: a pose crosses to the other processes within ~10 ms.
      this.share();
    } catch (error) {
      this.app.log.error({ err: error }, 'live poses tick failed');
    }
  }

  /** Shares this process's changes (and, every few seconds, everyone it has). */
  private share() {
    // One process: nobody to share with.
    if (this.app.hubServer.backplane.alone) {
      this.leftSince.clear();
      return;
    }
    const now = Date.now();
    const whole = now - this.lastWhole >= this.options.shareEveryMs;
    if (whole) {
      this.lastWhole = now;
      this.forgetSilent(now);
    }
    const rooms: Record<string, RoomShare> = {};
    const keys = new Set([...this.rooms.keys(), ...this.leftSince.keys()]);
    for (const key of keys) {
      const room = this.rooms.get(key);
      const share: RoomShare = {};
      const left = this.leftSince.get(key);
      if (left?.length) share.left = left;
      if (room) {
        const { entries, version } = room.localChangesSince(this.shared.get(key) ?? 0);
        this.shared.set(key, version);
        if (entries.byteLength) share.entries = base64(entries);
        const visitors = whole ? room.localVisitors() : room.takeNewLocal();
        if (visitors.length) share.visitors = visitors;
      } else this.shared.delete(key);
      if (share.entries || share.visitors || share.left) rooms[key] = share;
    }
    this.leftSince = new Map();
    if (Object.keys(rooms).length === 0 && !whole) return;
    this.app.hubServer.backplane
      .publish(posesChannel, {
        target: 'poses',
        arguments: [{ node: this.options.node, whole, rooms } satisfies PosesShare],
        origin: this.options.node,
      })
      .catch((error: unknown) => this.app.log.warn({ err: error }, 'live poses could not be shared'));
  }

  private apply(shared: PosesShare | undefined) {
    if (!shared || shared.node === this.options.node) return;
    const { node } = shared;
    this.heard.set(node, Date.now());
    if (shared.whole)
      // What it no longer shares is gone.
      for (const [key, room] of this.rooms) if (!(key in shared.rooms)) room.removeRemote(node);
    for (const [key, share] of Object.entries(shared.rooms)) {
      let room = this.rooms.get(key);
      if (!room) {
        // Only instances this process serves are kept; others arrive again on the next whole share.
        if (!share.visitors) continue;
        this.rooms.set(key, (room = new PoseRoom(this.options.interest, poseDefaults.tickParts)));
      }
      if (shared.whole && share.visitors) {
        const present = new Set(share.visitors.map((v) => v.poseId));
        room.remoteIds(node).forEach((id) => present.has(id) || room.removeRemote(node, id));
      }
      for (const visitor of share.visitors ?? []) room.addRemote(node, visitor);
      for (const poseId of share.left ?? []) room.removeRemote(node, poseId);
      if (share.entries) room.setRemotePoses(node, Buffer.from(share.entries, 'base64'));
    }
  }

  /** Forgets the poses of processes not heard from within the ttl. */
  private forgetSilent(now: number) {
    for (const [node, at] of this.heard) {
      if (now - at < this.options.ttlMs) continue;
      this.heard.delete(node);
      for (const room of this.rooms.values()) room.removeRemote(node);
    }
  }
}
