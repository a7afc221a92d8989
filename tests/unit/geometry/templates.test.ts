import { describe, expect, it } from 'vitest';
import { CustomSpace, spaceTemplateKinds, spaceTemplateSizes } from '../../../contracts/sceneContent';
import { templateFamilies, templateSizes, templateSpace } from '../../../geometry/templates';
import { walkDataOf } from '../../../src/engine/web/build/walkData';
import { WalkWorld } from '../../../src/engine/web/viewer/walking';

describe('premade rooms', () => {
  const choices = templateFamilies.flatMap((family) =>
    spaceTemplateSizes.flatMap((size) => spaceTemplateKinds.map((kind) => ({ family, size, kind }))),
  );

  it.each(choices.map((c) => [`${c.family} ${c.size} ${c.kind}`, c] as const))(
    '%s is a valid custom space of the size asked for, with a way in',
    (_, choice) => {
      const space = templateSpace(choice);
      const parsed = CustomSpace.safeParse(space);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      const xs = space.levels[0].walls.flatMap((w) => [w.from[0], w.to[0]]);
      const zs = space.levels[0].walls.flatMap((w) => [w.from[1], w.to[1]]);
      const [w, d] = templateSizes[choice.size];
      expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(w);
      expect(Math.max(...zs) - Math.min(...zs)).toBeCloseTo(d);
      expect(space.levels[0].openings.some((o) => o.kind.startsWith('door'))).toBe(true);
    },
  );

  it('makes Premium rooms taller and finished differently', () => {
    const standard = templateSpace({ family: 'white-cube', size: 'M', kind: 'Standard' });
    const premium = templateSpace({ family: 'white-cube', size: 'M', kind: 'Premium' });
    expect(premium.levels[0].height).toBeGreaterThan(standard.levels[0].height);
    expect(Object.keys(premium.materialOverrides)).toContain('floor');
    expect(premium.levels[0].walls.length).toBeGreaterThan(standard.levels[0].walls.length);
  });

  it('gives the atrium a second level reached by stairs', () => {
    const space = templateSpace({ family: 'atrium', size: 'L', kind: 'Standard' });
    expect(space.levels).toHaveLength(2);
    const stairs = space.levels[0].stairs[0];
    const data = walkDataOf(space);
    const world = new WalkWorld(data.obstacles, data.floors, data.patches, data.groundY);
    let walker = { x: stairs.position[0], z: stairs.position[2] + 0.3, feet: 0, vy: 0 };
    for (let i = 0; i < 600; i++) walker = world.step(walker, [0, -0.04], 1 / 60);
    expect(walker.feet).toBeCloseTo(space.levels[1].elevation, 3);
  });

  it('falls back to the default family for one it does not know', () => {
    expect(templateSpace({ family: 'no-such-family', size: 'S', kind: 'Standard' })).toEqual(
      templateSpace({ family: 'white-cube', size: 'S', kind: 'Standard' }),
    );
  });
});
