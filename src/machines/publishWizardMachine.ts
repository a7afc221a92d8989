import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { InternalTransactionAnswer, OneTimeProduct } from '../../contracts/marketplace';
import {
  type PublishAnswer,
  type PublishForm,
  type PublishStep,
  publishSteps,
  publishTagsMax,
  publishTagsMin,
  type Slot,
} from '../../contracts/publishing';
import type { Tier } from '../../contracts/roles';
import {
  isEmptyTitle,
  photoGalleryMax,
  sceneDescriptionMaxLength,
  type SceneMetadata,
  type SceneMetadataFields,
  sceneTitleMaxLength,
} from '../../contracts/scenes';

/**
 * Something the wizard tells the user: a text catalogue key (with its values) for what the client
 * decides, or the server's own words for a refused publish.
 */
export type WizardMessage = { key: string; values?: Record<string, string | number> } | { text: string };

/** The 'Space info' step's fields (platform.md §3 'Publish form'). */
export interface SpaceInfo {
  title: string;
  description: string;
  tags: string[];
  /** Visitors may comment (default on). */
  comments: boolean;
  adultContent: boolean;
  /** The stored cover photo; null once cleared or when the space never had one. */
  coverPhotoUri: string | null;
  /** A new cover photo (the cropped JPEG) replacing the stored one. */
  coverPhotoFile: Blob | null;
  /** Stored gallery pictures to keep, in order. */
  photoGallery: string[];
  /** New gallery pictures, appended after the kept ones. */
  photoGalleryFiles: Blob[];
}

export type SpaceInfoField = 'title' | 'description' | 'tags' | 'coverPhoto' | 'photoGallery';
export type SpaceInfoErrors = Partial<Record<SpaceInfoField, WizardMessage>>;

/** A user or a group picked for an access list (select options are equal by userId, else groupId). */
export interface Member {
  userId?: string;
  groupId?: string;
  name: string;
  profilePicture?: string | null;
}

/** Who may view (privacy) or communicate (communication) in the space. */
export type AccessArea = 'privacy' | 'communication';
export interface AccessChoice {
  /** false: everyone; true: only `members`. */
  restricted: boolean;
  members: Member[];
}

export interface PublishWizardInput {
  sceneId: string;
  /** The space's current metadata (what is known of it): the form starts from it. */
  metadata: Partial<SceneMetadata>;
  /** The caller's plan: choosing who may view or communicate needs the Standard tier or higher. */
  tier: Tier;
  /** The caller is signed in (default true: the wizard opens for the space's owner); buying needs it. */
  signedIn?: boolean;
}

/** An extra slot being bought (platform.md §2.5 'add an extra slot for a credit price'). */
export interface SlotPurchase {
  /** The Idempotency-Key of this purchase: fresh per purchase, the same for its retries. */
  idempotencyKey: string;
  /** The slots the caller had before it, to find the new one after the reload. */
  slotIdsBefore: string[];
  /** Credits still missing (422 insufficient credits), else null. */
  missingCredits: number | null;
  /** The credit bundles offered while credits are missing (loaded then). */
  bundles: OneTimeProduct[];
  /** The bundle chosen in the picker. */
  bundleId: string | null;
}

export interface PublishWizardContext {
  sceneId: string;
  /** Privacy and communication can be chosen (Standard tier or higher). */
  aclAllowed: boolean;
  spaceInfo: SpaceInfo;
  /** The space-info problems shown, once Next was pressed there (null before). */
  spaceInfoErrors: SpaceInfoErrors | null;
  /** Steps the user left with Next while they were valid. */
  confirmed: PublishStep[];
  /** The caller's slots, as last loaded. */
  slots: Slot[];
  slotId: string | null;
  signedIn: boolean;
  /** The extra slot being bought, until it is bought or refused (null otherwise). */
  slotPurchase: SlotPurchase | null;
  /** The extra slot being deleted (null otherwise). */
  deletingSlotId: string | null;
  /** The credit bundle whose checkout dialog is open (it stays open after paying, until closed). */
  checkoutBundleId: string | null;
  /** Listed in Explore (true) or reachable only by its link. */
  publishedPublic: boolean;
  access: Record<AccessArea, AccessChoice>;
  /** The message of the current step (a missing slot, a failed load or publish). */
  message: WizardMessage | null;
  /** The space-info fields are stored on the server (a retry only publishes). */
  metadataSaved: boolean;
  /** The published space's metadata, once published. */
  published: SceneMetadata | null;
}

