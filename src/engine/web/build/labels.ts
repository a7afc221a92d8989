import {
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  type Matrix4,
  Mesh,
  MeshBasicMaterial,
  SRGBColorSpace,
  type Texture,
  Vector3,
} from 'three';
import type { Picture } from '../../../../contracts/sceneContent';
import type { TriangleRange } from './triangleRanges';

/**
 * Wall labels beside pictures, as a museum hangs them: the title in bold, then the artist and the
 * year. Every label is a cell of one canvas atlas and a quad of one mesh, so a hundred labels cost
 * one draw call (two past 128 labels).
 *
 * Size: a card of 36 × 18 cm with a 40 mm title — about 10 pixels high at 2 m on a 720-pixel-high
 * view with the viewer's 70° field of view, which reads like a printed label at arm's length.
 */

export const labelWidth = 0.36;
export const labelHeight = 0.18;
export const cellWidth = 256;
export const cellHeight = 128;
const atlasSize = 2048;
const padding = 12;
export const titleFont = { size: 29, line: 32, weight: 'bold' } as const;
export const bylineFont = { size: 21, line: 25, weight: 'normal' } as const;
const fontFamily = 'system-ui, "Helvetica Neue", Arial, sans-serif';
/** Gap between a work's frame and its label, and the label's bottom above the work's bottom. */
const gap = 0.15;

/** Measures a line of text set in the title or the byline font, in cell pixels. */
export type Measure = (text: string, font: 'title' | 'byline') => number;

export interface LabelLine {
  text: string;
  font: 'title' | 'byline';
  /** Baseline, in pixels from the cell's top. */
  y: number;
}

/** The byline of a picture: "artist, year", either part alone, or nothing. */
export function bylineOf(picture: Pick<Picture, 'artist' | 'year'>): string {
  return [picture.artist, picture.year].filter((s) => s && s.trim()).join(', ');
}

/** Whether a picture gets a label: it has a title, an artist or a year. */
export const hasLabel = (picture: Pick<Picture, 'title' | 'artist' | 'year'>) =>
  Boolean(picture.title?.trim() || bylineOf(picture));

/**
 * Breaks text into at most `maxLines` lines no wider than `width`; a word wider than a line is cut,
 * and text that does not fit ends with an ellipsis.
 */
export function wrap(
  text: string,
  font: 'title' | 'byline',
  width: number,
  maxLines: number,
  measure: Measure,
): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let overflow = false;
  for (let w = 0; w < words.length; w++) {
    let word = words[w];
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, font) <= width) {
      line = candidate;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
      if (lines.length === maxLines) {
        overflow = true;
        break;
      }
    }
    // A word alone too wide for a line: cut it.
    while (measure(word, font) > width) {
      let cut = word.length - 1;
      while (cut > 1 && measure(word.slice(0, cut), font) > width) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
      if (lines.length === maxLines) {
        overflow = true;
        break;
      }
    }
    if (overflow) break;
    line = word;
  }
  if (!overflow && line) {
    if (lines.length < maxLines) lines.push(line);
    else overflow = true;
  }
  if (overflow && lines.length) {
    let last = lines[lines.length - 1];
    while (last && measure(`${last}…`, font) > width) last = last.slice(0, -1).trimEnd();
    lines[lines.length - 1] = `${last}…`;
  }
  return lines;
}

/**
 * The lines of one label: up to two lines of title and what is left (at least one) of byline,
 * within the cell.
 */
export function layoutLabel(
  picture: Pick<Picture, 'title' | 'artist' | 'year'>,
  measure: Measure,
): LabelLine[] {
  const width = cellWidth - 2 * padding;
  const room = cellHeight - 2 * padding;
  const title = picture.title?.trim() ? wrap(picture.title, 'title', width, 2, measure) : [];
  const byline = bylineOf(picture);
  const bylineLines = Math.max(1, Math.floor((room - title.length * titleFont.line) / bylineFont.line));
  const by = byline ? wrap(byline, 'byline', width, Math.min(2, bylineLines), measure) : [];
  const lines: LabelLine[] = [];
  let y = padding;
  for (const text of title) {
    y += titleFont.line;
    lines.push({ text, font: 'title', y: y - (titleFont.line - titleFont.size) });
  }
  if (title.length && by.length) y += 4;
  for (const text of by) {
    y += bylineFont.line;
    lines.push({ text, font: 'byline', y: y - (bylineFont.line - bylineFont.size) });
  }
  return lines;
}

type Sized = Pick<Picture, 'width' | 'height' | 'frame'>;

/** A label's centre in its work's frame: right of the frame, bottoms level with the work's. */
export function labelPlace(picture: Sized, side: 'right' | 'left' | 'below' = 'right') {
  const frame = picture.frame?.width ?? 0;
  if (side === 'below') {
    return { x: 0, y: -picture.height / 2 - frame - gap / 2 - labelHeight / 2 };
  }
  const x = picture.width / 2 + frame + gap + labelWidth / 2;
  return { x: side === 'right' ? x : -x, y: -picture.height / 2 - frame + labelHeight / 2 };
}

/**
 * Where a work's label goes: to its right, unless another work on the same wall is in the way,
 * then to its left, else below it. `neighbours` are the other works' centres and sizes in this
 * work's frame (x along the wall, y up, z out of it).
 */
