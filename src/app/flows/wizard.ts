import { fromPromise } from 'xstate';
import {
  type PublishInput,
  publishWizardMachine,
  type SaveMetadataInput,
} from '../../machines/publishWizardMachine';
import { extraSlotTransaction, marketplaceApi } from '../../services/marketplace';
import { publishingApi } from '../../services/publishing';
import { scenesApi } from '../../services/scenes';
import { groupsApi } from '../../services/groups';
import { usersApi } from '../../services/users';
import type { AppServices } from '../services';

/** Saved access-list members whose names are looked up at once. */
const memberLookupBatch = 8;

/**
 * The publish wizard with the scene service (platform.md §7.3): the caller's slots, the metadata
 * PATCH with the pictures (multipart), and the publish call; buying an extra slot with credits and
 * the credit bundles on offer (marketplace service). Each request is cancelled when the wizard
 * leaves the step that made it (a slot purchase's step cannot be left while it runs).
 */
export function provideWizard({ api }: AppServices) {
  const scenes = scenesApi(api);
  const publishing = publishingApi(api);
  const marketplace = marketplaceApi(api);
  const users = usersApi(api);
  const groups = groupsApi(api);
  return publishWizardMachine.provide({
    actors: {
      loadSlots: fromPromise(async ({ signal }) => (await publishing.mySlots(signal)).items),
      saveMetadata: fromPromise(({ input, signal }: { input: SaveMetadataInput; signal: AbortSignal }) =>
        scenes.update(input.sceneId, input.fields, { files: input.files, signal }),
      ),
      // The step cannot be left while it runs; closing the wizard drops the answer (the purchase
      // may still go through: its Idempotency-Key makes the next try safe).
      buySlot: fromPromise(async ({ input, signal }) =>
        marketplace.internalTransaction(extraSlotTransaction(), {
          idempotencyKey: input.idempotencyKey,
          signal,
        }),
      ),
      deleteSlot: fromPromise(async ({ input, signal }) => publishing.deleteSlot(input.slotId, signal)),
      loadCreditBundles: fromPromise(
        async ({ signal }) => (await marketplace.products(signal)).oneTimeProducts,
      ),
      publish: fromPromise(({ input, signal }: { input: PublishInput; signal: AbortSignal }) =>
        publishing.publish(input.sceneId, input.form, signal),
      ),
      resolveMembers: fromPromise(async ({ input, signal }) => {
        const names: Record<string, string> = {};
        // Public profiles, a few at a time; one that cannot be read keeps its id.
        for (let i = 0; i < input.userIds.length; i += memberLookupBatch) {
          await Promise.all(
            input.userIds.slice(i, i + memberLookupBatch).map(async (userId) => {
              const user = await users.profile(userId, signal).catch(() => null);
              if (user?.name) names[userId] = user.name;
            }),
          );
        }
        // Groups in one call; a group that is gone keeps its id.
        if (input.groupIds.length > 0) {
          const found = await groups.many(input.groupIds, signal).catch(() => null);
          for (const group of found?.items ?? []) names[group.groupId] = group.title;
        }
        return names;
      }),
    },
  });
}
