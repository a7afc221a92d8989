import { partyRules, type PartyMove } from '../../../contracts/parties';
import type { PartyOfUser } from '../communicationService/parties';

/**
 * A party follows its leader (contracts/parties.ts): when the leader enters a space after leaving
 * another within `partyRules.moveWindowMs` (a portal, a link, the browser's back button), the
 * other members are sent PartyMove; a member's browser follows when it is still in the space the
 * leader left. Each connection's last space is remembered here until it joins again or closes.
 */
export class PartyMoves {
  private readonly lastLeft = new Map<string, { sceneId: string; at: number }>();

  constructor(
    private readonly partyOf: (userId: string) => Promise<PartyOfUser | null>,
    private readonly send: (userId: string, move: PartyMove) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The connection left `sceneId`. */
  left(connectionId: string, sceneId: string) {
    this.lastLeft.set(connectionId, { sceneId, at: this.now() });
  }

  /** The connection closed. */
  forget(connectionId: string) {
    this.lastLeft.delete(connectionId);
  }

  /**
   * The connection's user entered `sceneId`, instance `instanceId`: when they lead a party and came
   * from another space, the other members are told. Answers the members told.
   */
  async entered(
    connectionId: string,
    leader: { userId: string; name: string },
    sceneId: string,
    instanceId: string,
  ): Promise<string[]> {
    const last = this.lastLeft.get(connectionId);
    this.lastLeft.delete(connectionId);
    if (!last || last.sceneId === sceneId || this.now() - last.at > partyRules.moveWindowMs) return [];
    const party = await this.partyOf(leader.userId);
    if (!party || party.leaderId !== leader.userId) return [];
    const others = party.memberIds.filter((id) => id !== leader.userId);
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