export type PublishWizardEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  /** A step of the stepper was clicked: it opens only when the steps before it are complete. */
  | { type: 'wizard.goTo'; step: PublishStep }
  | { type: 'spaceInfo.changed'; fields: Partial<SpaceInfo> }
  | { type: 'slot.selected'; slotId: string }
  | { type: 'slots.retry' }
  /** 'Add an extra slot for 100 credits' was pressed (again: retries the same purchase). */
  | { type: 'placement.buySlot' }
  /** An extra slot's deletion was confirmed. */
  | { type: 'placement.deleteSlot'; slotId: string }
  /** A credit bundle was chosen (null: none) while credits are missing. */
  | { type: 'credits.bundleSelected'; bundleId: string | null }
  /** 'Buy credits': opens the checkout of the chosen bundle. */
  | { type: 'credits.checkout' }
  /** The checkout was paid: the slot purchase is tried again. */
  | { type: 'credits.checkoutFinished' }
  /** The checkout dialog closed (paid or not). */
  | { type: 'credits.checkoutClosed' }
  | { type: 'visibility.changed'; publishedPublic: boolean }
  | { type: 'access.modeChanged'; area: AccessArea; restricted: boolean }
  | { type: 'access.membersChanged'; area: AccessArea; members: Member[] };

export type PublishWizardEmitted = { type: 'wizard.published'; metadata: SceneMetadata };

export interface SaveMetadataInput {
  sceneId: string;
  fields: SceneMetadataFields;
  files: { coverPhoto?: Blob; photoGallery?: Blob[] };
}
export interface PublishInput {
  sceneId: string;
  form: PublishForm;
}
/** One extra slot for `extraSlotPriceCoin` credits (POST internalTransaction with this key). */
export interface BuySlotInput {
  idempotencyKey: string;
}

// ---------------------------------------------------------------------------------------------
// Rules (pure, so views and tests read the same ones)

/** What is wrong with the space-info fields (platform.md §5); empty when they may be published. */
export function validateSpaceInfo(info: SpaceInfo): SpaceInfoErrors {
  const errors: SpaceInfoErrors = {};
  const title = info.title.trim();
  if (isEmptyTitle(title)) errors.title = { key: 'validation.required' };
  else if (title.length > sceneTitleMaxLength)
    errors.title = { key: 'validation.maxLength', values: { count: sceneTitleMaxLength } };
  if (info.description.length > sceneDescriptionMaxLength)
    errors.description = { key: 'validation.maxLength', values: { count: sceneDescriptionMaxLength } };
  if (info.tags.length < publishTagsMin)
    errors.tags = { key: 'validation.minTags', values: { count: publishTagsMin } };
  else if (info.tags.length > publishTagsMax)
    errors.tags = { key: 'validation.maxTags', values: { count: publishTagsMax } };
  // 'Required fails when neither a file nor a stored url exists' (platform.md §5).
  if (!info.coverPhotoFile && !info.coverPhotoUri) errors.coverPhoto = { key: 'validation.requiredShort' };
  if (info.photoGallery.length + info.photoGalleryFiles.length > photoGalleryMax)
    errors.photoGallery = { key: 'publish.gallery.tooMany', values: { count: photoGalleryMax } };
  return errors;
}

const hasNoErrors = (errors: SpaceInfoErrors) => Object.keys(errors).length === 0;

/** An extra slot that can be deleted: the caller's, and empty (platform.md §2.5). */
export const isSlotDeletable = (slot: Slot) => slot.kind === 'extra' && slot.sceneId === null;

/** A slot a space can be published into now: active, and empty or holding this very space. */
export const isSlotSelectable = (slot: Slot, sceneId: string) =>
  slot.active && (slot.sceneId === null || slot.sceneId === sceneId);

/** Whether a step is done: left with Next while valid (privacy and communication: also when locked). */
export function isStepComplete(context: PublishWizardContext, step: PublishStep): boolean {
  switch (step) {
    case 'spaceInfo':
      return context.confirmed.includes('spaceInfo') && hasNoErrors(validateSpaceInfo(context.spaceInfo));
    case 'placement':
      return context.confirmed.includes('placement') && context.slotId !== null;
    case 'privacy':
    case 'communication':
      return !context.aclAllowed || context.confirmed.includes(step);
    case 'publish':
      return context.published !== null;
  }
}

