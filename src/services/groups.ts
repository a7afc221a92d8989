import type { KyInstance } from 'ky';
import type { Group, GroupList, GroupMemberPage, GroupPage, InviteAnswer } from '../../contracts/groups';
import type { GroupFormValues } from '../machines/groupFormMachine';
import { call } from './scenes';

const id = (value: string) => encodeURIComponent(value);

function groupForm(values: GroupFormValues, districtId?: string): FormData {
  const form = new FormData();
  if (districtId) form.set('districtId', districtId);
  form.set('title', values.title);
  form.set('description', values.description);
  if (values.image) form.set('image', values.image);
  else if (values.image === null) form.set('image', '');
  return form;
}

/**
 * Calls to the user service's groups (/api/userService/groups/…). Failures throw an `ApiProblem`
 * (src/services/scenes.ts).
 */
export const groupsApi = (api: KyInstance) => ({
  get: (groupId: string, signal?: AbortSignal) =>
    call(() => api.get(`userService/groups/group/${id(groupId)}`, { signal }).json<Group>()),
  /** Makes a group: the caller's own, or with `districtId` the district's (an Owner of it only). */
  create: (values: GroupFormValues, signal?: AbortSignal, districtId?: string) =>
    call(() =>
      api
        .post('userService/groups/group', { body: groupForm(values, districtId), signal, retry: 0 })
        .json<Group>(),
    ),
  update: (groupId: string, values: GroupFormValues, signal?: AbortSignal) =>
    call(() =>
      api
        .patch(`userService/groups/group/${id(groupId)}`, { body: groupForm(values), signal, retry: 0 })
        .json<Group>(),
    ),
  remove: (groupId: string, signal?: AbortSignal) =>
    call(async () => {
      await api.delete(`userService/groups/group/${id(groupId)}`, { signal, retry: 0 });
    }),
  /** The caller's groups (member or owner), narrowed by title. */
  mine: (page: { cp: number; ipp: number; search?: string }, signal?: AbortSignal) =>
    call(() => api.get('userService/groups/my', { searchParams: page, signal }).json<GroupPage>()),
  /** The caller's open invitations; with `districtId`, to that district's groups only. */
  invitations: (page: { cp: number; ipp: number; districtId?: string }, signal?: AbortSignal) =>
    call(() =>
      api
        .get('userService/groups/my/invitations', {
          searchParams: page.districtId ? page : { cp: page.cp, ipp: page.ipp },
          signal,
        })
        .json<GroupPage>(),
    ),
  /** A district's groups (its Groups › All). */
  ofDistrict: (districtId: string, page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api
        .get(`userService/groups/district/${id(districtId)}`, { searchParams: page, signal })
        .json<GroupPage>(),
    ),
  /** A user's groups as their profile shows them. */
  ofUser: (userId: string, page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api.get(`userService/groups/user/${id(userId)}`, { searchParams: page, signal }).json<GroupPage>(),
    ),
  many: (groupIds: string[], signal?: AbortSignal) =>
    call(() =>
      api
        .get('userService/groups/many', { searchParams: { ids: groupIds.join(',') }, signal })
        .json<GroupList>(),
    ),
  members: (groupId: string, page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api
        .get(`userService/groups/${id(groupId)}/members`, { searchParams: page, signal })
        .json<GroupMemberPage>(),
    ),
  invite: (groupId: string, userIds: string[], signal?: AbortSignal) =>
    call(() =>
      api
        .post(`userService/groups/${id(groupId)}/members`, { json: { userIds }, signal, retry: 0 })
        .json<InviteAnswer>(),
    ),
  respond: (groupId: string, accept: boolean, signal?: AbortSignal) =>
    call(() =>
      api
        .post(`userService/groups/${id(groupId)}/invitation/${accept ? 'accept' : 'decline'}`, {
          signal,
          retry: 0,
        })
        .json<Group>(),
    ),
  /** Takes a user out of the group (the caller's own id: leaves it). */
  removeMember: (groupId: string, userId: string, signal?: AbortSignal) =>
    call(async () => {
      await api.delete(`userService/groups/${id(groupId)}/members/${id(userId)}`, { signal, retry: 0 });
    }),
});
