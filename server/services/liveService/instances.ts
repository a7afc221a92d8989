import type { JoinSceneOptions, LiveInstanceCount, LiveVisitor } from '../../../contracts/live';

/**
 * Who is in which instance of which space (pure state, no I/O): the presences of this server
 * process's connections, and what the other processes of a cluster share of theirs (`applyShare`,
 * kept until they stop sharing). Each connection is one presence (one avatar); lists and counts
 * name each user once, however many tabs they have open in the same place, on whichever process.
 *
 * A visitor goes to the lowest-numbered instance that has room (crowds stay together), or to the
 * instance they ask for, or to a friend's, when it has room. An instance that empties is closed;
 * its number is given again only once the space is empty. Two processes that open an instance at
 * the same moment may both put a visitor in it: the cap may be passed by a few, never by many.
 */

export interface Presence {
  connectionId: string;
  sceneId: string;
  instanceId: string;
  visitor: LiveVisitor;
  /** Whether the visitor may chat and talk here (the space's communication ACL). */
  communication: boolean;
}

/** What one process shares of one instance: how many connections, and who (each user once). */
export interface InstanceShare {
  connections: number;
  visitors: LiveVisitor[];
}
/** What one process shares of one space, by instance id. */
export type SceneShare = Record<string, InstanceShare>;

interface SceneState {
  instances: Map<string, Map<string, Presence>>;
  /** The last instance number given. */
  last: number;
}

interface NodeShare {
  seenAt: number;
  scenes: Map<string, SceneShare>;
}

export class LiveInstances {
  private readonly byConnection = new Map<string, Presence>();
  private readonly scenes = new Map<string, SceneState>();
  private readonly others = new Map<string, NodeShare>();

