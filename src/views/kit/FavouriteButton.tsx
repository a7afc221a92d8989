import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useSession } from '../../app/AppContext';

// The button's code (and its tooltip's) loads for signed-in visitors only.
const SignedInFavouriteButton = lazy(() => import('./FavouriteToggle'));

/**
 * A space card's favourite (bookmark) button, for signed-in users: adds the space to their
 * favourites or removes it (the `spaceReactions` flow, as in the viewer). `describedBy`: the id of
 * the card's title, so each button says which space it is for.
 */
export function FavouriteButton({ sceneId, describedBy }: { sceneId: string; describedBy?: string }) {
  const signedIn = useSelector(useSession(), (s) => s.context.user !== null);
  return signedIn ? (
    <Suspense fallback={null}>
      <SignedInFavouriteButton sceneId={sceneId} describedBy={describedBy} />
    </Suspense>
  ) : null;
}