/** A step opens only when every step before it is complete (the publish step needs all four). */
export const canOpenStep = (context: PublishWizardContext, step: PublishStep) =>
  publishSteps.slice(0, publishSteps.indexOf(step)).every((s) => isStepComplete(context, s));

/** The metadata PATCH: the space-info fields and the new pictures. */
export function metadataOf(info: SpaceInfo): Omit<SaveMetadataInput, 'sceneId'> {
  return {
    fields: {
      title: info.title.trim(),
      description: info.description,
      tags: info.tags,
      comments: info.comments,
      adultContent: info.adultContent,
      photoGallery: info.photoGallery,
    },
    files: {
      ...(info.coverPhotoFile ? { coverPhoto: info.coverPhotoFile } : {}),
      ...(info.photoGalleryFiles.length ? { photoGallery: info.photoGalleryFiles } : {}),
    },
  };
}

const ids = (members: Member[], key: 'userId' | 'groupId') =>
  members.flatMap((m) => (m[key] ? [m[key]] : []));

/** The publish request. The access lists go only with the Standard tier (the server refuses them otherwise). */
export function publishFormOf(context: PublishWizardContext): PublishForm {
  const form: PublishForm = { slotId: context.slotId ?? undefined, publishedPublic: context.publishedPublic };
  if (!context.aclAllowed) return form;
  const { privacy, communication } = context.access;
  return {
    ...form,
    privacyACLEnabled: privacy.restricted,
    userPrivacyACL: privacy.restricted ? ids(privacy.members, 'userId') : [],
    groupPrivacyACL: privacy.restricted ? ids(privacy.members, 'groupId') : [],
    communicationACLEnabled: communication.restricted,
    userCommunicationACL: communication.restricted ? ids(communication.members, 'userId') : [],
    groupCommunicationACL: communication.restricted ? ids(communication.members, 'groupId') : [],
  };
}

/** Credits missing for a purchase the server refused with 422 insufficient credits; null for any other error. */
export function missingCreditsOf(error: unknown): number | null {
  const problem = error as {
    status?: unknown;
    details?: { required?: unknown; availableBalance?: unknown };
  } | null;
  const details = problem?.details;
  if (
    problem?.status !== 422 ||
    typeof details?.required !== 'number' ||
    typeof details.availableBalance !== 'number'
  )
    return null;
  return Math.max(1, details.required - details.availableBalance);
}

/** The slot a purchase added: an empty extra slot that was not there before (else the last empty one). */
export function boughtSlotOf(slots: Slot[], purchase: SlotPurchase, sceneId: string): Slot | null {
  const extras = slots.filter(
    (s) => s.kind === 'extra' && s.sceneId === null && isSlotSelectable(s, sceneId),
  );
  return extras.find((s) => !purchase.slotIdsBefore.includes(s.slotId)) ?? extras.at(-1) ?? null;
}

/** A failure after which the purchase may have happened (no answer, or a server error): keep its key. */
const outcomeUnknown = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500;
};

/** Users in the access lists shown by their id (saved with the space), each once. */
export const unnamedUserIds = (context: Pick<PublishWizardContext, 'access'>) => [
  ...new Set(
    [...context.access.privacy.members, ...context.access.communication.members].flatMap((m) =>
      'userId' in m && m.userId && m.name === m.userId ? [m.userId] : [],
    ),
  ),
];

/** The form as the space has it now (an automatic 'Untitled space …' title counts as none). */
function initialContext(input: PublishWizardInput): PublishWizardContext {
  const { sceneId, metadata: m, tier } = input;
  const aclAllowed = tier !== 'free';
  const accessOf = (enabled = false, users: string[] = [], groups: string[] = []): AccessChoice => ({
    restricted: aclAllowed && enabled,
    members: aclAllowed
      ? [
          // Only ids are stored with the space: `resolveMembers` looks their names up.
          ...users.map((userId) => ({ userId, name: userId })),
          ...groups.map((groupId) => ({ groupId, name: groupId })),
        ]
      : [],
  });
  return {
    sceneId,
    aclAllowed,
    spaceInfo: {
      title: isEmptyTitle(m.title) ? '' : (m.title ?? ''),
      description: m.description ?? '',
      tags: m.tags ?? [],
      comments: m.comments ?? true,
      adultContent: m.adultContent ?? false,
      coverPhotoUri: m.coverPhotoUri ?? null,
      coverPhotoFile: null,
      photoGallery: m.photoGallery ?? [],
      photoGalleryFiles: [],
    },
    spaceInfoErrors: null,
    confirmed: [],
    slots: [],
    slotId: null,
    signedIn: input.signedIn ?? true,
    slotPurchase: null,
    deletingSlotId: null,
    checkoutBundleId: null,
    publishedPublic: m.state === 'Published' ? (m.publishedPublic ?? true) : true,
    access: {
      privacy: accessOf(m.privacyACLEnabled, m.userPrivacyACL, m.groupPrivacyACL),
      communication: accessOf(m.communicationACLEnabled, m.userCommunicationACL, m.groupCommunicationACL),
    },
    message: null,
    metadataSaved: false,
    published: null,
  };
}

