import { fromCallback, fromPromise } from 'xstate';
import type { AssetPage, AssetType } from '../../../contracts/assets';
import {
  type AssetUploadEvent,
  assetUploadMachine,
  type UploadFilesInput,
} from '../../machines/assetUploadMachine';
import { assetCardMachine, type DeleteAssetInput } from '../../machines/assetCardMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { loadMachine } from '../../machines/loadMachine';
import { assetsApi } from '../../services/assets';
import { readMediaMetadata, uploadFiles } from '../../services/uploads';
import type { AppServices } from '../services';

/**
 * Which assets a library lists: a profile's, the owner's own or what visitors see; or, with
 * `districtId`, the district's library as its members see it.
 */
export interface AssetLibraryParams {
  userId: string;
  /** The signed-in user's own library (all of it, with the owner's actions). */
  own: boolean;
  type: AssetType;
  /** A district's library (for its members) instead of a user's. */
  districtId?: string;
}

/** The asset library: its lists and the upload form of one asset. */
export default function assetFlows({ api, token }: AppServices) {
  const assets = assetsApi(api);
  return {
    assetUpload: assetUploadMachine.provide({
      actors: {
        readMetadata: fromPromise(({ input }) =>
          input.files[0] ? readMediaMetadata(input.kind, input.files[0]) : Promise.resolve({}),
        ),
        uploadFiles: fromCallback<AssetUploadEvent, UploadFilesInput>(({ input, sendBack }) => {
          const abort = new AbortController();
          uploadFiles({
            ...input,
            token: token(),
            signal: abort.signal,
            onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
            onSent: () => sendBack({ type: 'upload.sent' }),
          }).then(
            (file) => sendBack({ type: 'upload.finished', file }),
            (error: unknown) => {
              if (!abort.signal.aborted) sendBack({ type: 'upload.failed', error });
            },
          );
          return () => abort.abort();
        }),
        saveAsset: fromPromise(({ input, signal }) =>
          input.assetId
            ? assets.update(input.assetId, input.values, signal, input.districtId)
            : assets.create(input.values, signal, input.districtId),
        ),
      },
    }),
    /** An asset card: its owner (in a district, its creator or an Owner) deletes the asset. */
    assetCard: assetCardMachine.provide({
      actors: {
        deleteAsset: fromPromise<unknown, DeleteAssetInput>(({ input, signal }) =>
          assets.remove(input.assetId, signal, input.districtId),
        ),
      },
    }),
    /** The signed-in user's library storage: used and the plan's limit. */
    assetStorage: loadMachine.provide({
      actors: { load: fromPromise(({ signal }) => assets.storage(signal)) },
    }),
    /** A profile's Content library, or a district's library, of one type (`params`: AssetLibraryParams). */
    assetLibrary: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { userId, own, type, districtId, cp, ipp } = input as unknown as AssetLibraryParams &
            InfiniteListBody;
          const page: AssetPage =
            own || districtId
              ? await assets.myLibrary({ type, cp, ipp, districtId }, signal)
              : await assets.userLibrary(userId, { type, cp, ipp }, signal);
          return page.items;
        }),
      },
    }),
  };
}
