import path from 'node:path';
import { Document, type Material, type Texture } from '@gltf-transform/core';
import sharp from 'sharp';
import { IntakeFailure } from './failure';
import { type IntakePart, partPath } from './parts';

/** Finds a file of the upload by the name a .obj or .mtl gives it (see PartIndex.find). */
export type FindPart = (name: string) => IntakePart | undefined;

export interface ObjConversion {
  document: Document;
  /** What could not be carried over (a missing .mtl or texture, an unknown material): said, not refused. */
  warnings: string[];
}

/**
 * The statements of a Wavefront file: continuation lines (`\` at the end) joined, CRLF or CR line
 * ends, whole-line comments (`#` with or without a space) dropped; each as [keyword, rest].
 */
export function wavefrontStatements(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const raw of text.replace(/\\[ \t]*(\r\n|\n|\r)/g, ' ').split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const space = line.search(/\s/);
    if (space < 0) out.push([line, '']);
    else out.push([line.slice(0, space), line.slice(space + 1).trim()]);
  }
  return out;
}

/** An MTL material, as read (colours 0–1; undefined when the file does not say). */
export interface MtlMaterial {
  name: string;
  kd?: number[];
  ks?: number[];
  ke?: number[];
  ns?: number;
  /** Opacity: `d`, or 1 − `Tr`. */
  d?: number;
  /** The PBR extension's roughness and metalness (`Pr`, `Pm`), when given. */
  pr?: number;
  pm?: number;
  mapKd?: string;
  mapBump?: string;
  bumpScale?: number;
  mapD?: string;
  mapKe?: string;
}

/** Options of a texture statement and how many values each takes (MTL spec, "Options for texture map statements"). */
const mapOptionArity: Record<string, number> = {
  '-blendu': 1,
  '-blendv': 1,
  '-bm': 1,
  '-boost': 1,
  '-cc': 1,
  '-clamp': 1,
  '-imfchan': 1,
  '-mm': 2,
  '-texres': 1,
  '-type': 1,
  '-o': 3,
  '-s': 3,
  '-t': 3,
};

/** A texture statement's file name (what is left after its options) and its bump multiplier. */
export function parseMapStatement(rest: string): { file: string; bm?: number } {
  const tokens = rest.split(/\s+/);
  let bm: number | undefined;
  let i = 0;
  while (i < tokens.length - 1 && tokens[i].startsWith('-') && tokens[i].toLowerCase() in mapOptionArity) {
    const option = tokens[i].toLowerCase();
    let arity = mapOptionArity[option];
    if (option === '-bm') bm = Number(tokens[i + 1]);
    // -o, -s and -t take one to three numbers.
    if (arity === 3) arity = Math.min(3, tokens.slice(i + 1, i + 4).filter((t) => /^-?[\d.]/.test(t)).length);
    i += 1 + arity;
  }
  return { file: tokens.slice(i).join(' '), bm: Number.isFinite(bm) ? bm : undefined };
}

const numbers = (rest: string) =>
  rest
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isFinite(n));

/** Reads an MTL file; keywords are case-insensitive (exporters write both `map_Kd` and `map_kd`). */
export function parseMtl(text: string): MtlMaterial[] {
  const materials: MtlMaterial[] = [];
  let current: MtlMaterial | undefined;
  for (const [keyword, rest] of wavefrontStatements(text)) {
    const k = keyword.toLowerCase();
    if (k === 'newmtl') {
      current = { name: rest };
      materials.push(current);
      continue;
    }
    if (!current) continue;
    const rgb = () => {
      const n = numbers(rest);
      return n.length >= 3 ? n.slice(0, 3) : n.length === 1 ? [n[0], n[0], n[0]] : undefined;
    };
    const one = () => numbers(rest)[0];
    switch (k) {
      case 'kd':
        current.kd = rgb();
        break;
      case 'ks':
        current.ks = rgb();
        break;
      case 'ke':
        current.ke = rgb();
        break;
      case 'ns':
        current.ns = one();
        break;
      case 'd':
        current.d = one();
        break;
      case 'tr':
        if (current.d === undefined && one() !== undefined) current.d = 1 - one();
        break;
      case 'pr':
        current.pr = one();
        break;
      case 'pm':
        current.pm = one();
        break;
      case 'map_kd':
        current.mapKd = parseMapStatement(rest).file;
        break;
      case 'map_ke':
        current.mapKe = parseMapStatement(rest).file;
        break;
      case 'map_d':
        current.mapD = parseMapStatement(rest).file;
        break;
      case 'map_bump':
      case 'bump':
      case 'norm': {
        const map = parseMapStatement(rest);
        current.mapBump = map.file;
        current.bumpScale = map.bm;
        break;
      }
    }
  }
  return materials;
}

