import type { KyInstance } from 'ky';
import type { SceneEvent, SceneEventInput, SceneEventsAnswer } from '../../contracts/sceneEvents';
import { call } from './scenes';

/**
 * Calls for a space's scheduled events (contracts/sceneEvents.ts). Each throws an `ApiProblem` on
 * failure (its `code`, e.g. BUSINESS_RULE, and the server's message saying why).
 */

const path = (sceneId: string) =>
  `communicationInteractionService/scenes/${encodeURIComponent(sceneId)}/events`;

export const sceneEventsApi = (api: KyInstance) => ({
  list: (sceneId: string, signal?: AbortSignal) =>
    call(() => api.get(path(sceneId), { signal }).json<SceneEventsAnswer>()),
  add: (sceneId: string, input: SceneEventInput, signal?: AbortSignal) =>
    call(() => api.post(path(sceneId), { json: input, retry: 0, signal }).json<SceneEvent>()),
  cancel: (sceneId: string, eventId: string, signal?: AbortSignal) =>
    call(() => api.delete(`${path(sceneId)}/${encodeURIComponent(eventId)}`, { retry: 0, signal })).then(
      () => undefined,
    ),
});
