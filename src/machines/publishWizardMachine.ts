import { assign, emit, type SnapshotFrom } from 'xstate';
import { type PublishStep, publishSteps } from '../../contracts/publishing';
import { placementState } from './publishWizard/placement';
import {
  initialContext,
  messageOfError,
  metadataOf,
  publishFormOf,
  unnamedMembers,
} from './publishWizard/rules';
import { wizardSetup } from './publishWizard/setup';
import { goToOthers } from './publishWizard/transitions';

// The wizard's parts (publishWizard/): its types, its rules, its setup, the Placement step.
export * from './publishWizard/rules';
export * from './publishWizard/types';

/**
 * The publish wizard (platform.md §2.5): Space info → Placement → Privacy → Communication →
 * Publish, with Next and Back in order; a step of the stepper opens directly only when the steps
 * before it are complete.
 *
 * - Space info: title (required, at most 100), description, 3–10 tags, comments (default on),
 *   adult content (default off), a cover photo (required unless the space has one), a gallery of up
 *   to 10. Next shows what is wrong and stays; once shown, problems follow every change. The tag
 *   count's problem shows earlier, from the first change of the tags on, so the minimum is met as
 *   the user types.
 * - Placement loads the caller's slots on entry (`loadSlots`): a slot can be picked when it is
 *   active and empty (or already holds this space); the space's own slot, or else the only usable
 *   one, is chosen for the user. Next without one says 'Please assign your space to a slot to
 *   proceed.'; with no usable slot at all the step shows 'There is no available slot.'
 *   (`placement.noSlot`).
 * - 'Add an extra slot for 100 credits' (`placement.buySlot`, signed-in users) buys one with
 *   credits (`buySlot`, POST internalTransaction with a fresh Idempotency-Key per purchase), then
 *   reloads the slots and selects the new one. Without enough credits (422) the step offers the
 *   credit bundles covering the missing credits (`loadCreditBundles`); once the chosen bundle's
 *   checkout is paid (`credits.checkoutFinished`) the purchase is tried again with the same key.
 *   Another failure shows the server's message and the button works again (the key is kept only
 *   when the outcome is unknown: no answer or a server error).
 * - An empty extra slot can be deleted (`placement.deleteSlot`, after the view's confirmation;
 *   `deleteSlot`, DELETE slot/{id}); the slots then load again (a selected slot that is gone is
 *   no longer selected). A refusal shows the server's message and leaves the slots as they were.
 * - Privacy and communication need the Standard tier: on the free tier they stay 'Everyone' and
 *   count as complete.
 * - Publish: Next stores the space-info fields and pictures (`saveMetadata`, PATCH
 *   scene/metadata), then publishes (`publish`, POST sceneactions/{id}/publish). Success ends in
 *   `done` (output and the emitted `wizard.published` carry the new metadata); a failure shows the
 *   server's message and stays, so Next tries again (only the publish, when the fields were stored).
 *
 * The I/O is given with `.provide(...)` (src/services/publishWizard.ts); leaving a step cancels
 * its request (the promise actors get an aborted signal); it cannot be left while a slot is being
 * bought or deleted. Tags: 'loading' (slots), 'buyingSlot', 'deletingSlot', 'publishing'.
 */
