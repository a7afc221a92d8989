import { type ActorRefFrom, assign, enqueueActions, type SnapshotFrom, setup } from 'xstate';
import type { Asset, AssetType } from '../../contracts/assets';
import { infiniteListMachine, type InfiniteListActorRef } from './infiniteListMachine';

/** The asset types the editor can place (a sound has no object in a space), in filter order. */
export const placeableAssetTypes = [
  'picture',
  'video',
  'model3d',
  'text3d',
  'hyperText',
  'webView3d',
] as const satisfies readonly AssetType[];
export type PlaceableAssetType = (typeof placeableAssetTypes)[number];
export type LibraryTypeFilter = PlaceableAssetType | 'all';

/** How long the search words must rest before the library is asked for them. */
export const librarySearchDebounceMs = 300;
/** Assets per page of the tab. */
export const libraryPageSize = 12;

/** What each page request carries besides paging (src/services/assets.ts LibraryQuery). */
export interface LibraryParams {
  search?: string;
  type?: PlaceableAssetType;
}

export interface EditorLibraryContext {
  /** The words in the search box, as typed. */
  draft: string;
  /** The words the list was asked for (the draft once it rested). */
  search: string;
  type: LibraryTypeFilter;
  /** Assets uploaded from the tab since the list last started: shown first. */
  added: Asset[];
  /** The type the upload dialog is open for. */
  uploadType: PlaceableAssetType;
}

export type EditorLibraryEvent =
  | { type: 'search.changed'; text: string }
  | { type: 'type.changed'; assetType: LibraryTypeFilter }
  /** The Upload menu's choice; without one, the filtered type (a picture when all are shown). */
  | { type: 'upload.opened'; assetType?: PlaceableAssetType }
  | { type: 'upload.closed' }
  /** The upload dialog stored a new asset. */
  | { type: 'asset.saved'; asset: Asset };

export const libraryParams = (search: string, type: LibraryTypeFilter): LibraryParams => ({
  ...(search ? { search } : {}),
  ...(type !== 'all' ? { type } : {}),
});

/** The type the Upload button offers: the filtered one, else a picture. */
export const uploadTypeOf = (type: LibraryTypeFilter): PlaceableAssetType =>
  type === 'all' ? 'picture' : type;

/** What the tab lists: the assets just uploaded, then the list's pages (each asset once). */
export function libraryAssets(added: readonly Asset[], listed: readonly unknown[]): Asset[] {
  const ids = new Set(added.map((asset) => asset.id));
  return [...added, ...(listed as Asset[]).filter((asset) => !ids.has(asset.id))];
}

/**
 * The editor's My library tab (platform.md §2.6 Add Content, §7.4 myLibrary): the signed-in
 * creator's assets as an infinite list (`list`, an infiniteListMachine invoked for the tab's whole
 * life, whose `fetchPage` the composition root provides), searched and filtered by type.
 *
 * - `search.changed` keeps the words as typed; once they rest for `librarySearchDebounceMs`
 *   (`query.debouncing` → `query.idle`) the list starts again with them. `type.changed` restarts
 *   it at once (with the words typed so far).
 * - `upload.opened` / `upload.closed` open and close the upload dialog; `asset.saved` closes it
 *   and puts the new asset first (`added`) until the list next restarts.
 */
export const editorLibraryMachine = setup({
  types: {
    context: {} as EditorLibraryContext,
    events: {} as EditorLibraryEvent,
    tags: {} as 'typing',
    children: {} as { list: 'list' },
  },
  actors: { list: infiniteListMachine },
  delays: { searchDebounce: librarySearchDebounceMs },
  guards: {
    changesSearch: ({ context }) => context.draft.trim() !== context.search,
  },
  actions: {
    /** Starts the list again for the current words and type; what was uploaded is in it now. */
    restartList: enqueueActions(({ context, enqueue }) => {
      const search = context.draft.trim();
      enqueue.assign({ search, added: [] });
      enqueue.sendTo('list', { type: 'list.setParams', params: { ...libraryParams(search, context.type) } });
    }),
  },
}).createMachine({
  id: 'editorLibrary',
  context: { draft: '', search: '', type: 'all', added: [], uploadType: 'picture' },
  invoke: {
    id: 'list',
    src: 'list',
    input: ({ context }) => ({
      params: { ...libraryParams(context.search, context.type) },
      ipp: libraryPageSize,
    }),
  },
  type: 'parallel',
  states: {
    query: {
      initial: 'idle',
      on: {
        'search.changed': {
          target: '.debouncing',
          reenter: true,
          actions: assign({ draft: ({ event }) => event.text }),
        },
        'type.changed': {
          target: '.idle',
          actions: [assign({ type: ({ event }) => event.assetType }), 'restartList'],
        },
      },
      states: {
        idle: {},
        debouncing: {
          tags: 'typing',
          after: {
            searchDebounce: [
              { guard: 'changesSearch', target: 'idle', actions: 'restartList' },
              { target: 'idle' },
            ],
          },
        },
      },
    },
    upload: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'upload.opened': {
              target: 'open',
              actions: assign({
                uploadType: ({ context, event }) => event.assetType ?? uploadTypeOf(context.type),
              }),
            },
          },
        },
        open: {
          on: {
            'upload.closed': 'closed',
            'asset.saved': {
              target: 'closed',
              actions: assign({
                added: ({ context, event }) => [
                  event.asset,
                  ...context.added.filter((asset) => asset.id !== event.asset.id),
                ],
              }),
            },
          },
        },
      },
    },
  },
});

export type EditorLibraryActorRef = ActorRefFrom<typeof editorLibraryMachine>;
export type EditorLibrarySnapshot = SnapshotFrom<typeof editorLibraryMachine>;
/** The tab's list (the `list` child). */
export const libraryListOf = (snapshot: EditorLibrarySnapshot) =>
  snapshot.children.list as InfiniteListActorRef | undefined;