/** A refused call's message: the server's words when it answered, a general one when it did not. */
function messageOfError(error: unknown, fallbackKey: string): WizardMessage {
  const problem = error as { message?: unknown; status?: unknown } | null;
  if (problem && typeof problem.status === 'number' && typeof problem.message === 'string' && problem.message)
    return { text: problem.message };
  return { key: fallbackKey };
}

// ---------------------------------------------------------------------------------------------

const notImplemented = (name: string) => async (): Promise<never> => {
  throw new Error(`publishWizardMachine: provide a ${name} actor`);
};

/** `wizard.goTo` to every step but `from`, each guarded by the steps before it being complete. */
const goToOthers = (from: PublishStep) =>
  publishSteps
    .filter((step) => step !== from)
    .map((step) => ({
      guard: { type: 'canOpen' as const, params: { step } },
      target: `#publishWizard.${step}`,
    }));

/** Choosing a slot, and Next with it (placement). */
const pickSlot = {
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
const buySlot = { guard: 'signedIn', target: 'buying', actions: 'startSlotPurchase' } as const;

/** Deleting an extra slot (signed-in users, an empty extra slot of the list). */
const deleteSlot = {
  guard: 'slotDeletable',
  target: 'deleting',
  actions: 'startSlotDeletion',
} as const;

/** The step stays while a slot is being bought (the purchase is not cancelled halfway). */
const stay = { 'wizard.back': {}, 'wizard.goTo': {} } as const;

/**
 * The publish wizard (platform.md §2.5): Space info → Placement → Privacy → Communication →
 * Publish, with Next and Back in order; a step of the stepper opens directly only when the steps
 * before it are complete.
 *
 * - Space info: title (required, at most 100), description, 3–10 tags, comments (default on),
 *   adult content (default off), a cover photo (required unless the space has one), a gallery of up
 *   to 10. Next shows what is wrong and stays; once shown, problems follow every change.
 * - Placement loads the caller's slots on entry (`loadSlots`): a slot can be picked when it is
 *   active and empty (or already holds this space). Next without one says 'Please assign your
 *   space to a slot to proceed.'; with no usable slot at all the step shows 'There is no available
 *   slot.' (`placement.noSlot`).
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
export const publishWizardMachine = setup({
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
    resolveMembers: fromPromise<Record<string, string>, { userIds: string[] }>(
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
    showSpaceInfoErrors: assign({ spaceInfoErrors: ({ context }) => validateSpaceInfo(context.spaceInfo) }),
    changeSpaceInfo: assign(({ context, event }) => {
      if (event.type !== 'spaceInfo.changed') return {};
      const spaceInfo = { ...context.spaceInfo, ...event.fields };
      return {
        spaceInfo,
        // Problems are shown from the first Next on, then follow every change.
        spaceInfoErrors: context.spaceInfoErrors && validateSpaceInfo(spaceInfo),
        metadataSaved: false,
      };
    }),
    storeSlots: assign(({ context }, params: { slots: Slot[] }) => {
      const usable = params.slots.filter((s) => isSlotSelectable(s, context.sceneId));
      const kept = usable.find((s) => s.slotId === context.slotId);
      const own = usable.find((s) => s.sceneId === context.sceneId);
      return { slots: params.slots, slotId: (kept ?? own)?.slotId ?? null };
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
          'userId' in m && m.userId && m.name === m.userId && params.names[m.userId]
            ? { ...m, name: params.names[m.userId] }
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
}).createMachine({
  id: 'publishWizard',
  context: ({ input }) => initialContext(input),
  initial: 'spaceInfo',
  output: ({ context }) => context.published,
  // Members saved with the space are only ids: their names are looked up once, whatever the step.
  invoke: {
    id: 'resolveMembers',
    src: 'resolveMembers',
    input: ({ context }) => ({ userIds: unnamedUserIds(context) }),
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
    placement: {
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
    },
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
