import { BoxGeometry, PlaneGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import {
  bakeAmbientOcclusion,
  bakeKey,
  type MeshData,
  tessellate,
} from '../../../src/engine/web/build/aoBake';

/** A three geometry as the bake's arrays. */
function dataOf(geometry: PlaneGeometry | BoxGeometry): MeshData {
  const attributes: MeshData['attributes'] = {};
  for (const [name, attribute] of Object.entries(geometry.attributes)) {
    attributes[name] = {
      array: Float32Array.from(attribute.array as ArrayLike<number>),
      itemSize: attribute.itemSize,
    };
  }
  return { attributes, index: geometry.index ? Uint32Array.from(geometry.index.array) : null };
}

/** A 4 × 4 m floor at y = 0 and a 4 m wall standing on its north edge (z = -2), facing +z. */
function corner() {
  const floor = new PlaneGeometry(4, 4).rotateX(-Math.PI / 2);
  const wall = new PlaneGeometry(4, 3).translate(0, 1.5, -2);
  return [dataOf(floor), dataOf(wall)];
}

/** Shade (0 black … 1 open) of the baked floor's vertex nearest to a point. */
function shadeNear(mesh: MeshData, point: [number, number, number]): number {
  const p = mesh.attributes.position.array;
  const c = mesh.attributes.color.array;
  let best = Infinity;
  let shade = NaN;
  for (let i = 0; i < p.length / 3; i++) {
    const d = Math.hypot(p[i * 3] - point[0], p[i * 3 + 1] - point[1], p[i * 3 + 2] - point[2]);
    if (d < best) {
      best = d;
      shade = c[i * 3];
    }
  }
  return shade;
}

describe('baked ambient occlusion', () => {
  it('cuts big quads into triangles no longer than the edge, keeping every attribute', () => {
    const [floor] = corner();
    const cut = tessellate(floor, 0.5);
    const p = cut.attributes.position.array;
    expect(p.length / 9).toBeGreaterThan(64);
    for (let t = 0; t < p.length; t += 9) {
      for (const [a, b] of [
        [0, 3],
        [3, 6],
        [6, 0],
      ]) {
        expect(
          Math.hypot(p[t + a] - p[t + b], p[t + a + 1] - p[t + b + 1], p[t + a + 2] - p[t + b + 2]),
        ).toBeLessThanOrEqual(0.5 + 1e-6);
      }
    }
    expect(cut.attributes.uv.array.length / 2).toBe(p.length / 3);
    expect(cut.attributes.normal.array.length).toBe(p.length);
  });

  it('coarsens the cut on large rooms to stay about under the triangle cap', () => {
    const hall = dataOf(new PlaneGeometry(80, 60).rotateX(-Math.PI / 2));
    const result = bakeAmbientOcclusion({
      meshes: [hall],
      boxes: [],
      options: { maxTriangles: 3000, rays: 4 },
    });
    expect(result.triangles).toBeLessThanOrEqual(3000 * 1.25);
    expect(result.triangles).toBeGreaterThan(3000 / 4);
  });

  it('darkens the floor where it meets the wall, not in the open middle', () => {
    const result = bakeAmbientOcclusion({ meshes: corner(), boxes: [] });
    const [floor, wall] = result.meshes;
    const atWall = shadeNear(floor, [0, 0, -2]);
    const middle = shadeNear(floor, [0, 0, 1]);
    expect(middle).toBeGreaterThan(0.95);
    expect(atWall).toBeLessThan(middle - 0.15);
    // The wall is darker at its foot than high up.
    expect(shadeNear(wall, [0, 0, -2])).toBeLessThan(shadeNear(wall, [0, 2.5, -2]) - 0.15);
  });

  it('darkens the floor under and beside an object', () => {
    const open = bakeAmbientOcclusion({ meshes: corner(), boxes: [] });
    const withBench = bakeAmbientOcclusion({
      meshes: corner(),
      boxes: [{ min: [-0.5, 0.45, 0.5], max: [0.5, 0.5, 1.5] }],
    });
    expect(shadeNear(withBench.meshes[0], [0, 0, 1])).toBeLessThan(
      shadeNear(open.meshes[0], [0, 0, 1]) - 0.2,
    );
  });

  it('gives the same key to the same room and another to a changed one', () => {
    const key = bakeKey({ meshes: corner(), boxes: [] });
    expect(bakeKey({ meshes: corner(), boxes: [] })).toBe(key);
    const moved = corner();
    moved[1].attributes.position.array[0] += 0.1;
    expect(bakeKey({ meshes: moved, boxes: [] })).not.toBe(key);
  });

  it('reuses stored shades instead of casting rays again', () => {
    const first = bakeAmbientOcclusion({ meshes: corner(), boxes: [] });
    // Stored shades (here a flat mid grey) are used as they are.
    const stored = first.shades.map((s) => new Uint8Array(s.length).fill(128));
    const again = bakeAmbientOcclusion({ meshes: corner(), boxes: [] }, stored);
    expect(new Set(again.meshes[0].attributes.color.array)).toEqual(new Set([Math.fround(128 / 255)]));
    // Shades that do not fit the cut mesh (another room) are not used.
    const other = bakeAmbientOcclusion({ meshes: corner(), boxes: [] }, [
      new Uint8Array(3),
      new Uint8Array(3),
    ]);
    expect(other.meshes[0].attributes.color.array).toEqual(first.meshes[0].attributes.color.array);
  });
});
