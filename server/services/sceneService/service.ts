import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type CreateSceneAnswer,
  type DraftsLimitAnswer,
  type MyScenesQuery,
  photoGalleryMax,
  type SceneMetadata,
  type SceneMetadataPage,
  sceneTitleMaxLength,
  titleToSave,
} from '../../../contracts/scenes';
import type { FieldIssue } from '../../../contracts/users';
import type { ContentPatch } from '../../../contracts/contentPatch';
import type { Database, Executor, Transaction } from '../../db';
import { uuidv7 } from '../../db/ids';
import { files, publishSlots, sceneFileRefs, scenes } from '../../db/schema';
import { hiddenByOperatorMessage } from '../../../contracts/publishingRules';
import { forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { validationFailed } from '../../http/forms';
import type { BlobStore } from '../../storage/blobStore';
import { noSuchSpace, ownerAccess, readAccess } from './access';
import { SceneBlobs } from './blobs';
import { DraftLimit } from './draftLimit';
import { ContentChecker } from './content';
import {
  type ContentAnswer,
  type ContentPointer,
  type SavedContent,
  type SaveOptions,
  SceneDocuments,
} from './documents';
import { ContentPatching, type PatchedContent } from './contentPatching';
import { DocumentCache } from './contentVersions';
import { galleryTooLongMessage, type MetadataInput } from './form';
import { fileIdOfUrl, metadataFileIds, type PublishedRow, type SceneRow, toMetadata } from './metadata';
import { MyScenes } from './myScenes';
import { type PurgeReport, purgeDeletedScenes } from './purge';
import { creatorOf, findScene, findSceneWithCreator, snapshotOf } from './queries';
import { districtListGeneration } from './sceneDistricts';
import { writeSnapshot } from './snapshot';

export interface SceneServiceOptions {
  db: Database;
  store: BlobStore;
  log?: FastifyBaseLogger;
  /** Checks content documents (a worker thread for large ones); one is made when not given. */
  checker?: ContentChecker;
}

/**
 * Spaces (platform.md §3 'Scene metadata', §7.3; districts-commerce-spaces.md §4 'Spaces'):
 * drafts, their metadata and pictures, their content documents (documents.ts), the published
 * snapshot, the draft limit, soft deletion and the purge of what deleted spaces leave behind
 * (purge.ts). Authorization is checked here, next to the data (access.ts); the blobs spaces point
 * at are kept by blobs.ts.
 */
export class SceneService {
  private readonly db: Database;
  private readonly log?: FastifyBaseLogger;
  private readonly blobs: SceneBlobs;
  private readonly documents: SceneDocuments;
  private readonly patching: ContentPatching;
  private readonly myScenes: MyScenes;
  private readonly drafts: DraftLimit;
  private readonly checker: ContentChecker;

  constructor(options: SceneServiceOptions) {
    this.db = options.db;
    this.log = options.log;
    this.checker = options.checker ?? new ContentChecker({ log: options.log });
    this.blobs = new SceneBlobs(options.db, options.store, options.log);
    const cache = new DocumentCache();
    this.documents = new SceneDocuments(options.db, options.store, this.blobs, this.checker, cache);
    this.patching = new ContentPatching(options.db, options.store, this.blobs, cache, options.log);
    this.myScenes = new MyScenes(options.db);
    this.drafts = new DraftLimit(options.db);
  }

  async close() {
    await this.checker.close();
  }

  /** The database, for the parts of the service that work with spaces (publishing, search, views). */
  get database(): Database {
    return this.db;
  }

  get logger(): FastifyBaseLogger | undefined {
    return this.log;
  }

  find(id: string, executor: Executor = this.db): Promise<SceneRow | undefined> {
    return findScene(executor, id);
  }

  private async describe(row: SceneRow): Promise<SceneMetadata> {
    return toMetadata(row, await creatorOf(this.db, row.creatorId));
  }

  /** How many drafts the caller holds and may hold; 422 'Draft Limit Reached' when at the limit. */
  draftsLimit(caller: Caller): Promise<DraftsLimitAnswer> {
    return this.drafts.check(caller);
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
    const stored = await this.blobs.storePictures(caller.userId, [
      ...(input.coverPhoto ? [input.coverPhoto] : []),
      ...gallery,
    ]);
    const coverFile = input.coverPhoto ? stored[0] : undefined;
    const galleryFiles = input.coverPhoto ? stored.slice(1) : stored;
    const id = uuidv7();
    try {
      const row = await this.drafts.withFreeDraft(caller, async (tx) => {
        await this.blobs.ensure(tx, stored);
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
        await this.blobs.replaceRefs(tx, id, 'draft', metadataFileIds(created));
        return created;
      });
      return { sceneId: row.id, metadata: await this.describe(row) };
    } catch (error) {
      await this.blobs.dropUnreferenced(stored.map((s) => s.file.sha256));
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
    const stored = await this.blobs.storePictures(caller.userId, [
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
        await this.blobs.ensure(tx, stored);
        if (stored.length > 0) await tx.insert(files).values(stored.map((s) => s.file));
        const [updated] = await tx
          .update(scenes)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(and(eq(scenes.id, id), eq(scenes.ownerId, caller.userId), isNull(scenes.deletedAt)))
          .returning();
        if (!updated) throw noSuchSpace();
        await this.blobs.replaceRefs(tx, id, 'draft', metadataFileIds(updated));
        return updated;
      });
      return this.describe(row);
    } catch (error) {
      await this.blobs.dropUnreferenced(stored.map((s) => s.file.sha256));
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
    const found = await findSceneWithCreator(this.db, id);
    const access = await readAccess(this.db, found?.scene, caller);
    if (access === 'owner') return toMetadata(found!.scene, found!);
    const snapshot = await snapshotOf(this.db, id);
    return toMetadata(found!.scene, found!, snapshot, { hideAcl: true });
  }

  /**
   * The published snapshot's metadata: anyone for a published, visible space, the owner always;
   * 403 for a hidden one; 404 for drafts (there is no snapshot) and unknown spaces.
   */
  async publishedMetadata(id: string, caller: Caller | null): Promise<SceneMetadata> {
    const found = await findSceneWithCreator(this.db, id);
    const access = await readAccess(this.db, found?.scene, caller);
    const snapshot = found!.scene.state === 'Published' ? await snapshotOf(this.db, id) : undefined;
    if (!snapshot) throw notFound('This space is not published');
    return toMetadata(found!.scene, found!, snapshot, { hideAcl: access !== 'owner' });
  }

  async setVisible(id: string, caller: Caller, visible: boolean): Promise<SceneMetadata> {
    const current = ownerAccess(await this.find(id), caller);
    if (visible && current.hiddenByOperatorAt) throw forbidden(hiddenByOperatorMessage);
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
    return this.generationValue + districtListGeneration();
  }

  publishedChanged() {
    this.generationValue++;
  }

  /** The caller's spaces (never deleted ones), newest change first. */
  my(caller: Caller, query: MyScenesQuery): Promise<SceneMetadataPage> {
    return this.myScenes.page(caller, query);
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
    const row = await this.drafts.withFreeDraft(caller, async (tx) => {
      // The copy takes the draft's blob: its incremental saves are folded into it first.
      await this.patching.settle(tx, id);
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
   * Publishes the draft as it is now into the published snapshot (snapshot.ts), which visitors
   * read until the next publish. Used by the demo seed and by sceneactions/{id}/publish. `tx` runs
   * it inside a caller's transaction.
   */
  publishSnapshot(
    sceneId: string,
    options: { publishedPublic?: boolean; tx?: Transaction } = {},
  ): Promise<PublishedRow> {
    // The snapshot takes the draft's blob: its incremental saves are folded into it first.
    const run = async (tx: Transaction) => {
      await this.patching.settle(tx, sceneId);
      return writeSnapshot(tx, sceneId, options.publishedPublic);
    };
    return options.tx ? run(options.tx) : this.db.transaction(run);
  }

  // -------------------------------------------------------------------------------------------
  // Content (documents.ts)

  /** The space if the caller owns it (checked before a content body is read). */
  async ownScene(id: string, caller: Caller): Promise<SceneRow> {
    return ownerAccess(await this.find(id), caller);
  }

  content(id: string, caller: Caller): Promise<ContentAnswer> {
    return this.documents.content(id, caller);
  }

  publishedContent(id: string, caller: Caller | null): Promise<ContentAnswer> {
    return this.documents.publishedContent(id, caller);
  }

  openContent(pointer: ContentPointer): Promise<Readable> {
    return this.documents.open(pointer);
  }

  /** A full save; with `ifMatch`, made on that version (409 STALE_CONTENT when it is not current). */
  saveContent(id: string, caller: Caller, body: Buffer, options?: SaveOptions): Promise<SavedContent> {
    return this.documents.save(id, caller, body, options);
  }

  /** An incremental save on the version `ifMatch` (contentPatching.ts). */
  patchContent(id: string, caller: Caller, patch: ContentPatch, ifMatch: string): Promise<PatchedContent> {
    return this.patching.patch(id, caller, patch, ifMatch);
  }

  /** Folds the draft's incremental saves into one blob now (they are folded by themselves too). */
  compactContent(id: string): Promise<void> {
    return this.patching.compact(id);
  }

  // -------------------------------------------------------------------------------------------

  /** Removes for good what deleted spaces leave behind (purge.ts). */
  purgeDeletedScenes(now: Date = new Date()): Promise<PurgeReport> {
    return purgeDeletedScenes(this.db, this.blobs, now, this.log);
  }
}
