import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  objToDocument,
  parseMapStatement,
  parseMtl,
  parseObj,
  roughnessOfNs,
} from '../../../server/uploads/modelIntake/obj';
import { type IntakePart, PartIndex } from '../../../server/uploads/modelIntake/parts';

/** Two objects as Blender writes them (with normals and UVs), CRLF line ends. */
const blenderObj = [
  '# Blender 4.1.1',
  '#www.blender.org',
  'mtllib Two Things.mtl',
  'o Crate',
  'v -1 -1 1',
  'v 1 -1 1',
  'v 1 1 1',
  'v -1 1 1',
  'vn 0 0 1',
  'vt 0 0',
  'vt 1 0',
  'vt 1 1',
  'vt 0 1',
  's 0',
  'usemtl Wood',
  'f 1/1/1 2/2/1 3/3/1 4/4/1',
  'o Lamp',
  'v 0 2 0',
  'v 1 2 0',
  'v 1 3 0',
  'v 0 3 0',
  'v 0.5 3.5 0',
  'usemtl Glass',
  '# a pentagon, negative indices, continued on the next line',
  'f -5 -4 -3 \\',
  '  -2 -1',
  'usemtl Metal',
  'f -5 -4 -1',
].join('\r\n');

const blenderMtl = [
  '# Blender MTL File',
  'newmtl Wood',
  'Ns 250.000000',
  'Ka 1.000000 1.000000 1.000000',
  'Kd 0.800000 0.500000 0.200000',
  'Ks 0.500000 0.500000 0.500000',
  'd 1.000000',
  'illum 2',
  'map_Kd -s 1 1 1 C:\\Users\\someone\\Desktop\\textures\\WOOD.png',
  'map_Bump -bm 0.8 textures/wood_normal.png',
  'newmtl Glass',
  'Kd 0.9 0.9 1',
  'Ks 0 0 0',
  'Tr 0.75',
  'newmtl Metal',
  'Kd 0.6 0.6 0.6',
  'Pm 1',
  'Pr 0.3',
].join('\n');

