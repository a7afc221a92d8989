import { and, count, eq, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileUrl } from '../../../contracts/files';
import type { Role } from '../../../contracts/identity';
import {
  incorrectPasswordMessage,
  requiredMessage,
  type UserChanges,
  type UserFull,
  type UserPictureField,
  type UserPublic,
  type UserSearchAnswer,
  usernameTakenMessage,
  userFieldLimits,
} from '../../../contracts/users';
import type { Database } from '../../db';
import { fileThumbnails, files, publishSlots, scenes, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { BlobStore } from '../../storage/blobStore';
import type { Caller } from '../../http/caller';
import { validationFailed } from '../../http/forms';
import { toIsoTime } from '../../support/time';
import { type PictureFileRow, putPicture } from '../../uploads/pictureParts';
import { countsOf, type UserCounts } from './counts';
import type { ProfileInput, ReceivedPictures } from './form';

export type UserRow = typeof users.$inferSelect;

/**
 * The accounts that passwords belong to. The default is the embedded provider's local accounts;
 * tests may hand in another.
 */
export interface AccountDirectory {
  verifyPassword(accountId: string, password: string): Promise<boolean>;
  deleteAccount(accountId: string): Promise<void>;
}

/** The embedded provider's local accounts (server/identity/accounts), loaded on first use. */
export function localAccounts(db: Database): AccountDirectory {
  const load = () => import('../../identity/accounts');
  return {
    verifyPassword: async (accountId, password) => (await load()).verifyPassword(db, accountId, password),
    deleteAccount: async (accountId) => (await load()).deleteAccount(db, accountId),
  };
}

export interface UserServiceOptions {
  db: Database;
  store: BlobStore;
  accounts: AccountDirectory;
  /** Recorded as a new user's loginProvider: 'local' for the embedded provider, else the issuer. */
  loginProvider: string;
  log?: FastifyBaseLogger;
}

/** How often GET /user/my moves lastLogin forward (it is called when the app starts a session). */
const lastLoginEvery = "interval '10 minutes'";

function toPublicUser(row: UserRow, counts: UserCounts): UserPublic {
  return {
    userId: row.id,
    name: row.name,
    username: row.username,
    bio: row.bio,
    city: row.city,
    country: row.country,
    occupation: row.occupation,
    website: row.website,
    socialMedia: row.socialMedia ?? [],
    profilePicture: row.profilePictureId ? fileUrl(row.profilePictureId) : null,
    coverPhoto: row.coverPhotoId ? fileUrl(row.coverPhotoId) : null,
    coverCrop: row.coverCrop ?? null,
    signedUp: toIsoTime(row.signedUp),
    numOfFollowers: counts.numOfFollowers,
    numOfFollowing: counts.numOfFollowing,
    numPublishedSpaces: counts.numPublishedSpaces,
  };
}

function toFullUser(row: UserRow, counts: UserCounts, roles: readonly Role[]): UserFull {
  return {
    ...toPublicUser(row, counts),
    email: row.email,
    birthday: row.birthday,
    gender: row.gender,
    searchable: row.searchable,
    autoSave: row.autoSave,
    hideContentLibrary: row.hideContentLibrary,
    hideGroups: row.hideGroups,
    editorGuideSeen: row.editorGuideSeen,
    active: row.active,
    avatar: row.avatar,
    generalRole: row.generalRole,
    loginProvider: row.loginProvider,
    privateSpaceInvitationCode: row.privateSpaceInvitationCode,
    lastLogin: row.lastLogin ? toIsoTime(row.lastLogin) : null,
    roles: [...roles],
  };
}

/** Profile columns from a validated change (pictures are set separately). */
function columnsOf(changes: UserChanges): Partial<UserRow> {
  const { profilePicture, coverPhoto, ...fields } = changes;
  const columns: Partial<UserRow> = { ...fields };
  if (profilePicture === null) columns.profilePictureId = null;
  if (coverPhoto === null) columns.coverPhotoId = null;
  return columns;
}

const pictureColumn = { profilePicture: 'profilePictureId', coverPhoto: 'coverPhotoId' } as const;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const usernameTaken = () =>
  new AppError('CONFLICT', usernameTakenMessage, [{ path: '/username', message: usernameTakenMessage }]);

/** `%` and `_` are wildcards in LIKE patterns: match them literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users (platform.md §3, §7.2): their records, profiles, pictures, search and account deletion.
 * Authorization is checked here, next to the data: only the owner reads the full record or
 * changes it.
 */
export class UserService {
  private readonly db: Database;
  private readonly store: BlobStore;
  private readonly accounts: AccountDirectory;
  private readonly loginProvider: string;
  private readonly log?: FastifyBaseLogger;

  constructor(options: UserServiceOptions) {
    this.db = options.db;
    this.store = options.store;
    this.accounts = options.accounts;
    this.loginProvider = options.loginProvider;
    this.log = options.log;
  }

  async find(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** A user's counts (published spaces, followers, following). */
  private async countsOf(id: string): Promise<UserCounts> {
    return (await countsOf(this.db, [id])).get(id)!;
  }

  private async full(row: UserRow, roles: readonly Role[]): Promise<UserFull> {
    return toFullUser(row, await this.countsOf(row.id), roles);
  }

  /** The caller's own record, or null when they have none yet. Moves lastLogin forward. */
  async mine(caller: Caller): Promise<UserFull | null> {
    const [touched] = await this.db
      .update(users)
      .set({ lastLogin: sql`now()` })
      .where(
        and(
          eq(users.id, caller.userId),
          or(isNull(users.lastLogin), lt(users.lastLogin, sql`now() - ${sql.raw(lastLoginEvery)}`)),
        ),
      )
      .returning();
    const row = touched ?? (await this.find(caller.userId));
    return row ? this.full(row, caller.roles) : null;
  }

  /** Creates the caller's record (CONFLICT when it exists). The name defaults to the sign-in's. */
  async create(caller: Caller, input: ProfileInput): Promise<UserFull> {
    const { changes, pictures } = input;
    const name = (changes.name ?? caller.name?.trim() ?? caller.email?.split('@')[0]?.trim() ?? '').slice(
      0,
      userFieldLimits.name,
    );
    if (!name) throw validationFailed([{ path: '/name', message: requiredMessage }]);
    if (await this.find(caller.userId)) throw new AppError('CONFLICT', 'Your user record already exists');
    await this.ensureUsernameFree(changes.username, caller.userId);

    const stored = await this.storePictures(caller.userId, pictures);
    try {
      const row = await this.db.transaction(async (tx) => {
        if (stored.length > 0) await tx.insert(files).values(stored.map((s) => s.file));
        const [created] = await tx
          .insert(users)
          .values({
            ...columnsOf(changes),
            ...Object.fromEntries(stored.map((s) => [pictureColumn[s.field], s.file.id])),
            id: caller.userId,
            name,
            email: caller.email ?? null,
            loginProvider: this.loginProvider,
            lastLogin: sql`now()`,
          })
          .onConflictDoNothing({ target: users.id })
          .returning();
        if (!created) throw new AppError('CONFLICT', 'Your user record already exists');
        return created;
      });
      return await this.full(row, caller.roles);
    } catch (error) {
      await this.dropUnreferenced(stored.map((s) => s.file.sha256));
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  /** A user as the caller may see them: the full record for its owner, the public part for others. */
  async view(id: string, caller: Caller | null): Promise<UserFull | UserPublic> {
    const row = await this.find(id);
    const own = caller?.userId === id;
    if (!row || (!row.active && !own)) throw notFound('No such user');
    return own ? this.full(row, caller.roles) : toPublicUser(row, await this.countsOf(row.id));
  }

  /**
   * Changes the owner's profile. The caller is checked before the change is read (`read` parses
   * and validates the request); nothing is written unless every field and picture is valid.
   * Pictures become files owned by the user; a replaced picture's file is left as it is.
   */
  async update(id: string, caller: Caller, read: () => Promise<ProfileInput>): Promise<UserFull> {
    const existing = await this.find(id);
    if (caller.userId !== id) {
      if (!existing) throw notFound('No such user');
      throw forbidden();
    }
    if (!existing) throw notFound('No user record yet: create it first');

    const { changes, pictures } = await read();
    await this.ensureUsernameFree(changes.username, id);
    const stored = await this.storePictures(id, pictures);
    try {
      const row = await this.db.transaction(async (tx) => {
        if (stored.length > 0) await tx.insert(files).values(stored.map((s) => s.file));
        const [updated] = await tx
          .update(users)
          .set({
            ...columnsOf(changes),
            ...Object.fromEntries(stored.map((s) => [pictureColumn[s.field], s.file.id])),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, id))
          .returning();
        if (!updated) throw notFound('No user record yet: create it first');
        return updated;
      });
      return await this.full(row, caller.roles);
    } catch (error) {
      await this.dropUnreferenced(stored.map((s) => s.file.sha256));
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  /** Searchable, active users whose name or username contains `q` (case-insensitive), by name. */
  async search(query: { q: string; cp: number; ipp: number }): Promise<UserSearchAnswer> {
    const { q, cp, ipp } = query;
    const where = and(
      eq(users.searchable, true),
      eq(users.active, true),
      q ? or(ilike(users.name, likePattern(q)), ilike(users.username, likePattern(q))) : undefined,
    );
    const [{ n }] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.name})`, users.id)
      .limit(ipp)
      .offset(cp * ipp);
    const counts = await countsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return { items: rows.map((r) => toPublicUser(r, counts.get(r.id)!)), cp, ipp, total: Number(n) };
  }

  /**
   * Deletes the owner's account for good, once their password is confirmed: the user record, their
   * spaces and slots, the files they own (and the stored bytes no other file shares) and the
   * sign-in account.
   */
  async remove(id: string, caller: Caller, password: string): Promise<void> {
    if (caller.userId !== id) {
      if (!(await this.find(id))) throw notFound('No such user');
      throw forbidden();
    }
    if (!(await this.accounts.verifyPassword(id, password))) {
      throw new AppError('VALIDATION_FAILED', incorrectPasswordMessage, [
        { path: '/password', message: incorrectPasswordMessage },
      ]);
    }
    await this.erase(id);
  }

  /**
   * Removes a user for good (their own deletion, or an operator's): the user record, their spaces
   * and slots, the files they own (and the stored bytes no other file shares) and the sign-in
   * account with its sessions.
   */
  async erase(id: string): Promise<void> {
    const { fileIds, blobs } = await this.db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, id));
      // Their spaces go with them: gone from every list and read at once (soft-deleted, so the
      // scene service's purge removes their content after its retention), their slots with them.
      await tx.delete(publishSlots).where(eq(publishSlots.ownerId, id));
      await tx
        .update(scenes)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(scenes.ownerId, id), isNull(scenes.deletedAt)));
      const thumbs = await tx
        .select({ sha256: fileThumbnails.sha256 })
        .from(fileThumbnails)
        .innerJoin(files, eq(files.id, fileThumbnails.fileId))
        .where(eq(files.ownerId, id));
      const gone = await tx
        .delete(files)
        .where(eq(files.ownerId, id))
        .returning({ id: files.id, sha256: files.sha256 });
      return { fileIds: gone.map((f) => f.id), blobs: [...gone, ...thumbs].map((f) => f.sha256) };
    });
    // After the record: should this fail, signing in again finds no record and deleting can be retried.
    await this.accounts.deleteAccount(id);
    await this.dropUnreferenced(blobs);
    this.log?.info({ userId: id, files: fileIds.length }, 'account deleted');
  }

  private async ensureUsernameFree(username: string | null | undefined, userId: string) {
    if (!username) return;
    const [taken] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), ne(users.id, userId)))
      .limit(1);
    if (taken) throw usernameTaken();
  }

  /** Stores the pictures' bytes; their file rows are written with the change that uses them. */
  private async storePictures(ownerId: string, pictures: ReceivedPictures) {
    const stored: { field: UserPictureField; file: PictureFileRow }[] = [];
    try {
      for (const [field, picture] of Object.entries(pictures) as [
        UserPictureField,
        ReceivedPictures[UserPictureField],
      ][]) {
        if (!picture) continue;
        stored.push({ field, file: (await putPicture(this.store, ownerId, picture)).file });
      }
    } catch (error) {
      await this.dropUnreferenced(stored.map((s) => s.file.sha256));
      throw error;
    }
    return stored;
  }

  /** Deletes the blobs that no file or thumbnail refers to any more (blobs are shared by hash). */
  private async dropUnreferenced(sha256s: string[]) {
    const unique = [...new Set(sha256s)];
    if (unique.length === 0) return;
    const inFiles = await this.db
      .selectDistinct({ sha256: files.sha256 })
      .from(files)
      .where(inArray(files.sha256, unique));
    const inThumbs = await this.db
      .selectDistinct({ sha256: fileThumbnails.sha256 })
      .from(fileThumbnails)
      .where(inArray(fileThumbnails.sha256, unique));
    const used = new Set([...inFiles, ...inThumbs].map((r) => r.sha256));
    for (const sha256 of unique) {
      if (used.has(sha256)) continue;
      try {
        await this.store.delete(sha256);
      } catch (error) {
        this.log?.warn({ err: error, sha256 }, 'could not delete a stored file');
      }
    }
  }
}
