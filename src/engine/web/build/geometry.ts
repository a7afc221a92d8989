import { BoxGeometry, type BufferGeometry, Matrix4, Quaternion, Vector3 } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';

/**
 * A box whose texture coordinates are in metres, so tiled materials keep their scale on boxes of
 * any size. `uOffset` shifts the long faces' u coordinate, to keep a pattern continuous along a
 * wall made of several pieces.
 */
export function metreBox(
  width: number,
  height: number,
  depth: number,
  uOffset = 0,
  vOffset = 0,
): BufferGeometry {
  const geometry = new BoxGeometry(width, height, depth);
  const uv = geometry.getAttribute('uv');
  // Face order of BoxGeometry: +x, -x, +y, -y, +z, -z; four vertices each.
  const spans: [number, number, number, number][] = [
    [depth, height, 0, vOffset],
    [depth, height, 0, vOffset],
    [width, depth, uOffset, 0],
    [width, depth, uOffset, 0],
    [width, height, uOffset, vOffset],
    [width, height, uOffset, vOffset],
  ];
  for (let face = 0; face < 6; face++) {
    const [su, sv, ou, ov] = spans[face];
    for (let i = face * 4; i < face * 4 + 4; i++) uv.setXY(i, uv.getX(i) * su + ou, uv.getY(i) * sv + ov);
  }
  return geometry;
}

const up = new Vector3(0, 1, 0);

/** Moves a geometry to a position and yaw (radians), in place. */
export function place(
  geometry: BufferGeometry,
  x: number,
  y: number,
  z: number,
  yaw: number,
): BufferGeometry {
  const m = new Matrix4().compose(
    new Vector3(x, y, z),
    new Quaternion().setFromAxisAngle(up, yaw),
    new Vector3(1, 1, 1),
  );
  return geometry.applyMatrix4(m);
}

/** Merges geometries into one (indexed ones become non-indexed when mixed), disposing of the parts. */
export function merge(parts: BufferGeometry[]): BufferGeometry | null {
  if (parts.length === 0) return null;
  const mixed = parts.some((p) => p.index === null);
  const ready = mixed ? parts.map((p) => (p.index ? p.toNonIndexed() : p)) : parts;
  const merged = mergeGeometries(ready, false);
  parts.forEach((p) => p.dispose());
  ready.forEach((p) => p.dispose());
  if (!merged) throw new Error('Geometries with different attributes cannot be merged');
  merged.computeBoundingSphere();
  merged.computeBoundingBox();
  return merged;
}
