import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { and, eq, getTableColumns, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileUrl, thumbnailUrl } from '../../../contracts/files';
import { tierOf } from '../../../contracts/roles';
import {
  emptySceneContent,
  parseSceneContent,
  type SceneContent,
  sceneContentVersion,
} from '../../../contracts/sceneContent';
import {
  type CreateSceneAnswer,
  deletedSceneRetentionDays,
  draftLimitMessage,
  draftLimits,
  type DraftsLimitAnswer,
  type MyScenesQuery,
  photoGalleryMax,
  type SceneMetadata,
  type SceneMetadataPage,
  sceneTitleMaxLength,
  titleToSave,
} from '../../../contracts/scenes';
import type { FieldIssue } from '../../../contracts/users';
import type { Database, Executor, Transaction } from '../../db';
import { uuidv7 } from '../../db/ids';
import {
  fileThumbnails,
  files,
  publishedScenes,
  publishSlots,
  sceneContentBlobs,
  sceneCounts,
  sceneFileRefs,
  sceneViewDays,
  scenes,
  users,
} from '../../db/schema';
import { privateSpaceMessages } from '../../../contracts/publishing';
import { AppError, forbidden, notFound } from '../../errors';
import type { BlobInfo, BlobStore } from '../../storage/blobStore';
import type { Caller } from '../../http/caller';
import { validationFailed } from '../../http/forms';
import { dayMs, toIsoTime, utcDay } from '../../support/time';
import { putPicture, type ReceivedPicture } from '../../uploads/pictureParts';
import { ContentChecker } from './content';
import { galleryTooLongMessage, type MetadataInput } from './form';

export type SceneRow = typeof scenes.$inferSelect;
/** A row of "my spaces": the space and its creator's name and picture. */
type MyRow = SceneRow & Creator;
export type PublishedRow = typeof publishedScenes.$inferSelect;
type FileInsert = typeof files.$inferInsert & { id: string; sha256: string };

export interface SceneServiceOptions {
  db: Database;
  store: BlobStore;
  log?: FastifyBaseLogger;
  /** Checks content documents (a worker thread for large ones); one is made when not given. */
  checker?: ContentChecker;
}

/** Where a space refers to files: its draft metadata, its draft content, and the same published. */
export type RefSource = 'draft' | 'draftContent' | 'published' | 'publishedContent';

/** A stored content document: the blob it is in and the version it was written in. */
export interface ContentPointer {
  sha256: string;
  size: number;
  version: number;
}

/** What the content routes answer: the stored bytes as they are, or a document to serialise. */
export type ContentAnswer =
  { kind: 'stored'; pointer: ContentPointer } | { kind: 'document'; content: SceneContent; etag?: string };

/** How storing a document's bytes went (see writeContent); `ms` is how long it took. */
export type ContentWrite =
  { ok: true; blob: BlobInfo; ms: number } | { ok: false; error: unknown; ms: number };

/** A content save: when it was stored, and how long its steps took (ms; check and write overlap). */
export interface SavedContent {
  contentUpdatedAt: string;
  timings: { check: number; write: number; commit: number; total: number };
}

export interface PurgeReport {
  scenes: number;
  files: number;
  blobs: number;
}

/** Content blobs nothing points at are kept at least this long before the purge removes them. */
const garbageGraceMs = 10 * 60 * 1000;
/** Advisory lock classes (pg_advisory_xact_lock(class, key)). */
const draftsLockClass = 7411;
const blobLockClass = 7412;

const noSuchSpace = () => notFound('No such space');

export const draftLimitReached = (drafts: number, limit: number) =>
  new AppError('BUSINESS_RULE', draftLimitMessage, { drafts, limit });

/** `/api/fileService/file/{id}` (or a full url ending so) to the file id; undefined otherwise. */
export function fileIdOfUrl(url: string): string | undefined {
  const match =
    /\/api\/fileService\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#].*)?$/.exec(
      url.trim(),
    );
  return match?.[1];
}

const time = (value: string | null) => (value ? toIsoTime(value) : null);

export interface Creator {
  name: string | null;
  profilePictureId: string | null;
}

/** The metadata fields a published snapshot overrides. */
export type Snapshot = Pick<
  PublishedRow,
  | 'title'
  | 'description'
  | 'tags'
  | 'adultContent'
  | 'comments'
  | 'audioUri'
  | 'coverPhotoId'
  | 'photoGalleryIds'
  | 'contentUpdatedAt'
  | 'publishedAt'
>;

/**
 * A space as SceneMetadata: the draft's fields, or the published snapshot's when given. `hideAcl`
 * empties the ACL lists: only the owner learns who is invited.
 */
