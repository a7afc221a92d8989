import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { type District, districtMessages } from '../../contracts/districts';
import type { OneTimeProduct, SubscriptionProduct } from '../../contracts/marketplace';
import {
  type CartLine,
  cartOf,
  coveringBundles,
  creditsCharged,
  euros,
  generalErrors,
  missingCredits,
  moneyTotal,
  subdomainCheckable,
  type WizardCatalogue,
} from '../../src/machines/districtWizard/rules';
import {
  type DistrictWizardEvent,
  type DistrictWizardInput,
  districtWizardMachine,
  type DistrictWizardSnapshot,
  type WizardLoad,
  wizardStepOf,
  wizardTiming,
} from '../../src/machines/districtWizardMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const debounce = { type: 'xstate.after.subdomainDebounce.districtWizard.general.waiting' };
const planWait = { type: 'xstate.after.planWait.districtWizard.awaitingPlan' };

const catalogue: WizardCatalogue = {
  slot: { districtItemId: 'item-slot', priceCoin: 100 },
  templates: [
    { spaceTemplateId: 'gallery', districtItemId: 'item-gallery', priceCoin: 150 },
    { spaceTemplateId: 'studio', districtItemId: 'item-studio', priceCoin: 300 },
  ],
};
const eur = { currency: 'eur', iconId: 1 } as const;
const credits500: OneTimeProduct = { id: 'credits_500', coinAmount: 500, priceAmount: 499, ...eur };
const bundles: OneTimeProduct[] = [
  { id: 'credits_1000', coinAmount: 1000, priceAmount: 899, ...eur },
  { id: 'credits_100', coinAmount: 100, priceAmount: 129, ...eur },
  credits500,
];
const plans: SubscriptionProduct[] = (
  [
    ['price_standard_monthly', 'standard', 'monthly', 999],
    ['price_pro_monthly', 'pro', 'monthly', 2499],
    ['price_pro_yearly', 'pro', 'yearly', 23988],
  ] as const
).map(([id, subscriptionIdentifier, interval, priceAmount]) => {
  return { id, subscriptionIdentifier, interval, priceAmount, currency: 'eur', descriptionPoints: [] };
});
/** The wallet holds 200 credits: a slot (100) is paid with them, the studio (300) is not. */
const loaded = (editing: boolean): WizardLoad => {
  const owned = editing ? { purchased: ['gallery'], existingSlots: 4 } : { purchased: [], existingSlots: 0 };
  return { catalogue, balance: 200, bundles, plans, ...owned };
};
/** The district made (its fields in groups, to keep the file short). */
const made: District = {
  ...{ districtId: 'd9', title: 'Harbour', subdomain: 'harbour', public: true, visible: true },
  ...{ photo: null, coverPhoto: null, subtitle: '', description: '', socialMedia: [], styles: '' },
  ...{ freeSpaceTemplateId: 'gallery', numOfMembers: 1, numOfSpaces: 0, numOfFollowers: 0 },
  ...{ createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' },
  owner: { userId: 'ada', name: 'Ada', profilePicture: null },
  districtUserRole: 'Owner',
  following: false,
};
const lost = { message: 'Failed to fetch' };
const taken = { status: 409, code: 'CONFLICT', message: districtMessages.taken };
const short = {
  status: 422,
  code: 'BUSINESS_RULE',
  message: 'Insufficient credits',
  details: { required: 400 },
};

const createInput: DistrictWizardInput = { tier: 'standard', idempotencyKey: 'key-1' };
const harbour = { districtId: 'd1', title: 'Harbour', subdomain: 'harbour', public: true };
const editInput: DistrictWizardInput = { district: harbour, tier: 'pro', idempotencyKey: 'key-2' };

const events = (snapshot: Snap): AnyEventObject[] => [
  { type: 'xstate.done.actor.load', output: loaded(snapshot.context.mode === 'edit') },
  { type: 'xstate.error.actor.load', error: lost },
  { type: 'general.changed', values: { title: 'Harbour' } },
  { type: 'general.changed', values: { subdomain: 'harbour' } },
  { type: 'general.changed', values: { subdomain: 'www' } },
  debounce,
  { type: 'xstate.done.actor.checkSubdomain', output: 'free' },
  { type: 'xstate.done.actor.checkSubdomain', output: 'taken' },
  { type: 'xstate.error.actor.checkSubdomain', error: lost },
  { type: 'premade.toggle', spaceTemplateId: 'gallery' },
  { type: 'premade.toggle', spaceTemplateId: 'studio' },
  { type: 'bundle.choose', productId: credits500.id },
  { type: 'bundle.choose', productId: null },
  { type: 'plan.interval', interval: 'monthly' },
  { type: 'checkout.finished', balance: 700, plan: 'pro' },
  { type: 'session.tier', tier: 'pro' },
  planWait,
  { type: 'xstate.done.actor.createDistrict', output: made },
  { type: 'xstate.error.actor.createDistrict', error: taken },
  { type: 'xstate.error.actor.createDistrict', error: lost },
  { type: 'xstate.done.actor.payCart', output: { availableBalance: 300 } },
  { type: 'xstate.error.actor.payCart', error: short },
  { type: 'xstate.error.actor.payCart', error: lost },
  // The buttons: retry, Next, Back, the slots' + and -, Pro's checkbox and its question, submit.
  ...['wizard.retry', 'wizard.next', 'wizard.back', 'slots.add', 'slots.remove', 'plan.toggle']
    .concat(['plan.keep', 'plan.drop', 'wizard.submit', 'checkout.closed'])
    .map((type) => ({ type })),
];

/** The overview as it opens: nothing chosen there yet. */
const untouchedOverview = ({ context }: Snap) =>
  context.bundleId === null &&
  !context.confirmingNoPro &&
  context.proChosen === (context.tier !== 'pro') &&
  context.interval === 'yearly' &&
  context.message === null;

/**
 * Keeps the model small. Each step's choices are tried from the steps before as they open, not
 * again for every choice made later: going back is tried from an untouched step only. Pro and its
 * billing period are tried with the smallest cart; a bundle is chosen when credits are missing (the
 * only time the overview offers one). After a refusal the user submits again (or chooses a bundle).
 */
function filterEvents(snapshot: DistrictWizardSnapshot, event: AnyEventObject) {
  const { context } = snapshot;
  const cart = creditsCharged(cartOf(context));
  const smallestCart = context.newSlots === 0 && context.picks.length === 0;
  // After a refused Next, the fixed general step is followed to the slots only (the same beyond).
  if (!snapshot.matches('general') && context.showGeneralErrors) return false;
  switch (event.type) {
    case 'session.tier':
      return snapshot.matches('awaitingPlan');
    case 'general.changed': {
      const values = event.values as Record<string, string>;
      return Object.entries(values).some(([k, v]) => context.general[k as 'title'] !== v);
    }
    case 'slots.add':
      return context.newSlots === 0;
    case 'premade.toggle':
      // The free pick, then the studio bought beside it.
      return event.spaceTemplateId === 'gallery'
        ? context.picks.length === 0
        : context.mode === 'edit' || context.freeTemplateId !== null;
    case 'bundle.choose':
      return event.productId === null
        ? context.bundleId !== null
        : context.bundleId === null && missingCredits(cart, context.balance) > 0;
    case 'plan.toggle':
    case 'plan.interval':
      return smallestCart && context.message === null && context.interval === 'yearly';
    case 'plan.keep':
    case 'plan.drop':
      return context.confirmingNoPro;
    case 'wizard.back':
      if (snapshot.matches('overview')) return untouchedOverview(snapshot);
      if (snapshot.matches('premadeSpaces'))
        return context.picks.length === 0 && context.freeTemplateId === null;
      if (snapshot.matches('spaceSlots')) return context.newSlots === 0;
      return true;
  }
  if (snapshot.matches('overview') && context.message !== null) return event.type === 'wizard.submit';
  return true;
}

const callNames = ['load', 'checkSubdomain', 'createDistrict', 'payCart'] as const;

function startWizard(input: DistrictWizardInput) {
  const fakes = deferredActors();
  const renewSession = vi.fn();
  const actor = createActor(
    districtWizardMachine.provide({
      actors: Object.fromEntries(callNames.map((name) => [name, fakes.deferred(name)])) as never,
      actions: { renewSession },
    }),
    { input },
  ).start();
  const callsOf = (name: string) => fakes.calls.filter((c) => c.name === name);
  const answer = (event: AnyEventObject) => fakes.answer(actor, event);
  const send = (...sent: DistrictWizardEvent[]) => sent.forEach((event) => actor.send(event));
  return { actor, fakes, renewSession, callsOf, answer, send };
}
type Wizard = ReturnType<typeof startWizard>;
type Snap = DistrictWizardSnapshot;
const valueName = (s: Snap) => (typeof s.value === 'string' ? s.value : `general.${s.value.general}`);
type WizardState = Parameters<DistrictWizardSnapshot['matches']>[0];
type Calls = Record<(typeof callNames)[number], number>;

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);

