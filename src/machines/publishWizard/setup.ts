import { assign, fromPromise, setup } from 'xstate';
import type { InternalTransactionAnswer, OneTimeProduct } from '../../../contracts/marketplace';
import type { PublishAnswer, PublishStep, Slot } from '../../../contracts/publishing';
import type { SceneMetadata } from '../../../contracts/scenes';
import {
  boughtSlotOf,
  canOpenStep,
  hasNoErrors,
  isSlotDeletable,
  isSlotSelectable,
  missingCreditsOf,
  onlySelectableSlot,
  outcomeUnknown,
  shownSpaceInfoErrors,
  validateSpaceInfo,
} from './rules';
import type {
  AccessArea,
  BuySlotInput,
  Member,
  PublishInput,
  PublishWizardContext,
  PublishWizardEmitted,
  PublishWizardEvent,
  PublishWizardInput,
  SaveMetadataInput,
  SlotPurchase,
  WizardMessage,
} from './types';

const notImplemented = (name: string) => async (): Promise<never> => {
  throw new Error(`publishWizardMachine: provide a ${name} actor`);
};

/** The publish wizard's types, actors, actions and guards (its states: publishWizardMachine.ts, placement.ts). */
export const wizardSetup = setup({
  types: {
    context: {} as PublishWizardContext,
    events: {} as PublishWizardEvent,
    input: {} as PublishWizardInput,
    emitted: {} as PublishWizardEmitted,
    output: {} as SceneMetadata | null,
    tags: {} as 'loading' | 'buyingSlot' | 'deletingSlot' | 'publishing',
  },
  actors: {
    loadSlots: fromPromise<Slot[]>(notImplemented('loadSlots')),
    buySlot: fromPromise<InternalTransactionAnswer, BuySlotInput>(notImplemented('buySlot')),
    deleteSlot: fromPromise<undefined, { slotId: string }>(notImplemented('deleteSlot')),
    loadCreditBundles: fromPromise<OneTimeProduct[]>(notImplemented('loadCreditBundles')),
    saveMetadata: fromPromise<SceneMetadata, SaveMetadataInput>(notImplemented('saveMetadata')),
    publish: fromPromise<PublishAnswer, PublishInput>(notImplemented('publish')),
    resolveMembers: fromPromise<Record<string, string>, { userIds: string[]; groupIds: string[] }>(
      notImplemented('resolveMembers'),
    ),
  },
  actions: {
    clearMessage: assign({ message: null }),
    confirm: assign(({ context }, params: { step: PublishStep }) => ({
      confirmed: context.confirmed.includes(params.step)
        ? context.confirmed
        : [...context.confirmed, params.step],
    })),
    showSpaceInfoErrors: assign({
      spaceInfoErrors: ({ context }) => validateSpaceInfo(context.spaceInfo),
      spaceInfoChecked: true,
    }),
    changeSpaceInfo: assign(({ context, event }) => {
      if (event.type !== 'spaceInfo.changed') return {};
      const spaceInfo = { ...context.spaceInfo, ...event.fields };
      return {
        spaceInfo,
        spaceInfoErrors: shownSpaceInfoErrors(context, spaceInfo, event.fields),
        metadataSaved: false,
      };
    }),
    /** The slot stays chosen while usable; the space's own slot, or the only usable one, is chosen. */
    storeSlots: assign(({ context }, params: { slots: Slot[] }) => {
      const usable = params.slots.filter((s) => isSlotSelectable(s, context.sceneId));
      const kept = usable.find((s) => s.slotId === context.slotId);
      const own = usable.find((s) => s.sceneId === context.sceneId);
      const only = onlySelectableSlot(params.slots, context.sceneId);
      return { slots: params.slots, slotId: (kept ?? own ?? only)?.slotId ?? null };
    }),
    selectSlot: assign(({ event }) =>
      event.type === 'slot.selected' ? { slotId: event.slotId, message: null } : {},
    ),
    say: assign((_, params: { message: WizardMessage }) => ({ message: params.message })),
    /** A new purchase gets a fresh key; pressing the button again retries the one under way. */
    startSlotDeletion: assign(({ event }) =>
      event.type === 'placement.deleteSlot' ? { deletingSlotId: event.slotId, message: null } : {},
    ),
    startSlotPurchase: assign(({ context }) => ({
      message: null,
      slotPurchase: {
        idempotencyKey: context.slotPurchase?.idempotencyKey ?? crypto.randomUUID(),
        slotIdsBefore: context.slotPurchase?.slotIdsBefore ?? context.slots.map((s) => s.slotId),
        missingCredits: null,
        bundles: [],
        bundleId: null,
      },
    })),
    changePurchase: assign(({ context }, params: Partial<SlotPurchase>) => ({
      slotPurchase: context.slotPurchase && { ...context.slotPurchase, ...params },
    })),
    /** The purchase is over (bought, or refused for good): the next one gets a fresh key. */
    endSlotPurchase: assign({ slotPurchase: null }),
    selectBoughtSlot: assign(({ context }) => {
      const bought =
        context.slotPurchase && boughtSlotOf(context.slots, context.slotPurchase, context.sceneId);
      return bought ? { slotId: bought.slotId } : {};
    }),
    /** Names found for members saved by id (a user not found keeps showing the id). */
    nameMembers: assign(({ context }, params: { names: Record<string, string> }) => {
      const named = (members: Member[]) =>
        members.map((m) =>
          m.userId && m.name === m.userId && params.names[m.userId]
            ? { ...m, name: params.names[m.userId] }
            : m.groupId && m.name === m.groupId && params.names[m.groupId]
              ? { ...m, name: params.names[m.groupId] }
              : m,
        );
      return {
        access: {
          privacy: { ...context.access.privacy, members: named(context.access.privacy.members) },
          communication: {
            ...context.access.communication,
            members: named(context.access.communication.members),
          },
        },
      };
    }),
    changeAccess: assign(({ context, event }) => {
      if (event.type !== 'access.modeChanged' && event.type !== 'access.membersChanged') return {};
      const current = context.access[event.area];
      const next =
        event.type === 'access.modeChanged'
          ? { ...current, restricted: event.restricted }
          : { ...current, members: event.members };
      return { access: { ...context.access, [event.area]: next } };
    }),
  },
  guards: {
    canOpen: ({ context }, params: { step: PublishStep }) => canOpenStep(context, params.step),
    spaceInfoValid: ({ context }) => hasNoErrors(validateSpaceInfo(context.spaceInfo)),
    hasUsableSlot: ({ context, event }) =>
      'output' in event && (event.output as Slot[]).some((slot) => isSlotSelectable(slot, context.sceneId)),
    slotSelectable: ({ context, event }) =>
      event.type === 'slot.selected' &&
      context.slots.some((s) => s.slotId === event.slotId && isSlotSelectable(s, context.sceneId)),
    slotChosen: ({ context }) => context.slotId !== null,
    signedIn: ({ context }) => context.signedIn,
    slotDeletable: ({ context, event }) =>
      context.signedIn &&
      event.type === 'placement.deleteSlot' &&
      context.slots.some((s) => s.slotId === event.slotId && isSlotDeletable(s)),
    hasSelectableSlot: ({ context }) => context.slots.some((s) => isSlotSelectable(s, context.sceneId)),
    insufficientCredits: ({ event }) => 'error' in event && missingCreditsOf(event.error) !== null,
    outcomeUnknown: ({ event }) => 'error' in event && outcomeUnknown(event.error),
    bundleChosen: ({ context }) => context.slotPurchase?.bundleId != null,
    checkoutOpen: ({ context }) => context.checkoutBundleId !== null,
    accessChangeable: ({ context, event }, params: { area: AccessArea }) =>
      context.aclAllowed &&
      (event.type === 'access.modeChanged' || event.type === 'access.membersChanged') &&
      event.area === params.area,
    earlierStepsComplete: ({ context }) => canOpenStep(context, 'publish'),
    metadataSaved: ({ context }) => context.metadataSaved,
  },
});