/** One corner of a face: 0-based indices into v, vt, vn (-1 when absent). */
type Corner = [number, number, number];

interface Face {
  corners: Corner[];
  /** Smoothing group (0: off), for normals the file does not give. */
  smooth: number;
}

interface Group {
  name: string;
  /** Faces by material name ('' for none). */
  byMaterial: Map<string, Face[]>;
}

export interface ParsedObj {
  positions: number[];
  colors: number[];
  uvs: number[];
  normals: number[];
  groups: Group[];
  mtllibs: string[];
  /** Statements the conversion leaves out (lines, points, free-form surfaces), counted. */
  skipped: Map<string, number>;
}

const skippedKeywords = new Set(['p', 'l', 'curv', 'curv2', 'surf', 'cstype']);

/**
 * Reads OBJ text: vertices (with the common `v x y z r g b` colours), texture coordinates,
 * normals, faces of any size with 1-based or negative (relative) indices. A mesh per `o` object
 * (or per `g` group when the file names no object), its faces split by `usemtl` material.
 */
export function parseObj(text: string): ParsedObj {
  const statements = wavefrontStatements(text);
  const byObject = statements.some(([k]) => k === 'o');
  const out: ParsedObj = {
    positions: [],
    colors: [],
    uvs: [],
    normals: [],
    groups: [],
    mtllibs: [],
    skipped: new Map(),
  };
  let group: Group | undefined;
  let material = '';
  let smooth = 0;
  const open = (name: string) => {
    group = out.groups.find((g) => g.name === name);
    if (!group) {
      group = { name, byMaterial: new Map() };
      out.groups.push(group);
    }
  };
  const index = (token: string | undefined, count: number) => {
    if (token === undefined || token === '') return -1;
    const n = Number.parseInt(token, 10);
    if (!Number.isFinite(n) || n === 0) return -1;
    const i = n > 0 ? n - 1 : count + n;
    return i >= 0 && i < count ? i : -1;
  };
  let colored = false;
  for (const [keyword, rest] of statements) {
    switch (keyword) {
      case 'v': {
        const n = numbers(rest);
        out.positions.push(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0);
        if (n.length >= 6) colored = true;
        out.colors.push(...(n.length >= 6 ? n.slice(3, 6) : [1, 1, 1]));
        break;
      }
      case 'vt': {
        const n = numbers(rest);
        // OBJ puts v = 0 at the bottom of the image, glTF at the top.
        out.uvs.push(n[0] ?? 0, 1 - (n[1] ?? 0));
        break;
      }
      case 'vn': {
        const n = numbers(rest);
        out.normals.push(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0);
        break;
      }
      case 'f': {
        const vCount = out.positions.length / 3;
        const corners: Corner[] = [];
        for (const token of rest.split(/\s+/)) {
          if (token.startsWith('#')) break;
          const [v, vt, vn] = token.split('/');
          const corner: Corner = [
            index(v, vCount),
            index(vt, out.uvs.length / 2),
            index(vn, out.normals.length / 3),
          ];
          if (corner[0] >= 0) corners.push(corner);
        }
        if (corners.length < 3) break;
        if (!group) open('default');
        const list = group!.byMaterial.get(material) ?? [];
        list.push({ corners, smooth });
        group!.byMaterial.set(material, list);
        break;
      }
      case 'o':
        open(rest || `object ${out.groups.length + 1}`);
        break;
      case 'g':
        if (!byObject) open(rest || 'default');
        break;
      case 'usemtl':
        material = rest;
        break;
      case 's':
        smooth = rest === 'off' ? 0 : Number.parseInt(rest, 10) || 0;
        break;
      case 'mtllib':
        if (rest) out.mtllibs.push(rest);
        break;
      default:
        if (skippedKeywords.has(keyword)) out.skipped.set(keyword, (out.skipped.get(keyword) ?? 0) + 1);
    }
  }
  if (!colored) out.colors = [];
  return out;
}

