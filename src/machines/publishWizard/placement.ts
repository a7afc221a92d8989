import { assign } from 'xstate';
import { messageOfError, missingCreditsOf } from './rules';
import { wizardSetup } from './setup';
import { buySlot, deleteSlot, goToOthers, pickSlot, stay } from './transitions';

/**
 * The wizard's Placement step (platform.md §2.5 'placement'): the caller's slots, choosing one,
 * buying an extra slot with credits (with the credit bundles' checkout when credits are missing),
 * deleting an empty extra slot.
 */
export const placementState = wizardSetup.createStateConfig({
  entry: 'clearMessage',
  // The dialog is modal, so a checkout is never open here; a purchase left unfinished is over
  // (the slots load again on return, listing a slot it may have bought).
  exit: ['endSlotPurchase', assign({ checkoutBundleId: null })],
  on: {
    'wizard.back': 'spaceInfo',
    'wizard.goTo': goToOthers('placement'),
    'credits.checkoutClosed': { actions: assign({ checkoutBundleId: null }) },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: 'clearMessage',
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        onDone: [
          {
            guard: 'hasUsableSlot',
            target: 'choosing',
            actions: { type: 'storeSlots', params: ({ event }) => ({ slots: event.output }) },
          },
          {
            target: 'noSlot',
            actions: { type: 'storeSlots', params: ({ event }) => ({ slots: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'say',
            params: ({ event }) => ({
              message: messageOfError(event.error, 'publish.errors.slotsFailed'),
            }),
          },
        },
      },
    },
    choosing: {
      on: { ...pickSlot, 'placement.buySlot': buySlot, 'placement.deleteSlot': deleteSlot },
    },
    /** No slot is free: 'There is no available slot.' (an extra slot is bought with credits). */
    noSlot: {
      on: {
        'wizard.next': {
          actions: { type: 'say', params: { message: { key: 'publish.errors.noSlotAssigned' } } },
        },
        'placement.buySlot': buySlot,
        'placement.deleteSlot': deleteSlot,
      },
    },
    failed: {
      on: { 'slots.retry': 'loading' },
    },
    /** POST internalTransaction for one extra slot; the step cannot be left meanwhile. */
    buying: {
      tags: 'buyingSlot',
      on: stay,
      invoke: {
        id: 'buySlot',
        src: 'buySlot',
        input: ({ context }) => ({ idempotencyKey: context.slotPurchase!.idempotencyKey }),
        onDone: 'reloading',
        onError: [
          {
            guard: 'insufficientCredits',
            target: 'needCredits',
            actions: {
              type: 'changePurchase',
              params: ({ event }) => ({ missingCredits: missingCreditsOf(event.error) }),
            },
          },
          {
            guard: 'outcomeUnknown',
            target: 'settled',
            actions: {
              type: 'say',
              params: ({ event }) => ({
                message: messageOfError(event.error, 'publish.errors.buySlotFailed'),
              }),
            },
          },
          {
            target: 'settled',
            actions: [
              'endSlotPurchase',
              {
                type: 'say',
                params: ({ event }) => ({
                  message: messageOfError(event.error, 'publish.errors.buySlotFailed'),
                }),
              },
            ],
          },
        ],
      },
    },
    /** Bought: the slots load again and the new extra slot is selected. */
    reloading: {
      tags: 'buyingSlot',
      on: stay,
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        onDone: {
          target: 'settled',
          actions: [
            { type: 'storeSlots', params: ({ event }) => ({ slots: event.output }) },
            'selectBoughtSlot',
            'endSlotPurchase',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            'endSlotPurchase',
            {
              type: 'say',
              params: ({ event }) => ({
                message: messageOfError(event.error, 'publish.errors.slotsFailed'),
              }),
            },
          ],
        },
      },
    },
    /** DELETE slot/{id}; the step cannot be left meanwhile. Then the slots load again. */
    deleting: {
      tags: 'deletingSlot',
      on: stay,
      exit: assign({ deletingSlotId: null }),
      invoke: {
        id: 'deleteSlot',
        src: 'deleteSlot',
        input: ({ context }) => ({ slotId: context.deletingSlotId! }),
        onDone: 'loading',
        onError: {
          target: 'settled',
          actions: {
            type: 'say',
            params: ({ event }) => ({
              message: messageOfError(event.error, 'publish.errors.deleteSlotFailed'),
            }),
          },
        },
      },
    },
    /** Back to choosing, or to 'There is no available slot.' */
    settled: {
      always: [{ guard: 'hasSelectableSlot', target: 'choosing' }, { target: 'noSlot' }],
    },
    /**
     * Not enough credits: the bundles covering the missing credits, 'Buy credits' opens the
     * chosen bundle's checkout, and a paid checkout tries the purchase again (same key). A slot
     * can still be picked instead.
     */
    needCredits: {
      invoke: {
        id: 'loadCreditBundles',
        src: 'loadCreditBundles',
        onDone: {
          actions: { type: 'changePurchase', params: ({ event }) => ({ bundles: event.output }) },
        },
        onError: {
          actions: {
            type: 'say',
            params: ({ event }) => ({
              message: messageOfError(event.error, 'publish.errors.bundlesFailed'),
            }),
          },
        },
      },
      on: {
        ...pickSlot,
        'credits.bundleSelected': {
          actions: {
            type: 'changePurchase',
            params: ({ event }) => ({ bundleId: event.bundleId }),
          },
        },
        'credits.checkout': {
          guard: 'bundleChosen',
          actions: assign({ checkoutBundleId: ({ context }) => context.slotPurchase!.bundleId }),
        },
        'credits.checkoutFinished': { guard: 'checkoutOpen', target: 'buying' },
        'placement.buySlot': { target: 'buying', actions: 'startSlotPurchase' },
      },
    },
  },
});
