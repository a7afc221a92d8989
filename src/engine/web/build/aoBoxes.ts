import type { Obstacle } from '../viewer/walking';
import type { OccluderBox } from './aoBake';

/** The upright box around each solid object, for the ambient occlusion bake. */
export function obstacleBoxes(obstacles: Obstacle[]): OccluderBox[] {
  return obstacles.map((o) => {
    const c = Math.abs(Math.cos(o.angle));
    const s = Math.abs(Math.sin(o.angle));
    const ex = c * o.halfLength + s * o.halfWidth;
    const ez = s * o.halfLength + c * o.halfWidth;
    return {
      min: [o.center[0] - ex, o.bottom, o.center[1] - ez],
      max: [o.center[0] + ex, o.top, o.center[1] + ez],
    };
  });
}
