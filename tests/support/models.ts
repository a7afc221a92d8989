import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

/**
 * Models made in code for the intake's tests and benchmark (nothing large is committed): a
 * height-field grid of any triangle count, a PBR model with photo-like textures, a box of any
 * size, and a multi-object textured OBJ with its MTL.
 */

/**
 * A photo-like texture: soft blobs of colour (low-resolution noise scaled up) with fine grain on
 * top, so that it compresses like a photograph, not like flat colour or pure noise.
 */
export async function photoTexture(
  side: number,
  format: 'png' | 'jpeg' = 'png',
  grain = 18,
): Promise<Buffer> {
  const small = Math.max(2, side >> 5);
  const blobs = await sharp({
    create: {
      width: small,
      height: small,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 70 },
    },
  })
    .raw()
    .toBuffer();
  const raw = { width: side, height: side, channels: 3 as const };
  let image = sharp(blobs, { raw: { width: small, height: small, channels: 3 } }).resize(side, side, {
    kernel: 'cubic',
  });
  if (grain > 0) {
    const fine = await sharp({
      create: { ...raw, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: grain } },
    })
      .raw()
      .toBuffer();
    image = sharp(await image.raw().toBuffer(), { raw }).composite([
      { input: fine, raw, blend: 'soft-light' },
    ]);
  }
  const rgb = sharp(await image.removeAlpha().raw().toBuffer(), { raw });
  return format === 'png'
    ? rgb.png({ adaptiveFiltering: true }).toBuffer()
    : rgb.jpeg({ quality: 90 }).toBuffer();
}

function turned(image: Buffer, degrees: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const rotated = sharp(image).rotate(degrees);
  return format === 'png'
    ? rotated.png({ adaptiveFiltering: true }).toBuffer()
    : rotated.jpeg({ quality: 90 }).toBuffer();
}

/** Positions, UVs and indices of an n × n quad grid, 1 m across, its height a gentle wave. */
export function gridArrays(n: number, offset: [number, number, number] = [0, 0, 0]) {
  const positions = new Float32Array((n + 1) * (n + 1) * 3);
  const uvs = new Float32Array((n + 1) * (n + 1) * 2);
  for (let y = 0, i = 0; y <= n; y++)
    for (let x = 0; x <= n; x++, i++) {
      const u = x / n;
      const v = y / n;
      positions.set(
        [offset[0] + u - 0.5, offset[1] + 0.05 * Math.sin(u * 9) * Math.cos(v * 7), offset[2] + v - 0.5],
        i * 3,
      );
      uvs.set([u, v], i * 2);
    }
  const indices = new Uint32Array(n * n * 6);
  for (let y = 0, k = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x;
      const b = a + n + 1;
      indices.set([a, b, a + 1, a + 1, b, b + 1], k);
      k += 6;
    }
  return { positions, uvs, indices };
}

const io = new NodeIO();

/** A document with one grid mesh (2·n² triangles) and a material, scaled by `scale`. */
function gridDocument(n: number, scale: [number, number, number] = [1, 1, 1]) {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const { positions, uvs, indices } = gridArrays(n);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(uvs).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
    .setMaterial(doc.createMaterial('surface'));
  const node = doc.createNode('grid').setMesh(doc.createMesh('grid').addPrimitive(prim)).setScale(scale);
  doc.createScene().addChild(node);
  return doc;
}

/** A GLB of one grid mesh of 2·n² triangles. */
export const denseMeshGlb = (n: number) => io.writeBinary(gridDocument(n));

/** A GLB of a grid (1 m across, about 0.1 m high) scaled by `scale` on its node. */
export const scaledGridGlb = (scale: [number, number, number]) => io.writeBinary(gridDocument(4, scale));

/**
 * A PBR model: a grid with base colour, metallic-roughness and normal textures, each a photo-like
 * PNG (or JPEG) of `side`² (fewer maps with `maps`), and an animation clip.
 */
