import { BufferAttribute, BufferGeometry, DoubleSide, Ray, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';

/**
 * Baked ambient occlusion of a room: how much of the sky above each point of the walls, floors
 * and ceilings nearby surfaces hide, cast once as rays against a BVH of the room (three-mesh-bvh)
 * and kept as a vertex colour, so corners and the floor under objects read darker with no cost per
 * frame. The room's surfaces are big quads, so they are first cut into triangles no longer than
 * `maxEdge` for the occlusion to have vertices to live on.
 *
 * Plain arrays in and out (no DOM, no renderer): this runs in the bake worker (aoWorker.ts) and
 * in unit tests under node. Never call it on the main thread of the page.
 */

/** A mesh as arrays: every float attribute by name, and its triangle index if it has one. */
export interface MeshData {
  attributes: Record<string, { array: Float32Array; itemSize: number }>;
  index: Uint32Array | null;
}

/** An axis-aligned box standing for an object (a model, a prop) that shades the room. */
export interface OccluderBox {
  min: [number, number, number];
  max: [number, number, number];
}

export interface AoOptions {
  /** Rays per vertex. */
  rays: number;
  /** Farthest distance (metres) at which a surface still shades. */
  distance: number;
  /** Longest edge (metres) of a triangle after cutting. */
  maxEdge: number;
  /** How dark full occlusion makes a surface (0: not at all, 1: black). */
  strength: number;
  /** Cap on triangles after cutting: the edge grows on very large rooms to stay under it. */
  maxTriangles: number;
}

export const defaultAoOptions: AoOptions = {
  rays: 24,
  distance: 1.2,
  maxEdge: 0.6,
  strength: 0.75,
  maxTriangles: 40_000,
};

/** Bump when the bake's result changes for the same input (cached bakes are then redone). */
export const aoBakeVersion = 1;

type Triangle = number[][][]; // per corner, per attribute, the values

function trianglesOf(mesh: MeshData): { names: string[]; sizes: number[]; triangles: Triangle[] } {
  const names = Object.keys(mesh.attributes);
  const sizes = names.map((n) => mesh.attributes[n].itemSize);
  const count = mesh.attributes.position.array.length / 3;
  const index = mesh.index ?? Uint32Array.from({ length: count }, (_, i) => i);
  const vertex = (i: number) =>
    names.map((n, k) => Array.from(mesh.attributes[n].array.subarray(i * sizes[k], (i + 1) * sizes[k])));
  const triangles: Triangle[] = [];
  for (let t = 0; t + 2 < index.length; t += 3) {
    triangles.push([vertex(index[t]), vertex(index[t + 1]), vertex(index[t + 2])]);
  }
  return { names, sizes, triangles };
}

const lerp = (a: number[][], b: number[][]) => a.map((values, k) => values.map((v, j) => (v + b[k][j]) / 2));
const distance3 = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Total area of a mesh's triangles (square metres). */
function areaOf(mesh: MeshData): number {
  const { triangles } = trianglesOf(mesh);
  let area = 0;
  for (const [a, b, c] of triangles) {
    const u = [b[0][0] - a[0][0], b[0][1] - a[0][1], b[0][2] - a[0][2]];
    const v = [c[0][0] - a[0][0], c[0][1] - a[0][1], c[0][2] - a[0][2]];
    area += Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) / 2;
  }
  return area;
}

/** The edge length that keeps every mesh together under `maxTriangles` after cutting. */
export function edgeFor(meshes: MeshData[], options: AoOptions): number {
  const area = meshes.reduce((sum, m) => sum + areaOf(m), 0);
  // Cutting across the longest edge until every edge is at most `edge` leaves triangles of about
  // edge² / 8 on average (measured on the demo rooms).
  const needed = Math.sqrt((8 * area) / options.maxTriangles);
  return Math.max(options.maxEdge, needed);
}

