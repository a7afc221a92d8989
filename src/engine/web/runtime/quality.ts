import type { EngineSettings } from '../../protocol';

/**
 * What each graphics quality level (platform.md §2.7: Lowest … Max) turns on. One table, so the
 * trade-offs are visible in one place and the same on every device.
 */
export interface QualityProfile {
  /** Upper bound on device pixels per CSS pixel before the render scale applies. */
  maxPixelRatio: number;
  shadows: boolean;
  shadowMapSize: number;
  /** Image-based lighting for models (a prefiltered room environment). */
  environment: boolean;
  /** Longest side, in texels, of a picture in the picture atlases. */
  pictureTexels: number;
  /** Pictures within this distance (metres) are also shown at full resolution. */
  detailDistance: number;
  /** Largest texture size models keep (bigger ones are scaled down). */
  maxTextureSize: number;
  /**
   * Ambient occlusion baked once per room in a worker (build/ambientOcclusion.ts): corners and
   * the floor under objects darker, at no cost per frame (only more vertices on the room).
   */
  bakedOcclusion: boolean;
  /** Multisampled edges (the renderer's antialias; takes effect when the engine starts). */
  antialias: boolean;
  /** How colours map to the screen: 'none' is the cheapest, 'neutral' keeps artworks' colours true. */
  toneMapping: ToneMappingChoice;
  /**
   * Surfaces' generated maps: 'colour' only, or full PBR ('pbr': colour, normal and roughness).
   */
  surfaceMaps: 'colour' | 'pbr';
  /**
   * Light on each picture: 'pool', a light pool on the wall around it (one batched mesh), or
   * 'cone', the pool and the soft cone of a spot above it (one more batched mesh). No real lights.
   */
  pictureLight: 'pool' | 'cone';
  /** Museum labels beside pictures (one atlas and one mesh for all). */
  labels: boolean;
  /**
   * Soft contact shadows under models: a blurred shadow on the floor under each (one batched
   * mesh), where real shadow maps (`shadows`) cost too much per pixel.
   */
  contactShadows: boolean;
}

export type ToneMappingChoice = 'none' | 'aces' | 'neutral';

export const qualityProfiles: readonly QualityProfile[] = [
  // Lowest
  {
    maxPixelRatio: 0.5,
    shadows: false,
    shadowMapSize: 512,
    environment: false,
    pictureTexels: 128,
    detailDistance: 0,
    maxTextureSize: 512,
    bakedOcclusion: false,
    antialias: false,
    toneMapping: 'none',
    surfaceMaps: 'colour',
    pictureLight: 'pool',
    labels: true,
    contactShadows: false,
  },
  // Low
  {
    maxPixelRatio: 0.75,
    shadows: false,
    shadowMapSize: 512,
    environment: false,
    pictureTexels: 192,
    detailDistance: 0,
    maxTextureSize: 1024,
    bakedOcclusion: true,
    antialias: false,
    toneMapping: 'aces',
    surfaceMaps: 'colour',
    pictureLight: 'pool',
    labels: true,
    contactShadows: false,
  },
  // Medium
  {
    maxPixelRatio: 1,
    shadows: false,
    shadowMapSize: 1024,
    environment: true,
    pictureTexels: 256,
    detailDistance: 2.5,
    maxTextureSize: 2048,
    bakedOcclusion: true,
    antialias: false,
    toneMapping: 'neutral',
    surfaceMaps: 'pbr',
    pictureLight: 'pool',
    labels: true,
    contactShadows: false,
  },
  // High
  {
    maxPixelRatio: 1.5,
    shadows: false,
    shadowMapSize: 1024,
    environment: true,
    pictureTexels: 256,
    detailDistance: 3.5,
    maxTextureSize: 2048,
    bakedOcclusion: true,
    antialias: false,
    toneMapping: 'neutral',
    surfaceMaps: 'pbr',
    pictureLight: 'cone',
    labels: true,
    contactShadows: true,
  },
  // Ultra
  {
    maxPixelRatio: 2,
    shadows: true,
    shadowMapSize: 2048,
    environment: true,
    pictureTexels: 384,
    detailDistance: 4,
    maxTextureSize: 4096,
    bakedOcclusion: true,
    antialias: true,
    toneMapping: 'neutral',
    surfaceMaps: 'pbr',
    pictureLight: 'cone',
    labels: true,
    contactShadows: false,
  },
  // Max
  {
    maxPixelRatio: 3,
    shadows: true,
    shadowMapSize: 4096,
    environment: true,
    pictureTexels: 512,
    detailDistance: 5,
    maxTextureSize: 8192,
    bakedOcclusion: true,
    antialias: true,
    toneMapping: 'neutral',
    surfaceMaps: 'pbr',
    pictureLight: 'cone',
    labels: true,
    contactShadows: false,
  },
];

/** Texture filtering per level (protocol `filteringLevels`: Low, Medium, High). */
export interface FilteringProfile {
  mipmaps: boolean;
  /** Fraction of the device's largest anisotropy. */
  anisotropy: number;
}

export const filteringProfiles: readonly FilteringProfile[] = [
  { mipmaps: false, anisotropy: 0 },
  { mipmaps: true, anisotropy: 1 },
  { mipmaps: true, anisotropy: 0 },
];

export interface AppliedSettings {
  profile: QualityProfile;
  filtering: FilteringProfile;
  pixelRatio: number;
  /** Shortest time between two frames, in ms (0: every display frame). */
  minFrameMs: number;
}

export function applySettings(settings: EngineSettings, devicePixelRatio: number): AppliedSettings {
  const profile = qualityProfiles[settings.graphicsQuality];
  const pixelRatio = Math.max(0.25, Math.min(devicePixelRatio, profile.maxPixelRatio) * settings.renderScale);
  return {
    profile,
    filtering: filteringProfiles[settings.filtering],
    pixelRatio: Math.round(pixelRatio * 1000) / 1000,
    minFrameMs: settings.targetFrameRate > 0 ? 1000 / settings.targetFrameRate : 0,
  };
}
