import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { publishMessages, publishSlotsByTier, type Slot, type SlotKind } from '../../../contracts/publishing';
import { tierOf } from '../../../contracts/roles';
import type { Database, Executor } from '../../db';
import { uuidv7 } from '../../db/ids';
import { publishedScenes, publishSlots, scenes, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { toIsoTime } from '../../support/time';
import { type SceneRow, type Snapshot, toMetadata } from './metadata';
import { snapshotColumns } from './published';

type SlotRow = typeof publishSlots.$inferSelect;

const business = (message: string) => new AppError('BUSINESS_RULE', message);

/** The slots a caller may publish into: their own, and district slots allocated to them. */
export const usableBy = (caller: Caller) =>
  or(eq(publishSlots.ownerId, caller.userId), eq(publishSlots.allocatedUserId, caller.userId))!;

/**
 * Publishing slots (platform.md §2.5, §3 'Published slot record'): the plan's slots (made as
 * needed, inactive beyond the plan's count), extra slots bought with credits and district slots,
 * each holding at most one published space. Every caller sees and changes only their own.
 */
export class SlotService {
  constructor(private readonly db: Database) {}

  /**
   * Makes the caller's plan slots exist (up to their tier's count) and marks those beyond it
   * inactive (their space stays; nothing new goes in). Cheap when nothing changes: one read.
   */
  async ensurePlanSlots(caller: Caller, executor: Executor = this.db): Promise<void> {
    const count = publishSlotsByTier[tierOf(caller.roles)];
    const plan = await executor
      .select({ id: publishSlots.id, position: publishSlots.position, active: publishSlots.active })
      .from(publishSlots)
      .where(and(eq(publishSlots.ownerId, caller.userId), eq(publishSlots.kind, 'free')));
    const have = new Set(plan.map((p) => p.position));
    const missing = [];
    for (let position = 0; position < count; position++) {
      if (!have.has(position))
        missing.push({ id: uuidv7(), ownerId: caller.userId, kind: 'free', position, active: true });
    }
    // Two first reads at once may both insert: the unique (owner, position) index keeps one.
    if (missing.length > 0) await executor.insert(publishSlots).values(missing).onConflictDoNothing();
    const wrong = plan.filter((p) => (p.position ?? 0) < count !== p.active).map((p) => p.id);
    if (wrong.length > 0) {
      await executor
        .update(publishSlots)
        .set({ active: sql`${publishSlots.position} < ${count}`, updatedAt: sql`now()` })
        .where(inArray(publishSlots.id, wrong));
    }
  }

  /** Slots with their occupying space, plan slots first, then extra and district ones. */
  private async slotsWhere(where: SQL | undefined, caller: Caller): Promise<Slot[]> {
    const rows = await this.db
      .select({
        slot: publishSlots,
        scene: scenes,
        snapshot: snapshotColumns,
        name: users.name,
        profilePictureId: users.profilePictureId,
      })
      .from(publishSlots)
      .leftJoin(scenes, eq(scenes.id, publishSlots.sceneId))
      .leftJoin(publishedScenes, eq(publishedScenes.sceneId, publishSlots.sceneId))
      .leftJoin(users, eq(users.id, scenes.creatorId))
      .where(where)
      .orderBy(
        sql`case ${publishSlots.kind} when 'free' then 0 when 'extra' then 1 else 2 end`,
        asc(publishSlots.position),
        asc(publishSlots.createdAt),
        asc(publishSlots.id),
      );
    return rows.map((r) => this.toSlot(r.slot, r.scene, r.snapshot, r, caller));
  }

  private toSlot(
    slot: SlotRow,
    scene: SceneRow | null,
    snapshot: Snapshot | null,
    creator: { name: string | null; profilePictureId: string | null },
    caller: Caller,
  ): Slot {
    const shown = scene && snapshot && !scene.deletedAt ? scene : null;
    return {
      slotId: slot.id,
      kind: slot.kind as SlotKind,
      active: slot.active,
      ownerId: slot.ownerId,
      districtId: slot.districtId,
      districtSubdomain: slot.districtSubdomain,
      districtSlot: slot.kind === 'district',
      productId: slot.productId,
      sceneId: slot.sceneId,
      title: shown ? snapshot!.title : null,
      sceneMetadata: shown
        ? toMetadata(shown, creator, snapshot!, { hideAcl: shown.ownerId !== caller.userId })
        : null,
      createdAt: toIsoTime(slot.createdAt),
      updatedAt: toIsoTime(slot.updatedAt),
    };
  }

  /** Every slot of the caller, with the spaces in them: theirs, and district slots allocated to them. */
  async mySlots(caller: Caller): Promise<Slot[]> {
    await this.ensurePlanSlots(caller);
    return this.slotsWhere(usableBy(caller), caller);
  }

  /** The caller's slots a space can be published into now: active and empty. */
  async availableSlots(caller: Caller): Promise<Slot[]> {
    await this.ensurePlanSlots(caller);
    return this.slotsWhere(
      and(usableBy(caller), eq(publishSlots.active, true), isNull(publishSlots.sceneId)),
      caller,
    );
  }

  /** One slot of the caller (404 for anybody else's: they need not learn it exists). */
  async slot(id: string, caller: Caller): Promise<Slot> {
    await this.ensurePlanSlots(caller);
    const [found] = await this.slotsWhere(and(eq(publishSlots.id, id), usableBy(caller)), caller);
    if (!found) throw notFound(publishMessages.noSuchSlot);
    return found;
  }

  /**
   * Deletes one of the caller's extra slots (platform.md §2.5 'delete an extra slot'). Only an
   * empty extra slot goes: a plan or district slot answers 422, one holding a published space 409
   * (unpublish it first), anybody else's 404. The credits it cost are not refunded. One statement,
   * so a publish into the same slot at the same moment either finds it gone or keeps it.
   */
  async deleteSlot(id: string, caller: Caller): Promise<void> {
    const deleted = await this.db
      .delete(publishSlots)
      .where(
        and(
          eq(publishSlots.id, id),
          eq(publishSlots.ownerId, caller.userId),
          eq(publishSlots.kind, 'extra'),
          isNull(publishSlots.sceneId),
        ),
      )
      .returning({ id: publishSlots.id });
    if (deleted.length > 0) return;
    const [slot] = await this.db
      .select({ kind: publishSlots.kind })
      .from(publishSlots)
      .where(and(eq(publishSlots.id, id), eq(publishSlots.ownerId, caller.userId)));
    if (!slot) throw notFound(publishMessages.noSuchSlot);
    if (slot.kind !== 'extra') throw business(publishMessages.onlyExtraSlotsDeleted);
    throw new AppError('CONFLICT', publishMessages.slotInUse);
  }
}
