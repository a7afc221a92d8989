import type { KyInstance } from 'ky';
import type {
  District,
  DistrictAccess,
  DistrictInvitation,
  DistrictItemList,
  DistrictMemberPage,
  DistrictPage,
  DistrictRole,
  DistrictSlot,
  PurchasedDistrictItemList,
} from '../../contracts/districts';
import type {
  DistrictSpaceAsk,
  DistrictSpaceRequest,
  DistrictSpaceRequestPage,
  DistrictSpaceRequestQuery,
} from '../../contracts/districtSpaces';
import type { DistrictFollowState } from '../../contracts/follows';
import { call } from './scenes';

const id = (value: string) => encodeURIComponent(value);
const district = (path: string) => `userService/district${path}`;

/** The fields of a district form as the wizard or the settings pages send them. */
export type DistrictFormFields = Record<string, string | boolean | undefined>;

/** A multipart form of text fields and picture parts (null removes a picture). */
function multipart(fields: DistrictFormFields, pictures: Record<string, File | null | undefined> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, String(value));
  for (const [name, file] of Object.entries(pictures)) {
    if (file) form.set(name, file);
    else if (file === null) form.set(name, '');
  }
  return form;
}

/**
 * Calls to the district paths of the user service (platform.md §7.2; districts-commerce-spaces.md
 * §7), the marketplace's district items and district follows. Failures throw an `ApiProblem`.
 */