export const publishWizardMachine = wizardSetup.createMachine({
  id: 'publishWizard',
  context: ({ input }) => initialContext(input),
  initial: 'spaceInfo',
  output: ({ context }) => context.published,
  // Members saved with the space are only ids: their names are looked up once, whatever the step.
  invoke: {
    id: 'resolveMembers',
    src: 'resolveMembers',
    input: ({ context }) => unnamedMembers(context),
    onDone: { actions: { type: 'nameMembers', params: ({ event }) => ({ names: event.output }) } },
    // Without names the ids stay: nothing else depends on them.
    onError: {},
  },
  states: {
    spaceInfo: {
      entry: 'clearMessage',
      on: {
        'spaceInfo.changed': { actions: 'changeSpaceInfo' },
        'wizard.next': [
          {
            guard: 'spaceInfoValid',
            target: 'placement',
            actions: ['showSpaceInfoErrors', { type: 'confirm', params: { step: 'spaceInfo' } }],
          },
          { actions: 'showSpaceInfoErrors' },
        ],
        'wizard.goTo': goToOthers('spaceInfo'),
      },
    },
    placement: placementState,
    privacy: {
      entry: 'clearMessage',
      on: {
        'access.modeChanged': {
          guard: { type: 'accessChangeable', params: { area: 'privacy' } },
          actions: 'changeAccess',
        },
        'access.membersChanged': {
          guard: { type: 'accessChangeable', params: { area: 'privacy' } },
          actions: 'changeAccess',
        },
        'wizard.next': { target: 'communication', actions: { type: 'confirm', params: { step: 'privacy' } } },
        'wizard.back': 'placement',
        'wizard.goTo': goToOthers('privacy'),
      },
    },
    communication: {
      entry: 'clearMessage',
      on: {
        'access.modeChanged': {
          guard: { type: 'accessChangeable', params: { area: 'communication' } },
          actions: 'changeAccess',
        },
        'access.membersChanged': {
          guard: { type: 'accessChangeable', params: { area: 'communication' } },
          actions: 'changeAccess',
        },
        'wizard.next': { target: 'publish', actions: { type: 'confirm', params: { step: 'communication' } } },
        'wizard.back': 'privacy',
        'wizard.goTo': goToOthers('communication'),
      },
    },
    publish: {
      entry: 'clearMessage',
      initial: 'review',
      states: {
        review: {
          on: {
            'visibility.changed': {
              actions: assign({ publishedPublic: ({ event }) => event.publishedPublic }),
            },
            'wizard.next': { guard: 'earlierStepsComplete', target: 'saving' },
            'wizard.back': '#publishWizard.communication',
            'wizard.goTo': goToOthers('publish'),
          },
        },
        saving: {
          tags: 'publishing',
          entry: 'clearMessage',
          invoke: {
            id: 'saveMetadata',
            src: 'saveMetadata',
            input: ({ context }) => ({ sceneId: context.sceneId, ...metadataOf(context.spaceInfo) }),
            onDone: { target: 'publishing', actions: assign({ metadataSaved: true }) },
            onError: {
              target: 'failed',
              actions: {
                type: 'say',
                params: ({ event }) => ({ message: messageOfError(event.error, 'publish.errors.failed') }),
              },
            },
          },
        },
        publishing: {
          tags: 'publishing',
          entry: 'clearMessage',
          invoke: {
            id: 'publish',
            src: 'publish',
            input: ({ context }) => ({ sceneId: context.sceneId, form: publishFormOf(context) }),
            onDone: {
              target: '#publishWizard.done',
              actions: [
                assign({ published: ({ event }) => event.output.metadata }),
                emit(({ event }) => ({ type: 'wizard.published' as const, metadata: event.output.metadata })),
              ],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'say',
                params: ({ event }) => ({ message: messageOfError(event.error, 'publish.errors.failed') }),
              },
            },
          },
        },
        /** The server's message shows; Next tries again. */
        failed: {
          on: {
            'visibility.changed': {
              target: 'review',
              actions: assign({ publishedPublic: ({ event }) => event.publishedPublic }),
            },
            'wizard.next': [{ guard: 'metadataSaved', target: 'publishing' }, { target: 'saving' }],
            'wizard.back': '#publishWizard.communication',
            'wizard.goTo': goToOthers('publish'),
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type PublishWizardSnapshot = SnapshotFrom<typeof publishWizardMachine>;

/** The step the wizard shows (the publish step once done). */
export const selectStep = (snapshot: PublishWizardSnapshot): PublishStep =>
  publishSteps.find((step) => snapshot.matches(step)) ?? 'publish';
