import type { z } from 'zod';
import {
  type PublishForm,
  type PublishStep,
  publishSteps,
  PublishSpaceInfoRules,
  type Slot,
} from '../../../contracts/publishing';
import { isEmptyTitle } from '../../../contracts/scenes';
import type {
  AccessChoice,
  Member,
  PublishWizardContext,
  PublishWizardInput,
  SaveMetadataInput,
  SlotPurchase,
  SpaceInfo,
  SpaceInfoErrors,
  SpaceInfoField,
  WizardMessage,
} from './types';

// ---------------------------------------------------------------------------------------------
// Rules (pure, so views and tests read the same ones)

/** What is wrong with the space-info fields (platform.md §5); empty when they may be published. */
export function validateSpaceInfo(info: SpaceInfo): SpaceInfoErrors {
  const errors: SpaceInfoErrors = {};
  const checked = PublishSpaceInfoRules.safeParse({
    title: info.title,
    description: info.description,
    tags: info.tags,
    // 'Required fails when neither a file nor a stored url exists' (platform.md §5).
    coverPhoto: Boolean(info.coverPhotoFile || info.coverPhotoUri),
    photoGallery: info.photoGallery.length + info.photoGalleryFiles.length,
  });
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as SpaceInfoField;
    errors[field] ??= messageOfIssue(field, issue);
  }
  return errors;
}

/** How the step says what a rule of the contract found (the text catalogue's words, not the server's). */
function messageOfIssue(field: SpaceInfoField, issue: z.core.$ZodIssue): WizardMessage {
  const limit = Number('maximum' in issue ? issue.maximum : 'minimum' in issue ? issue.minimum : 0);
  switch (field) {
    case 'title':
      return issue.code === 'too_big'
        ? { key: 'validation.maxLength', values: { count: limit } }
        : { key: 'validation.required' };
    case 'description':
      return { key: 'validation.maxLength', values: { count: limit } };
    case 'tags':
      return issue.code === 'too_small'
        ? { key: 'validation.minTags', values: { count: limit } }
        : { key: 'validation.maxTags', values: { count: limit } };
    case 'coverPhoto':
      return { key: 'validation.requiredShort' };
    case 'photoGallery':
      return { key: 'publish.gallery.tooMany', values: { count: limit } };
  }
}

export const hasNoErrors = (errors: SpaceInfoErrors) => Object.keys(errors).length === 0;

/**
 * The problems the Space info step shows after a change: every one once Next was pressed; before
 * that only the tag count's (its minimum is met as the user types), shown from the first change of
 * the tags on.
 */
export function shownSpaceInfoErrors(
  context: Pick<PublishWizardContext, 'spaceInfoChecked' | 'spaceInfoErrors'>,
  info: SpaceInfo,
  changed: Partial<SpaceInfo>,
): SpaceInfoErrors | null {
  const errors = validateSpaceInfo(info);
  if (context.spaceInfoChecked) return errors;
  const tagsWatched = 'tags' in changed || context.spaceInfoErrors?.tags !== undefined;
  return tagsWatched && errors.tags ? { tags: errors.tags } : null;
}

/** The only slot the space can go to, when there is exactly one. */
export function onlySelectableSlot(slots: Slot[], sceneId: string): Slot | undefined {
  const usable = slots.filter((s) => isSlotSelectable(s, sceneId));
  return usable.length === 1 ? usable[0] : undefined;
}

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
export const outcomeUnknown = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500;
};

/** Users in the access lists shown by their id (saved with the space), each once. */
export const unnamedMembers = (context: Pick<PublishWizardContext, 'access'>) => {
  const members = [...context.access.privacy.members, ...context.access.communication.members];
  const unnamed = (key: 'userId' | 'groupId') => [
    ...new Set(members.flatMap((m) => (m[key] && m.name === m[key] ? [m[key]] : []))),
  ];
  return { userIds: unnamed('userId'), groupIds: unnamed('groupId') };
};

/** The form as the space has it now (an automatic 'Untitled space …' title counts as none). */
export function initialContext(input: PublishWizardInput): PublishWizardContext {
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
    spaceInfoChecked: false,
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
export function messageOfError(error: unknown, fallbackKey: string): WizardMessage {
  const problem = error as { message?: unknown; status?: unknown } | null;
  if (problem && typeof problem.status === 'number' && typeof problem.message === 'string' && problem.message)
    return { text: problem.message };
  return { key: fallbackKey };
}
