import type { KyInstance } from 'ky';
import type {
  ExploreFilter,
  ExploreSort,
  PublishAnswer,
  PublishForm,
  PublishedScenePage,
  SlotList,
  ViewAnswer,
} from '../../contracts/publishing';
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
  /** Only the spaces in this district's slots. */
  districtId?: string;
  /** With districtId: only the district's promoted spaces. */
  promoted?: boolean;
  cp: number;
  ipp: number;
}

const id = (value: string) => encodeURIComponent(value);

export const publishingApi = (api: KyInstance) => ({
  /** The caller's slots (plan, extra and district ones), with the space each holds. */
  mySlots: (signal?: AbortSignal) =>
    call(() => api.get('sceneService/slot/my', { retry: 0, signal }).json<SlotList>()),
  /** Deletes an empty extra slot of the caller (DELETE slot/{id}). */
  deleteSlot: (slotId: string, signal?: AbortSignal) =>
    call(() => api.delete(`sceneService/slot/${id(slotId)}`, { retry: 0, signal })).then(() => undefined),
  publish: (sceneId: string, form: PublishForm, signal?: AbortSignal) =>
    call(() =>
      api
        .post(`sceneService/sceneactions/${id(sceneId)}/publish`, { json: form, retry: 0, signal })
        .json<PublishAnswer>(),
    ),
  search: (params: SearchParams, signal?: AbortSignal) =>
    call(() => {
      const searchParams: Record<string, string | number> = { cp: params.cp, ipp: params.ipp };
      if (params.q?.trim()) searchParams.q = params.q.trim();
      if (params.tags?.length) searchParams.tags = params.tags.join(',');
      if (params.sort) searchParams.sort = params.sort;
      if (params.filter) searchParams.filter = params.filter;
      if (params.ownerId) searchParams.ownerId = params.ownerId;
      if (params.districtId) searchParams.districtId = params.districtId;
      if (params.promoted) searchParams.promoted = 'true';
      return api
        .get('sceneService/publishedscene/metadata', { searchParams, signal })
        .json<PublishedScenePage>();
    }),
  /** Counts a view of a published space (once per visitor per day). */
  view: (sceneId: string, signal?: AbortSignal) =>
    call(() =>
      api.post(`sceneService/publishedscene/${id(sceneId)}/view`, { retry: 0, signal }).json<ViewAnswer>(),
    ),
});
export type PublishingApi = ReturnType<typeof publishingApi>;