/** Area-weighted face normal (the cross product, not normalised). */
function faceNormal(p: number[], a: number, b: number, c: number): [number, number, number] {
  const ux = p[b * 3] - p[a * 3];
  const uy = p[b * 3 + 1] - p[a * 3 + 1];
  const uz = p[b * 3 + 2] - p[a * 3 + 2];
  const vx = p[c * 3] - p[a * 3];
  const vy = p[c * 3 + 1] - p[a * 3 + 1];
  const vz = p[c * 3 + 2] - p[a * 3 + 2];
  return [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
}

function normalise(x: number, y: number, z: number): [number, number, number] {
  const length = Math.hypot(x, y, z);
  return length > 0 ? [x / length, y / length, z / length] : [0, 1, 0];
}

export interface PrimitiveArrays {
  positions: Float32Array;
  normals: Float32Array;
  uvs?: Float32Array;
  colors?: Float32Array;
  indices: Uint32Array;
}

/**
 * Unindexed OBJ faces to one glTF primitive's arrays: faces fanned into triangles, a vertex per
 * distinct (v, vt, vn) corner. Normals the file does not give are computed: smooth (averaged over
 * the faces of the same smoothing group sharing a position) or flat when smoothing is off.
 */
export function buildPrimitive(obj: ParsedObj, faces: Face[]): PrimitiveArrays {
  const hasUv = faces.some((f) => f.corners.some((c) => c[1] >= 0));
  const hasColor = obj.colors.length > 0;
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const colors: number[] = [];
  const indices: number[] = [];
  const vertexOf = new Map<string, number>();
  /** Accumulated smooth normals by position and smoothing group, and the vertices that use them. */
  const smoothSums = new Map<string, { n: [number, number, number]; vertices: number[] }>();
  const p = obj.positions;

  faces.forEach((face, f) => {
    const given = face.corners.every((c) => c[2] >= 0);
    // The face's normal, from its first triangle's area-weighted normals summed over the fan.
    let fn: [number, number, number] = [0, 0, 0];
    if (!given) {
      for (let i = 1; i + 1 < face.corners.length; i++) {
        const n = faceNormal(p, face.corners[0][0], face.corners[i][0], face.corners[i + 1][0]);
        fn = [fn[0] + n[0], fn[1] + n[1], fn[2] + n[2]];
      }
    }
    const corners = face.corners.map(([v, vt, vn]) => {
      const key = given
        ? `${v}/${vt}/${vn}`
        : face.smooth
          ? `${v}/${vt}/s${face.smooth}`
          : `${v}/${vt}/f${f}`;
      let vertex = vertexOf.get(key);
      if (vertex === undefined) {
        vertex = positions.length / 3;
        vertexOf.set(key, vertex);
        positions.push(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]);
        if (given)
          normals.push(...normalise(obj.normals[vn * 3], obj.normals[vn * 3 + 1], obj.normals[vn * 3 + 2]));
        else if (face.smooth) normals.push(0, 0, 0);
        else normals.push(...normalise(...fn));
        if (hasUv) uvs.push(vt >= 0 ? obj.uvs[vt * 2] : 0, vt >= 0 ? obj.uvs[vt * 2 + 1] : 0);
        if (hasColor) colors.push(obj.colors[v * 3], obj.colors[v * 3 + 1], obj.colors[v * 3 + 2]);
      }
      if (!given && face.smooth) {
        const sumKey = `${v}/s${face.smooth}`;
        const sum = smoothSums.get(sumKey) ?? { n: [0, 0, 0], vertices: [] };
        sum.n = [sum.n[0] + fn[0], sum.n[1] + fn[1], sum.n[2] + fn[2]];
        if (!sum.vertices.includes(vertex)) sum.vertices.push(vertex);
        smoothSums.set(sumKey, sum);
      }
      return vertex;
    });
    for (let i = 1; i + 1 < corners.length; i++) indices.push(corners[0], corners[i], corners[i + 1]);
  });
  for (const { n, vertices } of smoothSums.values()) {
    const unit = normalise(...n);
    for (const vertex of vertices) {
      normals[vertex * 3] = unit[0];
      normals[vertex * 3 + 1] = unit[1];
      normals[vertex * 3 + 2] = unit[2];
    }
  }
  return {
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    uvs: hasUv ? new Float32Array(uvs) : undefined,
    colors: hasColor ? new Float32Array(colors) : undefined,
    indices: new Uint32Array(indices),
  };
}

const imageMimeTypes: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * A texture image as glTF takes it: PNG, JPEG and WebP as they are; anything else sharp reads
 * (TIFF, GIF, …) as PNG. Undefined when the bytes are no image sharp knows (TGA, DDS).
 */