export function labelSide(
  picture: Sized,
  neighbours: { x: number; y: number; z: number; width: number; height: number }[],
): 'right' | 'left' | 'below' {
  const onWall = neighbours.filter((n) => Math.abs(n.z) < 0.3);
  const free = (side: 'right' | 'left' | 'below') => {
    const p = labelPlace(picture, side);
    return onWall.every(
      (n) =>
        Math.abs(n.x - p.x) > (n.width + labelWidth) / 2 + 0.02 ||
        Math.abs(n.y - p.y) > (n.height + labelHeight) / 2 + 0.02,
    );
  };
  return free('right') ? 'right' : free('left') ? 'left' : 'below';
}

export interface LabelWork {
  picture: Picture;
  matrix: Matrix4;
  /** How far behind the work's plane the wall is (metres). */
  wall: number;
}

export interface BuiltLabels {
  meshes: Mesh[];
  ranges: Map<Mesh, TriangleRange[]>;
  textures: Texture[];
  dispose(): void;
}

const fontOf = (font: 'title' | 'byline') => {
  const f = font === 'title' ? titleFont : bylineFont;
  return `${f.weight} ${f.size}px ${fontFamily}`;
};

export function buildLabels(works: LabelWork[]): BuiltLabels {
  const labelled = works.filter((w) => hasLabel(w.picture));
  const perAtlas = Math.floor(atlasSize / cellWidth) * Math.floor(atlasSize / cellHeight);
  const meshes: Mesh[] = [];
  const ranges = new Map<Mesh, TriangleRange[]>();
  const textures: Texture[] = [];
  for (let start = 0; start < labelled.length; start += perAtlas) {
    const chunk = labelled.slice(start, start + perAtlas);
    const rows = Math.ceil(chunk.length / (atlasSize / cellWidth));
    // Only as tall as the labels need (a power of two, for mipmaps).
    const height = Math.min(atlasSize, 2 ** Math.ceil(Math.log2(Math.max(1, rows * cellHeight))));
    const canvas = document.createElement('canvas');
    canvas.width = atlasSize;
    canvas.height = height;
    const ctx = canvas.getContext('2d')!;
    const measure: Measure = (text, font) => {
      ctx.font = fontOf(font);
      return ctx.measureText(text).width;
    };
    const positions: number[] = [];
    const uvs: number[] = [];
    const atlasRanges: TriangleRange[] = [];
    const v = new Vector3();
    chunk.forEach((work, i) => {
      const cx = (i % (atlasSize / cellWidth)) * cellWidth;
      const cy = Math.floor(i / (atlasSize / cellWidth)) * cellHeight;
      ctx.fillStyle = '#fbfaf7';
      ctx.fillRect(cx, cy, cellWidth, cellHeight);
      ctx.fillStyle = '#1d1d1f';
      ctx.textBaseline = 'alphabetic';
      for (const line of layoutLabel(work.picture, measure)) {
        ctx.font = fontOf(line.font);
        ctx.fillStyle = line.font === 'title' ? '#1d1d1f' : '#4a4a4f';
        ctx.fillText(line.text, cx + padding, cy + line.y);
      }
      const inverse = work.matrix.clone().invert();
      const neighbours = works
        .filter((other) => other !== work)
        .map((other) => {
          const c = new Vector3().setFromMatrixPosition(other.matrix).applyMatrix4(inverse);
          const frame = 2 * (other.picture.frame?.width ?? 0);
          return {
            x: c.x,
            y: c.y,
            z: c.z,
            width: other.picture.width + frame,
            height: other.picture.height + frame,
          };
        })
        .filter((n) => Math.abs(n.x) < 6 && Math.abs(n.y) < 4);
      const place = labelPlace(work.picture, labelSide(work.picture, neighbours));
      const z = -work.wall + 0.006;
      const corners = [
        [place.x - labelWidth / 2, place.y - labelHeight / 2, cx, cy + cellHeight],
        [place.x + labelWidth / 2, place.y - labelHeight / 2, cx + cellWidth, cy + cellHeight],
        [place.x + labelWidth / 2, place.y + labelHeight / 2, cx + cellWidth, cy],
        [place.x - labelWidth / 2, place.y + labelHeight / 2, cx, cy],
      ];
      atlasRanges.push({ start: positions.length / 9, count: 2, id: work.picture.id });
      for (const k of [0, 1, 2, 0, 2, 3]) {
        const [x, y, u, w] = corners[k];
        v.set(x, y, z).applyMatrix4(work.matrix);
        positions.push(v.x, v.y, v.z);
        uvs.push(u / atlasSize, 1 - w / height);
      }
    });
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
    geometry.setAttribute('uv', new BufferAttribute(new Float32Array(uvs), 2));
    geometry.computeBoundingSphere();
    const texture = new CanvasTexture(canvas);
    texture.colorSpace = SRGBColorSpace;
    textures.push(texture);
    // Printed cards keep their contrast in a dimmed gallery: unlit, a shade below white.
    const material = new MeshBasicMaterial({ map: texture, color: '#e8e6e1' });
    const mesh = new Mesh(geometry, material);
    mesh.name = `labels:atlas-${meshes.length}`;
    mesh.matrixAutoUpdate = false;
    meshes.push(mesh);
    ranges.set(mesh, atlasRanges);
  }
  return {
    meshes,
    ranges,
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
