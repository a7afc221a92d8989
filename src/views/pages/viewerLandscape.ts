import { useCallback, useEffect, useState } from 'react';

/** A phone held upright: a touch screen, narrow, in portrait orientation. */
export const uprightPhoneQuery = '(orientation: portrait) and (pointer: coarse) and (max-width: 600px)';

/**
 * The landscape suggestion of the viewer (platform.md §2.7): on a phone held upright a banner over
 * the space (LandscapeBanner) suggests turning it; Continue closes it for the rest of the visit,
 * turning the phone hides it.
 */
export function useLandscapeSuggestion(match: (query: string) => MediaQueryList | null = matchMediaSafe) {
  const [open, setOpen] = useState(() => match(uprightPhoneQuery)?.matches ?? false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const list = match(uprightPhoneQuery);
    if (!list || dismissed) return;
    const onChange = () => setOpen(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [match, dismissed]);

  const dismiss = useCallback(() => {
    setDismissed(true);
    setOpen(false);
  }, []);
  return { open: open && !dismissed, dismiss };
}

function matchMediaSafe(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}
