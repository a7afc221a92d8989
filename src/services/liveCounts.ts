import type { KyInstance } from 'ky';
import type { LiveScene, LiveScenesAnswer } from '../../contracts/live';
import { call } from './scenes';

/** The most spaces one GET …/live asks about (contracts/live.ts LiveScenesQuery). */
const perRequest = 50;

/**
 * Who is live in some spaces, and the event on now in each (GET
 * /api/communicationInteractionService/live): one request per 50 spaces.
 */
export const liveCountsApi = (api: KyInstance) => ({
  scenes: async (sceneIds: readonly string[], signal?: AbortSignal): Promise<LiveScene[]> => {
    const batches: string[][] = [];
    for (let i = 0; i < sceneIds.length; i += perRequest) batches.push(sceneIds.slice(i, i + perRequest));
    const answers = await Promise.all(
      batches.map((ids) =>
        call(() =>
          api
            .get('communicationInteractionService/live', {
              searchParams: { sceneIds: ids.join(',') },
              retry: 0,
              signal,
            })
            .json<LiveScenesAnswer>(),
        ),
      ),
    );
    return answers.flatMap((answer) => answer.scenes);
  },
});