const png = (color: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();

const part = (name: string, data: string | Buffer): IntakePart => ({
  name,
  bytes: typeof data === 'string' ? Buffer.from(data) : data,
});

describe('the OBJ reader', () => {
  it('reads objects, materials, quads and n-gons (fanned), negative indices and continued lines', () => {
    const obj = parseObj(blenderObj);
    expect(obj.mtllibs).toEqual(['Two Things.mtl']);
    expect(obj.groups.map((g) => g.name)).toEqual(['Crate', 'Lamp']);
    expect([...obj.groups[0].byMaterial.keys()]).toEqual(['Wood']);
    expect([...obj.groups[1].byMaterial.keys()]).toEqual(['Glass', 'Metal']);
    const [pentagon] = obj.groups[1].byMaterial.get('Glass')!;
    expect(pentagon.corners.map((c) => c[0])).toEqual([4, 5, 6, 7, 8]);
    // v is flipped: OBJ's origin is the image's bottom, glTF's its top.
    expect(obj.uvs.slice(0, 4)).toEqual([0, 1, 1, 1]);
  });

  it('groups by `g` when the file names no objects, and skips lines and points', () => {
    const obj = parseObj('g left\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nl 1 2\ng right\nf 1 3 2\np 1\n');
    expect(obj.groups.map((g) => g.name)).toEqual(['left', 'right']);
    expect([...obj.skipped]).toEqual([
      ['l', 1],
      ['p', 1],
    ]);
  });

  it('reads MTL colours, opacity (d or Tr), texture options and the PBR extension', () => {
    const [wood, glass, metal] = parseMtl(blenderMtl);
    expect(wood).toMatchObject({
      name: 'Wood',
      kd: [0.8, 0.5, 0.2],
      ns: 250,
      mapKd: 'C:\\Users\\someone\\Desktop\\textures\\WOOD.png',
      mapBump: 'textures/wood_normal.png',
      bumpScale: 0.8,
    });
    expect(glass.d).toBeCloseTo(0.25);
    expect(metal).toMatchObject({ pm: 1, pr: 0.3 });
    expect(parseMapStatement('-o 0.5 0.5 -clamp on my texture.jpg')).toEqual({ file: 'my texture.jpg' });
    expect(roughnessOfNs(0)).toBe(1);
    expect(roughnessOfNs(1000)).toBeLessThan(0.05);
  });

  it('makes a document: a mesh per object, a primitive per material, textures found by file name', async () => {
    const index = new PartIndex([
      part('Two Things.obj', blenderObj),
      part('two things.MTL', blenderMtl),
      part('wood.PNG', await png('#8b5a2b')),
      part('maps/Wood_Normal.png', await png('#8080ff')),
    ]);
    const { document, warnings } = await objToDocument(part('Two Things.obj', blenderObj), (n) =>
      index.find(n),
    );
    expect(warnings).toEqual([]);
    const root = document.getRoot();
    expect(root.listMeshes().map((m) => [m.getName(), m.listPrimitives().length])).toEqual([
      ['Crate', 1],
      ['Lamp', 2],
    ]);
    const [crate] = root.listMeshes()[0].listPrimitives();
    expect(crate.getIndices()!.getCount()).toBe(6);
    expect(crate.getAttribute('TEXCOORD_0')!.getCount()).toBe(4);
    const wood = crate.getMaterial()!;
    expect(wood.getBaseColorTexture()!.getMimeType()).toBe('image/png');
    expect(wood.getBaseColorFactor()).toEqual([1, 1, 1, 1]);
    expect(wood.getNormalTexture()).not.toBeNull();
    expect(wood.getNormalScale()).toBe(0.8);
    expect(wood.getMetallicFactor()).toBe(0);
    expect(wood.getRoughnessFactor()).toBeCloseTo(roughnessOfNs(250));

    const [glass, metal] = root.listMeshes()[1].listPrimitives();
    expect(glass.getIndices()!.getCount()).toBe(9); // a pentagon: three triangles
    expect(glass.getMaterial()!.getAlphaMode()).toBe('BLEND');
    expect(glass.getMaterial()!.getBaseColorFactor()[3]).toBeCloseTo(0.25);
    // No normals in the file and smoothing off: flat normals, facing +z.
    expect(Array.from(glass.getAttribute('NORMAL')!.getElement(0, []))).toEqual([0, 0, 1]);
    expect(metal.getMaterial()!.getMetallicFactor()).toBe(1);
    expect(metal.getMaterial()!.getRoughnessFactor()).toBeCloseTo(0.3);
  });

  it('computes smooth normals per smoothing group, shared where faces meet', async () => {
    // Two faces of a roof meeting at the ridge (x = 0), smoothing on: the ridge's normal points up.
    const roof = ['v -1 0 0', 'v 0 1 0', 'v 0 1 -1', 'v -1 0 -1', 'v 1 0 0', 'v 1 0 -1', 's 1'];
    const obj = [...roof, 'f 1 2 3 4', 'f 2 5 6 3'].join('\n');
    const { document } = await objToDocument(part('roof.obj', obj), () => undefined);
    const [prim] = document.getRoot().listMeshes()[0].listPrimitives();
    const positions = prim.getAttribute('POSITION')!;
    const normals = prim.getAttribute('NORMAL')!;
    expect(positions.getCount()).toBe(6); // shared, not split per face
    for (let i = 0; i < positions.getCount(); i++) {
      const [x] = positions.getElement(i, [0, 0, 0]);
      const n = normals.getElement(i, [0, 0, 0]);
      if (x === 0) expect(n.map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 1, 0]);
      else expect(Math.abs(n[0])).toBeGreaterThan(0.5);
    }
  });

  it('still converts when the .mtl, a material or a texture is missing, and says so', async () => {
    const onlyMtl = new PartIndex([part('two things.mtl', blenderMtl)]);
    const { document, warnings } = await objToDocument(part('Two Things.obj', blenderObj), (n) =>
      onlyMtl.find(n),
    );
    expect(document.getRoot().listMeshes()).toHaveLength(2);
    expect(warnings).toEqual([
      expect.stringContaining(
        '"C:\\Users\\someone\\Desktop\\textures\\WOOD.png" (diffuse map) is not in the upload',
      ),
      expect.stringContaining('"textures/wood_normal.png" (bump/normal map) is not in the upload'),
    ]);
    expect(warnings.join()).not.toContain('Glass');

    const bare = await objToDocument(part('Two Things.obj', blenderObj), () => undefined);
    expect(bare.warnings).toEqual([expect.stringContaining('"Two Things.mtl" is not in the upload')]);
    expect(
      bare.document
        .getRoot()
        .listMaterials()
        .map((m) => m.getName()),
    ).toEqual(['Wood', 'Glass', 'Metal']);
  });

  it('puts a map_d opacity map into the base colour alpha', async () => {
    const mtl = 'newmtl Leaf\nKd 0.2 0.6 0.1\nmap_Kd leaf.png\nmap_d leaf_mask.png\n';
    const obj =
      'mtllib leaf.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl Leaf\nf 1/1 2/2 3/3\n';
    const index = new PartIndex([
      part('leaf.mtl', mtl),
      part('leaf.png', await png('#22aa22')),
      part('leaf_mask.png', await png('#808080')),
    ]);
    const { document, warnings } = await objToDocument(part('leaf.obj', obj), (n) => index.find(n));
    expect(warnings).toEqual([]);
    const material = document.getRoot().listMaterials()[0];
    expect(material.getAlphaMode()).toBe('BLEND');
    const { data, info } = await sharp(material.getBaseColorTexture()!.getImage()!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect([data[0], data[1], data[2], data[3]]).toEqual([0x22, 0xaa, 0x22, 0x80]);
  });

  it('refuses a file without faces', async () => {
    await expect(
      objToDocument(part('points.obj', 'v 0 0 0\nv 1 0 0\np 1 2\n'), () => undefined),
    ).rejects.toMatchObject({ code: 'MODEL_INVALID' });
  });
});
