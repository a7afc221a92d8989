import type { Document, Texture } from '@gltf-transform/core';
import { getBounds } from '@gltf-transform/functions';
import { textureMemoryBytes } from '../../../contracts/modelBudget';
import type { ModelFigures } from '../../../contracts/modelIntake';

/** Triangles drawn: each mesh's primitives, once per node that shows the mesh. */
export function countTriangles(document: Document): number {
  let triangles = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    let perMesh = 0;
    for (const prim of mesh.listPrimitives()) {
      const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
      const mode = prim.getMode();
      if (mode === 4) perMesh += Math.floor(count / 3);
      else if (mode === 5 || mode === 6) perMesh += Math.max(0, count - 2);
    }
    const instances = mesh.listParents().filter((p) => p.propertyType === 'Node').length;
    triangles += perMesh * Math.max(1, instances);
  }
  return triangles;
}

/**
 * The model's size in metres (x, y, z): the world-space box around every scene's nodes.
 * Zero when it has no geometry.
 */
export function sizeOf(document: Document): [number, number, number] {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const scene of document.getRoot().listScenes()) {
    const box = getBounds(scene);
    for (let i = 0; i < 3; i++) {
      if (Number.isFinite(box.min[i])) min[i] = Math.min(min[i], box.min[i]);
      if (Number.isFinite(box.max[i])) max[i] = Math.max(max[i], box.max[i]);
    }
  }
  return [0, 1, 2].map((i) => (max[i] >= min[i] ? round(max[i] - min[i]) : 0)) as [number, number, number];
}

/** Six significant digits: enough for metres, without float noise in the answer. */
const round = (n: number) => Number(n.toPrecision(6));

/** A texture's pixel size from its header; null when the image is damaged or of an unknown kind. */
function sizeOfTexture(texture: Texture): [number, number] | null {
  try {
    return texture.getSize();
  } catch {
    return null;
  }
}

/** The figures of a document written as `bytes` bytes. */
export function figuresOf(document: Document, bytes: number): ModelFigures {
  const root = document.getRoot();
  let textureMemory = 0;
  let largestSide = 0;
  for (const texture of root.listTextures()) {
    const size = sizeOfTexture(texture);
    if (!size) continue;
    textureMemory += textureMemoryBytes(size[0], size[1]);
    largestSide = Math.max(largestSide, size[0], size[1]);
  }
  return {
    triangles: countTriangles(document),
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
    textureMemoryBytes: textureMemory,
    largestTextureSide: largestSide,
    bytes,
    animations: root.listAnimations().map((a, i) => a.getName() || `Animation ${i + 1}`),
    size: sizeOf(document),
  };
}
