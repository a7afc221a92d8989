import type { GuidedTour, GuidedTourPoint, Vec3 } from '../../../../../contracts/sceneContent';
import { minTourPointSeconds } from '../../../protocol';
import { type Command, SetFields } from '../commands';
import type { EditorDocument } from '../document';
import { reject, type Rejection } from './rejection';

/** Edits of guided tours (paths) and of the entry point. */

const clone = <T>(v: T): T => structuredClone(v);

function withTours(
  doc: EditorDocument,
  change: (tours: GuidedTour[]) => Rejection | void,
  label: string,
  mergeKey?: string,
): Command | Rejection {
  const before = doc.current.guidedTours;
  const tours = clone(before) as GuidedTour[];
  const problem = change(tours);
  if (problem) return problem;
  return new SetFields({ guidedTours: clone(before) }, { guidedTours: tours }, label, mergeKey);
}

function tourIn(tours: GuidedTour[], tourId: string) {
  return tours.find((t) => t.guidedTourId === tourId);
}

const noTour = (tourId: string) => reject('NOT_FOUND', `There is no tour "${tourId}"`);
const noPoint = (tourId: string, pointId: string) =>
  reject('NOT_FOUND', `There is no point "${pointId}" in tour "${tourId}"`);
const renumber = (tour: GuidedTour) => tour.points.forEach((p, i) => (p.order = i));
const durationProblem = (duration: number | undefined) =>
  duration !== undefined && duration < minTourPointSeconds
    ? reject('VALIDATION_FAILED', `Duration > ${minTourPointSeconds}`)
    : undefined;

/** A change of one tour, refused when there is no such tour. */
function withTour(
  doc: EditorDocument,
  tourId: string,
  change: (tour: GuidedTour) => Rejection | void,
  label: string,
  mergeKey?: string,
): Command | Rejection {
  return withTours(
    doc,
    (tours) => {
      const tour = tourIn(tours, tourId);
      return tour ? change(tour) : noTour(tourId);
    },
    label,
    mergeKey,
  );
}

export function addTour(
  doc: EditorDocument,
  tour: Omit<GuidedTour, 'guidedTourId'> & { guidedTourId?: string },
): { command: Command; tourId: string } | Rejection {
  const tourId = tour.guidedTourId && doc.isFree(tour.guidedTourId) ? tour.guidedTourId : doc.freshId('tour');
  const command = withTours(
    doc,
    (tours) => {
      tours.push({ ...clone(tour), guidedTourId: tourId });
    },
    'Add tour',
  );
  return 'rejected' in command ? command : { command, tourId };
}

export function updateTour(
  doc: EditorDocument,
  tourId: string,
  patch: Partial<Pick<GuidedTour, 'title' | 'description' | 'public'>>,
): Command | Rejection {
  return withTour(
    doc,
    tourId,
    (tour) => {
      Object.assign(tour, patch);
    },
    'Edit tour',
    `tour:${tourId}:${Object.keys(patch).sort().join(',')}`,
  );
}

export function removeTour(doc: EditorDocument, tourId: string): Command | Rejection {
  return withTours(
    doc,
    (tours) => {
      const i = tours.findIndex((t) => t.guidedTourId === tourId);
      if (i < 0) return noTour(tourId);
      tours.splice(i, 1);
    },
    'Delete tour',
  );
}

export function addPoint(
  doc: EditorDocument,
  tourId: string,
  point: Omit<GuidedTourPoint, 'guidedTourPointId' | 'order'> & { guidedTourPointId?: string },
): { command: Command; pointId: string } | Rejection {
  const problem = durationProblem(point.duration);
  if (problem) return problem;
  const pointId =
    point.guidedTourPointId && doc.isFree(point.guidedTourPointId)
      ? point.guidedTourPointId
      : doc.freshId('point');
  const command = withTour(
    doc,
    tourId,
    (tour) => {
      tour.points.push({ ...clone(point), guidedTourPointId: pointId, order: tour.points.length });
    },
    'Add tour point',
  );
  return 'rejected' in command ? command : { command, pointId };
}

export function updatePoint(
  doc: EditorDocument,
  tourId: string,
  pointId: string,
  patch: Partial<Pick<GuidedTourPoint, 'title' | 'description' | 'duration' | 'position' | 'rotation'>>,
): Command | Rejection {
  const problem = durationProblem(patch.duration);
  if (problem) return problem;
  return withTours(
    doc,
    (tours) => {
      const point = tourIn(tours, tourId)?.points.find((p) => p.guidedTourPointId === pointId);
      if (!point) return noPoint(tourId, pointId);
      Object.assign(point, clone(patch));
    },
    'Edit tour point',
    `point:${pointId}:${Object.keys(patch).sort().join(',')}`,
  );
}

export function movePoint(
  doc: EditorDocument,
  tourId: string,
  pointId: string,
  toIndex: number,
): Command | Rejection {
  return withTour(
    doc,
    tourId,
    (tour) => {
      const sorted = [...tour.points].sort((a, b) => a.order - b.order);
      const from = sorted.findIndex((p) => p.guidedTourPointId === pointId);
      if (from < 0) return noPoint(tourId, pointId);
      const [point] = sorted.splice(from, 1);
      sorted.splice(Math.min(toIndex, sorted.length), 0, point);
      tour.points = sorted;
      renumber(tour);
    },
    'Reorder tour points',
  );
}

export function removePoint(doc: EditorDocument, tourId: string, pointId: string): Command | Rejection {
  return withTour(
    doc,
    tourId,
    (tour) => {
      if (!tour.points.some((p) => p.guidedTourPointId === pointId)) return noPoint(tourId, pointId);
      tour.points = tour.points
        .filter((p) => p.guidedTourPointId !== pointId)
        .sort((a, b) => a.order - b.order);
      renumber(tour);
    },
    'Delete tour point',
  );
}

export function setStartingPoint(doc: EditorDocument, position: Vec3, rotation: number): Command {
  const c = doc.current;
  return new SetFields(
    { startingPosition: c.startingPosition, startingRotation: c.startingRotation },
    { startingPosition: position, startingRotation: ((rotation % 360) + 360) % 360 },
    'Set entry point',
  );
}
