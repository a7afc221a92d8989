import type { Vec2 } from '../../../../geometry/plan';

/**
 * Where a click on the floor plan lands when drawing walls: on an existing wall end if one is
 * near, along a right angle from the previous point if the wall is nearly square, else on the grid.
 */

export interface SnapOptions {
  enabled: boolean;
  /** Grid step in metres. */
  grid: number;
  /** Ends of walls already on the level (and of the chain being drawn). */
  ends: Vec2[];
  /** The chain's previous point, when drawing a wall from it. */
  previous?: Vec2;
  /** How close to a wall end snaps to it. */
  endRadius?: number;
  /** How many degrees off a right angle still snaps to it. */
  angleTolerance?: number;
}

export type SnapResult = { point: Vec2; to: 'end' | 'angle' | 'grid' | 'none' };

const roundTo = (v: number, step: number) => Math.round(v / step) * step;
const clean = (v: number) => Math.round(v * 1e6) / 1e6;

export function snapPoint(raw: Vec2, options: SnapOptions): SnapResult {
  if (!options.enabled) return { point: raw, to: 'none' };
  const endRadius = options.endRadius ?? 0.3;
  let best: Vec2 | null = null;
  let bestDistance = endRadius;
  for (const end of options.ends) {
    const d = Math.hypot(end[0] - raw[0], end[1] - raw[1]);
    if (d <= bestDistance) {
      best = end;
      bestDistance = d;
    }
  }
  if (best) return { point: [best[0], best[1]], to: 'end' };
  const { previous } = options;
  if (previous) {
    const dx = raw[0] - previous[0];
    const dz = raw[1] - previous[1];
    const angle = (Math.atan2(dz, dx) * 180) / Math.PI;
    const square = Math.round(angle / 90) * 90;
    if (Math.abs(angle - square) <= (options.angleTolerance ?? 8)) {
      const ax = Math.round(Math.cos((square * Math.PI) / 180));
      const az = Math.round(Math.sin((square * Math.PI) / 180));
      const length = Math.max(options.grid, roundTo(dx * ax + dz * az, options.grid));
      return { point: [clean(previous[0] + ax * length), clean(previous[1] + az * length)], to: 'angle' };
    }
  }
  return { point: [clean(roundTo(raw[0], options.grid)), clean(roundTo(raw[1], options.grid))], to: 'grid' };
}
