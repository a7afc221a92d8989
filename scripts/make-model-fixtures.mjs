// Makes the compressed test models in e2e/fixtures/models: the same 2 × 1 × 0.5 m box (12
// triangles) as a Draco GLB (KHR_draco_mesh_compression) and as a meshopt GLB
// (EXT_meshopt_compression), both with the extension required, as Blender and gltfpack write them.
// The files are committed; run this only to make them again:
//   npm pack draco3d && tar xzf draco3d-*.tgz   (anywhere outside the project)
//   DRACO3D=/path/to/package node scripts/make-model-fixtures.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MeshoptEncoder } from 'meshoptimizer';

const require = createRequire(import.meta.url);
const out = path.resolve('e2e/fixtures/models');

// The box, 24 vertices (a normal per face), 36 indices.
const [hx, hy, hz] = [1, 0.5, 0.25];
const faces = [
  [
    [1, 0, 0],
    [
      [hx, -hy, hz],
      [hx, -hy, -hz],
      [hx, hy, -hz],
      [hx, hy, hz],
    ],
  ],
  [
    [-1, 0, 0],
    [
      [-hx, -hy, -hz],
      [-hx, -hy, hz],
      [-hx, hy, hz],
      [-hx, hy, -hz],
    ],
  ],
  [
    [0, 1, 0],
    [
      [-hx, hy, hz],
      [hx, hy, hz],
      [hx, hy, -hz],
      [-hx, hy, -hz],
    ],
  ],
  [
    [0, -1, 0],
    [
      [-hx, -hy, -hz],
      [hx, -hy, -hz],
      [hx, -hy, hz],
      [-hx, -hy, hz],
    ],
  ],
  [
    [0, 0, 1],
    [
      [-hx, -hy, hz],
      [hx, -hy, hz],
      [hx, hy, hz],
      [-hx, hy, hz],
    ],
  ],
  [
    [0, 0, -1],
    [
      [hx, -hy, -hz],
      [-hx, -hy, -hz],
      [-hx, hy, -hz],
      [hx, hy, -hz],
    ],
  ],
];
const positions = new Float32Array(faces.flatMap(([, corners]) => corners.flat()));
const normals = new Float32Array(faces.flatMap(([n]) => [n, n, n, n].flat()));
const indices = new Uint16Array(faces.flatMap((_, f) => [0, 1, 2, 0, 2, 3].map((i) => f * 4 + i)));
const vertexCount = positions.length / 3;
const bounds = { min: [-hx, -hy, -hz], max: [hx, hy, hz] };

const pad4 = (n) => (n + 3) & ~3;

/** A GLB of `json` and one binary chunk. */
function glb(json, bin) {
  const jsonBytes = Buffer.from(JSON.stringify(json));
  const jsonChunk = Buffer.concat([jsonBytes, Buffer.alloc(pad4(jsonBytes.length) - jsonBytes.length, 0x20)]);
  const binChunk = Buffer.concat([bin, Buffer.alloc(pad4(bin.length) - bin.length)]);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + jsonChunk.length + 8 + binChunk.length, 8);
  const chunk = (type, data) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(data.length, 0);
    h.writeUInt32LE(type, 4);
    return Buffer.concat([h, data]);
  };
  return Buffer.concat([header, chunk(0x4e4f534a, jsonChunk), chunk(0x004e4942, binChunk)]);
}

const material = { pbrMetallicRoughness: { baseColorFactor: [0.2, 0.5, 0.8, 1], metallicFactor: 0 } };

