import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { fileUrl } from '../../../contracts/files';
import {
  type FollowState,
  type MemberCard,
  type MemberPage,
  selfFollowMessage,
} from '../../../contracts/follows';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { follows, notifications, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { NotificationService } from './notificationService';

export interface FollowServiceOptions {
  db: Database;
  /** Tells a followed user of their new follower. */
  notifications?: Pick<NotificationService, 'notify'>;
}

/** The profile path of a user in the app (contracts/routeMap.ts 'user'). */
export const profilePath = (userId: string) => `/user/${encodeURIComponent(userId)}`;

const followsUser = (followerId: string, userId: string) =>
  and(eq(follows.followerId, followerId), eq(follows.followedUserId, userId));

/**
 * Follows between users (platform.md §2.3, §2.7): one row per follower and followed user, so a
 * follow is one `insert … on conflict do nothing` and the counts, counted from the rows, stay exact
 * under any concurrency.
 */
export class FollowService {
  constructor(private readonly options: FollowServiceOptions) {}

  private get db() {
    return this.options.db;
  }

  /** How many users follow `userId`, now. */
  async followersOf(userId: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(follows)
      .where(eq(follows.followedUserId, userId));
    return Number(n);
  }

  private async state(followerId: string | null, userId: string): Promise<FollowState> {
    const [mine, numOfFollowers] = await Promise.all([
      followerId
        ? this.db.select({ id: follows.id }).from(follows).where(followsUser(followerId, userId)).limit(1)
        : Promise.resolve([]),
      this.followersOf(userId),
    ]);
    return { userId, following: mine.length > 0, numOfFollowers };
  }

  /** Who exists of `ids`. */
  private async existing(ids: string[]): Promise<Map<string, { name: string }>> {
    const rows = await this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, { name: r.name }]));
  }

  /** Whether `callerId` follows `userId`, and the user's followers. */
  async get(callerId: string, userId: string): Promise<FollowState> {
    if (!(await this.existing([userId])).has(userId)) throw notFound('No such user');
    return this.state(callerId, userId);
  }

  /** `callerId` follows `userId` (again: nothing changes). The user is told of a new follower. */
  async follow(callerId: string, userId: string): Promise<FollowState> {
    if (callerId === userId) throw new AppError('SELF_FOLLOW', selfFollowMessage);
    const found = await this.existing([callerId, userId]);
    if (!found.has(userId)) throw notFound('No such user');
    if (!found.has(callerId)) throw notFound('No user record yet: create it with POST /api/userService/user');
    const inserted = await this.db
      .insert(follows)
      .values({ id: uuidv7(), followerId: callerId, targetKind: 'user', followedUserId: userId })
      .onConflictDoNothing()
      .returning({ id: follows.id });
    if (inserted.length > 0 && !(await this.toldAlready(callerId, userId)))
      await this.options.notifications?.notify(userId, 'newFollower', {
        actorId: callerId,
        link: profilePath(callerId),
        params: { name: found.get(callerId)!.name },
      });
    return this.state(callerId, userId);
  }

  /**
   * The user still has an unread 'newFollower' of this follower: following again after an
   * unfollow does not tell them twice.
   */
  private async toldAlready(followerId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.actorId, followerId),
          eq(notifications.kind, 'newFollower'),
          isNull(notifications.readAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** `callerId` no longer follows `userId` (if they did). */
  async unfollow(callerId: string, userId: string): Promise<FollowState> {
    if (callerId === userId) throw new AppError('SELF_FOLLOW', selfFollowMessage);
    if (!(await this.existing([userId])).has(userId)) throw notFound('No such user');
    await this.db.delete(follows).where(followsUser(callerId, userId));
    return this.state(callerId, userId);
  }

  /** The users who follow `userId` (newest follow first), as member cards for `callerId`. */
  async followers(userId: string, callerId: string | null, cp: number, ipp: number): Promise<MemberPage> {
    return this.page(userId, 'followers', callerId, cp, ipp);
  }

  /** The users `userId` follows (newest follow first), as member cards for `callerId`. */
  async following(userId: string, callerId: string | null, cp: number, ipp: number): Promise<MemberPage> {
    return this.page(userId, 'following', callerId, cp, ipp);
  }

  private async page(
    userId: string,
    side: 'followers' | 'following',
    callerId: string | null,
    cp: number,
    ipp: number,
  ): Promise<MemberPage> {
    if (!(await this.existing([userId])).has(userId)) throw notFound('No such user');
    const where =
      side === 'followers'
        ? eq(follows.followedUserId, userId)
        : and(eq(follows.followerId, userId), eq(follows.targetKind, 'user'));
    const member = side === 'followers' ? follows.followerId : follows.followedUserId;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          userId: users.id,
          name: users.name,
          username: users.username,
          pictureId: users.profilePictureId,
        })
        .from(follows)
        .innerJoin(users, eq(users.id, member))
        .where(where)
        .orderBy(desc(follows.createdAt), desc(follows.id))
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ total: count() }).from(follows).where(where),
    ]);
    const followed = await this.followedBy(
      callerId,
      rows.map((r) => r.userId),
    );
    const items: MemberCard[] = rows.map((r) => ({
      userId: r.userId,
      name: r.name,
      username: r.username,
      profilePicture: r.pictureId ? fileUrl(r.pictureId) : null,
      following: followed.has(r.userId),
    }));
    return { items, cp, ipp, total: Number(total) };
  }

  /** Which of `ids` the caller follows. */
  private async followedBy(callerId: string | null, ids: string[]): Promise<Set<string>> {
    if (!callerId || ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: follows.followedUserId })
      .from(follows)
      .where(and(eq(follows.followerId, callerId), inArray(follows.followedUserId, ids)));
    return new Set(rows.map((r) => r.id!));
  }
}
