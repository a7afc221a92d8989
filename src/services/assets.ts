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
  /** A district's library instead of the caller's own (for its members). */
  districtId?: string;
}

const id = (assetId: string) => encodeURIComponent(assetId);

/**
 * Where a library's calls go: the caller's own library (`assetService/asset`), or a district's
 * (`assetService/asset/district/{districtId}`), which answers the same calls to its members.
 */
const libraryPath = (districtId?: string) =>
  districtId ? `assetService/asset/district/${encodeURIComponent(districtId)}` : 'assetService/asset';

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
 * the file service; an asset's form names them by id. Given a `districtId`, each call works in
 * that district's library instead of the caller's own.
 */
export const assetsApi = (api: KyInstance) => ({
  myLibrary: (query: LibraryQuery = {}, signal?: AbortSignal): Promise<AssetPage> =>
    call(() =>
      api
        .get(query.districtId ? libraryPath(query.districtId) : 'assetService/asset/myLibrary', {
          searchParams: searchParams(query),
          signal,
        })
        .json(),
    ),
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
  get: (assetId: string, signal?: AbortSignal, districtId?: string): Promise<Asset> =>
    call(() => api.get(`${libraryPath(districtId)}/${id(assetId)}`, { signal }).json()),
  create: (input: AssetInput, signal?: AbortSignal, districtId?: string): Promise<Asset> =>
    call(() => api.post(libraryPath(districtId), { json: input, retry: 0, signal }).json()),
  update: (assetId: string, input: AssetInput, signal?: AbortSignal, districtId?: string): Promise<Asset> =>
    call(() => api.put(`${libraryPath(districtId)}/${id(assetId)}`, { json: input, signal }).json()),
  remove: (assetId: string, signal?: AbortSignal, districtId?: string): Promise<void> =>
    call(async () => {
      await api.delete(`${libraryPath(districtId)}/${id(assetId)}`, { signal });
    }),
  storage: (signal?: AbortSignal, districtId?: string): Promise<AssetStorage> =>
    call(() => api.get(`${libraryPath(districtId)}/storage`, { signal }).json()),
});
export type AssetsApi = ReturnType<typeof assetsApi>;
