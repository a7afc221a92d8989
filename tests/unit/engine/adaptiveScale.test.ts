import { describe, expect, it } from 'vitest';
import {
  AdaptiveScale,
  defaultAdaptiveScale,
  frameCost,
  frameBudgetMs,
} from '../../../src/engine/web/runtime/adaptiveScale';

const budget = frameBudgetMs(60); // 16.67 ms

/** Feeds `count` frames of `ms` each; returns the scale after each frame. */
function feed(controller: AdaptiveScale, ms: number, count: number): number[] {
  const scales: number[] = [];
  for (let i = 0; i < count; i++) {
    controller.push(ms);
    scales.push(controller.scale);
  }
  return scales;
}

describe('the adaptive render scale', () => {
  it('keeps full resolution while frames have room', () => {
    const c = new AdaptiveScale(budget);
    feed(c, 6, 500);
    expect(c.scale).toBe(1);
  });

  it('lowers the resolution when frames near the budget, before they are late', () => {
    const c = new AdaptiveScale(budget);
    // 15 ms frames still make 60 fps, but are 90% of the budget.
    feed(c, 15, defaultAdaptiveScale.window);
    expect(c.scale).toBe(0.9);
  });

  it('keeps lowering while frames stay slow, but never under the minimum', () => {
    const c = new AdaptiveScale(budget);
    feed(c, 40, 2000);
    expect(c.scale).toBe(defaultAdaptiveScale.min);
  });

  it('raises it back only after a long run of quick frames', () => {
    const c = new AdaptiveScale(budget);
    feed(c, 30, 200);
    const lowered = c.scale;
    expect(lowered).toBeLessThan(1);
    // A few quick frames are not enough.
    feed(c, 5, 40);
    expect(c.scale).toBe(lowered);
    feed(c, 5, 2000);
    expect(c.scale).toBe(1);
  });

  it('holds steady between the two thresholds (no flip-flop)', () => {
    const c = new AdaptiveScale(budget);
    feed(c, 30, 200);
    const lowered = c.scale;
    // 11 ms: too slow to raise (over 55%), quick enough not to lower (under 85%).
    const scales = feed(c, 11, 1000);
    expect(new Set(scales)).toEqual(new Set([lowered]));
  });

  it('does not treat one slow frame among quick ones as a reason to lower', () => {
    const c = new AdaptiveScale(budget);
    const pattern = Array.from({ length: 400 }, (_, i) => (i % 20 === 0 ? 40 : 6));
    pattern.forEach((ms) => c.push(ms));
    expect(c.scale).toBe(1);
  });

  it('measures against the target frame rate: 20 ms frames are fine at 30 fps, not at 60', () => {
    const at30 = new AdaptiveScale(frameBudgetMs(30));
    const at60 = new AdaptiveScale(frameBudgetMs(60));
    feed(at30, 20, 300);
    feed(at60, 20, 300);
    expect(at30.scale).toBe(1);
    expect(at60.scale).toBeLessThan(1);
  });

  it('starts over at full scale when the target changes', () => {
    const c = new AdaptiveScale(budget);
    feed(c, 40, 300);
    c.reset(frameBudgetMs(30));
    expect(c.scale).toBe(1);
  });
});

describe('the cost of a frame', () => {
  const display = 1000 / 60;
  it('is the work of the frame when frames come on time', () => {
    expect(frameCost(4, display, frameBudgetMs(60), display)).toBe(4);
    // At 30 fps on a 60 Hz display every second display frame is drawn: on time, not late.
    expect(frameCost(4, 2 * display, frameBudgetMs(30), display)).toBe(4);
    // A still scene (no previous frame to compare with).
    expect(frameCost(4, null, frameBudgetMs(60), display)).toBe(4);
  });

  it('is the whole interval when a frame came a display frame late', () => {
    expect(frameCost(4, 2 * display, frameBudgetMs(60), display)).toBe(2 * display);
    expect(frameCost(4, 3 * display, frameBudgetMs(30), display)).toBe(3 * display);
  });
});