/** The cart as the spec prices it: new slots at 100, the studio at 300, the gallery at 150. */
function expectedCart(newSlots: number, picks: string[]): CartLine[] {
  const prices: Record<string, number> = { gallery: 150, studio: 300 };
  return [
    ...(newSlots > 0 ? [{ districtItemId: 'item-slot', priceCoin: 100, quantity: newSlots }] : []),
    ...picks.map((id) => ({ districtItemId: `item-${id}`, priceCoin: prices[id], quantity: 1 })),
  ];
}
const without = (list: string[], id: string) => list.filter((item) => item !== id);
const totalOf = (cart: CartLine[]) => cart.reduce((sum, line) => sum + line.priceCoin * line.quantity, 0);

/** The general step's messages as the user reads them for the values the model types. */
function expectedErrors(general: { title: string; subdomain: string }, status: string) {
  const errors: Record<string, string> = {};
  if (general.title === '') errors.title = 'This field is required';
  if (general.subdomain === '') errors.subdomain = 'This field is required';
  else if (general.subdomain === 'www') errors.subdomain = 'Subdomain cannot be "www"';
  else if (status === 'taken') errors.subdomain = "This district's title is already taken";
  return errors;
}

type Path = ReturnType<typeof getTransitionPaths<typeof districtWizardMachine>>[number];

