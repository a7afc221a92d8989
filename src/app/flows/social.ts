import { type AnyActorRef, fromCallback, fromPromise } from 'xstate';
import {
  type DirectMessage,
  type DirectMessageGroup,
  directMessageHubPath,
} from '../../../contracts/directMessages';
import { type DirectMessagesEvent, directMessagesMachine } from '../../machines/directMessagesMachine';
import {
  type HubConnectionEvent,
  hubConnectionMachine,
  type HubConnectionSnapshot,
  type HubMessage,
} from '../../machines/hubConnectionMachine';
import { directMessagesApi } from '../../services/directMessages';
import { hubConnection } from '../../services/notificationHub';
import { followFlow } from './followFlow';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import type { NotificationPush } from '../../../contracts/notifications';
import { type NotificationBellEvent, notificationBellMachine } from '../../machines/notificationBellMachine';
import { notificationSettingsMachine } from '../../machines/notificationSettingsMachine';
import { groupFormMachine } from '../../machines/groupFormMachine';
import { groupMachine } from '../../machines/groupMachine';
import { groupsApi } from '../../services/groups';
import { socialApi } from '../../services/social';
import { hubMessages, signedInUser } from '../relays';
import type { AppServices } from '../services';

/** Which members a profile's Connections list: the user's followers, or the users they follow. */
export interface ConnectionsParams {
  userId: string;
  side: 'followers' | 'following';
}

/**
 * Which groups a list shows: a profile's Connections › Groups (the user's, or the signed-in
 * user's invitations), or a district's Groups page (`side` 'district': its groups; 'invitations'
 * with `districtId`: the signed-in user's invitations to them).
 */
export type GroupListParams =
  | { userId: string; side: 'groups' | 'invitations' }
  | { districtId: string; side: 'district' | 'invitations' };

/** The message of a refused call, as the server said it (or a general one). */
const problemText = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message && (error as { status?: unknown }).status
    ? { message, literal: true }
    : { message: 'groups.failed' };
};

/**
 * Follows (buttons and Connections lists), groups (Connections › Groups, a group's dialog and form)
 * and notifications (the header's bell and its settings).
 */
export default function socialFlows({ api, toasts, navigate }: AppServices) {
  const social = socialApi(api);
  const groups = groupsApi(api);
  const dms = directMessagesApi(api);
  // One direct-message-group connection for this tab.
  const dmHub = hubConnection(api, directMessageHubPath, [
    'NewDirectMessageGroup',
    'NewDirectMessageGroupMessage',
  ]);
  return {
    /** Follow / Unfollow of one user (input FollowInput). */
    follow: followFlow(social, toasts),
    /** A profile's Connections › Followers or Following (params: ConnectionsParams). */
    connections: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { userId, side, cp, ipp } = input as unknown as ConnectionsParams & InfiniteListBody;
          return (await social.members(userId, side, { cp, ipp }, signal)).items;
        }),
      },
    }),
    /** A list of groups (params: GroupListParams): a profile's, a district's, or invitations. */
    groupList: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { cp, ipp } = input;
          const params = input as unknown as { userId?: string; districtId?: string; side: string };
          const page =
            params.side === 'invitations'
              ? await groups.invitations({ cp, ipp, districtId: params.districtId }, signal)
              : params.side === 'district' && params.districtId
                ? await groups.ofDistrict(params.districtId, { cp, ipp }, signal)
                : await groups.ofUser(params.userId ?? '', { cp, ipp }, signal);
          return page.items;
        }),
      },
    }),
    /** Who is in a group (params: { groupId }). */
    groupMembers: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { groupId, cp, ipp } = input as unknown as { groupId: string } & InfiniteListBody;
          return (await groups.members(groupId, { cp, ipp }, signal)).items;
        }),
      },
    }),
    /** One group as the signed-in user sees it (input GroupInput). */
    group: groupMachine.provide({
      actors: {
        load: fromPromise(({ input, signal }) => groups.get(input.groupId, signal)),
        respond: fromPromise(({ input, signal }) => groups.respond(input.groupId, input.accept, signal)),
        invite: fromPromise(({ input, signal }) => groups.invite(input.groupId, input.userIds, signal)),
        removeMember: fromPromise(({ input, signal }) =>
          groups.removeMember(input.groupId, input.userId, signal),
        ),
        leave: fromPromise(async ({ input, system, signal }) => {
          const me = signedInUser(system);
          if (!me) throw new Error('Sign in to leave a group');
          await groups.removeMember(input.groupId, me.userId, signal);
        }),
        remove: fromPromise(({ input, signal }) => groups.remove(input.groupId, signal)),
      },
      actions: {
        announce: (_, { message, values }) =>
          toasts({ type: 'toast.show', severity: 'success', message, ...(values ? { params: values } : {}) }),
        announceFailed: (_, { error }) =>
          toasts({ type: 'toast.show', severity: 'error', ...problemText(error) }),
      },
    }),
    /** Making or changing a group, one's own or a district's (input GroupFormInput). */
    groupForm: groupFormMachine.provide({
      actors: {
        save: fromPromise(({ input, signal }) =>
          input.groupId
            ? groups.update(input.groupId, input.values, signal)
            : groups.create(input.values, signal, input.districtId ?? undefined),
        ),
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
    /**
     * The header's Messages (direct messages): the conversations over REST, news through the
     * direct-message-group hub, whose connection lives as long as the flow (signed-in users only).
     */
    directMessages: directMessagesMachine.provide({
      actors: {
        hub: hubConnectionMachine.provide({
          actors: {
            ...dmHub.actors,
            signInWatch: fromCallback<HubConnectionEvent>(({ sendBack }) => {
              sendBack({ type: 'hub.start' });
              return () => void dmHub.close();
            }),
          },
        }),
        hubWatch: fromCallback<DirectMessagesEvent>(({ system, sendBack }) => {
          const hub = system.get('directMessageHub') as AnyActorRef | undefined;
          if (!hub) return () => {};
          let connected = false;
          let dropped = false;
          const states = hub.subscribe((snapshot: HubConnectionSnapshot) => {
            const now = snapshot.matches('connected');
            if (!now && connected) dropped = true;
            // Back after a drop: what was written meanwhile is read again.
            if (now && !connected && dropped) sendBack({ type: 'dm.resync' });
            connected = now;
          });
          const messages = hub.on('hub.received', (message: HubMessage) => {
            const payload = message.args[0];
            if (!payload || typeof payload !== 'object') return;
            if (message.target === 'NewDirectMessageGroupMessage')
              sendBack({ type: 'dm.received', message: payload as DirectMessage });
            if (message.target === 'NewDirectMessageGroup')
              sendBack({ type: 'dm.groupReceived', group: payload as DirectMessageGroup });
          });
          return () => {
            states.unsubscribe();
            messages.unsubscribe();
          };
        }),
        loadGroups: fromPromise(({ signal }) => dms.groups(signal)),
        startGroup: fromPromise(({ input, signal }) => dms.start([input.userId], signal)),
        loadMessages: fromPromise(({ input, signal }) => dms.messages(input.groupId, input.before, signal)),
        sendMessage: fromPromise(({ input, signal }) =>
          dms.send(input.groupId, input.text, input.clientId, signal),
        ),
      },
      actions: {
        // Best effort: the next list shows what the server kept.
        markRead: (_, { groupId }) => void dms.markRead(groupId).catch(() => undefined),
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