export function toMetadata(
  row: SceneRow,
  creator: Creator | null,
  snapshot?: Snapshot,
  options: { hideAcl?: boolean } = {},
): SceneMetadata {
  const m = snapshot ?? row;
  const acl = (list: string[] | null) => (options.hideAcl ? [] : (list ?? []));
  return {
    sceneId: row.id,
    title: m.title,
    description: m.description,
    tags: m.tags ?? [],
    state: row.state === 'Published' ? 'Published' : 'Draft',
    visible: row.visible,
    adultContent: m.adultContent,
    comments: m.comments,
    ownerId: row.ownerId,
    creatorId: row.creatorId,
    creator: {
      userId: row.creatorId,
      name: creator?.name ?? '',
      profilePicture: creator?.profilePictureId ? fileUrl(creator.profilePictureId) : null,
    },
    coverPhotoUri: m.coverPhotoId ? fileUrl(m.coverPhotoId) : null,
    thumbnailUri: m.coverPhotoId ? thumbnailUrl(m.coverPhotoId) : null,
    photoGallery: (m.photoGalleryIds ?? []).map(fileUrl),
    audioUri: m.audioUri,
    districtId: row.districtId,
    districtSubdomain: row.districtSubdomain,
    publishedPublic: row.publishedPublic,
    publishedAt: time(snapshot ? snapshot.publishedAt : row.publishedAt),
    createdAt: toIsoTime(row.createdAt),
    updatedAt: toIsoTime(snapshot ? snapshot.publishedAt : row.updatedAt),
    contentUpdatedAt: time(m.contentUpdatedAt),
    likes: Number(row.likes ?? 0),
    views: Number(row.views ?? 0),
    // Comments are counted by the social service once it exists.
    commentCount: 0,
    privacyACLEnabled: row.privacyAclEnabled,
    userPrivacyACL: acl(row.userPrivacyAcl),
    groupPrivacyACL: acl(row.groupPrivacyAcl),
    communicationACLEnabled: row.communicationAclEnabled,
    userCommunicationACL: acl(row.userCommunicationAcl),
    groupCommunicationACL: acl(row.groupCommunicationAcl),
  };
}

/** Files a space's metadata refers to (its cover and gallery), each once. */
const metadataFileIds = (m: Pick<SceneRow, 'coverPhotoId' | 'photoGalleryIds'>) => [
  ...new Set([...(m.coverPhotoId ? [m.coverPhotoId] : []), ...(m.photoGalleryIds ?? [])]),
];

/**
 * Whether a caller other than the owner may see a private space: its privacy ACL names them.
 * Group lists are stored, but matching the caller's groups comes with the groups issue: until
 * then only the user list lets visitors in.
 */
export function invited(row: Pick<SceneRow, 'userPrivacyAcl'>, caller: Caller | null): boolean {
  return caller !== null && (row.userPrivacyAcl ?? []).includes(caller.userId);
}

/**
 * Who may do what with a space, for readers: the owner always; others a published, visible space
 * (403 when it is hidden) that is not private or whose privacy ACL names them (401 when anonymous,
 * 403 otherwise); nobody else learns that a draft exists (404).
 */
export function readAccess(row: SceneRow | undefined, caller: Caller | null): 'owner' | 'visitor' {
  if (!row || row.deletedAt) throw noSuchSpace();
  if (caller?.userId === row.ownerId) return 'owner';
  if (row.state === 'Published') {
    if (!row.visible) throw forbidden();
    if (row.privacyAclEnabled && !invited(row, caller)) {
      if (!caller) throw new AppError('UNAUTHORIZED', privateSpaceMessages.signIn);
      throw forbidden(privateSpaceMessages.forbidden);
    }
    return 'visitor';
  }
  throw noSuchSpace();
}

/** Only the owner writes: a stranger gets 403 for a published space, 404 for a draft. */
export function ownerAccess(row: SceneRow | undefined, caller: Caller): SceneRow {
  if (!row || row.deletedAt) throw noSuchSpace();
  if (caller.userId === row.ownerId) return row;
  if (row.state === 'Published') throw forbidden();
  throw noSuchSpace();
}

/**
 * Spaces (platform.md §3 'Scene metadata', §7.3; districts-commerce-spaces.md §4 'Spaces'):
 * drafts, their metadata and pictures, their content documents, the published snapshot, the draft
 * limit, soft deletion and the purge of what deleted spaces leave behind. Authorization is
 * checked here, next to the data.
 *
 * Blobs are content-addressed and shared (two spaces with the same content, a duplicate and its
 * original, files with the same bytes). A blob is only removed under an exclusive advisory lock,
 * after checking that no file, thumbnail or space points at it; whatever starts pointing at a blob
 * does so under the shared lock, after checking that the blob is (still) there.
 */
export class SceneService {
  private readonly db: Database;
  private readonly store: BlobStore;
  private readonly log?: FastifyBaseLogger;
  readonly checker: ContentChecker;

  constructor(options: SceneServiceOptions) {
    this.db = options.db;
    this.store = options.store;
    this.log = options.log;
    this.checker = options.checker ?? new ContentChecker({ log: options.log });
  }

  async close() {
    await this.checker.close();
  }

  /** The database, for the publishing part of the service (publishing.ts). */
  get database(): Database {
    return this.db;
  }

  get logger(): FastifyBaseLogger | undefined {
    return this.log;
  }

  async find(id: string, executor: Executor = this.db): Promise<SceneRow | undefined> {
    const [row] = await executor.select().from(scenes).where(eq(scenes.id, id)).limit(1);
    return row;
  }

  private async findWithCreator(id: string) {
    const [found] = await this.db
      .select({ scene: scenes, name: users.name, profilePictureId: users.profilePictureId })
      .from(scenes)
      .leftJoin(users, eq(users.id, scenes.creatorId))
      .where(eq(scenes.id, id))
      .limit(1);
    return found;
  }

