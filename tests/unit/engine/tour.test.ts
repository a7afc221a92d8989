import { describe, expect, it } from 'vitest';
import type { GuidedTour } from '../../../contracts/sceneContent';
import { type Pose, TourPlayer, travelSeconds } from '../../../src/engine/web/viewer/tour';

const point = (i: number, x: number, yaw: number, duration = 3) => ({
  guidedTourPointId: `p${i}`,
  title: `Point ${i}`,
  description: '',
  position: [x, 1.6, 0] as [number, number, number],
  rotation: [0, yaw, 0] as [number, number, number],
  duration,
  order: i,
});

const tour: GuidedTour = {
  guidedTourId: 'tour',
  title: 'Highlights',
  description: '',
  public: true,
  // Listed out of order: the order field decides.
  points: [point(1, 4, 90), point(0, 0, 0), point(2, 8, 350)],
};
const start: Pose = { position: [0, 1.6, 0], yaw: 0, pitch: 0 };

function run(player: TourPlayer, seconds: number, step = 0.05) {
  let changes = 0;
  for (let t = 0; t < seconds; t += step) if (player.update(step)) changes++;
  return changes;
}

describe('guided tour playback', () => {
  it('visits the points in order, staying at each for its duration, and stops at the last', () => {
    const player = new TourPlayer(tour, start);
    expect(player.status()).toMatchObject({ pointIndex: 0, pointCount: 3, playing: true, finished: false });
    run(player, travelSeconds(start, start) + 3 + 0.1);
    expect(player.status().pointIndex).toBe(1);
    run(player, 30);
    expect(player.status()).toMatchObject({ pointIndex: 2, playing: false, finished: true });
    expect(player.pose()).toEqual({ position: [8, 1.6, 0], yaw: 350, pitch: 0 });
  });

  it('moves smoothly between points and turns the short way round', () => {
    const player = new TourPlayer(tour, start);
    run(player, travelSeconds(start, start) + 3 + 0.05);
    // Travelling from point 0 (x 0, yaw 0) to point 1 (x 4, yaw 90).
    run(player, travelSeconds(start, { position: [4, 1.6, 0], yaw: 90, pitch: 0 }) / 2);
    const middle = player.pose();
    expect(middle.position[0]).toBeGreaterThan(0.5);
    expect(middle.position[0]).toBeLessThan(3.5);
    expect(middle.yaw).toBeGreaterThan(10);
    expect(middle.yaw).toBeLessThan(80);
    // From yaw 90 to 350 turns back through 0 (−100°), not forward (+260°).
    run(player, 10);
    const turning = new TourPlayer({ ...tour, points: [point(0, 0, 90, 0), point(1, 0, 350, 0)] }, start);
    run(turning, 0.85);
    run(turning, 0.4);
    expect(turning.pose().yaw).toBeLessThan(90);
  });

  it('pauses, resumes, skips forward and back', () => {
    const player = new TourPlayer(tour, start);
    player.pause();
    run(player, 10);
    expect(player.status()).toMatchObject({ pointIndex: 0, playing: false });
    player.next();
    expect(player.status().pointIndex).toBe(1);
    player.next();
    player.next();
    expect(player.status().pointIndex).toBe(2);
    player.previous();
    expect(player.status().pointIndex).toBe(1);
    player.play();
    run(player, 30);
    expect(player.status().finished).toBe(true);
    player.play();
    expect(player.status()).toMatchObject({ pointIndex: 0, playing: true, finished: false });
  });

  it('reports a change when a point is reached', () => {
    const player = new TourPlayer(tour, start);
    expect(run(player, 40)).toBeGreaterThanOrEqual(3);
  });
});
