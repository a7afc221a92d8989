import { BufferAttribute, BufferGeometry, type Material, type Mesh } from 'three';
import type { MeshData, OccluderBox } from './aoBake';
import type { AoWorkerReply, AoWorkerRequest } from './aoWorker';

/**
 * The page's side of the ambient occlusion bake: sends a built room's surfaces (and the boxes of
 * the objects standing in it) to the bake worker, and puts the answer on the room: each surface
 * mesh gets its cut geometry with the occlusion as vertex colours and a copy of its material that
 * uses them. The same number of meshes, so the same number of draw calls. Nothing is cast here.
 */

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (reply: AoWorkerReply) => void>();

function bakeWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./aoWorker.ts', import.meta.url), {
      type: 'module',
      name: 'ambient-occlusion',
    });
    worker.onmessage = (e: MessageEvent<AoWorkerReply>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
  }
  return worker;
}

function dataOf(geometry: BufferGeometry): MeshData {
  const attributes: MeshData['attributes'] = {};
  for (const name of ['position', 'normal', 'uv']) {
    const attribute = geometry.getAttribute(name);
    if (!attribute) continue;
    attributes[name] = {
      array: Float32Array.from(attribute.array as ArrayLike<number>),
      itemSize: attribute.itemSize,
    };
  }
  return { attributes, index: geometry.index ? Uint32Array.from(geometry.index.array) : null };
}

function geometryOf(data: MeshData): BufferGeometry {
  const geometry = new BufferGeometry();
  for (const [name, { array, itemSize }] of Object.entries(data.attributes)) {
    geometry.setAttribute(name, new BufferAttribute(array, itemSize));
  }
  if (data.index) geometry.setIndex(new BufferAttribute(data.index, 1));
  geometry.computeBoundingSphere();
  geometry.computeBoundingBox();
  return geometry;
}

export interface OcclusionReport {
  triangles: number;
  workerMs: number;
  cached: boolean;
  yardstickMs?: number;
}

/**
 * Bakes and applies ambient occlusion to `surfaces` (the room's opaque meshes, world space).
 * Resolves with the bake's report, or null when aborted or when the worker failed (the room then
 * stays as it was). `dispose` of the result undoes nothing but frees the material copies.
 */
export async function bakeRoomOcclusion(
  surfaces: Mesh[],
  boxes: OccluderBox[],
  signal: AbortSignal,
  options: { yardstick?: boolean } = {},
): Promise<{ report: OcclusionReport; dispose(): void } | null> {
  if (surfaces.length === 0 || typeof Worker === 'undefined') return null;
  const id = nextId++;
  const message: AoWorkerRequest = {
    id,
    request: { meshes: surfaces.map((m) => dataOf(m.geometry)), boxes },
    yardstick: options.yardstick,
  };
  const reply = await new Promise<AoWorkerReply>((resolve) => {
    waiting.set(id, resolve);
    bakeWorker().postMessage(message);
  });
  if (reply.error) console.warn('Ambient occlusion was not baked:', reply.error);
  if (signal.aborted || reply.error || reply.meshes.length !== surfaces.length) return null;
  const copies: Material[] = [];
  surfaces.forEach((mesh, k) => {
    const old = mesh.geometry;
    mesh.geometry = geometryOf(reply.meshes[k]);
    old.dispose();
    const material = (mesh.material as Material).clone();
    (material as Material & { vertexColors: boolean }).vertexColors = true;
    copies.push(material);
    mesh.material = material;
  });
  return {
    report: {
      triangles: reply.triangles,
      workerMs: reply.ms,
      cached: reply.cached,
      yardstickMs: reply.yardstickMs,
    },
    dispose: () => copies.forEach((m) => m.dispose()),
  };
}
