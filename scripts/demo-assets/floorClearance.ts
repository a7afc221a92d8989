import type { Plan, Rect } from './walls';

/**
 * Floor areas that must stay empty (in front of doors and stairs, where the end-to-end tests and
 * visitors walk) and a check that nothing standing on the floor intrudes. The generator fails
 * rather than write a gallery where a test would walk into a pedestal.
 */

export interface KeepClear {
  why: string;
  levelId: string;
  rect: Rect;
}

export interface Standing {
  id: string;
  levelId: string;
  at: Plan;
  /** Rough radius of what stands there, on the plan. */
  radius: number;
}

const overlaps = (rect: Rect, { at: [x, z], radius }: Standing) =>
  x + radius > rect.minX && x - radius < rect.maxX && z + radius > rect.minZ && z - radius < rect.maxZ;

/** Distance on the plan from point p to the segment a–b. */
function distanceToSegment([px, pz]: Plan, [ax, az]: Plan, [bx, bz]: Plan): number {
  const dx = bx - ax;
  const dz = bz - az;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (pz - az) * dz) / (dx * dx + dz * dz)));
  return Math.hypot(px - (ax + t * dx), pz - (az + t * dz));
}

export function assertFloorClear(zones: KeepClear[], things: Standing[]): void {
  const problems = zones.flatMap((zone) =>
    things
      .filter((thing) => thing.levelId === zone.levelId && overlaps(zone.rect, thing))
      .map((thing) => `${thing.id} stands in the area kept clear ${zone.why}`),
  );
  if (problems.length) throw new Error(problems.join('\n'));
}

/** Fails when something other than `except` stands between two points (a clear view). */
export function assertLineOfSight(
  levelId: string,
  from: Plan,
  to: Plan,
  things: Standing[],
  except: string[],
): void {
  const blocking = things.filter(
    (t) => t.levelId === levelId && !except.includes(t.id) && distanceToSegment(t.at, from, to) < t.radius,
  );
  if (blocking.length) {
    throw new Error(`${blocking.map((t) => t.id).join(', ')} block the view from ${from} to ${to}`);
  }
}
