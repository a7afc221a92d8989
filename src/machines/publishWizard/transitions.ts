import { type PublishStep, publishSteps } from '../../../contracts/publishing';

/** Transitions more than one state of the wizard takes. */

/** `wizard.goTo` to every step but `from`, each guarded by the steps before it being complete. */
export const goToOthers = (from: PublishStep) =>
  publishSteps
    .filter((step) => step !== from)
    .map((step) => ({
      guard: { type: 'canOpen' as const, params: { step } },
      target: `#publishWizard.${step}`,
    }));

/** Choosing a slot, and Next with it (placement). */
export const pickSlot = {
  'slot.selected': { guard: 'slotSelectable', actions: 'selectSlot' },
  'wizard.next': [
    {
      guard: 'slotChosen',
      target: '#publishWizard.privacy',
      actions: { type: 'confirm', params: { step: 'placement' } },
    },
    { actions: { type: 'say', params: { message: { key: 'publish.errors.noSlotAssigned' } } } },
  ],
} as const;

/** 'Add an extra slot' (signed-in users). */
export const buySlot = { guard: 'signedIn', target: 'buying', actions: 'startSlotPurchase' } as const;

/** Deleting an extra slot (signed-in users, an empty extra slot of the list). */
export const deleteSlot = {
  guard: 'slotDeletable',
  target: 'deleting',
  actions: 'startSlotDeletion',
} as const;

/** The step stays while a slot is being bought (the purchase is not cancelled halfway). */
export const stay = { 'wizard.back': {}, 'wizard.goTo': {} } as const;
