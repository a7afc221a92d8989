import {
  type AnimationClip,
  type BufferGeometry,
  DoubleSide,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  QuaternionKeyframeTrack,
  VectorKeyframeTrack,
} from 'three';
import type { GlbChannel, GlbDocument, GlbMaterial, GlbNode, GlbPrimitive } from './glb';

/**
 * Turns a three.js object tree (Groups and Meshes with MeshStandardMaterial) and its animation
 * clips into the plain description glb.ts writes. The sculptures are modelled with ordinary
 * three.js objects; this keeps the GLB writer free of three.js.
 */
export function documentFromThree(root: Object3D, clips: AnimationClip[] = []): GlbDocument {
  const doc: GlbDocument = { meshes: [], materials: [], nodes: [], roots: [] };
  const materialIndex = new Map<MeshStandardMaterial, number>();
  // A geometry drawn by several meshes with the same material is stored once.
  const meshIndex = new Map<string, number>();
  const nodeIndex = new Map<string, number>();

  const material = (m: MeshStandardMaterial): number => {
    let index = materialIndex.get(m);
    if (index === undefined) {
      const entry: GlbMaterial = {
        name: m.name || `material-${doc.materials.length}`,
        baseColor: [m.color.r, m.color.g, m.color.b, m.opacity],
        metallic: m.metalness,
        roughness: m.roughness,
        doubleSided: m.side === DoubleSide,
      };
      index = doc.materials.push(entry) - 1;
      materialIndex.set(m, index);
    }
    return index;
  };

  const mesh = (object: Mesh): number => {
    if (!(object.material instanceof MeshStandardMaterial)) {
      throw new Error(`${object.name}: only one MeshStandardMaterial per mesh is supported`);
    }
    const key = `${object.geometry.uuid}/${object.material.uuid}`;
    let index = meshIndex.get(key);
    if (index === undefined) {
      const primitive = { ...geometryArrays(object.geometry), material: material(object.material) };
      index =
        doc.meshes.push({ name: object.name || `mesh-${doc.meshes.length}`, primitives: [primitive] }) - 1;
      meshIndex.set(key, index);
    }
    return index;
  };

  const visit = (object: Object3D): number => {
    const node: GlbNode = {
      name: object.name,
      translation: object.position.toArray(),
      rotation: object.quaternion.toArray() as GlbNode['rotation'],
      scale: object.scale.toArray(),
    };
    if (object instanceof Mesh) node.mesh = mesh(object);
    const index = doc.nodes.push(node) - 1;
    if (object.name) nodeIndex.set(object.name, index);
    node.children = object.children.map(visit);
    return index;
  };
  doc.roots = [visit(root)];

  doc.animations = clips.map((clip) => ({
    name: clip.name,
    channels: clip.tracks.map((track): GlbChannel => {
      // three names tracks "<node name>.<property>".
      const [nodeName, property] = track.name.split('.');
      const node = nodeIndex.get(nodeName);
      if (node === undefined) throw new Error(`Animation track ${track.name}: no node named ${nodeName}`);
      const path =
        track instanceof QuaternionKeyframeTrack
          ? 'rotation'
          : track instanceof VectorKeyframeTrack && property === 'position'
            ? 'translation'
            : track instanceof VectorKeyframeTrack && property === 'scale'
              ? 'scale'
              : undefined;
      if (!path) throw new Error(`Animation track ${track.name}: unsupported property`);
      return { node, path, times: Float32Array.from(track.times), values: Float32Array.from(track.values) };
    }),
  }));
  return doc;
}

function geometryArrays(geometry: BufferGeometry): Omit<GlbPrimitive, 'material'> {
  if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
  const positions = Float32Array.from(geometry.getAttribute('position').array);
  const normals = Float32Array.from(geometry.getAttribute('normal').array);
  const vertexCount = positions.length / 3;
  const source = geometry.index ? geometry.index.array : Array.from({ length: vertexCount }, (_, i) => i);
  const indices = vertexCount < 65536 ? Uint16Array.from(source) : Uint32Array.from(source);
  return { positions, normals, indices };
}
