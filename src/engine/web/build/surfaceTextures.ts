/**
 * Our own generator of tileable PBR maps for room surfaces: plaster, painted wall, wood floor,
 * concrete, terrazzo and carpet. Pure functions of (kind, size, seed): the same input gives the
 * same bytes on every device, so nothing is downloaded — the maps are made when a space is built
 * (a few milliseconds each at 256 px) — and `scripts/generate-materials.ts` writes the same maps
 * as PNG files for a look (docs/materials/, CC0, see LICENSE.md there).
 *
 * Every map tiles: the noise lattices wrap at the map's edge.
 *
 * - colour: RGBA, sRGB, around white: the material's colour multiplies it (so themes tint it);
 * - normal: RGBA, tangent space (OpenGL convention, +Y up), from a height field;
 * - roughness: RGBA with roughness in G (three's convention), around 1: the material's roughness
 *   scales it.
 */

export const surfaceKinds = ['plaster', 'painted', 'wood', 'concrete', 'terrazzo', 'carpet'] as const;
export type SurfaceKind = (typeof surfaceKinds)[number];

export interface SurfaceMaps {
  size: number;
  colour: Uint8Array;
  normal: Uint8Array;
  roughness: Uint8Array;
}

/** A small, fast, seeded random generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Value noise on a `cells`×`cells` lattice that wraps, sampled over a size×size map. */
function tileNoise(size: number, cells: number, rand: () => number, stretchX = 1): Float32Array {
  const cx = Math.max(1, Math.round(cells * stretchX));
  const cy = cells;
  const lattice = new Float32Array(cx * cy);
  for (let i = 0; i < lattice.length; i++) lattice[i] = rand();
  const out = new Float32Array(size * size);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < size; y++) {
    const fy = (y / size) * cy;
    const y0 = Math.floor(fy);
    const ty = smooth(fy - y0);
    const r0 = (y0 % cy) * cx;
    const r1 = ((y0 + 1) % cy) * cx;
    for (let x = 0; x < size; x++) {
      const fx = (x / size) * cx;
      const x0 = Math.floor(fx);
      const tx = smooth(fx - x0);
      const c0 = x0 % cx;
      const c1 = (x0 + 1) % cx;
      const a = lattice[r0 + c0] + (lattice[r0 + c1] - lattice[r0 + c0]) * tx;
      const b = lattice[r1 + c0] + (lattice[r1 + c1] - lattice[r1 + c0]) * tx;
      out[y * size + x] = a + (b - a) * ty;
    }
  }
  return out;
}

/** Sum of octaves of tiling noise, 0…1. */
function fractal(size: number, cells: number, octaves: number, rand: () => number, stretchX = 1) {
  const out = new Float32Array(size * size);
  let amplitude = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    const layer = tileNoise(size, cells << o, rand, stretchX);
    for (let i = 0; i < out.length; i++) out[i] += layer[i] * amplitude;
    total += amplitude;
    amplitude *= 0.5;
  }
  for (let i = 0; i < out.length; i++) out[i] /= total;
  return out;
}

interface Fields {
  /** Brightness multiplier per texel, and an optional tint per texel (RGB, 0…1). */
  shade: Float32Array;
  tint?: Float32Array;
  height: Float32Array;
  rough: Float32Array;
  /** How strongly the height field bends the normals. */
  bump: number;
}

function plaster(size: number, rand: () => number, painted: boolean): Fields {
  const broad = fractal(size, 4, 3, rand);
  const fine = fractal(size, 64, 2, rand);
  const shade = new Float32Array(size * size);
  const height = new Float32Array(size * size);
  const rough = new Float32Array(size * size);
  for (let i = 0; i < shade.length; i++) {
    // Trowel marks (plaster) or a roller's orange peel (paint).
    shade[i] = painted ? 0.97 + broad[i] * 0.03 : 0.9 + broad[i] * 0.1 - fine[i] * 0.03;
    height[i] = painted ? fine[i] * 0.6 + broad[i] * 0.1 : broad[i] * 0.7 + fine[i] * 0.3;
    rough[i] = painted ? 0.85 + fine[i] * 0.15 : 0.9 + broad[i] * 0.1;
  }
  return { shade, height, rough, bump: painted ? 1.2 : 2.5 };
}

function concrete(size: number, rand: () => number): Fields {
  const broad = fractal(size, 4, 4, rand);
  const pores = tileNoise(size, 96, rand);
  const shade = new Float32Array(size * size);
  const height = new Float32Array(size * size);
  const rough = new Float32Array(size * size);
  for (let i = 0; i < shade.length; i++) {
    const pit = pores[i] > 0.86 ? (pores[i] - 0.86) * 4 : 0;
    shade[i] = 0.82 + broad[i] * 0.22 - pit * 0.5;
    height[i] = broad[i] * 0.4 - pit;
    rough[i] = 0.8 + broad[i] * 0.2 + pit;
  }
  return { shade, height, rough, bump: 2 };
}

