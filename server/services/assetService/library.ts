import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type Asset,
  type AssetInput,
  type AssetOwnerKind,
  type AssetPage,
  type AssetStorage,
  assetFileKinds,
  districtLibraryMessages,
  type MyLibraryQuery,
  quotaExceededMessage,
  storageQuotaBytes,
} from '../../../contracts/assets';
import { type DistrictRole, districtMessages } from '../../../contracts/districts';
import { fileUrl, thumbnailUrl } from '../../../contracts/files';
import { type Tier, tierOf } from '../../../contracts/roles';
import type { Database, Executor, Transaction } from '../../db';
import { uuidv7 } from '../../db/ids';
import { assetFileRefs, assets, districtMembers, districts, files, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { toIsoTime } from '../../support/time';
import { lockClasses } from '../sceneService/locks';

type AssetRow = typeof assets.$inferSelect;

interface Owner {
  kind: AssetOwnerKind;
  id: string;
}

/** The library a call works in: the caller's own, or that of a district they are a member of. */
interface Scope {
  owner: Owner;
  /** The caller's role in the district; null in their own library. */
  role: DistrictRole | null;
  /** The plan whose storage quota the library has. */
  plan: Tier;
}

/** users.plan holds a tier's name ('free', 'standard', 'pro'); anything else is free. */
const tierOfPlan = (plan: string): Tier => (Object.hasOwn(storageQuotaBytes, plan) ? (plan as Tier) : 'free');

/** One file an asset's form names: the field and the file-service kind it must be. */
interface FileField {
  field: 'fileId' | 'thumbnailId' | 'audioFileId';
  id: string;
  kind: string;
}

const kindNames: Record<string, string> = {
  picture: 'a picture',
  video: 'a video',
  model: 'a 3D model',
  audio: 'a sound',
};

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: `/${field}`, message }]);

/** The files an asset's form names, with the kind each must be. */
function fileFields(input: AssetInput): FileField[] {
  const kinds: Record<string, string> = assetFileKinds[input.type];
  const values = input as Record<string, unknown>;
  const named: FileField[] = [];
  for (const [field, kind] of Object.entries(kinds)) {
    const id = values[field];
    if (typeof id === 'string') named.push({ field: field as FileField['field'], id, kind });
  }
  if (input.thumbnailId) named.push({ field: 'thumbnailId', id: input.thumbnailId, kind: 'picture' });
  return named;
}

/** `%` and `_` in what a person types are letters, not wildcards. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The asset library (districts-commerce-spaces.md §3; platform.md §7.4 myLibrary): a creator's
 * pictures, videos, models, texts, web views and sounds, and the storage their files take against
 * the owner's plan. Only the owner sees or changes an asset; to anyone else it does not exist.
 *
 * A district owns a library too (`districtId` on each call; issue 22 'Library'): its members
 * (Owners and Creators) list, read and add to it; an asset is changed or deleted by the member who
 * added it or by an Owner of the district. Its assets are never in a member's own library, nor a
 * member's in it. A signed-in non-member is refused with 403, as the district's members list and
 * slots refuse them; an unknown district is 404.
 */
export class AssetLibrary {
  constructor(private readonly db: Database) {}

  /**
   * Whose library the caller works in: their own, or the district's when they are its member.
   *
   * Storage: a district's library is its own pool, sized by the plan of the district's owner
   * (users.plan, which the owner's tokens follow), not by the plan of the member who uploads.
   * The owner pays for the district, so their plan sets what it stores; a Creator's upload into
   * the district takes nothing from the Creator's own library, and the owner's own library and
   * each of their districts' libraries each get the plan's quota.
   */
  private async scopeOf(caller: Caller, districtId: string | undefined): Promise<Scope> {
    if (districtId === undefined)
      return { owner: { kind: 'user', id: caller.userId }, role: null, plan: tierOf(caller.roles) };
    const [row] = await this.db
      .select({ plan: users.plan, role: districtMembers.role })
      .from(districts)
      .innerJoin(users, eq(users.id, districts.ownerId))
      .leftJoin(
        districtMembers,
        and(eq(districtMembers.districtId, districts.id), eq(districtMembers.userId, caller.userId)),
      )
      .where(eq(districts.id, districtId))
      .limit(1);
    if (!row) throw notFound(districtMessages.notFound);
    if (row.role !== 'Owner' && row.role !== 'Creator') throw forbidden(districtLibraryMessages.membersOnly);
    return { owner: { kind: 'district', id: districtId }, role: row.role, plan: tierOfPlan(row.plan) };
  }

