/**
 * A minimal glTF 2.0 binary (GLB) writer: meshes with POSITION, NORMAL and indices, PBR
 * metallic-roughness materials given by factors only (no textures), a node tree with TRS
 * transforms, and animations on node translation, rotation or scale. Just enough for the demo
 * sculptures; the layout follows the glTF 2.0 specification, sections "GLB File Format
 * Specification" and "Binary Data Storage".
 */

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];

export interface GlbMaterial {
  name: string;
  /** Linear RGBA. */
  baseColor: Quat;
  metallic: number;
  roughness: number;
  doubleSided?: boolean;
}

export interface GlbPrimitive {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint16Array | Uint32Array;
  /** Index into the document's materials. */
  material: number;
}

export interface GlbMesh {
  name: string;
  primitives: GlbPrimitive[];
}

export interface GlbNode {
  name: string;
  mesh?: number;
  children?: number[];
  translation?: Vec3;
  rotation?: Quat;
  scale?: Vec3;
}

export interface GlbChannel {
  node: number;
  path: 'translation' | 'rotation' | 'scale';
  /** Key times in seconds. */
  times: Float32Array;
  /** 3 numbers per key for translation and scale, 4 (a quaternion x, y, z, w) for rotation. */
  values: Float32Array;
}

export interface GlbAnimation {
  name: string;
  channels: GlbChannel[];
}

export interface GlbDocument {
  meshes: GlbMesh[];
  materials: GlbMaterial[];
  nodes: GlbNode[];
  /** Nodes at the top of the scene. */
  roots: number[];
  animations?: GlbAnimation[];
}

const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'

/** Rounds away float noise (0.30000000000000004) so the JSON stays short and readable. */
const tidy = (v: number) => Math.round(v * 1e6) / 1e6;
const pad4 = (n: number) => (n + 3) & ~3;

type Json = Record<string, unknown>;

/** Collects binary data into one buffer, each view aligned to 4 bytes as the spec requires. */
class BinaryBuilder {
  private parts: Uint8Array[] = [];
  private length = 0;
  readonly bufferViews: Json[] = [];
  readonly accessors: Json[] = [];

  private view(data: ArrayBufferView, target?: number): number {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const byteOffset = this.length;
    this.parts.push(bytes);
    this.length += bytes.byteLength;
    const padding = pad4(this.length) - this.length;
    if (padding > 0) {
      this.parts.push(new Uint8Array(padding));
      this.length += padding;
    }
    this.bufferViews.push({
      buffer: 0,
      byteOffset,
      byteLength: bytes.byteLength,
      ...(target ? { target } : {}),
    });
    return this.bufferViews.length - 1;
  }

  /** Adds an accessor over `data` read `size` numbers at a time; min/max when the spec wants them. */
  accessor(
    data: Float32Array | Uint16Array | Uint32Array,
    size: 1 | 3 | 4,
    options: { target?: number; bounds?: boolean } = {},
  ): number {
    const componentType =
      data instanceof Float32Array ? FLOAT : data instanceof Uint16Array ? UNSIGNED_SHORT : UNSIGNED_INT;
    const count = data.length / size;
    const accessor: Json = {
      bufferView: this.view(data, options.target),
      componentType,
      count,
      type: size === 1 ? 'SCALAR' : size === 3 ? 'VEC3' : 'VEC4',
    };
    if (options.bounds) {
      const min = new Array<number>(size).fill(Infinity);
      const max = new Array<number>(size).fill(-Infinity);
      for (let i = 0; i < count; i++) {
        for (let k = 0; k < size; k++) {
          min[k] = Math.min(min[k], data[i * size + k]);
          max[k] = Math.max(max[k], data[i * size + k]);
        }
      }
      accessor.min = min.map(tidy);
      accessor.max = max.map(tidy);
    }
    this.accessors.push(accessor);
    return this.accessors.length - 1;
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.byteLength;
    }
    return out;
  }
}

function nodeJson(node: GlbNode): Json {
  const isIdentityRotation = node.rotation && node.rotation.every((v, i) => tidy(v) === (i === 3 ? 1 : 0));
  return {
    name: node.name,
    ...(node.mesh !== undefined ? { mesh: node.mesh } : {}),
    ...(node.children?.length ? { children: node.children } : {}),
    ...(node.translation && node.translation.some((v) => tidy(v) !== 0)
      ? { translation: node.translation.map(tidy) }
      : {}),
    ...(node.rotation && !isIdentityRotation ? { rotation: node.rotation.map(tidy) } : {}),
    ...(node.scale && node.scale.some((v) => tidy(v) !== 1) ? { scale: node.scale.map(tidy) } : {}),
  };
}

export function encodeGlb(doc: GlbDocument): Uint8Array {
  const bin = new BinaryBuilder();
  const meshes = doc.meshes.map((mesh) => ({
    name: mesh.name,
    primitives: mesh.primitives.map((p) => ({
      attributes: {
        POSITION: bin.accessor(p.positions, 3, { target: ARRAY_BUFFER, bounds: true }),
        NORMAL: bin.accessor(p.normals, 3, { target: ARRAY_BUFFER }),
      },
      indices: bin.accessor(p.indices, 1, { target: ELEMENT_ARRAY_BUFFER }),
      material: p.material,
      mode: 4, // triangles
    })),
  }));
  const animations = (doc.animations ?? []).map((animation) => {
    const samplers: Json[] = [];
    const channels = animation.channels.map((channel) => {
      samplers.push({
        input: bin.accessor(channel.times, 1, { bounds: true }),
        output: bin.accessor(channel.values, channel.path === 'rotation' ? 4 : 3),
        interpolation: 'LINEAR',
      });
      return { sampler: samplers.length - 1, target: { node: channel.node, path: channel.path } };
    });
    return { name: animation.name, samplers, channels };
  });
  const binary = bin.bytes();

  const json: Json = {
    asset: { version: '2.0', generator: 'Spaces demo-assets (scripts/demo-assets/glb.ts)' },
    scene: 0,
    scenes: [{ nodes: doc.roots }],
    nodes: doc.nodes.map(nodeJson),
    meshes,
    materials: doc.materials.map((m) => ({
      name: m.name,
      pbrMetallicRoughness: {
        baseColorFactor: m.baseColor.map(tidy),
        metallicFactor: tidy(m.metallic),
        roughnessFactor: tidy(m.roughness),
      },
      ...(m.doubleSided ? { doubleSided: true } : {}),
    })),
    ...(animations.length ? { animations } : {}),
    accessors: bin.accessors,
    bufferViews: bin.bufferViews,
    buffers: [{ byteLength: binary.byteLength }],
  };

  // The JSON chunk is padded with spaces and the BIN chunk with zeros, to 4-byte boundaries.
  const jsonText = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad4(jsonText.byteLength);
  const binLength = pad4(binary.byteLength);
  const total = 12 + 8 + jsonLength + 8 + binLength;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(jsonText, 20);
  const binStart = 20 + jsonLength;
  view.setUint32(binStart, binLength, true);
  view.setUint32(binStart + 4, CHUNK_BIN, true);
  out.set(binary, binStart + 8);
  return out;
}
