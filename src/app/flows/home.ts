import { fromPromise } from 'xstate';
import { homeSpacesMachine } from '../../machines/homeSpacesMachine';
import { publishingApi } from '../../services/publishing';
import type { AppServices } from '../services';

/** The home page's flows: the row of most viewed spaces. */
export default function homeFlows({ api }: AppServices) {
  const publishing = publishingApi(api);
  return {
    homeSpaces: homeSpacesMachine.provide({
      actors: {
        loadSpaces: fromPromise(async ({ input, signal }) => {
          const page = await publishing.search({ sort: 'views', cp: 0, ipp: input.count }, signal);
          return page.items;
        }),
      },
    }),
  };
}
