import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PublishAnswer,
  publishMessages,
  Slot,
  SlotList,
  ViewAnswer,
  visitorCookieName,
} from '../../../contracts/publishing';
import type { DatabaseHandle } from '../../../server/db';
import { uuidv7 } from '../../../server/db/ids';
import { publishSlots, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import { sampleContent, sceneApi } from './helpers';

describe.each(testDatabases())('publishing on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;
  let seq = 0;
  const newUser = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

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

  const titles = async (as: string | null, query: Record<string, string | number> = {}) =>
    (await api.search(as, query)).json().items.map((m: { title: string }) => m.title) as string[];

  describe('slots', () => {
    it('gives each plan its slots, made on first use, and answers them to their owner only', async () => {
      const free = newUser('free');
      const res = await api.slots(free);
      expect(res.statusCode, res.body).toBe(200);
      const list = SlotList.parse(res.json());
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ kind: 'free', active: true, ownerId: free, sceneId: null });
      // Asked again: the same slot, none added.
      expect(SlotList.parse((await api.slots(free)).json()).items.map((s) => s.slotId)).toEqual([
        list.items[0].slotId,
      ]);

      const pro = newUser('pro');
      expect((await api.slots(pro, 'my', ['premium-user'])).json().items).toHaveLength(4);
      const standard = newUser('standard');
      expect((await api.slots(standard, 'my', ['pro-user'])).json().items).toHaveLength(1);

      const one = await api.slots(free, list.items[0].slotId);
      expect(one.statusCode).toBe(200);
      expect(Slot.parse(one.json()).slotId).toBe(list.items[0].slotId);
      expect((await api.slots(newUser('stranger'), list.items[0].slotId)).statusCode).toBe(404);
      expect((await api.slots(free, 'no-such-slot')).statusCode).toBe(404);
      expect((await api.slots(null)).statusCode).toBe(401);
      expect((await api.slots(null, 'available')).statusCode).toBe(401);
    });

    it('marks plan slots beyond a downgraded plan inactive; their spaces stay published', async () => {
      const owner = newUser('downgrade');
      const pro = ['premium-user'] as const;
      const ids = [];
      for (let i = 0; i < 3; i++) {
        const id = await api.ready(owner, `Pro space ${i}`, ['a1', 'b2', 'c3'], [...pro]);
        await api.publishNow(id, owner, {}, [...pro]);
        ids.push(id);
      }
      const after = SlotList.parse((await api.slots(owner, 'my', ['free-user'])).json()).items;
      expect(after.map((s) => s.active)).toEqual([true, false, false, false]);
      expect(after.filter((s) => s.sceneId).map((s) => s.title)).toEqual([
        'Pro space 0',
        'Pro space 1',
        'Pro space 2',
      ]);
      for (const id of ids) expect((await api.publishedMetadata(id)).statusCode).toBe(200);
      // Nothing new goes into an inactive slot.
      const another = await api.ready(owner, 'Another');
      const empty = after[3];
      const refused = await api.publish(another, owner, { slotId: empty.slotId });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(publishMessages.slotInactive);
      expect((await api.slots(owner, 'available')).json().items).toEqual([]);
    });
  });

  describe('publishing a space', () => {
    it('publishes into a slot; draft edits show only after publishing again', async () => {
      const owner = newUser('author');
      await t.app.db.insert(users).values({ id: owner, name: 'The Author' });
      const id = await api.ready(owner, 'First title');
      const slotId = await api.freeSlot(owner);
      const res = await api.publish(id, owner, { slotId });
      expect(res.statusCode, res.body).toBe(200);
      const answer = PublishAnswer.parse(res.json());
      expect(answer.metadata).toMatchObject({ sceneId: id, state: 'Published', title: 'First title' });
      expect(answer.slot).toMatchObject({ slotId, sceneId: id, title: 'First title' });
      expect(answer.slot.sceneMetadata?.creator.name).toBe('The Author');
      expect((await api.slots(owner, 'available')).json().items).toEqual([]);

      // The draft moves on; visitors still see what was published.
      await api.patchJson(id, owner, { title: 'Second title' });
      await api.putContent(id, owner, sampleContent(3));
      expect((await api.publishedMetadata(id)).json().title).toBe('First title');
      expect((await api.publishedContent(id)).json().pictures).toHaveLength(1);
      expect(await titles(null, { ownerId: owner })).toEqual(['First title']);

      const again = await api.publish(id, owner, { slotId });
      expect(again.statusCode, again.body).toBe(200);
      expect((await api.publishedMetadata(id)).json().title).toBe('Second title');
      expect((await api.publishedContent(id)).json().pictures).toHaveLength(3);
      expect(await titles(null, { ownerId: owner })).toEqual(['Second title']);
    });

    it('refuses what is not ready, with messages a person understands', async () => {
      const owner = newUser('hasty');
      const slotId = await api.freeSlot(owner);

      const noSlot = await api.publish(await api.ready(owner, 'No slot'), owner, {});
      expect(noSlot.statusCode).toBe(422);
      expect(noSlot.json()).toMatchObject({ code: 'BUSINESS_RULE', message: publishMessages.noSlotAssigned });

      const unsaved = await api.draft(owner, 'Never saved');
      await api.patchJson(unsaved, owner, { tags: ['a1', 'b2', 'c3'] });
      const notSaved = await api.publish(unsaved, owner, { slotId });
      expect(notSaved.statusCode).toBe(422);
      expect(notSaved.json().message).toBe(publishMessages.notSaved);

      const bare = await api.ready(owner, '', ['only-one']);
      const notReady = await api.publish(bare, owner, { slotId });
      expect(notReady.statusCode).toBe(422);
      expect(notReady.json().details).toEqual([
        { path: '/title', message: publishMessages.titleRequired },
        { path: '/tags', message: publishMessages.tooFewTags },
      ]);

      // Bad bodies are validation errors with details.
      for (const body of [{ slotId: 5 }, { publishedPublic: 'yes' }, { unknown: true }]) {
        const bad = await api.publish(bare, owner, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) });
      }
      // Nothing was published by any of this.
      expect((await api.slots(owner, 'available')).json().items).toHaveLength(1);
    });

    it('lets only the owner publish and unpublish', async () => {
      const owner = newUser('owner');
      const draft = await api.ready(owner, 'Mine');
      const published = await api.ready(owner, 'Mine too');
      const stranger = newUser('stranger');
      const strangerSlot = await api.freeSlot(stranger);
      expect((await api.publish(draft, null, { slotId: strangerSlot })).statusCode).toBe(401);
      expect((await api.publish(draft, stranger, { slotId: strangerSlot })).statusCode).toBe(404);
      await api.publishNow(published, owner, {}, ['premium-user']);
      expect((await api.publish(published, stranger, { slotId: strangerSlot })).statusCode).toBe(403);
      expect((await api.unpublish(published, null)).statusCode).toBe(401);
      expect((await api.unpublish(published, stranger)).statusCode).toBe(403);
      expect((await api.unpublish(draft, stranger)).statusCode).toBe(404);
      expect((await api.publishedMetadata(published)).statusCode).toBe(200);
    });

    it("needs the caller's own slot: 404 for another's, 422 when they have none free", async () => {
      const owner = newUser('slotless');
      const other = newUser('other');
      const theirs = await api.freeSlot(other);
      const first = await api.ready(owner, 'First');
      const second = await api.ready(owner, 'Second');
      const foreign = await api.publish(first, owner, { slotId: theirs });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(publishMessages.noSuchSlot);

      const { slot } = await api.publishNow(first, owner);
      // The free plan's one slot is taken: a second space has nowhere to go.
      const taken = await api.publish(second, owner, { slotId: slot.slotId });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONFLICT', message: publishMessages.slotTaken });
      const none = await api.publish(second, owner, { slotId: theirs });
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe(publishMessages.noSlotAvailable);
      expect((await api.publish(second, owner, {})).json().message).toBe(publishMessages.noSlotAssigned);
      expect((await api.publishedMetadata(second)).statusCode).toBe(404);
    });

    it('moves a space to another slot, freeing the previous one', async () => {
      const owner = newUser('mover');
      const pro = ['premium-user'] as const;
      const id = await api.ready(owner, 'Moving', undefined, [...pro]);
      const slots = SlotList.parse((await api.slots(owner, 'my', [...pro])).json()).items;
      await api.publish(id, owner, { slotId: slots[0].slotId }, [...pro]);
      const moved = await api.publish(id, owner, { slotId: slots[2].slotId }, [...pro]);
      expect(moved.statusCode, moved.body).toBe(200);
      const after = SlotList.parse((await api.slots(owner, 'my', [...pro])).json()).items;
      expect(after.map((s) => s.sceneId)).toEqual([null, null, id, null]);
    });

    it('unpublishing frees the slot and makes the space a draft, gone from published reads', async () => {
      const owner = newUser('unpublisher');
      const id = await api.ready(owner, 'Here today');
      const { slot } = await api.publishNow(id, owner);
      const res = await api.unpublish(id, owner);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ metadata: { state: 'Draft' }, freedSlotId: slot.slotId });
      expect((await api.publishedMetadata(id)).statusCode).toBe(404);
      expect((await api.publishedContent(id)).statusCode).toBe(404);
      expect(await titles(null, { ownerId: owner })).toEqual([]);
      expect((await api.slots(owner, 'available')).json().items.map((s: Slot) => s.slotId)).toEqual([
        slot.slotId,
      ]);
      // Another space can use it now, and the first can come back later.
      const next = await api.ready(owner, 'Next');
      expect((await api.publish(next, owner, { slotId: slot.slotId })).statusCode).toBe(200);
      expect((await api.unpublish(id, owner)).json().freedSlotId).toBeNull();
    });

    it('deleting a published space frees its slot', async () => {
      const owner = newUser('deleter');
      const id = await api.ready(owner, 'Short-lived');
      const { slot } = await api.publishNow(id, owner);
      expect((await api.remove(id, owner)).statusCode).toBe(204);
      expect((await api.slots(owner, 'available')).json().items.map((s: Slot) => s.slotId)).toEqual([
        slot.slotId,
      ]);
      expect(await titles(null, { ownerId: owner })).toEqual([]);
      const next = await api.ready(owner, 'Next');
      expect((await api.publish(next, owner, { slotId: slot.slotId })).statusCode).toBe(200);
    });

    it('lets exactly one of two simultaneous publishes into one slot win', async () => {
      const owner = newUser('racer');
      const [a, b] = [await api.ready(owner, 'A'), await api.ready(owner, 'B')];
      const slotId = await api.freeSlot(owner);
      const results = await Promise.all([
        api.publish(a, owner, { slotId }),
        api.publish(b, owner, { slotId }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.app.db.select().from(publishSlots).where(eq(publishSlots.ownerId, owner));
      expect(rows).toHaveLength(1);
      const winner = results[0].statusCode === 200 ? a : b;
      expect(rows[0].sceneId).toBe(winner);
      expect(await titles(null, { ownerId: owner })).toEqual([winner === a ? 'A' : 'B']);
    });

    it('stores extra and district slots beside the plan ones', async () => {
      const owner = newUser('buyer');
      await t.app.db.insert(publishSlots).values([
        { id: uuidv7(), ownerId: owner, kind: 'extra', productId: 'extra-slot' },
        { id: uuidv7(), ownerId: owner, kind: 'district', districtId: 'd1', districtSubdomain: 'gallery' },
      ]);
      const list = SlotList.parse((await api.slots(owner)).json()).items;
      expect(list.map((s) => [s.kind, s.productId, s.districtSlot])).toEqual([
        ['free', null, false],
        ['extra', 'extra-slot', false],
        ['district', null, true],
      ]);
      // A free user with an extra slot publishes two spaces.
      const one = await api.ready(owner, 'One');
      const two = await api.ready(owner, 'Two');
      await api.publish(one, owner, { slotId: list[0].slotId });
      expect((await api.publish(two, owner, { slotId: list[1].slotId })).statusCode).toBe(200);
    });
  });

  describe('deleting an extra slot', () => {
    const giveExtraSlot = async (owner: string) => {
      const slotId = uuidv7();
      await t.app.db
        .insert(publishSlots)
        .values({ id: slotId, ownerId: owner, kind: 'extra', productId: 'extra-slot' });
      return slotId;
    };

    it('deletes an empty extra slot of its owner, and only that', async () => {
      const owner = newUser('tidy');
      const extra = await giveExtraSlot(owner);
      expect((await api.deleteSlot(extra, null)).statusCode).toBe(401);
      const stranger = await api.deleteSlot(extra, newUser('stranger'));
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND', message: publishMessages.noSuchSlot });
      expect(SlotList.parse((await api.slots(owner)).json()).items.map((s) => s.kind)).toEqual([
        'free',
        'extra',
      ]);

      const res = await api.deleteSlot(extra, owner);
      expect(res.statusCode, res.body).toBe(204);
      expect(SlotList.parse((await api.slots(owner)).json()).items.map((s) => s.kind)).toEqual(['free']);
      expect((await api.deleteSlot(extra, owner)).statusCode).toBe(404);
    });

    it('keeps plan and district slots, and a slot holding a published space', async () => {
      const owner = newUser('keeper');
      const extra = await giveExtraSlot(owner);
      await t.app.db.insert(publishSlots).values({
        id: uuidv7(),
        ownerId: owner,
        kind: 'district',
        districtId: 'd1',
        districtSubdomain: 'gallery',
      });
      const before = SlotList.parse((await api.slots(owner)).json()).items;
      const plan = before.find((s) => s.kind === 'free')!;
      const district = before.find((s) => s.kind === 'district')!;
      for (const slot of [plan, district]) {
        const res = await api.deleteSlot(slot.slotId, owner);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          code: 'BUSINESS_RULE',
          message: publishMessages.onlyExtraSlotsDeleted,
        });
      }
      const id = await api.ready(owner, 'Shown in the extra slot');
      expect((await api.publish(id, owner, { slotId: extra })).statusCode).toBe(200);
      const taken = await api.deleteSlot(extra, owner);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONFLICT', message: publishMessages.slotInUse });
      expect(SlotList.parse((await api.slots(owner)).json()).items).toEqual(
        before.map((s) => expect.objectContaining({ slotId: s.slotId })),
      );
      expect(await titles(null, { ownerId: owner })).toEqual(['Shown in the extra slot']);
      // Unpublished, the slot is empty and can go.
      expect((await api.unpublish(id, owner)).statusCode).toBe(200);
      expect((await api.deleteSlot(extra, owner)).statusCode).toBe(204);
    });

    it('lets a publish and a delete of the same slot at once end in one consistent state', async () => {
      const owner = newUser('race');
      const extra = await giveExtraSlot(owner);
      const id = await api.ready(owner, 'Racing');
      const [published, deleted] = await Promise.all([
        api.publish(id, owner, { slotId: extra }),
        api.deleteSlot(extra, owner),
      ]);
      const rows = await t.app.db.select().from(publishSlots).where(eq(publishSlots.id, extra));
      if (deleted.statusCode === 204) {
        expect(published.statusCode).toBe(404);
        expect(rows).toHaveLength(0);
        expect(await titles(null, { ownerId: owner })).toEqual([]);
      } else {
        expect([deleted.statusCode, published.statusCode]).toEqual([409, 200]);
        expect(rows[0].sceneId).toBe(id);
      }
    });
  });

  describe('privacy', () => {
    it('needs the Standard plan for privacy and communication choices', async () => {
      const owner = newUser('freeacl');
      const id = await api.ready(owner, 'Private wish');
      const slotId = await api.freeSlot(owner);
      for (const body of [{ privacyACLEnabled: true }, { communicationACLEnabled: true }]) {
        const res = await api.publish(id, owner, { slotId, ...body });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: publishMessages.planRequired });
      }
    });

    it('shows a private space to its owner and invited users only, without leaking the list', async () => {
      const owner = newUser('private');
      const friend = newUser('friend');
      const stranger = newUser('stranger');
      const id = await api.ready(owner, 'Members only', ['club', 'art', 'sea'], ['pro-user']);
      await api.publishNow(
        id,
        owner,
        { privacyACLEnabled: true, userPrivacyACL: [friend], communicationACLEnabled: true },
        ['pro-user'],
      );

      const anonymous = await api.publishedMetadata(id);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHORIZED');
      const denied = await api.publishedMetadata(id, stranger);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({
        code: 'FORBIDDEN',
        message: "You don't have permission to access this 3D space",
      });
      expect((await api.publishedContent(id, stranger)).statusCode).toBe(403);
      expect((await api.publishedContent(id)).statusCode).toBe(401);
      expect((await api.view(id, stranger)).statusCode).toBe(403);

      const invited = await api.publishedMetadata(id, friend);
      expect(invited.statusCode).toBe(200);
      expect(invited.json()).toMatchObject({ privacyACLEnabled: true, userPrivacyACL: [] });
      expect((await api.publishedContent(id, friend)).statusCode).toBe(200);
      const own = await api.publishedMetadata(id, owner);
      expect(own.json()).toMatchObject({ userPrivacyACL: [friend], communicationACLEnabled: true });

      // In search and by id: the same people.
      expect(await titles(null, { ownerId: owner })).toEqual([]);
      expect(await titles(stranger, { ownerId: owner })).toEqual([]);
      expect(await titles(friend, { ownerId: owner })).toEqual(['Members only']);
      expect(await titles(owner, { ownerId: owner })).toEqual(['Members only']);
      expect((await api.many([id], stranger)).json().items).toEqual([]);
      expect((await api.many([id], friend)).json().items.map((m: { title: string }) => m.title)).toEqual([
        'Members only',
      ]);
    });

    it('lists an unlisted space to nobody but its owner, and opens it by link', async () => {
      const owner = newUser('unlisted');
      const id = await api.ready(owner, 'By link only');
      await api.publishNow(id, owner, { publishedPublic: false });
      expect(await titles(null, { ownerId: owner })).toEqual([]);
      expect(await titles(newUser('someone'), { ownerId: owner })).toEqual([]);
      expect(await titles(owner, { ownerId: owner })).toEqual(['By link only']);
      expect((await api.publishedMetadata(id)).json().publishedPublic).toBe(false);
      expect((await api.many([id])).json().items).toHaveLength(1);
    });
  });

  describe('views', () => {
    it('counts a view once per visitor per day', async () => {
      const owner = newUser('popular');
      const id = await api.ready(owner, 'Visited');
      await api.publishNow(id, owner);

      const first = await api.view(id, null);
      expect(first.statusCode, first.body).toBe(200);
      expect(ViewAnswer.parse(first.json())).toEqual({ views: 1, counted: true });
      const cookie = String(first.headers['set-cookie']);
      expect(cookie).toMatch(new RegExp(`^${visitorCookieName}=[0-9a-f-]{36}; `));
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`);
      const sameVisitor = { cookie: cookie.split(';')[0] };

      // The same cookie again: not counted, no new cookie.
      const again = await api.view(id, null, sameVisitor);
      expect(again.json()).toEqual({ views: 1, counted: false });
      expect(again.headers['set-cookie']).toBeUndefined();
      // Another anonymous visitor (no cookie yet): counted.
      expect((await api.view(id, null)).json()).toEqual({ views: 2, counted: true });
      // A signed-in visitor, twice.
      const reader = newUser('reader');
      expect((await api.view(id, reader)).json()).toEqual({ views: 3, counted: true });
      expect((await api.view(id, reader)).json()).toEqual({ views: 3, counted: false });

      expect((await api.publishedMetadata(id)).json().views).toBe(3);
      // Totals survive unpublishing and publishing again.
      await api.unpublish(id, owner);
      expect((await api.view(id, reader)).statusCode).toBe(404);
      await api.publishNow(id, owner);
      expect((await api.publishedMetadata(id)).json().views).toBe(3);
    });

    it('answers 404 for drafts and unknown spaces', async () => {
      const owner = newUser('drafty');
      const id = await api.ready(owner, 'Draft');
      expect((await api.view(id, null)).statusCode).toBe(404);
      expect((await api.view('nope', null)).statusCode).toBe(404);
    });
  });
});