/**
 * Cuts every triangle in two across its longest edge until no edge is longer than `maxEdge`,
 * interpolating every attribute. The result has no index.
 */
export function tessellate(mesh: MeshData, maxEdge: number): MeshData {
  const { names, sizes, triangles } = trianglesOf(mesh);
  const out: Triangle[] = [];
  const stack = [...triangles];
  while (stack.length) {
    const tri = stack.pop()!;
    const edges = [0, 1, 2].map((i) => distance3(tri[i][0], tri[(i + 1) % 3][0]));
    const longest = edges.indexOf(Math.max(...edges));
    if (edges[longest] <= maxEdge) {
      out.push(tri);
      continue;
    }
    const a = tri[longest];
    const b = tri[(longest + 1) % 3];
    const c = tri[(longest + 2) % 3];
    const m = lerp(a, b);
    stack.push([a, m, c], [m, b, c]);
  }
  const attributes: MeshData['attributes'] = {};
  names.forEach((name, k) => {
    const array = new Float32Array(out.length * 3 * sizes[k]);
    let o = 0;
    for (const tri of out) for (const corner of tri) for (const v of corner[k]) array[o++] = v;
    attributes[name] = { array, itemSize: sizes[k] };
  });
  return { attributes, index: null };
}

function boxTriangles(box: OccluderBox): number[] {
  const [x0, y0, z0] = box.min;
  const [x1, y1, z1] = box.max;
  const p = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  const faces = [
    [0, 1, 2, 3],
    [5, 4, 7, 6],
    [4, 0, 3, 7],
    [1, 5, 6, 2],
    [3, 2, 6, 7],
    [4, 5, 1, 0],
  ];
  return faces.flatMap(([a, b, c, d]) => [a, b, c, a, c, d].flatMap((i) => p[i]));
}

/** One geometry of everything that shades: the room's surfaces and the objects' boxes. */
export function occluderGeometry(meshes: MeshData[], boxes: OccluderBox[]): BufferGeometry {
  const parts: number[][] = [];
  for (const mesh of meshes) {
    const { triangles } = trianglesOf({
      attributes: { position: mesh.attributes.position },
      index: mesh.index,
    });
    parts.push(triangles.flatMap((t) => t.flatMap((corner) => corner[0])));
  }
  for (const box of boxes) parts.push(boxTriangles(box));
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(Float32Array.from(parts.flat()), 3));
  return geometry;
}

/** Cosine-weighted directions around +z (a spiral, the same every bake). */
export function hemisphereDirections(count: number): Vector3[] {
  const golden = Math.PI * (3 - Math.sqrt(5));
  return Array.from({ length: count }, (_, i) => {
    const r = Math.sqrt((i + 0.5) / count);
    const phi = i * golden;
    return new Vector3(r * Math.cos(phi), r * Math.sin(phi), Math.sqrt(Math.max(0, 1 - r * r)));
  });
}

/**
 * Occlusion (0: open, 1: closed in) at each point, looking out along its normal: the share of
 * cosine-weighted rays that hit something within `distance`, nearer hits counting more.
 */
export function occlusionAt(
  bvh: MeshBVH,
  positions: Float32Array,
  normals: Float32Array,
  options: Pick<AoOptions, 'rays' | 'distance'>,
): Float32Array {
  const directions = hemisphereDirections(options.rays);
  const result = new Float32Array(positions.length / 3);
  const cache = new Map<string, number>();
  const ray = new Ray();
  const n = new Vector3();
  const t = new Vector3();
  const b = new Vector3();
  const helper = new Vector3();
  for (let i = 0; i < result.length; i++) {
    const key = Array.from(positions.subarray(i * 3, i * 3 + 3), (v) => Math.round(v * 1000))
      .concat(Array.from(normals.subarray(i * 3, i * 3 + 3), (v) => Math.round(v * 100)))
      .join();
    const known = cache.get(key);
    if (known !== undefined) {
      result[i] = known;
      continue;
    }
    n.fromArray(normals, i * 3).normalize();
    helper.set(Math.abs(n.x) < 0.9 ? 1 : 0, Math.abs(n.x) < 0.9 ? 0 : 1, 0);
    t.crossVectors(helper, n).normalize();
    b.crossVectors(n, t);
    let occluded = 0;
    for (const d of directions) {
      ray.origin.fromArray(positions, i * 3).addScaledVector(n, 0.005);
      ray.direction.set(0, 0, 0).addScaledVector(t, d.x).addScaledVector(b, d.y).addScaledVector(n, d.z);
      const hit = bvh.raycastFirst(ray, DoubleSide, 0, options.distance);
      if (hit) occluded += 1 - (hit.distance / options.distance) ** 2;
    }
    result[i] = occluded / directions.length;
    cache.set(key, result[i]);
  }
  return result;
}