/** Replays a path against the wizard with fake actors, checking what the user sees at each step. */
async function replay(input: DistrictWizardInput, path: Path) {
  const wizard = startWizard(input);
  for (const step of replaySteps(path)) {
    const before = wizard.actor.getSnapshot();
    const calls = Object.fromEntries(callNames.map((n) => [n, wizard.callsOf(n).length])) as Calls;
    const renewals = wizard.renewSession.mock.calls.length;
    const timer = {
      [debounce.type]: wizardTiming.subdomainDebounceMs,
      [planWait.type]: wizardTiming.planWaitMs,
    }[step.event.type];
    if (timer) {
      // The timers are real: a moment before, nothing happens.
      await vi.advanceTimersByTimeAsync(timer - 1);
      expect(wizard.actor.getSnapshot().value).toEqual(before.value);
      await vi.advanceTimersByTimeAsync(1);
    } else {
      wizard.answer(step.event);
      await flush();
    }
    const after = wizard.actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    expect(after.context).toEqual(step.state.context);
    // Waiting for the plan asks the session to renew itself, once.
    const renewed = after.matches('awaitingPlan') && !before.matches('awaitingPlan');
    expect(wizard.renewSession).toHaveBeenCalledTimes(renewals + (renewed ? 1 : 0));
    expectShown(after);
    expectCalls(wizard, input, before, after, calls);
    expectGeneral(step.event, before, after);
    expectSteps(step.event, before, after);
    expectSubmit(step.event, before, after);
  }
  wizard.actor.stop();
}

