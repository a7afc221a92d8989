import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PublishableScene,
  type PublishAnswer,
  type PublishForm,
  publishMessages,
  type UnpublishAnswer,
} from '../../../contracts/publishing';
import { groupMessages } from '../../../contracts/groups';
import { tierOf } from '../../../contracts/roles';
import type { FieldIssue } from '../../../contracts/users';
import type { Database } from '../../db';
import { districtSpaces, publishSlots, scenes } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { memberOfGroups } from '../userService/groupMembership';
import { ownerAccess } from './access';
import { lockClasses } from './locks';
import type { SceneService } from './service';
import { type SlotService, usableBy } from './slots';
import { refreshSceneDistricts } from './sceneDistricts';
import { removeSnapshot } from './snapshot';

export type PublishInput = z.output<typeof PublishForm>;

const business = (message: string, details?: unknown) => new AppError('BUSINESS_RULE', message, details);

/**
 * Publishing (platform.md §2.4, §2.5, §7.3): a draft goes into one of its owner's slots as a
 * published snapshot, and comes out again. Authorization is checked here; the routes only read
 * requests and send answers.
 */
export class PublishingService {
  private readonly db: Database;

  constructor(
    private readonly scenesService: SceneService,
    private readonly slots: SlotService,
  ) {
    this.db = scenesService.database;
  }

  /**
   * Publishes the draft as it is now into a slot (owner only). Checked in this order: a slot was
   * chosen (422), the plan allows the ACL choices (403), the content was saved, the title is not
   * empty and there are enough tags (422); then, under the owner's slot lock and the slot's row
   * lock, the slot must be the caller's (404; 422 noSlotAvailable when they have no free active
   * slot at all), active (422) and empty or holding this space already (409). The ACL fields, the
   * slot (a previous one is freed) and the published snapshot are written in one transaction.
   */
  async publish(id: string, caller: Caller, form: PublishInput): Promise<PublishAnswer> {
    const row = ownerAccess(await this.scenesService.find(id), caller);
    if (!form.slotId) {
      throw business(publishMessages.noSlotAssigned, [
        { path: '/slotId', message: publishMessages.noSlotAssigned },
      ]);
    }
    const slotId = form.slotId;
    if (tierOf(caller.roles) === 'free' && (form.privacyACLEnabled || form.communicationACLEnabled)) {
      throw forbidden(publishMessages.planRequired);
    }
    if (!row.contentSha256) throw business(publishMessages.notSaved);
    const checked = PublishableScene.safeParse({ title: row.title ?? '', tags: row.tags ?? [] });
    if (!checked.success) {
      const issues: FieldIssue[] = checked.error.issues.map((issue) => ({
        path: `/${issue.path.join('/')}`,
        message: issue.message,
      }));
      throw business(issues.map((i) => i.message).join(' '), issues);
    }

    await this.checkGroups(caller, form);

    await this.slots.ensurePlanSlots(caller);
    const taken = await this.db.transaction(async (tx) => {
      // One owner's slot changes one at a time; the space is locked before its slot, as delete does.
      await tx.execute(sql`select pg_advisory_xact_lock(${lockClasses.slots}, hashtext(${caller.userId}))`);
      await tx.select({ id: scenes.id }).from(scenes).where(eq(scenes.id, id)).for('update');
      const [slot] = await tx.select().from(publishSlots).where(eq(publishSlots.id, slotId)).for('update');
      // The caller's own slots, and district slots allocated to them.
      if (!slot || (slot.ownerId !== caller.userId && slot.allocatedUserId !== caller.userId)) {
        const [free] = await tx
          .select({ id: publishSlots.id })
          .from(publishSlots)
          .where(and(usableBy(caller), eq(publishSlots.active, true), isNull(publishSlots.sceneId)))
          .limit(1);
        if (!free) throw business(publishMessages.noSlotAvailable);
        throw notFound(publishMessages.noSuchSlot);
      }
      if (slot.sceneId && slot.sceneId !== id) throw new AppError('CONFLICT', publishMessages.slotTaken);
      if (!slot.active && slot.sceneId !== id) throw business(publishMessages.slotInactive);
      // Moving to another slot frees the previous one (a space is in at most one slot).
      await tx
        .update(publishSlots)
        .set({ sceneId: null, publisherId: null, updatedAt: sql`now()` })
        .where(and(eq(publishSlots.sceneId, id), ne(publishSlots.id, slot.id)));
      const [occupied] = await tx
        .update(publishSlots)
        .set({ sceneId: id, publisherId: caller.userId, updatedAt: sql`now()` })
        .where(
          and(eq(publishSlots.id, slot.id), or(isNull(publishSlots.sceneId), eq(publishSlots.sceneId, id))),
        )
        .returning();
      if (!occupied) throw new AppError('CONFLICT', publishMessages.slotTaken);

      const acl: Partial<typeof scenes.$inferInsert> = {};
      if (form.privacyACLEnabled !== undefined) acl.privacyAclEnabled = form.privacyACLEnabled;
      if (form.userPrivacyACL !== undefined) acl.userPrivacyAcl = [...new Set(form.userPrivacyACL)];
      if (form.groupPrivacyACL !== undefined) acl.groupPrivacyAcl = [...new Set(form.groupPrivacyACL)];
      if (form.communicationACLEnabled !== undefined)
        acl.communicationAclEnabled = form.communicationACLEnabled;
      if (form.userCommunicationACL !== undefined)
        acl.userCommunicationAcl = [...new Set(form.userCommunicationACL)];
      if (form.groupCommunicationACL !== undefined)
        acl.groupCommunicationAcl = [...new Set(form.groupCommunicationACL)];
      // A space in a district's slot is the district's (its home lists it); elsewhere, nobody's.
      acl.districtId = occupied.districtId;
      acl.districtSubdomain = occupied.districtSubdomain;
      await tx.update(scenes).set(acl).where(eq(scenes.id, id));
      await refreshSceneDistricts(tx, eq(scenes.id, id));
      await this.scenesService.publishSnapshot(id, { publishedPublic: form.publishedPublic, tx });
      return occupied;
    });
    this.scenesService.publishedChanged();
    this.log('space published', { sceneId: id, slotId: taken.id });
    return {
      metadata: await this.scenesService.publishedMetadata(id, caller),
      slot: await this.slots.slot(taken.id, caller),
    };
  }

