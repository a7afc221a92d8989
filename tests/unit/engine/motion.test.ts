import { describe, expect, it } from 'vitest';
import type { GuidedTour } from '../../../contracts/sceneContent';
import { motionPolicy, reducedMotionQuery, watchReducedMotion } from '../../../src/engine/web/viewer/motion';
import { type Pose, TourPlayer } from '../../../src/engine/web/viewer/tour';

const tour: GuidedTour = {
  guidedTourId: 'tour',
  title: 'Highlights',
  description: '',
  public: true,
  points: [
    {
      guidedTourPointId: 'far',
      title: 'Far wall',
      description: 'Two seascapes',
      position: [10, 1.6, 0],
      rotation: [0, 90, 0],
      duration: 5,
      order: 0,
    },
  ],
};
const start: Pose = { position: [0, 1.6, 0], yaw: 0, pitch: 0 };

/** A window whose reduced-motion preference the test sets and changes. */
function fakeWindow(reduced: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    matches: reduced,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.delete(listener),
  };
  const asked: string[] = [];
  return {
    host: { matchMedia: (q: string) => (asked.push(q), query as unknown as MediaQueryList) },
    asked,
    listeners,
    change(matches: boolean) {
      query.matches = matches;
      listeners.forEach((listener) => listener({ matches }));
    },
  };
}

describe('reduced motion', () => {
  it('turns glides, walks and fades into cuts when the visitor asks for reduced motion', () => {
    expect(motionPolicy(true)).toEqual({ tourTravel: 'cut', walkTo: 'cut', fadeSeconds: 0 });
    const moving = motionPolicy(false);
    expect(moving.tourTravel).toBe('glide');
    expect(moving.walkTo).toBe('walk');
    expect(moving.fadeSeconds).toBeGreaterThan(0);
  });

  it('reads the prefers-reduced-motion media query, and follows it when it changes', () => {
    const win = fakeWindow(true);
    const seen: string[] = [];
    const stop = watchReducedMotion(win.host, (policy) => seen.push(policy.tourTravel));
    expect(win.asked).toEqual([reducedMotionQuery]);
    expect(reducedMotionQuery).toBe('(prefers-reduced-motion: reduce)');
    win.change(false);
    expect(seen).toEqual(['cut', 'glide']);
    stop();
    expect(win.listeners.size).toBe(0);
    // Without matchMedia, the viewer moves as usual.
    const policies: string[] = [];
    watchReducedMotion({}, (policy) => policies.push(policy.walkTo));
    expect(policies).toEqual(['walk']);
  });

  it('a tour that cuts is at its first stop on the next frame; one that glides is on the way', () => {
    const cutting = new TourPlayer(tour, start, true);
    cutting.update(0.016);
    expect(cutting.pose()).toEqual({ position: [10, 1.6, 0], yaw: 90, pitch: 0 });
    const gliding = new TourPlayer(tour, start, false);
    gliding.update(0.016);
    expect(gliding.pose().position[0]).toBeLessThan(1);
    // Asking for reduced motion in the middle of a glide cuts the rest of it.
    gliding.setCut(true);
    gliding.update(0.016);
    expect(gliding.pose().position[0]).toBe(10);
  });

  it('tells the stop it is at: its title and description', () => {
    expect(new TourPlayer(tour, start).status()).toMatchObject({
      pointTitle: 'Far wall',
      pointDescription: 'Two seascapes',
    });
  });
});