  /** In a district's library, only the asset's creator or an Owner of the district changes it. */
  private checkMayChange(scope: Scope, caller: Caller, row: AssetRow) {
    if (scope.owner.kind === 'user' || scope.role === 'Owner' || row.creatorId === caller.userId) return;
    throw forbidden(districtLibraryMessages.notYours);
  }

  async create(caller: Caller, input: AssetInput, districtId?: string): Promise<Asset> {
    const scope = await this.scopeOf(caller, districtId);
    const { owner } = scope;
    const id = uuidv7();
    await this.withOwnerLock(owner, async (tx) => {
      const named = await this.checkFiles(tx, caller, input, null);
      await this.checkQuota(tx, scope, named, null);
      const common = this.columnsOf(input);
      await tx.insert(assets).values({
        id,
        ownerKind: owner.kind,
        ownerId: owner.id,
        creatorId: caller.userId,
        ...common,
      });
      await this.replaceRefs(tx, id, named);
    });
    return this.getIn(scope, id);
  }

  async get(caller: Caller, id: string, districtId?: string): Promise<Asset> {
    return this.getIn(await this.scopeOf(caller, districtId), id);
  }

  private async getIn(scope: Scope, id: string): Promise<Asset> {
    const row = await this.findOwned(this.db, scope.owner, id);
    const [answer] = await this.answer([row]);
    return answer;
  }

  /** Replaces the asset's fields (its type stays). */
  async edit(caller: Caller, id: string, input: AssetInput, districtId?: string): Promise<Asset> {
    const scope = await this.scopeOf(caller, districtId);
    await this.withOwnerLock(scope.owner, async (tx) => {
      const row = await this.findOwned(tx, scope.owner, id);
      this.checkMayChange(scope, caller, row);
      if (row.type !== input.type) {
        throw invalid(
          'type',
          `This asset is a ${row.type}; its type cannot change. Upload a new asset instead.`,
        );
      }
      const named = await this.checkFiles(tx, caller, input, id);
      await this.checkQuota(tx, scope, named, id);
      await tx
        .update(assets)
        .set({ ...this.columnsOf(input), updatedAt: sql`now()` })
        .where(eq(assets.id, id));
      await this.replaceRefs(tx, id, named);
    });
    return this.getIn(scope, id);
  }

