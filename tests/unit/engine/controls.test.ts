import { describe, expect, it } from 'vitest';
import { FirstPersonControls } from '../../../src/engine/web/viewer/controls';
import { WalkWorld } from '../../../src/engine/web/viewer/walking';

describe('first-person controls', () => {
  const controlsOn = (world: WalkWorld) =>
    new FirstPersonControls(document.createElement('canvas'), document.createElement('div'), world, {
      click: () => {},
      userMoved: () => {},
    });

  it('stand the visitor on the floor under a pose, looking its way, and give the eye back', () => {
    const controls = controlsOn(new WalkWorld([], [], [], 0));
    controls.standAt({ position: [1, 1.6, 2], yaw: 370, pitch: -10 });
    expect(controls.walker).toMatchObject({ x: 1, z: 2, feet: 0 });
    expect(controls.eyePose()).toEqual({ position: [1, 1.6, 2], yaw: 10, pitch: -10 });
    controls.dispose();
  });

  it('keep the eye at eye height above the floor, wherever the pose was', () => {
    const controls = controlsOn(new WalkWorld([], [], [], 0.5));
    controls.standAt({ position: [3, 5, -4], yaw: 90, pitch: 0 });
    expect(controls.eyePose().position).toEqual([3, 2.1, -4]);
    controls.dispose();
  });
});
