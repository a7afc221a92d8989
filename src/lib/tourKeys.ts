import type { EngineCommand, EngineEventOf } from '../engine/protocol';

/**
 * The tour by keyboard (platform.md §2.7): while a guided tour is on (started, not stopped and not
 * finished), ← and → go to the previous and next stop, Space pauses and resumes, Escape stops it.
 * The page handles these keys before the engine does (the engine would turn the visitor with the
 * arrows and pause the tour): see TourKeyboard.
 *
 * Keys stay with what has focus when it needs them: a text field, anything inside a dialog (the
 * list view, an info point), and Space on a button or a link, which it activates. Pure.
 */

export type TourState = EngineEventOf<'guidedTourState'>;

export interface TourKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/** Where the key was pressed, as far as the decision needs it. */
export interface KeyTarget {
  /** An input, a text area, a select or an editable element. */
  editable: boolean;
  /** Inside a dialog (the list view, an info point, a menu). */
  inDialog: boolean;
  /** A button, a link or another control Space activates. */
  activatable: boolean;
}

/** A text field or other editable element, whose keys are its own. */
export function isEditable(target: Element | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** Is this tour one the keys drive? */
export const tourIsOn = (tour: TourState | null): tour is TourState =>
  tour !== null && !tour.finished && !tour.stopped;

/** The engine command a key means for the tour, or null when the key is not the tour's. */
export function tourKeyCommand(
  key: TourKey,
  target: KeyTarget,
  tour: TourState | null,
): EngineCommand | null {
  if (!tourIsOn(tour)) return null;
  if (key.ctrlKey || key.metaKey || key.altKey || key.shiftKey) return null;
  if (target.editable || target.inDialog) return null;
  switch (key.key) {
    case 'ArrowRight':
      return { channel: 'Viewer', method: 'nextGuidedTourPoint', payload: {} };
    case 'ArrowLeft':
      return { channel: 'Viewer', method: 'previousGuidedTourPoint', payload: {} };
    case ' ':
    case 'Spacebar':
      if (target.activatable) return null;
      return tour.playing
        ? { channel: 'Viewer', method: 'pauseGuidedTour', payload: {} }
        : { channel: 'Viewer', method: 'playGuidedTour', payload: { tourId: tour.tourId } };
    case 'Escape':
      return { channel: 'Viewer', method: 'stopGuidedTour', payload: {} };
    default:
      return null;
  }
}

/** What a screen reader hears at each stop: 'Stop n of m: title. description'. */
export function stopAnnouncement(
  tour: TourState,
  point: { title: string; description: string },
  t: (key: string, values: Record<string, unknown>) => string,
): string {
  const values = { index: tour.pointIndex + 1, count: tour.pointCount, ...point };
  return point.description.trim()
    ? t('viewer.paths.announcement', values)
    : t('viewer.paths.announcementTitleOnly', values);
}
