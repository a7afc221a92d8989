import { describe, expect, it } from 'vitest';
import { CustomSpace } from '../../../contracts/sceneContent';
import { materialOverridesOf } from '../../../src/engine/web/build/materials';

describe('materialOverridesOf', () => {
  const plaster = { color: '#f0f0f0', roughness: 0.9, metalness: 0, tint: '#ffffff' };

  it("gives a space's overrides, and its terrain picture as the terrain material", () => {
    const space = CustomSpace.parse({
      levels: [{ id: 'ground' }],
      materialOverrides: { plaster },
      terrainUri: '/api/fileService/file/grass',
    });
    expect(materialOverridesOf(space)).toEqual({
      plaster,
      terrain: {
        color: '#ffffff',
        textureUri: '/api/fileService/file/grass',
        roughness: 1,
        metalness: 0,
        tint: '#ffffff',
      },
    });
    expect(space.materialOverrides).toEqual({ plaster });
  });

  it('gives none for no space, and no terrain material without a terrain picture', () => {
    expect(materialOverridesOf(null)).toEqual({});
    const space = CustomSpace.parse({ levels: [{ id: 'ground' }], materialOverrides: { plaster } });
    expect(materialOverridesOf(space)).toEqual({ plaster });
  });
});
