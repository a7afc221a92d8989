import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n';
import { type KeyTarget, stopAnnouncement, tourKeyCommand, type TourState } from '../../src/lib/tourKeys';

const tour = (over: Partial<TourState> = {}): TourState => ({
  type: 'guidedTourState',
  tourId: 'tour-1',
  pointIndex: 1,
  pointCount: 4,
  playing: true,
  finished: false,
  ...over,
});
const page: KeyTarget = { editable: false, inDialog: false, activatable: false };
const method = (key: string, target = page, state: TourState | null = tour()) => {
  const command = tourKeyCommand({ key }, target, state);
  return command && `${command.channel}.${command.method}`;
};

describe('the tour by keyboard', () => {
  it('steps with the arrows, pauses and resumes with Space, and stops with Escape', () => {
    expect(method('ArrowRight')).toBe('Viewer.nextGuidedTourPoint');
    expect(method('ArrowLeft')).toBe('Viewer.previousGuidedTourPoint');
    expect(method(' ')).toBe('Viewer.pauseGuidedTour');
    expect(tourKeyCommand({ key: ' ' }, page, tour({ playing: false }))).toEqual({
      channel: 'Viewer',
      method: 'playGuidedTour',
      payload: { tourId: 'tour-1' },
    });
    expect(method('Escape')).toBe('Viewer.stopGuidedTour');
    // Walking forward and back stays the engine's.
    expect(method('ArrowUp')).toBeNull();
    expect(method('KeyW')).toBeNull();
  });

  it('leaves the keys to walking when no tour is on', () => {
    expect(method('ArrowRight', page, null)).toBeNull();
    expect(method('ArrowRight', page, tour({ finished: true, playing: false }))).toBeNull();
    expect(method(' ', page, tour({ stopped: true, playing: false }))).toBeNull();
  });

  it('leaves keys to what has focus when it needs them', () => {
    expect(method('ArrowRight', { ...page, editable: true })).toBeNull();
    expect(method('Escape', { ...page, inDialog: true })).toBeNull();
    // Space presses a focused button; the arrows still step the tour from there.
    expect(method(' ', { ...page, activatable: true })).toBeNull();
    expect(method('ArrowRight', { ...page, activatable: true })).toBe('Viewer.nextGuidedTourPoint');
    expect(tourKeyCommand({ key: 'ArrowRight', ctrlKey: true }, page, tour())).toBeNull();
  });

  it("announces 'Stop n of m: title. description'", () => {
    const t = i18n.t.bind(i18n) as never;
    expect(stopAnnouncement(tour(), { title: 'Tide I', description: 'Oil on linen.' }, t)).toBe(
      'Stop 2 of 4: Tide I. Oil on linen.',
    );
    expect(stopAnnouncement(tour({ pointIndex: 0 }), { title: 'Welcome', description: ' ' }, t)).toBe(
      'Stop 1 of 4: Welcome',
    );
  });
});
