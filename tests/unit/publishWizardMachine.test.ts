import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { marketplaceMessages, type OneTimeProduct } from '../../contracts/marketplace';
import { publishMessages, type Slot } from '../../contracts/publishing';
import type { Tier } from '../../contracts/roles';
import type { SceneMetadata } from '../../contracts/scenes';
import i18n from '../../src/i18n';
import {
  type BuySlotInput,
  canOpenStep,
  type PublishInput,
  type PublishWizardSnapshot,
  publishWizardMachine,
  type SaveMetadataInput,
  selectStep,
  validateSpaceInfo,
  type WizardMessage,
} from '../../src/machines/publishWizardMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

/** Lets settled fake calls reach the machine (promise callbacks only: no timers run). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
/** What the user reads for a message. */
const text = (message: WizardMessage | null) =>
  message === null ? null : 'text' in message ? message.text : i18n.t(message.key, message.values);

const draft: SceneMetadata = {
  sceneId: 's1',
  title: 'Harbour lights',
  description: 'A night walk',
  tags: ['harbour', 'night'],
  state: 'Draft',
  visible: true,
  adultContent: false,
  comments: true,
  ownerId: 'u1',
  creatorId: 'u1',
  creator: { userId: 'u1', name: 'Alice', profilePicture: null },
  coverPhotoUri: '/api/fileService/file/cover1',
  thumbnailUri: null,
  photoGallery: [],
  audioUri: null,
  districtId: null,
  districtSubdomain: null,
  publishedPublicDistricts: [],
  publishedPrivateDistricts: [],
  publishedPublic: false,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  contentUpdatedAt: '2026-01-01T00:00:00.000Z',
  likes: 0,
  views: 0,
  commentCount: 0,
  privacyACLEnabled: false,
  userPrivacyACL: [],
  groupPrivacyACL: [],
  communicationACLEnabled: false,
  userCommunicationACL: [],
  groupCommunicationACL: [],
};
const published: SceneMetadata = {
  ...draft,
  tags: ['harbour', 'night', 'sea'],
  state: 'Published',
  publishedPublic: true,
  publishedAt: '2026-01-02T00:00:00.000Z',
};