describe.each([
  ['creating a district below Pro', createInput],
  ['upgrading a district', editInput],
] as const)('districtWizardMachine %s (model)', (_, input) => {
  const model = createPathModel(districtWizardMachine, { events, input, filterEvents });
  const paths = getTransitionPaths(model);
  const editing = input.district !== undefined;

  it('reaches every step and outcome', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => valueName(s.state))));
    const all = 'loading loadFailed spaceSlots premadeSpaces overview checkout payingCart done';
    const creating = ' general.idle general.waiting general.checking awaitingPlan creating';
    expect([...reached].sort()).toEqual((all + (editing ? '' : creating)).split(' ').sort());
  });

  describePaths('replays', paths, (path) => () => replay(input, path));
});

/** What the wizard shows in any state: its step, its tags, and the general step's messages. */
function expectShown(after: Snap) {
  const { context } = after;
  const value = typeof after.value === 'string' ? after.value : 'general';
  const steps = ['loading', 'loadFailed', 'done', 'general', 'spaceSlots', 'premadeSpaces'];
  expect(wizardStepOf(after)).toBe(steps.includes(value) ? value : 'overview');
  expect(after.hasTag('loading')).toBe(after.matches('loading'));
  expect(after.hasTag('checking')).toBe(after.matches({ general: 'checking' }));
  const busy = ['awaitingPlan', 'creating', 'payingCart'] as const;
  expect(after.hasTag('busy')).toBe(busy.some((s) => after.matches(s)));
  // 'Checking…' is shown only while the subdomain is being checked.
  expect(context.subdomainStatus === 'checking').toBe(after.hasTag('checking'));
  expect(generalErrors(context.general, context.subdomainStatus)).toEqual(
    expectedErrors(context.general, context.subdomainStatus),
  );
  // Past the general step the district's name and address are valid and free.
  if (!['loading', 'loadFailed', 'general'].includes(value)) {
    expect(context.general).toEqual({ title: 'Harbour', subdomain: 'harbour', isPublic: true });
    expect(context.subdomainStatus).toBe('free');
  }
  if (after.matches('done')) {
    expect(after.status).toBe('done');
    expect(after.output).toEqual(context.district);
  }
}

/** The calls each state makes on entry, with what the user chose, and no others. */
function expectCalls(wizard: Wizard, input: DistrictWizardInput, before: Snap, after: Snap, calls: Calls) {
  const { context } = after;
  const entered = (state: WizardState) => after.matches(state) && !before.matches(state);
  const started = (state: WizardState) => (entered(state) ? 1 : 0);
  expect(wizard.callsOf('load')).toHaveLength(calls.load + started('loading'));
  if (entered('loading'))
    expect(wizard.fakes.latest('load').input).toEqual({ districtId: input.district?.districtId ?? null });
  expect(wizard.callsOf('checkSubdomain')).toHaveLength(
    calls.checkSubdomain + started({ general: 'checking' }),
  );
  if (entered({ general: 'checking' }))
    expect(wizard.fakes.latest('checkSubdomain').input).toEqual({ subdomain: 'harbour' });
  expect(wizard.callsOf('createDistrict')).toHaveLength(calls.createDistrict + started('creating'));
  if (entered('creating'))
    expect(wizard.fakes.latest('createDistrict').input).toEqual({
      general: { title: 'Harbour', subdomain: 'harbour', isPublic: true },
      freeTemplateId: 'gallery',
      idempotencyKey: 'key-1',
    });
  expect(wizard.callsOf('payCart')).toHaveLength(calls.payCart + started('payingCart'));
  if (entered('payingCart')) {
    // The cart goes to the district made (or upgraded), with the key of this wizard.
    const cart = expectedCart(context.newSlots, context.picks);
    expect(totalOf(cart)).toBeGreaterThan(0);
    expect(wizard.fakes.latest('payCart').input).toEqual({
      districtId: input.district ? 'd1' : 'd9',
      cart,
      idempotencyKey: `${input.idempotencyKey}:cart`,
    });
  }
}

