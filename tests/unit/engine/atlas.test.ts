import { describe, expect, it } from 'vitest';
import { atlasPadding, fitTexels, packAtlases, whiteCell } from '../../../src/engine/web/build/atlas';

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width + atlasPadding &&
  b.x < a.x + a.width + atlasPadding &&
  a.y < b.y + b.height + atlasPadding &&
  b.y < a.y + a.height + atlasPadding;

describe('picture atlases', () => {
  it('scale pictures to their longest side, never enlarging', () => {
    expect(fitTexels(1024, 512, 256)).toEqual({ width: 256, height: 128 });
    expect(fitTexels(300, 600, 256)).toEqual({ width: 128, height: 256 });
    expect(fitTexels(100, 50, 256)).toEqual({ width: 100, height: 50 });
  });

  it('pack a hundred pictures into two 2048 atlases without overlaps, inside the atlas', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({
      id: `p${i}`,
      ...fitTexels(i % 3 === 0 ? 512 : 384, i % 3 === 1 ? 512 : 384, 256),
    }));
    const { placements, count } = packAtlases(items, 2048);
    expect(count).toBe(2);
    expect(placements).toHaveLength(100);
    for (const p of placements) {
      expect(p.x).toBeGreaterThanOrEqual(atlasPadding);
      expect(p.y).toBeGreaterThanOrEqual(atlasPadding);
      expect(p.x + p.width + atlasPadding).toBeLessThanOrEqual(2048);
      expect(p.y + p.height + atlasPadding).toBeLessThanOrEqual(2048);
      // The white cell at the origin stays free.
      expect(p.x < whiteCell && p.y < whiteCell).toBe(false);
    }
    for (let i = 0; i < placements.length; i++) {
      for (let j = i + 1; j < placements.length; j++) {
        const [a, b] = [placements[i], placements[j]];
        if (a.atlas === b.atlas) expect(overlaps(a, b), `${a.id} and ${b.id}`).toBe(false);
      }
    }
  });

  it('needs no atlas for no pictures and shrinks a picture larger than the atlas', () => {
    expect(packAtlases([], 2048)).toEqual({ placements: [], count: 0 });
    const { placements, count } = packAtlases([{ id: 'huge', width: 5000, height: 100 }], 2048);
    expect(count).toBe(1);
    expect(placements[0].width).toBe(2048 - 2 * atlasPadding);
  });
});