  /**
   * The group ACLs may name only groups the owner is a member of (422, one detail per group that
   * is not, or is gone): a space cannot be opened to a group its owner cannot see into.
   */
  private async checkGroups(caller: Caller, form: PublishInput) {
    const lists = [
      ['groupPrivacyACL', form.groupPrivacyACL ?? []],
      ['groupCommunicationACL', form.groupCommunicationACL ?? []],
    ] as const;
    const named = [...new Set(lists.flatMap(([, ids]) => ids))];
    if (named.length === 0) return;
    const mine = await memberOfGroups(this.db, caller.userId, named);
    const issues: FieldIssue[] = lists.flatMap(([field, ids]) =>
      ids.flatMap((id, i) =>
        mine.has(id) ? [] : [{ path: `/${field}/${i}`, message: groupMessages.notYourGroups }],
      ),
    );
    if (issues.length > 0) throw business(groupMessages.notYourGroups, issues);
  }

  /**
   * Unpublishes (owner only): the slot is freed, the space is a Draft again, its published
   * snapshot is gone from search and published reads. Unpublishing a draft changes nothing.
   */
  async unpublish(id: string, caller: Caller): Promise<UnpublishAnswer> {
    ownerAccess(await this.scenesService.find(id), caller);
    const freed = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockClasses.slots}, hashtext(${caller.userId}))`);
      const [row] = await tx.select().from(scenes).where(eq(scenes.id, id)).for('update');
      if (!row || row.deletedAt) throw notFound('No such space');
      const slots = await tx
        .update(publishSlots)
        .set({ sceneId: null, publisherId: null, updatedAt: sql`now()` })
        .where(eq(publishSlots.sceneId, id))
        .returning({ id: publishSlots.id });
      if (row.state === 'Published') await removeSnapshot(tx, id);
      // It leaves every district: its slot's, those hosting it and those promoting it.
      await tx.delete(districtSpaces).where(eq(districtSpaces.sceneId, id));
      await tx
        .update(scenes)
        .set({
          districtId: null,
          districtSubdomain: null,
          publishedPublicDistricts: [],
          publishedPrivateDistricts: [],
        })
        .where(eq(scenes.id, id));
      return slots[0]?.id ?? null;
    });
    this.scenesService.publishedChanged();
    return { metadata: await this.scenesService.metadata(id, caller), freedSlotId: freed };
  }

  private log(message: string, fields: Record<string, unknown>) {
    this.scenesService.logger?.info(fields, message);
  }
}
