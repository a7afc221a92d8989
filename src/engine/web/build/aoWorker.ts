import { BufferGeometry, BufferAttribute, Ray, TorusKnotGeometry, Vector3, DoubleSide } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { type AoBakeRequest, bakeAmbientOcclusion, bakeKey } from './aoBake';

/**
 * The ambient occlusion bake's worker: bakes a room off the page's main thread and keeps every
 * bake, keyed by a hash of the room's geometry, in memory and in IndexedDB, so a second visit (or
 * another space with the same room) casts no ray at all.
 */

export interface AoWorkerRequest {
  id: number;
  request: AoBakeRequest;
  /** Also time a yardstick of this machine's speed (the AO benchmark asks for it). */
  yardstick?: boolean;
}

export interface AoWorkerReply {
  id: number;
  meshes: AoBakeRequest['meshes'];
  triangles: number;
  /** Worker time of this bake, ms (hash, cache look-up, cutting, rays). */
  ms: number;
  cached: boolean;
  yardstickMs?: number;
  error?: string;
}

const memory = new Map<string, Uint8Array[]>();
const database = 'spaces-ambient-occlusion';
const storeName = 'bakes';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function stored(key: string): Promise<Uint8Array[] | undefined> {
  if (memory.has(key)) return memory.get(key);
  if (typeof indexedDB === 'undefined') return undefined;
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const get = db.transaction(storeName).objectStore(storeName).get(key);
      get.onsuccess = () => resolve(get.result as Uint8Array[] | undefined);
      get.onerror = () => reject(get.error ?? new Error('IndexedDB read failed'));
    });
  } finally {
    db.close();
  }
}

async function store(key: string, shades: Uint8Array[]) {
  memory.set(key, shades);
  if (typeof indexedDB === 'undefined') return;
  const db = await openDb();
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(storeName, 'readwrite');
      tx.objectStore(storeName).put(shades, key);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    });
  } finally {
    db.close();
  }
}

/**
 * A fixed amount of the same kind of work on this machine: a BVH of a 20 000-triangle knot and
 * 100 000 rays cast at it. Bake times are compared with it in one run (bench/aoBake.ts).
 */
export function yardstick(): number {
  const start = performance.now();
  const knot = new TorusKnotGeometry(1, 0.3, 500, 20);
  const geometry = new BufferGeometry();
  geometry.setAttribute(
    'position',
    new BufferAttribute(Float32Array.from(knot.toNonIndexed().attributes.position.array), 3),
  );
  const bvh = new MeshBVH(geometry);
  const ray = new Ray();
  let hits = 0;
  for (let i = 0; i < 100_000; i++) {
    const a = i * 2.399963;
    ray.origin.set(3 * Math.cos(a), ((i % 200) / 100 - 1) * 1.5, 3 * Math.sin(a));
    ray.direction
      .copy(ray.origin)
      .multiplyScalar(-1)
      .add(new Vector3(Math.sin(i), Math.cos(i * 1.3), 0).multiplyScalar(0.3))
      .normalize();
    if (bvh.raycastFirst(ray, DoubleSide, 0, 6)) hits++;
  }
  return hits >= 0 ? performance.now() - start : 0;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<AoWorkerRequest>) => void) | null;
  postMessage(message: AoWorkerReply, transfer: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, request } = e.data;
  void (async () => {
    const start = performance.now();
    try {
      const key = bakeKey(request);
      const before = await stored(key).catch(() => undefined);
      const result = bakeAmbientOcclusion(request, before);
      const cached = before !== undefined && before.every((s, k) => s === result.shades[k]);
      if (!cached) await store(key, result.shades).catch(() => memory.set(key, result.shades));
      const ms = performance.now() - start;
      const reply: AoWorkerReply = {
        id,
        meshes: result.meshes,
        triangles: result.triangles,
        ms,
        cached,
        yardstickMs: e.data.yardstick ? yardstick() : undefined,
      };
      const transfer = result.meshes.flatMap((m) => Object.values(m.attributes).map((a) => a.array.buffer));
      scope.postMessage(reply, transfer);
    } catch (error) {
      scope.postMessage(
        { id, meshes: [], triangles: 0, ms: performance.now() - start, cached: false, error: String(error) },
        [],
      );
    }
  })();
};
