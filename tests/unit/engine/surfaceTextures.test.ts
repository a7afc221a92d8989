import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSurface, surfaceKinds } from '../../../src/engine/web/build/surfaceTextures';

const digest = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('generated surface maps', () => {
  it('are the same bytes every time for the same kind, and differ between kinds', () => {
    const seen = new Set<string>();
    for (const kind of surfaceKinds) {
      const a = generateSurface(kind, 64);
      const b = generateSurface(kind, 64);
      expect(digest(a.colour)).toBe(digest(b.colour));
      expect(digest(a.normal)).toBe(digest(b.normal));
      expect(digest(a.roughness)).toBe(digest(b.roughness));
      seen.add(digest(a.colour));
    }
    expect(seen.size).toBe(surfaceKinds.length);
  });

  it('change with the seed', () => {
    expect(digest(generateSurface('concrete', 64, 1).colour)).not.toBe(
      digest(generateSurface('concrete', 64, 2).colour),
    );
  });

  it('tile: the first and last columns and rows meet without a visible seam', () => {
    for (const kind of ['plaster', 'concrete', 'carpet'] as const) {
      const { colour, size } = generateSurface(kind, 128);
      const at = (x: number, y: number) => colour[(y * size + x) * 4];
      let edge = 0;
      let inner = 0;
      for (let y = 0; y < size; y++) {
        edge += Math.abs(at(size - 1, y) - at(0, y));
        inner += Math.abs(at(size / 2, y) - at(size / 2 + 1, y));
      }
      // The wrap-around step is no bigger than a step inside the map (with some slack).
      expect(edge).toBeLessThanOrEqual(inner * 2 + size * 2);
    }
  });

  it('have unit-length normals facing out of the surface and roughness in the green channel', () => {
    const { normal, roughness, size } = generateSurface('wood', 64);
    for (let i = 0; i < size * size; i += 97) {
      const [x, y, z] = [0, 1, 2].map((c) => normal[i * 4 + c] / 127.5 - 1);
      expect(Math.hypot(x, y, z)).toBeCloseTo(1, 1);
      expect(z).toBeGreaterThan(0);
      expect(roughness[i * 4 + 1]).toBeGreaterThan(0);
    }
  });
});
