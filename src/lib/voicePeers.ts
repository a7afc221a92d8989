import { voiceDefaults } from '../../contracts/voice';

/** Where a visitor stands on the floor plan (metres). */
export interface FloorPoint {
  x: number;
  z: number;
}

export interface PeerChoice {
  /** The visitor who chooses. */
  self: FloorPoint;
  /** The others who may be heard, by user id (the muted and blocked already left out). */
  others: Readonly<Record<string, FloorPoint>>;
  /** The peers chosen last time. */
  current: readonly string[];
  /** How many to choose (the server's `maxPeers`). */
  max: number;
  range?: number;
  margin?: number;
}

const distance = (a: FloorPoint, b: FloorPoint) => Math.hypot(a.x - b.x, a.z - b.z);

/**
 * The peers a visitor talks with: the nearest `max` within `range` metres. A current peer counts
 * as `margin` metres nearer than they are, so a newcomer takes their place only when clearly
 * nearer, and they stay until `range + margin`; peers do not flap while people walk side by side.
 * Ties go to the smaller user id, so two browsers agree. The answer is sorted by user id.
 */
export function nearestPeers({
  self,
  others,
  current,
  max,
  range = voiceDefaults.rangeMetres,
  margin = voiceDefaults.hysteresisMetres,
}: PeerChoice): string[] {
  const kept = new Set(current);
  const ranked: { userId: string; score: number }[] = [];
  for (const [userId, at] of Object.entries(others)) {
    if (!Number.isFinite(at.x) || !Number.isFinite(at.z)) continue;
    const score = distance(self, at) - (kept.has(userId) ? margin : 0);
    if (score <= range) ranked.push({ userId, score });
  }
  ranked.sort((a, b) => a.score - b.score || (a.userId < b.userId ? -1 : 1));
  return ranked
    .slice(0, Math.max(0, max))
    .map((r) => r.userId)
    .sort();
}

/** Whether two sorted peer lists name the same peers. */
export const samePeers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((userId, i) => userId === b[i]);