/** The general step: typing, the availability check, and Next. */
function expectGeneral(event: AnyEventObject, before: Snap, after: Snap) {
  const { context } = after;
  if (event.type === 'general.changed') {
    const values = event.values as object;
    expect(context.general).toEqual({ ...before.context.general, ...values });
    // Typing cuts a running check short: it runs again.
    const retyped =
      context.general.subdomain !== before.context.general.subdomain ||
      before.context.subdomainStatus === 'checking';
    if (retyped) {
      expect(context.subdomainStatus).toBe('unchecked');
      // Only a subdomain that passes the rules waits to be checked; 'www' is never asked about.
      expect(after.matches({ general: 'waiting' })).toBe(subdomainCheckable(context.general.subdomain));
    } else expect(context.subdomainStatus).toBe(before.context.subdomainStatus);
  }
  if (event.type === 'xstate.done.actor.checkSubdomain') expect(context.subdomainStatus).toBe(event.output);
  // The check failing for another reason lets the server decide at the end.
  if (event.type === 'xstate.error.actor.checkSubdomain') expect(context.subdomainStatus).toBe('free');
  if (event.type === 'wizard.next' && before.matches('general')) {
    const valid =
      before.context.general.title === 'Harbour' &&
      before.context.general.subdomain === 'harbour' &&
      before.context.subdomainStatus === 'free';
    expect(after.matches('spaceSlots')).toBe(valid);
    if (!valid) {
      // Refused: the messages show, and what was typed stays.
      expect(after.matches('general')).toBe(true);
      expect(context.showGeneralErrors).toBe(true);
      expect(context.general).toEqual(before.context.general);
    }
  }
}

/** Slots, premade spaces, and moving between the steps. */
function expectSteps(event: AnyEventObject, before: Snap, after: Snap) {
  const { context } = after;
  const was = before.context;
  if (event.type === 'slots.add') expect(context.newSlots).toBe(was.newSlots + 1);
  if (event.type === 'slots.remove') expect(context.newSlots).toBe(Math.max(0, was.newSlots - 1));
  if (event.type === 'premade.toggle') {
    const id = event.spaceTemplateId as string;
    if (was.purchased.includes(id)) {
      // Already bought ('Purchased'): nothing changes.
      expect([context.freeTemplateId, context.picks]).toEqual([was.freeTemplateId, was.picks]);
    } else if (id === 'gallery' && context.mode === 'create') {
      // The first pick is the free one; picking it again lets it go.
      expect(context.freeTemplateId).toBe(was.freeTemplateId === 'gallery' ? null : 'gallery');
    } else
      expect(context.picks).toEqual(was.picks.includes(id) ? without(was.picks, id) : [...was.picks, id]);
  }
  if (event.type === 'wizard.next' && before.matches('premadeSpaces')) {
    const missing = context.mode === 'create' && context.freeTemplateId === null;
    expect(after.matches('premadeSpaces')).toBe(missing);
    expect(context.message).toEqual(missing ? { key: 'districtWizard.noFreePremade' } : null);
  }
  if (event.type === 'wizard.back') {
    const order = ['general', 'spaceSlots', 'premadeSpaces', 'overview'];
    const from = order.indexOf(wizardStepOf(before));
    // An upgrade starts at the slots: there is no general step to go back to.
    const to = context.mode === 'edit' && from === 1 ? 1 : from - 1;
    expect(wizardStepOf(after)).toBe(order[to]);
    // Going back keeps every choice made (a message goes).
    expect(context).toEqual({ ...was, message: null });
  }
}

