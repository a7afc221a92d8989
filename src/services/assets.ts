import type { KyInstance } from 'ky';
import type { Asset, AssetInput, AssetPage, AssetStorage, AssetType } from '../../contracts/assets';
import { call } from './scenes';

/** One page of the caller's library: filters as MyLibraryQuery has them. */
export interface LibraryQuery {
  cp?: number;
  ipp?: number;
  type?: AssetType;
  search?: string;
  tags?: string[];
}

const id = (assetId: string) => encodeURIComponent(assetId);

function searchParams(query: LibraryQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.cp !== undefined) params.set('cp', String(query.cp));
  if (query.ipp !== undefined) params.set('ipp', String(query.ipp));
  if (query.type) params.set('type', query.type);
  if (query.search?.trim()) params.set('search', query.search.trim());
  for (const tag of query.tags ?? []) params.append('tags', tag);
  return params;
}

/**
 * Calls to the asset library (/api/assetService/asset, platform.md §7.4 myLibrary). Each throws an
 * `ApiProblem` (message, status, code, per-field details) on failure. Files are uploaded first to
 * the file service; an asset's form names them by id.
 */
export const assetsApi = (api: KyInstance) => ({
  myLibrary: (query: LibraryQuery = {}, signal?: AbortSignal): Promise<AssetPage> =>
    call(() => api.get('assetService/asset/myLibrary', { searchParams: searchParams(query), signal }).json()),
  /** One page of a user's library as a visitor sees it (empty when its owner hides it). */
  userLibrary: (userId: string, query: LibraryQuery = {}, signal?: AbortSignal): Promise<AssetPage> =>
    call(() =>
      api
        .get(`assetService/asset/user/${encodeURIComponent(userId)}`, {
          searchParams: searchParams(query),
          signal,
        })
        .json(),
    ),
  get: (assetId: string, signal?: AbortSignal): Promise<Asset> =>
    call(() => api.get(`assetService/asset/${id(assetId)}`, { signal }).json()),
  create: (input: AssetInput, signal?: AbortSignal): Promise<Asset> =>
    call(() => api.post('assetService/asset', { json: input, retry: 0, signal }).json()),
  update: (assetId: string, input: AssetInput, signal?: AbortSignal): Promise<Asset> =>
    call(() => api.put(`assetService/asset/${id(assetId)}`, { json: input, signal }).json()),
  remove: (assetId: string, signal?: AbortSignal): Promise<void> =>
    call(async () => {
      await api.delete(`assetService/asset/${id(assetId)}`, { signal });
    }),
  storage: (signal?: AbortSignal): Promise<AssetStorage> =>
    call(() => api.get('assetService/asset/storage', { signal }).json()),
});
export type AssetsApi = ReturnType<typeof assetsApi>;
