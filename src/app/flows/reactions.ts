import { fromPromise } from 'xstate';
import type { SpaceReactions } from '../../../contracts/spaceReactions';
import { historyClearMachine } from '../../machines/historyClearMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { type SpaceReactionsEvent, spaceReactionsMachine } from '../../machines/spaceReactionsMachine';
import { spaceReactionsApi } from '../../services/spaceReactions';
import { sessionChanges } from '../relays';
import type { AppServices } from '../services';

/** Where the user comes back to after signing in: the page they are on. */
const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * Likes, favourites and history of spaces: the viewer's Like and favourite buttons and the cards'
 * favourite button (`spaceReactions`), and the profile's Activity lists.
 */
export default function reactionsFlows({ api, toasts }: AppServices) {
  const reactions = spaceReactionsApi(api);
  return {
    spaceReactions: spaceReactionsMachine.provide({
      actors: {
        loadReactions: fromPromise<SpaceReactions, { sceneId: string }>(({ input, signal }) =>
          reactions.reactions(input.sceneId, signal),
        ),
        setLiked: fromPromise<SpaceReactions, { sceneId: string; liked: boolean }>(({ input, signal }) =>
          reactions.setLiked(input.sceneId, input.liked, signal),
        ),
        setFavourite: fromPromise<SpaceReactions, { sceneId: string; favourite: boolean }>(
          ({ input, signal }) => reactions.setFavourite(input.sceneId, input.favourite, signal),
        ),
        sessionWatch: sessionChanges<SpaceReactionsEvent>((user) => ({
          type: 'session.changed',
          signedIn: user !== null,
        })),
      },
      actions: {
        askToSignIn: ({ system }) =>
          system.get('session')?.send({ type: 'session.signIn', returnTo: here() }),
        announceFailure: (_, { kind }) =>
          toasts({
            type: 'toast.show',
            severity: 'error',
            message: kind === 'like' ? 'spaceReactions.likeFailed' : 'spaceReactions.favouriteFailed',
          }),
      },
    }),
    /** The signed-in user's favourite spaces, 9 a page, the latest added first. */
    favouriteSpaces: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(
          async ({ input, signal }) =>
            (await reactions.favourites({ cp: input.cp, ipp: input.ipp }, signal)).items,
        ),
      },
    }),
    /** The spaces the signed-in user opened, 9 a page, the latest visit first. */
    historySpaces: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(
          async ({ input, signal }) =>
            (await reactions.history({ cp: input.cp, ipp: input.ipp }, signal)).items,
        ),
      },
    }),
    historyClear: historyClearMachine.provide({
      actors: { clearHistory: fromPromise(({ signal }) => reactions.clearHistory(signal)) },
      actions: {
        announceFailure: () =>
          toasts({ type: 'toast.show', severity: 'error', message: 'spaceReactions.clearFailed' }),
      },
    }),
  };
}
