import { describe, expect, it } from 'vitest';
import { premadeStart, templateFootprints } from '../../../contracts/premadeSpaces';
import { templateSpace } from '../../../geometry/templates';
import { walkDataOf } from '../../../src/engine/web/build/walkData';
import { type Artwork, pickFirstView, sees, startIsUnset } from '../../../src/engine/web/viewer/firstView';
import type { Obstacle } from '../../../src/engine/web/viewer/walking';

/** An enfilade L: three rooms x -13…-4.33, -4.33…4.33, 4.33…13, z -8…8, doorways at z = 0. */
const enfilade = walkDataOf(templateSpace({ family: 'enfilade', size: 'L', kind: 'Standard' }));

/** Pictures on the inner face of the north wall (z = -7.85), facing south (+z). */
const onNorthWall = (...xs: number[]): Artwork[] =>
  xs.map((x) => ({ position: [x, 1.55, -7.84], facing: [0, 1] }));

const wall: Obstacle = { center: [0, 0], halfLength: 2, halfWidth: 0.1, angle: 0, bottom: 0, top: 3 };

describe('the first view of a space without a starting point', () => {
  it('treats the contract default [0, 0, 0] as not set, and any other point as set', () => {
    expect(startIsUnset([0, 0, 0])).toBe(true);
    expect(startIsUnset([0, 1.6, 0])).toBe(false);
  });

  it('sees an artwork in front, but not through a wall nor from behind it', () => {
    const picture: Artwork = { position: [0, 1.5, -3], facing: [0, 1] };
    expect(sees([0, 1.6, 2], picture, [])).toBe(true);
    expect(sees([0, 1.6, 2], picture, [wall])).toBe(false);
    expect(sees([0, 1.6, -6], picture, [])).toBe(false);
    // A model (no facing) is seen from every side.
    expect(sees([0, 1.6, -6], { position: [0, 1, -3] }, [])).toBe(true);
  });

  it('stands in the room whose wall holds the pictures, facing that wall', () => {
    // Three pictures in the east room's north wall, one in the west room.
    const artworks = [...onNorthWall(7, 8.5, 10), ...onNorthWall(-9)];
    const view = pickFirstView(enfilade, artworks)!;
    expect(view.seen).toBe(3);
    const [x, y, z] = view.eye;
    expect(x).toBeGreaterThan(4.33);
    expect(y).toBeCloseTo(1.6);
    expect(z).toBeGreaterThan(-7.5);
    // Facing north (yaw 0), give or take the cone.
    expect(Math.min(view.yaw, 360 - view.yaw)).toBeLessThan(30);
  });

  it('turns to face pictures on a side wall', () => {
    // Two pictures on the east outer wall (x = 12.85), facing west.
    const artworks: Artwork[] = [
      { position: [12.84, 1.55, -3], facing: [-1, 0] },
      { position: [12.84, 1.55, 3], facing: [-1, 0] },
    ];
    const view = pickFirstView(enfilade, artworks)!;
    expect(view.seen).toBe(2);
    expect(view.eye[0]).toBeGreaterThan(4.33);
    // East is yaw 270.
    expect(Math.abs(view.yaw - 270)).toBeLessThan(30);
  });

  it('finds no view in a space without artworks', () => {
    expect(pickFirstView(enfilade, [])).toBeNull();
  });
});

describe('the start of a premade room', () => {
  it('faces the north wall of an enfilade from inside its first room, not a divider', () => {
    for (const size of ['S', 'M', 'L', 'XL'] as const) {
      const { startingPosition, startingRotation } = premadeStart({ family: 'enfilade', size });
      const { width, depth } = templateFootprints[size];
      const rooms = Math.max(2, Math.round(width / 8));
      const [x, , z] = startingPosition;
      expect(startingRotation).toBe(0);
      expect(x).toBeGreaterThan(-width / 2);
      expect(x).toBeLessThan(-width / 2 + width / rooms);
      expect(z).toBeGreaterThan(-depth / 2 + 3);
      expect(z).toBeLessThan(depth / 2);
      // Pictures hung along the first room's north wall are seen from there.
      const walk = walkDataOf(templateSpace({ family: 'enfilade', size, kind: 'Standard' }));
      const middle = -width / 2 + width / rooms / 2;
      for (const art of onNorthWall(middle - 1.5, middle + 1.5)) {
        expect(
          sees(
            startingPosition,
            { ...art, position: [art.position[0], 1.55, -depth / 2 + 0.16] },
            walk.obstacles,
          ),
        ).toBe(true);
      }
    }
  });
});