  private async creatorOf(userId: string): Promise<Creator | null> {
    const [row] = await this.db
      .select({ name: users.name, profilePictureId: users.profilePictureId })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  private async describe(row: SceneRow): Promise<SceneMetadata> {
    return toMetadata(row, await this.creatorOf(row.creatorId));
  }

  private async snapshotOf(sceneId: string): Promise<PublishedRow | undefined> {
    const [row] = await this.db
      .select()
      .from(publishedScenes)
      .where(eq(publishedScenes.sceneId, sceneId))
      .limit(1);
    return row;
  }

  // -------------------------------------------------------------------------------------------
  // Drafts and their limit

  private async countDrafts(ownerId: string, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ n: sceneCounts.n })
      .from(sceneCounts)
      .where(and(eq(sceneCounts.ownerId, ownerId), eq(sceneCounts.state, 'Draft')));
    return row?.n ?? 0;
  }

  /** How many drafts the caller holds and may hold; 422 'Draft Limit Reached' when at the limit. */
  async draftsLimit(caller: Caller): Promise<DraftsLimitAnswer> {
    const drafts = await this.countDrafts(caller.userId);
    const limit = draftLimits[tierOf(caller.roles)];
    if (limit !== null && drafts >= limit) throw draftLimitReached(drafts, limit);
    return { allowed: true, drafts, limit };
  }

  /**
   * Runs `write` in a transaction that holds the caller's draft lock, after checking the limit
   * again inside it: two simultaneous creations cannot both take the last free draft.
   */
  private async withFreeDraft<T>(caller: Caller, write: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${draftsLockClass}, hashtext(${caller.userId}))`);
      const limit = draftLimits[tierOf(caller.roles)];
      if (limit !== null) {
        const drafts = await this.countDrafts(caller.userId, tx);
        if (drafts >= limit) throw draftLimitReached(drafts, limit);
      }
      return write(tx);
    });
  }

  // -------------------------------------------------------------------------------------------
  // Metadata

  /**
   * Creates a draft owned and created by the caller. The draft limit is checked before the form is
   * read (`read` parses and validates it) and again when the draft is written.
   */
  async create(caller: Caller, read: () => Promise<MetadataInput>): Promise<CreateSceneAnswer> {
    await this.draftsLimit(caller);
    const input = await read();
    const { fields } = input;
    const kept = fields.photoGallery ? await this.resolveGallery(fields.photoGallery, caller, null) : [];
    const gallery = input.photoGallery;
    const stored = await this.storePictures(caller.userId, [
      ...(input.coverPhoto ? [input.coverPhoto] : []),
      ...gallery,
    ]);
    const coverFile = input.coverPhoto ? stored[0] : undefined;
    const galleryFiles = input.coverPhoto ? stored.slice(1) : stored;
    const id = uuidv7();
    try {
      const row = await this.withFreeDraft(caller, async (tx) => {
        await this.ensureBlobs(tx, stored);
        if (stored.length > 0) await tx.insert(files).values(stored.map((s) => s.file));
        const [created] = await tx
          .insert(scenes)
          .values({
            id,
            ownerId: caller.userId,
            creatorId: caller.userId,
            state: 'Draft',
            title: titleToSave(fields.title),
            description: fields.description ?? '',
            tags: fields.tags ?? [],
            adultContent: fields.adultContent ?? false,
            comments: fields.comments ?? true,
            audioUri: fields.audioUri ?? null,
            coverPhotoId: coverFile?.file.id ?? null,
            photoGalleryIds: [...kept, ...galleryFiles.map((s) => s.file.id)],
          })
          .returning();
        await this.replaceRefs(tx, id, 'draft', metadataFileIds(created));
        return created;
      });
      return { sceneId: row.id, metadata: await this.describe(row) };
    } catch (error) {
      await this.dropUnreferencedBlobs(stored.map((s) => s.file.sha256));
      throw error;
    }
  }

  /**
   * Changes the draft's metadata (owner only; checked before the form is read). Fields not sent
   * stay as they are. A new cover photo replaces the old one; `removeCoverPhoto` clears it; the
   * gallery is the kept urls (when sent, else the current gallery) followed by the new pictures.
   */
  async update(id: string, caller: Caller, read: () => Promise<MetadataInput>): Promise<SceneMetadata> {
    const current = ownerAccess(await this.find(id), caller);
    const input = await read();
    const { fields } = input;
    const kept = fields.photoGallery
      ? await this.resolveGallery(fields.photoGallery, caller, current)
      : current.photoGalleryIds;
    if (input.photoGallery.length > 0 && kept.length + input.photoGallery.length > photoGalleryMax) {
      throw validationFailed([{ path: '/photoGallery', message: galleryTooLongMessage }]);
    }
    const stored = await this.storePictures(caller.userId, [
      ...(input.coverPhoto ? [input.coverPhoto] : []),
      ...input.photoGallery,
    ]);
    const coverFile = input.coverPhoto ? stored[0] : undefined;
    const galleryFiles = input.coverPhoto ? stored.slice(1) : stored;

    const changes: Partial<typeof scenes.$inferInsert> = {};
    if (fields.title !== undefined) changes.title = titleToSave(fields.title);
    if (fields.description !== undefined) changes.description = fields.description;
    if (fields.tags !== undefined) changes.tags = fields.tags;
    if (fields.adultContent !== undefined) changes.adultContent = fields.adultContent;
    if (fields.comments !== undefined) changes.comments = fields.comments;
    if (fields.audioUri !== undefined) changes.audioUri = fields.audioUri;
    if (coverFile) changes.coverPhotoId = coverFile.file.id;
    else if (fields.removeCoverPhoto) changes.coverPhotoId = null;
    if (fields.photoGallery !== undefined || galleryFiles.length > 0) {
      changes.photoGalleryIds = [...kept, ...galleryFiles.map((s) => s.file.id)];
    }
    try {
      const row = await this.db.transaction(async (tx) => {
        await this.ensureBlobs(tx, stored);
        if (stored.length > 0) await tx.insert(files).values(stored.map((s) => s.file));
        const [updated] = await tx
          .update(scenes)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(and(eq(scenes.id, id), eq(scenes.ownerId, caller.userId), isNull(scenes.deletedAt)))
          .returning();
        if (!updated) throw noSuchSpace();
        await this.replaceRefs(tx, id, 'draft', metadataFileIds(updated));
        return updated;
      });
      return this.describe(row);
    } catch (error) {
      await this.dropUnreferencedBlobs(stored.map((s) => s.file.sha256));
      throw error;
    }
  }

  /**
   * Gallery urls to keep, as file ids: each must be a picture of the file service that this space
   * already shows or that the caller owns.
   */
  private async resolveGallery(urls: string[], caller: Caller, scene: SceneRow | null): Promise<string[]> {
    const issues: FieldIssue[] = [];
    const ids: string[] = [];
    urls.forEach((url, i) => {
      const fileId = fileIdOfUrl(url);
      if (!fileId)
        issues.push({ path: `/photoGallery/${i}`, message: 'Expected a picture url of the file service' });
      else if (!ids.includes(fileId)) ids.push(fileId);
    });
    if (issues.length > 0) throw validationFailed(issues);
    const shown = new Set(scene ? metadataFileIds(scene) : []);
    const unknown = ids.filter((fileId) => !shown.has(fileId));
    if (unknown.length > 0) {
      const mine = await this.db
        .select({ id: files.id })
        .from(files)
        .where(and(inArray(files.id, unknown), eq(files.kind, 'picture'), eq(files.ownerId, caller.userId)));
      const found = new Set(mine.map((f) => f.id));
      urls.forEach((url, i) => {
        const fileId = fileIdOfUrl(url)!;
        if (unknown.includes(fileId) && !found.has(fileId)) {
          issues.push({ path: `/photoGallery/${i}`, message: 'Not one of your pictures' });
        }
      });
      if (issues.length > 0) throw validationFailed(issues);
    }
    return ids;
  }

  /** The space's metadata: the owner sees the draft's; visitors the published snapshot's. */
  async metadata(id: string, caller: Caller | null): Promise<SceneMetadata> {
    const found = await this.findWithCreator(id);
    const access = readAccess(found?.scene, caller);
    if (access === 'owner') return toMetadata(found!.scene, found!);
    const snapshot = await this.snapshotOf(id);
    return toMetadata(found!.scene, found!, snapshot, { hideAcl: true });
  }

  /**
   * The published snapshot's metadata: anyone for a published, visible space, the owner always;
   * 403 for a hidden one; 404 for drafts (there is no snapshot) and unknown spaces.
   */
  async publishedMetadata(id: string, caller: Caller | null): Promise<SceneMetadata> {
    const found = await this.findWithCreator(id);
    const access = readAccess(found?.scene, caller);
    const snapshot = found!.scene.state === 'Published' ? await this.snapshotOf(id) : undefined;
    if (!snapshot) throw notFound('This space is not published');
    return toMetadata(found!.scene, found!, snapshot, { hideAcl: access !== 'owner' });
  }

  async setVisible(id: string, caller: Caller, visible: boolean): Promise<SceneMetadata> {
    ownerAccess(await this.find(id), caller);
    const [row] = await this.db
      .update(scenes)
      .set({ visible })
      .where(and(eq(scenes.id, id), isNull(scenes.deletedAt)))
      .returning();
    if (!row) throw noSuchSpace();
    this.publishedChanged();
    return this.describe(row);
  }

  // -------------------------------------------------------------------------------------------
  // What visitors may see changed

  private generationValue = 0;

  /**
   * Bumped whenever what visitors may find changes in this process (publish, unpublish,
   * visibility, delete): cached search answers of an older generation are not served again.
   */
  get generation(): number {
    return this.generationValue;
  }

  publishedChanged() {
    this.generationValue++;
  }

  /** The caller's spaces (never deleted ones), newest change first. */
  async my(caller: Caller, query: MyScenesQuery): Promise<SceneMetadataPage> {
    const { cp, ipp, state } = query;
    this.prepared ??= { all: this.prepareMy(false), byState: this.prepareMy(true) };
    const prepared = this.prepared[state ? 'byState' : 'all'];
    const [row] = await prepared.execute({
      owner: caller.userId,
      state: state ?? '',
      limit: ipp,
      offset: cp * ipp,
    });
    const items = row.page ? (JSON.parse(row.page) as MyRow[]) : [];
    return { items: items.map((r) => toMetadata(r, r)), cp, ipp, total: Number(row.total) };
  }

  private prepared?: Record<'all' | 'byState', ReturnType<SceneService['prepareMy']>>;

  /**
   * The "my spaces" query, built once and prepared: this list is the most frequent read. One
   * round trip answers the page as one JSON text (much cheaper to decode than 30 columns a row)
   * and the total from the counts the trigger keeps.
   */
  private prepareMy(byState: boolean) {
    // Plain SQL: column names written out in full (drizzle leaves them bare inside select fields).
    const columns = sql.raw(
      Object.entries(getTableColumns(scenes))
        .map(([key, column]) => `s."${column.name}" as "${key}"`)
        .join(', '),
    );
    const stateIs = byState ? sql`and s.state = ${sql.placeholder('state')}` : sql``;
    const countState = byState ? sql`and c.state = ${sql.placeholder('state')}` : sql``;
    const page = sql<string | null>`(select json_agg(x order by x."updatedAt" desc, x."id" desc)::text from (
      select ${columns}, u.name as "name", u.profile_picture_id as "profilePictureId"
      from ${scenes} s left join ${users} u on u.id = s.creator_id
      where s.owner_id = ${sql.placeholder('owner')} and s.deleted_at is null ${stateIs}
      order by s.updated_at desc, s.id desc
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) x)`;
    const total = sql<string>`coalesce((select sum(c.n) from ${sceneCounts} c
      where c.owner_id = ${sql.placeholder('owner')} ${countState}), 0)`;
    return this.db
      .select({ page, total })
      .from(sql`(select 1) as one`)
      .prepare(byState ? 'scenes_my_by_state' : 'scenes_my');
  }

  // -------------------------------------------------------------------------------------------
  // Delete, duplicate, publish

  /** Soft delete (owner only): gone from every list and read at once, purged after the retention. */
  async remove(id: string, caller: Caller): Promise<void> {
    ownerAccess(await this.find(id), caller);
    await this.db.transaction(async (tx) => {
      await tx
        .update(scenes)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(scenes.id, id), isNull(scenes.deletedAt)));
      // Its slot is free for another space at once (the row itself stays for the retention).
      await tx
        .update(publishSlots)
        .set({ sceneId: null, publisherId: null, updatedAt: sql`now()` })
        .where(eq(publishSlots.sceneId, id));
    });
    this.publishedChanged();
    this.log?.info({ sceneId: id }, 'space deleted');
  }

  /**
   * A new draft with the same metadata (title + ' (copy)'), content and pictures (owner only). The
   * copy shares the original's files and content blob: nothing is copied byte for byte.
   */
  async duplicate(id: string, caller: Caller): Promise<CreateSceneAnswer> {
    const original = ownerAccess(await this.find(id), caller);
    const newId = uuidv7();
    const row = await this.withFreeDraft(caller, async (tx) => {
      const source = await this.find(id, tx);
      if (!source || source.deletedAt) throw noSuchSpace();
      const [created] = await tx
        .insert(scenes)
        .values({
          id: newId,
          ownerId: caller.userId,
          creatorId: caller.userId,
          state: 'Draft',
          visible: true,
          title: `${source.title} (copy)`.slice(0, sceneTitleMaxLength).trim(),
          description: source.description,
          tags: source.tags,
          adultContent: source.adultContent,
          comments: source.comments,
          audioUri: source.audioUri,
          coverPhotoId: source.coverPhotoId,
          photoGalleryIds: source.photoGalleryIds,
          privacyAclEnabled: source.privacyAclEnabled,
          userPrivacyAcl: source.userPrivacyAcl,
          groupPrivacyAcl: source.groupPrivacyAcl,
          communicationAclEnabled: source.communicationAclEnabled,
          userCommunicationAcl: source.userCommunicationAcl,
          groupCommunicationAcl: source.groupCommunicationAcl,
          contentSha256: source.contentSha256,
          contentSize: source.contentSize,
          contentVersion: source.contentVersion,
          contentUpdatedAt: source.contentUpdatedAt,
        })
        .returning();
      await tx.execute(sql`
        insert into ${sceneFileRefs} (scene_id, source, file_id)
        select ${newId}, source, file_id from ${sceneFileRefs}
        where scene_id = ${original.id} and source in ('draft', 'draftContent')`);
      return created;
    });
    return { sceneId: row.id, metadata: await this.describe(row) };
  }

  /**
   * Publishes the draft as it is now: its metadata and content pointer are copied into the
   * published snapshot, which visitors read until the next publish. Used by the demo seed and by
   * sceneactions/{id}/publish. `tx` runs it inside a caller's transaction.
   */
  async publishSnapshot(
    sceneId: string,
    options: { publishedPublic?: boolean; tx?: Executor } = {},
  ): Promise<PublishedRow> {
    const run = async (tx: Executor) => {
      const [row] = await tx.select().from(scenes).where(eq(scenes.id, sceneId)).for('update').limit(1);
      if (!row || row.deletedAt) throw noSuchSpace();
      const snapshot = {
        title: row.title,
        description: row.description,
        tags: row.tags,
        adultContent: row.adultContent,
        comments: row.comments,
        audioUri: row.audioUri,
        coverPhotoId: row.coverPhotoId,
        photoGalleryIds: row.photoGalleryIds,
        contentSha256: row.contentSha256,
        contentSize: row.contentSize,
        contentVersion: row.contentVersion,
        contentUpdatedAt: row.contentUpdatedAt,
        publishedAt: sql`now()`,
      };
      const [published] = await tx
        .insert(publishedScenes)
        .values({ sceneId, ...snapshot })
        .onConflictDoUpdate({ target: publishedScenes.sceneId, set: snapshot })
        .returning();
      await tx
        .update(scenes)
        .set({
          state: 'Published',
          publishedAt: sql`coalesce(${scenes.publishedAt}, now())`,
          publishedPublic: options.publishedPublic ?? true,
        })
        .where(eq(scenes.id, sceneId));
      await tx
        .delete(sceneFileRefs)
        .where(
          and(
            eq(sceneFileRefs.sceneId, sceneId),
            inArray(sceneFileRefs.source, ['published', 'publishedContent']),
          ),
        );
      await tx.execute(sql`
        insert into ${sceneFileRefs} (scene_id, source, file_id)
        select scene_id, case source when 'draft' then 'published' else 'publishedContent' end, file_id
        from ${sceneFileRefs} where scene_id = ${sceneId} and source in ('draft', 'draftContent')`);
      return published;
    };
    return options.tx ? run(options.tx) : this.db.transaction(run);
  }

  // -------------------------------------------------------------------------------------------
  // Content

  /** The space if the caller owns it (checked before a content body is read). */
  async ownScene(id: string, caller: Caller): Promise<SceneRow> {
    return ownerAccess(await this.find(id), caller);
  }

  /** The draft's content (owner only): the stored document, or the empty one when never saved. */
  async content(id: string, caller: Caller): Promise<ContentAnswer> {
    const row = ownerAccess(await this.find(id), caller);
    return this.answerOf(pointerOf(row));
  }

  /** The published snapshot's content: who may read it as for publishedMetadata. */
  async publishedContent(id: string, caller: Caller | null): Promise<ContentAnswer> {
    const row = await this.find(id);
    readAccess(row, caller);
    const snapshot = row!.state === 'Published' ? await this.snapshotOf(id) : undefined;
    if (!snapshot) throw notFound('This space is not published');
    return this.answerOf(pointerOf(snapshot));
  }

  private async answerOf(pointer: ContentPointer | null): Promise<ContentAnswer> {
    if (!pointer) return { kind: 'document', content: emptySceneContent(), etag: 'empty' };
    if (pointer.version === sceneContentVersion) return { kind: 'stored', pointer };
    // Written in an older version: migrate it on the way out.
    const chunks: Buffer[] = [];
    for await (const chunk of await this.store.get(pointer.sha256)) chunks.push(chunk as Buffer);
    const parsed = parseSceneContent(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    if (!parsed.ok) throw new AppError('INTERNAL', 'The stored content cannot be read', parsed.issues);
    return { kind: 'document', content: parsed.content };
  }

  /** Opens a stored document's bytes. */
  openContent(pointer: ContentPointer): Promise<Readable> {
    return this.store.get(pointer.sha256);
  }

  /**
   * Saves the draft's content (owner only) atomically: the document is checked (on a worker for
   * large ones) while its bytes are written to the blob store (temp file, fsync, rename); then one
   * UPDATE moves the space's pointer to the new blob. Until that commit the previous content is
   * what every read gets, whatever happens to this request or the process. The previous blob is
   * left for the purge job, which removes content blobs nothing points at.
   */
  async saveContent(
    id: string,
    caller: Caller,
    body: Buffer,
    writing: Promise<ContentWrite> = this.writeContent(Readable.from([body])),
  ): Promise<SavedContent> {
    const started = performance.now();
    const timings = { check: 0, write: 0, commit: 0 };
    try {
      ownerAccess(await this.find(id), caller);
    } catch (error) {
      const written = await writing;
      if (written.ok) await this.registerGarbage(written.blob);
      throw error;
    }
    const checkStart = performance.now();
    const verdict = await this.checker.check(body);
    timings.check = performance.now() - checkStart;
    const written = await writing;
    timings.write = written.ms;
    if (!verdict.ok) {
      if (written.ok) await this.registerGarbage(written.blob);
      throw new AppError(
        'VALIDATION_FAILED',
        verdict.issues.length === 1 ? verdict.issues[0].message : 'The scene content is not valid',
        verdict.issues,
      );
    }
    if (!written.ok) throw written.error;
    let bytes: Buffer = body;
    let blob = written.blob;
    if (verdict.normalized) {
      // Valid, but not as stored: keep the normalised (migrated, defaults filled) document.
      await this.registerGarbage(blob);
      bytes = Buffer.from(
        verdict.normalized.buffer,
        verdict.normalized.byteOffset,
        verdict.normalized.byteLength,
      );
      const again = performance.now();
      blob = await this.store.put(Readable.from([bytes]));
      timings.write += performance.now() - again;
    }
    const commitStart = performance.now();
    const [saved] = await this.db.transaction(async (tx) => {
      await this.ensureBlobs(tx, [{ file: { sha256: blob.sha256 }, bytes }]);
      await tx
        .insert(sceneContentBlobs)
        .values({ sha256: blob.sha256, size: blob.size })
        .onConflictDoUpdate({ target: sceneContentBlobs.sha256, set: { writtenAt: sql`now()` } });
      const updated = await tx
        .update(scenes)
        .set({
          contentSha256: blob.sha256,
          contentSize: blob.size,
          contentVersion: sceneContentVersion,
          contentUpdatedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(scenes.id, id), eq(scenes.ownerId, caller.userId), isNull(scenes.deletedAt)))
        .returning({ contentUpdatedAt: scenes.contentUpdatedAt });
      if (updated.length === 0) throw noSuchSpace();
      await this.syncRefs(tx, id, 'draftContent', verdict.fileIds);
      return updated;
    });
    timings.commit = performance.now() - commitStart;
    return {
      contentUpdatedAt: toIsoTime(saved.contentUpdatedAt!),
      timings: { ...timings, total: performance.now() - started },
    };
  }

  /**
   * Starts storing a content document's bytes as they arrive (they may still be arriving: the
   * route streams the request body here). Most documents are canonical and kept exactly as
   * received, so writing them need not wait for the check. Never rejects.
   */
  writeContent(source: Readable): Promise<ContentWrite> {
    const start = performance.now();
    return this.store.put(source).then(
      (blob) => ({ ok: true as const, blob, ms: performance.now() - start }),
      (error: unknown) => ({ ok: false as const, error, ms: performance.now() - start }),
    );
  }

  /** Records a content blob nothing points at, so the purge job removes it. */
  private async registerGarbage(blob: BlobInfo) {
    await this.db
      .insert(sceneContentBlobs)
      .values({ sha256: blob.sha256, size: blob.size })
      .onConflictDoUpdate({ target: sceneContentBlobs.sha256, set: { writtenAt: sql`now()` } });
  }

  // -------------------------------------------------------------------------------------------
  // Files and blobs

  /** Stores pictures' bytes; their file rows are written with the change that uses them. */
  private async storePictures(ownerId: string, pictures: ReceivedPicture[]) {
    const stored: { file: FileInsert; bytes: Buffer }[] = [];
    try {
      for (const picture of pictures) stored.push(await putPicture(this.store, ownerId, picture));
    } catch (error) {
      await this.dropUnreferencedBlobs(stored.map((s) => s.file.sha256));
      throw error;
    }
    return stored;
  }

  /**
   * Inside a transaction about to point at blobs: takes the shared blob lock and makes sure each
   * blob is there (a purge may have removed an identical, unreferenced one since it was written;
   * it is then written again). With the lock held no purge can remove them before the commit.
   */
  private async ensureBlobs(tx: Transaction, blobs: { file: { sha256: string }; bytes: Buffer }[]) {
    if (blobs.length === 0) return;
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${blobLockClass}, 0)`);
    for (const { file, bytes } of blobs) {
      if (await this.store.stat(file.sha256)) continue;
      const again = await this.store.put(Readable.from([bytes]));
      if (again.sha256 !== file.sha256) throw new Error('blob store returned another key');
    }
  }

  /** Replaces the space's references of one source with `fileIds`. */
  private async replaceRefs(tx: Executor, sceneId: string, source: RefSource, fileIds: string[]) {
    await tx
      .delete(sceneFileRefs)
      .where(and(eq(sceneFileRefs.sceneId, sceneId), eq(sceneFileRefs.source, source)));
    if (fileIds.length > 0) {
      await tx.insert(sceneFileRefs).values(fileIds.map((fileId) => ({ sceneId, source, fileId })));
    }
  }

  /** As replaceRefs, writing only the difference (content references rarely change between saves). */
  private async syncRefs(tx: Executor, sceneId: string, source: RefSource, fileIds: string[]) {
    const where = and(eq(sceneFileRefs.sceneId, sceneId), eq(sceneFileRefs.source, source));
    const existing = new Set(
      (await tx.select({ id: sceneFileRefs.fileId }).from(sceneFileRefs).where(where)).map((r) => r.id),
    );
    const wanted = new Set(fileIds);
    const gone = [...existing].filter((fileId) => !wanted.has(fileId));
    const added = fileIds.filter((fileId) => !existing.has(fileId));
    if (gone.length > 0)
      await tx.delete(sceneFileRefs).where(and(where, inArray(sceneFileRefs.fileId, gone)));
    if (added.length > 0) {
      await tx.insert(sceneFileRefs).values(added.map((fileId) => ({ sceneId, source, fileId })));
    }
  }

  /** Removes, under the exclusive blob lock, those of `sha256s` nothing points at. */
  private async dropUnreferencedBlobs(sha256s: string[]): Promise<number> {
    if (sha256s.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${blobLockClass}, 0)`);
      return this.deleteUnreferencedBlobs(tx, sha256s);
    });
  }

  /**
   * Deletes the blobs among `sha256s` that no file, thumbnail, draft or published snapshot points
   * at, and forgets them as content blobs. The caller holds the exclusive blob lock.
   */
  private async deleteUnreferencedBlobs(tx: Transaction, sha256s: string[]): Promise<number> {
    const unique = [...new Set(sha256s)];
    if (unique.length === 0) return 0;
    const byFiles = new Set<string>();
    const byScenes = new Set<string>();
    const add = (set: Set<string>, rows: { sha256: string | null }[]) =>
      rows.forEach((r) => r.sha256 && set.add(r.sha256));
    add(
      byFiles,
      await tx.selectDistinct({ sha256: files.sha256 }).from(files).where(inArray(files.sha256, unique)),
    );
    add(
      byFiles,
      await tx
        .selectDistinct({ sha256: fileThumbnails.sha256 })
        .from(fileThumbnails)
        .where(inArray(fileThumbnails.sha256, unique)),
    );
    add(
      byScenes,
      await tx
        .selectDistinct({ sha256: scenes.contentSha256 })
        .from(scenes)
        .where(inArray(scenes.contentSha256, unique)),
    );
    add(
      byScenes,
      await tx
        .selectDistinct({ sha256: publishedScenes.contentSha256 })
        .from(publishedScenes)
        .where(inArray(publishedScenes.contentSha256, unique)),
    );
    let removed = 0;
    for (const sha256 of unique) {
      if (byFiles.has(sha256) || byScenes.has(sha256)) continue;
      try {
        await this.store.delete(sha256);
        removed++;
      } catch (error) {
        this.log?.warn({ err: error, sha256 }, 'could not delete a stored blob');
      }
    }
    // No longer content of any space: not this service's to track (files may still use the bytes).
    const forget = unique.filter((sha256) => !byScenes.has(sha256));
    if (forget.length > 0)
      await tx.delete(sceneContentBlobs).where(inArray(sceneContentBlobs.sha256, forget));
    return removed;
  }

  // -------------------------------------------------------------------------------------------
  // Purge

  /**
   * Removes for good the spaces deleted more than deletedSceneRetentionDays before `now`: their
   * rows, the files of their metadata (cover, gallery) that no other space or user refers to, and
   * the blobs nothing points at any more. Then removes content blobs no space points at (replaced
   * by later saves, or refused) once they are older than a short grace period.
   */
  async purgeDeletedScenes(now: Date = new Date()): Promise<PurgeReport> {
    const report: PurgeReport = { scenes: 0, files: 0, blobs: 0 };
    const cutoff = new Date(now.getTime() - deletedSceneRetentionDays * dayMs).toISOString();
    for (;;) {
      const due = await this.db
        .select({ id: scenes.id })
        .from(scenes)
        .where(and(isNotNull(scenes.deletedAt), lt(scenes.deletedAt, cutoff)))
        .limit(50);
      if (due.length === 0) break;
      const ids = due.map((d) => d.id);
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${blobLockClass}, 0)`);
        const refs = await tx
          .select({ fileId: sceneFileRefs.fileId })
          .from(sceneFileRefs)
          .where(
            and(inArray(sceneFileRefs.sceneId, ids), inArray(sceneFileRefs.source, ['draft', 'published'])),
          );
        const draftBlobs = await tx
          .select({ sha256: scenes.contentSha256 })
          .from(scenes)
          .where(inArray(scenes.id, ids));
        const publishedBlobs = await tx
          .select({ sha256: publishedScenes.contentSha256 })
          .from(publishedScenes)
          .where(inArray(publishedScenes.sceneId, ids));
        await tx.delete(scenes).where(inArray(scenes.id, ids));
        report.scenes += ids.length;

        const candidates = [...new Set(refs.map((r) => r.fileId))];
        let gone: { id: string; sha256: string }[] = [];
        let thumbs: { sha256: string }[] = [];
        if (candidates.length > 0) {
          const stillUsed = new Set(
            (
              await tx
                .selectDistinct({ id: sceneFileRefs.fileId })
                .from(sceneFileRefs)
                .where(inArray(sceneFileRefs.fileId, candidates))
            ).map((r) => r.id),
          );
          const pictures = await tx
            .select({ profile: users.profilePictureId, cover: users.coverPhotoId })
            .from(users)
            .where(or(inArray(users.profilePictureId, candidates), inArray(users.coverPhotoId, candidates)));
          for (const p of pictures) {
            if (p.profile) stillUsed.add(p.profile);
            if (p.cover) stillUsed.add(p.cover);
          }
          const unused = candidates.filter((fileId) => !stillUsed.has(fileId));
          if (unused.length > 0) {
            thumbs = await tx
              .select({ sha256: fileThumbnails.sha256 })
              .from(fileThumbnails)
              .where(inArray(fileThumbnails.fileId, unused));
            gone = await tx
              .delete(files)
              .where(inArray(files.id, unused))
              .returning({ id: files.id, sha256: files.sha256 });
          }
        }
        report.files += gone.length;
        report.blobs += await this.deleteUnreferencedBlobs(
          tx,
          [...gone, ...thumbs, ...draftBlobs, ...publishedBlobs].flatMap((r) => (r.sha256 ? [r.sha256] : [])),
        );
      });
    }
    report.blobs += await this.purgeContentGarbage(now);
    // "Counted today" marks are only needed for the current UTC day (two kept for clock skew).
    await this.db
      .delete(sceneViewDays)
      .where(lt(sceneViewDays.day, utcDay(new Date(now.getTime() - 2 * dayMs))));
    if (report.scenes > 0 || report.blobs > 0) this.log?.info(report, 'deleted spaces purged');
    return report;
  }

  /** Content blobs no draft or snapshot points at, written before the grace period. */
  private async purgeContentGarbage(now: Date): Promise<number> {
    const before = new Date(now.getTime() - garbageGraceMs).toISOString();
    let removed = 0;
    for (;;) {
      const batch = await this.db
        .select({ sha256: sceneContentBlobs.sha256 })
        .from(sceneContentBlobs)
        .where(
          and(
            lt(sceneContentBlobs.writtenAt, before),
            sql`not exists (select 1 from ${scenes} where ${scenes.contentSha256} = ${sceneContentBlobs.sha256})`,
            sql`not exists (select 1 from ${publishedScenes} where ${publishedScenes.contentSha256} = ${sceneContentBlobs.sha256})`,
          ),
        )
        .limit(200);
      if (batch.length === 0) return removed;
      removed += await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${blobLockClass}, 0)`);
        return this.deleteUnreferencedBlobs(
          tx,
          batch.map((b) => b.sha256),
        );
      });
    }
  }
}

function pointerOf(row: {
  contentSha256: string | null;
  contentSize: number | null;
  contentVersion: number | null;
}): ContentPointer | null {
  if (!row.contentSha256) return null;
  return { sha256: row.contentSha256, size: row.contentSize ?? 0, version: row.contentVersion ?? 1 };
}
