import type { KyInstance } from 'ky';
import { fromPromise } from 'xstate';
import type { SceneMetadata } from '../../contracts/scenes';
import type { UserSearchAnswer } from '../../contracts/users';
import {
  type BuySlotInput,
  type Member,
  type PublishInput,
  publishWizardMachine,
  type SaveMetadataInput,
} from '../machines/publishWizardMachine';
import { extraSlotTransaction, marketplaceApi } from './marketplace';
import { publishingApi } from './publishing';
import { call, metadataForm } from './scenes';

/** How many users one search of the access pickers shows. */
export const memberSearchSize = 20;

/**
 * The publish wizard's machine with the scene service (platform.md §7.3): the caller's slots,
 * the metadata PATCH with the pictures (multipart), and the publish call; buying an extra slot
 * with credits and the credit bundles on offer (marketplace service). Each request is cancelled
 * when the wizard leaves the step that made it, but a slot purchase, once sent, is not.
 */
export function providePublishWizard(api: KyInstance) {
  const publishing = publishingApi(api);
  const marketplace = marketplaceApi(api);
  return publishWizardMachine.provide({
    actors: {
      loadSlots: fromPromise(async ({ signal }) => publishing.mySlots(signal).then((list) => list.items)),
      saveMetadata: fromPromise(
        async ({ input, signal }: { input: SaveMetadataInput; signal: AbortSignal }) =>
          call(() =>
            api
              .patch(`sceneService/scene/metadata/${encodeURIComponent(input.sceneId)}`, {
                body: metadataForm(input.fields, input.files),
                retry: 0,
                timeout: 120_000,
                signal,
              })
              .json<SceneMetadata>(),
          ),
      ),
      buySlot: fromPromise(async ({ input }: { input: BuySlotInput }) =>
        marketplace.internalTransaction(extraSlotTransaction(), { idempotencyKey: input.idempotencyKey }),
      ),
      deleteSlot: fromPromise(async ({ input }: { input: { slotId: string } }) =>
        publishing.deleteSlot(input.slotId),
      ),
      loadCreditBundles: fromPromise(async ({ signal }) =>
        marketplace.products(signal).then((products) => products.oneTimeProducts),
      ),
      publish: fromPromise(async ({ input }: { input: PublishInput }) =>
        publishing.publish(input.sceneId, input.form),
      ),
      resolveMembers: fromPromise(
        async ({ input, signal }: { input: { userIds: string[] }; signal: AbortSignal }) => {
          const names: Record<string, string> = {};
          // Public profiles, a few at a time; one that cannot be read keeps its id.
          for (let i = 0; i < input.userIds.length; i += memberLookupBatch) {
            await Promise.all(
              input.userIds.slice(i, i + memberLookupBatch).map(async (userId) => {
                const user = await api
                  .get(`userService/user/${encodeURIComponent(userId)}`, { retry: 0, signal })
                  .json<{ name?: string }>()
                  .catch(() => null);
                if (user?.name) names[userId] = user.name;
              }),
            );
          }
          return names;
        },
      ),
    },
  });
}

/** Saved access-list members whose names are looked up at once. */
const memberLookupBatch = 8;

/** Searchable users whose name contains `query`, as access-picker members (GET users/search). */
export function searchMembers(api: KyInstance) {
  return async (query: string, signal: AbortSignal): Promise<Member[]> => {
    const answer = await call(() =>
      api
        .get('userService/users/search', {
          searchParams: { q: query.trim(), cp: 0, ipp: memberSearchSize },
          signal,
        })
        .json<UserSearchAnswer>(),
    );
    return answer.items.map((user) => ({
      userId: user.userId,
      name: user.name,
      profilePicture: user.profilePicture,
    }));
  };
}
