import type { KyInstance } from 'ky';
import type { SceneMetadata } from '../../contracts/scenes';
import type { UserPublic, UserSearchAnswer } from '../../contracts/users';
import type { ExploreSpacesQuery } from '../machines/exploreMachine';
import { publishingApi } from './publishing';
import { call } from './scenes';

/** A page request of an Explore list: the page (from 0) and its size. */
export interface PageRequest {
  cp: number;
  ipp: number;
}

/**
 * The Explore page's lists (platform.md §2.4, §7.2, §7.3): published spaces matching the page's
 * query, and creators matching a search. Each answers one page's items, throws an `ApiProblem` on
 * failure, and stops when `signal` aborts (a newer query replaced it).
 */
export const exploreApi = (api: KyInstance) => ({
  spacesPage: (query: ExploreSpacesQuery & PageRequest, signal?: AbortSignal): Promise<SceneMetadata[]> =>
    publishingApi(signal ? api.extend({ signal }) : api)
      .search(query)
      .then((page) => page.items),
  creatorsPage: ({ q, cp, ipp }: { q: string } & PageRequest, signal?: AbortSignal): Promise<UserPublic[]> =>
    call(() =>
      api
        .get('userService/users/search', { searchParams: { q: q.trim(), cp, ipp }, signal })
        .json<UserSearchAnswer>(),
    ).then((answer) => answer.items),
});
export type ExploreApi = ReturnType<typeof exploreApi>;
