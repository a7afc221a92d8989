import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileUrl } from '../../../contracts/files';
import {
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type NotificationPush,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type NotifyData,
  notificationKinds,
} from '../../../contracts/notifications';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { notifications, notificationSettings, users } from '../../db/schema';
import { notFound } from '../../errors';

/** Sends a pushed notification to every open connection of a user (the notification hub). */
export type PushNotification = (userId: string, payload: NotificationPush) => Promise<void>;

export interface NotificationServiceOptions {
  db: Database;
  /** The hub's push, when the app has one. */
  push?: PushNotification;
  log?: FastifyBaseLogger;
}

const allOn: NotificationSettings = {
  newFollower: true,
  comment: true,
  reply: true,
  groupInvitation: true,
  districtRequest: true,
};

type Row = typeof notifications.$inferSelect;
interface ActorRow {
  actorName: string | null;
  actorUsername: string | null;
  actorPictureId: string | null;
}

const actorColumns = {
  actorName: users.name,
  actorUsername: users.username,
  actorPictureId: users.profilePictureId,
};

function itemOf(row: Row & ActorRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    actor:
      row.actorId && row.actorName !== null
        ? {
            userId: row.actorId,
            name: row.actorName,
            username: row.actorUsername,
            profilePicture: row.actorPictureId ? fileUrl(row.actorPictureId) : null,
          }
        : null,
    link: row.link,
    params: row.params,
    createdAt: new Date(row.createdAt).toISOString(),
    readAt: row.readAt ? new Date(row.readAt).toISOString() : null,
  };
}

/**
 * The notifications of every user (platform.md §7.6): what the features tell people (`notify`),
 * stored so that someone offline sees it later and pushed at once to whoever is online, as the
 * notification hub's `Notification`. Each user may turn each kind off.
 */
export class NotificationService {
  constructor(private readonly options: NotificationServiceOptions) {}

  private get db() {
    return this.options.db;
  }

  /**
   * Tells `userId` of something of `kind` (new follower, comment on their space, reply to their
   * comment, group invitation): stored and pushed live, unless the user turned that kind off or
   * is the one who did it. Never fails its caller: a problem is logged and answers null. Answers
   * the stored notification.
   */
  async notify(userId: string, kind: NotificationKind, data: NotifyData): Promise<NotificationItem | null> {
    if (!notificationKinds.includes(kind)) throw new Error(`Unknown notification kind '${kind}'`);
    if (data.actorId && data.actorId === userId) return null;
    try {
      const settings = await this.settings(userId);
      if (!settings[kind]) return null;
      const [row] = await this.db
        .insert(notifications)
        .values({
          id: uuidv7(),
          userId,
          kind,
          actorId: data.actorId ?? null,
          link: data.link,
          params: data.params ?? {},
        })
        .returning();
      const noActor: ActorRow = { actorName: null, actorUsername: null, actorPictureId: null };
      const [actor = noActor] = row.actorId
        ? await this.db.select(actorColumns).from(users).where(eq(users.id, row.actorId))
        : [];
      const item = itemOf({ ...row, ...actor });
      await this.push(userId, { ...item, unread: await this.unread(userId) });
      return item;
    } catch (error) {
      this.options.log?.error({ err: error, kind }, 'notification not stored');
      return null;
    }
  }

  private async push(userId: string, payload: NotificationPush) {
    try {
      await this.options.push?.(userId, payload);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'notification push failed');
    }
  }

  /**
   * Brings users who may have missed pushes (the hubs' backplane was down) up to date: each one
   * with unread notifications gets the newest again, with the unread count as it is now.
   */
  async catchUp(userIds: string[]): Promise<void> {
    for (const userId of userIds) {
      const { items, unread } = await this.list(userId, 0, 1);
      if (unread > 0 && items[0] && !items[0].readAt) await this.push(userId, { ...items[0], unread });
    }
  }

  /** How many of the user's notifications are unread. */
  async unread(userId: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(n);
  }

  /** A page of the user's notifications, newest first, with the unread count. */
  async list(userId: string, cp: number, ipp: number): Promise<NotificationPage> {
    const mine = eq(notifications.userId, userId);
    const [rows, [{ total }], unread] = await Promise.all([
      this.db
        .select({ ...getTableColumns(notifications), ...actorColumns })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(mine)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ total: count() }).from(notifications).where(mine),
      this.unread(userId),
    ]);
    return { items: rows.map(itemOf), cp, ipp, total: Number(total), unread };
  }

  /** Marks one of the user's notifications read; answers the unread count left. */
  async markRead(userId: string, id: string): Promise<number> {
    const [found] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (!found) throw notFound('No such notification of yours');
    return this.unread(userId);
  }

  /** Marks every notification of the user read. */
  async markAllRead(userId: string): Promise<number> {
    await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return this.unread(userId);
  }

  /** Which kinds the user receives (all until they turn one off). */
  async settings(userId: string): Promise<NotificationSettings> {
    const [row] = await this.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    if (!row) return { ...allOn };
    return {
      newFollower: row.newFollower,
      comment: row.comment,
      reply: row.reply,
      groupInvitation: row.groupInvitation,
      districtRequest: row.districtRequest,
    };
  }

  /** Turns kinds on or off; answers all the settings. */
  async updateSettings(userId: string, patch: NotificationSettingsPatch): Promise<NotificationSettings> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('No user record yet: create it with POST /api/userService/user');
    await this.db
      .insert(notificationSettings)
      .values({ userId, ...allOn, ...patch })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { ...patch, updatedAt: sql`now()` },
      });
    return this.settings(userId);
  }
}
