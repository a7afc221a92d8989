import { fromPromise } from 'xstate';
import type { LiveScene } from '../../../contracts/live';
import { liveCountsMachine } from '../../machines/liveCountsMachine';
import { liveCountsApi } from '../../services/liveCounts';
import type { AppServices } from '../services';

/** Who is live in the spaces of a page of cards (`liveCounts`), for every list of space cards. */
export default function liveFlows({ api }: AppServices) {
  const live = liveCountsApi(api);
  return {
    liveCounts: liveCountsMachine.provide({
      actors: {
        load: fromPromise<readonly LiveScene[], { sceneIds: readonly string[] }>(({ input, signal }) =>
          live.scenes(input.sceneIds, signal),
        ),
      },
    }),
  };
}
