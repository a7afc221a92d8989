import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  publishedManyMax,
  type PublishAnswer,
  type PublishedSceneList,
  type PublishedScenePage,
  PublishedSearchQuery,
  PublishForm,
  publishMessages,
  publishSlotsByTier,
  publishTagsMin,
  signedInFilters,
  type Slot,
  type SlotKind,
  trendingDays,
  type UnpublishAnswer,
  type ViewAnswer,
} from '../../../contracts/publishing';
import { tierOf } from '../../../contracts/roles';
import { isEmptyTitle } from '../../../contracts/scenes';
import type { FieldIssue } from '../../../contracts/users';
import type { Database, Executor } from '../../db';
import { uuidv7 } from '../../db/ids';
import {
  publishedScenes,
  publishSlots,
  sceneDailyStats,
  sceneFavourites,
  sceneFileRefs,
  scenes,
  sceneViewDays,
  sceneVisits,
  users,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { validationFailed } from '../../http/forms';
import { pageWithMore, pageWithNext } from '../../support/paging';
import { toIsoTime, utcDay } from '../../support/time';
import { ownerAccess, readAccess, type SceneRow, type SceneService, toMetadata } from './service';

export type SearchQuery = z.output<typeof PublishedSearchQuery>;
export type PublishInput = z.output<typeof PublishForm>;
type SlotRow = typeof publishSlots.$inferSelect;

/** Who is looking: the signed-in caller, or an anonymous visitor known by their cookie (if any). */
export interface Visitor {
  caller: Caller | null;
  /** The anonymous visitor cookie's id (ignored when signed in). */
  visitorId?: string;
}

/** Advisory lock class for one owner's slots (pg_advisory_xact_lock(class, hashtext(owner))). */
const slotsLockClass = 7413;
/** RELATED starts from this many of the visitor's latest visits. */
const relatedFromVisits = 50;
const searchCacheMs = 1000;
const searchCacheEntries = 2000;

const business = (message: string, details?: unknown) => new AppError('BUSINESS_RULE', message, details);

/** The published snapshot's columns, without the search document (never sent). */
const { search: _search, ...snapshotColumns } = getTableColumns(publishedScenes);
void _search;

/** The history key of a visitor: the user id, or 'anon:' and the cookie's id. */
export function visitorKey(who: Visitor): string | null {
  if (who.caller) return who.caller.userId;
  return who.visitorId ? `anon:${who.visitorId}` : null;
}

/**
 * The search box's words as a tsquery for the 'simple' configuration: every word must occur
 * (title, tags or description), the last one as a prefix so results follow the typing. Only
 * letters and digits are kept, so the text is safe inside the quotes.
 */
export function prefixQuery(q: string | undefined): string | null {
  const words = (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const used = words.slice(0, 8);
  if (used.length === 0) return null;
  return used.map((w, i) => `'${w}'${i === used.length - 1 ? ':*' : ''}`).join(' & ');
}

/** `tags` of the query: comma-separated, trimmed, each once. */
export function tagsOf(tags: string | undefined): string[] {
  return [
    ...new Set(
      (tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

const textArray = (list: string[]) =>
  sql`array[${sql.join(
    list.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * A short-lived cache of serialised search answers: at most `ttlMs` old and of the current
 * generation (publish, unpublish, visibility and delete bump it in this process; other processes
 * catch up within ttlMs). Concurrent misses of one key share one query.
 */
export class SearchCache {
  private readonly entries = new Map<
    string,
    { generation: number; expires: number; text: Promise<string> }
  >();
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs = searchCacheMs,
    private readonly max = searchCacheEntries,
  ) {}

  async get(key: string, generation: number, compute: () => Promise<string>): Promise<[string, boolean]> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && hit.expires > now) {
      this.hits++;
      return [await hit.text, true];
    }
    this.misses++;
    if (this.entries.size >= this.max) this.evict(now);
    // Lifetimes spread over the second half of ttlMs, so entries filled together do not all
    // expire (and query the database) at the same moment.
    const entry = { generation, expires: now + this.ttlMs * (0.5 + Math.random() / 2), text: compute() };
    this.entries.set(key, entry);
    try {
      return [await entry.text, false];
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  private evict(now: number) {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    // Still full: drop the oldest half (a Map iterates in insertion order).
    if (this.entries.size >= this.max) {
      let drop = Math.ceil(this.max / 2);
      for (const key of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(key);
      }
    }
  }
}

/**
 * Publishing (platform.md §2.4, §2.5, §3 'Published slot record', §7.3): slots per plan, publish
 * and unpublish, Explore's search with its filters, the published lists by id, and views.
 * Authorization is checked here; the routes only read requests and send answers.
 */
export class PublishingService {
  private readonly db: Database;
  readonly cache = new SearchCache();

  constructor(private readonly scenesService: SceneService) {
    this.db = scenesService.database;
  }

  // -------------------------------------------------------------------------------------------
  // Slots

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
    snapshot: Parameters<typeof toMetadata>[2] | null,
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

  /** Every slot of the caller, with the spaces in them. */
  async mySlots(caller: Caller): Promise<Slot[]> {
    await this.ensurePlanSlots(caller);
    return this.slotsWhere(eq(publishSlots.ownerId, caller.userId), caller);
  }

  /** The caller's slots a space can be published into now: active and empty. */
  async availableSlots(caller: Caller): Promise<Slot[]> {
    await this.ensurePlanSlots(caller);
    return this.slotsWhere(
      and(
        eq(publishSlots.ownerId, caller.userId),
        eq(publishSlots.active, true),
        isNull(publishSlots.sceneId),
      ),
      caller,
    );
  }

  /** One slot of the caller (404 for anybody else's: they need not learn it exists). */
  async slot(id: string, caller: Caller): Promise<Slot> {
    await this.ensurePlanSlots(caller);
    const [found] = await this.slotsWhere(
      and(eq(publishSlots.id, id), eq(publishSlots.ownerId, caller.userId)),
      caller,
    );
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

  // -------------------------------------------------------------------------------------------
  // Publish and unpublish

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
    const issues: FieldIssue[] = [];
    if (isEmptyTitle(row.title)) issues.push({ path: '/title', message: publishMessages.titleRequired });
    if ((row.tags ?? []).length < publishTagsMin)
      issues.push({ path: '/tags', message: publishMessages.tooFewTags });
    if (issues.length > 0) throw business(issues.map((i) => i.message).join(' '), issues);

    await this.ensurePlanSlots(caller);
    const taken = await this.db.transaction(async (tx) => {
      // One owner's slot changes one at a time; the space is locked before its slot, as delete does.
      await tx.execute(sql`select pg_advisory_xact_lock(${slotsLockClass}, hashtext(${caller.userId}))`);
      await tx.select({ id: scenes.id }).from(scenes).where(eq(scenes.id, id)).for('update');
      const [slot] = await tx.select().from(publishSlots).where(eq(publishSlots.id, slotId)).for('update');
      if (!slot || slot.ownerId !== caller.userId) {
        const [free] = await tx
          .select({ id: publishSlots.id })
          .from(publishSlots)
          .where(
            and(
              eq(publishSlots.ownerId, caller.userId),
              eq(publishSlots.active, true),
              isNull(publishSlots.sceneId),
            ),
          )
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
      if (Object.keys(acl).length > 0) await tx.update(scenes).set(acl).where(eq(scenes.id, id));
      await this.scenesService.publishSnapshot(id, { publishedPublic: form.publishedPublic, tx });
      return occupied;
    });
    this.scenesService.publishedChanged();
    this.log('space published', { sceneId: id, slotId: taken.id });
    return {
      metadata: await this.scenesService.publishedMetadata(id, caller),
      slot: await this.slot(taken.id, caller),
    };
  }

  /**
   * Unpublishes (owner only): the slot is freed, the space is a Draft again, its published
   * snapshot is gone from search and published reads. Unpublishing a draft changes nothing.
   */
  async unpublish(id: string, caller: Caller): Promise<UnpublishAnswer> {
    ownerAccess(await this.scenesService.find(id), caller);
    const freed = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${slotsLockClass}, hashtext(${caller.userId}))`);
      const [row] = await tx.select().from(scenes).where(eq(scenes.id, id)).for('update');
      if (!row || row.deletedAt) throw notFound('No such space');
      const slots = await tx
        .update(publishSlots)
        .set({ sceneId: null, publisherId: null, updatedAt: sql`now()` })
        .where(eq(publishSlots.sceneId, id))
        .returning({ id: publishSlots.id });
      if (row.state === 'Published') {
        await tx.update(scenes).set({ state: 'Draft' }).where(eq(scenes.id, id));
        await tx.delete(publishedScenes).where(eq(publishedScenes.sceneId, id));
        await tx
          .delete(sceneFileRefs)
          .where(
            and(
              eq(sceneFileRefs.sceneId, id),
              inArray(sceneFileRefs.source, ['published', 'publishedContent']),
            ),
          );
      }
      return slots[0]?.id ?? null;
    });
    this.scenesService.publishedChanged();
    return { metadata: await this.scenesService.metadata(id, caller), freedSlotId: freed };
  }

  // -------------------------------------------------------------------------------------------
  // Search

  /** Published, visible, not deleted spaces this caller may see (private ones: owner and invited). */
  private visibleTo(caller: Caller | null): SQL {
    const base = and(eq(scenes.state, 'Published'), eq(scenes.visible, true), isNull(scenes.deletedAt))!;
    // Group ACLs are stored but not matched yet: group membership comes with the groups issue.
    const privacy = caller
      ? sql`(not ${scenes.privacyAclEnabled} or ${scenes.ownerId} = ${caller.userId} or ${scenes.userPrivacyAcl} @> ${JSON.stringify([caller.userId])}::jsonb)`
      : sql`not ${scenes.privacyAclEnabled}`;
    return and(base, privacy)!;
  }

  private selectPublished() {
    return this.db
      .select({
        scene: scenes,
        snapshot: snapshotColumns,
        name: users.name,
        profilePictureId: users.profilePictureId,
      })
      .from(publishedScenes)
      .innerJoin(scenes, eq(scenes.id, publishedScenes.sceneId))
      .leftJoin(users, eq(users.id, scenes.creatorId))
      .$dynamic();
  }

  /**
   * Explore's search (GET publishedscene/metadata): see PublishedSearchQuery. Fetches ipp + 1 rows
   * to answer hasMore without counting.
   */
  async search(query: SearchQuery, who: Visitor): Promise<PublishedScenePage> {
    const { cp, ipp, sort } = query;
    let filter = query.filter;
    const caller = who.caller;
    if (signedInFilters.includes(filter) && !caller)
      throw new AppError('UNAUTHORIZED', 'Sign in to see your history and favourites');

    const where: SQL[] = [this.visibleTo(caller)];
    if (query.ownerId) where.push(eq(scenes.ownerId, query.ownerId));
    // Unlisted spaces are readable by link only: listed to nobody but their owner asking for theirs.
    if (!(caller && query.ownerId === caller.userId)) where.push(eq(scenes.publishedPublic, true));
    const words = prefixQuery(query.q);
    if (words) where.push(sql`${publishedScenes.search} @@ to_tsquery('simple', ${words})`);
    const tags = tagsOf(query.tags);
    if (tags.length > 0) where.push(sql`${publishedScenes.tags} @> ${JSON.stringify(tags)}::jsonb`);

    const sorted = {
      publishedAt: [desc(publishedScenes.publishedAt), desc(publishedScenes.sceneId)],
      views: [desc(scenes.views), desc(scenes.id)],
      likes: [desc(scenes.likes), desc(scenes.id)],
    }[sort];

    let related: { viewed: string[]; tags: string[] } | undefined;
    if (filter === 'related') {
      related = await this.relatedSeed(who);
      // Nothing viewed yet: what is popular now is the best guess.
      if (related.tags.length === 0) filter = 'trending';
    }

    let select = this.selectPublished();
    let order: SQL[] = sorted;
    if (filter === 'trending') {
      const since = utcDay(new Date(Date.now() - (trendingDays - 1) * 24 * 3600 * 1000));
      const trend = this.db
        .select({
          sceneId: sceneDailyStats.sceneId,
          score: sql<number>`sum(${sceneDailyStats.views} + ${sceneDailyStats.likes})`.as('score'),
        })
        .from(sceneDailyStats)
        .where(gte(sceneDailyStats.day, since))
        .groupBy(sceneDailyStats.sceneId)
        .as('trend');
      select = select.leftJoin(trend, eq(trend.sceneId, scenes.id));
      order = [sql`coalesce(${trend.score}, 0) desc`, ...sorted];
    } else if (filter === 'history') {
      select = select.innerJoin(
        sceneVisits,
        and(eq(sceneVisits.sceneId, scenes.id), eq(sceneVisits.visitor, caller!.userId)),
      );
      order = [desc(sceneVisits.viewedAt), desc(scenes.id)];
    } else if (filter === 'favourites') {
      select = select.innerJoin(
        sceneFavourites,
        and(eq(sceneFavourites.sceneId, scenes.id), eq(sceneFavourites.userId, caller!.userId)),
      );
    } else if (filter === 'related' && related) {
      where.push(sql`${publishedScenes.tags} ?| ${textArray(related.tags)}`);
      if (related.viewed.length > 0) where.push(notInArray(scenes.id, related.viewed));
      // Most tags in common first.
      order = [
        sql`(select count(*) from jsonb_array_elements_text(${publishedScenes.tags}) as t(tag) where t.tag = any(${textArray(related.tags)})) desc`,
        ...sorted,
      ];
    }

    const { limit, offset } = pageWithNext({ cp, ipp });
    const rows = await select
      .where(and(...where))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const me = caller?.userId;
    return pageWithMore(rows, { cp, ipp }, (r) =>
      toMetadata(r.scene, r, r.snapshot, { hideAcl: r.scene.ownerId !== me }),
    );
  }

  /** The visitor's latest visits and the tags of those spaces (as published now). */
  private async relatedSeed(who: Visitor): Promise<{ viewed: string[]; tags: string[] }> {
    const key = visitorKey(who);
    if (!key) return { viewed: [], tags: [] };
    const visits = await this.db
      .select({ sceneId: sceneVisits.sceneId, tags: publishedScenes.tags })
      .from(sceneVisits)
      .leftJoin(publishedScenes, eq(publishedScenes.sceneId, sceneVisits.sceneId))
      .where(eq(sceneVisits.visitor, key))
      .orderBy(desc(sceneVisits.viewedAt))
      .limit(relatedFromVisits);
    const tags = [...new Set(visits.flatMap((v) => v.tags ?? []))].slice(0, 100);
    return { viewed: visits.map((v) => v.sceneId), tags };
  }

  /**
   * The search answer as JSON text, from the micro-cache when allowed. Answers are shared only
   * between anonymous callers (whose answers never contain private spaces); a signed-in caller's
   * may include private spaces they are invited to, so theirs are cached for them alone, as are
   * an anonymous visitor's RELATED spaces (they follow their own history).
   */
  async searchText(query: SearchQuery, who: Visitor): Promise<{ text: string; cached: boolean }> {
    if (signedInFilters.includes(query.filter) && !who.caller)
      throw new AppError('UNAUTHORIZED', 'Sign in to see your history and favourites');
    const owner = who.caller
      ? `u:${who.caller.userId}`
      : query.filter === 'related' && who.visitorId
        ? `v:${who.visitorId}`
        : 'anon';
    const key = `${owner}|${query.filter}|${query.sort}|${query.cp}|${query.ipp}|${query.ownerId ?? ''}|${prefixQuery(query.q) ?? ''}|${tagsOf(query.tags).join(',')}`;
    const [text, cached] = await this.cache.get(key, this.scenesService.generation, async () =>
      JSON.stringify(await this.search(query, who)),
    );
    return { text, cached };
  }

  /**
   * Published spaces by id, in the asked order, leaving out those the caller may not see or that
   * do not exist. Unlisted spaces are included: they are readable by link.
   */
  async many(ids: string[], caller: Caller | null): Promise<PublishedSceneList> {
    const unique = [...new Set(ids)];
    if (unique.length > publishedManyMax) {
      throw validationFailed([{ path: '/ids', message: `At most ${publishedManyMax} ids` }]);
    }
    if (unique.length === 0) return { items: [] };
    const rows = await this.selectPublished().where(and(inArray(scenes.id, unique), this.visibleTo(caller)));
    const byId = new Map(rows.map((r) => [r.scene.id, r]));
    return {
      items: unique.flatMap((id) => {
        const r = byId.get(id);
        return r ? [toMetadata(r.scene, r, r.snapshot, { hideAcl: r.scene.ownerId !== caller?.userId })] : [];
      }),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Views and likes

  /**
   * Counts a view of a published space, once per visitor per UTC day, with the same access check
   * as reading it. The visit is remembered (history, RELATED) every time.
   */
  async view(id: string, who: Visitor): Promise<ViewAnswer> {
    const row = await this.scenesService.find(id);
    readAccess(row, who.caller);
    if (row!.state !== 'Published') throw notFound(publishMessages.notPublished);
    const visitor = visitorKey(who);
    if (!visitor) throw new Error('a visitor id is needed to count a view');
    const day = utcDay();
    return this.db.transaction(async (tx) => {
      const counted = await tx
        .insert(sceneViewDays)
        .values({ sceneId: id, visitor, day })
        .onConflictDoNothing()
        .returning({ day: sceneViewDays.day });
      let views: number;
      if (counted.length > 0) {
        await tx
          .insert(sceneDailyStats)
          .values({ sceneId: id, day, views: 1 })
          .onConflictDoUpdate({
            target: [sceneDailyStats.sceneId, sceneDailyStats.day],
            set: { views: sql`${sceneDailyStats.views} + 1` },
          });
        const [updated] = await tx
          .update(scenes)
          .set({ views: sql`${scenes.views} + 1` })
          .where(eq(scenes.id, id))
          .returning({ views: scenes.views });
        views = Number(updated.views);
      } else {
        const [current] = await tx.select({ views: scenes.views }).from(scenes).where(eq(scenes.id, id));
        views = Number(current.views);
      }
      await tx
        .insert(sceneVisits)
        .values({ visitor, sceneId: id })
        .onConflictDoUpdate({
          target: [sceneVisits.visitor, sceneVisits.sceneId],
          set: { viewedAt: sql`now()` },
        });
      return { views, counted: counted.length > 0 };
    });
  }

  /**
   * Adds `delta` (+1 or -1) to a space's likes: the total and today's figure for TRENDING. For the
   * social service, which decides who may like what.
   */
  async addLikes(sceneId: string, delta: number, executor: Executor = this.db): Promise<void> {
    const day = utcDay();
    await executor
      .update(scenes)
      .set({ likes: sql`greatest(${scenes.likes} + ${delta}, 0)` })
      .where(eq(scenes.id, sceneId));
    await executor
      .insert(sceneDailyStats)
      .values({ sceneId, day, likes: Math.max(delta, 0) })
      .onConflictDoUpdate({
        target: [sceneDailyStats.sceneId, sceneDailyStats.day],
        set: { likes: sql`greatest(${sceneDailyStats.likes} + ${delta}, 0)` },
      });
  }

  private log(message: string, fields: Record<string, unknown>) {
    this.scenesService.logger?.info(fields, message);
  }
}
