import {
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  Color,
  Euler,
  Group,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  Quaternion,
  SRGBColorSpace,
  type Texture,
  Vector3,
} from 'three';
import type { Picture, Transform } from '../../../../contracts/sceneContent';
import { merge, metreBox } from './geometry';
import { atlasPadding, fitTexels, packAtlases } from './atlas';
import { thumbnailUrl, thumbnailWidths } from '../../../../contracts/files';
import { LoadError, loadBitmap } from './loading';
import type { StaticBatch } from './staticBatch';
import { rangeOfTriangle, type TriangleRange } from './triangleRanges';

/**
 * Pictures batched into texture atlases: every picture of an atlas is one quad of one mesh, and
 * frames (and the canvas edges of frameless pictures) go into the static batch. A hundred
 * pictures draw in a couple of draw calls. Pictures are unlit so that their colours stay true.
 */

export const atlasSize = 2048;
const frameDepth = 0.035;
const stretcherDepth = 0.025;
const stretcherColor = '#e9e5dc';
const placeholderColor = '#c8c8c8';
const frameFinish = { roughness: 0.6, metalness: 0 };

const deg = Math.PI / 180;

export function transformMatrix(t: Transform): Matrix4 {
  const q = new Quaternion().setFromEuler(
    new Euler(t.rotation[0] * deg, t.rotation[1] * deg, t.rotation[2] * deg, 'YXZ'),
  );
  return new Matrix4().compose(new Vector3(...t.position), q, new Vector3(...t.scale));
}

export const idOfTriangle = (ranges: TriangleRange[], triangle: number) =>
  rangeOfTriangle(ranges, triangle)?.id ?? null;

export interface BuiltPictures {
  group: Group;
  meshes: Mesh[];
  /** Triangle ranges per mesh, for clicks. */
  ranges: Map<Mesh, TriangleRange[]>;
  atlasCount: number;
  textures: Texture[];
  dispose(): void;
}

interface Loaded {
  picture: Picture;
  bitmap: ImageBitmap | null;
}

/**
 * The file service's thumbnail of a stored picture that is large enough for the atlas (pictures
 * are drawn at most `texels` pixels on their long side), or null for any other address. A phone
 * then downloads a few hundred kilobytes for a wall of photos, not their full-size originals.
 */