/** The overview: Pro, bundles, submitting, the checkout and the server's answers. */
function expectSubmit(event: AnyEventObject, before: Snap, after: Snap) {
  const { context } = after;
  const was = before.context;
  const cartTotal = totalOf(expectedCart(was.newSlots, was.picks));
  // Pro paid by card before (its plan not here yet) is waited for, never charged again.
  const pro = was.proChosen && was.tier !== 'pro' && !was.planPaid;
  switch (event.type) {
    case 'bundle.choose':
      expect(context.bundleId).toBe(event.productId);
      break;
    case 'plan.toggle':
      // Unchecking Pro asks first; checking it is at once.
      expect([context.proChosen, context.confirmingNoPro]).toEqual([true, was.proChosen]);
      break;
    case 'plan.keep':
    case 'plan.drop':
      expect([context.proChosen, context.confirmingNoPro]).toEqual([event.type === 'plan.keep', false]);
      break;
    case 'wizard.submit': {
      const block =
        cartTotal > was.balance && !was.bundleId
          ? { key: 'districtWizard.insufficientCredits' }
          : was.tier !== 'pro' && !was.proChosen
            ? { text: 'Please select a subscription plan in order to proceed.' }
            : null;
      if (block) {
        // Blocked: the reason shows, nothing is sent, the choices stay.
        expect(after.matches('overview')).toBe(true);
        expect(context).toEqual({ ...was, message: block });
      } else if (was.bundleId || pro) {
        expect(after.matches('checkout')).toBe(true);
        expect(context.checkout).toEqual({
          productId: was.bundleId,
          priceId: pro ? `price_pro_${was.interval}` : null,
        });
      } else if (was.planPaid && was.tier !== 'pro') {
        expect(after.matches('awaitingPlan')).toBe(true);
        expect(context.checkout).toBeNull();
      } else
        expect(after.value).toBe(was.districtId === null ? 'creating' : cartTotal ? 'payingCart' : 'done');
      break;
    }
    case 'checkout.closed':
      expect(after.matches('overview')).toBe(true);
      expect(context).toEqual({ ...was, checkout: null });
      break;
    case 'checkout.finished':
      // Paid: the wallet as it is now; the bundle is bought; after Pro, the plan is waited for.
      expect([context.balance, context.bundleId, context.checkout]).toEqual([700, null, null]);
      expect(after.matches('awaitingPlan')).toBe(pro);
      break;
    case 'session.tier':
      expect(context.tier).toBe('pro');
      expect(after.matches(was.districtId ? 'payingCart' : 'creating')).toBe(true);
      break;
    case planWait.type:
      expect(after.matches('overview')).toBe(true);
      expect(context.message).toEqual({ key: 'districtWizard.planPending' });
      break;
    case 'xstate.done.actor.createDistrict':
      expect([context.district, context.districtId]).toEqual([made, 'd9']);
      expect(after.matches(cartTotal ? 'payingCart' : 'done')).toBe(true);
      break;
    case 'xstate.error.actor.createDistrict':
    case 'xstate.error.actor.payCart': {
      // Refused: the server's words (or a general message) on the overview, every choice kept; a
      // district made before the cart was refused stays made, and the wizard goes on as its upgrade.
      const error = event.error as { status?: number; message: string };
      expect(after.matches('overview')).toBe(true);
      expect(context.message).toEqual(
        error.status ? { text: error.message } : { key: 'districtWizard.failed' },
      );
      const mode = event.type === 'xstate.error.actor.payCart' ? 'edit' : was.mode;
      expect(context).toEqual({ ...was, mode, message: context.message });
      break;
    }
    case 'xstate.done.actor.payCart':
      expect(after.matches('done')).toBe(true);
      expect(context.balance).toBe(300);
      break;
  }
}

describe('districtWizard rules', () => {
  const subdomainError = (subdomain: string) =>
    generalErrors({ title: 'Harbour', subdomain, isPublic: true }, 'free').subdomain;

  it('checks the subdomain as typed: its length, its characters and the reserved names', () => {
    expect(subdomainError('')).toBe('This field is required');
    expect(subdomainError('a')).toBe('It should contain at least 2 characters');
    expect(subdomainError('a'.repeat(51))).toBe('It should contain no more than 50 characters');
    for (const typed of ['Harbour', 'har bour', 'har_bour', '-harbour', 'harbour-', 'häfen'])
      expect(subdomainError(typed)).toBe(districtMessages.subdomainPattern);
    for (const reserved of ['www', 'api', 'auth', 'admin'])
      expect(subdomainError(reserved)).toBe(`Subdomain cannot be "${reserved}"`);
    for (const fine of ['h9', 'harbour-2', 'a'.repeat(50)]) expect(subdomainError(fine)).toBeUndefined();
    expect(['www', 'a', 'harbour'].map(subdomainCheckable)).toEqual([false, false, true]);
    expect(generalErrors({ title: 'H', subdomain: 'harbour', isPublic: true }, 'taken')).toEqual({
      title: 'It should contain at least 2 characters',
      subdomain: "This district's title is already taken",
    });
  });

  it('prices the cart, the credits missing, the bundles covering them and the card total', () => {
    const cart = cartOf({ catalogue, newSlots: 2, picks: ['studio', 'gallery'] });
    expect(cart).toEqual(expectedCart(2, ['studio', 'gallery']));
    expect([creditsCharged(cart), missingCredits(650, 200), missingCredits(100, 200)]).toEqual([650, 450, 0]);
    expect(cartOf({ catalogue: null, newSlots: 2, picks: ['studio'] })).toEqual([]);
    expect(coveringBundles(bundles, 450).map((b) => b.id)).toEqual(['credits_500', 'credits_1000']);
    const card = { bundles, plans, bundleId: 'credits_500', proChosen: true, interval: 'monthly' } as const;
    expect(moneyTotal({ ...card, tier: 'standard' })).toBe(499 + 2499);
    expect(moneyTotal({ ...card, tier: 'pro' })).toBe(499);
    expect([euros(23988), euros(1250), euros(2000), euros(50)]).toEqual(['239.88', '12.5', '20', '0.5']);
  });
});

