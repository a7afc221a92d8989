import type { Transform } from '../../../../contracts/sceneContent';
import type { PlaceableItem } from '../../protocol';

/**
 * Where dropped or added content goes: flat things (pictures, videos, texts, web views) hang flush
 * on the wall the pointer meets, facing out; things that stand (models, props, portals, info
 * points) stand on the floor, facing the camera. Pure: the caller gives the surface hit.
 */

export interface SurfaceHit {
  point: [number, number, number];
  /** World normal of the surface at the point. */
  normal: [number, number, number];
  /** Height of the floor under the point (the active level's for walls). */
  floorY: number;
}

const flatKinds = new Set<PlaceableItem['kind']>(['picture', 'video', 'text3d', 'webView3d', 'liveVideo']);

/** How far in front of a wall flat things hang (frames are a few centimetres deep). */
export const wallGap = 0.02;
/** Height of a flat thing's centre when it stands on the floor, and of what floats. */
const standingHeight = 1.5;
const lift: Partial<Record<PlaceableItem['kind'], number>> = { portal: 1.1, infoPoint: 1.4 };
/** Stepping out from a wall when a standing thing is dropped on it. */
const clearOfWall = 0.6;

const degrees = (r: number) => ((((r * 180) / Math.PI) % 360) + 360) % 360;
const snap = (deg: number, step: number) => (Math.round(deg / step) * step) % 360;

export const isFlat = (kind: PlaceableItem['kind']) => flatKinds.has(kind);

export function placementFor(
  kind: PlaceableItem['kind'],
  hit: SurfaceHit,
  camera: [number, number, number],
): Transform {
  const [x, y, z] = hit.point;
  const [nx, ny, nz] = hit.normal;
  const onWall = Math.abs(ny) < 0.5;
  const facingCamera = snap(degrees(Math.atan2(camera[0] - x, camera[2] - z)), 15);
  const at = (position: [number, number, number], yaw: number): Transform => ({
    position: position.map((v) => Math.round(v * 1000) / 1000) as [number, number, number],
    rotation: [0, yaw, 0],
    scale: [1, 1, 1],
  });
  if (flatKinds.has(kind)) {
    if (onWall) {
      const len = Math.hypot(nx, nz) || 1;
      return at([x + (nx / len) * wallGap, y, z + (nz / len) * wallGap], degrees(Math.atan2(nx, nz)));
    }
    return at([x, hit.floorY + standingHeight, z], facingCamera);
  }
  const height = hit.floorY + (lift[kind] ?? 0);
  if (onWall) {
    const len = Math.hypot(nx, nz) || 1;
    return at(
      [x + (nx / len) * clearOfWall, height, z + (nz / len) * clearOfWall],
      degrees(Math.atan2(nx, nz)),
    );
  }
  return at([x, height, z], facingCamera);
}
