import { and, asc, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import {
  type Comment,
  type CommentPage,
  commentMessages,
  commentRepliesShown,
  type Reply,
} from '../../../contracts/comments';
import { alias } from 'drizzle-orm/pg-core';
import { fileUrl } from '../../../contracts/files';
import type { Database, Executor } from '../../db';
import { uuidv7 } from '../../db/ids';
import { publishedScenes, sceneComments, scenes, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { toIsoTime } from '../../support/time';
import { readAccess } from '../sceneService/access';
import { countVisibleComments } from './counts';
import { type SocialRateLimits, socialRateLimits, takeRateLimit } from './limits';

/** What happened when a comment was posted: the notification service turns it into notices. */
export interface CommentCreatedEvent {
  sceneId: string;
  sceneOwnerId: string;
  commentId: string;
  authorId: string;
  /** The author of the comment answered (a reply), else null. */
  parentAuthorId: string | null;
}

export interface CommentServiceOptions {
  db: Database;
  limits?: SocialRateLimits;
  /** Called after a comment or reply is stored; its failures are logged, never the poster's. */
  onCommentCreated?: (event: CommentCreatedEvent) => void | Promise<void>;
  log?: { error: (object: unknown, message: string) => void };
}

type CommentRow = typeof sceneComments.$inferSelect;
type UserCols = { name: string | null; username: string | null; profilePictureId: string | null };

/** The space a comment is about, as the social service needs it. */
export interface CommentedSpace {
  sceneId: string;
  ownerId: string;
  /** Whether the caller owns it (sees hidden comments, hides, deletes any). */
  owner: boolean;
  commentsEnabled: boolean;
}

const authorColumns = {
  name: users.name,
  username: users.username,
  profilePictureId: users.profilePictureId,
};

/**
 * The caller's user record, made with the token's name when missing (the app makes it at sign-in;
 * comments and reports refer to it so they go when the account goes).
 */
export async function ensureUserRecord(executor: Executor, caller: Caller): Promise<void> {
  const name = caller.name?.trim() || caller.email?.split('@')[0]?.trim() || 'New member';
  await executor
    .insert(users)
    .values({ id: caller.userId, name: name.slice(0, 100) })
    .onConflictDoNothing({ target: users.id });
}

/**
 * The space as the caller may see it (readAccess: 404 unknown or draft, 401/403 private or hidden),
 * published (comments belong to the published space; 404 otherwise). `comments` is the published
 * snapshot's, the value the publish form set and visitors see.
 */
export async function commentedSpace(
  db: Executor,
  sceneId: string,
  caller: Caller | null,
): Promise<CommentedSpace> {
  const [found] = await db
    .select({ scene: scenes, comments: publishedScenes.comments })
    .from(scenes)
    .leftJoin(publishedScenes, eq(publishedScenes.sceneId, scenes.id))
    .where(eq(scenes.id, sceneId))
    .limit(1);
  const access = await readAccess(db, found?.scene, caller);
  if (found!.scene.state !== 'Published' || found!.comments === null)
    throw notFound(commentMessages.notPublished);
  return {
    sceneId,
    ownerId: found!.scene.ownerId,
    owner: access === 'owner',
    commentsEnabled: found!.comments,
  };
}

/** Which comments a reader sees: the owner every one; others those not hidden. */
const shownTo = (space: CommentedSpace): SQL | undefined =>
  space.owner ? undefined : isNull(sceneComments.hiddenAt);

function toReply(row: CommentRow, user: UserCols | null): Reply {
  return {
    commentId: row.id,
    sceneId: row.sceneId,
    parentCommentId: row.parentId,
    body: row.body,
    createdAt: toIsoTime(row.createdAt),
    updatedAt: toIsoTime(row.updatedAt),
    edited: row.editedAt !== null,
    hidden: row.hiddenAt !== null,
    hiddenByOperator: row.hiddenByOperatorAt !== null,
    user: {
      userId: row.userId,
      name: user?.name ?? '',
      username: user?.username ?? null,
      profilePicture: user?.profilePictureId ? fileUrl(user.profilePictureId) : null,
    },
  };
}

const toComment = (
  row: CommentRow,
  user: UserCols | null,
  replies: Reply[] = [],
  replyCount = 0,
): Comment => ({
  ...toReply(row, user),
  childComments: replies,
  replyCount,
});

/**
 * Comments on published spaces (platform.md §2.7): threads one level deep, edited by their author,
 * deleted by their author or the space's owner, hidden by the owner, rate-limited per user.
 */
export class CommentService {
  private readonly db: Database;
  private readonly limits: SocialRateLimits;

  constructor(private readonly options: CommentServiceOptions) {
    this.db = options.db;
    this.limits = options.limits ?? socialRateLimits;
  }

  /** A page of the space's threads, newest first, each with its replies oldest first. */
  async list(
    sceneId: string,
    caller: Caller | null,
    query: { cp: number; ipp: number },
  ): Promise<CommentPage> {
    const space = await commentedSpace(this.db, sceneId, caller);
    const { cp, ipp } = query;
    const topLevel = and(eq(sceneComments.sceneId, sceneId), isNull(sceneComments.parentId), shownTo(space));
    const [[{ total }], rows, [{ n: commentCount }]] = await Promise.all([
      this.db.select({ total: count() }).from(sceneComments).where(topLevel),
      this.db
        .select({ c: sceneComments, u: authorColumns })
        .from(sceneComments)
        .leftJoin(users, eq(users.id, sceneComments.userId))
        .where(topLevel)
        .orderBy(desc(sceneComments.createdAt), desc(sceneComments.id))
        .limit(ipp)
        .offset(cp * ipp),
      countVisibleComments(this.db, sceneId),
    ]);
    const replies = await this.repliesOf(
      rows.map((r) => r.c.id),
      space,
    );
    return {
      items: rows.map((r) => {
        const thread = replies.get(r.c.id);
        return toComment(r.c, r.u, thread?.items ?? [], thread?.count ?? 0);
      }),
      cp,
      ipp,
      total: Number(total),
      commentCount: Number(commentCount),
      commentsEnabled: space.commentsEnabled,
    };
  }

  /** The first commentRepliesShown replies of each parent (oldest first) and how many it has. */
  private async repliesOf(parentIds: string[], space: CommentedSpace) {
    const byParent = new Map<string, { items: Reply[]; count: number }>();
    if (parentIds.length === 0) return byParent;
    const where = and(inArray(sceneComments.parentId, parentIds), shownTo(space));
    const ranked = this.db
      .select({
        id: sceneComments.id,
        rank: sql<number>`row_number() over (partition by ${sceneComments.parentId} order by ${sceneComments.createdAt}, ${sceneComments.id})`.as(
          'rank',
        ),
      })
      .from(sceneComments)
      .where(where)
      .as('ranked');
    const [rows, counts] = await Promise.all([
      this.db
        .select({ c: sceneComments, u: authorColumns })
        .from(sceneComments)
        .innerJoin(ranked, and(eq(ranked.id, sceneComments.id), lte(ranked.rank, commentRepliesShown)))
        .leftJoin(users, eq(users.id, sceneComments.userId))
        .orderBy(asc(sceneComments.createdAt), asc(sceneComments.id)),
      this.db
        .select({ parentId: sceneComments.parentId, n: count() })
        .from(sceneComments)
        .where(where)
        .groupBy(sceneComments.parentId),
    ]);
    for (const { parentId, n } of counts) byParent.set(parentId!, { items: [], count: Number(n) });
    for (const r of rows) byParent.get(r.c.parentId!)?.items.push(toReply(r.c, r.u));
    return byParent;
  }

  /**
   * Posts a comment, or a reply when `parentCommentId` names a comment of the same space (a reply
   * to a reply joins the thread of its top-level comment). 403 COMMENTS_OFF when the space's
   * publish form turned comments off; 429 when the caller comments too quickly.
   */
  async create(
    sceneId: string,
    caller: Caller,
    input: { body: string; parentCommentId?: string },
  ): Promise<Comment> {
    const space = await commentedSpace(this.db, sceneId, caller);
    if (!space.commentsEnabled) throw new AppError('COMMENTS_OFF', commentMessages.commentsOff);
    const { row, parentAuthorId } = await this.db.transaction(async (tx) => {
      let parentId: string | null = null;
      let parentAuthorId: string | null = null;
      if (input.parentCommentId) {
        const [parent] = await tx
          .select()
          .from(sceneComments)
          .where(
            and(
              eq(sceneComments.id, input.parentCommentId),
              eq(sceneComments.sceneId, sceneId),
              shownTo(space),
            ),
          )
          .limit(1);
        if (!parent) throw notFound(commentMessages.noSuchComment);
        parentId = parent.parentId ?? parent.id;
        parentAuthorId = parent.userId;
      }
      await ensureUserRecord(tx, caller);
      await takeRateLimit(tx, caller.userId, 'comment', this.limits);
      const [row] = await tx
        .insert(sceneComments)
        .values({ id: uuidv7(), sceneId, userId: caller.userId, parentId, body: input.body })
        .returning();
      return { row, parentAuthorId };
    });
    await this.announce({
      sceneId,
      sceneOwnerId: space.ownerId,
      commentId: row.id,
      authorId: caller.userId,
      parentAuthorId,
    });
    return this.toAnswer(row);
  }

  /** Changes the body (the author only); marks the comment edited when the text changed. */
  async edit(commentId: string, caller: Caller, body: string): Promise<Comment> {
    const { row, space } = await this.find(commentId, caller);
    if (row.userId !== caller.userId) throw forbidden(commentMessages.onlyAuthorEdits);
    if (!space.commentsEnabled) throw new AppError('COMMENTS_OFF', commentMessages.commentsOff);
    if (row.body === body) return this.toAnswer(row);
    const [changed] = await this.db
      .update(sceneComments)
      .set({ body, updatedAt: sql`now()`, editedAt: sql`now()` })
      .where(eq(sceneComments.id, commentId))
      .returning();
    if (!changed) throw notFound(commentMessages.noSuchComment);
    return this.toAnswer(changed);
  }

  /** Deletes a comment (its author or the space's owner); a thread's replies go with it. */
  async remove(commentId: string, caller: Caller): Promise<void> {
    const { row, space } = await this.find(commentId, caller);
    if (row.userId !== caller.userId && !space.owner)
      throw forbidden(commentMessages.onlyAuthorOrOwnerDeletes);
    await this.db.delete(sceneComments).where(eq(sceneComments.id, commentId));
  }

  /**
   * Hides or shows again a comment on the caller's space (the owner only); one an operator hid after
   * a report stays hidden.
   */
  async setHidden(commentId: string, caller: Caller, hidden: boolean): Promise<Comment> {
    const { row, space } = await this.find(commentId, caller);
    if (!space.owner) throw forbidden(commentMessages.onlyOwnerHides);
    if (!hidden && row.hiddenByOperatorAt)
      throw new AppError('BUSINESS_RULE', commentMessages.hiddenByOperator);
    const [changed] = await this.db
      .update(sceneComments)
      .set({ hiddenAt: hidden ? sql`coalesce(${sceneComments.hiddenAt}, now())` : null })
      .where(eq(sceneComments.id, commentId))
      .returning();
    if (!changed) throw notFound(commentMessages.noSuchComment);
    return this.toAnswer(changed);
  }

  /**
   * A comment the caller may see, with its space: 404 for unknown ones and for hidden ones (a
   * hidden thread's replies included) unless the caller owns the space or wrote the comment.
   */
  async find(commentId: string, caller: Caller | null): Promise<{ row: CommentRow; space: CommentedSpace }> {
    const parent = alias(sceneComments, 'parent');
    const [found] = await this.db
      .select({ row: sceneComments, parentHidden: parent.hiddenAt })
      .from(sceneComments)
      .leftJoin(parent, eq(parent.id, sceneComments.parentId))
      .where(eq(sceneComments.id, commentId))
      .limit(1);
    if (!found) throw notFound(commentMessages.noSuchComment);
    const space = await commentedSpace(this.db, found.row.sceneId, caller);
    const hidden = found.row.hiddenAt !== null || found.parentHidden !== null;
    if (hidden && !space.owner && found.row.userId !== caller?.userId)
      throw notFound(commentMessages.noSuchComment);
    return { row: found.row, space };
  }

  private async toAnswer(row: CommentRow): Promise<Comment> {
    const [user] = await this.db.select(authorColumns).from(users).where(eq(users.id, row.userId)).limit(1);
    return toComment(row, user ?? null);
  }

  private async announce(event: CommentCreatedEvent) {
    try {
      await this.options.onCommentCreated?.(event);
    } catch (error) {
      this.options.log?.error({ err: error, commentId: event.commentId }, 'comment notification failed');
    }
  }
}
