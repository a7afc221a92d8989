import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  type ExploreActorRef,
  exploreSearchString,
  isNewPlace,
  parseExploreSearch,
} from '../../machines/exploreMachine';

/**
 * Keeps the address and the Explore machine in step, both ways: a new address (Back, Forward, a
 * link) is told to the machine; a new tab, search or tag filter is written to the address — a new
 * history entry for another tab or other tags, the same entry for new search words.
 */
export function useExploreLocation(explore: ExploreActorRef) {
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const wanted = useSelector(explore, (s) =>
    exploreSearchString({ tab: s.context.tab, q: s.context.q, tags: s.context.tags }),
  );

  // The address as last rendered: what the machine's wish is compared with.
  const current = useRef(search);
  useEffect(() => {
    current.current = search;
  });

  useEffect(() => {
    explore.send({ type: 'location.changed', location: parseExploreSearch(search) });
  }, [explore, search]);

  useEffect(() => {
    const shown = current.current;
    if (wanted === exploreSearchString(parseExploreSearch(shown))) {
      // Same meaning, maybe spelt differently (`tags=a,,a`): show it the machine's way.
      if (wanted !== shown) navigate(wanted ? `${pathname}?${wanted}` : pathname, { replace: true });
      return;
    }
    const replace = !isNewPlace(parseExploreSearch(shown), parseExploreSearch(wanted));
    navigate(wanted ? `${pathname}?${wanted}` : pathname, { replace });
    // Only the machine's wish moves the address; a new address reaches the machine above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
}
