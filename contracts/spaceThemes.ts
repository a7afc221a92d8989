import type { MaterialOverride } from './sceneContent';

/**
 * Themes (platform.md §2.6 Shape Style): a theme sets the materials of every surface at once —
 * the default wall, floor, ceiling and stairs materials — and clears surfaces painted one by one.
 */
export interface SpaceTheme {
  themeId: string;
  title: string;
  materials: Record<'wall' | 'floor' | 'ceiling' | 'stairs', MaterialOverride>;
  /** 'gallery': a darker room with light pools on the artworks; 'daylight': evenly lit. */
  lighting: 'gallery' | 'daylight';
}

const m = (color: string, roughness: number, base?: string): MaterialOverride => ({
  color,
  roughness,
  metalness: 0,
  tint: '#ffffff',
  ...(base ? { base } : {}),
});

export const spaceThemes: SpaceTheme[] = [
  {
    themeId: 'white-gallery',
    title: 'White gallery',
    materials: {
      wall: m('#f4f3ef', 0.92, 'painted'),
      floor: m('#d3cfc6', 0.7, 'terrazzo'),
      ceiling: m('#fbfbf9', 0.95),
      stairs: m('#dedad2', 0.8, 'concrete'),
    },
    lighting: 'gallery',
  },
  {
    themeId: 'warm-wood',
    title: 'Warm wood',
    materials: {
      wall: m('#efe6d8', 0.9, 'plaster'),
      floor: m('#b08458', 0.6, 'wood'),
      ceiling: m('#f6f1e8', 0.95),
      stairs: m('#9c7047', 0.6, 'wood'),
    },
    lighting: 'gallery',
  },
  {
    themeId: 'industrial',
    title: 'Industrial',
    materials: {
      wall: m('#a65a42', 0.9, 'brick'),
      floor: m('#8f8f8a', 0.85, 'concrete'),
      ceiling: m('#6d6e70', 0.9),
      stairs: m('#5c5d60', 0.6, 'concrete'),
    },
    lighting: 'daylight',
  },
  {
    themeId: 'classic-marble',
    title: 'Classic marble',
    materials: {
      wall: m('#e9e2d6', 0.85, 'plaster'),
      floor: m('#ecebe7', 0.25, 'marble'),
      ceiling: m('#fbf8f2', 0.95),
      stairs: m('#e4e2dc', 0.3, 'marble'),
    },
    lighting: 'gallery',
  },
  {
    themeId: 'dark-cinema',
    title: 'Dark cinema',
    materials: {
      wall: m('#2f3136', 0.85, 'dark'),
      floor: m('#3b3d42', 1, 'carpet'),
      ceiling: m('#1f2023', 0.95),
      stairs: m('#45474d', 0.7, 'dark'),
    },
    lighting: 'gallery',
  },
];

export const themeById = (themeId: string) => spaceThemes.find((t) => t.themeId === themeId);
