import { describe, expect, it } from 'vitest';
import { EngineSettings, graphicsQualityLevels } from '../../../src/engine/protocol';
import { applySettings, qualityProfiles } from '../../../src/engine/web/runtime/quality';

describe('graphics settings', () => {
  it('have one profile per quality level, each asking at least as much as the one below', () => {
    expect(qualityProfiles).toHaveLength(graphicsQualityLevels.length);
    for (let i = 1; i < qualityProfiles.length; i++) {
      const [lower, higher] = [qualityProfiles[i - 1], qualityProfiles[i]];
      expect(higher.maxPixelRatio).toBeGreaterThanOrEqual(lower.maxPixelRatio);
      expect(higher.pictureTexels).toBeGreaterThanOrEqual(lower.pictureTexels);
      expect(Number(higher.shadows)).toBeGreaterThanOrEqual(Number(lower.shadows));
    }
  });

  it('render Lowest at half resolution and never above the screen', () => {
    const at = (graphicsQuality: number, dpr: number, renderScale = 1) =>
      applySettings(EngineSettings.parse({ graphicsQuality, renderScale }), dpr).pixelRatio;
    expect(at(0, 1)).toBe(0.5);
    expect(at(0, 3)).toBe(0.5);
    expect(at(5, 1)).toBe(1);
    expect(at(5, 2)).toBe(2);
    expect(at(3, 2, 0.5)).toBe(0.75);
  });

  it('turn a target frame rate into a shortest frame time, 0 following the display', () => {
    expect(applySettings(EngineSettings.parse({ targetFrameRate: 30 }), 1).minFrameMs).toBeCloseTo(33.33, 1);
    expect(applySettings(EngineSettings.parse({ targetFrameRate: 0 }), 1).minFrameMs).toBe(0);
  });

  it('turn mipmaps off for Low filtering (sharp, flickers) and anisotropy on only for Medium', () => {
    const f = (filtering: number) => applySettings(EngineSettings.parse({ filtering }), 1).filtering;
    expect(f(0)).toEqual({ mipmaps: false, anisotropy: 0 });
    expect(f(1).anisotropy).toBe(1);
    expect(f(2)).toEqual({ mipmaps: true, anisotropy: 0 });
  });
});
