import { fromPromise } from 'xstate';
import type { ExploreEvent, ExploreSpacesQuery } from '../../machines/exploreMachine';
import { exploreMachine } from '../../machines/exploreMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { publishingApi } from '../../services/publishing';
import { usersApi } from '../../services/users';
import { sessionChanges } from '../relays';
import type { AppServices } from '../services';

/** Explore (platform.md §2.4): its query and its lists of spaces and creators. */
export default function exploreFlows({ api }: AppServices) {
  const publishing = publishingApi(api);
  const users = usersApi(api);
  return {
    explore: exploreMachine.provide({
      actors: {
        sessionWatch: sessionChanges<ExploreEvent>((user) => ({
          type: 'session.changed',
          signedIn: user !== null,
        })),
      },
    }),
    /** Published spaces matching Explore's query (`params`: ExploreSpacesQuery). */
    exploreSpaces: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const query = input as unknown as ExploreSpacesQuery & InfiniteListBody;
          return (await publishing.search(query, signal)).items;
        }),
      },
    }),
    /** Creators whose name matches the search words (`params`: { q }). */
    exploreCreators: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { q, cp, ipp } = input as unknown as { q: string } & InfiniteListBody;
          return (await users.search({ q, cp, ipp }, signal)).items;
        }),
      },
    }),
  };
}
