import { describe, expect, it } from 'vitest';
import type { CustomSpace, Stairs } from '../../../contracts/sceneContent';
import { walkDataOf } from '../../../src/engine/web/build/walkData';
import { body, pushOut, type Walker, WalkWorld } from '../../../src/engine/web/viewer/walking';

/**
 * A 10 × 8 m room on two levels: an interior wall at x = 5 with a door (z 3.5–4.5), a window in
 * the north wall, and straight stairs along the east side climbing north to the upper level.
 */
function twoRooms(stairs: Partial<Stairs> = {}): CustomSpace {
  const outer = [
    { id: 'n', from: [0, 0], to: [10, 0] },
    { id: 'e', from: [10, 0], to: [10, 8] },
    { id: 's', from: [10, 8], to: [0, 8] },
    { id: 'w', from: [0, 8], to: [0, 0] },
  ].map((w) => ({ ...w, thickness: 0.2 })) as CustomSpace['levels'][number]['walls'];
  return {
    materialOverrides: {},
    levels: [
      {
        id: 'ground',
        name: 'Ground Level',
        elevation: 0,
        height: 4,
        walls: [...outer, { id: 'mid', from: [5, 0], to: [5, 8], thickness: 0.2 }],
        openings: [
          { id: 'door', wallId: 'mid', kind: 'door-single', offset: 3.5, width: 1, height: 2.2, sill: 0 },
          { id: 'win', wallId: 'n', kind: 'window-single', offset: 1, width: 2, height: 1.2, sill: 1 },
        ],
        stairs: [
          {
            id: 'st',
            kind: 'straight',
            turn: 'left',
            position: [9, 0, 7.5],
            rotation: 0,
            width: 1.2,
            rise: 4,
            toLevel: 'up',
            ...stairs,
          },
        ],
      },
      { id: 'up', name: 'Upper', elevation: 4, height: 4, walls: outer, openings: [], stairs: [] },
    ],
  };
}

function worldOf(space: CustomSpace) {
  const data = walkDataOf(space);
  return new WalkWorld(data.obstacles, data.floors, data.patches, data.groundY);
}

/** Holds a direction for `seconds` at 60 frames a second. */
function walk(world: WalkWorld, from: Walker, direction: [number, number], seconds: number): Walker {
  let w = from;
  const dt = 1 / 60;
  const len = Math.hypot(...direction);
  for (let t = 0; t < seconds; t += dt) {
    w = world.step(
      w,
      [(direction[0] / len) * body.walkSpeed * dt, (direction[1] / len) * body.walkSpeed * dt],
      dt,
    );
  }
  return w;
}

describe('walking', () => {
  const world = worldOf(twoRooms());
  const start: Walker = { x: 2.5, z: 4, feet: 0, vy: 0 };

  it('goes through a door', () => {
    const end = walk(world, start, [1, 0], 2.5);
    expect(end.x).toBeGreaterThan(6);
    expect(end.z).toBeCloseTo(4, 1);
    expect(end.feet).toBe(0);
  });

  it('is stopped by a wall, keeping its radius away from it', () => {
    const end = walk(world, { ...start, z: 1.5 }, [1, 0], 3);
    expect(end.x).toBeLessThan(5 - 0.1);
    expect(end.x).toBeGreaterThan(5 - 0.1 - body.radius - 0.05);
  });

  it('slides along a wall when walking into it at an angle', () => {
    const end = walk(world, { ...start, x: 4.5, z: 1.5 }, [1, 1], 1);
    expect(end.z).toBeGreaterThan(2);
    expect(end.x).toBeLessThan(5);
  });

  it('cannot climb through a window', () => {
    const end = walk(world, { ...start, x: 2, z: 1.5 }, [0, -1], 3);
    expect(end.z).toBeGreaterThan(0.1 + body.radius - 0.05);
    expect(end.feet).toBe(0);
  });

  it('climbs the stairs to the upper level and stands on its floor', () => {
    const foot: Walker = { x: 9, z: 7.9, feet: 0, vy: 0 };
    const end = walk(world, foot, [0, -1], 5);
    expect(end.z).toBeLessThan(1.5);
    expect(end.feet).toBeCloseTo(4, 5);
    // And back down again.
    const back = walk(world, end, [0, 1], 5);
    expect(back.feet).toBe(0);
  });

  it('cannot step onto the stairs from the side, but walks under them where they are high enough', () => {
    // At z = 6.5 the steps are about 0.65 m up: too high to step onto, too low to pass under.
    const low = walk(world, { x: 7.5, z: 6.5, feet: 0, vy: 0 }, [1, 0], 2);
    expect(low.x).toBeLessThan(9 - 0.6 + 0.01);
    expect(low.feet).toBe(0);
    // At z = 3 they are 2.9 m up.
    const high = walk(world, { x: 7.5, z: 3, feet: 0, vy: 0 }, [1, 0], 2);
    expect(high.x).toBeGreaterThan(9);
    expect(high.feet).toBe(0);
  });

  it('falls through a stairwell onto what is below', () => {
    const above: Walker = { x: 9, z: 6, feet: 4, vy: 0 };
    let w = above;
    for (let i = 0; i < 120; i++) w = world.step(w, [0, 0], 1 / 60);
    expect(w.feet).toBeLessThan(4);
    expect(w.feet).toBeGreaterThan(0);
  });

  it('places a visitor on the highest floor below an eye position', () => {
    expect(world.placeAt([2, 5.6, 2]).feet).toBe(4);
    expect(world.placeAt([2, 1.6, 2]).feet).toBe(0);
  });
});

describe('pushing a circle out of a box', () => {
  const box = {
    center: [0, 0] as [number, number],
    halfLength: 1,
    halfWidth: 0.1,
    angle: Math.PI / 2,
    bottom: 0,
    top: 1,
  };

  it('pushes along the nearest side', () => {
    const push = pushOut(box, [0.3, 0], 0.3)!;
    expect(push[0]).toBeCloseTo(0.1);
    expect(push[1]).toBeCloseTo(0);
  });

  it('leaves a circle that does not touch alone', () => {
    expect(pushOut(box, [0.5, 0], 0.3)).toBeNull();
  });
});
