import {
  BufferAttribute,
  BufferGeometry,
  Color,
  type Material,
  Mesh,
  MeshLambertMaterial,
  MeshPhongMaterial,
  MeshStandardMaterial,
  type Texture,
} from 'three';
import { merge } from './geometry';
import { rangeOfTriangle, type TriangleRange } from './triangleRanges';

/**
 * Static batching: everything that never moves and needs no texture (props, picture frames, the
 * plain-coloured parts of still models) is baked into a few meshes, one per surface finish, with
 * each part's colour in its vertices. A space full of furniture and sculptures then costs a
 * handful of draw calls. Triangle ranges remember which object each part came from, for clicks.
 */

export interface BatchOwner {
  kind: 'prop' | 'picture' | 'model';
  id: string;
}

/** A surface finish: parts with the same finish share a material. */
export interface Finish {
  roughness: number;
  metalness: number;
}

export const defaultFinish: Finish = { roughness: 0.7, metalness: 0 };

/**
 * Finishes are rounded (roughness to quarters, metalness to halves) so that similar surfaces share
 * a material; the difference is hard to see and each finish is a draw call.
 */
export function roundFinish(f: Finish): Finish {
  return { roughness: Math.round(f.roughness * 4) / 4, metalness: Math.round(f.metalness * 2) / 2 };
}

const finishKey = (f: Finish) => `${f.roughness}|${f.metalness}`;

interface Part {
  geometry: BufferGeometry;
  owner: BatchOwner;
  triangles: number;
}

type OwnerRange = TriangleRange & { kind: BatchOwner['kind'] };

export interface BuiltBatch {
  meshes: Mesh[];
  /** Which owner each triangle of a mesh belongs to. */
  owners: Map<Mesh, OwnerRange[]>;
  dispose(): void;
}

export const ownerOfTriangle = (ranges: OwnerRange[], triangle: number): BatchOwner | null =>
  rangeOfTriangle(ranges, triangle);

const textureSlots = [
  'map',
  'normalMap',
  'roughnessMap',
  'metalnessMap',
  'alphaMap',
  'emissiveMap',
  'aoMap',
  'bumpMap',
];

/** The finish and colour of a material that can be baked, or null for one that cannot. */
export function bakeable(material: Material): { finish: Finish; color: Color } | null {
  if (material.transparent || material.opacity < 1 || material.alphaTest > 0) return null;
  const m = material as Material & Record<string, unknown>;
  if (textureSlots.some((slot) => (m[slot] as Texture | null | undefined) != null)) return null;
  const emissive = (m.emissive as Color | undefined)?.getHex() ?? 0;
  if (emissive !== 0) return null;
  if (material instanceof MeshStandardMaterial) {
    return {
      finish: { roughness: material.roughness, metalness: material.metalness },
      color: material.color.clone(),
    };
  }
  if (material instanceof MeshPhongMaterial || material instanceof MeshLambertMaterial) {
    return { finish: defaultFinish, color: material.color.clone() };
  }
  return null;
}

function copy3(attribute: BufferGeometry['attributes'][string]): Float32Array {
  const out = new Float32Array(attribute.count * 3);
  for (let i = 0; i < attribute.count; i++) {
    out[i * 3] = attribute.getX(i);
    out[i * 3 + 1] = attribute.getY(i);
    out[i * 3 + 2] = attribute.getZ(i);
  }
  return out;
}

/** Position, normal and colour only, indexed, so any two parts merge. */
function normalize(source: BufferGeometry, color: Color | null): BufferGeometry {
  const geometry = new BufferGeometry();
  const position = source.getAttribute('position');
  geometry.setAttribute('position', new BufferAttribute(copy3(position), 3));
  const normal = source.getAttribute('normal');
  if (normal) geometry.setAttribute('normal', new BufferAttribute(copy3(normal), 3));
  const own = source.getAttribute('color');
  const colors = own ? copy3(own) : new Float32Array(position.count * 3).fill(1);
  if (color) {
    for (let i = 0; i < colors.length; i += 3) {
      colors[i] *= color.r;
      colors[i + 1] *= color.g;
      colors[i + 2] *= color.b;
    }
  }
  geometry.setAttribute('color', new BufferAttribute(colors, 3));
  const index = source.index
    ? Uint32Array.from(source.index.array as ArrayLike<number>)
    : Uint32Array.from({ length: position.count }, (_, i) => i);
  geometry.setIndex(new BufferAttribute(index, 1));
  if (!normal) geometry.computeVertexNormals();
  return geometry;
}

export class StaticBatch {
  private readonly groups = new Map<string, { finish: Finish; parts: Part[] }>();

  /**
   * @param maxMetalness Without an environment to reflect, metal renders black: the builder
   *   caps metalness then, so metals look satin instead.
   */
  constructor(private readonly maxMetalness = 1) {}

  /** Adds a part already in world space; `color` multiplies its vertex colours (white if none). */
  add(
    geometry: BufferGeometry,
    owner: BatchOwner,
    finish: Finish = defaultFinish,
    color: Color | null = null,
  ) {
    const part = normalize(geometry, color);
    const rounded = roundFinish(finish);
    const key = finishKey(rounded);
    const group = this.groups.get(key) ?? { finish: rounded, parts: [] };
    group.parts.push({ geometry: part, owner, triangles: part.index!.count / 3 });
    this.groups.set(key, group);
  }

  /** Bakes a mesh (its world matrix up to date) if its material allows; returns whether it did. */
  addMesh(mesh: Mesh, owner: BatchOwner): boolean {
    if (Array.isArray(mesh.material) || (mesh as { isSkinnedMesh?: boolean }).isSkinnedMesh) return false;
    if (mesh.geometry.morphAttributes.position || !mesh.geometry.getAttribute('position')) return false;
    const bake = bakeable(mesh.material);
    if (!bake) return false;
    const world = mesh.geometry.clone().applyMatrix4(mesh.matrixWorld);
    this.add(world, owner, bake.finish, bake.color);
    world.dispose();
    return true;
  }

  build(): BuiltBatch {
    const meshes: Mesh[] = [];
    const owners: BuiltBatch['owners'] = new Map();
    const materials: Material[] = [];
    for (const [key, { finish, parts }] of this.groups) {
      const ranges: OwnerRange[] = [];
      let start = 0;
      for (const part of parts) {
        ranges.push({ start, count: part.triangles, id: part.owner.id, kind: part.owner.kind });
        start += part.triangles;
      }
      const material = new MeshStandardMaterial({
        vertexColors: true,
        roughness: finish.roughness,
        metalness: Math.min(finish.metalness, this.maxMetalness),
      });
      materials.push(material);
      const mesh = new Mesh(merge(parts.map((p) => p.geometry))!, material);
      mesh.name = `static-batch:${key}`;
      mesh.castShadow = true;
      mesh.receiveShadow = true;
      mesh.matrixAutoUpdate = false;
      meshes.push(mesh);
      owners.set(mesh, ranges);
    }
    this.groups.clear();
    return {
      meshes,
      owners,
      dispose() {
        meshes.forEach((m) => m.geometry.dispose());
        materials.forEach((m) => m.dispose());
      },
    };
  }
}
