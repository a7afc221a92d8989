import type { Interval, Shelf } from './shelf';

/**
 * Hangs a row of pictures along free wall stretches, in order, the way a curator fills a room:
 * as far apart as the walls allow. The widest gap with which every picture still fits is found
 * by trying smaller and smaller gaps; the pictures on each stretch are then spread over it.
 */

export interface Hung {
  shelf: Shelf;
  /** Centre, in metres from the wall's `from` end. */
  s: number;
}

const largestGap = 2;
const smallestGap = 0.25;
const gapStep = 0.05;

/** Fills stretches in order with the given widths, at least `gap` apart; null when they do not all fit. */
function fill(
  stretches: { shelf: Shelf; interval: Interval }[],
  widths: number[],
  gap: number,
): Hung[] | null {
  const hung: Hung[] = [];
  let next = 0;
  for (const { shelf, interval } of stretches) {
    const [a, b] = interval;
    const group: number[] = [];
    let used = 0;
    while (next < widths.length) {
      const needed = used + (group.length ? gap : 0) + widths[next];
      if (needed > b - a) break;
      used = needed;
      group.push(widths[next++]);
    }
    if (!group.length) continue;
    // Spread the group over its stretch: equal gaps between pictures and at the ends when there
    // is room for that, otherwise the chosen gap between pictures and the rest at the ends.
    const spare = b - a - group.reduce((sum, w) => sum + w, 0);
    const between = Math.max(gap, spare / (group.length + 1));
    let cursor = a + (spare - between * (group.length - 1)) / 2;
    for (const width of group) {
      hung.push({ shelf, s: cursor + width / 2 });
      cursor += width + between;
    }
  }
  return next === widths.length ? hung : null;
}

export function hangEvenly(shelves: Shelf[], widths: number[]): Hung[] {
  const stretches = shelves.flatMap((shelf) => shelf.intervals().map((interval) => ({ shelf, interval })));
  for (let gap = largestGap; gap >= smallestGap - 1e-9; gap -= gapStep) {
    const hung = fill(stretches, widths, gap);
    if (hung) {
      hung.forEach((h, i) => h.shelf.take(h.s - widths[i] / 2, h.s + widths[i] / 2));
      return hung;
    }
  }
  throw new Error(`The walls are too short for ${widths.length} pictures`);
}