function wood(size: number, rand: () => number): Fields {
  // Eight planks across the tile, each with its own tone, grain along x and staggered ends.
  const rows = 8;
  const grain = fractal(size, 3, 3, rand, 10);
  const fibre = tileNoise(size, 48, rand, 8);
  const tones = Array.from({ length: rows }, () => 0.78 + rand() * 0.22);
  const ends = Array.from({ length: rows }, () => Math.floor(rand() * size));
  const shade = new Float32Array(size * size);
  const height = new Float32Array(size * size);
  const rough = new Float32Array(size * size);
  const plank = size / rows;
  for (let y = 0; y < size; y++) {
    const row = Math.floor(y / plank);
    const inRow = y - row * plank;
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const seam = inRow < 1 || Math.abs(((x - ends[row] + size) % size) - 0) < 1;
      const rings = 0.5 + 0.5 * Math.sin((grain[i] * 18 + y * 0.15) * Math.PI);
      shade[i] = seam ? 0.45 : tones[row] * (0.82 + rings * 0.12 + fibre[i] * 0.08);
      height[i] = seam ? 0 : 0.6 + rings * 0.1 + fibre[i] * 0.15;
      rough[i] = seam ? 1 : 0.75 + rings * 0.2;
    }
  }
  return { shade, height, rough, bump: 2 };
}

function terrazzo(size: number, rand: () => number): Fields {
  const base = fractal(size, 8, 2, rand);
  const shade = new Float32Array(size * size);
  const tint = new Float32Array(size * size * 3).fill(1);
  const height = new Float32Array(size * size);
  const rough = new Float32Array(size * size);
  for (let i = 0; i < shade.length; i++) {
    shade[i] = 0.94 + base[i] * 0.06;
    height[i] = 0.5;
    rough[i] = 0.55 + base[i] * 0.1;
  }
  // Small stone chips in muted tones: they read as texture from standing height, not as spots.
  const palette = [
    [0.8, 0.78, 0.75],
    [0.9, 0.8, 0.72],
    [0.74, 0.77, 0.8],
    [1, 1, 0.98],
    [0.66, 0.65, 0.64],
  ];
  const chips = Math.round((size * size) / 90);
  for (let c = 0; c < chips; c++) {
    const cx = rand() * size;
    const cy = rand() * size;
    const r = 0.7 + rand() * rand() * size * 0.008;
    const colour = palette[Math.floor(rand() * palette.length)];
    const squash = 0.6 + rand() * 0.4;
    for (let dy = -Math.ceil(r); dy <= Math.ceil(r); dy++) {
      for (let dx = -Math.ceil(r); dx <= Math.ceil(r); dx++) {
        if ((dx * dx) / squash + dy * dy > r * r) continue;
        const x = (Math.floor(cx + dx) + size) % size;
        const y = (Math.floor(cy + dy) + size) % size;
        const i = y * size + x;
        shade[i] = 1;
        tint.set(colour, i * 3);
        rough[i] = 0.35;
      }
    }
  }
  return { shade, tint, height, rough, bump: 0.5 };
}

function carpet(size: number, rand: () => number): Fields {
  const pile = tileNoise(size, size / 2, rand);
  const broad = fractal(size, 6, 2, rand);
  const shade = new Float32Array(size * size);
  const height = new Float32Array(size * size);
  const rough = new Float32Array(size * size).fill(1);
  for (let i = 0; i < shade.length; i++) {
    shade[i] = 0.78 + pile[i] * 0.16 + broad[i] * 0.06;
    height[i] = pile[i];
  }
  return { shade, height, rough, bump: 3 };
}

const makers: Record<SurfaceKind, (size: number, rand: () => number) => Fields> = {
  plaster: (s, r) => plaster(s, r, false),
  painted: (s, r) => plaster(s, r, true),
  wood,
  concrete,
  terrazzo,
  carpet,
};

const seeds: Record<SurfaceKind, number> = {
  plaster: 11,
  painted: 23,
  wood: 37,
  concrete: 41,
  terrazzo: 53,
  carpet: 67,
};

const byte = (v: number) => Math.max(0, Math.min(255, Math.round(v * 255)));

/** The maps of one surface kind: always the same bytes for the same kind, size and seed. */
export function generateSurface(kind: SurfaceKind, size = 256, seed = seeds[kind]): SurfaceMaps {
  const f = makers[kind](size, random(seed));
  const colour = new Uint8Array(size * size * 4);
  const normal = new Uint8Array(size * size * 4);
  const roughness = new Uint8Array(size * size * 4);
  const h = (x: number, y: number) => f.height[((y + size) % size) * size + ((x + size) % size)];
  const strength = (f.bump * size) / 256;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const o = i * 4;
      const s = f.shade[i];
      const t = f.tint ? [f.tint[i * 3], f.tint[i * 3 + 1], f.tint[i * 3 + 2]] : [1, 1, 1];
      colour[o] = byte(s * t[0]);
      colour[o + 1] = byte(s * t[1]);
      colour[o + 2] = byte(s * t[2]);
      colour[o + 3] = 255;
      // Rows run top to bottom in the map; +Y of the normal points up the picture.
      const dx = (h(x + 1, y) - h(x - 1, y)) * strength;
      const dy = (h(x, y - 1) - h(x, y + 1)) * strength;
      const len = Math.hypot(dx, dy, 1);
      normal[o] = byte((-dx / len) * 0.5 + 0.5);
      normal[o + 1] = byte((-dy / len) * 0.5 + 0.5);
      normal[o + 2] = byte((1 / len) * 0.5 + 0.5);
      normal[o + 3] = 255;
      const r = byte(Math.min(1, f.rough[i]));
      roughness[o] = r;
      roughness[o + 1] = r;
      roughness[o + 2] = r;
      roughness[o + 3] = 255;
    }
  }
  return { size, colour, normal, roughness };
}
