import { type AnimationClip, Box3, type Material, Mesh, type Object3D, type Texture, Vector3 } from 'three';

/**
 * What the asset form shows about a model (districts-commerce-spaces.md §3): its size in metres
 * and counts of animation clips, triangles, meshes, materials and textures.
 */
export interface AssetStats {
  dimensions: { x: number; y: number; z: number };
  animationClips: string[];
  triangles: number;
  meshes: number;
  materials: number;
  textures: number;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export function assetStats(root: Object3D, animations: AnimationClip[] = []): AssetStats {
  root.updateMatrixWorld(true);
  const box = new Box3().setFromObject(root);
  const size = box.isEmpty() ? new Vector3() : box.getSize(new Vector3());
  let triangles = 0;
  let meshes = 0;
  const materials = new Set<Material>();
  const textures = new Set<Texture>();
  root.traverse((o) => {
    if (!(o instanceof Mesh)) return;
    meshes++;
    const geometry = o.geometry;
    const count = geometry.index ? geometry.index.count : (geometry.getAttribute('position')?.count ?? 0);
    const drawn = Math.min(count, geometry.drawRange.count);
    triangles += Math.floor(drawn / 3);
    for (const m of Array.isArray(o.material) ? o.material : [o.material]) {
      materials.add(m);
      for (const value of Object.values(m)) {
        if (value && typeof value === 'object' && (value as Texture).isTexture)
          textures.add(value as Texture);
      }
    }
  });
  return {
    dimensions: { x: round(size.x), y: round(size.y), z: round(size.z) },
    animationClips: animations.map((a, i) => a.name || `Clip ${i + 1}`),
    triangles,
    meshes,
    materials: materials.size,
    textures: textures.size,
  };
}
