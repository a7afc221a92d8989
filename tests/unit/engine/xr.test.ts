import { Group, Object3D, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { snapTurnDegrees, snapTurnOf, turnAbout } from '../../../src/engine/web/viewer/xr';

describe('snap turn', () => {
  it('turns once per push of the thumbstick, right turning right', () => {
    const first = snapTurnOf(0.9, true);
    expect(first.angle).toBeCloseTo((-snapTurnDegrees * Math.PI) / 180);
    // Held: no more turns until the stick comes back to the middle.
    expect(snapTurnOf(1, first.armed).angle).toBe(0);
    expect(snapTurnOf(0.5, first.armed).angle).toBe(0);
    const released = snapTurnOf(0.1, first.armed);
    expect(released).toEqual({ angle: 0, armed: true });
    expect(snapTurnOf(-0.8, released.armed).angle).toBeCloseTo((snapTurnDegrees * Math.PI) / 180);
    // A light touch does not turn.
    expect(snapTurnOf(0.45, true).angle).toBe(0);
  });

  it('keeps the head where it is while the rig turns about it', () => {
    const rig = new Group();
    rig.position.set(2, 0, -3);
    rig.rotation.y = 0.4;
    const head = new Object3D();
    head.position.set(0.3, 1.6, -0.5);
    rig.add(head);
    rig.updateMatrixWorld(true);
    const before = head.getWorldPosition(new Vector3());
    const angle = (-45 * Math.PI) / 180;
    [rig.position.x, rig.position.z] = turnAbout(
      [rig.position.x, rig.position.z],
      [before.x, before.z],
      angle,
    );
    rig.rotation.y += angle;
    rig.updateMatrixWorld(true);
    const after = head.getWorldPosition(new Vector3());
    expect(after.distanceTo(before)).toBeLessThan(1e-9);
  });
});