function dracoBox(draco) {
  const encoder = new draco.Encoder();
  const builder = new draco.MeshBuilder();
  const mesh = new draco.Mesh();
  builder.AddFacesToMesh(mesh, indices.length / 3, new Uint32Array(indices));
  const position = builder.AddFloatAttributeToMesh(mesh, draco.POSITION, vertexCount, 3, positions);
  const normal = builder.AddFloatAttributeToMesh(mesh, draco.NORMAL, vertexCount, 3, normals);
  encoder.SetEncodingMethod(draco.MESH_SEQUENTIAL_ENCODING);
  encoder.SetAttributeQuantization(draco.POSITION, 14);
  encoder.SetAttributeQuantization(draco.NORMAL, 10);
  const array = new draco.DracoInt8Array();
  const length = encoder.EncodeMeshToDracoBuffer(mesh, array);
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = array.GetValue(i);
  for (const o of [array, mesh, builder, encoder]) draco.destroy(o);
  const json = {
    asset: { version: '2.0', generator: 'scripts/make-model-fixtures.mjs' },
    extensionsUsed: ['KHR_draco_mesh_compression'],
    extensionsRequired: ['KHR_draco_mesh_compression'],
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'DracoBox' }],
    meshes: [
      {
        primitives: [
          {
            attributes: { POSITION: 0, NORMAL: 1 },
            indices: 2,
            material: 0,
            extensions: {
              KHR_draco_mesh_compression: {
                bufferView: 0,
                attributes: { POSITION: position, NORMAL: normal },
              },
            },
          },
        ],
      },
    ],
    materials: [material],
    accessors: [
      { componentType: 5126, count: vertexCount, type: 'VEC3', ...bounds },
      { componentType: 5126, count: vertexCount, type: 'VEC3' },
      { componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: bytes.length }],
    buffers: [{ byteLength: pad4(bytes.length) }],
  };
  return glb(json, bytes);
}

function meshoptBox() {
  const vertices = new Uint8Array(vertexCount * 24);
  const view = new DataView(vertices.buffer);
  for (let v = 0; v < vertexCount; v++) {
    for (let c = 0; c < 3; c++) {
      view.setFloat32(v * 24 + c * 4, positions[v * 3 + c], true);
      view.setFloat32(v * 24 + 12 + c * 4, normals[v * 3 + c], true);
    }
  }
  const index = new Uint8Array(indices.buffer.slice(0));
  const vertexData = Buffer.from(MeshoptEncoder.encodeGltfBuffer(vertices, vertexCount, 24, 'ATTRIBUTES'));
  const indexData = Buffer.from(MeshoptEncoder.encodeGltfBuffer(index, indices.length, 2, 'TRIANGLES'));
  const indexOffset = pad4(vertexData.length);
  const compressed = Buffer.concat([vertexData, Buffer.alloc(indexOffset - vertexData.length), indexData]);
  const json = {
    asset: { version: '2.0', generator: 'scripts/make-model-fixtures.mjs' },
    extensionsUsed: ['EXT_meshopt_compression'],
    extensionsRequired: ['EXT_meshopt_compression'],
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'MeshoptBox' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, indices: 2, material: 0 }] }],
    materials: [material],
    accessors: [
      { bufferView: 0, byteOffset: 0, componentType: 5126, count: vertexCount, type: 'VEC3', ...bounds },
      { bufferView: 0, byteOffset: 12, componentType: 5126, count: vertexCount, type: 'VEC3' },
      { bufferView: 1, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
    bufferViews: [
      {
        buffer: 1,
        byteOffset: 0,
        byteLength: vertices.length,
        byteStride: 24,
        target: 34962,
        extensions: {
          EXT_meshopt_compression: {
            buffer: 0,
            byteOffset: 0,
            byteLength: vertexData.length,
            byteStride: 24,
            mode: 'ATTRIBUTES',
            count: vertexCount,
          },
        },
      },
      {
        buffer: 1,
        byteOffset: vertices.length,
        byteLength: index.length,
        target: 34963,
        extensions: {
          EXT_meshopt_compression: {
            buffer: 0,
            byteOffset: indexOffset,
            byteLength: indexData.length,
            byteStride: 2,
            mode: 'TRIANGLES',
            count: indices.length,
          },
        },
      },
    ],
    buffers: [
      { byteLength: pad4(compressed.length) },
      {
        byteLength: pad4(vertices.length + index.length),
        extensions: { EXT_meshopt_compression: { fallback: true } },
      },
    ],
  };
  return glb(json, compressed);
}

const draco3d = require(path.join(process.env.DRACO3D ?? 'draco3d', 'draco3d.js'));
const draco = await draco3d.createEncoderModule({});
writeFileSync(path.join(out, 'box-draco.glb'), dracoBox(draco));
await MeshoptEncoder.ready;
writeFileSync(path.join(out, 'box-meshopt.glb'), meshoptBox());
console.log('wrote box-draco.glb and box-meshopt.glb in', out);
