/**
 * Adaptive render scale: a factor on the pixel ratio that drops when frames come close to the
 * target frame time and climbs back when there is room, so a phone stays fluid at the price of
 * sharpness rather than of frames. Plain numbers in, a scale out (no clock, no renderer), so it is
 * tested by feeding frame times.
 *
 * - Lower: when the mean of the last `window` frames reaches `lowerAt` × the frame budget (before
 *   frames are late, not after), the scale drops by `step`, down to `min`.
 * - Raise: only after `raiseAfter` frames in a row under `raiseAt` × the budget, by `step`, up to
 *   `max`. The gap between `raiseAt` and `lowerAt` is the hysteresis: a scale that has just been
 *   lowered is not raised again by the next quick frame, and does not flip every frame.
 * - After any change the controller waits `settle` frames (the new size costs a frame or two
 *   to settle) and starts a fresh window.
 */

export interface AdaptiveScaleOptions {
  min: number;
  max: number;
  step: number;
  /** Frames averaged before lowering. */
  window: number;
  /** Fraction of the budget at which the scale drops. */
  lowerAt: number;
  /** Fraction of the budget under which frames count as having room. */
  raiseAt: number;
  /** Frames in a row with room before raising. */
  raiseAfter: number;
  /** Frames ignored after a change. */
  settle: number;
}

export const defaultAdaptiveScale: AdaptiveScaleOptions = {
  min: 0.5,
  max: 1,
  step: 0.1,
  window: 20,
  lowerAt: 0.85,
  raiseAt: 0.55,
  raiseAfter: 90,
  settle: 10,
};

/** Frame budget in ms for a target frame rate (0: as fast as the display, taken as 60 fps). */
export const frameBudgetMs = (targetFrameRate: number) => 1000 / (targetFrameRate > 0 ? targetFrameRate : 60);

export class AdaptiveScale {
  private samples: number[] = [];
  private roomy = 0;
  private settling = 0;
  scale: number;

  constructor(
    public budgetMs: number,
    readonly options: AdaptiveScaleOptions = defaultAdaptiveScale,
  ) {
    this.scale = options.max;
  }

  /** A new target (the target frame rate changed): starts over at full scale. */
  reset(budgetMs = this.budgetMs) {
    this.budgetMs = budgetMs;
    this.scale = this.options.max;
    this.samples = [];
    this.roomy = 0;
    this.settling = 0;
  }

  /** Records one drawn frame's time (ms); returns true when the scale changed. */
  push(frameMs: number): boolean {
    const o = this.options;
    if (this.settling > 0) {
      this.settling--;
      return false;
    }
    this.samples.push(frameMs);
    if (this.samples.length > o.window) this.samples.shift();
    this.roomy = frameMs < o.raiseAt * this.budgetMs ? this.roomy + 1 : 0;

    const mean = this.samples.reduce((a, b) => a + b, 0) / this.samples.length;
    if (this.samples.length >= o.window && mean >= o.lowerAt * this.budgetMs && this.scale > o.min) {
      return this.change(Math.max(o.min, this.scale - o.step));
    }
    if (this.roomy >= o.raiseAfter && this.scale < o.max) {
      return this.change(Math.min(o.max, this.scale + o.step));
    }
    return false;
  }

  private change(scale: number): boolean {
    this.scale = Math.round(scale * 1000) / 1000;
    this.samples = [];
    this.roomy = 0;
    this.settling = this.options.settle;
    return true;
  }
}

/**
 * What one drawn frame cost, as the controller counts it: the main thread's work for it, or, when
 * frames are drawn back to back and this one came later than the display and the target allow
 * (the GPU or the page fell behind), the whole time since the previous one.
 *
 * @param workMs main-thread time of the frame (hooks and render call)
 * @param intervalMs time since the previous drawn frame while drawing continuously, else null
 * @param displayMs time between two display frames (about 16.7 ms at 60 Hz)
 */
export function frameCost(
  workMs: number,
  intervalMs: number | null,
  budgetMs: number,
  displayMs: number,
): number {
  if (intervalMs === null || displayMs <= 0) return workMs;
  // Frames are paced to whole display frames: at 45 fps on a 60 Hz display, every second one.
  const expected = Math.max(1, Math.ceil(budgetMs / displayMs - 0.05)) * displayMs;
  return intervalMs > expected + displayMs / 2 ? Math.max(workMs, intervalMs) : workMs;
}
