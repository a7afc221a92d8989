import type { JoinSceneOptions, LiveInstanceCount, LiveVisitor } from '../../../contracts/live';

/**
 * Who is in which instance of which space, on this server process (pure state, no I/O). Each
 * connection is one presence (one avatar); lists and counts name each user once, however many
 * tabs they have open in the same place.
 *
 * A visitor goes to the lowest-numbered instance that has room (crowds stay together), or to the
 * instance they ask for, or to a friend's, when it has room. An instance that empties is closed;
 * its number is given again only once the space is empty.
 */

export interface Presence {
  connectionId: string;
  sceneId: string;
  instanceId: string;
  visitor: LiveVisitor;
  /** Whether the visitor may chat and talk here (the space's communication ACL). */
  communication: boolean;
}

interface SceneState {
  instances: Map<string, Map<string, Presence>>;
  /** The last instance number given. */
  last: number;
}

export class LiveInstances {
  private readonly byConnection = new Map<string, Presence>();
  private readonly scenes = new Map<string, SceneState>();

  constructor(private readonly cap: number) {
    if (!Number.isInteger(cap) || cap < 1) throw new Error('An instance holds at least one visitor');
  }

  /** Where a connection is, if anywhere. */
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
    const instanceId = this.choose(scene, options);
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

  /** The visitors of an instance, each user once, in the order they came. */
  visitorsIn(sceneId: string, instanceId: string): LiveVisitor[] {
    return distinct(this.scenes.get(sceneId)?.instances.get(instanceId)?.values());
  }

  /** The visitors of a space (every instance), each user once: the first `limit` and how many. */
  sceneSummary(sceneId: string, limit: number): { count: number; visitors: LiveVisitor[] } {
    const scene = this.scenes.get(sceneId);
    if (!scene) return { count: 0, visitors: [] };
    const all = distinct([...scene.instances.values()].flatMap((members) => [...members.values()]));
    return { count: all.length, visitors: all.slice(0, limit) };
  }

  /** How many are in each instance of a space. */
  instanceCounts(sceneId: string): LiveInstanceCount[] {
    const scene = this.scenes.get(sceneId);
    if (!scene) return [];
    return [...scene.instances]
      .map(([instanceId, members]) => ({ instanceId, count: distinct(members.values()).length }))
      .sort((a, b) => Number(a.instanceId) - Number(b.instanceId));
  }

  /** Everyone live anywhere, each user once. */
  total(): number {
    return new Set([...this.byConnection.values()].map((p) => p.visitor.userId)).size;
  }

  private sceneOf(sceneId: string): SceneState {
    let scene = this.scenes.get(sceneId);
    if (!scene) {
      scene = { instances: new Map(), last: 0 };
      this.scenes.set(sceneId, scene);
    }
    return scene;
  }

  private hasRoom(scene: SceneState, instanceId: string) {
    return (scene.instances.get(instanceId)?.size ?? 0) < this.cap;
  }

  private choose(scene: SceneState, options: JoinSceneOptions): string {
    if (
      options.instanceId &&
      scene.instances.has(options.instanceId) &&
      this.hasRoom(scene, options.instanceId)
    )
      return options.instanceId;
    if (options.friendUserId) {
      for (const [instanceId, members] of scene.instances) {
        const friendThere = [...members.values()].some((p) => p.visitor.userId === options.friendUserId);
        if (friendThere && this.hasRoom(scene, instanceId)) return instanceId;
      }
    }
    const open = [...scene.instances.keys()]
      .filter((id) => this.hasRoom(scene, id))
      .sort((a, b) => Number(a) - Number(b));
    if (open.length > 0) return open[0];
    scene.last += 1;
    return String(scene.last);
  }
}

function distinct(presences: Iterable<Presence> | undefined): LiveVisitor[] {
  const seen = new Map<string, LiveVisitor>();
  for (const presence of presences ?? []) {
    if (!seen.has(presence.visitor.userId)) seen.set(presence.visitor.userId, presence.visitor);
  }
  return [...seen.values()];
}