  constructor(
    private readonly cap: number,
    /** How long another process's share counts without news from it. */
    private readonly shareTtlMs = 15_000,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(cap) || cap < 1) throw new Error('An instance holds at least one visitor');
  }

  /** Where a connection of this process is, if anywhere. */
  whereIs(connectionId: string): Presence | undefined {
    return this.byConnection.get(connectionId);
  }

  /**
   * Puts a connection in the space (leaving wherever it was). Answers where it is and where it
   * left (when that is another place).
   */
  join(
    connectionId: string,
    visitor: LiveVisitor,
    sceneId: string,
    options: JoinSceneOptions = {},
    communication = true,
  ): { presence: Presence; left?: Presence } {
    const before = this.byConnection.get(connectionId);
    if (before?.sceneId === sceneId && !options.instanceId && !options.friendUserId) {
      before.communication = communication;
      return { presence: before };
    }
    const left = before ? this.leave(connectionId) : undefined;
    const scene = this.sceneOf(sceneId);
    const instanceId = this.choose(sceneId, scene, options);
    const presence: Presence = { connectionId, sceneId, instanceId, visitor, communication };
    let members = scene.instances.get(instanceId);
    if (!members) {
      members = new Map();
      scene.instances.set(instanceId, members);
    }
    members.set(connectionId, presence);
    this.byConnection.set(connectionId, presence);
    const moved = left && (left.sceneId !== sceneId || left.instanceId !== instanceId) ? left : undefined;
    return { presence, left: moved };
  }

  /** The presences of a user's connections of this process in a space. */
  presencesOf(userId: string, sceneId: string): Presence[] {
    return [...this.byConnection.values()].filter(
      (p) => p.visitor.userId === userId && p.sceneId === sceneId,
    );
  }

  /** Takes a connection out of its space; answers where it was. */
  leave(connectionId: string): Presence | undefined {
    const presence = this.byConnection.get(connectionId);
    if (!presence) return undefined;
    this.byConnection.delete(connectionId);
    const scene = this.scenes.get(presence.sceneId);
    const members = scene?.instances.get(presence.instanceId);
    members?.delete(connectionId);
    if (scene && members && members.size === 0) scene.instances.delete(presence.instanceId);
    if (scene && scene.instances.size === 0) this.scenes.delete(presence.sceneId);
    return presence;
  }

  // ---- sharing with the other processes ----------------------------------------------------

  /** This process's part of a space, to share. */
  shareOf(sceneId: string): SceneShare {
    const share: SceneShare = {};
    for (const [instanceId, members] of this.scenes.get(sceneId)?.instances ?? [])
      share[instanceId] = { connections: members.size, visitors: distinct(members.values()) };
    return share;
  }

  /** The spaces this process has visitors in. */
  localScenes(): string[] {
    return [...this.scenes.keys()];
  }

  /**
   * What another process shares: `scenes` replaces what it shared of those spaces (all of them
   * when `whole`). Answers the spaces whose picture changed.
   */
  applyShare(node: string, scenes: Record<string, SceneShare>, whole: boolean): string[] {
    let share = this.others.get(node);
    const changed = new Set<string>();
    if (!share) {
      share = { seenAt: 0, scenes: new Map() };
      this.others.set(node, share);
    }
    share.seenAt = this.now();
    if (whole) {
      for (const sceneId of share.scenes.keys()) if (!(sceneId in scenes)) changed.add(sceneId);
      for (const sceneId of changed) share.scenes.delete(sceneId);
    }
    for (const [sceneId, instances] of Object.entries(scenes)) {
      const before = JSON.stringify(share.scenes.get(sceneId) ?? {});
      if (Object.keys(instances).length === 0) share.scenes.delete(sceneId);
      else share.scenes.set(sceneId, instances);
      if (before !== JSON.stringify(instances)) changed.add(sceneId);
    }
    return [...changed];
  }

  /** Forgets the processes not heard of for too long; answers the spaces they were in. */
  expireShares(): string[] {
    const changed = new Set<string>();
    const oldest = this.now() - this.shareTtlMs;
    for (const [node, share] of this.others) {
      if (share.seenAt >= oldest) continue;
      for (const sceneId of share.scenes.keys()) changed.add(sceneId);
      this.others.delete(node);
    }
    return [...changed];
  }

  /** The other processes heard of lately. */
  otherNodes(): string[] {
    return [...this.others.keys()];
  }

  /** The first process (in id order) of all heard of, this one (`self`) included. */
  firstNode(self: string): string {
    return [self, ...this.others.keys()].sort()[0];
  }

  /** The other processes with visitors in a space. */
  nodesIn(sceneId: string): string[] {
    return [...this.others].filter(([, share]) => share.scenes.has(sceneId)).map(([node]) => node);
  }

  /** The first process (in id order) with visitors in a space, this one (`self`) included; null if none. */
  firstNodeIn(sceneId: string, self: string): string | null {
    const nodes = this.nodesIn(sceneId);
    if (this.scenes.has(sceneId)) nodes.push(self);
    return nodes.sort()[0] ?? null;
  }

  // ---- the whole picture (this process and the others) -------------------------------------

  /** The visitors of an instance, each user once, by name (the same list on every process). */
  visitorsIn(sceneId: string, instanceId: string): LiveVisitor[] {
    const local = distinct(this.scenes.get(sceneId)?.instances.get(instanceId)?.values());
    const remote = this.sharesOf(sceneId).flatMap((share) => share[instanceId]?.visitors ?? []);
    return distinctVisitors([...local, ...remote]).sort(
      (a, b) => a.name.localeCompare(b.name) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    );
  }

  /** The instances of a space a user is in (on any process). */
  instancesWith(sceneId: string, userId: string): string[] {
    return this.instanceIdsOf(sceneId).filter((id) =>
      this.visitorsIn(sceneId, id).some((visitor) => visitor.userId === userId),
    );
  }

  /** The visitors of a space (every instance), each user once: the first `limit` and how many. */
  sceneSummary(sceneId: string, limit: number): { count: number; visitors: LiveVisitor[] } {
    const all = distinctVisitors(this.instanceIdsOf(sceneId).flatMap((id) => this.visitorsIn(sceneId, id)));
    return { count: all.length, visitors: all.slice(0, limit) };
  }

  /** How many are in each instance of a space. */
  instanceCounts(sceneId: string): LiveInstanceCount[] {
    return this.instanceIdsOf(sceneId).map((instanceId) => ({
      instanceId,
      count: this.visitorsIn(sceneId, instanceId).length,
    }));
  }

  /** Everyone live anywhere, each user once. */
  total(): number {
    const users = new Set([...this.byConnection.values()].map((p) => p.visitor.userId));
    for (const share of this.others.values())
      for (const scene of share.scenes.values())
        for (const instance of Object.values(scene)) for (const v of instance.visitors) users.add(v.userId);
    return users.size;
  }

  private sharesOf(sceneId: string): SceneShare[] {
    return [...this.others.values()].map((share) => share.scenes.get(sceneId)).filter((s) => s !== undefined);
  }

  /** Every open instance of a space, in number order. */
  private instanceIdsOf(sceneId: string): string[] {
    const ids = new Set(this.scenes.get(sceneId)?.instances.keys());
    for (const share of this.sharesOf(sceneId)) for (const id of Object.keys(share)) ids.add(id);
    return [...ids].sort((a, b) => Number(a) - Number(b));
  }

  private connectionsIn(sceneId: string, instanceId: string): number {
    const local = this.scenes.get(sceneId)?.instances.get(instanceId)?.size ?? 0;
    return this.sharesOf(sceneId).reduce((n, share) => n + (share[instanceId]?.connections ?? 0), local);
  }

  private sceneOf(sceneId: string): SceneState {
    let scene = this.scenes.get(sceneId);
    if (!scene) {
      scene = { instances: new Map(), last: 0 };
      this.scenes.set(sceneId, scene);
    }
    return scene;
  }

  private choose(sceneId: string, scene: SceneState, options: JoinSceneOptions): string {
    const open = this.instanceIdsOf(sceneId);
    const hasRoom = (id: string) => this.connectionsIn(sceneId, id) < this.cap;
    if (options.instanceId && open.includes(options.instanceId) && hasRoom(options.instanceId))
      return options.instanceId;
    if (options.friendUserId) {
      const withFriend = open.find(
        (id) => hasRoom(id) && this.visitorsIn(sceneId, id).some((v) => v.userId === options.friendUserId),
      );
      if (withFriend) return withFriend;
    }
    const room = open.find(hasRoom);
    if (room) return room;
    scene.last = Math.max(scene.last, ...open.map(Number).filter(Number.isFinite)) + 1;
    return String(scene.last);
  }
}

function distinct(presences: Iterable<Presence> | undefined): LiveVisitor[] {
  return distinctVisitors([...(presences ?? [])].map((p) => p.visitor));
}

function distinctVisitors(visitors: Iterable<LiveVisitor>): LiveVisitor[] {
  const seen = new Map<string, LiveVisitor>();
  for (const visitor of visitors) if (!seen.has(visitor.userId)) seen.set(visitor.userId, visitor);
  return [...seen.values()];
}