async function textureImage(bytes: Uint8Array): Promise<{ image: Uint8Array; mimeType: string } | undefined> {
  try {
    const { format } = await sharp(bytes).metadata();
    const mimeType = format ? imageMimeTypes[format] : undefined;
    if (mimeType) return { image: bytes, mimeType };
    return { image: new Uint8Array(await sharp(bytes).png().toBuffer()), mimeType: 'image/png' };
  } catch {
    return undefined;
  }
}

/** Roughness from a Phong exponent (Ns, 0–1000): the usual Blinn-Phong to GGX match, sqrt(2 / (Ns + 2)). */
export const roughnessOfNs = (ns: number) =>
  Math.min(1, Math.max(0.04, Math.sqrt(2 / (Math.max(0, ns) + 2))));

/**
 * Turns an OBJ (with the .mtl files it names and their textures, looked up in the upload) into a
 * glTF document: a node and mesh per object, a primitive per material. Missing .mtl files,
 * materials and textures leave the model plain, with a warning; a file without faces is refused.
 */
export async function objToDocument(obj: IntakePart, find: FindPart): Promise<ObjConversion> {
  const warnings: string[] = [];
  const parsed = parseObj(Buffer.from(obj.bytes).toString('utf8'));
  if (parsed.groups.length === 0)
    throw new IntakeFailure(
      'MODEL_INVALID',
      `The model "${obj.name}" has no faces: there is nothing to show`,
    );
  for (const [keyword, n] of parsed.skipped)
    warnings.push(
      `${n} "${keyword}" statement${n === 1 ? '' : 's'} (lines, points or curves) left out: only faces are converted`,
    );

  const objDir = path.posix.dirname(partPath(obj.name));
  const near = (dir: string, name: string) => {
    const slashed = name.replace(/\\/g, '/');
    return find(dir === '.' ? slashed : path.posix.join(dir, slashed)) ?? find(slashed);
  };

  // The material libraries: `mtllib a.mtl b.mtl`, or one name with spaces in it.
  const mtls = new Map<string, { material: MtlMaterial; dir: string }>();
  for (const line of parsed.mtllibs) {
    const whole = near(objDir, line);
    const found = whole ? [whole] : line.split(/\s+/).map((name) => near(objDir, name));
    if (found.every((f) => !f))
      warnings.push(`The material library "${line}" is not in the upload: its materials are left plain`);
    else
      line.split(/\s+/).forEach((name, i) => {
        if (!whole && !found[i])
          warnings.push(`The material library "${name}" is not in the upload: its materials are left plain`);
      });
    for (const part of found) {
      if (!part) continue;
      const dir = path.posix.dirname(partPath(part.name));
      for (const material of parseMtl(Buffer.from(part.bytes).toString('utf8')))
        if (!mtls.has(material.name)) mtls.set(material.name, { material, dir });
    }
  }

  const document = new Document();
  const buffer = document.createBuffer();
  const textures = new Map<string, Texture | undefined>();
  const texture = async (
    file: string | undefined,
    dir: string,
    use: string,
  ): Promise<Texture | undefined> => {
    if (!file) return undefined;
    const key = `${dir}\n${file}`;
    if (textures.has(key)) return textures.get(key);
    const part = near(dir, file);
    let made: Texture | undefined;
    if (!part) warnings.push(`The texture "${file}" (${use}) is not in the upload: left out`);
    else {
      const image = await textureImage(part.bytes);
      if (!image) warnings.push(`The texture "${file}" (${use}) is not an image we can read: left out`);
      else
        made = document
          .createTexture(path.posix.basename(partPath(part.name)))
          .setImage(image.image)
          .setMimeType(image.mimeType);
    }
    textures.set(key, made);
    return made;
  };

  const materials = new Map<string, Material>();
  const materialOf = async (name: string): Promise<Material> => {
    const known = materials.get(name);
    if (known) return known;
    const found = mtls.get(name);
    const material = document.createMaterial(name || 'default');
    materials.set(name, material);
    if (!found) {
      if (name && mtls.size > 0)
        warnings.push(`The material "${name}" is not in the material library: left plain`);
      material.setBaseColorFactor([0.8, 0.8, 0.8, 1]).setRoughnessFactor(1).setMetallicFactor(0);
      return material;
    }
    const { material: mtl, dir } = found;
    const opacity = Math.min(1, Math.max(0, mtl.d ?? 1));
    const kd = mtl.kd ?? [0.8, 0.8, 0.8];
    // A texture is multiplied by the factor: white lets it show as painted (as OBJ viewers do).
    const base = mtl.mapKd ? [1, 1, 1] : kd;
    material.setBaseColorFactor([base[0], base[1], base[2], opacity]);
    // Phong has no metalness: a material is dielectric unless the PBR extension (Pm) says otherwise.
    material.setMetallicFactor(Math.min(1, Math.max(0, mtl.pm ?? 0)));
    const specular = Math.max(...(mtl.ks ?? [0, 0, 0]));
    material.setRoughnessFactor(
      mtl.pr !== undefined
        ? Math.min(1, Math.max(0, mtl.pr))
        : specular < 0.01 || mtl.ns === undefined
          ? 1
          : roughnessOfNs(mtl.ns),
    );
    const color = await texture(mtl.mapKd, dir, 'diffuse map');
    if (mtl.ke && Math.max(...mtl.ke) > 0) material.setEmissiveFactor([mtl.ke[0], mtl.ke[1], mtl.ke[2]]);
    const emissive = await texture(mtl.mapKe, dir, 'emissive map');
    if (emissive) material.setEmissiveTexture(emissive).setEmissiveFactor([1, 1, 1]);
    const normal = await texture(mtl.mapBump, dir, 'bump/normal map');
    if (normal) {
      material.setNormalTexture(normal);
      if (mtl.bumpScale !== undefined) material.setNormalScale(mtl.bumpScale);
    }
    const alpha = mtl.mapD ? near(dir, mtl.mapD) : undefined;
    if (mtl.mapD && !alpha)
      warnings.push(`The texture "${mtl.mapD}" (opacity map) is not in the upload: left out`);
    if (alpha) {
      // glTF keeps opacity in the base colour's alpha: put the map_d image there.
      const merged = await withAlpha(color?.getImage() ?? undefined, alpha.bytes);
      if (merged)
        material.setBaseColorTexture(
          document.createTexture(`${mtl.name} base colour`).setImage(merged).setMimeType('image/png'),
        );
      else warnings.push(`The texture "${mtl.mapD}" (opacity map) is not an image we can read: left out`);
      if (merged) material.setAlphaMode('BLEND');
      else if (color) material.setBaseColorTexture(color);
    } else if (color) material.setBaseColorTexture(color);
    if (opacity < 1) material.setAlphaMode('BLEND');
    return material;
  };

  const scene = document.createScene(path.posix.basename(partPath(obj.name)));
  for (const group of parsed.groups) {
    const mesh = document.createMesh(group.name);
    for (const [name, faces] of group.byMaterial) {
      const arrays = buildPrimitive(parsed, faces);
      const accessor = (type: 'VEC2' | 'VEC3' | 'SCALAR', array: Float32Array | Uint32Array | Uint16Array) =>
        document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
      const primitive = document
        .createPrimitive()
        .setAttribute('POSITION', accessor('VEC3', arrays.positions))
        .setAttribute('NORMAL', accessor('VEC3', arrays.normals))
        .setIndices(
          arrays.positions.length / 3 <= 65_535
            ? accessor('SCALAR', new Uint16Array(arrays.indices))
            : accessor('SCALAR', arrays.indices),
        )
        .setMaterial(await materialOf(name));
      if (arrays.uvs) primitive.setAttribute('TEXCOORD_0', accessor('VEC2', arrays.uvs));
      if (arrays.colors) primitive.setAttribute('COLOR_0', accessor('VEC3', arrays.colors));
      mesh.addPrimitive(primitive);
    }
    scene.addChild(document.createNode(group.name).setMesh(mesh));
  }
  document.getRoot().setDefaultScene(scene);
  if (parsed.mtllibs.length === 0 && [...materials.keys()].some(Boolean))
    warnings.push('The model names materials but no material library (mtllib): its materials are left plain');
  return { document, warnings };
}

/** A base colour image with an opacity map's grey in its alpha channel (white where there is no colour map). */
async function withAlpha(
  color: Uint8Array | undefined,
  opacity: Uint8Array,
): Promise<Uint8Array | undefined> {
  try {
    const { width, height } = await sharp(opacity).metadata();
    const base = color
      ? sharp(color).removeAlpha()
      : sharp({ create: { width: width!, height: height!, channels: 3, background: '#ffffff' } });
    // Raw RGB first: sharp drops a joined channel when removeAlpha is in the same pipeline.
    const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
    const alpha = await sharp(opacity)
      .resize(info.width, info.height, { fit: 'fill' })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer();
    const raw = { width: info.width, height: info.height };
    return new Uint8Array(
      await sharp(data, { raw: { ...raw, channels: info.channels } })
        .joinChannel(alpha, { raw: { ...raw, channels: 1 } })
        .png()
        .toBuffer(),
    );
  } catch {
    return undefined;
  }
}