  /**
   * Deletes the asset from the library. Its files stay: spaces that placed it refer to them, and
   * the storage they took is freed for the owner.
   */
  async remove(caller: Caller, id: string, districtId?: string): Promise<void> {
    const scope = await this.scopeOf(caller, districtId);
    await this.db.transaction(async (tx) => {
      this.checkMayChange(scope, caller, await this.findOwned(tx, scope.owner, id));
      await tx
        .update(assets)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(assets.id, id));
      await tx.delete(assetFileRefs).where(eq(assetFileRefs.assetId, id));
    });
  }

  /** The caller's assets (or the district's), newest change first, filtered by type, words and tags. */
  async myLibrary(caller: Caller, query: MyLibraryQuery, districtId?: string): Promise<AssetPage> {
    return this.listOf((await this.scopeOf(caller, districtId)).owner, query);
  }

  /**
   * A user's library as `caller` sees it on their profile (platform.md §2.1 'Content library'):
   * all of it for its owner; for anybody else, signed in or not, nothing when the owner hides it
   * (the 'hide content library' setting). NOT_FOUND when there is no such user.
   */
  async userLibrary(caller: Caller | null, userId: string, query: MyLibraryQuery): Promise<AssetPage> {
    const [user] = await this.db
      .select({ hidden: users.hideContentLibrary })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw notFound('No such user');
    if (user.hidden && caller?.userId !== userId)
      return { items: [], cp: query.cp, ipp: query.ipp, total: 0 };
    return this.listOf({ kind: 'user', id: userId }, query);
  }

  private async listOf(owner: Owner, query: MyLibraryQuery): Promise<AssetPage> {
    const { cp, ipp } = query;
    const conditions: (SQL | undefined)[] = [
      eq(assets.ownerKind, owner.kind),
      eq(assets.ownerId, owner.id),
      isNull(assets.deletedAt),
    ];
    if (query.type) conditions.push(eq(assets.type, query.type));
    if (query.tags && query.tags.length > 0) conditions.push(arrayContains(assets.tags, query.tags));
    for (const word of (query.search ?? '').split(/\s+/).filter(Boolean)) {
      const pattern = likePattern(word);
      conditions.push(or(ilike(assets.title, pattern), ilike(assets.description, pattern)));
    }
    const where = and(...conditions);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select()
        .from(assets)
        .where(where)
        .orderBy(desc(assets.updatedAt), desc(assets.id))
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ n: count() }).from(assets).where(where),
    ]);
    return { items: await this.answer(rows), cp, ipp, total: Number(n) };
  }

  /** How much of the plan's storage the caller's library (or the district's) takes. */
  async storage(caller: Caller, districtId?: string): Promise<AssetStorage> {
    const { owner, plan } = await this.scopeOf(caller, districtId);
    return { used: await this.usedBytes(this.db, owner, null), limit: storageQuotaBytes[plan], plan };
  }

  // -------------------------------------------------------------------------------------------

  private withOwnerLock<T>(owner: Owner, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const key = `${owner.kind}:${owner.id}`;
      await tx.execute(sql`select pg_advisory_xact_lock(${lockClasses.assetStorage}, hashtext(${key}))`);
      // Pointing at files: no purge may remove them before this commits (see SceneBlobs).
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${lockClasses.blobs}, 0)`);
      return work(tx);
    });
  }

  /** The live asset `id` if `owner`'s library has it; NOT_FOUND otherwise (others' assets do not exist to them). */
  private async findOwned(executor: Executor, owner: Owner, id: string): Promise<AssetRow> {
    if (!idPattern.test(id)) throw notFound('No such asset');
    const [row] = await executor
      .select()
      .from(assets)
      .where(
        and(
          eq(assets.id, id),
          eq(assets.ownerKind, owner.kind),
          eq(assets.ownerId, owner.id),
          isNull(assets.deletedAt),
        ),
      )
      .limit(1);
    if (!row) throw notFound('No such asset');
    return row;
  }

  /**
   * Each named file must be one the caller uploaded, or one the edited asset already has (an Owner
   * of a district editing a Creator's asset keeps its files), of the kind its field takes.
   */
  private async checkFiles(
    tx: Transaction,
    caller: Caller,
    input: AssetInput,
    editing: string | null,
  ): Promise<FileField[]> {
    const named = fileFields(input);
    if (named.length === 0) return named;
    const kept = new Set(
      editing === null
        ? []
        : (
            await tx
              .select({ id: assetFileRefs.fileId })
              .from(assetFileRefs)
              .where(eq(assetFileRefs.assetId, editing))
          ).map((r) => r.id),
    );
    const rows = await tx
      .select({ id: files.id, kind: files.kind, ownerId: files.ownerId })
      .from(files)
      .where(
        inArray(
          files.id,
          named.map((f) => f.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { field, id, kind } of named) {
      const file = byId.get(id);
      if (!file || (file.ownerId !== caller.userId && !kept.has(id))) {
        throw invalid(field, `The file ${id} is not one you uploaded: upload it first`);
      }
      if (file.kind !== kind) {
        throw invalid(
          field,
          `The file ${id} is ${kindNames[file.kind] ?? file.kind}, not ${kindNames[kind]}`,
        );
      }
    }
    return named;
  }

  /**
   * Refuses a change that would take the library past the plan's storage (each file counted once,
   * however many assets use it). A change that does not grow the library is always allowed, so an
   * owner over the quota after a downgrade can still edit.
   */
  private async checkQuota(tx: Transaction, scope: Scope, named: FileField[], editing: string | null) {
    const { owner } = scope;
    const limit = storageQuotaBytes[scope.plan];
    const others = await this.usedBytes(tx, owner, editing);
    const ids = [...new Set(named.map((f) => f.id))];
    let adding = 0;
    if (ids.length > 0) {
      const counted = new Set(
        (
          await tx
            .selectDistinct({ id: assetFileRefs.fileId })
            .from(assetFileRefs)
            .innerJoin(assets, eq(assets.id, assetFileRefs.assetId))
            .where(and(this.ownedBy(owner, editing), inArray(assetFileRefs.fileId, ids)))
        ).map((r) => r.id),
      );
      const fresh = ids.filter((id) => !counted.has(id));
      if (fresh.length > 0) {
        const [{ bytes }] = await tx
          .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
          .from(files)
          .where(inArray(files.id, fresh));
        adding = Number(bytes);
      }
    }
    const before = editing === null ? others : await this.usedBytes(tx, owner, null);
    const after = others + adding;
    if (after > limit && after > before) {
      const message =
        owner.kind === 'district'
          ? districtLibraryMessages.quotaExceeded(limit)
          : quotaExceededMessage(limit);
      throw new AppError('QUOTA_EXCEEDED', message, {
        used: before,
        limit,
        needed: adding,
      });
    }
  }

  private ownedBy(owner: Owner, except: string | null) {
    return and(
      eq(assets.ownerKind, owner.kind),
      eq(assets.ownerId, owner.id),
      isNull(assets.deletedAt),
      except === null ? undefined : ne(assets.id, except),
    );
  }

  /** Bytes of the distinct files the owner's live assets (but `except`) refer to. */
  private async usedBytes(executor: Executor, owner: Owner, except: string | null): Promise<number> {
    const referenced = executor
      .selectDistinct({ id: assetFileRefs.fileId })
      .from(assetFileRefs)
      .innerJoin(assets, eq(assets.id, assetFileRefs.assetId))
      .where(this.ownedBy(owner, except));
    const [{ bytes }] = await executor
      .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(inArray(files.id, referenced));
    return Number(bytes);
  }

  private columnsOf(input: AssetInput) {
    return {
      type: input.type,
      title: input.title,
      description: input.description,
      tags: input.tags,
      licenseId: input.licenseId,
      fields: input as Record<string, unknown>,
    };
  }

  private async replaceRefs(tx: Transaction, assetId: string, named: FileField[]) {
    await tx.delete(assetFileRefs).where(eq(assetFileRefs.assetId, assetId));
    const ids = [...new Set(named.map((f) => f.id))];
    if (ids.length > 0) await tx.insert(assetFileRefs).values(ids.map((fileId) => ({ assetId, fileId })));
  }

  /** Rows as the API answers them, with each asset's bytes. */
  private async answer(rows: AssetRow[]): Promise<Asset[]> {
    const sizes = new Map<string, number>();
    if (rows.length > 0) {
      const found = await this.db
        .select({ assetId: assetFileRefs.assetId, bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
        .from(assetFileRefs)
        .innerJoin(files, eq(files.id, assetFileRefs.fileId))
        .where(
          inArray(
            assetFileRefs.assetId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(assetFileRefs.assetId);
      for (const f of found) sizes.set(f.assetId, Number(f.bytes));
    }
    return rows.map((row) => {
      const fields = row.fields as AssetInput & Record<string, unknown>;
      const main = typeof fields.fileId === 'string' ? fields.fileId : null;
      const thumbnail =
        typeof fields.thumbnailId === 'string' ? fields.thumbnailId : row.type === 'picture' ? main : null;
      return {
        id: row.id,
        type: row.type as Asset['type'],
        ownerKind: row.ownerKind as AssetOwnerKind,
        ownerId: row.ownerId,
        creatorId: row.creatorId,
        fields,
        title: row.title,
        description: row.description,
        tags: row.tags,
        licenseId: row.licenseId,
        fileUrl: main ? fileUrl(main) : null,
        thumbnailUrl: thumbnail ? thumbnailUrl(thumbnail) : null,
        size: sizes.get(row.id) ?? 0,
        createdAt: toIsoTime(row.createdAt),
        updatedAt: toIsoTime(row.updatedAt),
      };
    });
  }
}
