import { partyRules, type PartyMove } from '../../../contracts/parties';
import type { PartyOfUser } from '../communicationService/parties';

/**
 * A party follows its leader (contracts/parties.ts): when the leader enters a space after leaving
 * another within `partyRules.moveWindowMs` (a portal, a link, the browser's back button), the
 * other members are sent PartyMove; a member's browser follows when it is still in the space the
 * leader left. Each user's last space is remembered here (by user, not by connection: a browser
 * that goes through a portal opens a new viewer and a new connection) until they enter another
 * space or the time is up. A user who reconnects to another process of a cluster is not followed.
 */
export class PartyMoves {
  private readonly lastLeft = new Map<string, { sceneId: string; at: number }>();

  constructor(
    private readonly partyOf: (userId: string) => Promise<PartyOfUser | null>,
    private readonly send: (userId: string, move: PartyMove) => Promise<void>,
    /** Whether a member may enter the leader's new space (its access, their ban): else they stay. */
    private readonly mayEnter: (userId: string, sceneId: string) => Promise<boolean>,
    private readonly now: () => number = Date.now,
  ) {}

  /** `userId` left `sceneId` (or their connection there closed). */
  left(userId: string, sceneId: string) {
    this.lastLeft.set(userId, { sceneId, at: this.now() });
  }

  /** Forgets what is too old to take anyone along. */
  forgetOld() {
    const since = this.now() - partyRules.moveWindowMs;
    for (const [userId, last] of this.lastLeft) if (last.at < since) this.lastLeft.delete(userId);
  }

  /**
   * `leader` entered `sceneId`, instance `instanceId`: when they lead a party and came from another
   * space, the other members who may enter it are told. Answers the members told.
   */
  async entered(
    leader: { userId: string; name: string },
    sceneId: string,
    instanceId: string,
  ): Promise<string[]> {
    const last = this.lastLeft.get(leader.userId);
    this.lastLeft.delete(leader.userId);
    if (!last || last.sceneId === sceneId || this.now() - last.at > partyRules.moveWindowMs) return [];
    const party = await this.partyOf(leader.userId);
    if (!party || party.leaderId !== leader.userId) return [];
    const others: string[] = [];
    for (const userId of party.memberIds)
      if (userId !== leader.userId && (await this.mayEnter(userId, sceneId))) others.push(userId);
    const move: PartyMove = {
      partyId: party.partyId,
      leaderId: leader.userId,
      leaderName: leader.name,
      fromSceneId: last.sceneId,
      sceneId,
      instanceId,
    };
    for (const userId of others) await this.send(userId, move).catch(() => undefined);
    return others;
  }
}
