import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';

export interface AssetCardInput {
  assetId: string;
  /** The district whose library holds the asset; the caller's own library when absent. */
  districtId?: string;
}

/** What `deleteAsset` is asked to delete. */
export interface DeleteAssetInput {
  assetId: string;
  districtId?: string;
}

export type AssetCardEvent =
  /** The owner asks to delete the asset: the card asks to confirm. */
  { type: 'delete.requested' } | { type: 'delete.cancelled' } | { type: 'delete.confirmed' };

/**
 * One asset card of a Content library (platform.md §2.1): its owner deletes it after confirming
 * (`deleteAsset`); `deleted` is final, and the list drops the card. A failed deletion says why
 * and may be asked again.
 *
 * States: `idle`, `confirming`, `deleting` (tag 'busy'), `failed`, `deleted` (final).
 */
export const assetCardMachine = setup({
  types: {
    context: {} as { assetId: string; districtId?: string; error: unknown },
    events: {} as AssetCardEvent,
    input: {} as AssetCardInput,
    tags: {} as 'busy',
  },
  actors: {
    deleteAsset: fromPromise<unknown, DeleteAssetInput>(async () => {
      throw new Error('assetCardMachine: provide a deleteAsset actor');
    }),
  },
}).createMachine({
  id: 'assetCard',
  context: ({ input }) => ({
    assetId: input.assetId,
    ...(input.districtId ? { districtId: input.districtId } : {}),
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'delete.requested': 'confirming' } },
    confirming: {
      on: { 'delete.cancelled': 'idle', 'delete.confirmed': 'deleting' },
    },
    deleting: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        id: 'deleteAsset',
        src: 'deleteAsset',
        input: ({ context }) => ({
          assetId: context.assetId,
          ...(context.districtId ? { districtId: context.districtId } : {}),
        }),
        onDone: 'deleted',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'delete.requested': 'confirming' } },
    deleted: { type: 'final' },
  },
});

export type AssetCardActorRef = ActorRefFrom<typeof assetCardMachine>;