const slot = (slotId: string, sceneId: string | null, kind: Slot['kind'] = 'free'): Slot => ({
  slotId,
  kind,
  active: true,
  ownerId: 'u1',
  districtId: null,
  districtSubdomain: null,
  districtSlot: false,
  productId: null,
  sceneId,
  title: sceneId ? 'Old gallery' : null,
  sceneMetadata: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const freeSlot = slot('slot-free', null);
/** A second usable slot: with two, the user chooses. */
const otherFreeSlot = slot('slot-free-2', null);
const takenSlot = slot('slot-taken', 's0');
const alice = { userId: 'u2', name: 'Bob' };
const threeTags = ['harbour', 'night', 'sea'];
const extraSlot = slot('slot-extra', null, 'extra');
/** 422 insufficient credits: 100 needed, 40 in the wallet (60 missing). */
const insufficient = {
  status: 422,
  code: 'BUSINESS_RULE',
  message: marketplaceMessages.insufficientCredits,
  details: { required: 100, availableBalance: 40 },
};
const totalMismatch = { status: 422, code: 'BUSINESS_RULE', message: marketplaceMessages.totalMismatch };
const bundle: OneTimeProduct = { id: 'b100', coinAmount: 100, priceAmount: 500, currency: 'eur', iconId: 1 };
const slotTaken = { status: 409, code: 'CONFLICT', message: publishMessages.slotTaken };
const slotInUse = { status: 409, code: 'CONFLICT', message: publishMessages.slotInUse };
const badFields = { status: 400, code: 'VALIDATION_FAILED', message: 'A tag is at most 50 characters' };

const events = (): AnyEventObject[] => [
  { type: 'wizard.next' },
  { type: 'wizard.back' },
  ...['spaceInfo', 'placement', 'privacy', 'communication', 'publish'].map((step) => ({
    type: 'wizard.goTo',
    step,
  })),
  { type: 'spaceInfo.changed', fields: { tags: threeTags } },
  { type: 'spaceInfo.changed', fields: { tags: ['harbour'] } },
  { type: 'slot.selected', slotId: freeSlot.slotId },
  { type: 'slot.selected', slotId: takenSlot.slotId },
  { type: 'slots.retry' },
  { type: 'xstate.done.actor.loadSlots', output: [takenSlot, freeSlot] },
  { type: 'xstate.done.actor.loadSlots', output: [takenSlot, freeSlot, otherFreeSlot] },
  { type: 'xstate.done.actor.loadSlots', output: [takenSlot] },
  { type: 'xstate.error.actor.loadSlots', error: { message: 'Failed to fetch' } },
  // Buying an extra slot: the reload after it lists the new one.
  { type: 'placement.buySlot' },
  { type: 'xstate.done.actor.buySlot', output: { transactionId: 't1', totalCoin: 100, availableBalance: 0 } },
  { type: 'xstate.error.actor.buySlot', error: insufficient },
  { type: 'xstate.error.actor.buySlot', error: totalMismatch },
  { type: 'xstate.error.actor.buySlot', error: { message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.loadSlots', output: [takenSlot, freeSlot, extraSlot] },
  { type: 'xstate.done.actor.loadSlots', output: [takenSlot, extraSlot] },
  // Deleting the extra slot (after the view's confirmation).
  { type: 'placement.deleteSlot', slotId: extraSlot.slotId },
  { type: 'xstate.done.actor.deleteSlot' },
  { type: 'xstate.error.actor.deleteSlot', error: slotInUse },
  { type: 'xstate.done.actor.loadCreditBundles', output: [bundle] },
  { type: 'credits.bundleSelected', bundleId: bundle.id },
  { type: 'credits.checkout' },
  { type: 'credits.checkoutFinished' },
  { type: 'credits.checkoutClosed' },
  { type: 'xstate.done.actor.saveMetadata', output: published },
  { type: 'xstate.error.actor.saveMetadata', error: badFields },
  { type: 'xstate.done.actor.publish', output: { metadata: published, slot: freeSlot } },
  { type: 'xstate.error.actor.publish', error: slotTaken },
  { type: 'access.modeChanged', area: 'privacy', restricted: true },
  { type: 'access.membersChanged', area: 'privacy', members: [alice] },
  { type: 'access.modeChanged', area: 'communication', restricted: true },
  { type: 'access.membersChanged', area: 'communication', members: [alice] },
  { type: 'visibility.changed', publishedPublic: false },
];

/**
 * Keeps the model small: the slots after a purchase list the bought extra slot, the first load
 * never does; a slot is bought on the first visit of placement only, and once bought the wizard
 * is not followed further (the steps after it behave the same with any slot).
 */
function filterEvents(snapshot: PublishWizardSnapshot, event: AnyEventObject) {
  const { context } = snapshot;
  if (event.type === 'xstate.done.actor.loadSlots')
    return snapshot.matches({ placement: 'reloading' }) === (event.output as Slot[]).includes(extraSlot);
  if (event.type === 'placement.buySlot' && snapshot.matches('placement'))
    return (
      !context.confirmed.includes('placement') && (context.slotPurchase !== null || context.message === null)
    );
  if (context.slots.some((s) => s.slotId === extraSlot.slotId))
    return !['wizard.next', 'wizard.back', 'wizard.goTo'].includes(event.type);
  return true;
}

/**
 * A state of the model: what decides which events the wizard accepts and what it shows. The access
 * lists and the listing toggle stay out (each change is tried once, from the states reached), so
 * the model stays small; the replays check them on the real actor.
 */
function modelState(snapshot: PublishWizardSnapshot) {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    confirmed: [...context.confirmed].sort(),
    valid: Object.keys(validateSpaceInfo(context.spaceInfo)).length === 0,
    errorsShown: context.spaceInfoErrors !== null,
    checked: context.spaceInfoChecked,
    slotId: context.slotId,
    slots: context.slots.length,
    metadataSaved: context.metadataSaved,
    message: context.message,
    // The purchase without its key (a fresh uuid each run).
    purchase: context.slotPurchase && {
      missing: context.slotPurchase.missingCredits,
      bundles: context.slotPurchase.bundles.length,
      bundleId: context.slotPurchase.bundleId,
    },
    checkout: context.checkoutBundleId,
  });
}

function startWizard(tier: Tier) {
  const fakes = deferredActors();
  const announced: SceneMetadata[] = [];
  const actor = createActor(
    publishWizardMachine.provide({
      actors: {
        loadSlots: fakes.deferred('loadSlots'),
        buySlot: fakes.deferred('buySlot'),
        deleteSlot: fakes.deferred('deleteSlot'),
        loadCreditBundles: fakes.deferred('loadCreditBundles'),
        saveMetadata: fakes.deferred('saveMetadata'),
        publish: fakes.deferred('publish'),
      } as never,
    }),
    { input: { sceneId: 's1', metadata: draft, tier } },
  );
  actor.on('wizard.published', (event) => void announced.push(event.metadata));
  actor.start();
  const callsOf = (name: string) => fakes.calls.filter((c) => c.name === name);
  return { actor, announced, callsOf, answer: (event: AnyEventObject) => fakes.answer(actor, event) };
}

for (const tier of ['free', 'standard'] as const) {
  describe(`publishWizardMachine (model, ${tier} tier)`, () => {
    const model = createPathModel(publishWizardMachine, {
      input: { sceneId: 's1', metadata: draft, tier },
      events,
      filterEvents,
      serializeState: modelState,
    });
    const paths = getTransitionPaths(model);

    it('reaches every step and outcome, and tries every kind of event', () => {
      const steps = paths.flatMap((path) => path.steps);
      const states = new Set(steps.map((step) => JSON.stringify(step.state.value)));
      for (const state of [
        '"spaceInfo"',
        '{"placement":"loading"}',
        '{"placement":"choosing"}',
        '{"placement":"noSlot"}',
        '{"placement":"failed"}',
        '{"placement":"buying"}',
        '{"placement":"reloading"}',
        '{"placement":"needCredits"}',
        '{"placement":"deleting"}',
        '"privacy"',
        '"communication"',
        '{"publish":"review"}',
        '{"publish":"saving"}',
        '{"publish":"publishing"}',
        '{"publish":"failed"}',
        '"done"',
      ])
        expect(states).toContain(state);
      const types = new Set(steps.map((step) => step.event.type));
      for (const type of [
        'wizard.next',
        'wizard.back',
        'wizard.goTo',
        'spaceInfo.changed',
        'slot.selected',
        'slots.retry',
        'visibility.changed',
        'xstate.error.actor.loadSlots',
        'xstate.error.actor.saveMetadata',
        'xstate.error.actor.publish',
        'xstate.done.actor.publish',
        'placement.buySlot',
        'xstate.done.actor.buySlot',
        'xstate.error.actor.buySlot',
        'xstate.done.actor.loadCreditBundles',
        'credits.bundleSelected',
        'credits.checkout',
        'credits.checkoutFinished',
        'credits.checkoutClosed',
        'placement.deleteSlot',
        'xstate.done.actor.deleteSlot',
        'xstate.error.actor.deleteSlot',
      ])
        expect(types).toContain(type);
      // Next on placement with no slot chosen (two to choose from) is tried too.
      expect(
        steps.some(
          (step) =>
            step.event.type === 'wizard.next' &&
            step.state.matches('placement') &&
            text(step.state.context.message) === publishMessages.noSlotAssigned,
        ),
      ).toBe(true);
      // Choosing who may view or communicate is a Standard feature.
      expect(types.has('access.modeChanged')).toBe(tier === 'standard');
    });

    describePaths('replays', paths, (path) => async () => {
      const wizard = startWizard(tier);
      for (const step of replaySteps(path)) {
        const before = wizard.actor.getSnapshot();
        const calls = {
          loadSlots: wizard.callsOf('loadSlots').length,
          saveMetadata: wizard.callsOf('saveMetadata').length,
          publish: wizard.callsOf('publish').length,
          buySlot: wizard.callsOf('buySlot').length,
          loadCreditBundles: wizard.callsOf('loadCreditBundles').length,
          deleteSlot: wizard.callsOf('deleteSlot').length,
        };
        wizard.answer(step.event);
        await flush();
        const after = wizard.actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        expect(modelState(after)).toBe(modelState(step.state as PublishWizardSnapshot));
        expectWhatTheUserSees(tier, wizard, step.event, before, after, calls);
      }
      wizard.actor.stop();
    });
  });
}

function expectWhatTheUserSees(
  tier: Tier,
  wizard: ReturnType<typeof startWizard>,
  event: AnyEventObject,
  before: PublishWizardSnapshot,
  after: PublishWizardSnapshot,
  calls: Record<
    'loadSlots' | 'saveMetadata' | 'publish' | 'buySlot' | 'loadCreditBundles' | 'deleteSlot',
    number
  >,
) {
  const { context } = after;
  const stepBefore = selectStep(before);
  const stepAfter = selectStep(after);
  const message = text(context.message);

  // A step opens only when the ones before it are complete; the publish step needs all four.
  if (stepAfter !== stepBefore) expect(canOpenStep(context, stepAfter)).toBe(true);
  if (after.matches('publish')) expect(canOpenStep(context, 'publish')).toBe(true);

  // Next and Back go in order.
  if (event.type === 'wizard.back' && stepBefore !== stepAfter) {
    const order = ['spaceInfo', 'placement', 'privacy', 'communication', 'publish'];
    expect(order.indexOf(stepAfter)).toBe(order.indexOf(stepBefore) - 1);
  }

  // Space info: the tag count's problem shows as the tags change, before any Next too; the other
  // fields' problems wait for Next.
  if (event.type === 'spaceInfo.changed' && 'tags' in (event.fields as object)) {
    expect(context.spaceInfoErrors?.tags).toEqual(validateSpaceInfo(context.spaceInfo).tags);
    if (context.spaceInfo.tags.length < 3)
      expect(text(context.spaceInfoErrors?.tags ?? null)).toBe('It should contain at least 3 tags');
  }
  if (!context.spaceInfoChecked)
    expect(Object.keys(context.spaceInfoErrors ?? {}).filter((field) => field !== 'tags')).toEqual([]);

  // Space info: Next with too few tags stays and says why.
  if (event.type === 'wizard.next' && stepBefore === 'spaceInfo') {
    if (context.spaceInfo.tags.length < 3) {
      expect(stepAfter).toBe('spaceInfo');
      expect(text(context.spaceInfoErrors?.tags ?? null)).toBe('It should contain at least 3 tags');
    } else expect(stepAfter).toBe('placement');
  }

  // Entering placement loads the slots, and so does a bought slot.
  const loading = after.matches({ placement: 'loading' }) || after.matches({ placement: 'reloading' });
  const wasLoading = before.matches({ placement: 'loading' }) || before.matches({ placement: 'reloading' });
  expect(wizard.callsOf('loadSlots').length).toBe(calls.loadSlots + (loading && !wasLoading ? 1 : 0));
  if (after.matches({ placement: 'noSlot' })) {
    expect(i18n.t('publish.errors.noSlot')).toBe(publishMessages.noSlotAvailable);
    expect(context.slotId).toBeNull();
  }
  if (after.matches({ placement: 'failed' })) expect(message).toBe(i18n.t('publish.errors.slotsFailed'));

  // Next on placement without a slot: 'Please assign your space to a slot to proceed.'
  if (event.type === 'wizard.next' && stepBefore === 'placement') {
    if (before.context.slotId === null) {
      expect(stepAfter).toBe('placement');
      expect(message).toBe(publishMessages.noSlotAssigned);
    } else expect(stepAfter).toBe('privacy');
  }
  // Only an empty, active slot can be picked.
  if (event.type === 'slot.selected') expect(context.slotId).toBe(freeSlot.slotId);
  // The only slot the space can go to is chosen for the user; with several, none is until the
  // user picks one (or buys one).
  if (event.type === 'xstate.done.actor.loadSlots') {
    const usable = (event.output as Slot[]).filter((s) => s.active && s.sceneId === null);
    if (usable.length === 1) expect(context.slotId).toBe(usable[0].slotId);
    if (usable.length > 1 && !before.matches({ placement: 'reloading' })) {
      const kept = usable.some((s) => s.slotId === before.context.slotId);
      expect(context.slotId).toBe(kept ? before.context.slotId : null);
    }
  }

  expectSlotPurchase(wizard, event, before, after, calls);
  expectSlotDeletion(wizard, event, before, after, calls);

  // Privacy and communication: Standard only; on free they stay 'Everyone'.
  if (tier === 'free') {
    expect(context.access.privacy.restricted).toBe(false);
    expect(context.access.communication.restricted).toBe(false);
    if (after.matches('privacy') || after.matches('communication')) {
      expect(after.can({ type: 'access.modeChanged', area: stepAfter as 'privacy', restricted: true })).toBe(
        false,
      );
    }
  }
  if (event.type === 'access.modeChanged')
    expect(context.access[event.area as 'privacy'].restricted).toBe(true);
  if (event.type === 'access.membersChanged')
    expect(context.access[event.area as 'privacy'].members).toEqual([alice]);

  // Publishing: the metadata is stored first (with the space-info fields), then published.
  if (wizard.callsOf('saveMetadata').length > calls.saveMetadata) {
    const input = wizard.callsOf('saveMetadata').at(-1)!.input as SaveMetadataInput;
    expect(input).toEqual({
      sceneId: 's1',
      fields: {
        title: 'Harbour lights',
        description: 'A night walk',
        tags: threeTags,
        comments: true,
        adultContent: false,
        photoGallery: [],
      },
      files: {},
    });
    expect(after.hasTag('publishing')).toBe(true);
  }
  if (wizard.callsOf('publish').length > calls.publish) {
    const input = wizard.callsOf('publish').at(-1)!.input as PublishInput;
    expect(input.sceneId).toBe('s1');
    expect(input.form).toMatchObject({ slotId: freeSlot.slotId, publishedPublic: context.publishedPublic });
    // The access lists go only with the Standard tier (the server refuses them otherwise).
    expect('privacyACLEnabled' in input.form).toBe(tier === 'standard');
    // A retry after a failed publish does not store the fields again.
    if (before.matches({ publish: 'failed' }))
      expect(wizard.callsOf('saveMetadata').length).toBe(calls.saveMetadata);
  }
  // A failure shows the server's message and stays on the publish step, where Next tries again.
  if (after.matches({ publish: 'failed' })) {
    expect(message).toBe(
      event.type === 'xstate.error.actor.publish' ? publishMessages.slotTaken : badFields.message,
    );
    expect(after.can({ type: 'wizard.next' })).toBe(true);
  }
  // Success: done, with the new metadata announced once.
  if (after.matches('done')) {
    expect(after.status).toBe('done');
    expect(after.output).toEqual(published);
    expect(wizard.announced).toEqual([published]);
  } else expect(wizard.announced).toEqual([]);
}

/** Buying an extra slot (platform.md §2.5): one POST per attempt, the key kept for its retries. */
function expectSlotPurchase(
  wizard: ReturnType<typeof startWizard>,
  event: AnyEventObject,
  before: PublishWizardSnapshot,
  after: PublishWizardSnapshot,
  calls: Record<'buySlot' | 'loadCreditBundles', number>,
) {
  const { context } = after;
  const buys = wizard.callsOf('buySlot');
  const started = buys.length > calls.buySlot;
  // Pressing the button (or a paid checkout) sends one purchase, and nothing else does.
  expect(buys.length).toBe(
    calls.buySlot +
      (after.matches({ placement: 'buying' }) && !before.matches({ placement: 'buying' }) ? 1 : 0),
  );
  if (started) {
    expect(['placement.buySlot', 'credits.checkoutFinished']).toContain(event.type);
    const key = (buys.at(-1)!.input as BuySlotInput).idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const earlier = buys.slice(0, -1).map((c) => (c.input as BuySlotInput).idempotencyKey);
    // A retry (after a paid checkout, or after a failure without an answer) sends the same key;
    // a new purchase a fresh one.
    if (before.context.slotPurchase) expect(key).toBe(before.context.slotPurchase.idempotencyKey);
    else expect(earlier).not.toContain(key);
  }
  // The step cannot be left while the slot is being bought.
  if (after.hasTag('buyingSlot')) {
    expect(after.can({ type: 'wizard.back' })).toBe(false);
    expect(after.can({ type: 'placement.buySlot' })).toBe(false);
  }
  // Bought: the slots load again and the new extra slot is selected.
  if (event.type === 'xstate.done.actor.loadSlots' && before.matches({ placement: 'reloading' })) {
    expect(after.matches({ placement: 'choosing' })).toBe(true);
    expect(context.slotId).toBe(extraSlot.slotId);
    expect(context.slotPurchase).toBeNull();
  }
  // Not enough credits: the message, and the bundles covering the 60 missing credits.
  if (after.matches({ placement: 'needCredits' })) {
    expect(context.slotPurchase?.missingCredits).toBe(60);
    expect(i18n.t('errors.insufficientCredits')).toBe(marketplaceMessages.insufficientCredits);
    expect(wizard.callsOf('loadCreditBundles').length).toBe(
      calls.loadCreditBundles + (before.matches({ placement: 'needCredits' }) ? 0 : 1),
    );
  }
  if (event.type === 'credits.checkout') expect(context.checkoutBundleId).toBe(bundle.id);
  if (event.type === 'credits.checkoutClosed') expect(context.checkoutBundleId).toBeNull();
  // Another failure: the server's message (or a general one), and the button works again.
  if (event.type === 'xstate.error.actor.buySlot' && !after.matches({ placement: 'needCredits' })) {
    const error = event.error as { status?: number; message: string };
    expect(text(context.message)).toBe(error.status ? error.message : i18n.t('publish.errors.buySlotFailed'));
    expect(after.can({ type: 'placement.buySlot' })).toBe(true);
    // Refused for good: the next press is a new purchase; no answer: it retries this one.
    expect(context.slotPurchase === null).toBe(error.status !== undefined);
  }
}

/** Deleting an empty extra slot (platform.md §2.5): one DELETE, then the slots load again. */
function expectSlotDeletion(
  wizard: ReturnType<typeof startWizard>,
  event: AnyEventObject,
  before: PublishWizardSnapshot,
  after: PublishWizardSnapshot,
  calls: Record<'deleteSlot', number>,
) {
  const { context } = after;
  const deletes = wizard.callsOf('deleteSlot');
  const deleting = after.matches({ placement: 'deleting' });
  expect(deletes.length).toBe(
    calls.deleteSlot + (deleting && !before.matches({ placement: 'deleting' }) ? 1 : 0),
  );
  // Confirmed on a listed, empty extra slot while nothing else is under way: it is deleted.
  if (event.type === 'placement.deleteSlot') {
    const listed = before.context.slots.some((s) => s.slotId === extraSlot.slotId);
    const idle = before.matches({ placement: 'choosing' }) || before.matches({ placement: 'noSlot' });
    expect(deleting).toBe(listed && idle);
    if (deleting) expect(deletes.at(-1)!.input).toEqual({ slotId: extraSlot.slotId });
  }
  if (deleting) {
    expect(context.deletingSlotId).toBe(extraSlot.slotId);
    expect(after.hasTag('deletingSlot')).toBe(true);
    expect(after.can({ type: 'wizard.back' })).toBe(false);
    expect(after.can({ type: 'placement.buySlot' })).toBe(false);
  } else expect(context.deletingSlotId).toBeNull();
  // Deleted: the slots load again; a selected slot that is gone is not selected any more.
  if (event.type === 'xstate.done.actor.deleteSlot')
    expect(after.matches({ placement: 'loading' })).toBe(true);
  if (!context.slots.some((s) => s.slotId === context.slotId)) expect(context.slotId).toBeNull();
  // Refused: the server's message, the slots as they were, and the button works again.
  if (event.type === 'xstate.error.actor.deleteSlot') {
    expect(text(context.message)).toBe(publishMessages.slotInUse);
    expect(context.slots).toEqual(before.context.slots);
    expect(after.can({ type: 'placement.deleteSlot', slotId: extraSlot.slotId })).toBe(true);
  }
}

describe('publishWizardMachine', () => {
  it('starts from the space as it is: title, tags, comments on, adult content off, listed', () => {
    const wizard = startWizard('standard');
    const { context } = wizard.actor.getSnapshot();
    expect(context.spaceInfo).toMatchObject({
      title: 'Harbour lights',
      tags: ['harbour', 'night'],
      comments: true,
      adultContent: false,
      coverPhotoUri: draft.coverPhotoUri,
    });
    expect(context.publishedPublic).toBe(true);
    expect(selectStep(wizard.actor.getSnapshot())).toBe('spaceInfo');
  });

  it('asks for a title and a cover photo, and counts an automatic title as none', () => {
    const actor = createActor(publishWizardMachine, {
      input: {
        sceneId: 's1',
        metadata: {
          ...draft,
          title: 'Untitled space 2026-11-23 14:05',
          coverPhotoUri: null,
          tags: threeTags,
        },
        tier: 'free',
      },
    }).start();
    actor.send({ type: 'wizard.next' });
    const errors = actor.getSnapshot().context.spaceInfoErrors!;
    expect(text(errors.title!)).toBe('This field is required');
    expect(text(errors.coverPhoto!)).toBe('Required');
    actor.send({ type: 'spaceInfo.changed', fields: { title: 'x'.repeat(101) } });
    expect(text(actor.getSnapshot().context.spaceInfoErrors!.title!)).toBe(
      'It should contain no more than 100 characters',
    );
    actor.send({
      type: 'spaceInfo.changed',
      fields: { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    });
    expect(text(actor.getSnapshot().context.spaceInfoErrors!.tags!)).toBe(
      'It should contain no more than 10 tags',
    );
    expect(actor.getSnapshot().matches('spaceInfo')).toBe(true);
    actor.stop();
  });

  it('sends the new cover photo and gallery pictures, and the chosen users with the publish', async () => {
    const wizard = startWizard('standard');
    const cover = new Blob(['jpeg'], { type: 'image/jpeg' });
    const picture = new Blob(['png'], { type: 'image/png' });
    const { actor } = wizard;
    actor.send({
      type: 'spaceInfo.changed',
      fields: { tags: threeTags, coverPhotoFile: cover, photoGalleryFiles: [picture] },
    });
    actor.send({ type: 'wizard.next' });
    wizard.answer({ type: 'xstate.done.actor.loadSlots', output: [freeSlot] });
    await flush();
    actor.send({ type: 'slot.selected', slotId: freeSlot.slotId });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'access.modeChanged', area: 'privacy', restricted: true });
    actor.send({
      type: 'access.membersChanged',
      area: 'privacy',
      members: [alice, { groupId: 'g1', name: 'Crew' }],
    });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'visibility.changed', publishedPublic: false });
    actor.send({ type: 'wizard.next' });
    expect((wizard.callsOf('saveMetadata')[0].input as SaveMetadataInput).files).toEqual({
      coverPhoto: cover,
      photoGallery: [picture],
    });
    wizard.answer({ type: 'xstate.done.actor.saveMetadata', output: published });
    await flush();
    expect((wizard.callsOf('publish')[0].input as PublishInput).form).toEqual({
      slotId: freeSlot.slotId,
      publishedPublic: false,
      privacyACLEnabled: true,
      userPrivacyACL: ['u2'],
      groupPrivacyACL: ['g1'],
      communicationACLEnabled: false,
      userCommunicationACL: [],
      groupCommunicationACL: [],
    });
    actor.stop();
  });

  it('shows the tag count as the tags are typed, and the other problems only from Next on', () => {
    const actor = createActor(publishWizardMachine, {
      input: { sceneId: 's1', metadata: { ...draft, tags: [] }, tier: 'free' },
    }).start();
    expect(actor.getSnapshot().context.spaceInfoErrors).toBeNull();
    actor.send({ type: 'spaceInfo.changed', fields: { title: '' } });
    expect(actor.getSnapshot().context.spaceInfoErrors).toBeNull();
    actor.send({ type: 'spaceInfo.changed', fields: { tags: ['harbour'] } });
    expect(actor.getSnapshot().context.spaceInfoErrors).toEqual({
      tags: { key: 'validation.minTags', values: { count: 3 } },
    });
    // Another field's change keeps the count shown, and still hides its own problem.
    actor.send({ type: 'spaceInfo.changed', fields: { description: 'Lights' } });
    expect(text(actor.getSnapshot().context.spaceInfoErrors!.tags!)).toBe(
      'It should contain at least 3 tags',
    );
    expect(actor.getSnapshot().context.spaceInfoErrors!.title).toBeUndefined();
    actor.send({ type: 'spaceInfo.changed', fields: { tags: threeTags } });
    expect(actor.getSnapshot().context.spaceInfoErrors).toBeNull();
    actor.send({ type: 'spaceInfo.changed', fields: { tags: ['harbour', 'night'] } });
    expect(text(actor.getSnapshot().context.spaceInfoErrors!.tags!)).toBe(
      'It should contain at least 3 tags',
    );
    actor.send({ type: 'wizard.next' });
    expect(text(actor.getSnapshot().context.spaceInfoErrors!.title!)).toBe('This field is required');
    actor.stop();
  });

  it('chooses the only slot the space can go to, and leaves a choice of several to the user', async () => {
    const one = startWizard('free');
    one.actor.send({ type: 'spaceInfo.changed', fields: { tags: threeTags } });
    one.actor.send({ type: 'wizard.next' });
    one.answer({ type: 'xstate.done.actor.loadSlots', output: [takenSlot, freeSlot] });
    await flush();
    expect(one.actor.getSnapshot().context.slotId).toBe(freeSlot.slotId);
    one.actor.send({ type: 'wizard.next' });
    expect(selectStep(one.actor.getSnapshot())).toBe('privacy');
    one.actor.stop();

    const two = startWizard('free');
    two.actor.send({ type: 'spaceInfo.changed', fields: { tags: threeTags } });
    two.actor.send({ type: 'wizard.next' });
    two.answer({ type: 'xstate.done.actor.loadSlots', output: [freeSlot, otherFreeSlot] });
    await flush();
    expect(two.actor.getSnapshot().context.slotId).toBeNull();
    two.actor.send({ type: 'wizard.next' });
    expect(text(two.actor.getSnapshot().context.message)).toBe(publishMessages.noSlotAssigned);
    two.actor.stop();
  });

  it('keeps the slot a published space already holds', async () => {
    const wizard = startWizard('free');
    wizard.actor.send({ type: 'spaceInfo.changed', fields: { tags: threeTags } });
    wizard.actor.send({ type: 'wizard.next' });
    wizard.answer({ type: 'xstate.done.actor.loadSlots', output: [slot('mine', 's1'), freeSlot] });
    await flush();
    expect(wizard.actor.getSnapshot().context.slotId).toBe('mine');
    wizard.actor.send({ type: 'wizard.next' });
    expect(selectStep(wizard.actor.getSnapshot())).toBe('privacy');
    wizard.actor.stop();
  });

  it('cancels loading the slots when the user goes back', () => {
    let signal: AbortSignal | undefined;
    const actor = createActor(
      publishWizardMachine.provide({
        actors: {
          loadSlots: fromPromise<Slot[]>(({ signal: s }) => {
            signal = s;
            return new Promise(() => {});
          }),
        },
      }),
      { input: { sceneId: 's1', metadata: { ...draft, tags: threeTags }, tier: 'free' } },
    ).start();
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    actor.send({ type: 'wizard.back' });
    expect(signal?.aborted).toBe(true);
    expect(selectStep(actor.getSnapshot())).toBe('spaceInfo');
    actor.stop();
  });

  it('shows members saved by id under their names once looked up; an unknown one keeps its id', async () => {
    let asked: { userIds: string[]; groupIds: string[] } | undefined;
    let answer: (names: Record<string, string>) => void = () => undefined;
    const actor = createActor(
      publishWizardMachine.provide({
        actors: {
          resolveMembers: fromPromise<Record<string, string>, { userIds: string[]; groupIds: string[] }>(
            ({ input }) => {
              asked = input;
              return new Promise((resolve) => (answer = resolve));
            },
          ),
        },
      }),
      {
        input: {
          sceneId: 's1',
          metadata: {
            ...published,
            privacyACLEnabled: true,
            userPrivacyACL: ['u9', 'u8'],
            groupPrivacyACL: ['g1', 'g2'],
            communicationACLEnabled: true,
            userCommunicationACL: ['u9'],
          },
          tier: 'standard',
        },
      },
    ).start();
    expect(asked).toEqual({ userIds: ['u9', 'u8'], groupIds: ['g1', 'g2'] });
    answer({ u9: 'Zoe', g1: 'Board' });
    await flush();
    const { access } = actor.getSnapshot().context;
    expect(access.privacy.members.map((m) => m.name)).toEqual(['Zoe', 'u8', 'Board', 'g2']);
    expect(access.communication.members).toEqual([{ userId: 'u9', name: 'Zoe' }]);
    expect(access.privacy.restricted).toBe(true);
    actor.stop();
  });

  it('keeps the ids when the names cannot be looked up, and looks nothing up on the free tier', async () => {
    let calls = 0;
    const failing = publishWizardMachine.provide({
      actors: {
        resolveMembers: fromPromise<Record<string, string>, { userIds: string[]; groupIds: string[] }>(
          async ({ input }) => {
            calls += input.userIds.length;
            throw new Error('offline');
          },
        ),
      },
    });
    const metadata = { ...published, privacyACLEnabled: true, userPrivacyACL: ['u9'] };
    const standard = createActor(failing, { input: { sceneId: 's1', metadata, tier: 'standard' } }).start();
    await flush();
    expect(standard.getSnapshot().context.access.privacy.members).toEqual([{ userId: 'u9', name: 'u9' }]);
    expect(standard.getSnapshot().status).toBe('active');
    expect(calls).toBe(1);
    const free = createActor(failing, { input: { sceneId: 's1', metadata, tier: 'free' } }).start();
    await flush();
    expect(calls).toBe(1);
    standard.stop();
    free.stop();
  });
});
