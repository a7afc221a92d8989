import type { KyInstance } from 'ky';
import type { PublishedScenePage } from '../../contracts/publishing';
import type { HistoryCleared, SpaceReactions } from '../../contracts/spaceReactions';
import { call } from './scenes';

/**
 * Calls of the social service for likes, favourites and history of spaces (platform.md §7.5).
 * Each throws an `ApiProblem` on failure, like scenesApi.
 */

const id = (value: string) => encodeURIComponent(value);
const base = 'socialService';

export const spaceReactionsApi = (api: KyInstance) => ({
  /** A space's likes, and whether the caller likes it and keeps it among their favourites. */
  reactions: (sceneId: string, signal?: AbortSignal) =>
    call(() => api.get(`${base}/reactions/${id(sceneId)}`, { signal }).json<SpaceReactions>()),
  /** Likes (`liked`) or takes back the like of a space. */
  setLiked: (sceneId: string, liked: boolean, signal?: AbortSignal) =>
    call(() =>
      api(`${base}/likes/${id(sceneId)}`, {
        method: liked ? 'post' : 'delete',
        retry: 0,
        signal,
      }).json<SpaceReactions>(),
    ),
  /** Adds (`favourite`) a space to the caller's favourites, or removes it. */
  setFavourite: (sceneId: string, favourite: boolean, signal?: AbortSignal) =>
    call(() =>
      api(`${base}/favourites/${id(sceneId)}`, {
        method: favourite ? 'post' : 'delete',
        retry: 0,
        signal,
      }).json<SpaceReactions>(),
    ),
  favourites: (page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() => api.get(`${base}/favourites`, { searchParams: page, signal }).json<PublishedScenePage>()),
  /** Remembers that the signed-in user opened a published space. */
  recordVisit: (sceneId: string, signal?: AbortSignal) =>
    call(() => api.post(`${base}/history/${id(sceneId)}`, { retry: 0, signal })).then(() => undefined),
  history: (page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() => api.get(`${base}/history`, { searchParams: page, signal }).json<PublishedScenePage>()),
  clearHistory: (signal?: AbortSignal) =>
    call(() => api.delete(`${base}/history`, { retry: 0, signal }).json<HistoryCleared>()),
});
