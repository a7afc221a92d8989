import { fromPromise } from 'xstate';
import { tierOf } from '../../../contracts/roles';
import { type DistrictPeopleChange, districtPeopleMachine } from '../../machines/districtPeopleMachine';
import {
  type AskableSpace,
  type DistrictRequestChange,
  districtRequestsMachine,
} from '../../machines/districtRequestsMachine';
import { districtSettingsMachine } from '../../machines/districtSettingsMachine';
import {
  type DistrictWizardEvent,
  districtWizardMachine,
  type WizardLoad,
} from '../../machines/districtWizardMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { loadMachine } from '../../machines/loadMachine';
import { districtsApi } from '../../services/districts';
import { marketplaceApi } from '../../services/marketplace';
import { publishingApi } from '../../services/publishing';
import { type ApiProblem, scenesApi } from '../../services/scenes';
import { sessionPart } from '../relays';
import type { AppServices } from '../services';

/** Which districts a list shows: Explore's search, or a user's (owned, a Creator in, followed). */
export type DistrictListParams =
  | { source: 'search'; q: string; sort: string }
  | { source: 'user'; userId: string; side: 'my' | 'others' | 'following' };

const status = (error: unknown) => (error as ApiProblem | null)?.status;

/** Districts: the wizard, the Owners' pages, and lists of districts and of members. */
export default function districtFlows({ api, toasts }: AppServices) {
  const districts = districtsApi(api);
  const marketplace = marketplaceApi(api);
  const scenes = scenesApi(api);
  const publishing = publishingApi(api);
  const failed =
    (fallback: string) =>
    (_: unknown, { error }: { error: unknown }) => {
      const message = (error as ApiProblem | null)?.message;
      toasts(
        message && status(error)
          ? { type: 'toast.show', severity: 'error', message, literal: true }
          : { type: 'toast.show', severity: 'error', message: fallback },
      );
    };
  return {
    /** The district create/upgrade wizard (input DistrictWizardInput). */
    districtWizard: districtWizardMachine.provide({
      actors: {
        load: fromPromise<WizardLoad, { districtId: string | null }>(async ({ input, signal }) => {
          const [items, wallet, products, purchased, slots] = await Promise.all([
            districts.items(signal),
            marketplace.wallet(signal),
            marketplace.products(signal),
            input.districtId ? districts.purchased(input.districtId, signal) : null,
            input.districtId ? districts.slots(input.districtId, signal) : null,
          ]);
          const slot = items.items.find((i) => i.type === 'slot')!;
          return {
            catalogue: {
              slot: { districtItemId: slot.districtItemId, priceCoin: slot.priceCoin },
              templates: items.items.flatMap((i) =>
                i.type === 'spaceTemplate' && i.spaceTemplateId
                  ? [
                      {
                        spaceTemplateId: i.spaceTemplateId,
                        districtItemId: i.districtItemId,
                        priceCoin: i.priceCoin,
                      },
                    ]
                  : [],
              ),
            },
            balance: wallet.availableBalance,
            bundles: products.oneTimeProducts,
            plans: products.subscriptionProducts,
            purchased: (purchased?.items ?? []).flatMap((p) =>
              p.spaceTemplateId ? [p.spaceTemplateId] : [],
            ),
            existingSlots: slots?.items.length ?? 0,
          };
        }),
        checkSubdomain: fromPromise<'free' | 'taken', { subdomain: string }>(async ({ input, signal }) => {
          try {
            await districts.available(input.subdomain, signal);
            return 'free';
          } catch (error) {
            // A 4xx means taken (districts-commerce-spaces.md §5); other errors pass the check.
            const code = status(error);
            if (code !== undefined && code >= 400 && code < 500) return 'taken';
            throw error;
          }
        }),
        createDistrict: fromPromise(({ input, signal }) =>
          districts.create(
            {
              title: input.general.title.trim(),
              subdomain: input.general.subdomain.trim(),
              public: input.general.isPublic,
              visible: true,
              freeSpaceTemplateId: input.freeTemplateId,
            },
            { idempotencyKey: input.idempotencyKey, signal },
          ),
        ),
        payCart: fromPromise(async ({ input, signal }) => {
          const totalCoin = input.cart.reduce((sum, line) => sum + line.quantity * line.priceCoin, 0);
          return marketplace.internalTransaction(
            {
              totalCoin,
              transactionItems: input.cart.map((line) => ({ ...line, districtId: input.districtId })),
            },
            { idempotencyKey: input.idempotencyKey, signal },
          );
        }),
        sessionWatch: sessionPart<DistrictWizardEvent, string>(
          (session) => tierOf(session.user?.roles),
          (tier) => ({ type: 'session.tier', tier: tier as 'free' | 'standard' | 'pro' }),
        ),
      },
      actions: {
        renewSession: ({ system }) => system.get('session')?.send({ type: 'session.renew' }),
      },
    }),
    /** Districts: Explore's search or a user's (params: DistrictListParams). */
    districtList: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const params = input as unknown as DistrictListParams & InfiniteListBody;
          const page =
            params.source === 'search'
              ? await districts.search(
                  { q: params.q, sort: params.sort, cp: params.cp, ipp: params.ipp },
                  signal,
                )
              : await districts.ofUser(
                  params.userId,
                  params.side,
                  { cp: params.cp, ipp: params.ipp },
                  signal,
                );
          return page.items;
        }),
      },
    }),
    /** The Owners' management of a district's people and slots (input { districtId }). */
    districtPeople: districtPeopleMachine.provide({
      actors: {
        load: fromPromise(async ({ input, signal }) => {
          const [invitations, slots] = await Promise.all([
            districts.invitations(input.districtId, signal),
            districts.slots(input.districtId, signal),
          ]);
          return { invitations: invitations.items, slots: slots.items };
        }),
        apply: fromPromise(async ({ input, signal }) => {
          const { districtId, change } = input;
          switch (change.kind) {
            case 'inviteLink':
              return districts.invite(districtId, undefined, signal);
            case 'inviteEmail':
              return districts.invite(districtId, change.email, signal);
            case 'withdraw':
              await districts.withdraw(districtId, change.code, signal);
              return null;
            case 'setRole':
              await districts.setRole(districtId, change.userId, change.role, signal);
              return null;
            case 'remove':
              await districts.removeMember(districtId, change.userId, signal);
              return null;
            case 'allocate':
              await districts.allocate(districtId, change.slotId, change.userId, signal);
              return null;
          }
        }),
      },
      actions: {
        announce: (_, { change }: { change: DistrictPeopleChange }) =>
          toasts({ type: 'toast.show', severity: 'success', message: `district.people.done.${change.kind}` }),
        announceFailed: failed('district.people.failed'),
      },
    }),
    /** A district's hosting and promotion requests (input { districtId, role }). */
    districtRequests: districtRequestsMachine.provide({
      actors: {
        load: fromPromise(async ({ input, signal }) => {
          const { districtId, role } = input;
          const [requests, mine, listed] = await Promise.all([
            districts.spaceRequests(districtId, { state: 'all', ipp: 100 }, signal),
            scenes.my({ state: 'Published', cp: 0, ipp: 100 }, signal),
            publishing.search({ districtId, cp: 0, ipp: 100, sort: 'publishedAt', filter: 'all' }, signal),
          ]);
          const inDistrict = new Set(listed.items.map((s) => s.sceneId));
          const spaces = new Map<string, AskableSpace>();
          for (const s of mine.items)
            spaces.set(s.sceneId, { sceneId: s.sceneId, title: s.title, listed: inDistrict.has(s.sceneId) });
          // Owners promote any space the district lists.
          if (role === 'Owner')
            for (const s of listed.items)
              if (!spaces.has(s.sceneId))
                spaces.set(s.sceneId, { sceneId: s.sceneId, title: s.title, listed: true });
          return { requests: requests.items, spaces: [...spaces.values()] };
        }),
        apply: fromPromise(async ({ input, signal }) => {
          const { districtId, change } = input;
          switch (change.kind) {
            case 'ask':
              return districts.askSpace(
                districtId,
                { sceneId: change.sceneId, kind: change.requestKind, message: change.message },
                signal,
              );
            case 'accept':
            case 'decline':
              return districts.answerSpace(districtId, change.requestId, change.kind === 'accept', signal);
            case 'remove':
              return districts.removeSpaceRequest(districtId, change.requestId, signal);
          }
        }),
      },
      actions: {
        announce: (_, { change }: { change: DistrictRequestChange }) =>
          toasts({
            type: 'toast.show',
            severity: 'success',
            message: `district.requests.done.${change.kind}`,
          }),
        announceFailed: failed('district.requests.failed'),
      },
    }),
    /** The district a space is in, as the caller sees it (input { subdomain }): the editor's Upgrade. */
    spaceDistrict: loadMachine.provide({
      actors: {
        load: fromPromise(({ input, signal }) =>
          districts.bySubdomain((input as { subdomain: string }).subdomain, signal),
        ),
      },
    }),
    /** A district's settings, General and Appearance (input { districtId }). */
    districtSettings: districtSettingsMachine.provide({
      actors: {
        save: fromPromise(({ input, signal }) =>
          districts.update(input.districtId, input.change.fields, input.change.pictures, signal),
        ),
      },
      actions: {
        announceSaved: () =>
          toasts({ type: 'toast.show', severity: 'success', message: 'district.settings.saved' }),
      },
    }),
    /** Who is in a district (params: { districtId }). */
    districtMembers: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { districtId, cp, ipp } = input as unknown as { districtId: string } & InfiniteListBody;
          return (await districts.members(districtId, { cp, ipp }, signal)).items;
        }),
      },
    }),
  };
}
