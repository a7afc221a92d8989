/**
 * Packing pictures into texture atlases (shelf packing), so that a hundred pictures draw in a
 * couple of draw calls. Each atlas keeps a small white cell at its origin: picture frames sample
 * it and take their colour from the vertices.
 */

export interface AtlasItem {
  id: string;
  /** Size in texels. */
  width: number;
  height: number;
}

export interface AtlasPlacement extends AtlasItem {
  atlas: number;
  x: number;
  y: number;
}

/** Texels around each picture, filled with its edge colour so mipmaps do not bleed. */
export const atlasPadding = 4;
/** The white cell frames sample (at the atlas origin). */
export const whiteCell = 8;

/** Scales a picture so its longest side is `texels` (never enlarged past its own size). */
export function fitTexels(width: number, height: number, texels: number): { width: number; height: number } {
  const scale = Math.min(1, texels / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function packAtlases(
  items: AtlasItem[],
  size: number,
): { placements: AtlasPlacement[]; count: number } {
  const order = [...items].sort((a, b) => b.height - a.height || b.width - a.width);
  const placements: AtlasPlacement[] = [];
  let atlas = items.length ? 0 : -1;
  // The first shelf starts after the white cell.
  let x = whiteCell + atlasPadding;
  let y = 0;
  let shelf = whiteCell;
  for (const item of order) {
    const w = Math.min(item.width, size - 2 * atlasPadding);
    const h = Math.min(item.height, size - 2 * atlasPadding);
    const cellW = w + 2 * atlasPadding;
    const cellH = h + 2 * atlasPadding;
    if (x + cellW > size) {
      y += shelf;
      x = 0;
      shelf = 0;
    }
    if (y + cellH > size) {
      atlas++;
      x = whiteCell + atlasPadding;
      y = 0;
      shelf = whiteCell;
      if (x + cellW > size) {
        y = whiteCell;
        x = 0;
        shelf = 0;
      }
    }
    placements.push({ ...item, width: w, height: h, atlas, x: x + atlasPadding, y: y + atlasPadding });
    x += cellW;
    shelf = Math.max(shelf, cellH);
  }
  return { placements, count: atlas + 1 };
}
