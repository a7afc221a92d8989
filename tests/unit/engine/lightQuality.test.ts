import { describe, expect, it } from 'vitest';
import { graphicsQualityLevels } from '../../../src/engine/protocol';
import { qualityProfiles } from '../../../src/engine/web/runtime/quality';

const level = (name: (typeof graphicsQualityLevels)[number]) =>
  qualityProfiles[graphicsQualityLevels.indexOf(name)];

describe('what each quality level turns on for light and materials', () => {
  it('lights every picture at every level: a pool on the wall, the spot’s cone from High up', () => {
    expect(['Lowest', 'Low', 'Medium'].map((l) => level(l as never).pictureLight)).toEqual([
      'pool',
      'pool',
      'pool',
    ]);
    expect(['High', 'Ultra', 'Max'].map((l) => level(l as never).pictureLight)).toEqual([
      'cone',
      'cone',
      'cone',
    ]);
  });

  it('reflect an environment from Medium up, and give models soft shadows from High up', () => {
    const environment = qualityProfiles.map((p) => p.environment);
    expect(environment).toEqual([false, false, true, true, true, true]);
    // High: contact shadows (one batched mesh); Ultra and Max: shadow maps.
    const soft = qualityProfiles.map((p) => p.contactShadows || p.shadows);
    expect(soft).toEqual([false, false, false, true, true, true]);
    expect(qualityProfiles.map((p) => p.shadows)).toEqual([false, false, false, false, true, true]);
  });

  it('give surfaces full PBR maps from Medium up and colour only below', () => {
    expect(qualityProfiles.map((p) => p.surfaceMaps)).toEqual([
      'colour',
      'colour',
      'pbr',
      'pbr',
      'pbr',
      'pbr',
    ]);
  });

  it('smooth edges from Ultra up, and tone map everywhere but Lowest, keeping colours true from Medium', () => {
    expect(qualityProfiles.map((p) => p.antialias)).toEqual([false, false, false, false, true, true]);
    expect(level('Lowest').toneMapping).toBe('none');
    expect(level('Low').toneMapping).toBe('aces');
    for (const l of ['Medium', 'High', 'Ultra', 'Max'] as const) expect(level(l).toneMapping).toBe('neutral');
  });

  it('never take away at a higher level what a lower one has', () => {
    const rank = { pool: 0, cone: 1, colour: 0, pbr: 1 } as const;
    for (let i = 1; i < qualityProfiles.length; i++) {
      const [lower, higher] = [qualityProfiles[i - 1], qualityProfiles[i]];
      expect(rank[higher.pictureLight]).toBeGreaterThanOrEqual(rank[lower.pictureLight]);
      expect(rank[higher.surfaceMaps]).toBeGreaterThanOrEqual(rank[lower.surfaceMaps]);
      expect(Number(higher.environment)).toBeGreaterThanOrEqual(Number(lower.environment));
      expect(Number(higher.antialias)).toBeGreaterThanOrEqual(Number(lower.antialias));
      expect(Number(higher.labels)).toBeGreaterThanOrEqual(Number(lower.labels));
      expect(Number(higher.shadows || higher.contactShadows)).toBeGreaterThanOrEqual(
        Number(lower.shadows || lower.contactShadows),
      );
    }
    expect(qualityProfiles.every((p) => p.labels)).toBe(true);
  });
});
