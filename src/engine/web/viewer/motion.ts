/**
 * How the viewer moves the visitor (platform.md §2.7): gliding between tour stops and walking up
 * to what was clicked, or — for visitors whose system asks for reduced motion — cutting straight
 * to where they are going. Teleports are always cuts. Pure but for `watchReducedMotion`.
 */

export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

export interface MotionPolicy {
  /** Between tour stops: the camera glides, or cuts to the next stop. */
  tourTravel: 'glide' | 'cut';
  /** A click on a picture or the floor: the visitor walks there, or is there at once. */
  walkTo: 'walk' | 'cut';
  /** Fades (a portal's, a teleport's) last this long; 0 is a cut. */
  fadeSeconds: number;
}

/** What moves and what cuts, when the visitor's system does (true) or does not ask for reduced motion. */
export function motionPolicy(reducedMotion: boolean): MotionPolicy {
  return reducedMotion
    ? { tourTravel: 'cut', walkTo: 'cut', fadeSeconds: 0 }
    : { tourTravel: 'glide', walkTo: 'walk', fadeSeconds: 0.3 };
}

interface MediaQueryHost {
  matchMedia?(query: string): Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;
}

/**
 * Calls `onChange` with the policy now and whenever the visitor's reduced-motion preference
 * changes; answers the function that stops watching. A browser without matchMedia moves.
 */
export function watchReducedMotion(
  host: MediaQueryHost,
  onChange: (policy: MotionPolicy) => void,
): () => void {
  const query = host.matchMedia?.(reducedMotionQuery);
  onChange(motionPolicy(query?.matches ?? false));
  if (!query) return () => {};
  const changed = (event: { matches: boolean }) => onChange(motionPolicy(event.matches));
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}
