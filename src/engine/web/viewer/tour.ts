import type { GuidedTour } from '../../../../contracts/sceneContent';

/**
 * Playback of a guided tour (platform.md §1 Paths): the camera travels to each point in order,
 * stays there for the point's duration, and stops at the last one. Pure: `update(dt)` advances
 * time and returns the pose; the viewer applies it.
 */

export interface Pose {
  position: [number, number, number];
  /** Degrees. */
  yaw: number;
  pitch: number;
}

export interface TourStatus {
  tourId: string;
  pointIndex: number;
  pointCount: number;
  playing: boolean;
  finished: boolean;
  /** The stop the tour is at or on its way to. */
  pointTitle: string;
  pointDescription: string;
}

/** Travel speed between points, and the shortest and longest travel. */
export const tourTravel = { speed: 2, minSeconds: 0.8, maxSeconds: 5 } as const;

const smooth = (t: number) => t * t * (3 - 2 * t);
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
/** Turn from a to b the short way round. */
function lerpAngle(a: number, b: number, t: number) {
  const d = ((((b - a) % 360) + 540) % 360) - 180;
  return a + d * t;
}

export function poseOfPoint(point: GuidedTour['points'][number]): Pose {
  return { position: [...point.position], yaw: point.rotation[1], pitch: point.rotation[0] };
}

export function travelSeconds(from: Pose, to: Pose): number {
  const [ax, ay, az] = from.position;
  const [bx, by, bz] = to.position;
  const distance = Math.hypot(bx - ax, by - ay, bz - az);
  return Math.min(tourTravel.maxSeconds, Math.max(tourTravel.minSeconds, distance / tourTravel.speed));
}

export class TourPlayer {
  private readonly points: GuidedTour['points'];
  private index = 0;
  private phase: 'travel' | 'dwell' = 'travel';
  private elapsed = 0;
  private from: Pose;
  private travel = 0;
  private running = true;
  private finished = false;

  /**
   * `cut`: the camera goes from stop to stop at once instead of gliding (reduced motion); it can
   * change while the tour plays (`setCut`).
   */
  constructor(
    readonly tour: GuidedTour,
    start: Pose,
    private cut = false,
  ) {
    this.points = [...tour.points].sort((a, b) => a.order - b.order);
    this.from = start;
    this.travel = this.points.length ? this.travelTo(start) : 0;
  }

  setCut(cut: boolean) {
    this.cut = cut;
    if (cut && this.phase === 'travel') this.travel = 0;
  }

  private travelTo(from: Pose) {
    return this.cut ? 0 : travelSeconds(from, this.target());
  }

  get playing() {
    return this.running;
  }

  get pointCount() {
    return this.points.length;
  }

  status(): TourStatus {
    return {
      tourId: this.tour.guidedTourId,
      pointIndex: this.index,
      pointCount: this.points.length,
      playing: this.running,
      finished: this.finished,
      pointTitle: this.points[this.index]?.title ?? '',
      pointDescription: this.points[this.index]?.description ?? '',
    };
  }

  private target(): Pose {
    return poseOfPoint(this.points[this.index]);
  }

  /** The pose now. */
  pose(): Pose {
    if (!this.points.length) return this.from;
    const to = this.target();
    if (this.phase === 'dwell') return to;
    const t = smooth(Math.min(1, this.travel > 0 ? this.elapsed / this.travel : 1));
    return {
      position: [
        lerp(this.from.position[0], to.position[0], t),
        lerp(this.from.position[1], to.position[1], t),
        lerp(this.from.position[2], to.position[2], t),
      ],
      yaw: lerpAngle(this.from.yaw, to.yaw, t),
      pitch: lerp(this.from.pitch, to.pitch, t),
    };
  }

  /** Advances the tour; returns true when its status changed (point reached, tour ended). */
  update(dt: number): boolean {
    if (!this.running || !this.points.length) return false;
    this.elapsed += dt;
    let changed = false;
    for (;;) {
      if (this.phase === 'travel') {
        if (this.elapsed < this.travel) break;
        this.elapsed -= this.travel;
        this.phase = 'dwell';
        changed = true;
      }
      const dwell = this.points[this.index].duration;
      if (this.elapsed < dwell) break;
      if (this.index >= this.points.length - 1) {
        this.elapsed = dwell;
        this.running = false;
        this.finished = true;
        return true;
      }
      this.elapsed -= dwell;
      this.goTo(this.index + 1, this.target());
      changed = true;
    }
    return changed;
  }

  private goTo(index: number, from: Pose) {
    this.from = from;
    this.index = index;
    this.phase = 'travel';
    this.travel = this.travelTo(from);
    this.elapsed = 0;
    this.finished = false;
  }

  pause() {
    this.running = false;
  }

  play() {
    if (this.finished) this.goTo(0, this.pose());
    this.running = true;
  }

  next() {
    if (this.index < this.points.length - 1) this.goTo(this.index + 1, this.pose());
  }

  previous() {
    if (this.index > 0) this.goTo(this.index - 1, this.pose());
  }
}