export interface AoBakeRequest {
  meshes: MeshData[];
  boxes: OccluderBox[];
  options?: Partial<AoOptions>;
}

export interface AoBakeResult {
  /** The meshes cut for occlusion, each with a `color` attribute holding it (grey). */
  meshes: MeshData[];
  /** Triangles baked (after cutting). */
  triangles: number;
  /** Each mesh's shade per vertex (255: open), what a cache keeps to skip the rays next time. */
  shades: Uint8Array[];
}

/** Cuts the room's meshes and bakes their occlusion (as a per-vertex grey in `color`). */
export function bakeAmbientOcclusion(request: AoBakeRequest, stored?: Uint8Array[]): AoBakeResult {
  const options = { ...defaultAoOptions, ...request.options };
  const edge = edgeFor(request.meshes, options);
  const cut = request.meshes.map((m) => tessellate(m, edge));
  let bvh: MeshBVH | null = null;
  const meshes = cut.map((mesh, k) => {
    let shade: Uint8Array | undefined = stored?.[k];
    if (!shade || shade.length * 3 !== mesh.attributes.position.array.length) {
      bvh ??= new MeshBVH(occluderGeometry(request.meshes, request.boxes));
      const occlusion = occlusionAt(
        bvh,
        mesh.attributes.position.array,
        mesh.attributes.normal.array,
        options,
      );
      shade = Uint8Array.from(occlusion, (o) => Math.round(255 * (1 - options.strength * Math.min(1, o))));
    }
    const color = new Float32Array(shade.length * 3);
    for (let i = 0; i < shade.length; i++) color.fill(shade[i] / 255, i * 3, i * 3 + 3);
    return { ...mesh, attributes: { ...mesh.attributes, color: { array: color, itemSize: 3 } }, shade };
  });
  return {
    meshes: meshes.map(({ attributes, index }) => ({ attributes, index })),
    triangles: cut.reduce((s, m) => s + m.attributes.position.array.length / 9, 0),
    shades: meshes.map((m) => m.shade),
  };
}

/** A hash (FNV-1a, 32 bits, hex) of a request's geometry and options: the bake's cache key. */
export function bakeKey(request: AoBakeRequest): string {
  let h = 0x811c9dc5;
  const mix = (n: number) => {
    h ^= n;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  const options = { ...defaultAoOptions, ...request.options };
  mix(aoBakeVersion);
  for (const v of Object.values(options)) mix(Math.round(v * 1000));
  for (const mesh of request.meshes) {
    for (const name of Object.keys(mesh.attributes).sort()) {
      const bits = new Uint32Array(mesh.attributes[name].array.slice().buffer);
      for (let i = 0; i < bits.length; i++) mix(bits[i]);
    }
    if (mesh.index) for (let i = 0; i < mesh.index.length; i++) mix(mesh.index[i]);
  }
  for (const box of request.boxes) for (const v of [...box.min, ...box.max]) mix(Math.round(v * 1000));
  return `${h.toString(16).padStart(8, '0')}-${request.meshes.length}-${request.boxes.length}`;
}
