import type { KyInstance } from 'ky';
import type { Group, GroupList, GroupMemberPage, GroupPage, InviteAnswer } from '../../contracts/groups';
import type { GroupFormValues } from '../machines/groupFormMachine';
import { call } from './scenes';

const id = (value: string) => encodeURIComponent(value);

function groupForm(values: GroupFormValues): FormData {
  const form = new FormData();
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
  create: (values: GroupFormValues, signal?: AbortSignal) =>
    call(() =>
      api.post('userService/groups/group', { body: groupForm(values), signal, retry: 0 }).json<Group>(),
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
  invitations: (page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api.get('userService/groups/my/invitations', { searchParams: page, signal }).json<GroupPage>(),
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
