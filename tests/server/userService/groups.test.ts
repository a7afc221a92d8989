import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Group, GroupMemberPage, GroupPage, groupLimits, groupMessages } from '../../../contracts/groups';
import type { DatabaseHandle } from '../../../server/db';
import { mailOutbox, notificationSettings, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sceneApi } from '../sceneService/helpers';
import { socialApi } from '../socialService/followHelpers';
import { form, picturePart, png } from './helpers';

const prefix = '/api/userService/groups';

describe.each(testDatabases())('groups on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let social: ReturnType<typeof socialApi>;
  let scenes: ReturnType<typeof sceneApi>;
  let seq = 0;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    social = socialApi(t, issuer);
    scenes = sceneApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  /** New users with records, named after their labels. */
  async function people<const T extends string[]>(...labels: T): Promise<{ [K in keyof T]: string }> {
    const ids = labels.map((label) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 7)}`);
    await social.signUp(...ids);
    return ids as { [K in keyof T]: string };
  }

  const auth = (as: string | null) => social.users.auth(as);
  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    as: string | null,
    json?: unknown,
  ) {
    return t.app.inject({
      method,
      url: `${prefix}${url}`,
      headers: { ...(await auth(as)), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
    });
  }
  async function create(
    as: string | null,
    title = 'Friends of the gallery',
    description = 'Who comes to openings',
  ) {
    const body = form({ title, description }, [picturePart('image', await png('#a33'), 'group.png')]);
    return t.app.inject({
      method: 'POST',
      url: `${prefix}/group`,
      headers: { ...(await auth(as)), ...body.headers },
      payload: body.payload,
    });
  }
  const id = encodeURIComponent;
  const invite = (as: string | null, groupId: string, userIds: string[]) =>
    call('POST', `/${id(groupId)}/members`, as, { userIds });
  const accept = (as: string | null, groupId: string) =>
    call('POST', `/${id(groupId)}/invitation/accept`, as);
  const decline = (as: string | null, groupId: string) =>
    call('POST', `/${id(groupId)}/invitation/decline`, as);
  const members = async (as: string | null, groupId: string) => call('GET', `/${id(groupId)}/members`, as);
  const memberIds = async (as: string, groupId: string) =>
    GroupMemberPage.parse((await members(as, groupId)).json()).items.map((m) => [m.userId, m.status]);

  it('makes a group with an image; its owner is its first member', async () => {
    const [ada] = await people('ada');
    const res = await create(ada);
    expect(res.statusCode, res.body).toBe(201);
    const group = Group.parse(res.json());
    expect(group).toMatchObject({
      title: 'Friends of the gallery',
      description: 'Who comes to openings',
      numOfMembers: 1,
      membership: 'owner',
      owner: { userId: ada, name: `Name of ${ada}` },
    });
    expect(group.image).toMatch(/^\/api\/fileService\/file\//);
    const picture = await t.app.inject({ url: group.image! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    // Anyone reads the group itself; a visitor is nothing to it.
    const seen = await call('GET', `/group/${id(group.groupId)}`, null);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ title: 'Friends of the gallery', membership: null, numOfMembers: 1 });
    expect(GroupPage.parse((await call('GET', '/my', ada)).json()).items.map((g) => g.groupId)).toEqual([
      group.groupId,
    ]);
  });

  it('refuses bad forms and keeps nothing of them', async () => {
    const [ada] = await people('ada');
    const empty = await call('POST', '/group', ada, { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: groupMessages.titleRequired });
    const long = await call('POST', '/group', ada, { title: 'x'.repeat(groupLimits.titleMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(groupMessages.titleTooLong);
    const unknown = await call('POST', '/group', ada, { title: 'Club', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: '/colour', message: 'Unknown field' }]);

    const notPicture = form({ title: 'Club' }, [picturePart('image', Buffer.from('just words'), 'x.png')]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${prefix}/group`,
      headers: { ...(await auth(ada)), ...notPicture.headers },
      payload: notPicture.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(GroupPage.parse((await call('GET', '/my', ada)).json()).total).toBe(0);

    expect((await call('POST', '/group', null, { title: 'Club' })).statusCode).toBe(401);
  });

  it('e-mails the invitation to those with an address who have not turned group invitations off', async () => {
    const [owner, ben, cy, dee] = await people('owner', 'ben', 'cy', 'dee');
    await db.db.update(users).set({ name: 'Olive Owner' }).where(eq(users.id, owner));
    for (const who of [ben, cy])
      await db.db
        .update(users)
        .set({ email: `${who}@example.org` })
        .where(eq(users.id, who));
    await db.db.update(users).set({ email: null }).where(eq(users.id, dee));
    await db.db.insert(notificationSettings).values({ userId: cy, groupInvitation: false });
    const group = Group.parse((await create(owner, 'Print <club>')).json());

    expect((await invite(owner, group.groupId, [ben, cy, dee])).statusCode).toBe(200);
    const sent = await db.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [`${ben}@example.org`, `${cy}@example.org`]));
    expect(sent.map((m) => m.to)).toEqual([`${ben}@example.org`]);
    const [mail] = sent;
    expect(mail!.subject).toBe('Olive Owner invited you to the group Print <club>');
    const link = `http://localhost:8080/user/${id(ben)}/connections/groups`;
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('notification settings: http://localhost:8080/settings');
    expect(mail!.html).toContain('<strong>Print &lt;club&gt;</strong>');
    expect(mail!.html).toContain(`href="${link}"`);
    // Inviting again sends nothing more.
    await invite(owner, group.groupId, [ben]);
    expect(
      await db.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `${ben}@example.org`)),
    ).toHaveLength(1);
  });

  it('invites, tells the invited user, and lets them accept or decline', async () => {
    const [owner, ben, cy] = await people('owner', 'ben', 'cy');
    const group = Group.parse((await create(owner, 'Print club')).json());

    const invited = await invite(owner, group.groupId, [ben, cy, ben, owner]);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toEqual({ invited: [ben, cy], already: [owner] });
    // Inviting again changes nothing.
    expect((await invite(owner, group.groupId, [ben])).json()).toEqual({ invited: [], already: [ben] });

    // Ben is told, with a link to his groups.
    const told = (await social.notifications(ben)).json();
    expect(told.items[0]).toMatchObject({
      kind: 'groupInvitation',
      actor: { userId: owner },
      params: { groupTitle: 'Print club' },
      link: `/user/${id(ben)}/connections/groups`,
    });

    // An invitation is not membership: the count, the invitee's groups and invitations say so.
    expect((await call('GET', `/group/${id(group.groupId)}`, ben)).json()).toMatchObject({
      numOfMembers: 1,
      membership: 'invited',
    });
    expect(GroupPage.parse((await call('GET', '/my', ben)).json()).total).toBe(0);
    expect(
      GroupPage.parse((await call('GET', '/my/invitations', ben)).json()).items.map((g) => g.title),
    ).toEqual(['Print club']);
    // The owner sees invitations among the members; an invited user sees members only.
    const listed = await memberIds(owner, group.groupId);
    expect(listed[0]).toEqual([owner, 'member']);
    expect(listed.slice(1).sort()).toEqual(
      [
        [ben, 'invited'],
        [cy, 'invited'],
      ].sort(),
    );
    expect(await memberIds(ben, group.groupId)).toEqual([[owner, 'member']]);

    const accepted = await accept(ben, group.groupId);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ membership: 'member', numOfMembers: 2 });
    expect((await decline(cy, group.groupId)).statusCode).toBe(200);
    expect(await memberIds(owner, group.groupId)).toEqual([
      [owner, 'member'],
      [ben, 'member'],
    ]);
    // No invitation left to answer.
    const again = await accept(cy, group.groupId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(groupMessages.noInvitation);
    expect(GroupPage.parse((await call('GET', '/my/invitations', ben)).json()).total).toBe(0);
  });

  it('refuses invitations by anyone but the owner, and of users who do not exist', async () => {
    const [owner, member, stranger] = await people('owner', 'member', 'stranger');
    const group = Group.parse((await create(owner)).json());
    await invite(owner, group.groupId, [member]);
    await accept(member, group.groupId);

    expect((await invite(null, group.groupId, [stranger])).statusCode).toBe(401);
    expect((await invite(stranger, group.groupId, [stranger])).statusCode).toBe(403);
    expect((await invite(member, group.groupId, [stranger])).statusCode).toBe(403);
    expect((await invite(owner, 'no-such-group', [stranger])).statusCode).toBe(404);
    const ghost = await invite(owner, group.groupId, [stranger, 'nobody-at-all']);
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().details).toEqual([{ path: '/userIds/1', message: 'No such user: nobody-at-all' }]);
    // The whole call failed: the stranger was not invited either.
    expect(await memberIds(owner, group.groupId)).toEqual([
      [owner, 'member'],
      [member, 'member'],
    ]);
    expect((await invite(owner, group.groupId, [])).statusCode).toBe(400);
    // Who is in the group is for its members.
    expect((await members(stranger, group.groupId)).statusCode).toBe(403);
    expect((await members(null, group.groupId)).statusCode).toBe(401);
  });

  it('lets members leave and the owner remove them, but not leave their own group', async () => {
    const [owner, ben, cy] = await people('owner', 'ben', 'cy');
    const group = Group.parse((await create(owner)).json());
    await invite(owner, group.groupId, [ben, cy]);
    await accept(ben, group.groupId);
    await accept(cy, group.groupId);

    expect((await call('DELETE', `/${id(group.groupId)}/members/${id(cy)}`, ben)).statusCode).toBe(403);
    expect((await call('DELETE', `/${id(group.groupId)}/members/${id(ben)}`, ben)).statusCode).toBe(204);
    expect((await call('DELETE', `/${id(group.groupId)}/members/${id(cy)}`, owner)).statusCode).toBe(204);
    const ownerLeaves = await call('DELETE', `/${id(group.groupId)}/members/${id(owner)}`, owner);
    expect(ownerLeaves.statusCode).toBe(422);
    expect(ownerLeaves.json().message).toBe(groupMessages.ownerLeaves);
    expect((await call('DELETE', `/${id(group.groupId)}/members/${id(cy)}`, owner)).statusCode).toBe(404);
    expect(await memberIds(owner, group.groupId)).toEqual([[owner, 'member']]);
  });

  it('changes and deletes a group for its owner only', async () => {
    const [owner, member, stranger] = await people('owner', 'member', 'stranger');
    const group = Group.parse((await create(owner)).json());
    await invite(owner, group.groupId, [member]);
    await accept(member, group.groupId);

    const path = `/group/${id(group.groupId)}`;
    expect((await call('PATCH', path, null, { title: 'Mine' })).statusCode).toBe(401);
    expect((await call('PATCH', path, stranger, { title: 'Mine' })).statusCode).toBe(403);
    expect((await call('PATCH', path, member, { title: 'Mine' })).statusCode).toBe(403);
    const bad = await call('PATCH', path, owner, { title: '' });
    expect(bad.statusCode).toBe(400);

    const changed = await call('PATCH', path, owner, { title: 'Collectors', image: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Collectors',
      description: 'Who comes to openings',
      image: null,
    });

    expect((await call('DELETE', path, member)).statusCode).toBe(403);
    expect((await call('DELETE', path, owner)).statusCode).toBe(204);
    expect((await call('GET', path, owner)).statusCode).toBe(404);
    expect(GroupPage.parse((await call('GET', '/my', member)).json()).total).toBe(0);
  });

  it("lists a user's groups on their profile unless they hide them", async () => {
    const [ada, ben] = await people('ada', 'ben');
    const club = Group.parse((await create(ada, 'Club')).json());
    await create(ada, 'Circle');
    await invite(ada, club.groupId, [ben]);
    await accept(ben, club.groupId);

    const titles = async (userId: string, as: string | null, query = '') =>
      GroupPage.parse((await call('GET', `/user/${id(userId)}${query}`, as)).json()).items.map(
        (g) => g.title,
      );
    expect(await titles(ada, null)).toEqual(['Circle', 'Club']);
    expect(await titles(ada, null, '?search=cir')).toEqual(['Circle']);
    expect(await titles(ben, null)).toEqual(['Club']);
    expect((await call('GET', '/my?search=clu', ada)).json().items.map((g: Group) => g.title)).toEqual([
      'Club',
    ]);

    expect((await social.users.patchJson(ada, ada, { hideGroups: true })).statusCode).toBe(200);
    const hidden = (await call('GET', `/user/${id(ada)}`, ben)).json();
    expect(hidden).toMatchObject({ items: [], total: 0, hidden: true });
    expect(await titles(ada, null)).toEqual([]);
    // Their owner still sees them.
    expect(await titles(ada, ada)).toEqual(['Circle', 'Club']);
    expect((await call('GET', '/user/nobody-here', null)).statusCode).toBe(404);
  });

  it('answers groups by id in the order asked, leaving out those that are gone', async () => {
    const [ada] = await people('ada');
    const one = Group.parse((await create(ada, 'One')).json());
    const two = Group.parse((await create(ada, 'Two')).json());
    const res = await call('GET', `/many?ids=${two.groupId},missing,${one.groupId}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((g: Group) => g.title)).toEqual(['Two', 'One']);
  });

  it('lets the members of a group into a private space, and nobody invited only', async () => {
    const [owner, member, invitee, stranger] = await people('owner', 'member', 'invitee', 'stranger');
    const group = Group.parse((await create(owner, 'Patrons')).json());
    await invite(owner, group.groupId, [member, invitee]);
    await accept(member, group.groupId);

    const sceneId = await scenes.ready(owner, 'Patrons only', ['club', 'art', 'sea'], ['pro-user']);
    await scenes.publishNow(sceneId, owner, { privacyACLEnabled: true, groupPrivacyACL: [group.groupId] }, [
      'pro-user',
    ]);

    expect((await scenes.publishedMetadata(sceneId, member)).statusCode).toBe(200);
    expect((await scenes.publishedContent(sceneId, member)).statusCode).toBe(200);
    expect((await scenes.publishedMetadata(sceneId, invitee)).statusCode).toBe(403);
    expect((await scenes.publishedMetadata(sceneId, stranger)).statusCode).toBe(403);
    expect((await scenes.publishedMetadata(sceneId)).statusCode).toBe(401);
    // Explore's answers are cached for a second per caller: each look asks another page size.
    let ipp = 9;
    const found = async (as: string) =>
      (await scenes.search(as, { ownerId: owner, ipp: ipp++ }))
        .json()
        .items.map((m: { title: string }) => m.title);
    expect(await found(member)).toEqual(['Patrons only']);
    expect(await found(stranger)).toEqual([]);
    expect(await found(invitee)).toEqual([]);

    // Accepting lets the invitee in; leaving shuts the member out.
    await accept(invitee, group.groupId);
    expect((await scenes.publishedMetadata(sceneId, invitee)).statusCode).toBe(200);
    await call('DELETE', `/${id(group.groupId)}/members/${id(member)}`, member);
    expect((await scenes.publishedMetadata(sceneId, member)).statusCode).toBe(403);
    expect(await found(member)).toEqual([]);
    // Counting a visit follows the same rule.
    expect((await scenes.view(sceneId, member)).statusCode).toBe(403);
  });

  it('publishes with groups its owner is a member of only', async () => {
    const [owner, other] = await people('owner', 'other');
    const mine = Group.parse((await create(owner, 'Mine')).json());
    const theirs = Group.parse((await create(other, 'Theirs')).json());
    const sceneId = await scenes.ready(owner, 'Restricted', ['club', 'art', 'sea'], ['pro-user']);
    const slotId = await scenes.freeSlot(owner, ['pro-user']);
    const refused = await scenes.publish(
      sceneId,
      owner,
      {
        slotId,
        privacyACLEnabled: true,
        groupPrivacyACL: [mine.groupId, theirs.groupId],
        groupCommunicationACL: ['gone'],
      },
      ['pro-user'],
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: groupMessages.notYourGroups,
      details: [
        { path: '/groupPrivacyACL/1', message: groupMessages.notYourGroups },
        { path: '/groupCommunicationACL/0', message: groupMessages.notYourGroups },
      ],
    });
    // Nothing was published.
    expect((await scenes.publishedMetadata(sceneId, owner)).statusCode).toBe(404);
    const ok = await scenes.publish(
      sceneId,
      owner,
      {
        slotId,
        privacyACLEnabled: true,
        groupPrivacyACL: [mine.groupId],
        groupCommunicationACL: [mine.groupId],
      },
      ['pro-user'],
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await scenes.metadata(sceneId, owner)).json()).toMatchObject({
      groupPrivacyACL: [mine.groupId],
      groupCommunicationACL: [mine.groupId],
    });
  });

  it('holds the limit of groups one user owns when they create them at once', async () => {
    const [ada] = await people('ada');
    const attempts = await Promise.all(
      Array.from({ length: groupLimits.ownedMax + 5 }, (_, i) =>
        call('POST', '/group', ada, { title: `G${i}` }),
      ),
    );
    const codes = attempts.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(groupLimits.ownedMax);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(GroupPage.parse((await call('GET', '/my?ipp=1', ada)).json()).total).toBe(groupLimits.ownedMax);
  });

  it('documents every groups path in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/userService/groups'));
    expect(paths.sort()).toEqual(
      [
        '/api/userService/groups/group',
        '/api/userService/groups/group/{id}',
        '/api/userService/groups/my',
        '/api/userService/groups/my/invitations',
        '/api/userService/groups/user/{id}',
        '/api/userService/groups/district/{id}',
        '/api/userService/groups/many',
        '/api/userService/groups/{id}/members',
        '/api/userService/groups/{id}/invitation/accept',
        '/api/userService/groups/{id}/invitation/decline',
        '/api/userService/groups/{id}/members/{userId}',
      ].sort(),
    );
  });
});