export const districtsApi = (api: KyInstance) => ({
  bySubdomain: (subdomain: string, signal?: AbortSignal) =>
    call(() => api.get(district(`/info/${id(subdomain)}`), { signal }).json<District>()),
  access: (subdomain: string, signal?: AbortSignal) =>
    call(() => api.get(district(`/districtAccess/${id(subdomain)}`), { signal }).json<DistrictAccess>()),
  /** Resolves when the subdomain is free; throws the server's refusal (400 rules, 409 taken). */
  available: (subdomain: string, signal?: AbortSignal) =>
    call(() =>
      api.get(district(`/available/${id(subdomain)}`), { signal, retry: 0 }).json<{ available: true }>(),
    ),
  create: (
    fields: DistrictFormFields,
    options: { idempotencyKey?: string; pictures?: Record<string, File | null>; signal?: AbortSignal } = {},
  ) =>
    call(() =>
      api
        .post(district('/districts'), {
          body: multipart(fields, options.pictures),
          headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined,
          retry: 0,
          signal: options.signal,
        })
        .json<District>(),
    ),
  update: (
    districtId: string,
    fields: DistrictFormFields,
    pictures: Record<string, File | null | undefined> = {},
    signal?: AbortSignal,
  ) =>
    call(() =>
      api
        .patch(district(`/${id(districtId)}`), { body: multipart(fields, pictures), retry: 0, signal })
        .json<District>(),
    ),
  search: (query: { q?: string; sort?: string; cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() => api.get(district('/search'), { searchParams: query, signal }).json<DistrictPage>()),
  mine: (page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() => api.get(district('/my'), { searchParams: page, signal }).json<DistrictPage>()),
  ofUser: (
    userId: string,
    side: 'my' | 'others' | 'following',
    page: { cp: number; ipp: number },
    signal?: AbortSignal,
  ) =>
    call(() =>
      api
        .get(district(`/user/${id(userId)}`), { searchParams: { ...page, side }, signal })
        .json<DistrictPage>(),
    ),
  members: (districtId: string, page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api
        .get(district(`/${id(districtId)}/members`), { searchParams: page, signal })
        .json<DistrictMemberPage>(),
    ),
  setRole: (districtId: string, userId: string, role: DistrictRole, signal?: AbortSignal) =>
    call(async () => {
      await api.patch(district(`/${id(districtId)}/members/${id(userId)}`), {
        json: { role },
        retry: 0,
        signal,
      });
    }),
  removeMember: (districtId: string, userId: string, signal?: AbortSignal) =>
    call(async () => {
      await api.delete(district(`/${id(districtId)}/members/${id(userId)}`), { retry: 0, signal });
    }),
  invite: (districtId: string, email?: string, signal?: AbortSignal) =>
    call(() =>
      api
        .post(district(`/${id(districtId)}/invite`), { json: email ? { email } : {}, retry: 0, signal })
        .json<DistrictInvitation>(),
    ),
  invitations: (districtId: string, signal?: AbortSignal) =>
    call(() =>
      api.get(district(`/${id(districtId)}/invitations`), { signal }).json<{ items: DistrictInvitation[] }>(),
    ),
  withdraw: (districtId: string, code: string, signal?: AbortSignal) =>
    call(async () => {
      await api.delete(district(`/${id(districtId)}/invitations/${id(code)}`), { retry: 0, signal });
    }),
  accept: (code: string, signal?: AbortSignal) =>
    call(() =>
      api
        .post(district(`/invitation/${id(code)}/accept`), { retry: 0, signal })
        .json<{ districtId: string; subdomain: string; districtUserRole: DistrictRole }>(),
    ),
  slots: (districtId: string, signal?: AbortSignal) =>
    call(() => api.get(district(`/${id(districtId)}/slots`), { signal }).json<{ items: DistrictSlot[] }>()),
  allocate: (districtId: string, slotId: string, userId: string | null, signal?: AbortSignal) =>
    call(() =>
      api
        .put(district(`/${id(districtId)}/slots/${id(slotId)}/allocation`), {
          json: { userId },
          retry: 0,
          signal,
        })
        .json<DistrictSlot>(),
    ),
  spaceRequests: (districtId: string, query: DistrictSpaceRequestQuery, signal?: AbortSignal) =>
    call(() =>
      api
        .get(district(`/${id(districtId)}/spaceRequests`), {
          searchParams: query as Record<string, string | number>,
          signal,
        })
        .json<DistrictSpaceRequestPage>(),
    ),
  askSpace: (districtId: string, ask: DistrictSpaceAsk, signal?: AbortSignal) =>
    call(() =>
      api
        .post(district(`/${id(districtId)}/spaceRequests`), { json: ask, retry: 0, signal })
        .json<DistrictSpaceRequest>(),
    ),
  answerSpace: (districtId: string, requestId: string, accept: boolean, signal?: AbortSignal) =>
    call(() =>
      api
        .post(
          district(`/${id(districtId)}/spaceRequests/${id(requestId)}/${accept ? 'accept' : 'decline'}`),
          { retry: 0, signal },
        )
        .json<DistrictSpaceRequest>(),
    ),
  removeSpaceRequest: (districtId: string, requestId: string, signal?: AbortSignal) =>
    call(() =>
      api
        .delete(district(`/${id(districtId)}/spaceRequests/${id(requestId)}`), { retry: 0, signal })
        .then(() => null),
    ),
  items: (signal?: AbortSignal) =>
    call(() => api.get('marketplaceService/districtItems', { signal }).json<DistrictItemList>()),
  purchased: (districtId: string, signal?: AbortSignal) =>
    call(() =>
      api
        .get(`marketplaceService/districtItems/purchased/${id(districtId)}`, { signal })
        .json<PurchasedDistrictItemList>(),
    ),
  followState: (districtId: string, signal?: AbortSignal) =>
    call(() =>
      api.get(`socialService/follows/districts/${id(districtId)}`, { signal }).json<DistrictFollowState>(),
    ),
  setFollow: (districtId: string, follow: boolean, signal?: AbortSignal) =>
    call(() =>
      (follow ? api.put : api.delete)(`socialService/follows/districts/${id(districtId)}`, {
        signal,
        retry: 0,
      }).json<DistrictFollowState>(),
    ),
});
export type DistrictsApi = ReturnType<typeof districtsApi>;
