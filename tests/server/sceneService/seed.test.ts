import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAvatar } from '../../../contracts/avatars';
import { parseSceneContent } from '../../../contracts/sceneContent';
import type { DatabaseHandle } from '../../../server/db';
import { accounts, appliedJobs, publishSlots, scenes, subscriptions, users } from '../../../server/db/schema';
import {
  demoPassword,
  demoPlansJob,
  demoSpacesJob,
  demoUsers,
  seedDemoContent,
} from '../../../server/db/seed';
import { signIn } from '../../../server/identity/accounts';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { marketApi } from '../marketplaceService/helpers';
import { sceneApi } from './helpers';

describe.each(testDatabases())('the demo spaces on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, issuer.env);
    api = sceneApi(t, issuer);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  it('seeds demo users and a dozen published spaces once', async () => {
    expect(await seedDemoContent(t.app)).toBe(true);
    expect(await seedDemoContent(t.app)).toBe(false);
    expect(await t.app.db.select().from(appliedJobs).where(eq(appliedJobs.name, demoSpacesJob))).toHaveLength(
      1,
    );

    const all = await t.app.db.select().from(scenes);
    expect(all).toHaveLength(12);
    const owners = new Set(all.map((s) => s.ownerId));
    expect(owners.size).toBe(demoUsers.length);
    // Each demo user has an avatar of their own.
    expect(new Set(demoUsers.map((u) => u.avatar)).size).toBe(demoUsers.length);
    for (const user of demoUsers) expect(parseAvatar(user.avatar), user.avatar).not.toBeNull();

    for (const user of demoUsers) {
      const result = await signIn(t.app.db, user.email, demoPassword);
      expect(result.ok, user.email).toBe(true);
      const [account] = await t.app.db.select().from(accounts).where(eq(accounts.email, user.email));
      const [record] = await t.app.db.select().from(users).where(eq(users.id, account.id));
      expect(record).toMatchObject({
        name: user.name,
        plan: user.plan,
        avatar: user.avatar,
        loginProvider: 'local',
      });
      expect(record.profilePictureId).toEqual(expect.any(String));
    }

    for (const scene of all) {
      expect(scene.state).toBe('Published');
      const meta = await api.publishedMetadata(scene.id);
      expect(meta.statusCode).toBe(200);
      const m = meta.json();
      expect(m.title).toBe(scene.title);
      expect(m.coverPhotoUri).toMatch(/^\/api\/fileService\/file\//);
      expect(m.photoGallery.length).toBeGreaterThan(0);
      expect(m.creator.name).not.toBe('');
      expect((await t.app.inject({ url: m.coverPhotoUri })).statusCode).toBe(200);
      const content = await api.publishedContent(scene.id);
      expect(content.statusCode).toBe(200);
      const parsed = parseSceneContent(content.json());
      expect(parsed.ok).toBe(true);
      if (parsed.ok) {
        expect(parsed.content.pictures.length).toBeGreaterThan(0);
        expect(parsed.content.guidedTours.length).toBeGreaterThan(0);
        expect(parsed.content.spaceTemplate ?? parsed.content.customSpace).toBeDefined();
      }
    }

    // Every published space is in a slot of its owner's, each slot holding one space; each demo
    // user has at least one spare slot of their own besides, to try publishing with.
    const allSlots = await t.app.db.select().from(publishSlots);
    const slots = allSlots.filter((s) => s.sceneId !== null);
    expect(slots.map((s) => s.sceneId).sort()).toEqual(all.map((s) => s.id).sort());
    const spare = allSlots.filter((s) => s.sceneId === null && s.kind !== 'district');
    expect(new Set(spare.map((s) => s.ownerId)).size).toBe(demoUsers.length);
    for (const slot of slots) {
      expect(slot.ownerId).toBe(all.find((s) => s.id === slot.sceneId)?.ownerId);
      expect(slot.active).toBe(true);
    }

    // The museum's public district shows three of its spaces, and the studio is a Creator in it
    // with a slot of its own; the private district takes the README's invitation link.
    const gallery = (await t.app.inject({ url: '/api/userService/district/info/gallery' })).json();
    expect(gallery).toMatchObject({ public: true, numOfSpaces: 3, numOfMembers: 2 });
    expect(JSON.parse(gallery.styles)).toEqual({ theme: 'terracotta', fontFamily: 'serif' });
    const inGallery = slots.filter((s) => s.districtId === gallery.districtId);
    expect(inGallery.map((s) => all.find((a) => a.id === s.sceneId)?.title).sort()).toEqual([
      'Northern Light: Landscapes of the North Sea Coast',
      'Spring Salon 2025',
      'The Sculpture Court',
    ]);
    const [studio] = await t.app.db.select().from(accounts).where(eq(accounts.email, demoUsers[2].email));
    expect(allSlots.filter((s) => s.allocatedUserId === studio.id)).toHaveLength(1);
    const lounge = (
      await t.app.inject({ url: '/api/userService/district/districtAccess/members-lounge' })
    ).json();
    expect(lounge).toMatchObject({ public: false, access: false });
    const [visitor] = [`lounge-visitor-${Date.now()}`];
    await t.app.inject({
      method: 'POST',
      url: '/api/userService/user',
      headers: {
        ...(await issuer.headersFor(visitor, { name: 'Visitor' })),
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/userService/district/invitation/harbour-lounge-welcome/accept',
      headers: await issuer.headersFor(visitor, { name: 'Visitor' }),
    });
    expect(joined.json()).toMatchObject({ subdomain: 'members-lounge', districtUserRole: 'Creator' });

    // Their plans are recorded as a purchase records them: the wallet page shows the plan.
    const market = marketApi(t, issuer);
    for (const user of demoUsers) {
      const [account] = await t.app.db.select().from(accounts).where(eq(accounts.email, user.email));
      const mine = (await market.get('/subscription/my', account.id)).json();
      expect(mine, user.email).toMatchObject({ plan: user.plan });
      // Their profiles count their published spaces.
      const profile = (await t.app.inject({ url: `/api/userService/user/${account.id}` })).json();
      expect(profile.numPublishedSpaces, user.email).toBe(all.filter((s) => s.ownerId === account.id).length);
      expect(profile.numPublishedSpaces).toBeGreaterThan(0);
      if (user.plan !== 'free') {
        expect(mine).toMatchObject({ priceId: `${user.plan}-yearly`, isCanceled: 0 });
        expect(new Date(mine.endsAt).getTime()).toBeGreaterThan(Date.now() + 300 * 86400_000);
      }
    }

    // The owner sees them in their spaces, as published ones.
    const [museum] = await t.app.db.select().from(accounts).where(eq(accounts.email, demoUsers[0].email));
    const mine = await api.my(museum.id, { state: 'Published' });
    expect(mine.json().total).toBe(all.filter((s) => s.ownerId === museum.id).length);
  });

  it('records the plans of demo users seeded before plans were recorded, once', async () => {
    await t.app.db.delete(subscriptions);
    await t.app.db.delete(appliedJobs).where(eq(appliedJobs.name, demoPlansJob));
    expect(await seedDemoContent(t.app)).toBe(true);
    expect(await seedDemoContent(t.app)).toBe(false);
    const rows = await t.app.db.select().from(subscriptions);
    expect(rows.map((r) => r.plan).sort()).toEqual(
      demoUsers
        .map((u) => u.plan)
        .filter((p) => p !== 'free')
        .sort(),
    );
  });
});
