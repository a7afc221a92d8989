import type { KyInstance } from 'ky';
import type {
  ExploreFilter,
  ExploreSort,
  PublishAnswer,
  PublishForm,
  PublishedSceneList,
  PublishedScenePage,
  SlotList,
  ViewAnswer,
} from '../../contracts/publishing';
import type { SceneMetadata } from '../../contracts/scenes';
import { call } from './scenes';

/**
 * Calls for publishing, slots, Explore's search and views (platform.md §7.3). Each throws an
 * `ApiProblem` on failure, like scenesApi.
 */

export interface SearchParams {
  q?: string;
  /** Tags the spaces must all carry. */
  tags?: string[];
  sort?: ExploreSort;
  filter?: ExploreFilter;
  ownerId?: string;
  cp: number;
  ipp: number;
}

const id = (value: string) => encodeURIComponent(value);

export const publishingApi = (api: KyInstance) => ({
  /** The caller's slots (plan, extra and district ones), with the space each holds. */
  mySlots: (signal?: AbortSignal) =>
    call(() => api.get('sceneService/slot/my', { retry: 0, signal }).json<SlotList>()),
  /** The caller's slots that hold no space yet. */
  availableSlots: () => call(() => api.get('sceneService/slot/available', { retry: 0 }).json<SlotList>()),
  /** Deletes an empty extra slot of the caller (DELETE slot/{id}). */
  deleteSlot: (slotId: string) =>
    call(() => api.delete(`sceneService/slot/${id(slotId)}`, { retry: 0 })).then(() => undefined),
  publish: (sceneId: string, form: PublishForm) =>
    call(() =>
      api
        .post(`sceneService/sceneactions/${id(sceneId)}/publish`, { json: form, retry: 0 })
        .json<PublishAnswer>(),
    ),
  unpublish: (sceneId: string) =>
    call(() =>
      api.post(`sceneService/sceneactions/${id(sceneId)}/unpublish`, { retry: 0 }).json<SceneMetadata>(),
    ),
  search: (params: SearchParams) =>
    call(() => {
      const searchParams: Record<string, string | number> = { cp: params.cp, ipp: params.ipp };
      if (params.q?.trim()) searchParams.q = params.q.trim();
      if (params.tags?.length) searchParams.tags = params.tags.join(',');
      if (params.sort) searchParams.sort = params.sort;
      if (params.filter) searchParams.filter = params.filter;
      if (params.ownerId) searchParams.ownerId = params.ownerId;
      return api.get('sceneService/publishedscene/metadata', { searchParams }).json<PublishedScenePage>();
    }),
  many: (sceneIds: string[]) =>
    call(() =>
      api
        .get(`sceneService/publishedscene/metadata/many/${sceneIds.map(id).join(',')}`)
        .json<PublishedSceneList>(),
    ),
  /** Counts a view of a published space (once per visitor per day). */
  view: (sceneId: string) =>
    call(() => api.post(`sceneService/publishedscene/${id(sceneId)}/view`, { retry: 0 }).json<ViewAnswer>()),
});
export type PublishingApi = ReturnType<typeof publishingApi>;
