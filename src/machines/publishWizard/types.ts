import type { OneTimeProduct } from '../../../contracts/marketplace';
import type { PublishForm, PublishStep, Slot } from '../../../contracts/publishing';
import type { Tier } from '../../../contracts/roles';
import type { SceneMetadata, SceneMetadataFields } from '../../../contracts/scenes';

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
  /**
   * The space-info problems shown (null: none): every one once Next was pressed there; before
   * that, the tag count's, from the first change of the tags on.
   */
  spaceInfoErrors: SpaceInfoErrors | null;
  /** Next was pressed on Space info: from then on its problems follow every change. */
  spaceInfoChecked: boolean;
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