export async function pbrModelGlb(
  side: number,
  maps = 3,
  grain = 18,
  format: 'png' | 'jpeg' = 'png',
): Promise<Uint8Array> {
  const doc = gridDocument(64);
  const material = doc.getRoot().listMaterials()[0];
  // One photo-like texture (making one of 4096² takes seconds); the other maps are it turned a
  // quarter at a time, so they are as costly to process and no two are the same image.
  const photo = await photoTexture(side, format, grain);
  let turns = 0;
  const texture = async (name: string) => {
    const image = turns === 0 ? photo : await turned(photo, turns * 90, format);
    turns++;
    return doc.createTexture(name).setImage(image).setMimeType(`image/${format}`);
  };
  material.setBaseColorTexture(await texture('albedo'));
  if (maps > 1) material.setMetallicRoughnessTexture(await texture('orm'));
  if (maps > 2) material.setNormalTexture(await texture('normal'));
  const node = doc.getRoot().listNodes()[0];
  const buffer = doc.getRoot().listBuffers()[0];
  const times = doc
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Float32Array([0, 1, 2]))
    .setBuffer(buffer);
  const values = doc
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 0, 0, 0, 0.5, 0, 0, 0, 0]))
    .setBuffer(buffer);
  const sampler = doc.createAnimationSampler().setInput(times).setOutput(values);
  doc
    .createAnimation('Bob')
    .addSampler(sampler)
    .addChannel(
      doc.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler),
    );
  return io.writeBinary(doc);
}

export interface ObjFiles {
  obj: string;
  mtl: string;
  textures: Record<string, Buffer>;
}

/**
 * A multi-object OBJ as exporters write it: `objects` grids of n × n quads side by side (quads,
 * no normals, smoothing on), each with its own material and a `textureSide`² photo-like JPEG.
 */
export async function texturedObj(objects: number, n: number, textureSide: number): Promise<ObjFiles> {
  const lines = ['# made by tests/support/models.ts', 'mtllib scene.mtl'];
  const mtl: string[] = [];
  const textures: Record<string, Buffer> = {};
  let base = 0;
  for (let o = 0; o < objects; o++) {
    const { positions, uvs } = gridArrays(n, [o * 1.2, 0, 0]);
    lines.push(`o Part_${o + 1}`);
    for (let i = 0; i < positions.length; i += 3)
      lines.push(
        `v ${positions[i].toFixed(5)} ${positions[i + 1].toFixed(5)} ${positions[i + 2].toFixed(5)}`,
      );
    for (let i = 0; i < uvs.length; i += 2) lines.push(`vt ${uvs[i].toFixed(5)} ${uvs[i + 1].toFixed(5)}`);
    lines.push('s 1', `usemtl Material_${o + 1}`);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const a = base + y * (n + 1) + x + 1;
        const b = a + n + 1;
        lines.push(`f ${a}/${a} ${b}/${b} ${b + 1}/${b + 1} ${a + 1}/${a + 1}`);
      }
    base += (n + 1) * (n + 1);
    const name = `Textures/part_${o + 1}.jpg`;
    textures[name] = await photoTexture(textureSide, 'jpeg');
    mtl.push(
      `newmtl Material_${o + 1}`,
      'Ns 96.0',
      'Kd 0.8 0.8 0.8',
      'Ks 0.5 0.5 0.5',
      'd 1',
      `map_Kd ${name}`,
      '',
    );
  }
  return { obj: lines.join('\r\n') + '\r\n', mtl: mtl.join('\r\n'), textures };
}

/** A GLB of `n` small grids side by side, each with its own colour of material. */
export async function manyMaterialsGlb(n: number): Promise<Uint8Array> {
  const doc = gridDocument(2);
  const root = doc.getRoot();
  const [mesh] = root.listMeshes();
  const [scene] = root.listScenes();
  const [first] = mesh.listPrimitives();
  for (let i = 0; i < n; i++) {
    const material = doc.createMaterial(`colour ${i}`).setBaseColorFactor([i / n, 1 - i / n, 0.5, 1]);
    const prim = i === 0 ? first : first.clone();
    prim.setMaterial(material);
    const node = doc.createNode(`tile ${i}`).setMesh(doc.createMesh(`tile ${i}`).addPrimitive(prim));
    scene.addChild(node.setTranslation([i * 1.1, 0, 0]));
  }
  scene.removeChild(root.listNodes()[0]);
  root.listNodes()[0].dispose();
  mesh.dispose();
  root.listMaterials()[0].dispose();
  return io.writeBinary(doc);
}

/** The grid GLB with its base colour texture's bytes replaced by something no decoder reads. */
export async function brokenTextureGlb(): Promise<Uint8Array> {
  const doc = gridDocument(4);
  const texture = doc
    .createTexture('broken')
    .setImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]))
    .setMimeType('image/png');
  doc.getRoot().listMaterials()[0].setBaseColorTexture(texture);
  return io.writeBinary(doc);
}
