import type { KyInstance } from 'ky';
import type { FollowState, MemberPage } from '../../contracts/follows';
import type {
  NotificationPage,
  NotificationSettings,
  NotificationSettingsPatch,
  UnreadAnswer,
} from '../../contracts/notifications';
import { call } from './scenes';

const id = (value: string) => encodeURIComponent(value);

/**
 * Calls to the social service's follows and notifications (/api/socialService). Failures throw an
 * `ApiProblem` (src/services/scenes.ts).
 */
export const socialApi = (api: KyInstance) => ({
  /** Whether the caller follows the user, and the user's follower count. */
  followState: (userId: string, signal?: AbortSignal) =>
    call(() => api.get(`socialService/follows/users/${id(userId)}`, { signal }).json<FollowState>()),
  /** Follows (`follow` true) or unfollows the user. */
  setFollow: (userId: string, follow: boolean, signal?: AbortSignal) =>
    call(() =>
      (follow ? api.put : api.delete)(`socialService/follows/users/${id(userId)}`, {
        signal,
        retry: 0,
      }).json<FollowState>(),
    ),
  /** A page of a user's followers or of the users they follow. */
  members: (
    userId: string,
    side: 'followers' | 'following',
    page: { cp: number; ipp: number },
    signal?: AbortSignal,
  ) =>
    call(() =>
      api.get(`socialService/users/${id(userId)}/${side}`, { searchParams: page, signal }).json<MemberPage>(),
    ),
  notifications: (page: { cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api.get('socialService/notifications', { searchParams: page, signal }).json<NotificationPage>(),
    ),
  markRead: (notificationId: string, signal?: AbortSignal) =>
    call(() =>
      api.post(`socialService/notifications/${id(notificationId)}/read`, { signal }).json<UnreadAnswer>(),
    ),
  markAllRead: (signal?: AbortSignal) =>
    call(() => api.post('socialService/notifications/readAll', { signal }).json<UnreadAnswer>()),
  notificationSettings: (signal?: AbortSignal) =>
    call(() => api.get('socialService/notifications/settings', { signal }).json<NotificationSettings>()),
  saveNotificationSettings: (patch: NotificationSettingsPatch, signal?: AbortSignal) =>
    call(() =>
      api
        .patch('socialService/notifications/settings', { json: patch, signal, retry: 0 })
        .json<NotificationSettings>(),
    ),
});
