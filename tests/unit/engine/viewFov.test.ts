import { describe, expect, it } from 'vitest';
import { viewFov } from '../../../src/engine/web/runtime/runtime';

const horizontal = (aspect: number) =>
  (2 * Math.atan(Math.tan((viewFov(aspect) * Math.PI) / 360) * aspect) * 180) / Math.PI;

describe('the field of view', () => {
  it('is the usual 70° up and down on landscape screens', () => {
    expect(viewFov(16 / 9)).toBe(70);
    expect(viewFov(4 / 3)).toBe(70);
  });

  it('opens up on a screen held upright, so a phone still sees about 60° across', () => {
    expect(viewFov(390 / 844)).toBeGreaterThan(70);
    expect(horizontal(9 / 16)).toBeCloseTo(60, 0);
    // Never a fisheye: at most 100° up and down, however narrow the screen.
    expect(viewFov(0.2)).toBe(100);
  });
});
