/**
 * Batched meshes hold many objects; a click on one names a triangle, and these ranges of
 * triangles (sorted by start) tell whose it is.
 */

/** Which object a run of triangles of a batched mesh belongs to. */
export interface TriangleRange {
  start: number;
  count: number;
  id: string;
}

/** The range a triangle falls in (ranges sorted by start), or null. */
export function rangeOfTriangle<R extends TriangleRange>(ranges: R[], triangle: number): R | null {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid];
    if (triangle < r.start) hi = mid - 1;
    else if (triangle >= r.start + r.count) lo = mid + 1;
    else return r;
  }
  return null;
}
