import { fromPromise } from 'xstate';
import { type FollowFacts, type FollowInput, followMachine } from '../../machines/followMachine';
import { signedInUser } from '../relays';
import type { AppServices } from '../services';

/** What a follow button needs of its API: whom the signed-in user follows, and to change it. */
interface FollowApi {
  followState(id: string, signal: AbortSignal): Promise<{ following: boolean; numOfFollowers: number }>;
  setFollow(
    id: string,
    follow: boolean,
    signal: AbortSignal,
  ): Promise<{ following: boolean; numOfFollowers: number }>;
}

/**
 * Follow / Unfollow over `followApi` (a user, or a district as a user's follow): signed out, the
 * button asks to sign in and comes back here; a failed change is announced.
 */
export function followFlow(followApi: FollowApi, toasts: AppServices['toasts']) {
  return followMachine.provide({
    actors: {
      load: fromPromise<FollowFacts, FollowInput>(async ({ input, system, signal }) => {
        if (!signedInUser(system)) return { signedIn: false, following: false, numOfFollowers: null };
        // A member card knows whether the signed-in user follows the member.
        if (input.following !== undefined)
          return { signedIn: true, following: input.following, numOfFollowers: null };
        const state = await followApi.followState(input.userId, signal);
        return { signedIn: true, following: state.following, numOfFollowers: state.numOfFollowers };
      }),
      setFollow: fromPromise(async ({ input, signal }) => {
        const state = await followApi.setFollow(input.userId, input.follow, signal);
        return { following: state.following, numOfFollowers: state.numOfFollowers };
      }),
    },
    actions: {
      askSignIn: ({ system }) =>
        system.get('session')?.send({
          type: 'session.signIn',
          returnTo: `${window.location.pathname}${window.location.search}`,
        }),
      announceFailed: () => toasts({ type: 'toast.show', severity: 'error', message: 'follows.failed' }),
    },
  });
}
