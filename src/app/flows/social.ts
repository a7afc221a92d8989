import { fromPromise } from 'xstate';
import { type FollowFacts, type FollowInput, followMachine } from '../../machines/followMachine';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import type { NotificationPush } from '../../../contracts/notifications';
import { type NotificationBellEvent, notificationBellMachine } from '../../machines/notificationBellMachine';
import { notificationSettingsMachine } from '../../machines/notificationSettingsMachine';
import { socialApi } from '../../services/social';
import { hubMessages, signedInUser } from '../relays';
import type { AppServices } from '../services';

/** Which members a profile's Connections list: the user's followers, or the users they follow. */
export interface ConnectionsParams {
  userId: string;
  side: 'followers' | 'following';
}

/** Follows (buttons and Connections lists) and notifications (the header's bell and its settings). */
export default function socialFlows({ api, toasts, navigate }: AppServices) {
  const social = socialApi(api);
  return {
    /** Follow / Unfollow of one user (input FollowInput). */
    follow: followMachine.provide({
      actors: {
        load: fromPromise<FollowFacts, FollowInput>(async ({ input, system, signal }) => {
          if (!signedInUser(system)) return { signedIn: false, following: false, numOfFollowers: null };
          // A member card knows whether the signed-in user follows the member.
          if (input.following !== undefined)
            return { signedIn: true, following: input.following, numOfFollowers: null };
          const state = await social.followState(input.userId, signal);
          return { signedIn: true, following: state.following, numOfFollowers: state.numOfFollowers };
        }),
        setFollow: fromPromise(async ({ input, signal }) => {
          const state = await social.setFollow(input.userId, input.follow, signal);
          return { following: state.following, numOfFollowers: state.numOfFollowers };
        }),
      },
      actions: {
        askSignIn: ({ system }) =>
          system.get('session')?.send({
            type: 'session.signIn',
            returnTo: `${window.location.pathname}${window.location.search}`,
          }),
        announceFailed: () => toasts({ type: 'toast.show', severity: 'error', message: 'follows.failed' }),
      },
    }),
    /** A profile's Connections › Followers or Following (params: ConnectionsParams). */
    connections: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { userId, side, cp, ipp } = input as unknown as ConnectionsParams & InfiniteListBody;
          return (await social.members(userId, side, { cp, ipp }, signal)).items;
        }),
      },
    }),
    /** The header's bell. */
    notificationBell: notificationBellMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input, signal }) => social.notifications(input, signal)),
        // Marks are best effort: the next list shows what the server kept.
        markRead: fromPromise<unknown, { id: string }>(({ input }) =>
          social.markRead(input.id).catch(() => null),
        ),
        markAllRead: fromPromise<unknown>(() => social.markAllRead().catch(() => null)),
        hubWatch: hubMessages<NotificationBellEvent>('Notification', (payload) =>
          payload && typeof payload === 'object' && 'id' in payload && 'kind' in payload
            ? { type: 'bell.received', notification: payload as NotificationPush }
            : null,
        ),
      },
      actions: {
        open: (_, { link }) => navigate(link),
      },
    }),
    /** Settings › Notifications. */
    notificationSettings: notificationSettingsMachine.provide({
      actors: {
        load: fromPromise(({ signal }) => social.notificationSettings(signal)),
        save: fromPromise(({ input, signal }) => social.saveNotificationSettings(input, signal)),
      },
      actions: {
        announceFailed: () =>
          toasts({ type: 'toast.show', severity: 'error', message: 'notifications.settings.failed' }),
      },
    }),
  };
}