export function atlasThumbnailOf(picture: Pick<Picture, 'fileUri' | 'width' | 'height'>, texels: number) {
  const match = /^(?:https?:\/\/[^/]+)?\/api\/fileService\/file\/([^/?#]+)$/.exec(picture.fileUri);
  if (!match) return null;
  if (/^https?:/.test(picture.fileUri) && new URL(picture.fileUri).origin !== window.location.origin)
    return null;
  // The long side gets `texels`: a portrait picture needs a narrower thumbnail.
  const wide = picture.width >= picture.height;
  const needed = wide ? texels : Math.ceil((texels * picture.width) / picture.height);
  const width = thumbnailWidths.find((w) => w >= needed) ?? thumbnailWidths[thumbnailWidths.length - 1];
  return thumbnailUrl(decodeURIComponent(match[1]), width);
}

/** A picture's bitmap: its atlas-sized thumbnail when it has one, else (or if that fails) the file. */
async function loadPicture(picture: Picture, texels: number, signal?: AbortSignal) {
  const thumbnail = atlasThumbnailOf(picture, texels);
  if (thumbnail) {
    try {
      return await loadBitmap(thumbnail, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  return loadBitmap(picture.fileUri, signal);
}

export async function buildPictures(
  pictures: Picture[],
  options: {
    texels: number;
    signal?: AbortSignal;
    onLoaded: () => () => void;
    onFailed: (picture: Picture, error: LoadError) => void;
    /** Frames and canvas edges are baked here. */
    batch: StaticBatch;
  },
): Promise<BuiltPictures> {
  const loaded: Loaded[] = await Promise.all(
    pictures.map(async (picture) => {
      const done = options.onLoaded();
      try {
        const bitmap = await loadPicture(picture, options.texels, options.signal);
        return { picture, bitmap };
      } catch (error) {
        options.onFailed(
          picture,
          error instanceof LoadError ? error : new LoadError(picture.fileUri, String(error)),
        );
        return { picture, bitmap: null };
      } finally {
        done();
      }
    }),
  );

  const items = loaded.map(({ picture, bitmap }) => {
    const natural = bitmap ? { width: bitmap.width, height: bitmap.height } : aspectBox(picture);
    return { id: picture.id, ...fitTexels(natural.width, natural.height, options.texels) };
  });
  const { placements, count } = packAtlases(items, atlasSize);
  const byId = new Map(loaded.map((l) => [l.picture.id, l]));

  const group = new Group();
  group.name = 'pictures';
  const meshes: Mesh[] = [];
  const ranges = new Map<Mesh, TriangleRange[]>();
  const textures: Texture[] = [];

  for (let atlas = 0; atlas < count; atlas++) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = atlasSize;
    const ctx = canvas.getContext('2d')!;
    const positions: number[] = [];
    const uvs: number[] = [];
    const atlasRanges: TriangleRange[] = [];
    for (const p of placements.filter((pl) => pl.atlas === atlas)) {
      const { picture, bitmap } = byId.get(p.id)!;
      drawCell(ctx, bitmap, p.x, p.y, p.width, p.height);
      atlasRanges.push({ start: positions.length / 9, count: 2, id: picture.id });
      const m = transformMatrix(picture.transform);
      const w = picture.width / 2;
      const h = picture.height / 2;
      const z = frameDepth * 0.15;
      const corners = [
        [-w, -h],
        [w, -h],
        [w, h],
        [-w, h],
      ].map(([x, y]) => new Vector3(x, y, z).applyMatrix4(m));
      const u0 = p.x / atlasSize;
      const u1 = (p.x + p.width) / atlasSize;
      const v0 = 1 - (p.y + p.height) / atlasSize;
      const v1 = 1 - p.y / atlasSize;
      const cornerUv = [
        [u0, v0],
        [u1, v0],
        [u1, v1],
        [u0, v1],
      ];
      for (const i of [0, 1, 2, 0, 2, 3]) {
        positions.push(corners[i].x, corners[i].y, corners[i].z);
        uvs.push(cornerUv[i][0], cornerUv[i][1]);
      }
    }
    bitmapsClose(loaded, placements, atlas);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
    geometry.setAttribute('uv', new BufferAttribute(new Float32Array(uvs), 2));
    geometry.computeBoundingSphere();
    const texture = new CanvasTexture(canvas);
    texture.colorSpace = SRGBColorSpace;
    textures.push(texture);
    const mesh = new Mesh(geometry, new MeshBasicMaterial({ map: texture, toneMapped: false }));
    mesh.name = `pictures:atlas-${atlas}`;
    mesh.matrixAutoUpdate = false;
    group.add(mesh);
    meshes.push(mesh);
    ranges.set(mesh, atlasRanges);
  }

  batchFrames(pictures, options.batch);

  return {
    group,
    meshes,
    ranges,
    atlasCount: count,
    textures,
    dispose() {
      for (const mesh of meshes) {
        mesh.geometry.dispose();
        (mesh.material as MeshBasicMaterial).dispose();
      }
      textures.forEach((t) => t.dispose());
    },
  };
}

/** A failed picture keeps its shape: a box with the picture's proportions. */
function aspectBox(picture: Picture) {
  const scale = 512 / Math.max(picture.width, picture.height);
  return { width: picture.width * scale, height: picture.height * scale };
}

function drawCell(
  ctx: CanvasRenderingContext2D,
  bitmap: ImageBitmap | null,
  x: number,
  y: number,
  w: number,
  h: number,
) {
  if (!bitmap) {
    ctx.fillStyle = placeholderColor;
    ctx.fillRect(x - atlasPadding, y - atlasPadding, w + 2 * atlasPadding, h + 2 * atlasPadding);
    ctx.strokeStyle = '#9a9a9a';
    ctx.lineWidth = Math.max(1, w / 40);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + w, y + h);
    ctx.moveTo(x + w, y);
    ctx.lineTo(x, y + h);
    ctx.stroke();
    return;
  }
  // The padding repeats the picture's edges so distant (mipmapped) views do not bleed.
  ctx.drawImage(bitmap, x - atlasPadding, y - atlasPadding, w + 2 * atlasPadding, h + 2 * atlasPadding);
  ctx.drawImage(bitmap, x, y, w, h);
}

function bitmapsClose(loaded: Loaded[], placements: { id: string; atlas: number }[], atlas: number) {
  const ids = new Set(placements.filter((p) => p.atlas === atlas).map((p) => p.id));
  for (const l of loaded) if (ids.has(l.picture.id)) l.bitmap?.close();
}

/** Frames, or a canvas edge for frameless pictures, baked into the static batch. */
function batchFrames(pictures: Picture[], batch: StaticBatch) {
  const color = new Color();
  for (const picture of pictures) {
    const m = transformMatrix(picture.transform);
    const w = picture.width;
    const h = picture.height;
    const boxes: [number, number, number, number, number, number][] = [];
    if (picture.frame) {
      const f = picture.frame.width;
      const d = frameDepth;
      color.set(picture.frame.color);
      boxes.push([w + 2 * f, f, d, 0, h / 2 + f / 2, d / 2 - d * 0.8]);
      boxes.push([w + 2 * f, f, d, 0, -h / 2 - f / 2, d / 2 - d * 0.8]);
      boxes.push([f, h, d, -w / 2 - f / 2, 0, d / 2 - d * 0.8]);
      boxes.push([f, h, d, w / 2 + f / 2, 0, d / 2 - d * 0.8]);
      boxes.push([w, h, d * 0.2, 0, 0, -d * 0.8 + d * 0.1]);
    } else {
      color.set(stretcherColor);
      boxes.push([w, h, stretcherDepth, 0, 0, -stretcherDepth / 2 + 0.004]);
    }
    const parts = boxes.map(([bw, bh, bd, x, y, z]) =>
      metreBox(bw, bh, bd).translate(x, y, z).applyMatrix4(m),
    );
    const frame = merge(parts)!;
    batch.add(frame, { kind: 'picture', id: picture.id }, frameFinish, color);
    frame.dispose();
  }
}
