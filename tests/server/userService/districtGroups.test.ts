import { describe, expect, it } from 'vitest';
import { districtMessages } from '../../../contracts/districts';
import { Group, GroupMemberPage, GroupPage, groupMessages } from '../../../contracts/groups';
import { testDatabases } from '../../support/db';
import { districtApi, districtKit, pro } from './districtKit';

const groupsApi = '/api/userService/groups';

describe.each(testDatabases())("a district's groups on $name", ({ open }) => {
  const { people, made, join, ...k } = districtKit(open);
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    as: string | null,
    json?: unknown,
  ) => k.call(method, url, as, json, pro);

  /** A district of `owner` (public unless told), with `members` joined as Creators by its link. */
  async function district(owner: string, members: string[] = [], isPublic = true) {
    const d = await made(owner, { public: String(isPublic) });
    for (const member of members) await join(d, owner, member);
    return d;
  }

  const createGroup = (as: string | null, fields: Record<string, unknown>) =>
    call('POST', `${groupsApi}/group`, as, fields);
  async function districtGroup(owner: string, districtId: string, title = 'Volunteers') {
    const res = await createGroup(owner, { title, description: 'Who guides visitors', districtId });
    if (res.statusCode !== 201) throw new Error(`group not made: ${res.statusCode} ${res.body}`);
    return Group.parse(res.json());
  }
  const listOf = (districtId: string, as: string | null, query = '') =>
    call('GET', `${groupsApi}/district/${districtId}${query}`, as);

  it('asks anonymous callers to sign in, to list or to make a district group', async () => {
    const [ada] = await people('ada');
    const d = await district(ada);
    const listed = await listOf(d.districtId, null);
    expect(listed.statusCode).toBe(401);
    expect(listed.json().code).toBe('UNAUTHORIZED');
    const made = await createGroup(null, { title: 'Volunteers', districtId: d.districtId });
    expect(made.statusCode).toBe(401);
  });

  it('makes a group for the district when an Owner asks, the Owner its first member', async () => {
    const [ada] = await people('ada');
    const d = await district(ada);
    const group = await districtGroup(ada, d.districtId);
    expect(group).toMatchObject({
      title: 'Volunteers',
      districtId: d.districtId,
      membership: 'owner',
      numOfMembers: 1,
      owner: { userId: ada },
    });
    const page = GroupPage.parse((await listOf(d.districtId, ada)).json());
    expect(page.items.map((g) => g.groupId)).toEqual([group.groupId]);
    expect(page.total).toBe(1);
  });

  it('lets a Creator list the groups but not make one', async () => {
    const [ada, ben] = await people('ada', 'ben');
    const d = await district(ada, [ben]);
    const group = await districtGroup(ada, d.districtId);
    const listed = await listOf(d.districtId, ben);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(GroupPage.parse(listed.json()).items).toEqual([
      expect.objectContaining({ groupId: group.groupId, numOfMembers: 1, membership: null }),
    ]);
    const made = await createGroup(ben, { title: 'Mine', districtId: d.districtId });
    expect(made.statusCode).toBe(403);
    expect(made.json()).toMatchObject({ code: 'FORBIDDEN', message: districtMessages.notOwner });
    // Nor may a Creator change, delete or invite to the district's groups.
    const changed = await call('PATCH', `${groupsApi}/group/${group.groupId}`, ben, { title: 'Taken' });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().message).toBe(groupMessages.districtOwnerOnly);
    expect((await call('DELETE', `${groupsApi}/group/${group.groupId}`, ben)).statusCode).toBe(403);
    const invited = await call('POST', `${groupsApi}/${group.groupId}/members`, ben, { userIds: [ben] });
    expect(invited.statusCode).toBe(403);
  });

  it('answers a stranger to a private district as the district does, and shows a public one’s groups', async () => {
    const [ada, eve] = await people('ada', 'eve');
    const closed = await district(ada, [], false);
    const secret = await districtGroup(ada, closed.districtId, 'Board');
    const refused = await listOf(closed.districtId, eve);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: districtMessages.noAccess });
    const one = await call('GET', `${groupsApi}/group/${secret.groupId}`, eve);
    expect(one.statusCode).toBe(403);
    expect(one.json().message).toBe(districtMessages.noAccess);
    // Making a group in a district one cannot see: not found, as the district code answers.
    expect((await createGroup(eve, { title: 'Mine', districtId: closed.districtId })).statusCode).toBe(404);

    const open = await district(ada);
    const group = await districtGroup(ada, open.districtId, 'Friends');
    const seen = await listOf(open.districtId, eve);
    expect(seen.statusCode).toBe(200);
    expect(GroupPage.parse(seen.json()).items.map((g) => g.title)).toEqual(['Friends']);
    // The groups, never who is in them.
    expect((await call('GET', `${groupsApi}/${group.groupId}/members`, eve)).statusCode).toBe(403);

    const unknown = await listOf('no-such-district', eve);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('invites members of the district, refuses anyone else with a clear 422, and lets the invited join', async () => {
    const [ada, ben, cat, eve] = await people('ada', 'ben', 'cat', 'eve');
    const d = await district(ada, [ben, cat]);
    const group = await districtGroup(ada, d.districtId);

    const outsider = await call('POST', `${groupsApi}/${group.groupId}/members`, ada, {
      userIds: [ben, eve],
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: groupMessages.notDistrictMember,
      details: [{ path: '/userIds/1', message: expect.stringContaining(eve) }],
    });
    // The whole call failed: ben is not invited either.
    const none = await call('GET', `${groupsApi}/my/invitations?districtId=${d.districtId}`, ben);
    expect(GroupPage.parse(none.json()).total).toBe(0);

    const invited = await call('POST', `${groupsApi}/${group.groupId}/members`, ada, { userIds: [ben, cat] });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().invited.sort()).toEqual([ben, cat].sort());

    // Ben's invitations, narrowed to the district (and another district's are left out).
    const other = await district(ada, [ben]);
    const elsewhere = await districtGroup(ada, other.districtId, 'Elsewhere');
    await call('POST', `${groupsApi}/${elsewhere.groupId}/members`, ada, { userIds: [ben] });
    const mine = GroupPage.parse(
      (await call('GET', `${groupsApi}/my/invitations?districtId=${d.districtId}`, ben)).json(),
    );
    expect(mine.items.map((g) => [g.groupId, g.membership])).toEqual([[group.groupId, 'invited']]);
    const all = GroupPage.parse((await call('GET', `${groupsApi}/my/invitations`, ben)).json());
    expect(all.total).toBe(2);

    const accepted = await call('POST', `${groupsApi}/${group.groupId}/invitation/accept`, ben);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(Group.parse(accepted.json())).toMatchObject({ membership: 'member', numOfMembers: 2 });
    const declined = await call('POST', `${groupsApi}/${group.groupId}/invitation/decline`, cat);
    expect(declined.statusCode).toBe(200);

    const listed = GroupPage.parse((await listOf(d.districtId, ben)).json());
    expect(listed.items[0]).toMatchObject({ groupId: group.groupId, membership: 'member', numOfMembers: 2 });
    const members = GroupMemberPage.parse(
      (await call('GET', `${groupsApi}/${group.groupId}/members`, ben)).json(),
    );
    expect(members.items.map((m) => m.userId)).toEqual([ada, ben]);

    // It is a group the publish wizard offers (its ACLs), but not one of Ben's profile's own.
    const choices = GroupPage.parse((await call('GET', `${groupsApi}/my`, ben)).json());
    expect(choices.items.map((g) => g.groupId)).toContain(group.groupId);
    const profile = GroupPage.parse((await call('GET', `${groupsApi}/user/${ben}`, ben)).json());
    expect(profile.items.map((g) => g.groupId)).not.toContain(group.groupId);
    const owners = GroupPage.parse((await call('GET', `${groupsApi}/user/${ada}`, ada)).json());
    expect(owners.items.map((g) => g.groupId)).not.toContain(group.groupId);
  });

  it('lets the Owner change, remove members from and delete the group, and members leave', async () => {
    const [ada, ben, cat] = await people('ada', 'ben', 'cat');
    const d = await district(ada, [ben, cat]);
    const group = await districtGroup(ada, d.districtId);
    await call('POST', `${groupsApi}/${group.groupId}/members`, ada, { userIds: [ben, cat] });
    await call('POST', `${groupsApi}/${group.groupId}/invitation/accept`, ben);
    await call('POST', `${groupsApi}/${group.groupId}/invitation/accept`, cat);

    const changed = await call('PATCH', `${groupsApi}/group/${group.groupId}`, ada, { title: 'Guides' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Guides', districtId: d.districtId });
    expect((await call('DELETE', `${groupsApi}/${group.groupId}/members/${cat}`, ada)).statusCode).toBe(204);
    expect((await call('DELETE', `${groupsApi}/${group.groupId}/members/${ben}`, ben)).statusCode).toBe(204);
    expect(
      Group.parse((await call('GET', `${groupsApi}/group/${group.groupId}`, ada)).json()).numOfMembers,
    ).toBe(1);
    expect((await call('DELETE', `${groupsApi}/group/${group.groupId}`, ada)).statusCode).toBe(204);
    expect(GroupPage.parse((await listOf(d.districtId, ada)).json()).total).toBe(0);
  });

  it('refuses invalid fields and queries with the validation errors of groups', async () => {
    const [ada] = await people('ada');
    const d = await district(ada);
    const untitled = await createGroup(ada, { title: ' ', districtId: d.districtId });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: '/title', message: groupMessages.titleRequired }],
    });
    const emptyDistrict = await createGroup(ada, { title: 'Volunteers', districtId: '' });
    expect(emptyDistrict.statusCode).toBe(400);
    expect(emptyDistrict.json().code).toBe('VALIDATION_FAILED');
    const noDistrict = await createGroup(ada, { title: 'Volunteers', districtId: 'no-such-district' });
    expect(noDistrict.statusCode).toBe(404);
    expect(noDistrict.json().message).toBe(districtMessages.notFound);
    expect((await listOf(d.districtId, ada, '?ipp=0')).statusCode).toBe(400);
    const group = await districtGroup(ada, d.districtId);
    const noUsers = await call('POST', `${groupsApi}/${group.groupId}/members`, ada, { userIds: [] });
    expect(noUsers.statusCode).toBe(400);
    const unknown = await call('POST', `${groupsApi}/${group.groupId}/members`, ada, {
      userIds: ['nobody-x'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: '/userIds/0', message: 'No such user: nobody-x' }]);
  });
  it('takes a member who leaves the district out of its groups', async () => {
    const [ada, ben] = await people('ada', 'ben');
    const d = await district(ada, [ben]);
    const group = await districtGroup(ada, d.districtId);
    await call('POST', `${groupsApi}/${group.groupId}/members`, ada, { userIds: [ben] });
    await call('POST', `${groupsApi}/${group.groupId}/invitation/accept`, ben);
    expect(GroupPage.parse((await listOf(d.districtId, ada)).json()).items[0].numOfMembers).toBe(2);
    const left = await call('DELETE', `${districtApi}/${d.districtId}/members/${ben}`, ben);
    expect(left.statusCode, left.body).toBe(204);
    expect(GroupPage.parse((await listOf(d.districtId, ada)).json()).items[0].numOfMembers).toBe(1);
  });
});
