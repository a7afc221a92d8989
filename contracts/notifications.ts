import { z } from 'zod';

/**
 * Notifications (platform.md §7.6 'Notification'): stored per user, listed newest first with the
 * unread count, pushed live on the notification hub as `Notification`. Under /api/socialService.
 */

export const notificationKinds = [
  'newFollower',
  'comment',
  'reply',
  'groupInvitation',
  'districtRequest',
] as const;
export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The hub event a new notification is pushed as. */
export const notificationHubTarget = 'Notification';

const isoTime = z.iso.datetime({ offset: true });

/** Who did what a notification tells of. */
export const NotificationActor = z
  .object({
    userId: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    profilePicture: z.string().nullable(),
  })
  .meta({ id: 'NotificationActor' });
export type NotificationActor = z.infer<typeof NotificationActor>;

export const NotificationItem = z
  .object({
    id: z.string(),
    kind: NotificationKind,
    actor: NotificationActor.nullable(),
    /**
     * The app's path of the place it happened (a profile, a space, a comment, a group), or the
     * full address of a page on a district's host.
     */
    link: z.string(),
    /** Words that fill the kind's text (a space's title, a group's name…). */
    params: z.record(z.string(), z.string()),
    createdAt: isoTime,
    readAt: isoTime.nullable(),
  })
  .meta({ id: 'NotificationItem' });
export type NotificationItem = z.infer<typeof NotificationItem>;

/** What the hub pushes as `Notification`: the new notification and the user's unread count now. */
export const NotificationPush = NotificationItem.extend({
  unread: z.number().int().nonnegative(),
}).meta({ id: 'NotificationPush' });
export type NotificationPush = z.infer<typeof NotificationPush>;

export const notificationPageMaxIpp = 50;

export const NotificationPageQuery = z.object({
  cp: z.coerce.number().int().min(0).max(100_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(notificationPageMaxIpp).default(20).describe('Items per page'),
});
export type NotificationPageQuery = z.input<typeof NotificationPageQuery>;

export const NotificationPage = z
  .object({
    items: z.array(NotificationItem),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
    unread: z.number().int().nonnegative().describe('All unread notifications of the caller'),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NotificationIdParams = z.object({ id: z.string().min(1).max(64).describe('Notification id') });

export const UnreadAnswer = z
  .object({ unread: z.number().int().nonnegative().describe('Unread notifications left') })
  .meta({ id: 'UnreadAnswer' });
export type UnreadAnswer = z.infer<typeof UnreadAnswer>;

/** Which kinds the user receives: a kind turned off is neither stored nor pushed. */
export const NotificationSettings = z
  .object({
    newFollower: z.boolean(),
    comment: z.boolean(),
    reply: z.boolean(),
    groupInvitation: z.boolean(),
    districtRequest: z
      .boolean()
      .describe("A district's hosting or promotion request: asked (Owners), answered (its member)"),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationSettingsPatch = NotificationSettings.partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Name at least one kind to turn on or off')
  .meta({ id: 'NotificationSettingsPatch' });
export type NotificationSettingsPatch = z.infer<typeof NotificationSettingsPatch>;

/** What a feature gives `notify`: who did it, where, and the words of its text. */
export interface NotifyData {
  /** The user who did it; nobody is told of what they did themselves. */
  actorId?: string | null;
  /** The app's path of its place, e.g. /viewer/{sceneId}; or a district host's address. */
  link: string;
  params?: Record<string, string>;
}