describe('districtWizardMachine', () => {
  async function toSlots(wizard: Wizard, subdomain = 'harbour') {
    if (wizard.actor.getSnapshot().matches('loading')) wizard.answer(events(wizard.actor.getSnapshot())[0]);
    await flush();
    wizard.actor.send({ type: 'general.changed', values: { title: 'Harbour', subdomain } });
    await vi.advanceTimersByTimeAsync(wizardTiming.subdomainDebounceMs);
    wizard.answer({ type: 'xstate.done.actor.checkSubdomain', output: 'free' });
    await flush();
    wizard.actor.send({ type: 'wizard.next' });
  }

  it('keeps every choice after a taken subdomain, and makes the district once another is chosen', async () => {
    const wizard = startWizard({ tier: 'pro', idempotencyKey: 'key-3' });
    await toSlots(wizard);
    wizard.send({ type: 'slots.add' }, { type: 'wizard.next' });
    wizard.send({ type: 'premade.toggle', spaceTemplateId: 'gallery' }, { type: 'wizard.next' });
    wizard.send({ type: 'wizard.submit' });
    wizard.answer({ type: 'xstate.error.actor.createDistrict', error: taken });
    await flush();
    const { context } = wizard.actor.getSnapshot();
    expect(wizard.actor.getSnapshot().value).toBe('overview');
    expect(context.message).toEqual({ text: "This district's title is already taken" });
    expect([context.newSlots, context.freeTemplateId, context.district]).toEqual([1, 'gallery', null]);
    wizard.send({ type: 'wizard.back' }, { type: 'wizard.back' }, { type: 'wizard.back' });
    await toSlots(wizard, 'harbour-2');
    wizard.send({ type: 'wizard.next' }, { type: 'wizard.next' }, { type: 'wizard.submit' });
    expect(wizard.fakes.latest('createDistrict').input).toEqual({
      general: { title: 'Harbour', subdomain: 'harbour-2', isPublic: true },
      freeTemplateId: 'gallery',
      idempotencyKey: 'key-3',
    });
  });

  it('checks the subdomain again when the title changes during the check', async () => {
    const wizard = startWizard(createInput);
    await toSlots(wizard);
    wizard.actor.send({ type: 'wizard.back' });
    wizard.actor.send({ type: 'general.changed', values: { subdomain: 'harbour-2' } });
    await vi.advanceTimersByTimeAsync(wizardTiming.subdomainDebounceMs);
    wizard.actor.send({ type: 'general.changed', values: { title: 'Harbour lights' } });
    await vi.advanceTimersByTimeAsync(wizardTiming.subdomainDebounceMs);
    wizard.answer({ type: 'xstate.done.actor.checkSubdomain', output: 'free' });
    await flush();
    expect(wizard.actor.getSnapshot().context.subdomainStatus).toBe('free');
    wizard.actor.send({ type: 'wizard.next' });
    expect(wizard.actor.getSnapshot().matches('spaceSlots')).toBe(true);
  });
});
