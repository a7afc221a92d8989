import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { District, DistrictMemberPage, districtMessages, districtRules } from '../../../contracts/districts';
import { mailOutbox, publishSlots } from '../../../server/db/schema';
import { testDatabases } from '../../support/db';
import { sceneApi } from '../sceneService/helpers';
import { districtApi, districtKit } from './districtKit';
import { form, picturePart, png } from './helpers';

const template = 'white-cube-s-standard';

describe.each(testDatabases())('districts on $name', ({ open }) => {
  const { kit, unique: subdomain, auth, people, call, create, made, join } = districtKit(open);
  const api = (path: string) => `${districtApi}${path}`;

  it('makes a district for a Pro user with its logo, the plan’s slots and its owner as Owner', async () => {
    const [ada] = await people('ada');
    const res = await create(
      ada,
      { title: 'Harbour Museum' },
      { files: [picturePart('photo', await png('#246'), 'logo.png')] },
    );
    expect(res.statusCode, res.body).toBe(201);
    const district = District.parse(res.json());
    expect(district).toMatchObject({
      title: 'Harbour Museum',
      public: true,
      visible: true,
      districtUserRole: 'Owner',
      numOfMembers: 1,
      numOfSpaces: 0,
      freeSpaceTemplateId: template,
      owner: { userId: ada },
    });
    expect(district.photo).toMatch(/^\/api\/fileService\/file\//);
    const slots = (await call('GET', api(`/${district.districtId}/slots`), ada)).json().items;
    expect(slots).toHaveLength(districtRules.includedSlots);
    // Anyone reads it by its subdomain; the owner sees it among their districts.
    const read = await call('GET', api(`/info/${district.subdomain}`), null);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ districtId: district.districtId, districtUserRole: null });
    // The anonymous answer (written once, as JSON) is the one signed-in callers get, but their role.
    expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
    const asOwner = (await call('GET', api(`/info/${district.subdomain}`), ada)).json();
    expect(read.json()).toEqual({ ...asOwner, districtUserRole: null, following: false });
    expect((await call('GET', api(`/info/${district.subdomain}`), null)).body).toBe(read.body);
    expect((await call('GET', api('/my'), ada)).json().items.map((d: District) => d.subdomain)).toEqual([
      district.subdomain,
    ]);
  });

  it('refuses districts to anyone below Pro, and forms that break the rules', async () => {
    const [ben] = await people('ben');
    expect((await create(null)).statusCode).toBe(401);
    const standard = await create(ben, {}, { roles: ['pro-user'] });
    expect(standard.statusCode).toBe(403);
    expect(standard.json().message).toBe(districtMessages.proRequired);

    const bad = async (fields: Record<string, string>) => (await create(ben, fields)).json();
    expect((await bad({ title: 'A' })).details).toEqual([
      { path: '/title', message: districtMessages.titleMin },
    ]);
    expect((await bad({ subdomain: 'Has Spaces' })).details).toEqual([
      { path: '/subdomain', message: districtMessages.subdomainPattern },
    ]);
    expect((await bad({ subdomain: 'www' })).details).toEqual([
      { path: '/subdomain', message: 'Subdomain cannot be "www"' },
    ]);
    expect((await bad({ subdomain: '-edge-' })).details[0].message).toBe(districtMessages.subdomainPattern);
    expect((await bad({ freeSpaceTemplateId: 'no-such-room' })).details).toEqual([
      { path: '/freeSpaceTemplateId', message: 'No such premade space' },
    ]);
    expect((await call('GET', api('/my'), ben)).json().total).toBe(0);
  });

  it('says whether a subdomain is free, reserved, malformed or taken', async () => {
    const [ada] = await people('ada');
    const district = await made(ada);
    const free = await call('GET', api(`/available/${subdomain('fresh')}`), null);
    expect(free.statusCode).toBe(200);
    const reserved = await call('GET', api('/available/api'), null);
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe('Subdomain cannot be "api"');
    expect((await call('GET', api('/available/UPPER'), null)).statusCode).toBe(400);
    const taken = await call('GET', api(`/available/${district.subdomain}`), null);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(districtMessages.taken);
    // Making one on a taken subdomain: the same answer, nothing made.
    const twice = await create(ada, { subdomain: district.subdomain });
    expect(twice.statusCode).toBe(409);
    expect((await call('GET', api('/my'), ada)).json().total).toBe(1);
  });

  it('makes one district for one Idempotency-Key when 200 submits arrive at once', async () => {
    const [ada] = await people('ada');
    const name = subdomain('once');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => create(ada, { subdomain: name }, { key: `wizard-${name}` })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().districtId)).size).toBe(1);
    expect((await call('GET', api('/my'), ada)).json().total).toBe(1);
  });

  it('shows a private district to its members only, and what each may do on its host', async () => {
    const [owner, member, stranger] = await people('owner', 'member', 'stranger');
    const district = await made(owner, { public: 'false' });
    await join(district, owner, member);

    expect((await call('GET', api(`/info/${district.subdomain}`), stranger)).json()).toEqual({
      code: 'FORBIDDEN',
      message: districtMessages.noAccess,
    });
    expect((await call('GET', api(`/info/${district.subdomain}`), null)).statusCode).toBe(403);
    expect((await call('GET', api(`/info/${district.subdomain}`), member)).json().districtUserRole).toBe(
      'Creator',
    );
    expect((await call('GET', api(`/districtAccess/${district.subdomain}`), stranger)).json()).toMatchObject({
      public: false,
      access: false,
      districtUserRole: null,
    });
    expect((await call('GET', api(`/districtAccess/${district.subdomain}`), member)).json()).toMatchObject({
      access: true,
      districtUserRole: 'Creator',
    });
    const unknown = await call('GET', api('/districtAccess/nobody-here'), null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(districtMessages.notFound);
    // Not in Explore either.
    const found = (await call('GET', api(`/search?q=${district.subdomain}`), null)).json();
    expect(found.total).toBe(0);
  });

  it('lets Owners change the district’s settings and appearance, and nobody else', async () => {
    const [owner, member, stranger] = await people('owner', 'member', 'stranger');
    const district = await made(owner);
    await join(district, owner, member);
    const change = (as: string | null, json: unknown) =>
      call('PATCH', api(`/${district.districtId}`), as, json);
    // Read by a visitor first (that answer is shared for a moment), then changed: seen at once.
    const home = async () => (await call('GET', api(`/info/${district.subdomain}`), null)).json();
    expect((await home()).numOfMembers).toBe(2);
    expect((await home()).subtitle).toBe('');
    expect((await change(null, { subtitle: 'x' })).statusCode).toBe(401);
    expect((await change(stranger, { subtitle: 'x' })).statusCode).toBe(403);
    expect((await change(member, { subtitle: 'x' })).statusCode).toBe(403);
    const badTheme = await change(owner, { styles: { theme: 'neon', fontFamily: 'sans' } });
    expect(badTheme.statusCode).toBe(400);
    const done = await change(owner, {
      subtitle: 'Art and the sea',
      description: 'A museum by the harbour.',
      styles: { theme: 'forest', fontFamily: 'serif' },
      socialMedia: [{ name: 'instagram', url: 'https://instagram.com/harbour' }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(JSON.parse(done.json().styles)).toEqual({ theme: 'forest', fontFamily: 'serif' });
    expect(done.json()).toMatchObject({
      subtitle: 'Art and the sea',
      description: 'A museum by the harbour.',
    });
    expect(await home()).toMatchObject({ subtitle: 'Art and the sea', districtUserRole: null });
    // The member's own role comes with the shared part; a member leaving is counted at once.
    expect((await call('GET', api(`/info/${district.subdomain}`), member)).json()).toMatchObject({
      subtitle: 'Art and the sea',
      districtUserRole: 'Creator',
      numOfMembers: 2,
    });
    expect((await call('DELETE', api(`/${district.districtId}/members/${member}`), member)).statusCode).toBe(
      204,
    );
    expect((await call('GET', api(`/info/${district.subdomain}`), member)).json()).toMatchObject({
      districtUserRole: null,
      numOfMembers: 1,
    });
    await join(district, owner, member);

    // The multipart form of the appearance page, with a cover photo.
    const body = form({ title: 'Harbour Museum of Art' }, [
      picturePart('coverPhoto', await png('#864'), 'cover.png'),
    ]);
    const multipart = await kit.t.app.inject({
      method: 'PATCH',
      url: api(`/${district.districtId}`),
      headers: { ...(await auth(owner)), ...body.headers },
      payload: body.payload,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.json().title).toBe('Harbour Museum of Art');
    expect(multipart.json().coverPhoto).toMatch(/^\/api\/fileService\/file\//);
  });

  it('invites by link and by e-mail; members join as Creators', async () => {
    const [owner, ben, cy, dee] = await people('owner', 'ben', 'cy', 'dee');
    const district = await made(owner, { public: 'false' });
    const link = await call('POST', api(`/${district.districtId}/invite`), owner);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().link).toBe(
      `http://${district.subdomain}.spaces.test:8080/?invitation_code=${link.json().invitationCode}`,
    );
    // A link works for anyone who has it, and again.
    for (const who of [ben, cy]) {
      const res = await call('POST', api(`/invitation/${link.json().invitationCode}/accept`), who);
      expect(res.json()).toEqual({
        districtId: district.districtId,
        subdomain: district.subdomain,
        districtUserRole: 'Creator',
      });
    }
    // An e-mail invitation: sent, for that address, once.
    const mail = await call('POST', api(`/${district.districtId}/invite`), owner, {
      email: `${dee}@example.com`,
    });
    const [sent] = await kit.db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `${dee}@example.com`));
    expect(sent.text).toContain(mail.json().link);
    expect(
      (await call('POST', api(`/invitation/${mail.json().invitationCode}/accept`), ben)).statusCode,
    ).toBe(200); // a member already
    const [eve] = await people('eve');
    expect(
      (await call('POST', api(`/invitation/${mail.json().invitationCode}/accept`), eve)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', api(`/invitation/${mail.json().invitationCode}/accept`), dee)).statusCode,
    ).toBe(200);

    const list = DistrictMemberPage.parse(
      (await call('GET', api(`/${district.districtId}/members`), owner)).json(),
    );
    expect(list.items.map((m) => [m.userId, m.role])).toEqual(
      expect.arrayContaining([
        [owner, 'Owner'],
        [ben, 'Creator'],
        [cy, 'Creator'],
        [dee, 'Creator'],
      ]),
    );
    expect(list.items[0].role).toBe('Owner');
    expect(list.items.find((m) => m.userId === ben)?.email).toBe(`${ben}@example.com`);
    // A Creator sees who is in it, not their e-mail addresses; a stranger nothing.
    const asCreator = DistrictMemberPage.parse(
      (await call('GET', api(`/${district.districtId}/members`), ben)).json(),
    );
    expect(asCreator.items.every((m) => m.email === null)).toBe(true);
    expect((await call('GET', api(`/${district.districtId}/members`), eve)).statusCode).toBe(403);
    // Only Owners invite; a withdrawn link stops working.
    expect((await call('POST', api(`/${district.districtId}/invite`), ben)).statusCode).toBe(403);
    expect(
      (await call('DELETE', api(`/${district.districtId}/invitations/${link.json().invitationCode}`), owner))
        .statusCode,
    ).toBe(204);
    const gone = await call('POST', api(`/invitation/${link.json().invitationCode}/accept`), eve);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(districtMessages.invitationUnknown);
  });

  it('allocates slots to members, who see theirs; removal and leaving give them back', async () => {
    const [owner, ben, cy, stranger] = await people('owner', 'ben', 'cy', 'stranger');
    const district = await made(owner);
    await join(district, owner, ben);
    await join(district, owner, cy);
    const slots = (await call('GET', api(`/${district.districtId}/slots`), owner)).json().items;
    const allocate = (as: string, slotId: string, userId: string | null) =>
      call('PUT', api(`/${district.districtId}/slots/${slotId}/allocation`), as, { userId });

    const given = await allocate(owner, slots[0].slotId, ben);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().allocatedTo).toEqual({ userId: ben, name: `Name of ${ben}` });
    await allocate(owner, slots[1].slotId, cy);
    expect((await allocate(ben, slots[2].slotId, ben)).statusCode).toBe(403);
    expect((await allocate(owner, slots[2].slotId, stranger)).statusCode).toBe(404);
    expect(
      (await call('GET', api(`/${district.districtId}/slots`), ben))
        .json()
        .items.map((s: { slotId: string }) => s.slotId),
    ).toEqual([slots[0].slotId]);
    expect((await call('GET', api(`/${district.districtId}/slots`), stranger)).statusCode).toBe(403);
    const members = DistrictMemberPage.parse(
      (await call('GET', api(`/${district.districtId}/members`), owner)).json(),
    );
    expect(members.items.find((m) => m.userId === ben)?.allocatedSlots).toBe(1);

    // Ben leaves, Cy is removed: their slots go back to the Owners.
    expect((await call('DELETE', api(`/${district.districtId}/members/${ben}`), ben)).statusCode).toBe(204);
    expect((await call('DELETE', api(`/${district.districtId}/members/${cy}`), ben)).statusCode).toBe(403);
    expect((await call('DELETE', api(`/${district.districtId}/members/${cy}`), owner)).statusCode).toBe(204);
    const owned = (await call('GET', api(`/${district.districtId}/slots`), owner)).json().items;
    expect(owned.every((s: { allocatedTo: unknown }) => s.allocatedTo === null)).toBe(true);
    const ownerLeaves = await call('DELETE', api(`/${district.districtId}/members/${owner}`), owner);
    expect(ownerLeaves.statusCode).toBe(422);
    expect(ownerLeaves.json().message).toBe(districtMessages.ownerStays);
  });

  it('makes a member an Owner, who may then manage; the district’s maker stays an Owner', async () => {
    const [owner, ben] = await people('owner', 'ben');
    const district = await made(owner);
    await join(district, owner, ben);
    const role = (as: string, userId: string, value: string) =>
      call('PATCH', api(`/${district.districtId}/members/${userId}`), as, { role: value });
    expect((await role(ben, ben, 'Owner')).statusCode).toBe(403);
    expect((await role(owner, ben, 'Owner')).statusCode).toBe(204);
    expect(
      (await call('PATCH', api(`/${district.districtId}`), ben, { subtitle: 'Co-run' })).statusCode,
    ).toBe(200);
    expect((await role(ben, owner, 'Creator')).statusCode).toBe(422);
    expect((await role(owner, ben, 'Boss')).statusCode).toBe(400);
  });

  it('lists public districts in Explore and a user’s districts on their profile', async () => {
    const [owner, member, fan] = await people('owner', 'member', 'fan');
    const word = subdomain('zebra').replace(/-/g, '');
    const open = await made(owner, { title: `${word} open` });
    const hidden = await made(owner, { title: `${word} hidden`, visible: 'false' });
    const closed = await made(owner, { title: `${word} closed`, public: 'false' });
    await join(closed, owner, member);
    const titles = async (url: string, as: string | null) =>
      ((await call('GET', url, as)).json().items as District[]).map((d) => d.title).sort();
    expect(await titles(api(`/search?q=${word}`), null)).toEqual([`${word} open`]);
    expect(await titles(api(`/user/${owner}?side=my`), owner)).toEqual([
      `${word} closed`,
      `${word} hidden`,
      `${word} open`,
    ]);
    expect(await titles(api(`/user/${owner}?side=my`), fan)).toEqual([`${word} hidden`, `${word} open`]);
    expect(await titles(api(`/user/${owner}?side=my`), member)).toEqual([
      `${word} closed`,
      `${word} hidden`,
      `${word} open`,
    ]);
    expect(await titles(api(`/user/${member}?side=others`), member)).toEqual([`${word} closed`]);

    // Following a district.
    const follow = await call('PUT', `/api/socialService/follows/districts/${open.districtId}`, fan);
    expect(follow.json()).toEqual({ districtId: open.districtId, following: true, numOfFollowers: 1 });
    expect((await call('GET', api(`/info/${open.subdomain}`), fan)).json()).toMatchObject({
      following: true,
      numOfFollowers: 1,
    });
    expect(await titles(api(`/user/${fan}?side=following`), null)).toEqual([`${word} open`]);
    expect(
      (await call('PUT', `/api/socialService/follows/districts/${closed.districtId}`, fan)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/socialService/follows/districts/${open.districtId}`, fan)).json()
        .numOfFollowers,
    ).toBe(0);
    void hidden;
  });

  it('sells districts slots and premade spaces for credits, to their Owners', async () => {
    const [owner, ben] = await people('owner', 'ben');
    const district = await made(owner);
    await join(district, owner, ben);
    const items = (await call('GET', '/api/marketplaceService/districtItems', null)).json().items;
    const slot = items.find((i: { type: string }) => i.type === 'slot');
    const room = items.find((i: { spaceTemplateId: string }) => i.spaceTemplateId === 'loft-m-standard');
    await kit.t.app.marketplace.grant(owner, 1000);
    await kit.t.app.marketplace.grant(ben, 1000);
    const cart = {
      totalCoin: slot.priceCoin * 2 + room.priceCoin,
      transactionItems: [
        {
          districtItemId: slot.districtItemId,
          quantity: 2,
          priceCoin: slot.priceCoin,
          districtId: district.districtId,
        },
        {
          districtItemId: room.districtItemId,
          quantity: 1,
          priceCoin: room.priceCoin,
          districtId: district.districtId,
        },
      ],
    };
    const pay = async (as: string, key?: string) =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/marketplaceService/internalTransaction',
        headers: {
          ...(await auth(as)),
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: JSON.stringify(cart),
      });
    expect((await pay(ben)).statusCode).toBe(403);
    // The wizard's submit, many times at once with its one key: charged once.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => pay(owner, `cart-${district.districtId}`)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const paid = answers[0];
    expect(new Set(answers.map((a) => a.json().transactionId)).size).toBe(1);
    expect(paid.json().availableBalance).toBe(1000 - cart.totalCoin);
    const slots = await kit.db.db
      .select()
      .from(publishSlots)
      .where(eq(publishSlots.districtId, district.districtId));
    expect(slots).toHaveLength(districtRules.includedSlots + 2);
    expect(slots.every((s) => s.kind === 'district' && s.ownerId === owner)).toBe(true);
    const bought = (
      await call('GET', `/api/marketplaceService/districtItems/purchased/${district.districtId}`, owner)
    ).json().items;
    expect(bought).toEqual(
      expect.arrayContaining([
        {
          districtItemId: slot.districtItemId,
          type: 'slot',
          spaceTemplateId: null,
          quantity: 2,
          free: false,
        },
        {
          districtItemId: room.districtItemId,
          type: 'spaceTemplate',
          spaceTemplateId: 'loft-m-standard',
          quantity: 1,
          free: false,
        },
        expect.objectContaining({ spaceTemplateId: template, free: true }),
      ]),
    );
    expect(
      (await call('GET', `/api/marketplaceService/districtItems/purchased/${district.districtId}`, ben))
        .statusCode,
    ).toBe(403);
  });

  it('lets a Creator publish into the slot allocated to them, and nobody else into the district', async () => {
    const scenes = sceneApi(kit.t, kit.issuer);
    const [owner, ben, cy] = await people('owner', 'ben', 'cy');
    const district = await made(owner);
    await join(district, owner, ben);
    await join(district, owner, cy);
    const [slot] = (await call('GET', api(`/${district.districtId}/slots`), owner)).json().items;
    await call('PUT', api(`/${district.districtId}/slots/${slot.slotId}/allocation`), owner, { userId: ben });

    // Ben sees the slot among his own; Cy does not.
    const bens = (await scenes.slots(ben)).json().items as { slotId: string; districtSlot: boolean }[];
    expect(bens.filter((s) => s.districtSlot).map((s) => s.slotId)).toEqual([slot.slotId]);
    const cys = (await scenes.slots(cy)).json().items as { districtSlot: boolean }[];
    expect(cys.some((s) => s.districtSlot)).toBe(false);

    const spaceOfCy = await scenes.ready(cy, 'Not allowed');
    expect((await scenes.publish(spaceOfCy, cy, { slotId: slot.slotId })).statusCode).toBe(404);
    const spaceOfBen = await scenes.ready(ben, 'Ben in the district');
    const published = await scenes.publish(spaceOfBen, ben, { slotId: slot.slotId });
    expect(published.statusCode, published.body).toBe(200);
    expect((await scenes.metadata(spaceOfBen, ben)).json()).toMatchObject({
      districtId: district.districtId,
      districtSubdomain: district.subdomain,
    });
    // The district's home lists it; its count says so.
    const listed = (await scenes.search(null, { districtId: district.districtId })).json().items;
    expect(listed.map((m: { title: string }) => m.title)).toEqual(['Ben in the district']);
    expect((await call('GET', api(`/info/${district.subdomain}`), null)).json().numOfSpaces).toBe(1);
    // Unpublished, it leaves the district and its slot.
    expect((await scenes.unpublish(spaceOfBen, ben)).statusCode).toBe(200);
    expect((await scenes.metadata(spaceOfBen, ben)).json().districtId).toBeNull();
    expect((await scenes.search(null, { districtId: district.districtId, ipp: 8 })).json().items).toEqual([]);
  });
});
