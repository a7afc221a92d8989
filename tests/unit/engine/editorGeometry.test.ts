import { describe, expect, it } from 'vitest';
import { placementFor, wallGap } from '../../../src/engine/web/editor/placement';
import { snapPoint } from '../../../src/engine/web/editor/snapping';

describe('snapping wall points', () => {
  const base = { enabled: true, grid: 0.25, ends: [[4, 4]] as [number, number][] };

  it('lands on a wall end within 30 cm, before anything else', () => {
    expect(snapPoint([4.2, 3.9], base)).toEqual({ point: [4, 4], to: 'end' });
  });

  it('squares a nearly right angle from the previous point, with a length on the grid', () => {
    expect(snapPoint([3.07, 0.2], { ...base, previous: [0, 0] })).toEqual({ point: [3, 0], to: 'angle' });
    expect(snapPoint([-0.1, -2.6], { ...base, previous: [0, 0] })).toEqual({ point: [0, -2.5], to: 'angle' });
  });

  it('falls back to the grid, and does nothing when snapping is off', () => {
    expect(snapPoint([1.13, 2.9], { ...base, previous: [0, 0] })).toEqual({ point: [1.25, 3], to: 'grid' });
    expect(snapPoint([1.13, 2.9], { ...base, enabled: false })).toEqual({ point: [1.13, 2.9], to: 'none' });
  });
});

describe('placing dropped content', () => {
  const camera: [number, number, number] = [0, 1.6, 10];

  it('hangs a picture flush on the wall it is dropped on, facing out of the wall', () => {
    // A wall along x at z = 0 whose face looks towards +z.
    const t = placementFor('picture', { point: [2, 1.7, 0.1], normal: [0, 0, 1], floorY: 0 }, camera);
    expect(t.position).toEqual([2, 1.7, Math.round((0.1 + wallGap) * 1000) / 1000]);
    expect(t.rotation).toEqual([0, 0, 0]);
    // A wall facing -x: the picture turns to face -x (yaw 270).
    expect(
      placementFor('picture', { point: [5, 1.5, 2], normal: [-1, 0, 0], floorY: 0 }, camera).rotation[1],
    ).toBe(270);
  });

  it('stands things on the floor facing the camera, portals and info points at their height', () => {
    const model = placementFor('model3d', { point: [0, 4, 0], normal: [0, 1, 0], floorY: 4 }, camera);
    expect(model).toEqual({ position: [0, 4, 0], rotation: [0, 0, 0], scale: [1, 1, 1] });
    expect(
      placementFor('portal', { point: [0, 0, 0], normal: [0, 1, 0], floorY: 0 }, [10, 1.6, 0]).position[1],
    ).toBe(1.1);
    expect(
      placementFor('portal', { point: [0, 0, 0], normal: [0, 1, 0], floorY: 0 }, [10, 1.6, 0]).rotation[1],
    ).toBe(90);
  });

  it('steps a standing thing out from the wall it was dropped on, onto the floor', () => {
    const t = placementFor('prop', { point: [2, 1.2, 0.1], normal: [0, 0, 1], floorY: 0 }, camera);
    expect(t.position).toEqual([2, 0, 0.7]);
  });
});
